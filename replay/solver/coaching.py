"""A player's costly decisions over analysed hands, each of a kind a coach talks about: the trump
choice (calling), asking or showing at the wrong moment (trump timing), or the card (card play).

Pure data over the solver's ``HandAnalysis`` (docs/ANALYSIS.md): the dashboard only lays it out.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from recorder.cards import Suit
from replay.solver import THRESHOLDS, CardJudgement, HandAnalysis, Move
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
    seat: int
    """The seat that decided: the card's player, or the caller who put the trump down."""
    kind: Kind
    played: Choice | None
    """The move played, or the trump suit put down (``None`` when the record does not say)."""
    cost: int
    """Card points given away for the player's own team."""
    label: Label | None
    better: tuple[Choice, ...]
    """The moves, or the trump suits, that would have kept the value."""


POINTS_GIVEN_AWAY = (
    "Points given away: the card points the player's decisions cost his team against perfect "
    "play, summed over his costly decisions (each card he played, and the trump he put down in "
    "a hand he called). The headline, the chart and the tables all add up these same decisions."
)
"""The one definition of the coaching totals, as the Coaching page states it."""


@dataclass(frozen=True)
class PlayerSummary:
    """A player's judged decisions over many hands: how many, what the costly ones cost, and how
    many of those carry each label; every figure is a sum over the same ``Mistake`` list."""

    decisions: int = 0
    """Decisions judged: cards of the player, and trump choices of hands he called."""
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


def _forced(analysis: HandAnalysis) -> dict[Suit, int]:
    """What each trump suit forces for the callers; empty when the trump choice is not judged
    (a Thani, an unsolved hand, no trump table)."""
    if analysis.value_at_start is None:
        return {}
    return {Suit(suit): value for suit, value in analysis.trumps.items() if value is not None}


def calling_mistake(hand: AnalysedHand) -> Mistake | None:
    """The caller's trump choice when another suit would have forced more: the cost is what the
    best suit forces beyond the suit put down. ``None`` when the choice kept the value."""
    analysis = hand.analysis
    forced = _forced(analysis)
    if not forced or analysis.value_at_start is None or analysis.caller is None:
        return None
    best = max(forced.values())
    cost = best - analysis.value_at_start
    if cost <= 0:
        return None
    return Mistake(
        session=hand.session,
        hand=analysis.number,
        trick=0,
        seat=analysis.caller,
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
                seat=card.seat,
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


def decisions_judged(hands: Sequence[AnalysedHand], player: str) -> int:
    """How many of ``player``'s decisions the hands judge: his cards, and the trump choice of each
    hand he called whose trump table was solved."""
    cards = sum(card.player == player for hand in hands for card in hand.analysis.cards)
    choices = sum(hand.caller == player and bool(_forced(hand.analysis)) for hand in hands)
    return cards + choices


def summarise(decisions: int, mistakes: Sequence[Mistake]) -> PlayerSummary:
    """The totals of a list of costly decisions (the one definition of ``POINTS_GIVEN_AWAY``)."""
    labels = [mistake.label for mistake in mistakes]
    return PlayerSummary(
        decisions=decisions,
        cost=sum(mistake.cost for mistake in mistakes),
        inaccuracies=labels.count("inaccuracy"),
        mistakes=labels.count("mistake"),
        blunders=labels.count("blunder"),
    )


def player_summary(hands: Sequence[AnalysedHand], player: str) -> PlayerSummary:
    """The player's totals over the hands: his decisions judged, and the sums over the costly
    decisions ``player_mistakes`` lists (so the totals and their breakdown always agree)."""
    return summarise(decisions_judged(hands, player), player_mistakes(hands, player))
