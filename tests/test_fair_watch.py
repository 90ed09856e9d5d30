"""What an open Coaching page waits for from the fair analyses, and whether it moved
(``dashboard.server.fair_watch``); which sessions the background judges unasked
(``fair_background.judged_unasked``, ``turned_on``); and the store's look for a result without
reading it."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import cast

from dashboard.server.fair_background import (
    BACKGROUND_ENV,
    OFF_FLAG,
    RECENT_HOURS,
    background_on,
    judged_unasked,
    turned_on,
)
from dashboard.server.fair_watch import (
    KEPT,
    NONE,
    RUNNING,
    Awaited,
    analysis_state,
    awaiting,
    awaits,
    moved,
)
from dashboard.server.fair_worker import FairJob
from dashboard.server.public_routes import WORKER_ENV
from dashboard.server.replay_store import ReplayStore
from recorder.archive import SessionSummary
from replay.fair import FairHand

NOW = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)


def never_held() -> bool:
    raise AssertionError("asked whether the server holds an analysis although not awaited")


def never_ended(keys: Collection[str]) -> Mapping[str, int]:
    raise AssertionError("read the sessions although no hand is being played")


def test_a_page_waiting_for_nothing_is_false_and_nothing_moves_for_it() -> None:
    assert not Awaited()
    assert not moved(Awaited(), never_held, never_ended, lambda name: KEPT)
    assert Awaited(unheld=True) and Awaited(playing=(("archive:1", 0),))
    assert Awaited(names=(("fair-a-0-32-0", NONE),))


def test_the_first_analysis_the_server_holds_moves_a_page_that_held_none() -> None:
    unheld = Awaited(unheld=True)
    assert not moved(unheld, lambda: False, never_ended, lambda name: KEPT)
    assert moved(unheld, lambda: True, never_ended, lambda name: KEPT)


class Archived:
    """The ended hands of each session as the archive holds them now; notes what was asked."""

    def __init__(self, counts: dict[str, int]) -> None:
        self.counts = counts
        self.asked: list[list[str]] = []

    def __call__(self, keys: Collection[str]) -> Mapping[str, int]:
        self.asked.append(sorted(keys))
        return self.counts


def test_a_hand_ending_moves_the_page_a_card_played_does_not() -> None:
    playing = Awaited(playing=(("archive:1", 2), ("archive:4", 0)))
    same = Archived({"archive:1": 2, "archive:4": 0, "archive:7": 5})
    assert not moved(playing, never_held, same, lambda name: KEPT)
    assert same.asked == [["archive:1", "archive:4"]]  # only the sessions being played
    third = Archived({"archive:1": 3, "archive:4": 0})
    assert moved(playing, never_held, third, lambda name: KEPT)
    gone = Archived({"archive:4": 0})
    assert moved(playing, never_held, gone, lambda name: KEPT)


def test_an_analysis_awaited_moves_the_page_when_its_state_changes() -> None:
    awaited = Awaited(names=(("fair-a-0-32-0", NONE), ("fair-b-1-32-0", RUNNING)))
    states = {"fair-a-0-32-0": NONE, "fair-b-1-32-0": RUNNING}
    assert not moved(awaited, never_held, never_ended, states.__getitem__)  # progress alone
    for name, state in (("fair-a-0-32-0", RUNNING), ("fair-b-1-32-0", KEPT)):
        changed = {**states, name: state}
        assert moved(awaited, never_held, never_ended, changed.__getitem__)


def test_an_analysis_state_is_kept_none_running_or_the_jobs_error() -> None:
    assert analysis_state(True, None) == KEPT  # worker 1's, in the shared store
    assert analysis_state(False, None) == NONE
    job = FairJob("fair-a-0-32-0")
    assert analysis_state(False, job) == RUNNING  # queued or running alike
    job.started, job.done, job.total = True, 4, 10
    assert analysis_state(False, job) == RUNNING
    job.result = cast(FairHand, object())
    job.finished.set()
    assert analysis_state(False, job) == KEPT  # its result on the job, the store failing
    failed = FairJob("fair-b-1-32-0", error="the worker stopped")
    failed.finished.set()
    assert analysis_state(False, failed) == "the worker stopped"


def test_a_hand_is_awaited_while_its_job_runs_or_the_background_will_judge_it() -> None:
    running = FairJob("fair-a-0-32-0")
    assert awaits(running, False) and awaits(running, True)
    assert awaits(None, True) and not awaits(None, False)
    failed = FairJob("fair-a-0-32-0", error="the worker stopped")
    failed.finished.set()
    assert not awaits(failed, True)  # it stopped: the page shows why, and waits no more


def test_a_page_awaits_what_a_job_or_the_background_brings_and_only_that() -> None:
    running = FairJob("fair-a-0-32-0")
    failed = FairJob("fair-c-0-32-0", error="the worker stopped")
    failed.finished.set()
    jobs = {job.key: job for job in (running, failed)}
    pending = {
        "fair-a-0-32-0": ("upload.tgn", RUNNING),  # a visitor's, running: awaited anywhere
        "fair-b-0-32-0": ("archive:1", NONE),  # no job yet: the background's
        "fair-c-0-32-0": ("archive:1", "the worker stopped"),
        "fair-d-0-32-0": ("archive:2", NONE),  # an imported session: nobody brings it
    }
    in_play = {"archive:1": 2, "archive:3": 0}
    judged = {"archive:1", "archive:3"}
    awaited = awaiting(in_play, pending, {"archive:1", "archive:2"}, judged, jobs.get)
    assert awaited.playing == (("archive:1", 2), ("archive:3", 0))
    assert awaited.names == (("fair-a-0-32-0", RUNNING), ("fair-b-0-32-0", NONE))
    assert awaited.unheld
    nothing = awaiting(in_play, pending, {"archive:2"}, (), jobs.get)  # the background off
    assert nothing == Awaited(names=(("fair-a-0-32-0", RUNNING),))
    assert not awaiting({}, {"fair-c-0-32-0": ("archive:1", NONE)}, (), (), jobs.get)


def summary(game: str = "28", origin: str = "live", hours: float = 1.0) -> SessionSummary:
    created = (NOW - timedelta(hours=hours)).isoformat()
    return SessionSummary(1, game, created, 40, origin=origin)


def test_the_background_judges_unasked_the_recent_live_sessions_of_the_trick_games() -> None:
    assert judged_unasked(summary(), NOW)
    assert not judged_unasked(summary(origin="import"), NOW)
    assert not judged_unasked(summary(hours=RECENT_HOURS + 1), NOW)
    assert not judged_unasked(summary(game="rummy"), NOW)
    assert not judged_unasked(SessionSummary(1, "28", "not a time", 40), NOW)


def test_turned_on_for_the_dashboard_though_another_worker_runs_it() -> None:
    assert turned_on([], {WORKER_ENV: "2"}) and not background_on([], {WORKER_ENV: "2"})
    assert not turned_on([OFF_FLAG], {}) and not turned_on([], {BACKGROUND_ENV: "no"})


def test_the_store_says_whether_it_holds_a_result_without_reading_it(tmp_path: Path) -> None:
    store = ReplayStore(tmp_path)
    assert not store.holds_result("fair-a-0-32-0")
    store.put_result("fair-a-0-32-0", {"hand": 1})
    assert store.holds_result("fair-a-0-32-0") and not store.holds_result("fair-b-0-32-0")
