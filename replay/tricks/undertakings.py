"""Special undertakings and the early end of a hand (RULES.md §6 and §7).

Jodi and ``jodi?`` (40), Kott and ``kot?`` (28), Thani (40, 28) with the 28 starting-suit rule,
the 29 pair, and the 40 Honours stop: after each trick, whether the hand has ended and how.
"""

from __future__ import annotations

from recorder.cards import CallKind
from recorder.model import Action, PairLine
from replay.tricks.deck import CARDS, RANK_COUNT
from replay.tricks.run import HandRun, TrickRecord


def after_trick(run: HandRun, trick: TrickRecord) -> None:
    """Credit the trick to its winner (when known) and end the hand if a rule says so."""
    if trick.winner is None:
        run.leader = None
        run.pending = trick if len(trick.plays) >= run.players else None
    else:
        _credit(run, trick, trick.winner)
    if not run.over and run.trick >= run.hand_size:
        run.finish("last-round")


def credit_unknown_winner(run: HandRun, leader: int) -> None:
    """The seat leading after a trick whose winner was unknown won that trick."""
    pending = run.pending
    run.pending = None
    run.leader = leader
    if pending is not None:
        pending.winner = leader
        _credit(run, pending, leader)


def _credit(run: HandRun, trick: TrickRecord, winner: int) -> None:
    team = run.team(winner)
    run.tricks_won[team] += 1
    run.leader = winner
    if trick.points is None:
        run.points_exact = False
    else:
        run.points[team] += trick.points
    if run.caller is None:
        return
    if team != run.caller_team:
        run.callers_lost_round = True
    else:
        run.others_lost_round = True
    thani_lost = run.special == "thani" and winner != run.caller
    if thani_lost or (run.special in ("jodi", "kot") and run.callers_lost_round):
        run.finish("lost", "lost")
    elif run.special == "thani" and run.rules.undertakings.thani_starting_suit:
        _starting_suit(run, trick)
    callers = run.caller_team
    target = run.target()
    if run.over or callers is None or target is None or not run.points_exact:
        return
    if run.rules.stops_when_decided(run.call):
        if run.points[callers] >= target:
            run.finish("decided", "made")
        elif run.points[1 - callers] > run.total_points() - target:
            run.finish("decided", "lost")


