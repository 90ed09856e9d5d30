"""Cards as small integers for the engine's inner loops, and each game's per-card tables.

A card id is the card's ``Card.index``: ``suit * 10 + rank index`` over ``RANKS`` (``J39ATKQ876``)
and the suits ``S H D C``; the tables give each id its points and its strength in a suit under the
hand's house rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from recorder.cards import RANKS, SUITS, Card, Suit
from recorder.games import GameSpec

SUIT_COUNT: Final = 4
RANK_COUNT: Final = 10
"""``len(RANKS)``; written out, so that the compiled engine's loops have it as a constant."""
CARD_COUNT: Final = SUIT_COUNT * RANK_COUNT
if (len(SUITS), len(RANKS)) != (SUIT_COUNT, RANK_COUNT):
    raise ImportError("replay.tricks.deck's counts disagree with recorder.cards")

CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
"""Every card any game uses, indexed by its id (``CARDS[card.index] == card``)."""


def card_id(card: Card) -> int:
    """The id of a card (any rank of ``RANKS``); the engine's loops read ``card.index`` itself."""
    return card.index


def suit_of(card: int) -> int:
    """The suit index (0..3, ``S H D C``) of a card id."""
    return card // RANK_COUNT


def suit_index(suit: Suit) -> int:
    return SUITS.index(suit)


def suit_word(suit: int) -> str:
    """'spade', 'heart', ... for messages."""
    return SUITS[suit].word


@dataclass(frozen=True)
class CardTable:
    """Per-id facts of one game under the hand's switches: pack, points, strength in a suit."""

    in_pack: tuple[bool, ...]
    points: tuple[int, ...]
    strength: tuple[int, ...]
    """Higher beats lower in the same suit; equal strengths are won by the card played first."""
    pack: tuple[int, ...]
    suits: tuple[tuple[int, ...], ...]
    """The pack's cards of each suit, high to low by the game's rank list."""

    @classmethod
    def build(cls, spec: GameSpec, order: Sequence[str]) -> CardTable:
        """The table of ``spec`` ranked by ``order``: groups of equal ranks, high first."""
        strength_of_rank = {
            rank: len(order) - place for place, group in enumerate(order) for rank in group
        }
        in_pack = tuple(CARDS[i].rank in spec.ranks for i in range(CARD_COUNT))
        points = tuple(spec.points.get(CARDS[i].rank, 0) for i in range(CARD_COUNT))
        strength = tuple(strength_of_rank.get(CARDS[i].rank, 0) for i in range(CARD_COUNT))
        pack = tuple(i for i in range(CARD_COUNT) if in_pack[i])
        suits = tuple(tuple(c for c in pack if suit_of(c) == suit) for suit in range(SUIT_COUNT))
        return cls(in_pack, points, strength, pack, suits)

    def suit_cards(self, suit: int) -> tuple[int, ...]:
        """The pack's cards of a suit, high to low by the game's rank list."""
        return self.suits[suit]
