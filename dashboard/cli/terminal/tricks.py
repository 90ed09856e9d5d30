"""Plain-text renderings for the terminal: a session's score, a hand trick by trick, analysis.

Pure functions from the engine's results to text, so the command stays thin and testable.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from dashboard.views.text import named_trump_label
from dashboard.views.tricks.moment import findings_by_step
from dashboard.views.tricks.sight import shown_findings
from dashboard.views.tricks.undertakings import awarded_words, outcome_words, undertakings_text
from recorder.model import Record
from replay.tricks import Finding, HandReplay, Play, Step, TrickSummary
from replay.tricks.outcome import UNDERTAKING_NAMES
from replay.tricks.scoring import ScoreLine, SessionScore


def _who(record: Record, seat: int | None) -> str:
    return "nobody" if seat is None else f"{record.player(seat)} (seat {seat})"


def _table(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows of cells as aligned columns; the first row is the header."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [aligned(row, widths) for row in rows]


def _standing(line: ScoreLine) -> str:
    parts = []
    for counter in line.counters:
        values = line.counter(counter)
        parts.append(f"{counter} " + " ".join(f"{team} {value}" for team, value in values.items()))
    return "; ".join(parts)


def _outcome_cell(record: Record, line: ScoreLine) -> str:
    """The outcome that counted, with the undertaking and who said it, and an award after a
    revoke: ``made with a Kott: Kott kept (Kott said by Biju (seat 2) in trick 1: kept)``."""
    result = line.result
    text = outcome_words(result) if line.outcome == result.outcome else line.outcome
    said = undertakings_text(result, lambda seat: _who(record, seat))
    if said:
        text += f" ({said})"
    return text + awarded_words(line)


def render_score(record: Record, score: SessionScore) -> str:
    """Each hand's call, points and outcome, and the running score after it."""
    rows = [SCORE_HEADER, *(score_row(record, line) for line in score.lines)]
    return "\n".join([score_title(record), "", *_table(rows), "", score_final(score.final)])


SCORE_HEADER = ["hand", "dealer", "caller", "call", "trump", "points", "outcome", "score"]
"""The score sheet's column heads (``render_score``)."""


def score_title(record: Record) -> str:
    """The score sheet's first line: the game and the players."""
    return f"Game {record.game}: {', '.join(record.players)}"


def score_row(record: Record, line: ScoreLine) -> list[str]:
    """A hand's row of the score sheet, cell by cell."""
    result = line.result
    points = "-" if result.callers_points is None else str(result.callers_points)
    if result.target is not None and result.callers_points is not None:
        points += f"/{result.target}"
    return [
        str(result.hand),
        record.player(result.dealer),
        record.player(result.caller) if result.caller else "-",
        (result.call.token if result.call else "-")
        + (f" {UNDERTAKING_NAMES[result.special]}" if result.special else ""),
        result.trump.value if result.trump else "-",
        points,
        _outcome_cell(record, line),
        _standing(line),
    ]


def score_final(final: dict[str, dict[str, int]]) -> str:
    """The score sheet's last line: every counter after the last hand."""
    text = "; ".join(
        f"{counter} " + ", ".join(f"{team} {value}" for team, value in values.items())
        for counter, values in final.items()
    )
    return f"final: {text}"


def aligned(row: Sequence[str], widths: Sequence[int]) -> str:
    """One row of ``_table``'s aligned columns, given every column's width."""
    return "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()


def _finding_lines(findings: Iterable[Finding]) -> list[str]:
    return [f"    {f.severity} {f.code}: {f.message}" for f in findings]


