"""A session imported as it is read, one hand at a time, so that memory does not grow with it.

A club's export may hold a hundred thousand hands in one session; ``thuruppu archive import``
reads it a hand at a time (a ``SessionSource``: ``dashboard.cli.session_file.SessionFile``) and
``SqlArchive.import_session`` stores it inside one transaction. ``session_events`` gives the
events a hand at a time (the same events ``events_from_record`` gives for the whole record);
``CheckedLog`` numbers and checks each as ``import_record`` does (``checks.refusal``, an import's
checks), keeping of the hands before only what the checks need. A refusal, or read errors found
at the end of the file, raise ``ArchiveError`` inside the transaction, which is rolled back: a
refused session leaves nothing behind.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol

from recorder.archive.checks import refusal
from recorder.archive.events import (
    ArchiveError,
    Author,
    CommentWritten,
    Event,
    HandStarted,
    LoggedEvent,
)
from recorder.archive.fold import LogState
from recorder.archive.from_record import hand_events, session_created
from recorder.model import Hand, Record


class SessionSource(Protocol):
    """A session read one hand at a time: its tags known once the first hand is given (or after
    the hands, for a session without any), its read errors once the hands are read through."""

    @property
    def name(self) -> str:
        """Where it is read from, for messages."""
        ...

    @property
    def header(self) -> Record | None:
        """The session's tags as a record without hands."""
        ...

    @property
    def after(self) -> list[str]:
        """The comments after the last hand (or after the tags of a session without hands)."""
        ...

    @property
    def errors(self) -> Sequence[object]:
        """The read errors, after the hands were read through."""
        ...

    def hands(self) -> Iterator[Hand]:
        """Each hand read without a problem, in order (once)."""
        ...


def session_events(source: SessionSource) -> Iterator[list[Event]]:
    """The session's events a hand at a time: its creation (as soon as its tags are known), each
    hand's events, then the comments after the last hand. Read errors, known at the end, are an
    ``ArchiveError`` before the last batch."""
    created = False
    for hand in source.hands():
        if not created and source.header is not None:
            yield [session_created(source.header)]
            created = True
        yield list(hand_events(hand))
    if source.errors or source.header is None:
        raise ArchiveError(f"cannot import {source.name}: it has read errors; nothing was stored")
    if not created:
        yield [session_created(source.header)]
    if source.after:
        yield [CommentWritten(text=text) for text in source.after]


class CheckedLog:
    """An imported session's events numbered and checked in order: what ``_store_session`` does
    for a whole record, with the drafts of ended hands dropped after each batch."""

    def __init__(self, author: Author) -> None:
        self.state = LogState()
        self.count = 0
        """The events numbered so far."""
        self._hands_before = 0
        """The ended hands whose drafts were dropped."""
        self._author = author

    def add(self, events: Iterable[Event], at: str) -> list[LoggedEvent]:
        """Number and check the next events (recorded ``at``), as logged events of session 0;
        raises ``ArchiveError`` naming the hand of the first one refused."""
        logged: list[LoggedEvent] = []
        for event in events:
            refused = refusal(self.state, event, live=False)
            hand = self._hands_before + len(self.state.hands)
            if isinstance(event, HandStarted):
                hand += 1
            if refused:
                where = f"hand {hand}: " if hand else ""
                raise ArchiveError(
                    f"cannot store the session: {where}{refused}; nothing was stored"
                )
            self.count += 1
            entry = LoggedEvent(0, self.count, hand, at, event, self._author.who, self._author.why)
            self.state = self.state.add(entry, [entry])
            logged.append(entry)
        self._hands_before += self.state.forget_ended_hands()
        return logged
