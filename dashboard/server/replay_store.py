"""Replay results kept between runs of the dashboard: a folder of pickles keyed by a session's
content and the engine's version, so a restart shows an archive at once and never a stale replay.

Each entry holds a session's ``Summary`` (what the Sessions page lists), its ``Tally`` (what the
pages adding sessions up read of it) and, apart, its record, replay and score (``Parts``),
unpickled only when a page needs that session. The key is a digest of the session's bytes (a
file's, or an archived session's canonical text); the folder is named by a digest of the engine's
and the reader's source, so a changed file or a changed engine is replayed again. The folder is
``$THURUPPU_CACHE``, else the user's cache folder.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import shutil
import tempfile
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from recorder.games import family_name
from recorder.model import Record
from replay.findings import Finding
from replay.rummy import RummyGame
from replay.rummy.analysis import ShownGrouping, shown_groupings
from replay.tricks import SessionReplay
from replay.tricks.scoring import SessionScore

T = TypeVar("T")

CACHE_ENV = "THURUPPU_CACHE"
STORE_FORMAT = "3"
PACKAGES = ("recorder", "replay")
"""The packages whose source decides a replay's result (with ``dashboard/library.py`` and this
module, which makes the tally)."""


class Parts(NamedTuple):
    """The heavy part of a loaded session: its record, replay and score (each may be missing);
    a Rummy game's replay and score are one ``RummyGame``."""

    record: Record | None
    replay: SessionReplay | None
    score: SessionScore | None
    rummy: RummyGame | None = None


@dataclass(frozen=True)
class Summary:
    """What the Sessions page shows of a session, kept apart so listing never unpickles a
    replay: the record's facts, the hands read and the findings by severity."""

    game: str = ""
    players: tuple[str, ...] = ()
    date: str = ""
    event: str = ""
    family: str = "trick"
    """The family of the game (``recorder.games.FAMILIES``): which pages lay the session out."""
    table: str = ""
    stage: str = ""
    result: str = ""
    """How the game stands, where the family says: a Rummy table's winner or who is still in."""
    hands: int = 0
    severities: Mapping[str, int] = field(default_factory=dict)
    left_out: tuple[int, ...] = ()
    """The hands that could not be read (by their Hand tag), left out of the replay."""
    read: bool = False
    """Whether a record could be read at all."""
    replayed: bool = False
    scored: bool = False
    in_play: bool = False
    """Whether its last hand is being played (a table recording it): the pages say play goes on
    where they would say how an ended hand ended."""

    @property
    def findings(self) -> int:
        return sum(self.severities.values())

    @classmethod
    def of(cls, parts: Parts, left_out: tuple[int, ...] = (), in_play: bool = False) -> Summary:
        """The summary of some loaded parts, missing the hands ``left_out``, its last hand
        being played or not."""
        record, replay, score, rummy = parts
        judged = replay or rummy
        severities: dict[str, int] = {}
        for finding in judged.findings if judged else ():
            severities[finding.severity] = severities.get(finding.severity, 0) + 1
        if record is None:
            return cls(severities=severities, left_out=left_out, replayed=judged is not None)
        date, event, table, stage = (
            record.tag(name) for name in ("Date", "Event", "Table", "Stage")
        )
        return cls(
            game=record.game or "",
            players=tuple(record.players),
            date=date.value if date else "",
            event=event.value if event else "",
            family=family_name(record.game or ""),
            table=table.value if table else "",
            stage=stage.value if stage else "",
            result=rummy_result(rummy) if rummy else "",
            hands=len(record.hands),
            severities=severities,
            left_out=left_out,
            read=True,
            replayed=judged is not None,
            scored=score is not None or rummy is not None,
            in_play=in_play,
        )


@dataclass(frozen=True)
class Tally:
    """What the pages adding many sessions up (Players, Coaching) read of one beyond its summary:
    its score and findings, and a Rummy game's hands shown in their players' own groups beside the
    lowest grouping (``shown_groupings``, a search per hand). A few kilobytes, stored beside the
    summary: adding up a folder after a restart unpickles no record nor replay (a thirtieth of
    the time) and searches no grouping again."""

    score: SessionScore | None = None
    findings: tuple[Finding, ...] = ()
    shown: tuple[ShownGrouping, ...] = ()

    @classmethod
    def of(cls, parts: Parts) -> Tally:
        """The tally of some loaded parts."""
        _, replay, score, rummy = parts
        judged = replay or rummy
        return cls(
            score=score,
            findings=tuple(judged.findings) if judged else (),
            shown=shown_groupings(rummy) if rummy else (),
        )


