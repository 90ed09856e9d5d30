"""Coaching analysis of recorded hands: what every card cost, and what the call could have made.

Each card is judged by the solver: the value before it (the callers' card points with best play
by both sides from there), the value after it, and the cost to the player's own team, labelled
like a chess engine's (inaccuracy, mistake, blunder). The call is judged by solving the dealt
hands with every trump suit the caller could have put down. It is a perfect-information judgement
(``PERFECT_INFORMATION``): a card can look wrong only because every card was known.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from recorder.cards import SUITS, Call, CallKind, Card
from recorder.house_rules import resolve_rules
from recorder.model import Record
from replay.solver.layout import layout_for
from replay.solver.position import Move, Position
from replay.solver.recorded import RecordedHand, read_hand
from replay.solver.search import Solver, collector_paused
from replay.tricks.engine import HandReplay, replay_session

Label = Literal["inaccuracy", "mistake", "blunder"]

PERFECT_INFORMATION = (
    "The solver sees every card, as if all hands were face up. A card it calls a mistake may have "
    "been the best choice for a player who could not see the others' cards: the cost says what "
    "the card gave away against perfect play, not that the player should have known it."
)


@dataclass(frozen=True)
class Thresholds:
    """The smallest cost, in card points, of each label (docs/ANALYSIS.md explains the choice)."""

    inaccuracy: int = 1
    mistake: int = 3
    """A Jack or a 3: the worth of one top card."""
    blunder: int = 6
    """Two top cards' worth."""

    def label(self, cost: int) -> Label | None:
        if cost >= self.blunder:
            return "blunder"
        if cost >= self.mistake:
            return "mistake"
        if cost >= self.inaccuracy:
            return "inaccuracy"
        return None


THRESHOLDS = Thresholds()


@dataclass(frozen=True)
class CardJudgement:
    """One card as the solver judges it; values are the callers' final card points."""

    trick: int
    seat: int
    player: str
    move: Move
    value_before: int
    value_after: int
    cost: int
    """Card points the move gave away for the player's own team (never negative)."""
    best: tuple[Move, ...]
    """Every legal move that keeps ``value_before``."""
    label: Label | None

    def to_json(self) -> dict[str, Any]:
        """The card as in ``thuruppu analyse --json`` (CLI.md)."""
        return {
            "trick": self.trick,
            "seat": self.seat,
            "card": self.move.card.code,
            "value_before": self.value_before,
            "value_after": self.value_after,
            "cost": self.cost,
            "best": [move.token for move in self.best],
            "label": self.label,
        }


@dataclass(frozen=True)
class HandAnalysis:
    """A hand judged card by card, with what each trump suit could have made."""

    number: int
    caller: int | None
    call: Call | None
    value_at_start: int | None
    """The callers' card points with best play from the first card, ``None`` when unsolved."""
    cards: tuple[CardJudgement, ...]
    trumps: Mapping[str, int | None]
    """Per suit letter, what the callers could force with it as trump (``None``: not possible)."""
    total: int = 0
    """All card points of the hand (with the 29 last-trick point): a kept undertaking's value."""
    reason: str | None = None
    """Why the hand, or the rest of it, was not analysed."""

    @property
    def makeable(self) -> bool | None:
        """Whether the callers could force their call with the trump actually put down."""
        return makes_call(self.call, self.value_at_start, self.total)

    @property
    def makeable_with_any_trump(self) -> bool | None:
        """Whether some trump suit the caller could have chosen would have forced the call."""
        if self.call is None or self.value_at_start is None:
            return None
        values = [value for value in self.trumps.values() if value is not None]
        return any(
            makes_call(self.call, value, self.total) for value in [self.value_at_start, *values]
        )

    def to_json(self) -> dict[str, Any]:
        """The hand as in ``thuruppu analyse --json`` (CLI.md)."""
        data: dict[str, Any] = {
            "hand": self.number,
            "value_at_start": self.value_at_start,
            "cards": [card.to_json() for card in self.cards],
            "trumps": dict(self.trumps),
        }
        if self.reason is not None:
            data["reason"] = self.reason
        return data


def makes_call(call: Call | None, value: int | None, total: int) -> bool | None:
    if call is None or value is None:
        return None
    if call.kind is CallKind.THANI:
        return value >= total
    return value >= call.value


def analyse_session(record: Record, hand: int | None = None) -> dict[str, Any]:
    """Every hand of a session (or only hand number ``hand``) as ``analyse --json`` gives it,
    without the ``path``."""
    replayed = replay_session(record, steps=True)
    switches = replayed.rules
    analyses = [
        analyse_replayed(record, played, switches)
        for played in replayed.hands
        if hand is None or played.number == hand
    ]
    return {"game": record.game, "hands": [analysis.to_json() for analysis in analyses]}


def analyse_hand(
    record: Record, index: int, overrides: dict[str, str] | None = None
) -> HandAnalysis:
    """The hand at ``index`` in ``record.hands`` judged card by card."""
    replayed = replay_session(record, overrides, steps=True)
    return analyse_replayed(record, replayed.hands[index], replayed.rules)


def analyse_replayed(
    record: Record,
    replayed: HandReplay,
    switches: Mapping[str, str] | None = None,
    thresholds: Thresholds = THRESHOLDS,
) -> HandAnalysis:
    """A hand the engine has replayed (with its steps) judged card by card."""
    rules = switches if switches is not None else resolve_rules(record.game, record.rules)
    recorded = read_hand(record, replayed, rules)
    result = replayed.result
    start = recorded.start
    if start is None:
        return HandAnalysis(
            recorded.number, result.caller, result.call, None, (), {}, reason=recorded.reason
        )
    with collector_paused():
        solver = Solver(start)
        value = solver.value()
        total = solver.board.left
        cards, reason = _judge_cards(record, recorded, solver, value, thresholds)
        trumps = _trump_table(start, recorded.face_down_choices, value)
    return HandAnalysis(
        number=recorded.number,
        caller=start.caller,
        call=start.call,
        value_at_start=value,
        cards=cards,
        trumps=trumps,
        total=total,
        reason=reason,
    )


