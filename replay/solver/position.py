"""The solver's public value types: a position with every card known, and a move.

A ``Position`` is what the solver judges: the cards left in every hand, the trump state, the trick
so far, the points taken and any undertaking. It is immutable; ``replay.solver.board`` turns it into
the fast bitmask board the search runs on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from recorder.cards import Call, Card, Suit
from replay.solver.rules import TableRules

Action = Literal["ask", "show"]


@dataclass(frozen=True, order=False)
class Move:
    """A player's turn: an optional ``ask``/``show`` and the card played after it."""

    card: Card
    action: Action | None = None

    @property
    def token(self) -> str:
        """The turn as TGN writes it after ``seat:``: ``JS``, ``ask TC``, ``show 9H``."""
        return self.card.code if self.action is None else f"{self.action} {self.card.code}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``JS``, ``ask TC`` or ``show 9H``; raises ValueError on anything else."""
        words = text.split()
        if len(words) == 1:
            return cls(Card.parse(words[0]))
        if len(words) == 2 and words[0].lower() in ("ask", "show"):
            action: Action = "ask" if words[0].lower() == "ask" else "show"
            return cls(Card.parse(words[1]), action)
        raise ValueError(text)

    def __str__(self) -> str:
        return self.token


@dataclass(frozen=True)
class Position:
    """A moment of a hand with every card known: whose cards, the trump, the trick, the points.

    Seats are numbered 1..N as in TGN. ``hands`` leaves out the caller's face-down card while it is
    hidden (``face_down``); once revealed it is back in his hand and ``face_down`` is ``None``.
    ``revealed_in_trick`` is the place in the current trick of the card played with the reveal,
    ``None`` when the trump was revealed before this trick or is still hidden. ``points`` are the
    card points the callers and the other team have taken so far.
    """

    game: str
    hands: tuple[frozenset[Card], ...]
    caller: int
    call: Call
    trump: Suit | None
    face_down: Card | None = None
    leader: int = 1
    trick: tuple[Card, ...] = ()
    revealed_in_trick: int | None = None
    points: tuple[int, int] = (0, 0)
    special: str | None = None
    """``jodi``, ``kot``, ``thani`` (or ``marukott``, which changes nothing in play)."""
    starting_suit: Suit | None = None
    """28 Thani: the suit the caller led first."""
    table: TableRules = field(default_factory=TableRules)
    ended: bool = False
    """The hand is over: every card played, an undertaking lost or an Honours result decided."""

    @classmethod
    def deal(
        cls,
        game: str,
        dealt: tuple[frozenset[Card], ...],
        caller: int,
        call: Call,
        face_down: Card | None,
        leader: int,
        table: TableRules | None = None,
    ) -> Position:
        """The position before the first card: ``face_down`` comes out of the caller's dealt cards.

        ``face_down`` is ``None`` in a Thani, which has no trump.
        """
        hands = tuple(
            cards - {face_down} if seat == caller and face_down else cards
            for seat, cards in enumerate(dealt, start=1)
        )
        return cls(
            game=game,
            hands=hands,
            caller=caller,
            call=call,
            trump=face_down.suit if face_down else None,
            face_down=face_down,
            leader=leader,
            special="thani" if face_down is None else None,
            table=table or TableRules(),
        )

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def to_move(self) -> int:
        """The seat whose turn it is."""
        return (self.leader - 1 + len(self.trick)) % self.players + 1

    @property
    def hidden(self) -> bool:
        """Whether the trump is still face down."""
        return self.face_down is not None

    def cards_left(self) -> int:
        """Cards not yet played: in the hands, face down, none on the table."""
        return sum(len(hand) for hand in self.hands) + (self.face_down is not None)
