"""Replay results kept between runs: taken from the store after a restart, replayed again when the
file or the engine changed (never stale), and a store that cannot be used is no error."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

import dashboard.library
import dashboard.server.replay_store
from dashboard.library import load, load_archived
from dashboard.screens.rummy.panels import rummy_tables
from dashboard.server.replay_store import (
    CACHE_ENV,
    ReplayStore,
    StoredParts,
    default_folder,
    engine_version,
)
from dashboard.state import DATA_ENVIRONMENT, players
from dashboard.views.tricks.players import PlayedSession, players_tables
from recorder import loads
from recorder.archive import ARCHIVE_ENV, Archive, SessionSummary, open_archive

REPOSITORY = Path(__file__).resolve().parent.parent
APP = REPOSITORY / "dashboard" / "app.py"
CLUB = (REPOSITORY / "tests" / "browser" / "sessions" / "club-night-40.tgn").read_bytes()
RUMMY = (REPOSITORY / "data" / "rummy-first-round.tgn").read_bytes()


def no_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make any replay fail the test: what follows must come from the store."""

    def refuse(*_: object) -> None:
        raise AssertionError("replayed although stored")

    monkeypatch.setattr(dashboard.library, "replay_session", refuse)


def test_a_stored_session_is_taken_from_the_store_after_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = load("club.tgn", "club.tgn", CLUB, ReplayStore(tmp_path))
    no_replay(monkeypatch)
    again = load("night.tgn", "night.tgn", CLUB, ReplayStore(tmp_path))  # a new process's store
    assert (again.key, again.label) == ("night.tgn", "night.tgn")
    assert again.summary == first.summary and again.problems == first.problems
    assert [f.code for f in again.findings] == [f.code for f in first.findings]
    assert again.score is not None and again.score.lines == first.score.lines  # type: ignore[union-attr]


def test_after_a_restart_the_players_tables_come_from_the_stored_tallies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Adding sessions up after a restart unpickles no trick game's record or replay and searches
    no Rummy grouping again: the store's tally of each session is enough, and gives the same."""
    files = {"club.tgn": CLUB, "rummy.tgn": RUMMY}
    first = [load(name, name, data, ReplayStore(tmp_path)) for name, data in files.items()]
    fresh = players_tables(
        PlayedSession.of(s.label, s.record, s.score, tuple(s.findings))
        for s in first
        if s.record is not None and s.score is not None
    )
    no_replay(monkeypatch)

    def refuse(*_: object) -> None:
        raise AssertionError("worked out again although stored")

    monkeypatch.setattr(dashboard.server.replay_store, "shown_groupings", refuse)
    again = [load(name, name, data, ReplayStore(tmp_path)) for name, data in files.items()]
    with monkeypatch.context() as patched:
        patched.setattr(StoredParts, "__call__", refuse)
        stored = players(again)
    assert stored.sessions == fresh.sessions == 1
    for name in ("summary", "calls", "points", "specials", "findings"):
        assert getattr(stored, name).equals(getattr(fresh, name)), name
    (rummy,) = rummy_tables(again)
    (judged,) = rummy_tables(first[1:])
    assert rummy.shown == judged.shown and rummy.shown


def test_a_changed_file_or_engine_is_replayed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load("club.tgn", "club.tgn", CLUB, ReplayStore(tmp_path))
    changed = CLUB.replace(b"[Event ", b'[Event "Changed"]\n[Site ', 1)
    replays: list[object] = []
    real = dashboard.library.replay_session
    monkeypatch.setattr(
        dashboard.library, "replay_session", lambda record: replays.append(1) or real(record)
    )
    assert load("club.tgn", "club.tgn", changed, ReplayStore(tmp_path)).summary.event == "Changed"
    assert len(replays) == 1
    engine_version.cache_clear()
    monkeypatch.setattr("dashboard.server.replay_store.STORE_FORMAT", "another engine")
    try:
        load("club.tgn", "club.tgn", CLUB, ReplayStore(tmp_path))
        assert len(replays) == 2
        assert [p.name for p in tmp_path.iterdir()] == [engine_version()]  # the old one removed
    finally:
        engine_version.cache_clear()


