"""Fair analyses run away from the pages: in a worker process, one hand at a time, for the server.

A hand's fair analysis solves hundreds of deals: seconds to minutes. Run in a page's script run it
held that visitor's page until done, and (the solver being compiled code that keeps the interpreter)
every other visitor's too. Here a page only asks: ``FairJobs.start`` queues the hand and returns.
One thread of the server takes the queue in order and, per hand, starts a worker process
(``python -m dashboard.server.fair_worker FOLDER``: a fresh interpreter, as
``dashboard.server.upload_worker`` reads uploads) that replays the hand, judges it
(``replay.fair.analyse_fair``), writes its progress after each decision and the result into the
job's folder. The thread keeps the progress on the job, hands the result to the job's ``done`` (the
page keeps it for the server and in the replay store) and deletes the folder. The jobs belong to the
server, not to a browser session: a visitor may leave the page and come back, or another tab may
look, and sees the progress or the result. A visitor's hands go before the background's
(``dashboard.server.fair_background``: each hand as it ends), and the worker runs at niceness 19,
so that the server's own work (a table's taps) always comes first for the machine's cores.
"""

from __future__ import annotations

import itertools
import os
import pickle
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from recorder.model import Record
from replay.fair import FairHand, Sampling, analyse_fair
from replay.tricks.engine import replay_hand

REQUEST, PROGRESS, RESULT = "request.pickle", "progress", "result.pickle"
"""The files of a job's folder: what to analyse, the decisions done, the fair analysis."""
POLL_SECONDS = 0.2
"""How often the thread looks at the worker's progress."""
NICENESS = 19
"""The worker's niceness: the lowest priority, below every page and tap of the server."""
ASKED, BACKGROUND = 0, 1
"""The priorities of a hand a visitor asked for and of one analysed in the background."""


@dataclass(frozen=True)
class FairRequest:
    """One hand to judge fairly: the record, the hand (from 0), its rules, the deals, the seed."""

    record: Record
    hand_index: int
    switches: dict[str, str]
    sampling: Sampling
    seed: int


@dataclass
class FairJob:
    """A queued or running fair analysis, as the pages see it (the thread updates it)."""

    key: str
    done: int = 0
    """Decisions sampled so far."""
    total: int = 0
    """Decisions in all (0 until the worker has counted them)."""
    started: bool = False
    result: FairHand | None = None
    error: str | None = None
    finished: threading.Event = field(default_factory=threading.Event)

    @property
    def running(self) -> bool:
        return not self.finished.is_set()

    def said(self) -> str:
        """The job's state in words, for a progress bar."""
        if not self.started:
            return "Waiting for another hand's fair analysis…"
        if not self.total:
            return "Starting the fair analysis…"
        return f"Decision {self.done} of {self.total} sampled"

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0


Done = Callable[[FairHand], None]


class FairJobs:
    """The server's fair analyses: started by any page, run one at a time, seen by every page."""

    def __init__(self) -> None:
        self._jobs: dict[str, FairJob] = {}
        self._lock = threading.Lock()
        self._queue: queue.PriorityQueue[tuple[int, int, FairJob, FairRequest, Done]] = (
            queue.PriorityQueue()
        )
        self._order = itertools.count()
        self._thread: threading.Thread | None = None

    def job(self, key: str) -> FairJob | None:
        with self._lock:
            return self._jobs.get(key)

    def started(self) -> bool:
        """Whether this server has been asked for any fair analysis yet."""
        with self._lock:
            return bool(self._jobs)

    def start(self, key: str, request: FairRequest, done: Done, priority: int = ASKED) -> FairJob:
        """Queue the hand's analysis under ``key`` (unless it is queued, running or done with a
        result) and return at once; ``done`` gets the result, on the server's thread. The queue
        is taken by ``priority`` (``ASKED`` first), then in order."""
        with self._lock:
            found = self._jobs.get(key)
            if found is not None and (found.running or found.result is not None):
                return found
            job = self._jobs[key] = FairJob(key)
            self._queue.put((priority, next(self._order), job, request, done))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._work, name="fair-jobs", daemon=True)
                self._thread.start()
        return job

    def _work(self) -> None:
        while True:
            _, _, job, request, done = self._queue.get()
            try:
                job.started = True
                job.result = run_away(request, job)
                done(job.result)
            except Exception as error:  # the job says why; the server goes on
                job.error = str(error) or type(error).__name__
            finally:
                job.finished.set()


def run_away(request: FairRequest, job: FairJob) -> FairHand:
    """The hand's fair analysis in a worker process, its progress kept on ``job``."""
    folder = Path(tempfile.mkdtemp(prefix="thuruppu-fair-"))
    try:
        (folder / REQUEST).write_bytes(pickle.dumps(request, protocol=5))
        worker = subprocess.Popen(
            [sys.executable, "-m", __name__, str(folder)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        while worker.poll() is None:
            time.sleep(POLL_SECONDS)
            job.done, job.total = _progress_of(folder / PROGRESS, job.done, job.total)
        failure = worker.stderr.read().decode(errors="replace") if worker.stderr else ""
        try:
            result: FairHand = pickle.loads((folder / RESULT).read_bytes())
        except (OSError, pickle.UnpicklingError, EOFError, ValueError) as error:
            last = failure.strip().splitlines()[-1:] or [f"exit status {worker.returncode}"]
            raise RuntimeError(f"the fair analysis stopped: {last[0]}") from error
        job.done = job.total
        return result
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main(arguments: list[str]) -> None:
    """The worker: judge the requested hand, writing the decisions done after each one
    (``python -m dashboard.server.fair_worker FOLDER``)."""
    folder = Path(arguments[0])
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    request: FairRequest = pickle.loads((folder / REQUEST).read_bytes())
    replayed = replay_hand(request.record, request.hand_index, request.switches, steps=True)

    def progress(done: int, total: int) -> None:
        (folder / PROGRESS).write_text(f"{done} {total}", encoding="utf-8")

    fair = analyse_fair(
        request.record,
        replayed,
        request.switches,
        request.sampling,
        request.seed,
        progress=progress,
    )
    written = folder / f"{RESULT}.part"
    written.write_bytes(pickle.dumps(fair, protocol=5))
    written.replace(folder / RESULT)


def _progress_of(path: Path, done: int, total: int) -> tuple[int, int]:
    try:
        said_done, said_total = path.read_text(encoding="utf-8").split()
        return int(said_done), int(said_total)
    except (OSError, ValueError):
        return done, total


if __name__ == "__main__":
    main(sys.argv[1:])
