"""The archive: sessions kept as append-only logs of events, in SQLite or PostgreSQL.

``open_archive`` picks the database from the location; ``SqlArchive`` is the one implementation of
the ``Archive`` interface for both. An event is checked against the session's folded log, then
stored with the next sequence number inside one transaction, and committed before ``append``
returns its number.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from recorder.archive import access, taps
from recorder.archive.checks import refusal
from recorder.archive.database import Database, Transaction, archive_location, open_database
from recorder.archive.day import (
    DayEntry,
    DayEvent,
    DayState,
    day_event_from_json,
    day_payload,
    day_refusal,
    session_of,
)
from recorder.archive.events import (
    LOCAL,
    ArchiveError,
    Author,
    Event,
    LoggedEvent,
    SessionCreated,
    event_from_json,
)
from recorder.archive.fold import LogState
from recorder.archive.from_record import events_from_record
from recorder.archive.importing import CheckedLog, SessionSource, session_events
from recorder.archive.notices import Notice, notify
from recorder.archive.public import public_record
from recorder.archive.taps import Decide, HolderChange, KeptTap, Tap, TapAnswer, TapState
from recorder.archive.writes import event_name as _event_name
from recorder.archive.writes import hand_number as _hand_number
from recorder.archive.writes import insert_events as _insert_events
from recorder.archive.writes import now as _now
from recorder.archive.writes import table_of as _table
from recorder.model import Record, Tag
from recorder.tgn import TGNError, dumps, loads


class StaleWrite(ArchiveError):
    """A write drawn from an older position of the log than the archive holds: refused."""


@dataclass(frozen=True, slots=True)
class PublicView:
    """A session as the room sees it (``public_record``), and whether a hand is being played in
    it: such a record is a passing one, which the session's next event replaces."""

    record: Record
    hand_open: bool


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """One archived session as the list shows it."""

    id: int
    game: str
    created_at: str
    events: int
    """How many events its log holds, undos and undone ones included."""
    event: str | None = None
    """The session's ``Event`` tag when it was created."""
    schedule: str | None = None
    """The id of the scheduled match it was started from."""
    origin: str = "live"
    """``live`` (recorded event by event) or ``import`` (stored whole, by the director)."""


class Archive(Protocol):
    """Where sessions are recorded and read back; refusals and database trouble are
    ``ArchiveError``."""

    @property
    def location(self) -> str:
        """The file or address, password masked."""
        ...

    def create_session(self, tags: Sequence[Tag], author: Author = ...) -> int:
        """Start a session with its tags (``Game`` required); returns its id."""
        ...

    def start_scheduled(self, tags: Sequence[Tag], schedule: str, author: Author = ...) -> int:
        """Start the session of a scheduled match: refused while the match has a session of the
        same event that is not void; one transaction."""
        ...

    def append(
        self, session_id: int, event: Event, author: Author = ..., after: int | None = None
    ) -> int:
        """Check and store one event; returns its sequence number once it is committed.
        ``after`` is the last event the writer saw: refused when the log has grown since."""
        ...

    def append_all(
        self,
        session_id: int,
        events: Sequence[Event],
        author: Author = ...,
        after: int | None = None,
    ) -> int:
        """Check and store events written as one step (a hand's last card and its end) in one
        transaction, each checked after those before it: all are stored or none. Returns the
        sequence number of the last once they are committed; ``after`` as for ``append``."""
        ...

    def append_day(self, event_name: str, event: DayEvent, author: Author = ...) -> int:
        """Check and store one event of a tournament's day log; returns its number."""
        ...

    def day_log(self, event_name: str | None = None) -> list[DayEntry]:
        """The day's log of one tournament (of all, without a name), oldest first."""
        ...

    def day_state(self, event_name: str) -> DayState:
        """One tournament's day log folded: description, schedule, voids, stands, payments."""
        ...

    def events(self, session_id: int) -> list[LoggedEvent]:
        """The session's whole log in order."""
        ...

    def sessions(self) -> list[SessionSummary]:
        """Every session, oldest first."""
        ...

    def record(self, session_id: int) -> Record:
        """The session as a record: its log folded, undos and corrections applied."""
        ...

    def public_record(self, session_id: int) -> Record:
        """The session as the room sees it: a hand still being played shows only what is public
        (``recorder.archive.public``)."""
        ...

    def public_view(self, session_id: int) -> PublicView:
        """The session as the room sees it, and whether a hand is being played in it."""
        ...

    def ended_record(self, session_id: int) -> Record:
        """The session with only its hands that have ended: a hand being played is left out
        (it counts for no score or standing until it ends, TOURNAMENT.md §8)."""
        ...

    def import_record(self, record: Record, author: Author = ...) -> int:
        """Store a whole record as a new session in one transaction; returns its id."""
        ...

    def import_session(self, source: SessionSource, author: Author = ...) -> int:
        """Store a session read one hand at a time as a new session in one transaction, its
        memory not growing with it; read errors or a refusal store nothing. Returns its id."""
        ...

    def import_tgn(self, text: str, path: str = "<string>") -> int:
        """Read TGN text (from ``path``, for messages) and store it as a new session; returns its
        id. Text that cannot be read is an ``ArchiveError`` listing the reader's errors."""
        ...

    def export_tgn(self, session_id: int) -> str:
        """The session as canonical TGN text."""
        ...

    def append_tap(
        self,
        session_id: int,
        tap: Tap,
        decide: Decide,
        author: Author = ...,
        take_over: bool = False,
    ) -> TapAnswer:
        """Store a scorer's tap exactly once, in the phone's order, by the table's holder, with
        the events ``decide`` makes of the locked log, in one transaction (``taps``)."""
        ...

    def tap_state(self, session_id: int, device: str) -> TapState:
        """How far a phone's taps are held, who holds the table, and the log's length."""
        ...

    def kept_apart(self, session_id: int) -> list[KeptTap]:
        """The session's taps kept apart (another phone held the table), oldest first."""
        ...

    def holders(self, session_id: int) -> list[HolderChange]:
        """Every phone that became the session's holder, oldest first."""
        ...


