"""The Rummy chair draw (TOURNAMENT.md §8, the Rummy text's rule 4): who sits where, who deals
first.

Each player draws a card: the highest takes chair 1 ("first hand"), the next chair 2, and so on;
the lowest shuffles and deals the first deal, so hand 1's ``Dealer`` is the last chair. Ranks
``A K Q J T 9 … 2``, the printed joker below them all; equal ranks by suit, ``S > H > C > D``.
Players holding the same card (several packs, two printed jokers) draw again, compared only among
themselves. The tag keeps every player's cards in the order drawn:
``[Draw "Anu=AS/3C, Babu=AS/2D, Cini=KD, Deepu=PJ"]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from recorder.cards import Suit
from recorder.rummy.cards import RummyCard
from replay.tournament.names import clean_name, name_problem

DRAW_RANKS = "23456789TJQKA"
"""Ranks for the draw, low to high (the ace high; the printed joker below the two)."""
DRAW_SUITS = (Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS, Suit.SPADES)
"""Suits for the draw, low to high."""


def draw_key(card: RummyCard) -> tuple[int, int]:
    """A card's strength in the draw: the higher, the earlier the chair."""
    if card.is_printed_joker or card.suit is None:
        return (-1, -1)
    return (DRAW_RANKS.index(card.rank), DRAW_SUITS.index(card.suit))


@dataclass(frozen=True)
class Draw:
    """A chair draw read: each player's cards, the chair order, and what is wrong with it."""

    cards: tuple[tuple[str, tuple[RummyCard, ...]], ...]
    chairs: tuple[str, ...]
    """The players in chair order (``Players``); empty when the draw does not settle it."""
    problems: tuple[str, ...] = ()

    @property
    def dealer(self) -> int:
        """Hand 1's ``Dealer``: the chair of the lowest card (the last); 0 when unsettled."""
        return len(self.chairs)


def read_draw(text: str) -> Draw:
    """The draw of a ``Draw`` tag's value (never raises: problems are listed)."""
    cards: list[tuple[str, tuple[RummyCard, ...]]] = []
    problems: list[str] = []
    for item in text.split(","):
        if not item.strip():
            continue
        raw_name, equals, raw_cards = item.partition("=")
        name = clean_name(raw_name)
        problem = name_problem(name)
        if not equals or problem:
            problems.append(
                f"{item.strip()!r}: expected NAME=CARD/CARD..." if not equals else problem or ""
            )
            continue
        drawn = []
        for code in raw_cards.split("/"):
            try:
                drawn.append(RummyCard.parse(code.strip()))
            except ValueError:
                problems.append(f"{name}: {code.strip()!r} is no card (such as AS, TD, PJ)")
        if any(name == listed for listed, _ in cards):
            problems.append(f"{name} drew twice")
        elif drawn:
            cards.append((name, tuple(drawn)))
    if problems:
        return Draw(tuple(cards), (), tuple(problems))
    if len(cards) < 2:
        return Draw(tuple(cards), (), ("a draw needs at least two players",))
    chairs, found = _order([name for name, _ in cards], dict(cards), 0)
    return Draw(tuple(cards), tuple(chairs) if not found else (), tuple(found))


def _order(
    names: Sequence[str], cards: dict[str, tuple[RummyCard, ...]], depth: int
) -> tuple[list[str], list[str]]:
    """The names in chair order by their draw at ``depth``; ties draw again among themselves."""
    problems: list[str] = []
    groups: dict[RummyCard, list[str]] = {}
    for name in names:
        drawn = cards[name]
        if len(drawn) <= depth:
            return [], [f"{name} has no card for draw {depth + 1}"]
        groups.setdefault(drawn[depth], []).append(name)
    chairs: list[str] = []
    for card in sorted(groups, key=draw_key, reverse=True):
        tied = groups[card]
        if len(tied) == 1:
            chairs.append(tied[0])
            if len(cards[tied[0]]) > depth + 1:
                problems.append(f"{tied[0]} drew again without a tie ({card} was alone)")
            continue
        if all(len(cards[name]) == depth + 1 for name in tied):
            problems.append(f"{' and '.join(tied)} drew the same card {card}: they draw again")
            continue
        order, found = _order(tied, cards, depth + 1)
        chairs.extend(order)
        problems.extend(found)
    return chairs, problems


def draw_text(cards: Sequence[tuple[str, Sequence[RummyCard]]]) -> str:
    """A draw's tag value, as the Record page writes it."""
    return ", ".join(f"{name}={'/'.join(card.code for card in drawn)}" for name, drawn in cards)
