"""Fair analyses made in the background: each hand is judged fairly as soon as it ends, so that a
session's Coaching is ready when the session ends, not minutes after.

A hand's fair analysis (``replay.fair.analyse_fair``) takes seconds of one core (about 10 for a
hand of 40), minutes for a session, and a visitor asking after the session waited that long.
While the server serves an archive, one thread here follows its writes (``notices.follow``: LISTEN
on PostgreSQL, a poll on SQLite) and, for each session whose log moved, queues each ended hand not
yet analysed into the server's ``FairJobs`` at ``BACKGROUND`` priority (after any hand a visitor
asked for): one hand at a time, in the worker process at niceness 19, so that the tables' taps
keep the cores. When it starts it does the same for the live sessions created in the last
``RECENT_HOURS`` (a server restarted during a day), not for older ones nor imported ones.

A result is kept where the Coaching page's own keeps it (the job, and the replay store under
``fair_key``) and found by the same lookup (``kept_fair``). Its key is a digest of what it was
computed from: the session's tags and every hand up to it, as canonical text (earlier hands settle
its dealer), with the deals a decision and the seed. A hand corrected later has a new key: the
page finds no stale analysis, and the background queues it again.

Only the trick games have a fair analysis (``FAIRLY_JUDGED``, by the family's name). With several
server processes on one archive (``thuruppu serve --workers N``) only worker 1 runs the background
(``THURUPPU_WORKER``); the others find its results in the replay store they share. It is turned
off by ``--no-fair-background`` on the command starting the dashboard, or
``THURUPPU_FAIR_BACKGROUND=off``. An open Coaching page waits for its results and redraws itself
when one arrives (``dashboard.server.fair_watch``): whether it is on for the dashboard, run here or
by worker 1 (``turned_on``), and which sessions it judges unasked (``judged_unasked``) say what
such a page waits for.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from functools import partial

from dashboard.server.fair_worker import BACKGROUND, FairJobs, FairRequest
from dashboard.server.launch import FAIR_BACKGROUND_OFF
from dashboard.server.notices import follow
from dashboard.server.public_routes import WORKER_ENV
from dashboard.server.replay_store import ReplayStore
from recorder.archive import Archive, ArchiveError, SessionSummary, open_archive
from recorder.archive.notices import Notice
from recorder.games import family_name
from recorder.house_rules import resolve_rules
from recorder.model import Record
from recorder.tgn.writer import hand_writer, head_lines
from replay.fair import FairHand, Sampling

BACKGROUND_ENV = "THURUPPU_FAIR_BACKGROUND"
OFF_FLAG = FAIR_BACKGROUND_OFF
OFF_WORDS = ("off", "0", "no", "false")
SAMPLES = 32
"""Deals a decision: the Coaching page's default, so that the page finds what was made."""
SEED = 0
RECENT_HOURS = 24
"""At start, the live sessions created this recently have their ended hands analysed."""
SCAN_SECONDS = 2.0
"""A session whose log moved is looked at again at most this often."""
FAIRLY_JUDGED: dict[str, bool] = {"trick": True, "rummy": False}
"""Whether a family's hands have a fair analysis, by the family's name (Rummy has none)."""
PLAY_KINDS = frozenset({"hand", "deal", "call", "trump", "trick", "turn", "actions"})
"""Events that only add to the hand being played: after these alone no hand has ended or changed."""


def judged_fairly(game: str) -> bool:
    """Whether the game's hands have a fair analysis."""
    return FAIRLY_JUDGED.get(family_name(game), False)


def turned_on(arguments: Sequence[str], environ: Mapping[str, str]) -> bool:
    """Whether the dashboard judges hands in the background: not turned off by ``OFF_FLAG`` among
    the app's arguments nor by ``BACKGROUND_ENV`` (with several processes, worker 1 runs it and
    the others find its results in the replay store)."""
    if OFF_FLAG in arguments:
        return False
    return environ.get(BACKGROUND_ENV, "").strip().lower() not in OFF_WORDS


def background_on(arguments: Sequence[str], environ: Mapping[str, str]) -> bool:
    """Whether this server runs the background: ``turned_on``, and the first (or only) worker."""
    return turned_on(arguments, environ) and environ.get(WORKER_ENV, "1").strip() in ("", "1")


def judged_unasked(summary: SessionSummary, now: datetime) -> bool:
    """Whether the background judges the session's ended hands from the first time it sees it: a
    game judged fairly, recorded live in the ``RECENT_HOURS`` before ``now`` (a session it has
    seen is judged again whenever its log moves)."""
    since = now - timedelta(hours=RECENT_HOURS)
    return (
        judged_fairly(summary.game)
        and summary.origin == "live"
        and _since(summary.created_at, since)
    )


