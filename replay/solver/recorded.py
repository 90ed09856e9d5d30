"""A recorded hand in the solver's terms: the position before the first card, then every turn.

The rules engine has already judged the record: it says who called what, which cards each seat
held (from the deal lines and from the play), which undertakings stood and where the hand ended.
This module reads that replay into a starting ``Position`` and the sequence of moves played.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from recorder.cards import Card
from recorder.model import Record
from replay.solver.position import Action, Move, Position
from replay.solver.rules import UNDERTAKINGS, TableRules
from replay.tricks.engine import HandReplay
from replay.tricks.games import GAME_RULES
from replay.tricks.state import Step, TableState


@dataclass(frozen=True)
class RecordedTurn:
    """One turn of the record: its trick and seat, the move, and an undertaking said before it.

    ``move`` is ``None`` for a card not seen (``-``) and for a turn that ends the hand with
    ``jodi?=no`` or ``kot?=no`` (``ends``).
    """

    trick: int
    seat: int
    move: Move | None
    undertaking: str | None = None
    ends: bool = False


@dataclass(frozen=True)
class RecordedHand:
    """A hand ready for the solver, or the reason it cannot be solved (``start`` is ``None``)."""

    number: int
    start: Position | None
    turns: tuple[RecordedTurn, ...] = ()
    face_down_choices: tuple[Card, ...] = ()
    """The cards the caller could have put face down (all of his first cards in 29)."""
    reason: str | None = None


def read_hand(record: Record, replayed: HandReplay, switches: Mapping[str, str]) -> RecordedHand:
    """The solver's view of a replayed hand (``replayed`` must have its steps)."""
    result = replayed.result
    number = replayed.number
    steps = replayed.steps or []
    if result.caller is None or result.call is None or result.outcome in ("redeal", "void"):
        return RecordedHand(number, None, reason="no card play: the hand had no standing call")
    first = next((i for i, step in enumerate(steps) if step.event.kind in ("action", "card")), None)
    if first is None or first == 0:
        return RecordedHand(number, None, reason="no card was recorded")
    before = steps[first - 1].state
    unknown = [seat for seat, count in enumerate(before.unknown, start=1) if count]
    if unknown:
        seats = ", ".join(str(seat) for seat in unknown)
        return RecordedHand(number, None, reason=f"the cards of seat {seats} are not all known")
    face_down = before.face_down if before.trump is not None else None
    if before.trump is not None and face_down is None:
        return RecordedHand(number, None, reason="the face-down card is not known")
    dealt = tuple(
        frozenset(cards) | ({face_down} if seat == result.caller and face_down else set())
        for seat, cards in enumerate(before.hands, start=1)
    )
    size = GAME_RULES[record.game].spec.hand_size
    if any(len(cards) != size for cards in dealt) or len(frozenset().union(*dealt)) != sum(
        len(cards) for cards in dealt
    ):
        return RecordedHand(number, None, reason="the record's cards contradict each other")
    leader = before.to_lead or before.to_play or result.dealer % before.players + 1
    start = Position.deal(
        record.game,
        dealt,
        result.caller,
        result.call,
        face_down,
        leader,
        TableRules.from_rules(record.game, switches),
    )
    choices = _face_down_choices(record, replayed, switches, dealt[result.caller - 1])
    return RecordedHand(number, start, _turns(steps[first:], result.caller, before), choices)


def _turns(steps: list[Step], caller: int, before: TableState) -> tuple[RecordedTurn, ...]:
    """The turns from the first play on, up to the end of the hand."""
    turns: list[RecordedTurn] = []
    actions: list[str] = []
    undertaking: str | None = None
    previous = before
    for step in steps:
        event = step.event
        if event.kind == "action" and event.seat is not None and event.trick is not None:
            if event.token in ("ask", "show"):
                actions.append(event.token)
            else:
                undertaking = _new_undertaking(previous, step.state) or undertaking
            if step.state.over:
                turns.append(RecordedTurn(event.trick, event.seat, None, undertaking, ends=True))
                break
        elif event.kind == "card" and event.seat is not None and event.trick is not None:
            move = None if event.token in ("", "-") else Move(Card.parse(event.token))
            if move is not None and actions:
                action: Action = "show" if event.seat == caller else "ask"
                move = Move(move.card, action)
            turns.append(RecordedTurn(event.trick, event.seat, move, undertaking))
            actions = []
            undertaking = None
            if step.state.over:
                break
        previous = step.state
    return tuple(turns)


def _new_undertaking(before: TableState, after: TableState) -> str | None:
    """The undertaking the engine put in force at this step (a Jodi or a Kott said or accepted)."""
    had = set(before.undertakings)
    fresh = (name for name in after.undertakings if name in UNDERTAKINGS and name not in had)
    return next(fresh, None)


def _face_down_choices(
    record: Record, replayed: HandReplay, switches: Mapping[str, str], cards: frozenset[Card]
) -> tuple[Card, ...]:
    """The caller's cards that the rules let him put face down, as far as the record tells."""
    rules = GAME_RULES[record.game]
    caller = replayed.result.caller
    line = replayed.hand.deal_of(caller) if caller is not None else None
    written = [dealt.card for dealt in line.cards] if line is not None else []
    if rules.seventh_card(switches) and len(written) >= 7 and written[6] is not None:
        return (written[6],)
    first = rules.face_down_from_first
    if first and len(written) >= first and all(card is not None for card in written[:first]):
        return tuple(card for card in written[:first] if card is not None)
    return tuple(sorted(cards, key=lambda card: card.code))
