"""A scorer's tap as the phone sends it, and what it stands for at the position the archive holds.

The Record page's tap pad (``dashboard.screens.tap_pad``) keeps every tap on the phone until the
archive holds it, and sends it over HTTP (``dashboard.server.tap_route``) as a small JSON object:
what was tapped, and the turn it belongs to. Each tap carries its own turn: the seat it was made
for (``None``: whoever the archive says is to act when it arrives, which a tap made while the
phone could not hear the server uses) and the actions chosen for that card alone (``ask``,
``show``, ``jodi``, ``kot``), so nothing chosen for one turn can reach the next. An undo names the
event it takes back (``target``, the log position the page showed in its "Undo Faiz's 8♦"): if the
log has moved on since, the undo is refused rather than taking back something else.

``decision`` turns a tap into the events it stands for through the same click functions the
typed turn uses (``clicks``); the archive then stores the tap and its events once
(``Archive.append_tap``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from dashboard.recording.taps import TapBase, UndoTap, latest_undo, undo_decision
from dashboard.recording.tricks import clicks
from dashboard.recording.tricks.clicks import Decision, Refused
from dashboard.recording.tricks.position import Position
from dashboard.recording.tricks.view import seat_name
from dashboard.views.cards import card_label
from recorder.archive import CallMade, HandStarted, LoggedEvent, TrumpPlaced, TurnPlayed


class CardTap(TapBase):
    """A card played, by ``seat`` (``None``: the seat to play), after ``actions``."""

    kind: Literal["card"]
    code: str = Field(max_length=4)
    seat: int | None = None
    actions: list[Annotated[str, Field(max_length=16)]] = Field(default_factory=list, max_length=4)


class CallTap(TapBase):
    """A call (``Pass``, ``17``, ``H3`` ...) by ``seat`` (``None``: the seat to call)."""

    kind: Literal["call"]
    token: str = Field(max_length=16)
    seat: int | None = None


class TrumpTap(TapBase):
    """The face-down card: a card, only its suit, or neither (not seen)."""

    kind: Literal["trump"]
    code: str | None = Field(default=None, max_length=4)
    suit: str | None = Field(default=None, max_length=1)


class AnswerTap(TapBase):
    """``jodi?=no`` or ``kot?=no``: a turn with no card, which ends the hand."""

    kind: Literal["answer"]
    answer: str = Field(max_length=16)
    seat: int | None = None


class PairTap(TapBase):
    """``pair S`` (29) after a trick."""

    kind: Literal["pair"]
    seat: int | None = None


class EndTap(TapBase):
    """``*``: the table ended the play by agreement."""

    kind: Literal["end"]


Tapped = Annotated[
    CardTap | CallTap | TrumpTap | AnswerTap | PairTap | EndTap | UndoTap,
    Field(discriminator="kind"),
]
TAPPED: TypeAdapter[Tapped] = TypeAdapter(Tapped)
"""Reads a tap from the JSON text a phone sent (``tap_families.TapFamily.read_tap``)."""


def decision(position: Position, log: Sequence[LoggedEvent], tap: Tapped) -> Decision:
    """The events ``tap`` stands for at ``position`` (made from ``log``), or why it is refused."""
    if isinstance(tap, UndoTap):
        undo = partial(clicks.undo_click, position)
        return undo_decision(undo_target(position, log), tap.target, "event", undo)
    if isinstance(tap, TrumpTap):
        return clicks.trump_click(position, tap.code, tap.suit)
    if isinstance(tap, EndTap):
        return clicks.end_of_play_click(position)
    seat = tap.seat if tap.seat is not None else position.seat
    if seat is None:
        return Refused("nobody is to act now: pick the seat")
    if isinstance(tap, CardTap):
        return clicks.turn_click(position, seat, tap.actions, tap.code)
    if isinstance(tap, CallTap):
        return clicks.call_click(position, seat, tap.token)
    if isinstance(tap, AnswerTap):
        return clicks.answer_click(position, seat, tap.answer)
    return clicks.pair_click(position, seat)


def undo_target(position: Position, log: Sequence[LoggedEvent]) -> tuple[int, str] | None:
    """The log position an undo would take back now and what it is in words ("Faiz's 8♦"), or
    ``None`` when there is nothing to undo."""
    return latest_undo(position, log, partial(_words, position))


def _words(position: Position, entry: LoggedEvent) -> str:
    """An event in a scorer's words: "Faiz's 8♦", "Faiz's call 17", "the face-down card"."""
    event = entry.event
    if isinstance(event, TurnPlayed):
        who = seat_name(position, event.seat)
        if event.card is None:
            return f"{who}'s " + " ".join(action.token for action in event.actions)
        return f"{who}'s {card_label(event.card)}"
    if isinstance(event, CallMade):
        return f"{seat_name(position, event.seat)}'s call {event.call.token}"
    if isinstance(event, TrumpPlaced):
        return "the face-down card"
    if isinstance(event, HandStarted):
        return f"the start of hand {entry.hand}"
    return f"the {event.kind.replace('-', ' ')}"


def refused_text(decided: Decision) -> str | None:
    """The refusal's message, or ``None`` for an accepted tap."""
    return decided.message if isinstance(decided, Refused) else None
