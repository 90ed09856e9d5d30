"""Value types of the table: suits, ranks, cards, seats and calls.

Everything here is small, immutable and knows its own arithmetic (next seat, team, rank order); the
packs and card points of each game live in ``recorder.games``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar


def json_form(
    handler: Any, read: Callable[[Any], Any], write: Callable[[Any], str], schema: dict[str, Any]
) -> Any:
    """pydantic's schema of a value type, its code in JSON (``recorder.fields``): what the value
    types' ``__get_pydantic_core_schema__`` gives, loading pydantic only once pydantic asks."""
    from recorder.fields import code_schema

    return code_schema(handler, read, write, schema)


Value = TypeVar("Value")


def code_reader(
    kind: type[Value], parse: Callable[[str], Value], expected: str
) -> Callable[[Any], Value]:
    """How a value type reads its JSON (the ``read`` of ``json_form``): a value of ``kind`` taken
    as it is, a string read by ``parse``, anything else refused with a ``ValueError`` that says
    what was ``expected``."""

    def read(value: Any) -> Value:
        if isinstance(value, kind):
            return value
        if isinstance(value, str):
            return parse(value)
        raise ValueError(f"{expected} expected, not {value!r}")

    return read


class Suit(StrEnum):
    """A suit, written by its letter; the symbol and colour are for display."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        """A suit by its letter."""
        return json_form(
            handler,
            _suit_from_json,
            lambda suit: suit.value,
            {"type": "string", "enum": list("SHDC")},
        )

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def word(self) -> str:
        """The suit's name in the singular, for messages ('a diamond lead')."""
        return self.name.lower()[:-1]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit letter or symbol in any case; raises ValueError."""
        key = _SYMBOL_SUITS.get(text, text.upper())
        return cls(key)


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SYMBOL_SUITS = {symbol: suit.value for suit, symbol in _SUIT_SYMBOLS.items()}
for _symbol, _letter in list(_SYMBOL_SUITS.items()):
    _SYMBOL_SUITS[_symbol + "\ufe0f"] = _letter  # emoji presentation of the same symbol

SUITS: tuple[Suit, ...] = tuple(Suit)

#: Every rank any of the games uses, as written in TGN (the ten is ``T``).
RANKS = "J39ATKQ876"


def parse_rank(text: str) -> str:
    """Read a rank (``10`` is the ten) in any case; raises ValueError."""
    rank = "T" if text == "10" else text.upper()
    if len(rank) != 1 or rank not in RANKS:
        raise ValueError(text)
    return rank


def split_card_code(text: str, read_rank: Callable[[str], str]) -> tuple[str, Suit]:
    """Split a card code into its rank (read by ``read_rank``) and its suit, the suit being its
    last character, or last two (a symbol in emoji form); raises ValueError."""
    for cut in (len(text) - 1, len(text) - 2):
        if cut < 1:
            continue
        try:
            return read_rank(text[:cut]), Suit.parse(text[cut:])
        except ValueError:
            continue
    raise ValueError(text)


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """A card: a rank character from ``RANKS`` and a suit.

    ``index`` numbers every card of every game once, ``suit * 10 + place of the rank in RANKS``
    (suits in ``SUITS`` order): the small integer the engine's loops and tables work with, worked
    out when the card is made (the reader makes each card once and reuses it).
    """

    rank: str
    suit: Suit
    index: int = field(init=False, repr=False, compare=False)
    code: str = field(init=False, repr=False, compare=False)
    """The card's code (``JS``), worked out when the card is made, as ``index`` is."""

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        """A card by its code (``JS``)."""
        schema = {"type": "string", "pattern": "^[J39ATKQ876][SHDC]$"}
        read = code_reader(cls, cls.parse, "a card code such as 'JS'")
        return json_form(handler, read, lambda card: card.code, schema)

    def __post_init__(self) -> None:
        if len(self.rank) != 1 or self.rank not in RANKS:
            raise ValueError(f"no rank {self.rank!r}")
        place = SUITS.index(self.suit) * len(RANKS) + RANKS.index(self.rank)
        object.__setattr__(self, "index", place)
        object.__setattr__(self, "code", self.rank + self.suit.value)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``JS``, ``10h``, ``9♦`` …; raises ValueError on anything else."""
        return cls(*split_card_code(text, parse_rank))

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at a table of ``players`` seats, numbered 1..N in playing order (anticlockwise).

    Seat s+1 sits at seat s's right and plays after it; the odd seats are team 1, the even team 2.
    """

    number: int
    players: int

    def __post_init__(self) -> None:
        if not 1 <= self.number <= self.players:
            raise ValueError(f"seat {self.number} is outside 1..{self.players}")

    @property
    def next(self) -> Seat:
        """The seat at this one's right, who plays after it."""
        return Seat(self.number % self.players + 1, self.players)

    def after(self, steps: int) -> Seat:
        return Seat((self.number - 1 + steps) % self.players + 1, self.players)

    @property
    def team(self) -> int:
        """1 for the odd seats, 2 for the even seats."""
        return 1 if self.number % 2 else 2

    def is_partner(self, other: Seat) -> bool:
        """True for a different seat of the same team."""
        return other.number != self.number and other.team == self.team

    def order_from(self) -> list[Seat]:
        """All seats in playing order, starting with this one."""
        return [self.after(i) for i in range(self.players)]

    def __int__(self) -> int:
        return self.number

    def __str__(self) -> str:
        return str(self.number)