def hand_digests(record: Record) -> list[str]:
    """For each hand, a digest of what its fair analysis is computed from: the session's tags and
    the hands up to it, as canonical text, each digest chained from the one before."""
    hasher = hashlib.sha256("\n".join(head_lines(record)).encode())
    write = hand_writer(record.game)
    found = []
    for hand in record.hands:
        hasher.update(b"\0" + "\n".join(write(hand)).encode())
        found.append(hasher.copy().hexdigest()[:16])
    return found


def fair_key(digest: str, index: int, samples: int, seed: int = SEED) -> str:
    """The name of a hand's fair analysis, for the jobs and the replay store: its digest
    (``hand_digests``), the hand (from 0), the deals a decision and the seed."""
    return f"fair-{digest}-{index}-{samples}-{seed}"


def kept_fair(store: ReplayStore, jobs: FairJobs, key: str) -> FairHand | None:
    """The fair analysis kept under ``key``: in the replay store, else on this server's job."""
    kept = store.get_result(key)
    if isinstance(kept, FairHand):
        return kept
    job = jobs.job(key)
    return job.result if job is not None else None


def fair_request(record: Record, index: int, samples: int, seed: int = SEED) -> FairRequest:
    """What the worker needs to judge hand ``index`` (from 0) of ``record`` fairly."""
    switches = dict(resolve_rules(record.game, record.rules))
    return FairRequest(record, index, switches, Sampling(samples=samples, calling=0), seed)


def keep_in(store: ReplayStore, key: str) -> Callable[[FairHand], None]:
    """A job's ``done`` keeping its result in the replay store under ``key``."""
    return partial(store.put_result, key)


class Background:
    """The thread queueing each ended hand of the archive at ``location`` for its fair analysis
    into ``jobs`` with ``samples`` deals a decision (``SAMPLES`` when not given), its result kept
    in ``store``."""

    def __init__(
        self,
        location: str,
        store: ReplayStore,
        jobs: FairJobs,
        samples: int | None = None,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.location = location
        self.store = store
        self.jobs = jobs
        self.samples = samples or SAMPLES
        self._now = now
        self._archive: Archive | None = None
        self._seen: dict[int, int] = {}
        """Each session's log length when last looked at."""
        self._moved: set[int] = set()
        self._woken = threading.Event()
        self._lock = threading.Lock()

    def start(self) -> None:
        """Follow the archive and queue hands, on threads of their own, as long as the process."""
        threading.Thread(target=self._work, name="fair-background", daemon=True).start()
        following = partial(follow, self.location, self.heard)
        threading.Thread(target=following, name="fair-background-notices", daemon=True).start()

    def heard(self, notices: Sequence[Notice]) -> None:
        """Take notices in: each session whose log moved is looked at within ``SCAN_SECONDS``."""
        with self._lock:
            for notice in notices:
                if notice.session is not None and self._seen.get(notice.session) != notice.position:
                    self._moved.add(notice.session)
            if self._moved:
                self._woken.set()

    def _work(self) -> None:
        while True:  # as long as the process: the thread is a daemon
            self._woken.wait()
            time.sleep(SCAN_SECONDS)  # a table's taps come together: look once
            with self._lock:
                moved, self._moved = self._moved, set()
                self._woken.clear()
            try:
                self.look(sorted(moved))
            except ArchiveError:  # the archive is away: the next notice brings it back
                with self._lock:
                    self._moved |= moved

    def look(self, sessions: Sequence[int]) -> list[str]:
        """Queue the ended hands of these sessions that have no fair analysis yet; returns the
        keys queued. A session first seen is looked at only if it is live and recent."""
        if self._archive is None:
            self._archive = open_archive(self.location, create=False)
        archive = self._archive
        wanted = set(sessions)
        now = self._now()
        queued: list[str] = []
        for summary in archive.sessions():
            if summary.id not in wanted:
                continue
            first = summary.id not in self._seen
            if not judged_fairly(summary.game) or (first and not judged_unasked(summary, now)):
                self._seen[summary.id] = summary.events
                continue
            log = archive.events(summary.id)
            news = log[self._seen.get(summary.id, 0) :]
            self._seen[summary.id] = len(log)
            if first or any(logged.event.kind not in PLAY_KINDS for logged in news):
                queued += self.queue_ended(archive.ended_record(summary.id))
        return queued

    def queue_ended(self, record: Record) -> list[str]:
        """Queue each hand of ``record`` (its ended hands) without a fair analysis."""
        queued = []
        for index, digest in enumerate(hand_digests(record)):
            key = fair_key(digest, index, self.samples)
            if kept_fair(self.store, self.jobs, key) is not None:
                continue
            found = self.jobs.job(key)
            if found is not None and found.running:
                continue
            request = fair_request(record, index, self.samples)
            self.jobs.start(key, request, keep_in(self.store, key), BACKGROUND)
            queued.append(key)
        return queued


def _since(moment: str, since: datetime) -> bool:
    """Whether the archive's ``moment`` (ISO 8601, UTC) is at ``since`` or later."""
    try:
        return datetime.fromisoformat(moment) >= since
    except (TypeError, ValueError):
        return False
