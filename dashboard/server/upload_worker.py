"""Uploads read and replayed away from the visitors: in a worker process, one upload at a time.

Reading and replaying a club's whole export (45 MB, 100,000 hands) takes minutes and gigabytes.
Done on the page's thread it held the interpreter every visitor's page shares, and what it built
stayed in the server's memory. Here the upload's bytes go to a temporary folder and a worker
process (``python -m dashboard.server.upload_worker``: a fresh interpreter, neither a copy of the
server nor one that imports the page that started it) reads, replays and scores them, keeps the
record, replay and score in the folder (the upload's own ``ReplayStore``) and writes only what the
Sessions page lists: the summary, the problems, the tally. The worker ends after the upload, so
its memory goes back to the system; one upload is read at a time, at the lowest priority
(``WORKER_NICENESS``), so that on a busy machine the server's page threads come first. The bytes
stay in the folder (``kept_file``: an import into the archive reads them from there, a hand at a
time), not in the server's memory. A page reads the upload's record, replay and score from the
folder when it shows them; the folder is deleted when the upload is forgotten (removed, imported,
or its browser session ended), and ``give_back_memory`` then returns what the server freed to the
system.

The size of an upload is bounded by Streamlit's ``server.maxUploadSize``, which ``thuruppu
dashboard`` sets from ``THURUPPU_MAX_UPLOAD_MB`` (50 MB by default, ``launch.max_upload_mb``)
and the page states.
"""

from __future__ import annotations

import ctypes
import gc
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from collections.abc import Callable
from functools import cache
from pathlib import Path

from dashboard.library import NOTHING_READ, LoadedSession, load
from dashboard.server.replay_store import Parts, ReplayStore, Tally

UPLOAD, PROGRESS, RESULT, TALLY = "upload.tgn", "progress", "listed.pickle", "tally.pickle"
"""The files of an upload's folder: its bytes, the worker's progress, what the page lists, and
the tally (the score of every hand: for a club's whole export, a hundred megabytes in memory)."""
WORKER_NICENESS = 19
"""How much the worker's priority is lowered: the pages first, the upload with what is left."""
POLL_SECONDS = 0.2
"""How often the page looks at the worker's progress."""

Progress = Callable[[float, str], object]
"""Told the fraction done and what is being done (the page's progress bar)."""

_one_at_a_time = threading.Lock()
"""One upload is read at a time, on one core, whoever uploads: the other core serves pages."""


def read_away(key: str, label: str, data: bytes, progress: Progress) -> LoadedSession:
    """Read, replay and score an upload in a worker process, telling ``progress`` how far it
    is; the session it gives reads its record, replay and score from the upload's own folder.
    Raises ``UploadFailed`` when the worker does not finish (out of memory, say)."""
    folder = Path(tempfile.mkdtemp(prefix="thuruppu-upload-"))
    (folder / UPLOAD).write_bytes(data)
    progress(0.0, "Waiting for another upload to be read…")
    with _one_at_a_time:
        worker = subprocess.Popen(
            [sys.executable, "-m", __name__, str(folder), key, label],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        told = (0.0, "")
        while worker.poll() is None:
            time.sleep(POLL_SECONDS)
            now = _progress_of(folder / PROGRESS)
            if now[1] and now != told:  # only news: each call redraws the uploader's bar
                told = now
                progress(*now)
        failure = worker.stderr.read().decode(errors="replace") if worker.stderr else ""
    try:
        with (folder / RESULT).open("rb") as result:
            summary, problems, version = pickle.load(result)
    except (OSError, pickle.UnpicklingError, EOFError, ValueError) as error:
        shutil.rmtree(folder, ignore_errors=True)
        last = failure.strip().splitlines()[-1:] or [f"exit status {worker.returncode}"]
        raise UploadFailed(last[0]) from error
    progress(1.0, "Done")
    parts = _StoredAway(folder, version)
    weakref.finalize(parts, shutil.rmtree, str(folder), True)
    return LoadedSession(key, label, summary, problems, version, parts, _tally_away(folder))


def kept_file(session: LoadedSession) -> Path:
    """Where the bytes of an upload read away are kept (its folder, gone with the session)."""
    parts = session.parts
    if not isinstance(parts, _StoredAway):
        raise ValueError(f"{session.label} was not read by the upload worker")
    return parts.folder / UPLOAD


def give_back_memory() -> None:
    """Return to the system the memory an upload's objects held once they are freed: collect
    the garbage, then ask glibc's allocator to give back its free pages (its arenas keep them
    otherwise; elsewhere nothing more is done)."""
    gc.collect()
    try:
        libc = ctypes.CDLL(None)
        trim = libc.malloc_trim
    except (OSError, AttributeError):
        return
    trim(0)


class UploadFailed(RuntimeError):
    """The worker did not finish reading an upload; the message says why, as it last said."""


def main(arguments: list[str]) -> None:
    """The worker: read, replay and score the upload in the folder, keep its parts there and
    write what the Sessions page lists
    (``python -m dashboard.server.upload_worker FOLDER KEY LABEL``)."""
    os.nice(WORKER_NICENESS)
    folder, key, label = Path(arguments[0]), arguments[1], arguments[2]
    data = (folder / UPLOAD).read_bytes()

    def said(fraction: float, text: str) -> None:
        (folder / PROGRESS).write_text(f"{fraction} {text}", encoding="utf-8")

    session = load(key, label, data, ReplayStore(folder), said)
    _write(folder / TALLY, session.tally())
    _write(folder / RESULT, (session.summary, session.problems, session.digest))


def _write(path: Path, value: object) -> None:
    """Pickle ``value`` into ``path``, written whole, then moved into place."""
    written = path.with_name(f"{path.name}.part")
    written.write_bytes(pickle.dumps(value, protocol=5))
    written.replace(path)


def _tally_away(folder: Path) -> Callable[[], Tally]:
    """The upload's tally, unpickled when a page adding sessions up (Players, Coaching) first asks
    for it, then kept: the Sessions page never needs it, so the server does not hold it."""

    @cache
    def tally() -> Tally:
        try:
            kept = pickle.loads((folder / TALLY).read_bytes())
        except (OSError, pickle.UnpicklingError, EOFError, ValueError):
            return Tally()
        return kept if isinstance(kept, Tally) else Tally()

    return tally


def _progress_of(path: Path) -> tuple[float, str]:
    try:
        fraction, _, text = path.read_text(encoding="utf-8").partition(" ")
        return float(fraction), text
    except (OSError, ValueError):
        return 0.0, ""


class _StoredAway:
    """An upload's parts, read from its folder when a page first asks for them (then kept)."""

    def __init__(self, folder: Path, version: str) -> None:
        self.folder = folder
        self._store = ReplayStore(folder)
        self._version = version
        self._parts: Parts | None = None
        self._lock = threading.Lock()

    def __call__(self) -> Parts:
        with self._lock:
            if self._parts is None:
                stored = self._store.get(self._version)
                self._parts = stored[3]() if stored is not None else NOTHING_READ
            return self._parts


if __name__ == "__main__":
    main(sys.argv[1:])
