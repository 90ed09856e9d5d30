"""Where the archive lives and how to talk to it: SQLite or PostgreSQL behind one small adapter.

What differs between the two (how to connect, placeholders, how a writing transaction starts, the
row lock, the key column) is data in a ``Dialect``; everything else is one code path. Every unit of
work commits before it returns, on its own short-lived connection, except a SQLite read, which
takes an idle connection kept from an earlier one (``Database``).
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg

from recorder.archive.events import ArchiveError, ArchiveUnavailable

#: The environment variable that names the archive when ``--db`` is not given.
ARCHIVE_ENV = "THURUPPU_DB"

_POSTGRES_SCHEMES = ("postgresql://", "postgres://")

#: Seconds a writer waits for another writer's lock, and for a server to answer.
_WAIT_SECONDS = 60
_CONNECT_SECONDS = 10

#: Idle SQLite connections kept for reading: about one per thread reading at once.
_KEPT_READERS = 4

SCHEMA_VERSION = "3"
"""Version 2 added who wrote each event and why, a session's event, schedule and origin, and the
day's log; version 3 the scorers' taps and the table's holder (``taps``). An archive of an
earlier version is brought to it when opened."""


def default_archive_path(environ: Mapping[str, str] = os.environ) -> Path:
    """The archive file in the user's data folder: ``$XDG_DATA_HOME/thuruppu/archive.sqlite``,
    with ``~/.local/share`` when ``XDG_DATA_HOME`` is unset or not absolute."""
    data_home = environ.get("XDG_DATA_HOME", "")
    base = Path(data_home) if os.path.isabs(data_home) else Path.home() / ".local" / "share"
    return base / "thuruppu" / "archive.sqlite"


def archive_location(
    db: str | os.PathLike[str] | None = None, environ: Mapping[str, str] = os.environ
) -> str:
    """The archive to use: ``db`` (the ``--db`` option) if given, else ``$THURUPPU_DB``, else the
    default file in the user's data folder."""
    if db is not None and str(db):
        return str(db)
    return environ.get(ARCHIVE_ENV) or str(default_archive_path(environ))


def is_postgres(location: str) -> bool:
    """Whether a location is a PostgreSQL address rather than a SQLite file."""
    return location.startswith(_POSTGRES_SCHEMES)


def shown_location(location: str) -> str:
    """A location fit for messages: a PostgreSQL address with its password masked."""
    if not is_postgres(location):
        return location
    try:
        parts = urlsplit(location)
        if parts.password is None:
            return location
        user = parts.username or ""
        host = parts.netloc.rpartition("@")[2]
        return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))
    except ValueError:
        return "the PostgreSQL address given"


def _connect_sqlite(path: str) -> Any:
    # a reader is kept between units of work and taken up by whichever thread reads next
    connection = sqlite3.connect(
        path, timeout=_WAIT_SECONDS, isolation_level=None, check_same_thread=False
    )
    try:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")
        connection.execute("PRAGMA foreign_keys=ON")
    except sqlite3.Error:
        connection.close()
        raise
    return connection


def _connect_postgres(url: str) -> Any:
    return psycopg.connect(url, autocommit=True, connect_timeout=_CONNECT_SECONDS)


@dataclass(frozen=True)
class Dialect:
    """How one database engine is spoken to; SQL elsewhere is written with ``?`` placeholders."""

    name: str
    connect: Callable[[str], Any]
    """Open a DB-API connection in autocommit mode (transactions are begun explicitly)."""
    errors: tuple[type[Exception], ...]
    placeholder: str
    begin_write: str
    """Starts a transaction that will write: SQLite takes the write lock at once."""
    begin_read: str
    lock_row: str
    """Appended to a ``SELECT`` of one row to lock it until the transaction ends."""
    key_column: str
    """The type of an auto-numbered primary key."""
    schema_lock: str | None
    """Run before creating the tables, so that several first writers do not race."""
    day_lock: str | None
    """Serialises the writers of the day's log and of scheduled starts (SQLite's writers are
    serialised already by ``begin_write``)."""
    kept_readers: int = 0
    """How many idle connections are kept for reading (see ``Database``)."""

    def sql(self, text: str) -> str:
        """A statement written with ``?`` placeholders, in this engine's placeholder style."""
        return text.replace("?", self.placeholder) if self.placeholder != "?" else text


SQLITE = Dialect(
    name="SQLite",
    connect=_connect_sqlite,
    errors=(sqlite3.Error,),
    placeholder="?",
    begin_write="BEGIN IMMEDIATE",
    begin_read="BEGIN",
    lock_row="",
    key_column="INTEGER PRIMARY KEY AUTOINCREMENT",
    schema_lock=None,
    day_lock=None,
    kept_readers=_KEPT_READERS,
)