def _trick_line(
    record: Record, trick: TrickSummary, show_trumps: bool, said: dict[int, list[str]]
) -> str:
    def shown(play: Play) -> str:
        code = play.card.code if play.card else "-"
        words = "".join(f"{token} " for token in said.get(play.seat, []))
        return f"{play.seat}:{words}{code}{'*' if play.trump and show_trumps else ''}"

    plays = " ".join(shown(play) for play in trick.plays)
    played = {play.seat for play in trick.plays}
    plays += "".join(
        f" {seat}:{' '.join(tokens)}" for seat, tokens in said.items() if seat not in played
    )
    if trick.winner is None:
        return f"{trick.number:>2}. {plays}"
    points = "?" if trick.points is None else str(trick.points)
    return f"{trick.number:>2}. {plays}  → {_who(record, trick.winner)} wins {points}"


def _said(steps: Iterable[Step]) -> dict[int, list[str]]:
    """What each seat said in a trick before its card: ``ask``, ``jodi``, ``kot?=no``."""
    said: dict[int, list[str]] = {}
    for step in steps:
        if step.event.kind == "action" and step.event.seat is not None:
            said.setdefault(step.event.seat, []).append(step.event.token)
    return said


def _said_after(steps: Sequence[Step], tricks: int) -> dict[int, dict[int, list[str]]]:
    """Turns with no card after the last trick with one (``3:kot?=no``), by trick."""
    later: dict[int, list[Step]] = {}
    for step in steps:
        if step.event.kind == "action" and (step.event.trick or 0) > tricks:
            later.setdefault(step.event.trick or 0, []).append(step)
    return {number: _said(found) for number, found in later.items()}


def _reveal_line(record: Record, step: Step, seat: int | None) -> str | None:
    """A line for an ask or show that turned the trump up, as the viewer could see it."""
    state = step.state if seat is None else step.state.view(seat)
    if step.event.kind != "action" or step.event.token not in ("ask", "show"):
        return None
    if not state.revealed or state.revealed_in != step.event.trick:
        return None
    card = state.face_down.code if state.face_down else (state.trump.value if state.trump else "?")
    return f"    {_who(record, step.event.seat)} {step.event.token}s: the trump is {card}"


def _own_cards(steps: Sequence[Step], seat: int) -> tuple[str, str]:
    """The seat's cards as first dealt (29: the four of the calling) and those dealt after."""
    first = steps[0].state.view(seat).hands[seat - 1]
    dealt = next((s.state for s in steps if s.state.holding is None), steps[-1].state)
    later = [card for card in dealt.view(seat).hands[seat - 1] if card not in first]
    later += [card for card in dealt.played[seat - 1] if card not in first and card not in later]
    gone = next((s for s in steps if s.state.holding is None), None)
    return (
        " ".join(card.code for card in first),
        " ".join(card.code for card in later) if gone is not None and first else "",
    )


def _findings_at(hand: HandReplay, seat: int | None) -> dict[int, list[Finding]]:
    """The findings the viewer knows, by the step from which he knows them: the referee at the
    step each arises, a seat from the step its proof is public to him (``sight``)."""
    placed: dict[int, list[Finding]] = {}
    if seat is None:
        for at in findings_by_step(hand):
            placed.setdefault(at.step, []).append(at.finding)
    else:
        for shown in shown_findings(hand, seat):
            placed.setdefault(shown.step, []).append(shown.finding)
    return placed


