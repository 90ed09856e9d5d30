"""The taps of each game family, found by the session's family: how a tap is read, written for
comparison, and decided against the log the archive holds locked.

``tap_writer.write_tap`` is the one write path of every scorer's tap; what a tap stands for is
its family's: a trick game's card, call or face-down card (``dashboard.recording.tricks.taps``),
a Rummy table's joker, outcome, count, declaration, void deal or next deal
(``dashboard.recording.rummy.taps``). The family is named by the session's ``Game`` tag
(``recorder.games.family_name``) and looked up in ``TAP_FAMILIES``, so the write path knows no
game.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from dashboard.recording.live import Drawn, LiveSession, LiveSessions
from dashboard.recording.rummy import taps as rummy_taps
from dashboard.recording.rummy.position import locate as rummy_locate
from dashboard.recording.tricks import taps as trick_taps
from dashboard.recording.tricks.clicks import Decision
from dashboard.recording.tricks.position import position_of
from recorder.archive import Archive, LoggedEvent
from recorder.games import family_name


@dataclass(frozen=True)
class Place:
    """Where a tap is decided: the session, in this archive, with the pages' kept sessions."""

    archive: Archive
    live: LiveSessions
    session_id: int


@dataclass(frozen=True)
class TapFamily:
    """A game family's taps: ``tapped`` (its taps' model, which reads one from JSON text) and
    ``decision`` (the events the tap stands for against the locked log, or why it is refused).
    Reading a tap and writing it for comparison are the same for every family."""

    tapped: TypeAdapter[Any]
    decision: Callable[[Place, Sequence[LoggedEvent], Any], Decision]

    def read_tap(self, content: str) -> BaseModel | str:
        """The tap a phone sent (JSON text), or what is wrong with it in a scorer's words."""
        try:
            return self.tapped.validate_json(content)
        except ValidationError as error:
            first = error.errors()[0]
            place = ".".join(str(part) for part in first["loc"]) or "the tap"
            return f"the phone sent a tap this server cannot read ({place}: {first['msg']})"

    @staticmethod
    def canonical(tap: BaseModel) -> str:
        """The tap as canonical JSON text: what the archive compares a repeated send with."""
        return json.dumps(tap.model_dump(), sort_keys=True, separators=(",", ":"))


def _trick_decision(place: Place, log: Sequence[LoggedEvent], tap: Any) -> Decision:
    drawn = _drawn_without_waiting(place.live, place.archive, place.session_id, log)
    return trick_taps.decision(position_of(place.session_id, drawn), log, tap)


def _rummy_decision(place: Place, log: Sequence[LoggedEvent], tap: Any) -> Decision:
    return rummy_taps.decision(rummy_locate(place.session_id, log), log, tap)


TAP_FAMILIES: dict[str, TapFamily] = {
    "trick": TapFamily(trick_taps.TAPPED, _trick_decision),
    "rummy": TapFamily(rummy_taps.TAPPED, _rummy_decision),
}
"""Each family's taps by its name (``recorder.games.FAMILIES``)."""


def game_of(logged: Sequence[LoggedEvent]) -> str:
    """The session's ``Game`` tag as its first event set it (``""``: none)."""
    created = logged[0].event if logged else None
    return next((tag.value for tag in getattr(created, "tags", []) if tag.name == "Game"), "")


def tap_family(archive: Archive, session_id: int) -> TapFamily:
    """The taps of the session's family (a trick game's for a session the archive does not know:
    the archive refuses its tap)."""
    return TAP_FAMILIES[family_name(game_of(archive.events(session_id)[:1]))]


def _drawn_without_waiting(
    live: LiveSessions, archive: Archive, session_id: int, log: Sequence[LoggedEvent]
) -> Drawn:
    """The trick session as ``log`` (read and locked by the archive's write) describes it: from
    its kept state when no page holds that now, else made afresh from the log.

    The tap is decided inside the archive's write, the archive's lock held; a page drawing the
    session (the Record page, the projector) holds the kept state's lock while it reads the
    archive. Waiting here for the kept state would hold the two locks in the other order, and the
    server would stop answering anyone."""
    kept = live.session(archive, session_id)
    if kept.lock.acquire(blocking=False):
        try:
            return kept.advance(log).drawn()
        finally:
            kept.lock.release()
    return LiveSession().advance(log).drawn()