@dataclass
class KnownLog:
    """A session's log as far as it has been read, and the state it folds to."""

    log: list[LoggedEvent]
    state: LogState


class SqlArchive:
    """The archive over one database; each call is one short-lived unit of work.

    Logs already read are kept in memory by session: a log only grows, so a later call reads just
    the events after them and advances the folded state by those. The memory is guarded by a
    lock, so threads may share one archive."""

    def __init__(self, database: Database) -> None:
        self._database = database
        self._known: dict[int, KnownLog] = {}
        self._guard = threading.Lock()

    @property
    def location(self) -> str:
        """The file or address, password masked."""
        return self._database.shown

    def create_session(self, tags: Sequence[Tag], author: Author = LOCAL) -> int:
        """Start a session with its tags (``Game`` required); returns its id."""
        return self._store_session([SessionCreated(tags=list(tags))], author, origin="live")

    def start_scheduled(self, tags: Sequence[Tag], schedule: str, author: Author = LOCAL) -> int:
        """Start the session of a scheduled match, unless one not void holds it already."""
        return self._store_session(
            [SessionCreated(tags=list(tags))], author, origin="live", schedule=schedule
        )

    def append(
        self, session_id: int, event: Event, author: Author = LOCAL, after: int | None = None
    ) -> int:
        """Check one event against the session's log and store it with the next number."""
        return self.append_all(session_id, [event], author, after)

    def append_all(
        self,
        session_id: int,
        events: Sequence[Event],
        author: Author = LOCAL,
        after: int | None = None,
    ) -> int:
        """Check events written as one step against the session's log, each after those before
        it, and store them with the next numbers in one transaction."""
        if not events:
            raise ArchiveError(f"session {session_id}: no event to store")
        lock = self._database.dialect.lock_row
        with self._guard:
            advanced = False  # the kept state advances in place: dropped if the batch fails
            try:
                with self._database.transaction(write=True) as tx:
                    known = self._read(tx, session_id, lock)
                    table, tournament = _table(known.state), _event_name(known.state)
                    for event in events:
                        access.refuse(
                            access.write_refusal(author, known.log, table, tournament, event)
                        )
                    if after is not None and after != len(known.log):
                        raise StaleWrite(
                            f"session {session_id}: another device recorded here since this "
                            "page was drawn; nothing was stored"
                        )
                    log, state = list(known.log), known.state
                    for event in events:
                        refused = refusal(state, event)
                        if refused:
                            raise ArchiveError(
                                f"session {session_id}: {refused}; nothing was stored"
                            )
                        number = _hand_number(state, event)
                        log.append(
                            LoggedEvent(
                                session_id, len(log) + 1, number, _now(), event, *_by(author)
                            )
                        )
                        state, advanced = state.add(log[-1], log), True
                    _insert_events(tx, log[len(known.log) :])
                    tx.run("UPDATE sessions SET last_seq = ? WHERE id = ?", (len(log), session_id))
                    notify(tx, self._database.dialect, Notice(session_id, len(log)))
            except BaseException:
                if advanced:
                    self._known.pop(session_id, None)
                raise
            self._known[session_id] = KnownLog(log, state)
        return len(log)

    def events(self, session_id: int) -> list[LoggedEvent]:
        """The session's whole log in order."""
        with self._guard, self._database.transaction(write=False) as tx:
            return list(self._read(tx, session_id).log)

    def sessions(self) -> list[SessionSummary]:
        """Every session, oldest first."""
        with self._database.transaction(write=False) as tx:
            rows = tx.run(
                "SELECT id, game, created_at, last_seq, event, schedule, origin FROM sessions "
                "ORDER BY id"
            )
        return [
            SessionSummary(int(key), game, at, int(last), event, schedule, origin)
            for key, game, at, last, event, schedule, origin in rows
        ]

    def append_day(self, event_name: str, event: DayEvent, author: Author = LOCAL) -> int:
        """Check one day event against the tournament's day log and store it."""
        access.refuse(access.day_refusal(author, event, event_name))
        session = session_of(event)
        with self._database.transaction(write=True) as tx:
            if self._database.dialect.day_lock:
                tx.run(self._database.dialect.day_lock)
            if session is not None and not tx.run(
                "SELECT id FROM sessions WHERE id = ?", (session,)
            ):
                raise ArchiveError(f"archive has no session {session}; nothing was stored")
            state = DayState.of(_day_entries(tx, event_name))
            refused = day_refusal(state, event, author.why)
            if refused:
                raise ArchiveError(f"{event_name}: {refused}; nothing was stored")
            rows = tx.run(
                "INSERT INTO day_events (event, session_id, kind, payload, recorded_at, who, why) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING seq",
                (event_name, session, event.kind, day_payload(event), _now(), *_by(author)),
            )
            notify(tx, self._database.dialect, Notice(None, int(rows[0][0]), event_name))
        return int(rows[0][0])

    def day_log(self, event_name: str | None = None) -> list[DayEntry]:
        """The day's log of one tournament (of all, without a name), oldest first."""
        with self._database.transaction(write=False) as tx:
            return _day_entries(tx, event_name)

    def day_state(self, event_name: str) -> DayState:
        """One tournament's day log folded: description, schedule, voids, stands, payments."""
        return DayState.of(self.day_log(event_name))

    def record(self, session_id: int) -> Record:
        """The session's log folded into a record."""
        with self._guard, self._database.transaction(write=False) as tx:
            return self._read(tx, session_id).state.record()

    def public_record(self, session_id: int) -> Record:
        """The session's log folded, its hand in progress masked as the room sees it."""
        return self.public_view(session_id).record

    def public_view(self, session_id: int) -> PublicView:
        """The session's public record, and whether its last hand is still being played."""
        with self._guard, self._database.transaction(write=False) as tx:
            state = self._read(tx, session_id).state
            return PublicView(public_record(state.record(), state.hand_open), state.hand_open)

    def ended_record(self, session_id: int) -> Record:
        """The session's log folded, a hand being played left out."""
        with self._guard, self._database.transaction(write=False) as tx:
            state = self._read(tx, session_id).state
            record = state.record()
            if not state.hand_open or not record.hands:
                return record
            return record.model_copy(update={"hands": record.hands[:-1]})

    def import_record(self, record: Record, author: Author = LOCAL) -> int:
        """Store a whole record as a new session in one transaction; returns its id."""
        access.refuse(access.import_refusal(author))
        return self._store_session(events_from_record(record), author, origin="import")

    def import_tgn(self, text: str, path: str = "<string>", author: Author = LOCAL) -> int:
        """Read TGN text and store it as a new session; unreadable text stores nothing."""
        try:
            record = loads(text, path)
        except TGNError as error:
            raise ArchiveError(f"cannot import {path}, nothing was stored:\n{error}") from None
        return self.import_record(record, author)

    def import_session(self, source: SessionSource, author: Author = LOCAL) -> int:
        """Store a session read hand by hand as a new session, in one transaction: its events
        checked and inserted a hand at a time, so memory does not grow with the session; a
        refusal, or read errors found at the end, roll it all back (``importing``)."""
        access.refuse(access.import_refusal(author))
        log = CheckedLog(author)
        session_id = 0
        with self._database.transaction(write=True) as tx:
            for events in session_events(source):
                logged = log.add(events, _now())
                if not session_id:
                    where = _table(log.state), None, _event_name(log.state)
                    access.refuse(access.session_refusal(author, *where))
                    session_id = _insert_session(tx, log.state, logged, "import")
                _insert_events(tx, logged, session_id)
            tx.run("UPDATE sessions SET last_seq = ? WHERE id = ?", (log.count, session_id))
            notify(tx, self._database.dialect, Notice(session_id, log.count))
        return session_id

    def export_tgn(self, session_id: int) -> str:
        """The session as canonical TGN text."""
        return dumps(self.record(session_id))

    def append_tap(
        self,
        session_id: int,
        tap: Tap,
        decide: Decide,
        author: Author = LOCAL,
        take_over: bool = False,
    ) -> TapAnswer:
        """Store a scorer's tap with its events in one transaction, the session's row locked
        (``taps.store_tap``); the log kept in memory follows what was stored."""
        lock = self._database.dialect.lock_row
        with self._guard:
            try:
                with self._database.transaction(write=True) as tx:
                    known = self._read(tx, session_id, lock)
                    done = taps.store_tap(
                        tx, session_id, known.log, known.state, tap, decide, author, take_over
                    )
                    answer = done.answer
                    if answer.first_event is not None and not answer.repeated:  # stored now
                        notify(tx, self._database.dialect, Notice(session_id, answer.events))
            except BaseException:
                self._known.pop(session_id, None)  # its state may have advanced in place
                raise
            if done.spoiled:
                self._known.pop(session_id, None)
            elif done.log is not None and done.state is not None:
                self._known[session_id] = KnownLog(done.log, done.state)
        return done.answer

    def tap_state(self, session_id: int, device: str) -> TapState:
        """How far a phone's taps are held, who holds the table, and the log's length."""
        with self._database.transaction(write=False) as tx:
            return taps.tap_state(tx, session_id, device, self.location)

    def kept_apart(self, session_id: int) -> list[KeptTap]:
        """The session's taps kept apart (another phone held the table), oldest first."""
        with self._database.transaction(write=False) as tx:
            return taps.kept_apart(tx, session_id, self.location)

    def holders(self, session_id: int) -> list[HolderChange]:
        """Every phone that became the session's holder, oldest first."""
        with self._database.transaction(write=False) as tx:
            return taps.holders(tx, session_id, self.location)

    def _store_session(
        self,
        events: Sequence[Event],
        author: Author,
        *,
        origin: str,
        schedule: str | None = None,
    ) -> int:
        """Check a new session's events in order, then store them all in one transaction; a
        scheduled match's session is refused while one not void holds it."""
        state = LogState()
        logged: list[LoggedEvent] = []
        for seq, event in enumerate(events, start=1):
            refused = refusal(state, event, live=origin == "live")
            if refused:
                raise ArchiveError(f"cannot store the session: {refused}; nothing was stored")
            logged.append(
                LoggedEvent(
                    0, seq, _hand_number(state, event), _now(), event, author.who, author.why
                )
            )
            state = state.add(logged[-1], logged)
        access.refuse(access.session_refusal(author, _table(state), None, _event_name(state)))
        with self._database.transaction(write=True) as tx:
            if schedule is not None:
                if self._database.dialect.day_lock:
                    tx.run(self._database.dialect.day_lock)
                _refuse_started(tx, _event_name(state), schedule)
            session_id = _insert_session(tx, state, logged, origin, schedule)
            stored = [
                LoggedEvent(session_id, e.seq, e.hand, e.recorded_at, e.event, e.who, e.why)
                for e in logged
            ]
            _insert_events(tx, stored)
            notify(tx, self._database.dialect, Notice(session_id, len(stored)))
        with self._guard:
            self._known[session_id] = KnownLog(stored, state)
        return session_id

    def _read(self, tx: Transaction, session_id: int, lock: str = "") -> KnownLog:
        """The session's log and state as committed: what is kept in memory advanced by the
        events stored since (``lock`` locks the session's row until the transaction ends)."""
        rows = tx.run(f"SELECT last_seq FROM sessions WHERE id = ?{lock}", (session_id,))
        if not rows:
            raise ArchiveError(f"archive {self.location} has no session {session_id}")
        last_seq = int(rows[0][0])
        known = self._known.get(session_id)
        if known is None or len(known.log) > last_seq:
            known = KnownLog([], LogState())
        rows = tx.run(
            "SELECT seq, hand, kind, payload, recorded_at, who, why FROM events "
            "WHERE session_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
            (session_id, len(known.log), last_seq),
        )
        log, state = list(known.log), known.state
        self._known.pop(session_id, None)  # the state advances in place: kept again once whole
        for seq, hand, kind, payload, at, who, why in rows:
            event = event_from_json(kind, payload)
            log.append(LoggedEvent(session_id, seq, hand, at, event, who, why))
            state = state.add(log[-1], log)
        if [entry.seq for entry in log] != list(range(1, last_seq + 1)):
            raise ArchiveError(
                f"archive {self.location}: session {session_id} should hold events 1..{last_seq} "
                "but some are missing"
            )
        self._known[session_id] = KnownLog(log, state)
        return self._known[session_id]


