"""The sessions the dashboard shows: TGN files under a path, uploads and the archive's sessions,
each read, normalized, replayed and scored.

Pure functions, no Streamlit: ``dashboard.state`` caches them, and a ``ReplayStore`` keeps their
results between runs. A file that cannot be read, an archive that cannot be opened or a replay
that fails becomes a session with problems, never an exception on a page; the hands of a file
that could be read are replayed even when others could not.
"""

from __future__ import annotations

import bisect
import hashlib
import re
import threading
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from dashboard.recording.live import LiveSessions
from dashboard.recording.watched import PublicSession, advanced_live, in_play
from dashboard.server.replay_store import (
    Parts,
    ReplayStore,
    StoredParts,
    Summary,
    Tally,
    held,
    tallied,
)
from recorder import ReadError, read_bytes
from recorder.archive import (
    ARCHIVE_ENV,
    Archive,
    ArchiveError,
    SessionSummary,
    default_archive_path,
)
from recorder.archive.database import is_postgres
from recorder.games import family_name
from recorder.model import Record
from replay.findings import Finding
from replay.rummy import RummyGame, replay_rummy
from replay.tricks import SessionReplay, normalize, replay_session
from replay.tricks.scoring import SessionScore, score_session

UPLOAD_PREFIX = "upload:"
ARCHIVE_PREFIX = "archive:"
ARCHIVE_SUFFIXES = (".sqlite", ".sqlite3", ".db")
HAND_TAG = re.compile(r'^[ \t]*\[[ \t]*hand[ \t]+"[ \t]*(\d+)', re.IGNORECASE | re.MULTILINE)
NOTHING_READ = Parts(None, None, None)

Made = TypeVar("Made")


@dataclass(frozen=True)
class Problem:
    """A place in a file that could not be read (or an engine failure, at line 0), with the hand
    it lies in (``None`` before the first hand)."""

    line: int
    column: int
    message: str
    hand: int | None = None

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.message}"


@dataclass(frozen=True, eq=False)
class LoadedSession:
    """One session as the dashboard holds it: its key in URLs, what the Sessions page lists, its
    read problems, and its record, replay and score (loaded from the replay store on first use).

    A session whose text has problems keeps the hands that could be read, replayed and scored;
    the hands with problems are left out (``summary.left_out``)."""

    key: str
    label: str
    summary: Summary
    problems: tuple[Problem, ...] = ()
    digest: str = ""
    """A digest of the content read: a new version of a file has a new digest."""
    parts: Callable[[], Parts] = field(default=lambda: NOTHING_READ, repr=False)
    tally: Callable[[], Tally] = field(default=Tally, repr=False)
    """What the pages adding sessions up read of it (``Tally``): stored, or worked out once."""

    @property
    def record(self) -> Record | None:
        return self.parts().record

    @property
    def replay(self) -> SessionReplay | None:
        return self.parts().replay

    @property
    def score(self) -> SessionScore | None:
        return self.parts().score

    @property
    def rummy(self) -> RummyGame | None:
        """A Rummy game's replay and score (``None`` for the trick games)."""
        return self.parts().rummy

    @property
    def family(self) -> str:
        """The family of the game (``recorder.games.FAMILIES``), which decides the pages' views."""
        return self.summary.family

    @property
    def playable(self) -> bool:
        """Read (at least in part) and replayed: the Replay, Scores and Players pages show it."""
        return self.summary.read and self.summary.replayed

    @property
    def complete(self) -> bool:
        """Read without any problem and replayed."""
        return self.playable and not self.problems

    @property
    def findings(self) -> list[Finding]:
        if not self.summary.findings:
            return []
        parts = self.parts()
        judged = parts.replay or parts.rummy
        return list(judged.findings) if judged else []

    @property
    def hands(self) -> int:
        return self.summary.hands

    @property
    def title(self) -> str:
        """The label with the event and date when the file gives them."""
        extra = [value for value in (self.summary.event, self.summary.date) if value]
        return " · ".join([self.label, *extra])


def loaded(
    key: str,
    label: str,
    parts: Parts,
    problems: tuple[Problem, ...] = (),
    version: str = "",
    playing: bool = False,
) -> LoadedSession:
    """A session from parts in memory; ``playing`` when its last hand is being played."""
    left_out = left_out_hands(problems, parts.record)
    if playing:
        parts = in_play(parts)
    summary = Summary.of(parts, left_out, playing)
    return LoadedSession(key, label, summary, problems, version, held(parts), tallied(parts))


