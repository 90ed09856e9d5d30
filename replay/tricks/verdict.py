"""How a hand ends up: redeals judged, the outcome decided, the ``Result`` tag checked (§7, §8)."""

from __future__ import annotations

from recorder.cards import CallKind
from recorder.model import Node, Tag
from replay.tricks.outcome import Outcome
from replay.tricks.redeal import RedealFacts
from replay.tricks.run import HandRun


def judge_redeal(run: HandRun) -> None:
    """A ``redeal`` line must have its reason; a condition that held in a played hand was missed."""
    hand = run.hand
    facts = RedealFacts(
        knowledge=run.knowledge,
        players=run.players,
        first_speaker=run.first,
        caller=run.caller,
        trump_suit=run.trump_suit,
        calls_recorded=bool(run.calls),
        legal_call=run.call is not None,
    )
    line = hand.redeal
    game = run.rules.name
    if line is not None:
        rule = run.rules.redeal_rule(line.reason)
        if rule is None:
            run.report.add(
                "unjustified-redeal",
                None,
                None,
                line,
                f"the hand was thrown in for '{line.reason}', which is no redeal in {game}",
            )
        else:
            verdict = rule.condition(facts)
            if verdict.held is False:
                run.report.add(
                    "unjustified-redeal",
                    None,
                    verdict.seat,
                    line,
                    f"{verdict.why}, yet the hand was thrown in for '{line.reason}'",
                )
        run.finish("thrown-in", "redeal")
        run.step("redeal", None, None, f"redeal {line.reason}", line)
        return
    played = bool(hand.tricks)
    if run.calls and run.call is None:
        if played:
            run.report.add(
                "missed-redeal",
                None,
                None,
                hand.bidding,
                f"no call stood in the calling, so the hand is thrown in "
                f"({run.rules.no_call_reason}), yet it was played",
            )
        run.finish("thrown-in", "redeal")
        return
    if not played:
        return
    for rule in run.rules.redeals:
        if not rule.missable or rule.reason == run.rules.no_call_reason:
            continue
        verdict = rule.condition(facts)
        if verdict.held:
            node: Node | None = hand.tricks[0]
            if verdict.seat is not None:
                node = run.knowledge.deal_lines[verdict.seat] or node
            run.report.add(
                "missed-redeal",
                None,
                verdict.seat,
                node,
                f"{verdict.why}: the hand should have been thrown in ({rule.reason})",
            )
            if rule.reason == run.rules.void_when_missed:
                run.void = True


def conclude(run: HandRun) -> tuple[Outcome, int | None]:
    """The outcome and the callers' points; reports ``unfinished-hand`` and ``result-mismatch``."""
    callers = run.caller_team
    points: int | None = run.points[callers] if callers is not None and run.points_exact else None
    if run.ended_by == "thrown-in":
        return _checked(run, "redeal", None)
    if run.void:
        return _checked(run, "void", points)
    if run.decided_outcome is not None:
        return _checked(run, run.decided_outcome, points)
    target = run.target()
    if run.ended_by == "last-round":
        if callers is None or target is None:
            return _from_tag(run), points
        if run.special is not None:
            return _checked(run, "made", points)
        if _marukott(run, callers):
            run.special = "marukott"
            return _checked(run, "lost", points)
        if points is None:
            return _from_tag(run), points
        return _checked(run, "made" if points >= target else "lost", points)
    if run.star:
        if (
            run.special is None
            and points is not None
            and target is not None
            and callers is not None
        ):
            left = run.total_points() - run.points[0] - run.points[1]
            if points >= target:
                return _checked(run, "made", points)
            if points + left < target:
                return _checked(run, "lost", points)
        return _from_tag(run), points
    _unfinished(run)
    return "unfinished", points


def _marukott(run: HandRun, callers: int) -> bool:
    calls = run.rules.undertakings.kot_calls
    call = run.call
    return (
        run.rules.undertakings.marukott
        and calls is not None
        and call is not None
        and call.kind is CallKind.NUMBER
        and call.value in calls
        and run.tricks_won[callers] == 0
        and run.tricks_won[1 - callers] == run.hand_size
    )


def _result_words(tag: Tag | None) -> tuple[str, int | None] | None:
    """The outcome word and the points a ``Result`` tag says, ``None`` when it says neither."""
    if tag is None:
        return None
    words = tag.value.split()
    if not words or words[0].lower() not in ("made", "lost", "redeal", "void"):
        return None
    number = int(words[1]) if len(words) > 1 and words[1].isdigit() else None
    return words[0].lower(), number


def _from_tag(run: HandRun) -> Outcome:
    """The outcome a ``Result`` tag gives, for a hand the record leaves open; else unfinished."""
    said = _result_words(run.hand.tag("Result"))
    if said is None:
        return "unfinished"
    word = said[0]
    return "made" if word == "made" else "lost" if word == "lost" else "redeal"


def _checked(run: HandRun, outcome: Outcome, points: int | None) -> tuple[Outcome, int | None]:
    """Compare the replay's outcome with the ``Result`` tag (``result-mismatch``)."""
    tag = run.hand.tag("Result")
    said = _result_words(tag)
    if said is None or tag is None:
        return outcome, points
    word, number = said
    same = word == outcome or (word == "redeal" and outcome == "void")
    plain = run.special is None and run.ended_by != "answer"
    if same and number is not None and points is not None and plain and number != points:
        same = False
    if not same:
        got = (
            f"{outcome} {points}" if points is not None and outcome in ("made", "lost") else outcome
        )
        run.report.add(
            "result-mismatch",
            None,
            None,
            tag,
            f"the Result tag says '{tag.value}' but the record gives {got}",
        )
    return outcome, points


def _unfinished(run: HandRun) -> None:
    hand = run.hand
    node: Node = hand.tricks[-1] if hand.tricks else hand.bidding or hand
    done = len(run.tricks)
    where = f"after trick {done}" if done else "before the play"
    run.report.add(
        "unfinished-hand", None, None, node, f"the record stops {where}, before the hand ended"
    )
