"""Uploads read and replayed away from the visitors, each within its share of the server: in a
worker process, one upload at a time.

Reading and replaying a session takes about 70 KB of memory and 6 KB of disk a hand: a club's
whole export (45 MB, 85,000 hands) took 6.6 GB and 550 MB. Here the upload's bytes are copied a
chunk at a time into a temporary folder and a worker process (``python -m
dashboard.server.upload_worker``: a fresh interpreter, neither a copy of the server nor one that
imports the page that started it) counts its hands, then reads, replays and scores them, keeps the
record, replay and score in the folder (the upload's own ``ReplayStore``) and writes only what the
Sessions page lists: the summary, the problems, the tally. The worker ends after the upload, so
its memory goes back to the system; one upload is read at a time, at the lowest priority
(``WORKER_NICENESS``), so that the server's page threads come first.

Each upload has a share, and anything over it is refused with a message that says the limit and
what to do instead (split the file, or ``thuruppu archive import`` on the archive's machine): at
most ``MAX_UPLOAD_HANDS`` hands, counted before reading; ``WORKER_MEMORY_MB`` of memory and
``UPLOAD_DISK_MB`` of disk, watched while it is read (the worker is stopped when over); one
upload being read per visitor (browser session) and ``SERVER_UPLOADS`` held by the server
(``Shelf``). A thread of the server watches the worker (``Reading``), so the reading goes on
when the page that started it is rerun, and the next run collects it. A page reads the upload's
record, replay and score from the folder when it shows them; the folder is deleted as soon as
the upload is forgotten (removed, imported, or its browser session ended: ``Shelf.sweep``), and
``give_back_memory`` then returns what the server freed to the system.

The size of an upload is bounded too by Streamlit's ``server.maxUploadSize``, which ``thuruppu
dashboard`` sets from ``THURUPPU_MAX_UPLOAD_MB`` (50 MB by default, ``launch.max_upload_mb``)
and the page states.
"""

from __future__ import annotations

import ctypes
import gc
import os
import pickle
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import weakref
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import BinaryIO

from dashboard.library import NOTHING_READ, LoadedSession, load, upload_key_of
from dashboard.server.replay_store import Parts, ReplayStore, Tally

UPLOAD, PROGRESS, RESULT, TALLY = "upload.tgn", "progress", "listed.pickle", "tally.pickle"
"""The files of an upload's folder: its bytes, the worker's progress, what the page lists, and
the tally (the score of every hand: for a club's whole export, a hundred megabytes in memory)."""
WORKER_NICENESS = 19
"""How much the worker's priority is lowered: the pages first, the upload with what is left."""
POLL_SECONDS = 0.2
"""How often the server looks at the worker's progress, memory and disk."""
WORKER_MEMORY_MB = 300
"""The memory an upload's worker may take (its resident memory): over it, it is stopped."""
UPLOAD_DISK_MB = 100
"""The disk an upload's folder may take (its bytes, record, replay and score): over it, the
worker is stopped."""
MAX_UPLOAD_HANDS = 3_000
"""The most hands an upload may hold: 3,000 hands of 40 peak at 256 MB in the worker and take
19 MB in its folder (a hand costs about 70 KB of memory and 6 KB of disk while it is read), so
a file over it is refused before it is read rather than stopped at the budget."""
SERVER_UPLOADS = 4
"""The most uploads a server holds at once, read or being read, whoever made them: at most
``SERVER_UPLOADS * UPLOAD_DISK_MB`` of disk beside the archive."""
REFUSED = 3
"""The worker's exit status when it refuses a file (its last line on stderr says why)."""
CHUNK = 1 << 20
"""How much of an upload is copied or scanned at a time."""
HAND_TAG = re.compile(rb'^[ \t]*\[[ \t]*hand[ \t]+"', re.IGNORECASE | re.MULTILINE)
ADVICE = (
    f"Split the file into parts of at most {MAX_UPLOAD_HANDS:,} hands and upload them one at a "
    'time, or import it on the archive\'s machine with "thuruppu archive import FILE".'
)

Progress = Callable[[float, str], object]
"""Told the fraction done and what is being done (the page's progress bar)."""

_one_at_a_time = threading.Lock()
"""One upload is read at a time, on one core, whoever uploads: the other core serves pages."""


class UploadFailed(RuntimeError):
    """The worker did not finish reading an upload; the message says why, as it last said."""


class UploadRefused(UploadFailed):
    """An upload over this server's share (too many hands, memory or disk, or uploads at once);
    the message says the limit and what to do instead."""


