"""Rummy's cards: the 52 cards of a full pack and the printed joker, with their face points.

Rummy (RUMMY.md §1) uses every rank ``A 2 … K`` and a printed joker ``PJ``, which the trick
games' ``Card`` (ranks ``J39ATKQ876``, ids built over them) does not: Rummy has its own value type.
Which cards are jokers in a deal depends on the cut card and is decided by the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from recorder.cards import SUITS, Suit, code_reader, json_form, split_card_code

#: Rummy's ranks, low to high with the ace low (the ace may also stand above the king).
RUMMY_RANKS = "A23456789TJQK"

#: The rank character of the printed joker (its code is ``PJ``; it has no suit).
PRINTED_JOKER_RANK = "P"

_FACE_POINTS = {rank: min(index + 1, 10) for index, rank in enumerate(RUMMY_RANKS)} | {"A": 10}
_JOKER_WORDS = ("PJ", "JOKER")


def parse_rummy_rank(text: str) -> str:
    """Read a Rummy rank (``10`` is the ten) in any case; raises ValueError."""
    rank = "T" if text == "10" else text.upper()
    if len(rank) != 1 or rank not in RUMMY_RANKS:
        raise ValueError(text)
    return rank


@dataclass(frozen=True, slots=True)
class RummyCard:
    """A Rummy card: a rank of ``RUMMY_RANKS`` and a suit, or the printed joker (rank ``P``, no
    suit)."""

    rank: str
    suit: Suit | None

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        """A Rummy card by its code (``AS``, ``PJ``)."""
        schema = {"type": "string", "pattern": "^([A2-9TJQK][SHDC]|PJ)$"}
        read = code_reader(cls, cls.parse, "a Rummy card code such as 'AS' or 'PJ'")
        return json_form(handler, read, lambda card: card.code, schema)

    @classmethod
    def parse(cls, text: str) -> RummyCard:
        """Read ``AS``, ``10h``, ``9♦``, ``PJ`` or ``joker`` in any case; raises ValueError."""
        if text.upper() in _JOKER_WORDS:
            return PRINTED_JOKER
        return cls(*split_card_code(text, parse_rummy_rank))

    @property
    def is_printed_joker(self) -> bool:
        return self.suit is None

    @property
    def order(self) -> int:
        """0 for the ace (low) up to 12 for the king; -1 for the printed joker."""
        return -1 if self.suit is None else RUMMY_RANKS.index(self.rank)

    @property
    def index(self) -> int:
        """A small integer per distinct card: suit-major over ``RUMMY_RANKS`` (0..51), 52 for PJ."""
        if self.suit is None:
            return 52
        return SUITS.index(self.suit) * 13 + RUMMY_RANKS.index(self.rank)

    @property
    def face_points(self) -> int:
        """Points of the card left over when it is no joker: ``A K Q J`` 10, ``2``-``T`` face
        value; the printed joker 0."""
        return 0 if self.suit is None else _FACE_POINTS[self.rank]

    @property
    def code(self) -> str:
        return "PJ" if self.suit is None else self.rank + self.suit.value

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"RummyCard({self.code})"


PRINTED_JOKER = RummyCard(PRINTED_JOKER_RANK, None)

#: Every distinct Rummy card, in ``index`` order.
RUMMY_CARDS: tuple[RummyCard, ...] = (
    *(RummyCard(rank, suit) for suit in SUITS for rank in RUMMY_RANKS),
    PRINTED_JOKER,
)