POSTGRES = Dialect(
    name="PostgreSQL",
    connect=_connect_postgres,
    errors=(psycopg.Error,),
    placeholder="%s",
    begin_write="BEGIN",
    begin_read="BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
    lock_row=" FOR UPDATE",
    key_column="BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
    schema_lock="SELECT pg_advisory_xact_lock(7265637264)",
    day_lock="SELECT pg_advisory_xact_lock(7265637265)",
)


class Transaction:
    """One unit of work on one connection: statements, then a commit (or a rollback on error)."""

    def __init__(self, connection: Any, dialect: Dialect) -> None:
        self._connection = connection
        self._dialect = dialect

    def run(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        """Execute one statement and return its rows (none for a statement without a result)."""
        cursor = self._connection.execute(self._dialect.sql(sql), tuple(params))
        return list(cursor.fetchall()) if cursor.description else []

    def run_many(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        """Execute one statement once per row of parameters."""
        cursor = self._connection.cursor()
        try:
            cursor.executemany(self._dialect.sql(sql), [tuple(row) for row in rows])
        finally:
            cursor.close()


@dataclass(frozen=True)
class Database:
    """An archive's database: its dialect and the file or address to connect to.

    A SQLite read takes an idle connection kept from an earlier read (a few are kept), since
    opening one cost more than the read itself when every page of a busy day reads the archive
    several times a second. Writes always open their own connection, so that a file made
    read-only or replaced is met at once; so does every PostgreSQL unit of work, which a server
    paused or restarted must not leave waiting on a connection it no longer answers."""

    dialect: Dialect
    target: str
    _readers: list[Any] = field(default_factory=list, compare=False, repr=False)
    _readers_lock: threading.Lock = field(default_factory=threading.Lock, compare=False, repr=False)

    @property
    def shown(self) -> str:
        """The file or address for messages, password masked."""
        return shown_location(self.target)

    @contextmanager
    def transaction(self, *, write: bool) -> Iterator[Transaction]:
        """A unit of work, committed when the block ends without error: a write on a fresh
        connection, a read on a kept one where the dialect keeps them.

        Database errors become ``ArchiveError`` naming the archive."""
        kept = not write and self.dialect.kept_readers > 0
        connection = self._reader() if kept else self._open()
        done = False
        try:
            connection.execute(self.dialect.begin_write if write else self.dialect.begin_read)
            yield Transaction(connection, self.dialect)
            connection.execute("COMMIT")
            done = True
        except BaseException as error:
            self._roll_back(connection)
            if isinstance(error, self.dialect.errors):
                reason = _reason(error)
                raise ArchiveUnavailable(f"archive {self.shown}: {reason}", reason) from None
            raise
        finally:
            if not (done and kept and self._keep(connection)):
                connection.close()

    def _reader(self) -> Any:
        """An idle connection kept for reading, else a new one."""
        with self._readers_lock:
            if self._readers:
                return self._readers.pop()
        return self._open()

    def _keep(self, connection: Any) -> bool:
        """Keep a connection whose read ended well for the next read, if there is room."""
        with self._readers_lock:
            if len(self._readers) >= self.dialect.kept_readers:
                return False
            self._readers.append(connection)
            return True

    def create_schema(self) -> None:
        """Create the tables if they are missing, and refuse an archive of an unknown schema."""
        with self.transaction(write=True) as tx:
            if self.dialect.schema_lock:
                tx.run(self.dialect.schema_lock)
            for statement in _schema(self.dialect):
                tx.run(statement)
            tx.run(
                "INSERT INTO archive_meta (key, value) VALUES ('schema', ?) ON CONFLICT DO NOTHING",
                (SCHEMA_VERSION,),
            )
            (version,) = tx.run("SELECT value FROM archive_meta WHERE key = 'schema'")[0]
            if version in _MIGRATIONS:
                for statement in _MIGRATIONS[version]:
                    tx.run(statement)
                tx.run("UPDATE archive_meta SET value = ? WHERE key = 'schema'", (SCHEMA_VERSION,))
                version = SCHEMA_VERSION
        if version != SCHEMA_VERSION:
            raise ArchiveError(
                f"archive {self.shown} has schema version {version}; this program reads version "
                f"{SCHEMA_VERSION}"
            )

    def _open(self) -> Any:
        try:
            return self.dialect.connect(self.target)
        except self.dialect.errors as error:
            reason = _reason(error)
            raise ArchiveUnavailable(
                f"cannot open the archive {self.shown}: {reason}", reason
            ) from None

    def _roll_back(self, connection: Any) -> None:
        with suppress(*self.dialect.errors):  # a broken connection: closing it is all that is left
            connection.execute("ROLLBACK")


def _schema(dialect: Dialect) -> list[str]:
    return [
        "CREATE TABLE IF NOT EXISTS archive_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        f"""CREATE TABLE IF NOT EXISTS sessions (
            id {dialect.key_column},
            game TEXT NOT NULL,
            created_at TEXT NOT NULL,
            last_seq BIGINT NOT NULL,
            event TEXT,
            schedule TEXT,
            origin TEXT NOT NULL DEFAULT 'live'
        )""",
        """CREATE TABLE IF NOT EXISTS events (
            session_id BIGINT NOT NULL REFERENCES sessions (id),
            seq BIGINT NOT NULL,
            hand INTEGER NOT NULL,
            kind TEXT NOT NULL,
            payload TEXT NOT NULL,
            recorded_at TEXT NOT NULL,
            who TEXT NOT NULL DEFAULT 'local',
            why TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (session_id, seq)
        )""",
        f"""CREATE TABLE IF NOT EXISTS day_events (
            seq {dialect.key_column},
            event TEXT NOT NULL,
            session_id BIGINT REFERENCES sessions (id),
            kind TEXT NOT NULL,
            payload TEXT NOT NULL,
            recorded_at TEXT NOT NULL,
            who TEXT NOT NULL,
            why TEXT NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS taps (
            session_id BIGINT NOT NULL REFERENCES sessions (id),
            device TEXT NOT NULL,
            seq BIGINT NOT NULL,
            content TEXT NOT NULL,
            outcome TEXT NOT NULL,
            message TEXT NOT NULL,
            first_event BIGINT,
            last_event BIGINT,
            recorded_at TEXT NOT NULL,
            who TEXT NOT NULL,
            why TEXT NOT NULL,
            PRIMARY KEY (session_id, device, seq)
        )""",
        """CREATE TABLE IF NOT EXISTS table_holders (
            session_id BIGINT PRIMARY KEY REFERENCES sessions (id),
            device TEXT NOT NULL,
            since TEXT NOT NULL,
            who TEXT NOT NULL
        )""",
        f"""CREATE TABLE IF NOT EXISTS holder_changes (
            id {dialect.key_column},
            session_id BIGINT NOT NULL REFERENCES sessions (id),
            device TEXT NOT NULL,
            since TEXT NOT NULL,
            who TEXT NOT NULL,
            previous TEXT
        )""",
    ]


#: What each earlier version lacks besides tables (new tables are created with the others).
_MIGRATIONS: dict[str, tuple[str, ...]] = {
    "1": (
        "ALTER TABLE sessions ADD COLUMN event TEXT",
        "ALTER TABLE sessions ADD COLUMN schedule TEXT",
        "ALTER TABLE sessions ADD COLUMN origin TEXT NOT NULL DEFAULT 'live'",
        "ALTER TABLE events ADD COLUMN who TEXT NOT NULL DEFAULT 'local'",
        "ALTER TABLE events ADD COLUMN why TEXT NOT NULL DEFAULT ''",
    ),
    "2": (),
}


def _reason(error: BaseException) -> str:
    """The first line of a driver's message, which is the one that says what went wrong."""
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0].strip()


class NoArchive(ArchiveError):
    """A SQLite archive that does not exist, opened without being asked to create it."""


def open_database(location: str, create: bool = True) -> Database:
    """The database at a location (a ``postgresql://`` address or a SQLite file), its tables
    created if missing; ``ArchiveError`` with a clear message when it cannot be opened, and
    ``NoArchive`` for a SQLite file that does not exist unless ``create`` asks for it."""
    if is_postgres(location):
        database = Database(POSTGRES, location)
    else:
        database = Database(SQLITE, _sqlite_file(location, create))
    database.create_schema()
    return database


def _sqlite_file(location: str, create: bool) -> str:
    """The SQLite file at ``location``; a new one (when ``create``) made readable and writable by
    its owner only (mode 0600): it holds the day's records and key hashes. SQLite gives its WAL
    and shared-memory files the database file's mode."""
    path = Path(location).expanduser()
    if path.is_dir():
        raise ArchiveError(f"cannot open the archive {path}: it is a folder, not a database file")
    if path.exists():
        return str(path)
    if not create:
        raise NoArchive(f"there is no archive at {path}: nothing was created")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ArchiveError(
            f"cannot open the archive {path}: cannot create its folder ({error.strerror})"
        ) from None
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass  # another process made it first: it is opened as it is
    except OSError as error:
        raise ArchiveError(f"cannot create the archive {path} ({error.strerror})") from None
    return str(path)
