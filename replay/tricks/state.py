"""What a replay shows at each moment: events, table snapshots and trick summaries.

``TableState`` is an immutable snapshot of the table after an event, as the record lets a referee
see it; ``TableState.view(seat)`` narrows it to what one player could see at that moment.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, NamedTuple

from recorder.cards import Call, Card, Suit
from replay.findings import Finding

EventKind = Literal["deal", "bid", "trump", "action", "card", "pair", "redeal", "end"]


class Play(NamedTuple):
    """One card of a trick: who played it, the card (``None`` when not seen), whether it trumped."""

    seat: int
    card: Card | None
    trump: bool


@dataclass(frozen=True)
class Event:
    """One thing that happened: its kind, hand, trick (``None`` before play), seat and TGN token."""

    kind: EventKind
    hand: int
    trick: int | None
    seat: int | None
    token: str
    line: int
    column: int


@dataclass(frozen=True)
class TableState:
    """The table after an event: holdings, calling, the trump, the trick, points and undertakings.

    Tuples by seat are indexed ``seat - 1``. ``hands`` holds the cards known to be in each hand now
    (the caller's face-down card is apart while hidden); ``unknown`` counts the cards not known.
    """

    players: int
    hands: tuple[tuple[Card, ...], ...]
    unknown: tuple[int, ...]
    played: tuple[tuple[Card, ...], ...]
    calls: tuple[tuple[int, Call], ...]
    highest: Call | None
    caller: int | None
    trump: Suit | None
    face_down: Card | None
    revealed: bool
    revealed_by: int | None
    revealed_in: int | None
    trick: int
    """The trick being played (0 before the first card)."""
    trick_plays: tuple[Play, ...]
    to_lead: int | None
    to_play: int | None
    points: tuple[int, int]
    """Card points won by team 1 (odd seats) and team 2 (even seats)."""
    tricks_won: tuple[int, int]
    undertakings: tuple[str, ...]
    """In force now: ``jodi``, ``thani``, ``kot``, ``pair S``."""
    over: bool
    decided: bool
    trump_named: bool = False
    """29 ``trump ?H``: the trump suit was named (online play), no card was put face down."""
    viewer: int | None = None
    """The seat this view is for, ``None`` for the whole record."""
    holding: int | None = None
    """29 in the calling: the cards each seat holds so far (its first four); ``None`` once every
    card is dealt (the trump put face down, or the first play)."""
    undealt: tuple[tuple[Card, ...], ...] = ()
    """While ``holding`` is set, the cards of ``hands`` not dealt yet, by seat: the record shows
    them, the referee sees them, no seat does."""

    def view(self, seat: int) -> TableState:
        """What ``seat`` could see now: his own cards dealt so far (in 29's calling only his first
        four), all cards played, the calls, the trump once revealed (the caller always), the
        face-down card only for the caller until revealed."""
        if self.holding is not None:
            later = set(self.undealt[seat - 1]) if self.undealt else set()
            own = tuple(card for card in self.hands[seat - 1] if card not in later)
            hands = tuple(own if index + 1 == seat else () for index in range(self.players))
            unknown = tuple(
                max(0, self.holding - len(own)) if index + 1 == seat else self.holding
                for index in range(self.players)
            )
        else:
            hands = tuple(
                cards if index + 1 == seat else () for index, cards in enumerate(self.hands)
            )
            unknown = tuple(
                count if index + 1 == seat else count + len(self.hands[index])
                for index, count in enumerate(self.unknown)
            )
        sees_trump = self.revealed or seat == self.caller
        return replace(
            self,
            hands=hands,
            unknown=unknown,
            trump=self.trump if sees_trump else None,
            face_down=self.face_down if sees_trump else None,
            viewer=seat,
            undealt=(),
        )


@dataclass(frozen=True)
class Step:
    """An event, the table after it, and the findings that arose at it."""

    event: Event
    state: TableState
    findings: tuple[Finding, ...] = ()


@dataclass(frozen=True)
class TrickSummary:
    """One trick as replayed: leader, plays, winner, card points and the reveal in it."""

    number: int
    leader: int | None
    plays: tuple[Play, ...]
    winner: int | None
    """``None`` when the record cannot tell (a card not seen, an unknown trump)."""
    points: int | None
    """Card points in the trick, plus the last-trick point where it counts; ``None`` if unknown."""
    revealed: bool
    """Whether the trump was revealed in this trick."""
    revealed_by: int | None
