"""One moment of a replayed hand as the Replay page shows it: the table, the headline, the findings.

Everything here is computed from the engine's ``HandReplay`` (``replay_hand`` with steps): the
``TableState`` after each event, narrowed with ``TableState.view(seat)`` for a seat's eyes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dashboard.views.cards import card_label
from dashboard.views.tricks.table import SeatView, TableView, TeamScore, TrumpView
from dashboard.views.tricks.undertakings import awarded_words, outcome_words, undertaking_words
from recorder.cards import Card
from recorder.model import Record
from replay.findings import CATALOGUE, Finding
from replay.tricks import HandReplay, Step, TableState
from replay.tricks.scoring import ScoreLine


def step_tricks(hand: HandReplay) -> list[int | None]:
    """For every step, the trick its event belongs to (``None`` for the deal, calling and end)."""
    return [step.event.trick for step in hand.steps or []]


def _complete(state: TableState) -> bool:
    return state.trick > 0 and len(state.trick_plays) == state.players


def _counted(state: TableState) -> bool:
    """Whether the state's points already include the trick on the table."""
    return sum(state.tricks_won) >= state.trick


def team_scores(record: Record, hand: HandReplay, state: TableState) -> tuple[TeamScore, ...]:
    """Points and tricks per team, the trick on the table included once it is complete."""
    points, tricks = list(state.points), list(state.tricks_won)
    if _complete(state) and not _counted(state) and state.trick <= len(hand.tricks):
        summary = hand.tricks[state.trick - 1]
        if summary.winner is not None:
            team = 0 if summary.winner % 2 else 1
            points[team] += summary.points or 0
            tricks[team] += 1
    return tuple(
        TeamScore(name, points[index], tricks[index]) for index, name in enumerate(record.teams[:2])
    )


def _reveal_step(steps: list[Step], upto: int) -> Step | None:
    return next((step for step in steps[: upto + 1] if step.state.revealed), None)


def trump_view(record: Record, steps: list[Step], upto: int, state: TableState) -> TrumpView | None:
    """The face-down trump once it is put down; ``None`` before that, or in a hand without one."""
    if state.caller is None or not any(s.event.kind == "trump" for s in steps[: upto + 1]):
        return None
    reveal = _reveal_step(steps, upto) if state.revealed else None
    how = ""
    if reveal is not None:
        how = reveal.event.token if reveal.event.kind == "action" else "played"
    return TrumpView(
        caller=record.player(state.caller),
        card=state.face_down,
        suit=state.trump,
        revealed=state.revealed,
        revealed_by=record.player(state.revealed_by) if state.revealed_by else None,
        revealed_in=state.revealed_in,
        how=how,
        named=state.trump_named,
    )


def _actions_in_trick(steps: list[Step], upto: int, trick: int) -> dict[int, list[str]]:
    notes: dict[int, list[str]] = {}
    for step in reversed(steps[: upto + 1]):
        event = step.event
        if event.trick != trick and event.kind in ("card", "action"):
            break
        if event.kind == "action" and event.seat is not None:
            notes.setdefault(event.seat, []).insert(0, event.token)
    return notes


def _badges(state: TableState, seat: int, dealer: int) -> tuple[str, ...]:
    badges = []
    if seat == dealer:
        badges.append("dealer")
    if seat == state.caller and state.highest is not None:
        badges.append(f"caller {state.highest.token}")
    if state.caller is not None and seat % 2 == state.caller % 2:
        badges.extend(u for u in state.undertakings if not u.startswith("pair"))
    if seat == state.to_play and not state.over:
        badges.append("to play")
    return tuple(badges)


def table_view(
    record: Record, hand: HandReplay, index: int, seat: int | None, in_play: bool = False
) -> TableView:
    """The table after step ``index`` of ``hand``, as ``seat`` saw it (everyone for ``None``);
    ``in_play`` when the hand is still being played at its table."""
    steps = hand.steps or []
    full = steps[index].state
    state = full.view(seat) if seat is not None else full
    winner = None
    if _complete(state) and state.trick <= len(hand.tricks):
        winner = hand.tricks[state.trick - 1].winner
    plays = {play.seat: play for play in state.trick_plays}
    notes = _actions_in_trick(steps, index, state.trick) if state.trick else {}
    seats = []
    for number in range(1, state.players + 1):
        play = plays.get(number)
        note = list(notes.get(number, []))
        if play is not None and play.trump:
            note.append("trump")
        seats.append(
            SeatView(
                seat=number,
                name=record.player(number),
                team=record.teams[(number + 1) % 2],
                cards=tuple(state.hands[number - 1]),
                unknown=state.unknown[number - 1],
                played=play.card if play else None,
                played_note=" ".join(note),
                badges=_badges(state, number, hand.dealer),
                to_play=number == state.to_play and not state.over,
                won_trick=number == winner,
            )
        )
    return TableView(
        seats=tuple(seats),
        bottom=seat or 1,
        trick=state.trick or None,
        trump=trump_view(record, steps, index, state),
        calling=tuple((record.player(s), call.token) for s, call in state.calls),
        teams=team_scores(record, hand, full),
        headline=headline(record, hand, index, in_play),
        viewer=f"{record.player(seat)} (seat {seat})" if seat else "everyone",
    )