def render_replay(
    record: Record, hand: HandReplay, seat: int | None = None, line: ScoreLine | None = None
) -> str:
    """The hand trick by trick; with ``seat``, only what that seat could see at each moment: in
    29 his first four cards through the calling, the rest once the trump lies face down, each
    finding from the trick in which its proof is public to him."""
    steps = hand.steps or []
    result = hand.result
    teams = record.teams
    lines = [
        f"Hand {hand.number} — {record.game}, dealer {_who(record, hand.dealer)}",
        "seats: "
        + ", ".join(
            f"{s}:{record.player(s)} ({teams[(s + 1) % 2]})"
            for s in range(1, len(record.players) + 1)
        ),
    ]
    later = ""
    if seat is not None and steps:
        first, later = _own_cards(steps, seat)
        lines.append(f"as seen by {_who(record, seat)}: dealt {first or 'not recorded'}")
    calls = " ".join(f"{bid.seat}:{bid.call.token}" for bid in hand.hand.bids)
    if calls:
        lines.append(f"calling: {calls}")
    if result.caller is not None and result.call is not None:
        lines.append(f"called: {_who(record, result.caller)} {result.call.token}")
    sees_trump = seat is None or seat == result.caller
    if hand.hand.trump is not None and sees_trump:
        trump = hand.hand.trump
        shown = (
            trump.card.code if trump.card else f"?{trump.suit.value}" if trump.suit else "not seen"
        )
        named = bool(steps) and steps[-1].state.trump_named
        if named and trump.suit is not None:
            lines.append(named_trump_label(trump.suit))
        else:
            lines.append(f"face-down card: {shown}")
    if later:
        lines.append(f"then dealt {later}")
    known = _findings_at(hand, seat)
    first_play = next(
        (i for i, step in enumerate(steps) if step.event.trick is not None), len(steps)
    )
    last_of_trick: dict[int, int] = {}
    for index, step in enumerate(steps):
        if step.event.trick is not None:
            last_of_trick[step.event.trick] = index
    lines += _finding_lines(f for i in range(first_play) for f in known.get(i, []))
    done = first_play
    revealed = False
    for trick in hand.tricks:
        trick_steps = [s for s in steps if s.event.trick == trick.number]
        for step in trick_steps:
            reveal = _reveal_line(record, step, seat)
            if reveal:
                revealed = True
                lines.append(reveal)
        lines.append(_trick_line(record, trick, revealed or sees_trump, _said(trick_steps)))
        lines += [
            f"    {_who(record, step.event.seat)} declares the pair"
            for step in trick_steps
            if step.event.kind == "pair"
        ]
        upto = last_of_trick.get(trick.number, done - 1) + 1
        lines += _finding_lines(f for i in range(done, upto) for f in known.get(i, []))
        done = max(done, upto)
    lines += [
        f"{number:>2}. " + " ".join(f"{s}:{' '.join(tokens)}" for s, tokens in said.items())
        for number, said in _said_after(steps, len(hand.tricks)).items()
    ]
    lines += _finding_lines(f for i in range(done, len(steps)) for f in known.get(i, []))
    points = "unknown" if result.callers_points is None else str(result.callers_points)
    target = f" of {result.target}" if result.target is not None else ""
    lines.append(f"outcome: {outcome_words(result)}, callers' points {points}{target}")
    said = undertakings_text(result, lambda s: _who(record, s))
    if said:
        lines.append(f"undertakings: {said}")
    awarded = awarded_words(line)
    if awarded:
        lines.append(f"scored as {line.outcome if line else result.outcome}{awarded}")
    return "\n".join(lines)


def render_analysis(record: Record, analysis: dict[str, Any]) -> str:
    """The solver's judgement per hand: what each trump could make, and every costly card."""
    lines: list[str] = []
    for hand in analysis.get("hands", []):
        lines.append(f"Hand {hand['hand']}: value at start {hand.get('value_at_start', '-')}")
        if hand.get("reason"):
            lines.append(f"  not analysed: {hand['reason']}")
        trumps = hand.get("trumps") or {}
        if trumps:
            lines.append(
                "  with each trump the callers could force: "
                + ", ".join(
                    f"{suit} {value}"
                    if value is not None
                    else f"{suit} - (no card of it to put down)"
                    for suit, value in trumps.items()
                )
            )
        for card in hand.get("cards", []):
            if card["cost"]:
                label = f" ({card['label']})" if card.get("label") else ""
                better = ", ".join(card.get("best", []))
                lines.append(
                    f"  trick {card['trick']}: {_who(record, card['seat'])} played {card['card']}: "
                    f"cost {card['cost']}{label}; better {better}"
                )
    return "\n".join(lines) if lines else "no hands"
