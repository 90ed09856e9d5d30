"""What the words of body lines mean in one game: cards, calls, seats, actions and turn parts.

``Notation`` holds the facts of a game the reader checks against (pack, seats, Honours) and reads
single words, remembering each distinct word so that a long file costs one dictionary look-up per
word. The game differences are data taken from ``recorder.games``; nothing here names a game.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import NamedTuple

from recorder.cards import RANKS, Call, Card, Suit
from recorder.games import GameSpec
from recorder.tgn.errors import quoted

#: Distinct words remembered per kind; junk beyond this is read again each time.
_MEMORY = 4096
#: The notation of each game's facts, shared by every read (its memory is bounded by ``_MEMORY``).
_SHARED: dict[tuple[str | None, int, str, bool, int, int], Notation] = {}

GLYPHS = ("!", "?", "!!", "??", "!?", "?!")
#: Every action as written (lower case): its kind and, for an ask, the answer.
ACTIONS: dict[str, tuple[str, bool | None]] = {
    "ask": ("ask", None),
    "show": ("show", None),
    "jodi": ("jodi", None),
    "jodi?=yes": ("jodi?", True),
    "jodi?=no": ("jodi?", False),
    "kot": ("kot", None),
    "kot?=yes": ("kot?", True),
    "kot?=no": ("kot?", False),
}
_ACTION_LIST = ", ".join(list(ACTIONS)[:-1]) + " or " + list(ACTIONS)[-1]
_SEAT_PREFIX = re.compile(r"([^:]*):(.*)\Z", re.S)
_CARD_PART = re.compile(r"(\^?)(.*?)([!?]*)\Z", re.S)


class Problem(NamedTuple):
    """A problem inside a word: the character offset where it starts and the message."""

    offset: int
    message: str


class TurnPart(NamedTuple):
    """One word of a trick line read: an optional ``seat:`` and an action, a card, or nothing.

    ``offset`` is where the action or card starts in the word (after ``seat:`` and ``^``).
    """

    seat: int | None
    has_seat: bool
    offset: int
    action: tuple[str, bool | None] | None = None
    card: Card | None = None
    unseen: bool = False
    glyph: str | None = None
    called: bool = False
    problems: tuple[Problem, ...] = ()
    simple: bool = False
    """A plain ``seat:card`` (no action, glyph, mark or problem): the reader's fast path."""


class BidPart(NamedTuple):
    """One ``seat:call`` word read; ``offset`` is where the call starts."""

    seat: int | None
    call: Call | None
    offset: int
    problems: tuple[Problem, ...] = ()