def _insert_session(
    tx: Transaction,
    state: LogState,
    logged: Sequence[LoggedEvent],
    origin: str,
    schedule: str | None = None,
) -> int:
    """Insert a new session's row, holding ``logged`` (its events so far); returns its id."""
    rows = tx.run(
        "INSERT INTO sessions (game, created_at, last_seq, event, schedule, origin) "
        "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
        (
            state.game_name,
            logged[0].recorded_at,
            len(logged),
            _event_name(state),
            schedule,
            origin,
        ),
    )
    return int(rows[0][0])


def _by(author: Author) -> tuple[str, str]:
    return author.who, author.why


def _day_entries(tx: Transaction, event_name: str | None) -> list[DayEntry]:
    where, params = ("WHERE event = ? ", (event_name,)) if event_name is not None else ("", ())
    rows = tx.run(
        "SELECT seq, event, session_id, kind, payload, recorded_at, who, why FROM day_events "
        f"{where}ORDER BY seq",
        params,
    )
    return [
        DayEntry(
            int(seq),
            name,
            None if session is None else int(session),
            at,
            day_event_from_json(kind, payload),
            who,
            why,
        )
        for seq, name, session, kind, payload, at, who, why in rows
    ]


def _refuse_started(tx: Transaction, event_name: str | None, schedule: str) -> None:
    """Refuse to start a scheduled match that has a session of its event that is not void."""
    rows = tx.run(
        "SELECT s.id FROM sessions s WHERE s.schedule = ? AND s.event IS NOT DISTINCT FROM ? "
        "AND NOT EXISTS (SELECT 1 FROM day_events d WHERE d.kind = 'void' "
        "AND d.session_id = s.id)",
        (schedule, event_name),
    )
    if rows:
        raise ArchiveError(
            f"match {schedule} has been started already (session {rows[0][0]}); nothing was stored"
        )


def open_archive(location: str | os.PathLike[str] | None = None, *, create: bool = True) -> Archive:
    """The archive at ``location`` (a SQLite file or a ``postgresql://`` address), else at
    ``$THURUPPU_DB``, else in the user's data folder; its tables are created if missing. A SQLite
    file that does not exist is made (mode 0600) only when ``create`` asks: a command opening an
    archive it was not asked to make gets ``NoArchive`` instead.

    Raises ``ArchiveError`` with a clear message when the database cannot be opened."""
    return SqlArchive(open_database(archive_location(location), create))
