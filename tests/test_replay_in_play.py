"""A spectator's Replay of a hand being played (a session recorded live, seen without a key):
the hand reads as in play, not as a hand that ended unfinished. No ``unfinished-hand`` finding
for it, a headline that says play goes on, and the trump as the room knows it: a card face down."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.library import load_archived
from dashboard.state import DATA_ENVIRONMENT
from recorder.archive import ARCHIVE_ENV, HandEnded, events_from_record, open_archive
from replay.tricks import replay_hand
from tests.archive_sessions import stored_event_by_event
from tests.test_archive_public import first_hand
from tests.test_dashboard_app import SAMPLES, fresh_app, no_exception, replay_at, table

UNFINISHED = "unfinished-hand"


@pytest.fixture
def live(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[AppTest, int]:
    """The app beside an archive whose one session is live, its first hand in trick 3."""
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(SAMPLES / "tgn-example-40.tgn", data / "tgn-example-40.tgn")
    monkeypatch.setenv(DATA_ENVIRONMENT, str(data))
    monkeypatch.setenv(ARCHIVE_ENV, str(tmp_path / "archive.sqlite"))
    archive = open_archive(str(tmp_path / "archive.sqlite"))
    events = events_from_record(first_hand())
    session = archive.create_session(events[0].tags)  # type: ignore[union-attr]
    played = [e for e in events[1:] if not isinstance(e, HandEnded)]
    for event in played[:22]:  # the deal, the calls, the trump, trick 1 and part of trick 2
        archive.append(session, event)
    return fresh_app(), session


def test_the_session_of_a_hand_in_play_counts_no_unfinished_hand(tmp_path: Path) -> None:
    archive = open_archive(str(tmp_path / "a.sqlite"))
    stored_event_by_event(archive, events_from_record(first_hand()), 22)
    loaded = load_archived(archive, archive.sessions()[0])
    assert loaded.summary.in_play
    assert UNFINISHED not in {f.code for f in loaded.findings}
    assert loaded.summary.findings == len(loaded.findings)
    trump = loaded.record.hands[0].trump if loaded.record else None
    assert trump is not None and trump.card is None and trump.suit is None  # down, not known


def test_replay_of_a_hand_in_play_reads_as_in_play(live: tuple[AppTest, int]) -> None:
    app, session = live
    archive = open_archive(os.environ[ARCHIVE_ENV])
    record = load_archived(archive, archive.sessions()[0]).record
    assert record is not None
    last = len(replay_hand(record, 0).steps or []) - 1
    replay_at(app, session=f"archive:{session}", hand="1", step=str(last))
    no_exception(app)
    said = " ".join(
        [table(app), *(box.value for kind in ("info", "warning", "error") for box in app.get(kind))]
    )
    said += " ".join(link.proto.label for link in app.get("page_link"))
    assert UNFINISHED not in said
    assert "The hand is over" not in said and "unfinished" not in said
    assert "play goes on" in said
    assert "none (no trump)" not in table(app) and "face-down card" in table(app)


def test_the_hand_once_ended_is_over_again(tmp_path: Path) -> None:
    archive = open_archive(str(tmp_path / "a.sqlite"))
    stored_event_by_event(archive, events_from_record(first_hand()))
    loaded = load_archived(archive, archive.sessions()[0])
    assert not loaded.summary.in_play
    trump = loaded.record.hands[0].trump if loaded.record else None
    assert trump is not None and trump.card is not None and trump.card.code == "9H"
