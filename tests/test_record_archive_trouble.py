"""The archive failing is a message, not a crash (TOURNAMENT.md §10): on the Record page, a tap of
the tap pad while the SQLite file is read-only, or while the PostgreSQL server is down, is
answered "the archive cannot be written now (…)" as a failure to send again (HTTP 503, which the
pad answers by keeping the tap and sending it again), without the file or the address; nothing is
stored, the page still draws, and the same tap sent again after recovery is stored once."""

from __future__ import annotations

import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import closing, suppress
from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from recorder.archive import ARCHIVE_ENV, HandStarted, open_archive
from recorder.model import Tag
from tests.pg_server import ThrowawayServer, postgres_bin
from tests.record_pad import PadPhone
from tests.test_dashboard_app import APP, TIMEOUT, no_exception, plain

TAGS = [
    Tag(name="Game", value="40"),
    Tag(name="Players", value="Anil, Biju, Chitra, Dev, Eapen, Faris"),
    Tag(name="Teams", value="Red, Blue"),
]


def record_page(location: str, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    """The Record page on a fresh 40 session of the archive at ``location``."""
    archive = open_archive(location)
    session = archive.create_session(TAGS)
    archive.append(session, HandStarted.numbered(1, dealer=6))
    monkeypatch.setenv(ARCHIVE_ENV, location)
    st.cache_resource.clear()
    app = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    app.run()
    app.query_params["session"] = str(session)
    return app.switch_page("screens/record.py").run()


def tap_call(app: AppTest, phone: PadPhone, call: str) -> dict[str, object]:
    """The pad's call button pressed (the page then run again, as the pad asks); the answer."""
    answer = phone.press(app, f"call-{call}")
    return {"status": answer.status, **answer.body}


def sent_again(app: AppTest, phone: PadPhone) -> dict[str, object]:
    """The pad's kept tap sent again under its number (the page then run again); the answer."""
    answer = phone.send_again()
    app.run()
    return {"status": answer.status, **answer.body}


def events(location: str) -> int:
    """How many session events the archive holds, read without writing (a read-only file)."""
    if location.startswith("postgresql://"):
        return sum(summary.events for summary in open_archive(location).sessions())
    with closing(sqlite3.connect(f"file:{location}?mode=ro", uri=True)) as connection:
        return int(connection.execute("SELECT SUM(last_seq) FROM sessions").fetchone()[0])


def check_trouble(answer: dict[str, object], location: str, trouble: str) -> None:
    """The tap answered as one to send again, in the scorer's words, naming no file or address."""
    assert answer["status"] == 503, answer  # the pad keeps the tap and sends it again
    assert answer["outcome"] == "refused" and answer["held"] is None, answer
    assert answer["message"] == f"the archive cannot be written now ({trouble})"
    assert location not in str(answer["message"])


@pytest.fixture
def immutable(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    location = tmp_path / "archive.sqlite"
    open_archive(str(location))
    probe = subprocess.run(["chattr", "+i", str(location)], capture_output=True, check=False)
    if probe.returncode != 0:
        pytest.skip("chattr cannot make a file read-only here")
    subprocess.run(["chattr", "-i", str(location)], check=True)
    yield str(location), location
    subprocess.run(["chattr", "-i", str(location)], check=False)


def test_a_read_only_sqlite_file(
    immutable: tuple[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    location, path = immutable
    app, phone = record_page(location, monkeypatch), PadPhone()
    before = events(location)
    subprocess.run(["chattr", "+i", str(path)], check=True)
    check_trouble(tap_call(app, phone, "20"), location, "read-only")
    no_exception(app)
    assert not app.error and events(location) == before
    subprocess.run(["chattr", "-i", str(path)], check=True)
    assert sent_again(app, phone)["outcome"] == "stored"
    no_exception(app)
    assert not app.error and events(location) == before + 1


@pytest.mark.postgres
def test_postgresql_stopped_mid_tap(monkeypatch: pytest.MonkeyPatch) -> None:
    bin_dir = postgres_bin()
    if bin_dir is None:
        pytest.skip("no PostgreSQL binaries: run scripts/test-deps.sh")
    server = ThrowawayServer(bin_dir)
    server.start()
    try:
        app, phone = record_page(server.url, monkeypatch), PadPhone()
        before = events(server.url)
        server.pause()
        check_trouble(tap_call(app, phone, "20"), "127.0.0.1", "server not answering")
        no_exception(app)
        said = [plain(error.value) for error in app.error]  # as read: Markdown escapes off
        assert said == ["the archive cannot be read (server not answering): try again"]
        assert "127.0.0.1" not in " ".join(said)
        server.resume()
        assert events(server.url) == before
        app = app.button(key="rec-retry").click().run()  # the page reads again
        no_exception(app)
        assert not app.error
        assert sent_again(app, phone)["outcome"] == "stored"
        no_exception(app)
        assert not app.error and events(server.url) == before + 1
    finally:
        with suppress(RuntimeError):  # a server left paused by a failure: only its folder goes
            server.stop()
