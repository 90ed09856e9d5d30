"""An open Coaching page redraws itself when what it waits for from the fair analyses arrives
(``dashboard.server.fair_watch``), under Streamlit's AppTest, each timed run of its fragment run as
the browser's timer asks for it (``tests.timed_fragments``): the hand being played ends, the
background queues it, its progress moves, its result arrives; the page is rerun only when one of
these happened, and a page waiting for nothing has no timer at all.

The background is on but its thread is not started: the test queues the hand as it would
(``Background.look``) into jobs that are noted, never run, and plays the worker itself, or puts
the result where the page reads it. The result is the hand's all-hands analysis with no sampled
decision, a second's work, not the minute a sampled analysis takes here."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from dashboard import state
from dashboard.server import fair_background
from dashboard.server.fair_background import BACKGROUND_ENV, Background, fair_key, hand_digests
from dashboard.server.fair_watch import PROGRESS_SECONDS, WATCH_SECONDS
from dashboard.server.fair_worker import ASKED, Done, FairJob, FairJobs, FairRequest
from dashboard.server.replay_store import CACHE_ENV, ReplayStore
from dashboard.state import DATA_ENVIRONMENT
from recorder.archive import (
    ARCHIVE_ENV,
    Archive,
    Event,
    SessionCreated,
    events_from_record,
    open_archive,
)
from replay.fair import FairHand
from replay.solver import analyse_replayed
from replay.tricks import replay_session
from replay.tricks.simulate import random_hand
from tests.test_dashboard_app import APP, TIMEOUT, no_exception
from tests.timed_fragments import Timed, run

PLAYER = "Anil"
SAMPLES = fair_background.SAMPLES
"""The page's default deals a decision: the background's."""


class Noted(FairJobs):
    """The server's jobs, queued and seen by the pages but never run: the test is the worker."""

    def start(self, key: str, request: FairRequest, done: Done, priority: int = ASKED) -> FairJob:
        with self._lock:
            return self._jobs.setdefault(key, FairJob(key))


@dataclass
class Club:
    """An archive with one session of a hand of 28, and the replay store the server keeps."""

    archive: Archive
    session: int
    store: ReplayStore
    held_back: list[Event]
    """The session's last events, not yet recorded: the hand is being played until they are."""
    jobs: Noted = field(default_factory=Noted)

    def end_the_hand(self) -> None:
        for event in self.held_back:
            self.archive.append(self.session, event)
        self.held_back = []

    def key(self) -> str:
        """The name of the ended hand's fair analysis, as the page works it out."""
        record = self.archive.public_view(self.session).record
        return fair_key(hand_digests(record)[0], 0, SAMPLES)

    def result(self) -> FairHand:
        """The hand's fair analysis with no decision sampled: its all-hands analysis alone."""
        record = self.archive.public_view(self.session).record
        replayed = replay_session(record, steps=True).hands[0]
        return FairHand(replayed.number, analyse_replayed(record, replayed), ())


def recorded(folder: Path, held_back: int, origin: str = "live") -> Club:
    """The club's archive and store in ``folder``: the session recorded live but its last
    ``held_back`` events, or imported (``origin``) whole."""
    folder.mkdir(exist_ok=True)
    record = random_hand("28", random.Random(2))
    archive = open_archive(folder / "club.sqlite")
    if origin == "import":
        return Club(archive, archive.import_record(record), ReplayStore(folder / "cache"), [])
    created, *events = events_from_record(record)
    assert isinstance(created, SessionCreated)
    session = archive.create_session(created.tags)
    kept = len(events) - held_back
    for event in events[:kept]:
        archive.append(session, event)
    return Club(archive, session, ReplayStore(folder / "cache"), events[kept:])


def served(folder: Path, monkeypatch: pytest.MonkeyPatch, held_back: int, origin: str) -> Club:
    """The club (``recorded``) served by a fresh server (nothing held in its memory) with the
    background on, its jobs the club's."""
    club = recorded(folder, held_back, origin)
    monkeypatch.setenv(DATA_ENVIRONMENT, club.archive.location)
    monkeypatch.setenv(ARCHIVE_ENV, club.archive.location)
    monkeypatch.setenv(CACHE_ENV, str(folder / "cache"))
    monkeypatch.delenv(BACKGROUND_ENV, raising=False)
    monkeypatch.setattr(Background, "start", lambda self: None)  # the test queues, not a thread
    monkeypatch.setattr(state, "fair_jobs", lambda: club.jobs)
    st.cache_resource.clear()  # a fresh server: no analysis held in memory
    return club


@pytest.fixture
def page() -> Iterator[AppTest]:
    yield AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    st.cache_resource.clear()  # the next test's server holds none of this one's jobs


def coaching(app: AppTest) -> list[Timed]:
    """Open the Coaching page on the player; the timed fragments it asks for."""
    app.run()
    app.query_params.update(player=PLAYER)
    app.switch_page("screens/coaching.py")
    timed = run(app)
    no_exception(app)
    return timed