def team_of(seat: int) -> int:
    """The team (1 or 2) of a seat number: odd seats are team 1."""
    return 1 if seat % 2 else 2


class CallKind(StrEnum):
    """What sort of call a player made."""

    PASS = "pass"
    NUMBER = "number"
    HONOURS = "honours"
    THANI = "thani"


#: The ordering value of Thani, above every number.
THANI_VALUE = 1000


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the calling: a pass, a number, an Honours call (40) or Thani.

    ``value`` orders calls: numbers are themselves, Honours n is 30 + n, Thani is above all.
    """

    kind: CallKind
    value: int = 0
    is_pass: bool = field(init=False, repr=False, compare=False)
    """Whether the call is a pass, worked out when it is made (the engine asks it of every call)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_pass", self.kind is CallKind.PASS)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        """A call by its canonical token (``pass``, ``24``, ``H2``, ``thani``)."""
        schema = {"type": "string", "pattern": "^(pass|thani|H([1-9]|10)?|[0-9]{1,3})$"}
        read = code_reader(
            cls,
            lambda text: cls.parse(text, honours=text[:1].lower() == "h"),
            "a call such as '24', 'pass', 'H2' or 'thani'",
        )
        return json_form(handler, read, lambda call: call.token, schema)

    @classmethod
    def parse(cls, text: str, honours: bool) -> Call:
        """Read a call token; ``honours`` says whether the game has Honours calls (40).

        In 40 the numbers 30 … 40 are read as Honours; raises ValueError on anything else.
        """
        word = text.lower()
        if word in ("pass", "p"):
            return cls(CallKind.PASS)
        if word in ("thani", "adi"):
            return cls(CallKind.THANI, THANI_VALUE)
        if honours and word.startswith("h"):
            rest = word[1:]
            if rest == "":
                return cls(CallKind.HONOURS, 30)
            if rest.isdigit() and 1 <= int(rest) <= 10 and not rest.startswith("0"):
                return cls(CallKind.HONOURS, 30 + int(rest))
            raise ValueError(text)
        if word.isdigit() and len(word) <= 3:
            number = int(word)
            if honours and 30 <= number <= 40:
                return cls(CallKind.HONOURS, number)
            return cls(CallKind.NUMBER, number)
        raise ValueError(text)

    @property
    def token(self) -> str:
        """The canonical TGN token: ``pass``, ``24``, ``H``, ``H3``, ``thani``."""
        if self.kind is CallKind.PASS:
            return "pass"
        if self.kind is CallKind.THANI:
            return "thani"
        if self.kind is CallKind.HONOURS:
            return "H" if self.value == 30 else f"H{self.value - 30}"
        return str(self.value)

    @property
    def number(self) -> int | None:
        """The call's number (Honours n is 30 + n), ``None`` for a pass or Thani."""
        return self.value if self.kind in (CallKind.NUMBER, CallKind.HONOURS) else None

    def __str__(self) -> str:
        return self.token


PASS = Call(CallKind.PASS)
THANI = Call(CallKind.THANI, THANI_VALUE)


def _suit_from_json(value: Any) -> Suit:
    return value if isinstance(value, Suit) else Suit.parse(str(value))
