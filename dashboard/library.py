"""The sessions the dashboard shows: TGN files under a path, uploads and the archive's sessions,
each read, normalized, replayed and scored.

Pure functions, no Streamlit: ``dashboard.state`` caches them. A file that cannot be read, an
archive that cannot be opened or a replay that fails becomes a session with problems, never an
exception on a page.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from dashboard.families import commands_for
from recorder import ReadError, read_bytes
from recorder.archive import ARCHIVE_ENV, Archive, ArchiveError, default_archive_path
from recorder.archive.database import is_postgres
from recorder.model import Record
from replay import SessionReplay, normalize, replay_session
from replay.findings import Finding
from replay.scoring import SessionScore, score_session

UPLOAD_PREFIX = "upload:"
ARCHIVE_PREFIX = "archive:"
ARCHIVE_SUFFIXES = (".sqlite", ".sqlite3", ".db")


@dataclass(frozen=True)
class Problem:
    """A place in a file that could not be read (or an engine failure, at line 0)."""

    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.message}"


@dataclass(frozen=True)
class LoadedSession:
    """One session as the dashboard holds it: its key in URLs, its record, replay and score."""

    key: str
    label: str
    record: Record | None
    problems: tuple[Problem, ...] = ()
    digest: str = ""
    """A digest of the bytes read: a new version of a file has a new digest."""
    replay: SessionReplay | None = None
    score: SessionScore | None = None

    @property
    def playable(self) -> bool:
        """Read without problems and replayed: the Replay, Scores and Players pages show it."""
        return self.record is not None and self.replay is not None and not self.problems

    @property
    def findings(self) -> list[Finding]:
        return list(self.replay.findings) if self.replay else []

    @property
    def hands(self) -> int:
        return len(self.record.hands) if self.record else 0

    @property
    def title(self) -> str:
        """The label with the event and date when the file gives them."""
        if self.record is None:
            return self.label
        extra = [tag.value for name in ("Event", "Date") if (tag := self.record.tag(name))]
        return " · ".join([self.label, *extra])


def digest(data: bytes) -> str:
    """A short digest of some bytes, to tell versions of a file apart."""
    return hashlib.sha256(data).hexdigest()[:16]


def upload_key(name: str, data: bytes) -> str:
    """The key of an uploaded file: the same bytes under the same name always get the same key."""
    return UPLOAD_PREFIX + digest(name.encode() + b"\0" + data)


def is_upload(key: str) -> bool:
    return key.startswith(UPLOAD_PREFIX)


def discover(root: Path) -> list[Path]:
    """The ``.tgn`` files at ``root``: the file itself, or every one under the folder, by name."""
    if root.is_file():
        return [root]
    if root.is_dir():
        return sorted(path for path in root.rglob("*.tgn") if path.is_file())
    return []


def file_key(root: Path, path: Path) -> str:
    """A file's key in URLs: its path under the root folder (its name when the root is a file)."""
    if root.is_file():
        return path.name
    return path.relative_to(root).as_posix()


def _problems(errors: Iterable[ReadError]) -> tuple[Problem, ...]:
    return tuple(Problem(error.line, error.column, error.message) for error in errors)


def judge(key: str, label: str, record: Record, version: str) -> LoadedSession:
    """Normalize, replay and score a record that was read without problems."""
    if not commands_for(record).shown_in_dashboard:
        message = f"the dashboard does not show {record.game} games yet: use thuruppu score"
        return LoadedSession(key, label, record, (Problem(0, 0, message),), version)
    try:
        normalized = normalize(record)
        replay = replay_session(normalized)
        score = score_session(normalized, [hand.result for hand in replay.hands])
    except Exception as error:  # an engine bug must not take the page down with a traceback
        failure = Problem(0, 0, f"the replay failed: {type(error).__name__}: {error}")
        return LoadedSession(key, label, record, (failure,), version)
    return LoadedSession(key, label, normalized, (), version, replay, score)


def load(key: str, label: str, data: bytes) -> LoadedSession:
    """Read, normalize, replay and score one session's bytes."""
    version = digest(data)
    result = read_bytes(data, label)
    problems = _problems(result.errors)
    if result.record is None or problems:  # TGN.md §7: a text with read errors is not replayed
        return LoadedSession(key, label, result.record, problems, version)
    return judge(key, label, result.record, version)


def is_archive(location: str) -> bool:
    """Whether a path names an archive (a PostgreSQL address or a SQLite file) rather than TGN."""
    return is_postgres(location) or Path(location).suffix.lower() in ARCHIVE_SUFFIXES


def archive_to_list(data: str, db: str | None, environ: Mapping[str, str]) -> str | None:
    """The archive whose sessions are listed besides the TGN files: the one ``--db`` or
    ``$THURUPPU_DB`` names, else the default file; ``None`` when the data path is itself the
    archive, or the archive does not exist yet (listing never creates one)."""
    if is_archive(data):
        return None
    location = db or environ.get(ARCHIVE_ENV) or str(default_archive_path(environ))
    return location if is_postgres(location) or Path(location).is_file() else None


def archive_key(session_id: int) -> str:
    """The key of an archived session in URLs."""
    return f"{ARCHIVE_PREFIX}{session_id}"


def load_archived(archive: Archive, session_id: int, events: int) -> LoadedSession:
    """An archived session: its log folded into a record, then replayed and scored."""
    key = archive_key(session_id)
    label = f"archive #{session_id}"
    version = f"{events} events"
    try:
        record = archive.record(session_id)
    except ArchiveError as error:
        return LoadedSession(key, label, None, (Problem(0, 0, str(error)),), version)
    return judge(key, label, record, version)


def unreachable_archive(location: str, error: ArchiveError) -> LoadedSession:
    """An archive that could not be opened, listed with the reason."""
    return LoadedSession(ARCHIVE_PREFIX, location, None, (Problem(0, 0, str(error)),))


def load_file(root: Path, path: Path) -> LoadedSession:
    """Load a file under ``root``; a file that cannot be opened is a session with one problem."""
    key = file_key(root, path)
    try:
        data = path.read_bytes()
    except OSError as error:
        return LoadedSession(key, key, None, (Problem(0, 0, f"cannot read file: {error}"),))
    return load(key, key, data)


class SessionCache:
    """Loaded sessions by a version stamp (a file's path, time and size; an archived session's
    log length), shared by the browser tabs of one server; the oldest go first when it is full."""

    def __init__(self, limit: int = 10_000) -> None:
        self._limit = limit
        self._loaded: dict[Hashable, LoadedSession] = {}
        self._lock = threading.Lock()

    def get(self, stamp: Hashable, make: Callable[[], LoadedSession]) -> LoadedSession:
        """The session loaded for ``stamp``, made (outside the lock) the first time."""
        with self._lock:
            found = self._loaded.get(stamp)
        if found is not None:
            return found
        made = make()
        with self._lock:
            if len(self._loaded) >= self._limit:
                self._loaded.pop(next(iter(self._loaded)))
            self._loaded[stamp] = made
        return made

    def __len__(self) -> int:
        return len(self._loaded)


def find(sessions: Sequence[LoadedSession], key: str | None) -> LoadedSession | None:
    """The session with this key, if loaded."""
    return next((session for session in sessions if session.key == key), None)