@dataclass
class Notation:
    """The facts of one game the reader needs, and the words of that game read so far."""

    game: str | None
    players: int
    ranks: str
    honours: bool
    bid_split: int
    hand_size: int
    _cards: dict[str, Card | str] = field(default_factory=dict, repr=False)
    _turns: dict[str, TurnPart] = field(default_factory=dict, repr=False)
    _bids: dict[str, BidPart] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, spec: GameSpec) -> Notation:
        """The notation of a known game, one per game for the process: the words it remembers
        serve every file of that game (a folder of short sessions reads each word once)."""
        return cls._shared(
            spec.name, spec.players, spec.ranks, spec.honours, spec.bid_split, spec.hand_size
        )

    @classmethod
    def seats(cls, players: int) -> Notation:
        """Seats 1..players only: the hand tags of a game whose body has its own reader."""
        return cls._shared(None, players, RANKS, False, 0, 0)

    @classmethod
    def any_game(cls) -> Notation:
        """What to read hands against when the game is missing or unknown: every rank and call."""
        return cls._shared(None, 6, RANKS, True, 4, 8)

    @classmethod
    def _shared(
        cls, game: str | None, players: int, ranks: str, honours: bool, split: int, size: int
    ) -> Notation:
        facts = (game, players, ranks, honours, split, size)
        shared = _SHARED.get(facts)
        if shared is None:
            shared = _SHARED[facts] = cls(*facts)
        return shared

    @property
    def known_cards(self) -> dict[str, Card | str]:
        """The words read as cards so far: a look-up that saves a call in the reader's hot loop."""
        return self._cards

    @property
    def known_turns(self) -> dict[str, TurnPart]:
        """The words of trick lines read so far: the look-up of the reader's hottest loop."""
        return self._turns

    @property
    def ranks_text(self) -> str:
        """The ranks as messages list them: ``J 3 9 A T K Q 8 7``."""
        return " ".join(self.ranks)

    def card(self, text: str) -> Card | str:
        """The card a word names in this game, or the message saying why it names none."""
        known = self._cards.get(text)
        if known is not None:
            return known
        found = self._read_card(text)
        if len(self._cards) < _MEMORY:
            self._cards[text] = found
        return found

    def _read_card(self, text: str) -> Card | str:
        try:
            card = Card.parse(text)
        except ValueError:
            return f"unknown card {quoted(text)} (ranks {self.ranks_text})"
        if card.rank not in self.ranks:
            game = f"the pack of {self.game}" if self.game else "any pack"
            return f"card {quoted(text)} is not in {game} (ranks {self.ranks_text})"
        return card

    def seat(self, text: str) -> int | str:
        """The seat a number names, or the message saying why it is not a seat."""
        if not text.isdigit() or not text.isascii():
            return f"bad seat {quoted(text)} (expected a seat number 1..{self.players})"
        seat = int(text)
        if not 1 <= seat <= self.players:
            return f"seat {seat} outside 1..{self.players}"
        return seat

    def suit(self, text: str) -> Suit | str:
        """The suit a letter or symbol names, or the message saying why it names none."""
        try:
            return Suit.parse(text)
        except ValueError:
            return f"unknown suit {quoted(text)} (expected S, H, D or C)"

    def turn_part(self, word: str) -> TurnPart:
        """Read one word of a trick line (remembered: the same word reads the same way)."""
        known = self._turns.get(word)
        if known is None:
            known = self._read_turn_part(word)
            if len(self._turns) < _MEMORY:
                self._turns[word] = known
        return known

    def bid_part(self, word: str) -> BidPart:
        """Read one ``seat:call`` word of a ``bid`` line."""
        known = self._bids.get(word)
        if known is None:
            known = self._read_bid_part(word)
            if len(self._bids) < _MEMORY:
                self._bids[word] = known
        return known

    def _read_turn_part(self, word: str) -> TurnPart:
        seat, has_seat, offset, problems = self._seat_prefix(word)
        rest = word[offset:]
        if not rest:
            return TurnPart(seat, has_seat, offset, problems=tuple(problems))
        lower = rest.lower()
        action = ACTIONS.get(lower)
        if action is not None:
            return TurnPart(seat, has_seat, offset, action=action, problems=tuple(problems))
        if lower.startswith(("jodi?", "kot?")):
            asked = lower.split("?")[0]
            message = f"{quoted(rest)} needs its answer: {asked}?=yes or {asked}?=no"
            problems.append(Problem(offset, message))
            return TurnPart(seat, has_seat, offset, problems=tuple(problems))
        match = _CARD_PART.match(rest)
        assert match is not None  # the pattern matches every string
        called, text, glyph = match.groups()
        card_offset = offset + len(called)
        if glyph and glyph not in GLYPHS:
            expected = " ".join(GLYPHS)
            message = f"bad glyph {quoted(glyph)} (expected one of {expected})"
            problems.append(Problem(card_offset + len(text), message))
        if text == "-":
            return TurnPart(
                seat,
                has_seat,
                card_offset,
                unseen=True,
                glyph=glyph or None,
                called=bool(called),
                problems=tuple(problems),
            )
        card = self.card(text)
        if isinstance(card, str):
            problems.append(Problem(card_offset, self._not_a_card(text, card)))
            return TurnPart(seat, has_seat, card_offset, problems=tuple(problems))
        return TurnPart(
            seat,
            has_seat,
            card_offset,
            card=card,
            glyph=glyph or None,
            called=bool(called),
            problems=tuple(problems),
            simple=has_seat and seat is not None and not (glyph or called or problems),
        )

    def _not_a_card(self, text: str, card_message: str) -> str:
        """Say what a word that is neither an action nor a card looks like it was meant to be."""
        lower = text.lower()
        if difflib.get_close_matches(lower, ACTIONS, n=1, cutoff=0.7) or "=" in text:
            return f"unknown action {quoted(text)} (expected {_ACTION_LIST})"
        if _two_cards(text):
            return f"two cards in one turn {quoted(text)} (a turn has exactly one card)"
        if _looks_like_a_word(text):
            return f"unknown action {quoted(text)} (expected {_ACTION_LIST}, or a card)"
        return card_message

    def _read_bid_part(self, word: str) -> BidPart:
        seat, has_seat, offset, problems = self._seat_prefix(word)
        rest = word[offset:]
        if not has_seat:
            message = f"call {quoted(word)} without its seat (expected seat:call, such as 1:{word})"
            problems.append(Problem(0, message))
        if not rest:
            problems.append(Problem(offset, f"seat {quoted(word)} without its call"))
            return BidPart(seat, None, offset, tuple(problems))
        try:
            call: Call | None = Call.parse(rest, self.honours)
        except ValueError:
            call = None
            honours = ", H, H1 ... H10" if self.honours else ""
            expected = f"pass, thani, a number{honours}"
            problems.append(Problem(offset, f"unknown call {quoted(rest)} (expected {expected})"))
        return BidPart(seat, call, offset, tuple(problems))

    def _seat_prefix(self, word: str) -> tuple[int | None, bool, int, list[Problem]]:
        match = _SEAT_PREFIX.match(word)
        if match is None:
            return None, False, 0, []
        seat = self.seat(match.group(1))
        if isinstance(seat, str):
            return None, True, len(match.group(1)) + 1, [Problem(0, seat)]
        return seat, True, len(match.group(1)) + 1, []


def _two_cards(text: str) -> bool:
    """Whether a word is two cards run together (``KHAS``, ``KH,AS``)."""
    for cut in range(2, len(text) - 1):
        first, second = text[:cut], text[cut:].lstrip(",+/")
        if _is_card(first) and _is_card(second):
            return True
    return False


def _is_card(text: str) -> bool:
    try:
        Card.parse(text)
    except ValueError:
        return False
    return True


def _looks_like_a_word(text: str) -> bool:
    """Letters that cannot be a mistyped card (``asks``, ``shw``), as opposed to ``JSS``."""
    if not text.isalpha() or len(text) < 3:
        return False
    upper = text.upper()
    return not (len(text) == 3 and upper[0] in RANKS and upper[2] in "SHDC")
