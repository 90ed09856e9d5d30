"""Each hand judged fairly in the background as it ends (``dashboard.server.fair_background``):
recorded into an archive, the hand is queued, analysed in the worker and found by the Coaching
page's own lookup; a correction gives it a new key and queues it again; turned off, nothing is
queued; and the Coaching page shows the hand analysed without its button being pressed.

A short seeded hand of 28 with two deals a decision: a few seconds in pure Python."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.server import fair_background
from dashboard.server.fair_background import (
    BACKGROUND_ENV,
    OFF_FLAG,
    Background,
    background_on,
    fair_key,
    hand_digests,
    judged_fairly,
    kept_fair,
)
from dashboard.server.fair_worker import Done, FairJob, FairJobs, FairRequest
from dashboard.server.launch import streamlit_command
from dashboard.server.public_routes import WORKER_ENV
from dashboard.server.replay_store import CACHE_ENV, ReplayStore
from dashboard.state import DATA_ENVIRONMENT
from recorder.archive import ARCHIVE_ENV, Archive, SessionCreated, events_from_record, open_archive
from recorder.archive.events import SessionTagged
from recorder.model import Record
from replay.fair import FairHand
from replay.tricks.simulate import random_hand
from tests.test_dashboard_app import APP, TIMEOUT, no_exception, open_page

SAMPLES = 2
WAIT_SECONDS = 300
"""The most the worker may take for the hand on a busy machine."""


def recorded(location: Path) -> tuple[Archive, int, Record]:
    """A live session of one ended hand of 28, recorded event by event."""
    record = random_hand("28", random.Random(2))
    archive = open_archive(location)
    created, *events = events_from_record(record)
    assert isinstance(created, SessionCreated)
    session = archive.create_session(created.tags)
    for event in events:
        archive.append(session, event)
    return archive, session, record


class Kept(FairJobs):
    """Jobs that are only noted, never run."""

    def __init__(self) -> None:
        super().__init__()
        self.started: list[str] = []

    def start(self, key: str, request: FairRequest, done: Done, priority: int = 0) -> FairJob:
        self.started.append(key)
        return FairJob(key)


def test_a_hand_that_ends_is_analysed_in_the_background_and_found_by_the_pages_lookup(
    tmp_path: Path,
) -> None:
    archive, session, _ = recorded(tmp_path / "club.sqlite")
    store, jobs = ReplayStore(tmp_path / "cache"), FairJobs()
    background = Background(archive.location, store, jobs, samples=SAMPLES)
    background.start()  # it follows the archive: the session is new and recent
    page_record = archive.public_view(session).record  # what the Coaching page reads
    key = fair_key(hand_digests(page_record)[0], 0, SAMPLES)
    started = time.monotonic()
    while kept_fair(store, jobs, key) is None:
        assert time.monotonic() - started < WAIT_SECONDS, "the hand was not analysed"
        job = jobs.job(key)
        assert job is None or job.error is None, job.error if job else None
        time.sleep(0.5)
    assert isinstance(store.get_result(key), FairHand)  # kept for the next run too
    assert background.look([session]) == []  # nothing more to do


def test_a_correction_gives_the_hand_a_new_key_and_queues_it_again(tmp_path: Path) -> None:
    archive, session, record = recorded(tmp_path / "club.sqlite")
    jobs = Kept()
    background = Background(archive.location, ReplayStore(tmp_path / "cache"), jobs, SAMPLES)
    first = background.look([session])
    assert first == [fair_key(hand_digests(record)[0], 0, SAMPLES)]
    assert background.look([session]) == []  # the log did not move
    archive.append(session, SessionTagged(name="Decision", value="hand 1 replayed by the TD"))
    again = background.look([session])
    assert len(again) == 1 and again != first
    corrected = archive.public_view(session).record
    assert again == [fair_key(hand_digests(corrected)[0], 0, SAMPLES)]
    assert jobs.started == [*first, *again]


def test_turned_off_nothing_is_queued(tmp_path: Path) -> None:
    assert background_on([], {})
    assert not background_on([OFF_FLAG], {})
    assert not background_on([], {BACKGROUND_ENV: "off"})
    assert not background_on([], {WORKER_ENV: "2"})  # only worker 1 of several
    assert OFF_FLAG in streamlit_command("club.sqlite", 8501, fair_background=False)
    assert OFF_FLAG not in streamlit_command("club.sqlite", 8501)
    assert judged_fairly("28") and not judged_fairly("rummy")


def test_the_coaching_page_shows_the_hand_analysed_without_its_button(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    location = tmp_path / "club.sqlite"
    recorded(location)
    monkeypatch.setenv(DATA_ENVIRONMENT, str(location))
    monkeypatch.setenv(ARCHIVE_ENV, str(location))
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.delenv(BACKGROUND_ENV, raising=False)
    monkeypatch.setattr(fair_background, "SAMPLES", SAMPLES)
    app = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    open_page(app, "coaching", player="Anil")
    no_exception(app)
    started, said = time.monotonic(), set()
    while "Find the better card" not in [element.value for element in app.subheader]:
        assert time.monotonic() - started < WAIT_SECONDS, "the hand was not analysed"
        said |= {str(getattr(bar, "proto", bar).text) for bar in app.get("progress")}
        time.sleep(1.0)  # the page is only looked at again, never its button pressed
        app.run()
        no_exception(app)
    assert any(text.startswith("Analysing hand 1 of archive #1") for text in said), said
    assert "fair-analyse" not in [button.key for button in app.button]


def test_turned_off_the_coaching_page_offers_the_button(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    location = tmp_path / "club.sqlite"
    recorded(location)
    monkeypatch.setenv(DATA_ENVIRONMENT, str(location))
    monkeypatch.setenv(ARCHIVE_ENV, str(location))
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setenv(BACKGROUND_ENV, "off")
    app = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    open_page(app, "coaching", player="Anil")
    no_exception(app)
    assert "fair-analyse" in [button.key for button in app.button]
    assert not app.get("progress")