class Reading:
    """One upload read by the worker, watched from a thread of the server: the reading goes on
    when the page run that started it is interrupted (a rerun, another page), and the next run
    of the Sessions page collects it. The worker is stopped when it takes more memory or disk
    than its share, or when the upload is dropped."""

    def __init__(self, folder: Path, key: str, name: str) -> None:
        self.folder, self.key, self.name, self.label = folder, key, name, f"{name} (uploaded)"
        self.progress = (0.0, "Waiting for another upload to be read…")
        self.worker: subprocess.Popen[bytes] | None = None
        self._stopped = threading.Event()
        self._done = threading.Event()
        self._outcome: LoadedSession | UploadFailed = UploadFailed("not read yet")
        threading.Thread(target=self._run, name=f"upload {key}", daemon=True).start()

    def wait(self, seconds: float) -> bool:
        """Whether the reading is over, waiting at most ``seconds`` for it."""
        return self._done.wait(seconds)

    def session(self) -> LoadedSession:
        """The session read (its parts in the folder); raises ``UploadFailed`` (or
        ``UploadRefused``) when it could not be read within its share."""
        self._done.wait()
        if isinstance(self._outcome, UploadFailed):
            raise self._outcome
        return self._outcome

    def stop(self) -> None:
        """Stop the worker within ``POLL_SECONDS`` (the upload was dropped): a reading still
        waiting for its turn ends when it comes."""
        self._stopped.set()

    def _run(self) -> None:
        try:
            self._outcome = self._read()
        except UploadFailed as failure:
            self._outcome = failure
        finally:
            self._done.set()

    def _read(self) -> LoadedSession:
        with _one_at_a_time:
            if self._stopped.is_set():
                raise UploadFailed("the upload was removed")
            self.worker = worker = subprocess.Popen(
                [sys.executable, "-m", __name__, str(self.folder), self.key, self.label],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            )
            lowest = os.getpriority(os.PRIO_PROCESS, 0) + WORKER_NICENESS
            os.setpriority(os.PRIO_PROCESS, worker.pid, lowest)  # from its first import on
            over = ""
            while worker.poll() is None and not over:
                stopped = self._stopped.wait(POLL_SECONDS)
                over = "stopped" if stopped else _over_share(worker, self.folder)
                self.progress = _progress_of(self.folder / PROGRESS) or self.progress
            if over:
                worker.kill()
                worker.wait()
            failure = worker.stderr.read().decode(errors="replace") if worker.stderr else ""
        last = failure.strip().splitlines()[-1:] or [f"exit status {worker.returncode}"]
        if over == "stopped":
            shutil.rmtree(self.folder, ignore_errors=True)  # what the worker wrote meanwhile
            raise UploadFailed("the upload was removed")
        if over or worker.returncode == REFUSED:
            raise UploadRefused(over or last[0])
        try:
            with (self.folder / RESULT).open("rb") as result:
                summary, problems, version = pickle.load(result)
        except (OSError, pickle.UnpicklingError, EOFError, ValueError) as error:
            raise UploadFailed(last[0]) from error
        self.progress = (1.0, "Done")
        parts = _StoredAway(self.folder, version)
        weakref.finalize(parts, shutil.rmtree, str(self.folder), True)  # forgotten unshelved
        tally = _tally_away(self.folder)
        return LoadedSession(self.key, self.label, summary, problems, version, parts, tally)


def _over_share(worker: subprocess.Popen[bytes], folder: Path) -> str:
    """Why a worker is over its share of memory or disk, or ``""`` (each file it writes is
    bounded by the worker itself as well: ``RLIMIT_FSIZE``)."""
    if resident_mb(worker.pid) > WORKER_MEMORY_MB:
        return (
            f"reading it needed more than the {WORKER_MEMORY_MB} MB of memory an upload may "
            f"take on this server. {ADVICE}"
        )
    if folder_mb(folder) > UPLOAD_DISK_MB:
        return (
            f"reading it needed more than the {UPLOAD_DISK_MB} MB of disk an upload may take "
            f"on this server. {ADVICE}"
        )
    return ""