def rummy_result(game: RummyGame) -> str:
    """A Rummy table's state in a few words: who won, or who is still in."""
    if game.winner:
        return f"won by {game.winner}"
    last = game.deals[-1] if game.deals else None
    out = set(last.out) if last else set()
    players = game.record.players if game.record else []
    still_in = [name for name in players if name not in out]
    return "still in: " + ", ".join(still_in) if still_in else ""


class StoredParts:
    """Parts held as pickled bytes until first asked for (then kept), safe across threads."""

    def __init__(self, data: bytes) -> None:
        self._data: bytes | None = data
        self._parts: Parts | None = None
        self._lock = threading.Lock()

    def __call__(self) -> Parts:
        with self._lock:
            if self._parts is None:
                assert self._data is not None
                self._parts = pickle.loads(self._data)
                self._data = None
            return self._parts


def held(value: T) -> Callable[[], T]:
    """Parts (or a tally) already in memory, asked for like stored ones."""
    return lambda: value


def tallied(parts: Parts) -> Callable[[], Tally]:
    """The tally of parts in memory, worked out the first time it is asked for."""
    return cache(lambda: Tally.of(parts))


@cache
def engine_version() -> str:
    """A digest of every source file that decides a replay (the reader, the engine, the scorer
    and the dashboard's loading and tally), and of this store's format."""
    root = Path(__file__).resolve().parents[2]
    sources = sorted(path for package in PACKAGES for path in (root / package).rglob("*.py"))
    sources += [root / "dashboard" / name for name in ("library.py", "server/replay_store.py")]
    hasher = hashlib.sha256(STORE_FORMAT.encode())
    for path in sources:
        hasher.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return hasher.hexdigest()[:16]


def default_folder(environ: Mapping[str, str]) -> Path:
    """``$THURUPPU_CACHE``, else ``$XDG_CACHE_HOME/thuruppu/replays`` (``~/.cache`` by default)."""
    if environ.get(CACHE_ENV):
        return Path(environ[CACHE_ENV])
    base = environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "thuruppu" / "replays"


class ReplayStore:
    """Summaries and parts on disk under ``folder/<engine version>/``; entries of other engine
    versions are removed when the store is opened. Never raises: a store that cannot be read or
    written behaves as an empty one (the session is then replayed)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder / engine_version()
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            for other in folder.iterdir():
                if other.is_dir() and other != self.folder and len(other.name) == 16:
                    shutil.rmtree(other, ignore_errors=True)
        except OSError:
            pass

    def _path(self, key: str) -> Path:
        return self.folder / f"{key}.pickle"

    def get(self, key: str) -> tuple[Summary, tuple[Any, ...], Tally, StoredParts] | None:
        """The stored summary, read problems, tally and parts of the session with this content
        key."""
        try:
            summary, problems, tally, data = pickle.loads(self._path(key).read_bytes())
        except (OSError, pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError):
            return None
        if not isinstance(summary, Summary) or not isinstance(tally, Tally):
            return None
        if not isinstance(data, bytes):
            return None
        return summary, tuple(problems), tally, StoredParts(data)

    def put(
        self, key: str, summary: Summary, problems: tuple[Any, ...], tally: Tally, parts: Parts
    ) -> None:
        """Store a session's summary, problems, tally and parts (written whole, then moved into
        place)."""
        try:
            parts_data = pickle.dumps(parts, protocol=5)
            data = pickle.dumps((summary, problems, tally, parts_data), protocol=5)
            handle, name = tempfile.mkstemp(dir=self.folder, suffix=".part")
            with os.fdopen(handle, "wb") as output:
                output.write(data)
            os.replace(name, self._path(key))
        except (OSError, pickle.PicklingError, RecursionError):
            pass

    def get_result(self, key: str) -> object | None:
        """A derived result stored under ``key`` (``put_result``), ``None`` when absent or
        unreadable."""
        try:
            return pickle.loads(self._path(f"result-{key}").read_bytes())
        except (OSError, pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError):
            return None

    def holds_result(self, key: str) -> bool:
        """Whether a derived result is kept under ``key``, without reading it: a page waiting for
        one looks often."""
        try:
            return self._path(f"result-{key}").exists()
        except OSError:
            return False

    def holds_results(self) -> bool:
        """Whether any derived result is kept (``put_result``): a page may skip looking one up."""
        try:
            return next(self.folder.glob("result-*.pickle"), None) is not None
        except OSError:
            return False

    def put_result(self, key: str, value: object) -> None:
        """Keep a derived result of a session (a hand's fair analysis) under ``key``; like the
        replays, it is dropped when the engine changes."""
        try:
            handle, name = tempfile.mkstemp(dir=self.folder, suffix=".part")
            with os.fdopen(handle, "wb") as output:
                output.write(pickle.dumps(value, protocol=5))
            os.replace(name, self._path(f"result-{key}"))
        except (OSError, pickle.PicklingError, RecursionError):
            pass