def _starting_suit(run: HandRun, trick: TrickRecord) -> None:
    """28 Thani: lost when the caller plays his last card of the suit he led first while another
    player still holds one after that round."""
    suit, caller = run.start_suit, run.caller
    if suit is None or caller is None:
        return
    mine = [card for seat, card, _ in trick.plays if seat == caller and card is not None]
    if not any(card // RANK_COUNT == suit for card in mine):
        return
    knowledge = run.knowledge
    later = trick.number + 1
    if knowledge.unknown_slots(caller) or any(
        card // RANK_COUNT == suit for card in knowledge.held(caller, later)
    ):
        return
    for seat in range(1, run.players + 1):
        if seat != caller and any(
            card // RANK_COUNT == suit for card in knowledge.held(seat, later)
        ):
            run.finish("lost", "lost")
            return


def say(run: HandRun, seat: int, action: Action, leading: bool) -> None:
    """``jodi``, ``jodi?``, ``kot``, ``kot?``: judged, and when allowed, in force."""
    kind = action.kind
    rules = run.rules.undertakings
    allowed = rules.jodi_calls if kind in ("jodi", "jodi?") else rules.kot_calls
    if allowed is None:
        run.report.add(
            "action-misplaced",
            run.trick,
            seat,
            action,
            f"said {action.token}, which {run.rules.name} does not have",
        )
        return
    problem = (
        _jodi_problem(run, seat, action, allowed)
        if kind in ("jodi", "jodi?")
        else _kot_problem(run, seat, action, allowed, leading)
    )
    if problem is not None:
        run.report.add(problem[0], run.trick, seat, action, problem[1])
        return
    if run.special is not None:
        return
    if kind in ("jodi?", "kot?"):
        if action.answer is None:
            run.report.add(
                "action-misplaced", run.trick, seat, action, f"asked {kind} without an answer"
            )
            return
        if not action.answer:
            run.said.append((seat, action.token, run.trick))
            run.finish("answer", "made")
            return
    run.said.append((seat, action.token, run.trick))
    run.special = "jodi" if kind.startswith("jodi") else "kot"


def _call_words(run: HandRun, allowed: range) -> str:
    call = run.call.token if run.call is not None else "no"
    return f"on a {call} call; it is only for calls {allowed.start}–{allowed.stop - 1}"


def _jodi_problem(
    run: HandRun, seat: int, action: Action, allowed: range
) -> tuple[str, str] | None:
    call = run.call
    if call is None or call.kind is not CallKind.NUMBER or call.value not in allowed:
        return "jodi-not-allowed", f"said {action.token} {_call_words(run, allowed)}"
    ours = run.team(seat) == run.caller_team
    if action.kind == "jodi" and not ours:
        return "jodi-not-allowed", "called Jodi for the other team's call"
    if action.kind == "jodi?" and ours:
        return "jodi-not-allowed", "asked jodi? of his own team's call"
    last = run.rules.undertakings.last_round_to_speak
    if run.trick > last:
        return "jodi-too-late", f"said {action.token} in round {run.trick}; only rounds 1 to {last}"
    return None


def _kot_problem(
    run: HandRun, seat: int, action: Action, allowed: range, leading: bool
) -> tuple[str, str] | None:
    call = run.call
    last = run.rules.undertakings.last_round_to_speak
    if call is None or call.kind is not CallKind.NUMBER or call.value not in allowed:
        why = _call_words(run, allowed)
    elif not leading:
        why = "when not about to lead"
    elif run.team(seat) != run.caller_team:
        why = "as a player of the other team; it is said by the calling team's leader"
    elif run.trick > last:
        why = f"in round {run.trick}; only rounds 1 to {last}"
    elif run.callers_lost_round:
        why = "after his team had lost a round"
    else:
        return None
    return "kot-not-allowed", f"said {action.token} {why}"


def declare_pair(run: HandRun, pair: PairLine) -> None:
    """29: a player with King and Queen of trumps declares them; the callers' target moves by 4."""
    seat, after = pair.seat, pair.after_trick
    if not 1 <= seat <= run.players:
        return
    rules = run.rules.undertakings
    if not rules.pair:
        run.report.add(
            "action-misplaced", after, seat, pair, f"declared a pair, which {run.rules.name} lacks"
        )
        return
    problem = _pair_problem(run, seat, after)
    if problem:
        run.report.add("pair-invalid", after, seat, pair, f"declared a pair {problem}")
    else:
        run.pair_by = seat
        change = rules.pair_change
        run.target_change = -change if run.team(seat) == run.caller_team else change
    run.step("pair", after, seat, f"pair {seat}", pair)


def _pair_problem(run: HandRun, seat: int, after: int) -> str | None:
    if run.pair_by is not None:
        return f"a second time (seat {run.pair_by} declared one)"
    revealed = run.revealed_in
    if revealed is None or revealed > after:
        return "before the trump was revealed"
    team = run.team(seat)
    since = [trick for trick in run.tricks if revealed <= trick.number <= after]
    if not any(trick.winner is not None and run.team(trick.winner) == team for trick in since):
        return "before his team won a trick since the reveal"
    trump = run.trump_suit
    if trump is None:
        return None
    for rank in "KQ":
        card = next(c for c in run.cards.suit_cards(trump) if CARDS[c].rank == rank)
        if not run.knowledge.could_hold(seat, card, after):
            return f"without holding {CARDS[card].code}" + _where(run, seat, card)
    return None


def _where(run: HandRun, seat: int, card: int) -> str:
    played = run.knowledge.played_at[seat].get(card)
    if played is not None:
        return f" (he played it in trick {played})"
    holder = run.knowledge.placed(card)
    if holder is not None and holder != seat:
        return f" (seat {holder} held it)"
    return ""
