"""Cards as bit positions: each suit a run of bits, strongest rank first, per game and 3's rank.

The solver keeps hands as integers; this module is the one place that maps ``Card`` to a bit and
back and knows each bit's points and trick-taking power.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from recorder.cards import SUITS, Card
from recorder.games import GAMES
from replay.solver.rules import ThreeRank


@dataclass(frozen=True)
class Layout:
    """The bit of every card of one game: bit ``suit * width + rank``, rank 0 the strongest."""

    game: str
    ranks: str
    """Ranks in power order, strongest first (the 40 three-rank switch can move the 3)."""
    points: tuple[int, ...]
    power: tuple[int, ...]
    """Higher wins within a suit; equal power means the card played first wins."""
    suit_of: tuple[int, ...]
    cards: tuple[Card, ...]
    suit_masks: tuple[int, ...]
    stronger: tuple[int, ...]
    """Per card, the mask of the cards of its suit that beat it."""
    total_points: int
    """Card points of the whole pack."""
    bit_of: dict[Card, int] = field(hash=False, compare=False, repr=False)

    @property
    def width(self) -> int:
        return len(self.ranks)

    def bit(self, card: Card) -> int:
        """The bit number of a card; raises ValueError for a card outside the pack."""
        found = self.bit_of.get(card)
        if found is None:
            raise ValueError(f"{card} is not in the pack of {self.game}")
        return found

    def mask(self, cards: frozenset[Card] | tuple[Card, ...]) -> int:
        bit_of = self.bit_of
        result = 0
        for card in cards:
            result |= 1 << bit_of[card]
        return result

    def cards_of(self, mask: int) -> frozenset[Card]:
        return frozenset(self.cards[bit] for bit in bits(mask))


def bits(mask: int) -> list[int]:
    """The set bits of a mask, lowest (strongest card of the first suit) first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


@cache
def layout_for(game: str, three_rank: ThreeRank = "below-jack") -> Layout:
    """The layout of a game under a three-rank switch (only 40 has a 3)."""
    spec = GAMES[game]
    ranks = spec.ranks
    if "3" in ranks and three_rank == "above-jack":
        ranks = "3" + ranks.replace("3", "")
    width = len(ranks)
    power_of_rank = {rank: width - i for i, rank in enumerate(ranks)}
    if "3" in ranks and three_rank == "equal-first":
        power_of_rank["3"] = power_of_rank["J"]
    cards = tuple(Card(rank, suit) for suit in SUITS for rank in ranks)
    power = tuple(power_of_rank[card.rank] for card in cards)
    stronger = tuple(
        sum(
            1 << other
            for other in range(len(cards))
            if cards[other].suit == card.suit and power[other] > power[bit]
        )
        for bit, card in enumerate(cards)
    )
    return Layout(
        game=game,
        ranks=ranks,
        points=tuple(spec.point(card) for card in cards),
        power=power,
        suit_of=tuple(SUITS.index(card.suit) for card in cards),
        cards=cards,
        suit_masks=tuple(((1 << width) - 1) << (s * width) for s in range(len(SUITS))),
        stronger=stronger,
        bit_of={card: bit for bit, card in enumerate(cards)},
        total_points=spec.card_points_total,
    )
