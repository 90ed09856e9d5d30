"""Rummy groups (RUMMY.md §1-§2): which cards are jokers in a deal, and what one group of cards is.

A group is judged by its best reading, pure over impure over set: a pure sequence (a joker-rank card
used as itself keeps it pure), a Thennaali (three identical cards, counted as pure), an impure
sequence (jokers stand in for missing cards), a set (one rank, natural cards of different suits).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from recorder.rummy.cards import RummyCard

#: What a group of cards is, read at its best; "none" for cards that make no group.
GroupKind = Literal["pure", "thennaali", "impure", "set", "none"]

#: The kinds that are sequences, and those of them that are pure (RUMMY.md §2).
SEQUENCE_KINDS: frozenset[GroupKind] = frozenset({"pure", "thennaali", "impure"})
PURE_KINDS: frozenset[GroupKind] = frozenset({"pure", "thennaali"})

#: The most cards a sequence can hold: every rank of one suit once.
LONGEST_SEQUENCE = 13

#: The place of the ace above the king (its place below the two is its ``order``, 0).
ACE_HIGH = 13


@dataclass(frozen=True)
class Wild:
    """Which cards are jokers in a deal: printed jokers always; every card of `rank`;
    aces too when a printed joker was cut (`rank=None, aces=True`)."""

    rank: str | None
    aces: bool = False

    @classmethod
    def from_cut(cls, cut: RummyCard | None) -> Wild:
        """The jokers of a deal cut `cut`; None (no joker line): printed jokers only."""
        if cut is None:
            return cls(rank=None)
        if cut.is_printed_joker:
            return cls(rank=None, aces=True)
        return cls(rank=cut.rank)

    def is_joker(self, card: RummyCard) -> bool:
        """Whether `card` may stand in for any card in this deal."""
        return card.suit is None or card.rank == self.rank or (self.aces and card.rank == "A")

    def points(self, card: RummyCard) -> int:
        """What `card` counts when left over: 0 for any joker, else its face points."""
        return 0 if self.is_joker(card) else card.face_points


def sequence_span(orders: Iterable[int]) -> int | None:
    """The fewest places in one suit's line that hold these ranks, the ace read low (A 2 3) or
    high (Q K A) but never both; None when a rank repeats. No ranks: 0."""
    ranks = sorted(orders)
    if len(set(ranks)) != len(ranks):
        return None
    if not ranks:
        return 0
    low = ranks[-1] - ranks[0] + 1
    if ranks[0] != 0:
        return low
    high_ranks = [*ranks[1:], ACE_HIGH]
    return min(low, high_ranks[-1] - high_ranks[0] + 1)


def is_pure_run(cards: Sequence[RummyCard]) -> bool:
    """Three or more natural cards of one suit in consecutive rank, every card read as itself."""
    if len(cards) < 3 or any(card.suit is None for card in cards):
        return False
    if len({card.suit for card in cards}) != 1:
        return False
    return sequence_span(card.order for card in cards) == len(cards)


def is_thennaali(cards: Sequence[RummyCard]) -> bool:
    """Exactly three identical cards (same rank and suit); never of printed jokers."""
    return len(cards) == 3 and cards[0].suit is not None and len(set(cards)) == 1


def _is_impure_sequence(
    naturals: Sequence[RummyCard], size: int, anchored: bool, joker_group: bool
) -> bool:
    """Whether `naturals` (the cards read as themselves) and jokers up to `size` cards make a
    sequence. With no natural card the group is all jokers: a sequence when one of them is a
    joker-rank card (read as itself, the others standing in around it), or when `joker_group`."""
    if not 3 <= size <= LONGEST_SEQUENCE:
        return False
    if not naturals:
        return anchored or joker_group
    if len({card.suit for card in naturals}) != 1:
        return False
    span = sequence_span(card.order for card in naturals)
    return span is not None and span <= size


def _is_set(naturals: Sequence[RummyCard], size: int) -> bool:
    """Three or four cards of one rank, the natural ones of different suits, jokers filling."""
    if not naturals or not 3 <= size <= 4:
        return False
    if len({card.rank for card in naturals}) != 1:
        return False
    return len({card.suit for card in naturals}) == len(naturals)


def judge_group(cards: Sequence[RummyCard], wild: Wild, joker_group: bool = False) -> GroupKind:
    """The best reading of one group (RUMMY.md §2): pure (or Thennaali) over impure over set.

    A joker-rank card is read as itself for a pure sequence or Thennaali and as a joker otherwise
    (reading it as itself never helps an impure sequence or a set). A group of printed jokers only
    is no group, unless `joker_group` accepts it as an impure sequence.
    """
    if is_pure_run(cards):
        return "pure"
    if is_thennaali(cards):
        return "thennaali"
    naturals = [card for card in cards if not wild.is_joker(card)]
    anchored = any(card.suit is not None for card in cards)
    if _is_impure_sequence(naturals, len(cards), anchored, joker_group):
        return "impure"
    if _is_set(naturals, len(cards)):
        return "set"
    return "none"
