"""A player's costly decisions over analysed hands, each of a kind a coach talks about: the trump
choice (calling), asking or showing at the wrong moment (trump timing), or the card (card play).

Pure data over the solver's ``HandAnalysis`` (docs/ANALYSIS.md): the dashboard only lays it out.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from recorder.cards import Suit
from replay.solver import THRESHOLDS, CardJudgement, HandAnalysis, Move, coaching_by_player
from replay.solver.analysis import Label

Kind = Literal["calling", "trump timing", "card play"]
KINDS: tuple[Kind, ...] = ("calling", "trump timing", "card play")

Choice = Move | Suit
"""What a decision chose: a move (the card, with its ask or show), or a trump suit put down."""


@dataclass(frozen=True)
class AnalysedHand:
    """One analysed hand of a session, with the caller's name and the trump he put down."""

    session: str
    analysis: HandAnalysis
    caller: str | None
    trump: Suit | None


@dataclass(frozen=True)
class Mistake:
    """One decision that gave card points away against perfect play."""

    session: str
    hand: int
    trick: int
    """The trick of the card; 0 for the trump choice, made before the first trick."""
    kind: Kind
    played: Choice | None
    """The move played, or the trump suit put down (``None`` when the record does not say)."""
    cost: int
    """Card points given away for the player's own team."""
    label: Label | None
    better: tuple[Choice, ...]
    """The moves, or the trump suits, that would have kept the value."""


@dataclass(frozen=True)
class PlayerSummary:
    """A player's judged cards over many hands: how many, what they cost, and their labels."""

    cards: int = 0
    cost: int = 0
    inaccuracies: int = 0
    mistakes: int = 0
    blunders: int = 0


def card_kind(card: CardJudgement) -> Kind:
    """Trump timing when no better move asked or showed as the card did (it asked or showed when
    it should not, or not when it should); else card play."""
    if all(move.action != card.move.action for move in card.best):
        return "trump timing"
    return "card play"


def calling_mistake(hand: AnalysedHand) -> Mistake | None:
    """The caller's trump choice when another suit would have forced more: the cost is what the
    best suit forces beyond the suit put down. ``None`` when the choice kept the value."""
    analysis = hand.analysis
    if analysis.value_at_start is None:
        return None
    forced = {Suit(suit): value for suit, value in analysis.trumps.items() if value is not None}
    if not forced:
        return None
    best = max(forced.values())
    cost = best - analysis.value_at_start
    if cost <= 0:
        return None
    return Mistake(
        session=hand.session,
        hand=analysis.number,
        trick=0,
        kind="calling",
        played=hand.trump,
        cost=cost,
        label=THRESHOLDS.label(cost),
        better=tuple(suit for suit, value in forced.items() if value == best),
    )


def _card_mistakes(hand: AnalysedHand, player: str) -> Iterator[Mistake]:
    for card in hand.analysis.cards:
        if card.player == player and card.cost:
            yield Mistake(
                session=hand.session,
                hand=hand.analysis.number,
                trick=card.trick,
                kind=card_kind(card),
                played=card.move,
                cost=card.cost,
                label=card.label,
                better=card.best,
            )


def player_mistakes(hands: Sequence[AnalysedHand], player: str) -> tuple[Mistake, ...]:
    """Every costly decision of ``player`` in the hands: the trump choice of the hands he called,
    then his cards that gave points away; costliest first, then by session, hand and trick."""
    found: list[Mistake] = []
    for hand in hands:
        calling = calling_mistake(hand) if hand.caller == player else None
        if calling is not None:
            found.append(calling)
        found.extend(_card_mistakes(hand, player))
    return tuple(sorted(found, key=lambda m: (-m.cost, m.session, m.hand, m.trick)))


def player_summary(hands: Sequence[AnalysedHand], player: str) -> PlayerSummary:
    """The player's cards over the hands as ``coaching_by_player`` sums them, each hand apart
    since a player's seat may change between sessions."""
    total = PlayerSummary()
    for hand in hands:
        for coaching in coaching_by_player([hand.analysis]):
            if coaching.player == player:
                total = PlayerSummary(
                    cards=total.cards + coaching.cards,
                    cost=total.cost + coaching.cost,
                    inaccuracies=total.inaccuracies + coaching.inaccuracies,
                    mistakes=total.mistakes + coaching.mistakes,
                    blunders=total.blunders + coaching.blunders,
                )
    return total