def _card_text(token: str) -> str:
    try:
        return card_label(Card.parse(token))
    except ValueError:
        return token or "a card not seen"


def play_goes_on(hand: HandReplay) -> str:
    """What the last step of a hand still being played says: not an end, the play going on."""
    return f"Hand {hand.number} is being played: play goes on at the table"


def headline(record: Record, hand: HandReplay, index: int, in_play: bool = False) -> str:
    """What happened at step ``index``, in words anyone at the table may hear; the last step of
    a hand ``in_play`` says play goes on."""
    step = (hand.steps or [])[index]
    event, state = step.event, step.state
    who = record.player(event.seat) if event.seat else ""
    if event.kind == "deal":
        return f"Hand {hand.number}: {record.player(hand.dealer)} deals"
    if event.kind == "bid":
        return f"{who} passes" if event.token == "pass" else f"{who} calls {event.token}"
    if event.kind == "trump":
        return f"{who} names the trump" if state.trump_named else f"{who} puts the trump face down"
    if event.kind == "action":
        return f"Trick {event.trick}: {who} says {event.token}"
    if event.kind == "card":
        text = f"Trick {event.trick}: {who} plays {_card_text(event.token)}"
        if _complete(state) and state.trick <= len(hand.tricks):
            summary = hand.tricks[state.trick - 1]
            if summary.winner is not None:
                points = "" if summary.points is None else f" ({summary.points} points)"
                text += f"; {record.player(summary.winner)} wins the trick{points}"
        return text
    if event.kind == "pair":
        return f"{who} declares the pair"
    if event.kind == "redeal":
        return f"The hand is thrown in: {event.token}"
    if in_play:
        return play_goes_on(hand)
    outcome = hand.result.outcome
    return f"The hand is over: {outcome}" + (
        f", the callers took {hand.result.callers_points}"
        if hand.result.callers_points is not None and outcome in ("made", "lost")
        else ""
    )


@dataclass(frozen=True)
class FindingAt:
    """A finding of the hand and the step it arises at."""

    step: int
    finding: Finding

    @property
    def summary(self) -> str:
        """The rule's short description from the catalogue."""
        return CATALOGUE[self.finding.code].summary


def findings_by_step(hand: HandReplay) -> list[FindingAt]:
    """Every finding of the hand with the step it arises at, in the order of the hand."""
    found = [
        FindingAt(index, finding)
        for index, step in enumerate(hand.steps or [])
        for finding in step.findings
    ]
    placed = {id(at.finding) for at in found}
    last = max(len(hand.steps or []) - 1, 0)
    found.extend(FindingAt(last, f) for f in hand.findings if id(f) not in placed)
    return found


def _team_words(record: Record, team: int) -> str:
    """``Blue (Biju, Dev, Faiz)``: a team's name and its players."""
    seats = range(team + 1, len(record.players) + 1, 2)
    return f"{record.teams[team]} ({', '.join(record.player(seat) for seat in seats)})"


def violation_effect(finding: Finding, line: ScoreLine) -> str:
    """What one violation did to the score: the hand it turned, the points it gave, or nothing."""
    who = f"{finding.player} (seat {finding.seat})" if finding.player else f"seat {finding.seat}"
    what = f"The {finding.code} by {who}"
    changes = [note for note in line.notes if note.startswith(f"{finding.code} by ")]
    turned = finding.code == "revoke" and line.outcome != line.result.outcome
    if turned:
        changes.insert(0, f"turned the hand from {line.result.outcome} to {line.outcome}")
    if not changes:
        return f"{what} changed nothing in the score: no penalty was scored for it."
    return f"{what}: " + "; ".join(changes) + "."


def hand_over(
    record: Record,
    hand: HandReplay,
    line: ScoreLine | None,
    findings: Sequence[Finding],
    in_play: bool = False,
) -> tuple[str, ...]:
    """The end of a hand in words: who called what, the target, the points taken, the outcome,
    how the score moved, and what each violation the viewer knows of changed in it; for a hand
    ``in_play``, that play goes on (it has no end yet)."""
    if in_play:
        return (f"{play_goes_on(hand)}.",)
    result = hand.result
    said: list[str] = []
    if result.caller is not None and result.call is not None:
        team = 0 if result.caller % 2 else 1
        so_far = " before the record stops" if result.outcome == "unfinished" else ""
        took = (
            f" and took {result.callers_points} points{so_far}"
            if result.callers_points is not None
            else ""
        )
        target = f": they needed {result.target}" if result.target is not None else ""
        call = result.call.token
        said.append(
            f"{record.player(result.caller)} called {call} for "
            f"{_team_words(record, team)}{target}{took}: {outcome_words(result)}."
        )
    else:
        said.append(f"No call stood: {result.outcome}.")
    said.extend(
        f"{undertaking_words(u, record.player, result.target)}." for u in result.undertakings
    )
    awarded = awarded_words(line)
    if awarded:
        said.append(f"Scored as {line.outcome if line else result.outcome}{awarded}.")
    if line is not None:
        said.append("Score: " + "; ".join(line.notes) + ".")
        said.extend(
            violation_effect(finding, line)
            for finding in findings
            if finding.kind == "violation" and finding.seat is not None
        )
    return tuple(said)