def left_out_hands(problems: tuple[Problem, ...], record: Record | None) -> tuple[int, ...]:
    """The hands with problems that the record does not hold."""
    kept = {hand.number for hand in record.hands} if record else set()
    return tuple(sorted({p.hand for p in problems if p.hand is not None} - kept))


def digest(data: bytes) -> str:
    """A short digest of some bytes, to tell versions of a file apart."""
    return hashlib.sha256(data).hexdigest()[:16]


def upload_key(name: str, data: bytes) -> str:
    """The key of an uploaded file: the same bytes under the same name always get the same key."""
    return upload_key_of(name, [data])


def upload_key_of(name: str, chunks: Iterable[bytes]) -> str:
    """``upload_key`` of the bytes given a chunk at a time (an upload copied, never whole)."""
    hashed = hashlib.sha256(name.encode() + b"\0")
    for chunk in chunks:
        hashed.update(chunk)
    return UPLOAD_PREFIX + hashed.hexdigest()[:16]


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


def hand_starts(data: bytes) -> list[tuple[int, int]]:
    """The line of each ``[Hand "N"]`` tag of a text and its number, in order."""
    text = data.decode("utf-8", "replace")
    return [
        (text.count("\n", 0, match.start()) + 1, int(match.group(1)))
        for match in HAND_TAG.finditer(text)
    ]


def _problems(errors: Iterable[ReadError], data: bytes) -> tuple[Problem, ...]:
    """Read errors as problems, each with the hand whose tag stands last above it."""
    starts = hand_starts(data) if errors else []
    lines = [line for line, _ in starts]
    problems = []
    for error in errors:
        at = bisect.bisect_right(lines, error.line)
        hand = starts[at - 1][1] if at else None
        problems.append(Problem(error.line, error.column, error.message, hand))
    return tuple(problems)


def _judge_tricks(record: Record) -> Parts:
    """A trick game normalized, replayed and scored."""
    normalized = normalize(record)
    replay = replay_session(normalized)
    score = score_session(normalized, [hand.result for hand in replay.hands])
    return Parts(normalized, replay, score)


def _judge_rummy(record: Record) -> Parts:
    """A Rummy game replayed: its deals, totals and findings are one ``RummyGame``."""
    return Parts(record, None, None, replay_rummy(record))


JUDGES: dict[str, Callable[[Record], Parts]] = {"trick": _judge_tricks, "rummy": _judge_rummy}
"""How each family of games (``recorder.games.FAMILIES``) is replayed for the pages."""


def judge(
    key: str,
    label: str,
    record: Record,
    version: str,
    problems: tuple[Problem, ...] = (),
    playing: bool = False,
) -> LoadedSession:
    """Replay and score the hands of a record (those that could be read), as its family does;
    ``playing`` when its last hand is being played."""
    try:
        parts = JUDGES[family_name(record.game)](record)
    except Exception as error:  # an engine bug must not take the page down with a traceback
        failure = Problem(0, 0, f"the replay failed: {type(error).__name__}: {error}")
        return loaded(key, label, Parts(record, None, None), (*problems, failure), version)
    return loaded(key, label, parts, problems, version, playing)


def load(
    key: str,
    label: str,
    data: bytes,
    store: ReplayStore | None = None,
    progress: Callable[[float, str], object] | None = None,
) -> LoadedSession:
    """Read, normalize, replay and score one session's bytes; with a store, a session replayed
    before (the same bytes, the same engine) is taken from it, and a new one is kept there.
    ``progress`` is told each step as it starts (the fraction of the work done before it)."""
    said = progress or _silent
    version = digest(data)
    if store is not None and (stored := store.get(version)) is not None:
        return from_store(key, label, version, stored)
    said(0.05, "Reading the file…")
    result = read_bytes(data, label)
    problems = _problems(result.errors, data)
    said(0.3, "Replaying and scoring every hand…")
    if result.record is None:
        session = loaded(key, label, NOTHING_READ, problems, version)
    else:
        session = judge(key, label, result.record, version, problems)
    if store is not None:
        said(0.85, "Keeping the replay…")
        store.put(version, session.summary, session.problems, session.tally(), session.parts())
    return session


def _silent(fraction: float, text: str) -> None:
    """No progress told."""