def texts(app: AppTest) -> list[str]:
    """The page's captions, notes and progress bars' words."""
    return [
        *(element.value for element in app.caption),
        *(element.value for element in app.info),
        *(str(getattr(bar, "proto", bar).text) for bar in app.get("progress")),
    ]


def redrawn(app: AppTest) -> bool:
    """Whether the last run drew the whole page (its title), not only the fragment."""
    return "Coaching" in [element.value for element in app.title]


def analysed(app: AppTest) -> bool:
    return "Find the better card" in [element.value for element in app.subheader]


def test_the_page_redraws_itself_when_the_hand_ends_and_again_when_its_analysis_arrives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, page: AppTest
) -> None:
    club = served(tmp_path, monkeypatch, held_back=1, origin="live")
    timed = coaching(page)
    assert "1 hand(s) being played: each is analysed fairly once it ends." in texts(page)
    [watch] = timed
    assert watch.seconds == WATCH_SECONDS

    assert run(page, watch.fragment) == [] and not redrawn(page)  # nothing moved: no rerun

    club.end_the_hand()
    [watch] = run(page, watch.fragment)  # the hand ended: the page is drawn again, and waits
    no_exception(page)
    assert redrawn(page) and not analysed(page)
    assert not any("being played" in text for text in texts(page))
    assert run(page, watch.fragment) == [] and not redrawn(page)

    club.store.put_result(club.key(), club.result())  # worker 1's result, in the shared store
    assert run(page, watch.fragment) == []  # the page is drawn with it, and waits no more
    no_exception(page)
    assert redrawn(page) and analysed(page)


def test_the_page_follows_the_backgrounds_job_and_redraws_itself_once_it_is_done(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, page: AppTest
) -> None:
    club = served(tmp_path, monkeypatch, held_back=0, origin="live")
    [watch] = coaching(page)  # an ended hand not analysed, the background yet to look at it
    assert watch.seconds == WATCH_SECONDS and not analysed(page)

    background = Background(club.archive.location, club.store, club.jobs)
    assert background.look([club.session]) == [club.key()]  # queued as the hand ended
    [watch] = run(page, watch.fragment)  # drawn again: the job's progress, redrawn each second
    no_exception(page)
    assert redrawn(page) and watch.seconds == PROGRESS_SECONDS
    assert any(text.endswith(": queued") for text in texts(page)), texts(page)

    job = club.jobs.job(club.key())
    assert job is not None
    job.started, job.done, job.total = True, 3, 12
    assert run(page, watch.fragment) == [] and not redrawn(page)  # the bar moves, not the page
    assert any(text.endswith("Decision 3 of 12 sampled") for text in texts(page)), texts(page)

    job.result = club.result()
    job.finished.set()
    assert run(page, watch.fragment) == []
    no_exception(page)
    assert redrawn(page) and analysed(page)


def test_a_page_waiting_for_nothing_has_no_timer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, page: AppTest
) -> None:
    served(tmp_path / "imported", monkeypatch, held_back=0, origin="import")
    assert coaching(page) == []  # the background never judges an imported session unasked
    assert "fair-analyse" in [button.key for button in page.button]

    club = served(tmp_path / "off", monkeypatch, held_back=1, origin="live")
    monkeypatch.setenv(BACKGROUND_ENV, "off")
    page = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    assert coaching(page) == []  # turned off: the hand being played brings nothing unasked
    assert "1 hand(s) being played: each is analysed fairly once it ends." in texts(page)
    club.end_the_hand()
    assert coaching(page) == [] and "fair-analyse" in [button.key for button in page.button]


def test_a_kept_result_the_page_cannot_read_does_not_rerun_it_at_every_look(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, page: AppTest
) -> None:
    club = served(tmp_path, monkeypatch, held_back=0, origin="live")
    club.store.put_result(club.key(), "no fair analysis")  # kept, but no ``FairHand``
    [watch] = coaching(page)  # the background will judge the hand again: the page waits
    assert not analysed(page)
    assert run(page, watch.fragment) == [] and not redrawn(page)
    assert run(page, watch.fragment) == [] and not redrawn(page)


def test_a_hand_the_background_will_judge_is_not_offered_to_the_button(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, page: AppTest
) -> None:
    club = served(tmp_path, monkeypatch, held_back=0, origin="live")
    coaching(page)  # a fresh server: no analysis held, the hand's session judged unasked
    waiting = "1 hand(s) waiting for the server's own fair analysis, one at a time."
    assert "fair-analyse" not in [button.key for button in page.button]
    assert waiting in texts(page)
    assert not any("press *Fair analysis*" in text for text in texts(page))

    club.store.put_result("another hand", "held")  # the server now holds an analysis
    coaching(page)  # the hand's key is worked out: still the background's
    assert "fair-analyse" not in [button.key for button in page.button]
    assert waiting in texts(page)

    job = club.jobs.start(club.key(), None, lambda fair: None)  # type: ignore[arg-type]
    job.error = "the worker stopped"
    job.finished.set()
    coaching(page)  # the background's analysis stopped: the button may ask again
    assert "fair-analyse" in [button.key for button in page.button]
    assert waiting not in texts(page)
