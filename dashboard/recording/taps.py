"""What the tap pads of every game family share on the server: the taps' base and the Undo tap,
what an Undo would take back and when it is refused, and the head of the pad's data.

The pad's queue (``dashboard/screens/tap_queue.js``) is one for every family, and so are its Undo
(a tap naming the log position it takes back) and the fields it reads from the pad's data: the
session, how many events the page was drawn from, where to send, the phase and what Undo would
take back. Each family's taps and pad data (``tricks.taps``, ``rummy.taps``, ``tricks.pad``,
``rummy.pad``) build on these, so that the queue finds the same in each; how a tap is read and
compared is the same for every family too (``tap_families.TapFamily``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal, Protocol

from pydantic import BaseModel, ConfigDict

from dashboard.recording.tricks.clicks import Decision, Refused
from recorder.archive import LoggedEvent
from recorder.archive.fold import joined, surviving_events

ROUTE = "_tap"
"""Where the pad sends its taps, relative to the page (``dashboard.server.tap_route``), so that a
server behind a proxy's sub-path is reached there too."""


class TapBase(BaseModel):
    """What every tap shares: frozen, strict about its fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class UndoTap(TapBase):
    """Take back the event logged at ``target`` (the latest one the page showed)."""

    kind: Literal["undo"]
    target: int


class PadPosition(Protocol):
    """What the shared part of the pad reads of a family's position."""

    @property
    def session_id(self) -> int: ...

    @property
    def phase(self) -> str: ...

    @property
    def undoable(self) -> int:
        """How many events an undo could still cancel."""
        ...


def latest_undo(
    position: PadPosition, log: Sequence[LoggedEvent], words: Callable[[LoggedEvent], str]
) -> tuple[int, str] | None:
    """The log position an undo would take back now and what it is in ``words`` (an event
    written in one step with those before it, a hand's end, is named by the first of them), or
    ``None`` when there is nothing to undo."""
    if position.undoable == 0:
        return None
    survivors = surviving_events(log)
    if not survivors:
        return None
    last = survivors[-1]
    named = survivors[-1 - joined(last.event)] if joined(last.event) < len(survivors) else last
    return last.seq, words(named)


def undo_decision(
    latest: tuple[int, str] | None, target: int, latest_is: str, undo: Callable[[], Decision]
) -> Decision:
    """An Undo tap that names the event at ``target``, decided against what an undo would take
    back now (``latest``, from ``latest_undo``): refused when there is nothing to undo or when the
    latest one (the ``latest_is``: "event", "entry") is now another, else ``undo``'s decision
    (the family's undo click)."""
    if latest is None:
        return Refused("there is nothing to undo")
    if latest[0] != target:
        return Refused(f"the latest {latest_is} is now {latest[1]}: nothing was undone")
    return undo()


def pad_head(
    family: str, position: PadPosition, events: int, undo: tuple[int, str] | None
) -> dict[str, object]:
    """The fields of the pad's data every family has: its ``family`` (the name its script draws
    it by), the session, the ``events`` the page was drawn from, the route, the phase and the
    ``undo`` (log position and words) its Undo button names."""
    return {
        "family": family,
        "session": position.session_id,
        "events": events,
        "route": ROUTE,
        "phase": position.phase,
        "undo": None if undo is None else {"target": undo[0], "label": undo[1]},
    }
