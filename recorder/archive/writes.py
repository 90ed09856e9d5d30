"""The rows a write adds to a session's log, shared by every way events reach it.

An event's hand number, its time of recording, the ``Table`` and ``Event`` tags that decide who may
write into the session (``access``), and the insert of logged events: ``store`` appends and
imports with these, ``taps`` stores a scorer's tap with its events the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from recorder.archive.database import Transaction
from recorder.archive.events import (
    Corrected,
    Event,
    HandStarted,
    LoggedEvent,
    RummyLineCorrected,
    encode_payload,
)
from recorder.archive.fold import LogState


def event_name(state: LogState) -> str | None:
    """The session's ``Event`` tag as it was created."""
    return next((t["value"].strip() for t in state.tags if t["name"] == "Event"), None)


def table_of(state: LogState) -> str | None:
    """The session's ``Table`` tag, if it has one."""
    return next((str(tag["value"]) for tag in state.tags if tag["name"] == "Table"), None)


def hand_number(state: LogState, event: Event) -> int:
    """The hand an event belongs to, counting hands from 1 (0 before the first)."""
    if isinstance(event, HandStarted):
        return len(state.hands) + 1
    if isinstance(event, Corrected) and event.target in state.turns:
        return state.turns[event.target].hand_index + 1
    if isinstance(event, RummyLineCorrected) and event.target in state.rummy_lines:
        return state.rummy_lines[event.target].hand_index + 1
    return len(state.hands)


def insert_events(
    tx: Transaction, logged: Sequence[LoggedEvent], session_id: int | None = None
) -> None:
    """Insert logged events (into session ``session_id`` when given, else their own)."""
    tx.run_many(
        "INSERT INTO events (session_id, seq, hand, kind, payload, recorded_at, who, why) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                session_id or e.session_id,
                e.seq,
                e.hand,
                e.event.kind,
                encode_payload(e.event),
                e.recorded_at,
                e.who,
                e.why,
            )
            for e in logged
        ],
    )


def now() -> str:
    """The moment of a write as the archive stores it: UTC, ISO 8601, to the millisecond."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")