def from_store(
    key: str, label: str, version: str, stored: tuple[Summary, tuple[Any, ...], Tally, StoredParts]
) -> LoadedSession:
    """A session as the store kept it: its parts unpickled when first asked for."""
    summary, problems, tally, parts = stored
    return LoadedSession(key, label, summary, problems, version, parts, held(tally))


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


def load_archived(
    archive: Archive,
    summary: SessionSummary,
    store: ReplayStore | None = None,
    live: LiveSessions | None = None,
) -> LoadedSession:
    """An archived session: its log folded into a record, then replayed and scored; or taken
    from the store without folding, keyed by the archive, the session's id, creation time and
    length of its log (a log is only appended to, so these name its content). A session recorded
    live is taken from ``live`` when given, advanced by its new events and only its last hand
    replayed again (``recording.watched``): the projector reloads each table's session as it
    changes.

    A session with a hand being played is not kept in the store: its next event makes another
    version, so no later run would read it, and writing one file per event into a folder that
    fills with them held the server longer with every tap."""
    key = archive_key(summary.id)
    label = f"archive #{summary.id}"
    identity = f"{archive.location}\0{summary.id}\0{summary.created_at}\0{summary.events}"
    version = digest(identity.encode())
    if store is not None and (stored := store.get(version)) is not None:
        return from_store(key, label, version, stored)
    try:  # a hand being played: what the room sees
        if live is not None and summary.origin == "live" and advanced_live(summary.game):
            view = live.public(archive, summary.id)
        else:
            public = archive.public_view(summary.id)
            view = PublicSession(public.record, public.hand_open, None)
    except ArchiveError as error:
        return loaded(key, label, NOTHING_READ, (Problem(0, 0, str(error)),))
    if view.parts is not None:
        session = loaded(key, label, view.parts, (), version, view.hand_open)
    else:
        session = judge(key, label, view.record, version, playing=view.hand_open)
    if store is not None and not view.hand_open:
        store.put(version, session.summary, session.problems, session.tally(), session.parts())
    return session


def unreachable_archive(location: str, error: ArchiveError) -> LoadedSession:
    """An archive that could not be opened, listed with the reason."""
    return loaded(ARCHIVE_PREFIX, location, NOTHING_READ, (Problem(0, 0, str(error)),))


def load_file(root: Path, path: Path, store: ReplayStore | None = None) -> LoadedSession:
    """Load a file under ``root``; a file that cannot be opened is a session with one problem."""
    key = file_key(root, path)
    try:
        data = path.read_bytes()
    except OSError as error:
        return loaded(key, key, NOTHING_READ, (Problem(0, 0, f"cannot read file: {error}"),))
    return load(key, key, data, store)


class SessionCache(Generic[Made]):
    """Loaded sessions (or what is made from one), the latest version of each, shared by the
    browser tabs of one server: a session is named by where it is (a file's path; an archive and
    its session id) and its version stamped (a file's time and size; an archived session's log
    length). A new version replaces the one before, since no page shows an older one, so a session
    recorded live is held once however many events it gets; the oldest named go first when the
    cache is full."""

    def __init__(self, limit: int = 10_000) -> None:
        self._limit = limit
        self._loaded: dict[Hashable, tuple[Hashable, Made]] = {}
        self._lock = threading.Lock()

    def get(self, name: Hashable, version: Hashable, make: Callable[[], Made]) -> Made:
        """What ``name`` is at ``version``, made (outside the lock) the first time."""
        with self._lock:
            found = self._loaded.get(name)
        if found is not None and found[0] == version:
            return found[1]
        made = make()
        with self._lock:
            self._loaded.pop(name, None)
            if len(self._loaded) >= self._limit:
                self._loaded.pop(next(iter(self._loaded)))
            self._loaded[name] = (version, made)
        return made

    def __len__(self) -> int:
        return len(self._loaded)


@dataclass(frozen=True, eq=False)
class SameObject:
    """A version that is an object itself, equal only to a version of that very object (which
    it keeps alive, so no other object can take its place): for what is made from a part of a
    session that the session's next version keeps as it was, such as a settled hand's replay."""

    source: object

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SameObject) and other.source is self.source

    def __hash__(self) -> int:
        return id(self.source)


def find(sessions: Sequence[LoadedSession], key: str | None) -> LoadedSession | None:
    """The session with this key, if loaded."""
    return next((session for session in sessions if session.key == key), None)