def test_an_archived_session_is_stored_by_its_content(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = open_archive(str(tmp_path / "archive.sqlite"))
    session_id = archive.import_record(loads(CLUB.decode()))
    stored = load_archived(archive, archived(archive, session_id), ReplayStore(tmp_path / "cache"))
    no_replay(monkeypatch)
    again = load_archived(archive, archived(archive, session_id), ReplayStore(tmp_path / "cache"))
    assert again.summary == stored.summary and again.summary.findings == 2


def test_a_broken_store_is_an_empty_one(tmp_path: Path) -> None:
    store = ReplayStore(tmp_path)
    session = load("club.tgn", "club.tgn", CLUB, store)
    for entry in store.folder.iterdir():
        entry.write_bytes(b"not a pickle")
    assert load("club.tgn", "club.tgn", CLUB, store).summary == session.summary
    blocked = tmp_path / "file"
    blocked.write_text("a file where the folder should be")
    assert load("club.tgn", "club.tgn", CLUB, ReplayStore(blocked)).summary == session.summary


def test_the_store_lives_in_the_user_cache_folder_unless_told() -> None:
    assert default_folder({CACHE_ENV: "/srv/cache"}) == Path("/srv/cache")
    assert default_folder({"XDG_CACHE_HOME": "/c"}) == Path("/c/thuruppu/replays")
    assert default_folder({}) == Path.home() / ".cache" / "thuruppu" / "replays"


def sessions_findings() -> dict[str, int]:
    """The Sessions page's findings per session, in a freshly started app (no memory cache)."""
    st.cache_resource.clear()
    st.cache_data.clear()
    app = AppTest.from_file(str(APP), default_timeout=60).run()
    assert not app.exception, [e.value for e in app.exception]
    table = app.dataframe[0].value.set_index("Session")
    return {name: int(count) for name, count in table["Findings"].items()}


def test_a_changed_session_file_is_replayed_again_after_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    example = data / "example.tgn"
    shutil.copy(REPOSITORY / "data" / "tgn-example-40.tgn", example)
    (data / "club.tgn").write_bytes(CLUB)
    monkeypatch.setenv(DATA_ENVIRONMENT, str(data))
    monkeypatch.setenv(ARCHIVE_ENV, str(tmp_path / "no-archive.sqlite"))
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    assert sessions_findings() == {"club.tgn": 2, "example.tgn": 0}
    stamp = example.stat()
    example.write_bytes(CLUB)  # now with a revoke, under the old file's time
    os.utime(example, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert sessions_findings() == {"club.tgn": 2, "example.tgn": 2}


def test_after_a_restart_the_pages_adding_sessions_up_open_without_unpickling_any(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Players and Coaching (before any hand is analysed) read only the stored tallies."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "club.tgn").write_bytes(CLUB)
    (data / "rummy.tgn").write_bytes(RUMMY)
    monkeypatch.setenv(DATA_ENVIRONMENT, str(data))
    monkeypatch.setenv(ARCHIVE_ENV, str(tmp_path / "no-archive.sqlite"))
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    assert sessions_findings() == {"club.tgn": 2, "rummy.tgn": 2}  # replayed and stored
    st.cache_resource.clear()  # a restart: only the store is left
    unpickled: list[str] = []
    real = StoredParts.__call__
    monkeypatch.setattr(
        StoredParts, "__call__", lambda parts: unpickled.append("parts") or real(parts)
    )
    app = AppTest.from_file(str(APP), default_timeout=60).run()
    for page in ("players", "coaching"):
        app.switch_page(f"screens/{page}.py").run()
        assert not app.exception, [e.value for e in app.exception]
        assert app.selectbox(key=f"{page}-player").options
    assert unpickled == ["parts"]  # the one Rummy game, whose deals the Rummy figures read


def archived(archive: Archive, session_id: int) -> SessionSummary:
    """The archive's summary of one of its sessions."""
    return next(summary for summary in archive.sessions() if summary.id == session_id)


def test_a_derived_result_is_kept_and_an_unreadable_one_is_none(tmp_path: Path) -> None:
    store = ReplayStore(tmp_path)
    assert store.get_result("fair-abc-0-32-0") is None
    store.put_result("fair-abc-0-32-0", {"hand": 1, "scores": {"1": 0.5}})
    assert ReplayStore(tmp_path).get_result("fair-abc-0-32-0") == {"hand": 1, "scores": {"1": 0.5}}
    (store.folder / "result-broken.pickle").write_bytes(b"not a pickle")
    assert store.get_result("broken") is None