def _judge_cards(
    record: Record, recorded: RecordedHand, solver: Solver, value: int, thresholds: Thresholds
) -> tuple[tuple[CardJudgement, ...], str | None]:
    """Judge the recorded moves one by one until the hand ends or a move cannot be followed."""
    judged: list[CardJudgement] = []
    for turn in recorded.turns:
        where = f"trick {turn.trick}: {record.player(turn.seat)} (seat {turn.seat})"
        if turn.undertaking is not None:
            position = replace(solver.board.position(), special=turn.undertaking)
            solver = Solver(position)
            value = solver.value(value)
        if turn.ends:
            break
        if turn.move is None:
            return tuple(judged), f"{where}: the card was not seen; the analysis stops there"
        board = solver.board
        if board.to_move + 1 != turn.seat:
            return tuple(judged), f"{where} played out of turn; the analysis stops there"
        move = _playable(solver, turn.move)
        if move is None:
            return tuple(judged), f"{where}: {turn.move.token} is against the rules; stopped there"
        best = solver.moves_keeping(value)
        after = value if move in best else solver.value_after(move, value)
        callers = board.to_move % 2 == board.callers
        cost = value - after if callers else after - value
        judged.append(
            CardJudgement(
                trick=turn.trick,
                seat=turn.seat,
                player=record.player(turn.seat),
                move=move,
                value_before=value,
                value_after=after,
                cost=cost,
                best=best,
                label=thresholds.label(cost),
            )
        )
        solver.advance(move)
        value = after
        if solver.board.over:
            break
    return tuple(judged), None


def _playable(solver: Solver, move: Move) -> Move | None:
    """The recorded move as the solver can play it: an ask or show after the reveal changes
    nothing and is dropped; ``None`` when the move breaks the rules."""
    if solver.is_legal(move):
        return move
    plain = Move(move.card)
    if move.action is not None and solver.board.face_down < 0 and solver.is_legal(plain):
        return plain
    return None


def _trump_table(
    start: Position, choices: Sequence[Card], value_at_start: int
) -> dict[str, int | None]:
    """For each suit, the most the callers could force with a face-down card of that suit.

    Only the best card of a suit needs its exact value: after the first, a card is solved only
    when one probe shows it beats the best so far (the card put down, known already, goes first).
    """
    if start.face_down is None:
        return {}
    table: dict[str, int | None] = {}
    for suit in SUITS:
        options = _distinct_choices(start, [card for card in choices if card.suit == suit])
        options.sort(key=lambda card: card != start.face_down)
        best: int | None = None
        first: Solver | None = None
        for card in options:
            if card == start.face_down:
                best = value_at_start
                continue
            position = _with_face_down(start, card)
            solver = Solver(position) if first is None else first.sharing(position)
            first = first or solver
            if best is None:
                best = solver.value(value_at_start)
            elif solver.reaches(best + 1):
                best = solver.value(best + 1, floor=best + 1)
        table[suit.value] = best
    return table


def _distinct_choices(start: Position, cards: list[Card]) -> list[Card]:
    """One card of each run the caller holds with equal points and no other seat's card between
    (putting down either gives the same game); the actual face-down card is kept."""
    layout = layout_for(start.game, start.table.three_rank)
    mine = start.hands[start.caller - 1] | {start.face_down}
    others = layout.mask(frozenset(card for hand in start.hands for card in hand) - mine)
    ordered = sorted(cards, key=layout.bit)
    kept: list[Card] = []
    for card in ordered:
        if kept and start.face_down not in (card, kept[-1]):
            low, high = layout.bit(kept[-1]), layout.bit(card)
            between = (1 << high) - (1 << (low + 1))
            if layout.points[low] == layout.points[high] and not between & others:
                continue
        kept.append(card)
    return kept


def _with_face_down(start: Position, card: Card) -> Position:
    """The starting position had the caller put ``card`` face down instead."""
    assert start.face_down is not None
    caller = start.caller
    hands = tuple(
        (hand | {start.face_down}) - {card} if seat == caller else hand
        for seat, hand in enumerate(start.hands, start=1)
    )
    return replace(start, hands=hands, trump=card.suit, face_down=card)


@dataclass(frozen=True)
class PlayerCoaching:
    """One player's cards over the analysed hands: how many, what they cost, the worst one."""

    seat: int
    player: str
    cards: int
    cost: int
    """Card points given away in all, against perfect play."""
    inaccuracies: int
    mistakes: int
    blunders: int
    worst: CardJudgement | None


def coaching_by_player(analyses: Sequence[HandAnalysis]) -> tuple[PlayerCoaching, ...]:
    """Per seat, a summary of the judged cards of the hands given, seat 1 first."""
    judged: dict[int, list[CardJudgement]] = {}
    for analysis in analyses:
        for card in analysis.cards:
            judged.setdefault(card.seat, []).append(card)
    summaries = []
    for seat in sorted(judged):
        cards = judged[seat]
        labels = [card.label for card in cards]
        worst = max(cards, key=lambda card: card.cost)
        summaries.append(
            PlayerCoaching(
                seat=seat,
                player=cards[0].player,
                cards=len(cards),
                cost=sum(card.cost for card in cards),
                inaccuracies=labels.count("inaccuracy"),
                mistakes=labels.count("mistake"),
                blunders=labels.count("blunder"),
                worst=worst if worst.cost else None,
            )
        )
    return tuple(summaries)
