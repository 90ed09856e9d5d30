"""The archive: every session kept as an append-only log of events in SQLite or PostgreSQL.

``open_archive(location)`` gives an ``Archive``; the events are the values of
``recorder.archive.events``; ``fold`` turns a log into a ``Record`` and ``events_from_record`` a
record into a log. See docs/ARCHIVE.md.
"""

from recorder.archive.database import ARCHIVE_ENV, archive_location, default_archive_path
from recorder.archive.events import (
    ArchiveError,
    CallMade,
    CommentWritten,
    Corrected,
    DealSeen,
    Event,
    HandEnded,
    HandStarted,
    LoggedEvent,
    PairDeclared,
    PenaltyAwarded,
    Redealt,
    RummyLineCorrected,
    RummyLineWritten,
    RummyWinnerNamed,
    SessionCreated,
    StarAgreed,
    TrickStarted,
    TrumpPlaced,
    TurnPlayed,
    Undone,
    event_from_json,
)
from recorder.archive.fold import fold
from recorder.archive.from_record import events_from_record
from recorder.archive.store import Archive, SessionSummary, SqlArchive, open_archive

__all__ = [
    "ARCHIVE_ENV",
    "Archive",
    "ArchiveError",
    "CallMade",
    "CommentWritten",
    "Corrected",
    "DealSeen",
    "Event",
    "HandEnded",
    "HandStarted",
    "LoggedEvent",
    "PairDeclared",
    "PenaltyAwarded",
    "Redealt",
    "RummyLineCorrected",
    "RummyLineWritten",
    "RummyWinnerNamed",
    "SessionCreated",
    "SessionSummary",
    "SqlArchive",
    "StarAgreed",
    "TrickStarted",
    "TrumpPlaced",
    "TurnPlayed",
    "Undone",
    "archive_location",
    "default_archive_path",
    "event_from_json",
    "events_from_record",
    "fold",
    "open_archive",
]