def resident_mb(pid: int) -> float:
    """A process's resident memory in MB (``VmRSS``; 0 where ``/proc`` does not say)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    found = re.search(r"^VmRSS:\s+(\d+)", status, re.MULTILINE)
    return int(found[1]) / 1024 if found else 0.0


def folder_mb(folder: Path) -> float:
    """What the files under a folder take, in MB."""
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / 1_000_000


class Shelf:
    """The uploads a server holds: each one's folder with the browser session that owns it, and
    each visitor's reading not yet collected. A visitor reads one upload at a time, the server
    holds at most ``SERVER_UPLOADS``, and a folder goes as soon as its upload is dropped or its
    browser session ends (``sweep``)."""

    def __init__(self, limit: int = SERVER_UPLOADS) -> None:
        self._limit = limit
        self._lock = threading.Lock()
        self._owners: dict[Path, str] = {}
        self._readings: dict[str, Reading] = {}

    def shelve(self, owner: str, name: str, source: BinaryIO) -> tuple[Path, str]:
        """Copy an upload's bytes into a new folder of ``owner``'s, a chunk at a time (never
        whole in memory); gives the folder and the upload's key (``library.upload_key``).
        Raises ``UploadRefused`` while ``owner`` has another upload being read, or when the
        server holds its most uploads."""
        with self._lock:
            if (reading := self._readings.get(owner)) is not None:
                raise UploadRefused(
                    f"{reading.name} is still being read, and a visitor's uploads are read one "
                    f"at a time: upload {name} again once it is done."
                )
            if len(self._owners) >= self._limit:
                raise UploadRefused(
                    f"this server already holds {self._limit} uploads, the most it keeps at "
                    "once: remove one of yours or try again later, or import the file on the "
                    'archive\'s machine with "thuruppu archive import FILE".'
                )
            folder = Path(tempfile.mkdtemp(prefix="thuruppu-upload-"))
            self._owners[folder] = owner
        source.seek(0)
        with (folder / UPLOAD).open("wb") as kept:
            key = upload_key_of(name, _copied(source, kept))
        return folder, key

    def read(self, owner: str, folder: Path, key: str, name: str) -> Reading:
        """Start reading a shelved upload in the worker (``owner``'s reading until collected)."""
        reading = Reading(folder, key, name)
        with self._lock:
            self._readings[owner] = reading
        return reading

    def reading(self, owner: str) -> Reading | None:
        """``owner``'s reading not yet collected, if any."""
        with self._lock:
            return self._readings.get(owner)

    def collected(self, owner: str) -> None:
        """``owner``'s reading is over and taken: another upload may be read."""
        with self._lock:
            self._readings.pop(owner, None)

    def drop(self, folder: Path) -> None:
        """Forget an upload: stop its worker if it is being read, and delete its folder now."""
        with self._lock:
            owner = self._owners.pop(folder, None)
            reading = self._readings.get(owner or "")
            if reading is not None and reading.folder == folder:
                del self._readings[owner or ""]
            else:
                reading = None
        if reading is not None:
            reading.stop()
        shutil.rmtree(folder, ignore_errors=True)

    def sweep(self, alive: Callable[[str], bool]) -> None:
        """Drop every upload whose browser session is no longer ``alive`` (its tab went)."""
        with self._lock:
            gone = [folder for folder, owner in self._owners.items() if not alive(owner)]
        for folder in gone:
            self.drop(folder)

    def folders(self) -> list[Path]:
        """The folders of the uploads held."""
        with self._lock:
            return list(self._owners)


def _copied(source: BinaryIO, kept: BinaryIO) -> Iterator[bytes]:
    """The chunks of ``source``, each written to ``kept`` as it is given."""
    while chunk := source.read(CHUNK):
        kept.write(chunk)
        yield chunk


def count_hands(path: Path) -> int:
    """The ``[Hand "N"]`` tags of a file, read a line at a time."""
    with path.open("rb") as lines:
        return sum(1 for line in lines if HAND_TAG.match(line))


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


def main(arguments: list[str]) -> None:
    """The worker: read, replay and score the upload in the folder, keep its parts there and
    write what the Sessions page lists
    (``python -m dashboard.server.upload_worker FOLDER KEY LABEL``)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a file over its bound fails to be written
    limit = UPLOAD_DISK_MB * 1_000_000
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
    folder, key, label = Path(arguments[0]), arguments[1], arguments[2]
    hands = count_hands(folder / UPLOAD)
    if hands > MAX_UPLOAD_HANDS:
        print(
            f"it holds {hands:,} hands, more than the {MAX_UPLOAD_HANDS:,} an upload may hold on "
            f"this server (one is read within {WORKER_MEMORY_MB} MB of memory and "
            f"{UPLOAD_DISK_MB} MB of disk). {ADVICE}",
            file=sys.stderr,
        )
        raise SystemExit(REFUSED)
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


def _progress_of(path: Path) -> tuple[float, str] | None:
    """What the worker last said it was doing, if it said anything yet."""
    try:
        fraction, _, text = path.read_text(encoding="utf-8").partition(" ")
        return (float(fraction), text) if text else None
    except (OSError, ValueError):
        return None


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
