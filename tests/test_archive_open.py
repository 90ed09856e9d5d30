"""Finding and opening the archive: where it lives by default, and clear errors for a database
that cannot be opened."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from recorder.archive import (
    ARCHIVE_ENV,
    ArchiveError,
    archive_location,
    default_archive_path,
    open_archive,
)
from recorder.archive.database import SQLITE, shown_location
from recorder.model import Tag

pytest_plugins = ["tests.pg_server"]


def test_the_default_archive_is_in_the_users_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", "/home/scorer")
    assert default_archive_path({}) == Path("/home/scorer/.local/share/thuruppu/archive.sqlite")
    assert default_archive_path({"XDG_DATA_HOME": "/data"}) == Path("/data/thuruppu/archive.sqlite")
    assert default_archive_path({"XDG_DATA_HOME": "relative"}) == Path(
        "/home/scorer/.local/share/thuruppu/archive.sqlite"
    )


def test_the_option_comes_before_the_environment_before_the_default() -> None:
    environ = {ARCHIVE_ENV: "/env/archive.sqlite", "XDG_DATA_HOME": "/data"}
    assert archive_location("/opt/club.sqlite", environ) == "/opt/club.sqlite"
    assert archive_location(None, environ) == "/env/archive.sqlite"
    assert archive_location(None, {"XDG_DATA_HOME": "/data"}) == "/data/thuruppu/archive.sqlite"


def test_the_archive_opens_in_the_environment_place_and_creates_its_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "club" / "nights" / "archive.sqlite"
    monkeypatch.setenv(ARCHIVE_ENV, str(target))
    archive = open_archive()
    assert archive.location == str(target)
    assert target.is_file()
    with sqlite3.connect(target) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_each_sqlite_connection_syncs_fully(tmp_path: Path) -> None:
    connection = SQLITE.connect(str(tmp_path / "a.sqlite"))
    try:
        assert connection.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
    finally:
        connection.close()


def _refusal(location: str) -> str:
    with pytest.raises(ArchiveError) as raised:
        open_archive(location)
    return str(raised.value)


def test_a_folder_is_not_an_archive(tmp_path: Path) -> None:
    assert _refusal(str(tmp_path)) == (
        f"cannot open the archive {tmp_path}: it is a folder, not a database file"
    )


def test_a_file_that_is_not_a_database_is_named(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database, just notes\n" * 100)
    assert _refusal(str(notes)) == (f"cannot open the archive {notes}: file is not a database")


def test_a_place_where_no_folder_can_be_made_is_named(tmp_path: Path) -> None:
    blocker = tmp_path / "taken"
    blocker.write_text("")
    message = _refusal(str(blocker / "archive.sqlite"))
    assert message.startswith(
        f"cannot open the archive {blocker / 'archive.sqlite'}: cannot create"
    )


def test_an_archive_of_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite"
    open_archive(str(path))
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE archive_meta SET value = '7' WHERE key = 'schema'")
    assert "has schema version 7; this program reads version 3" in _refusal(str(path))


def test_a_server_that_does_not_answer_is_named_without_its_password() -> None:
    message = _refusal("postgresql://scorer:secret@127.0.0.1:1/club")
    assert message.startswith("cannot open the archive postgresql://scorer:***@127.0.0.1:1/club: ")
    assert "secret" not in message
    assert "\n" not in message


def test_a_malformed_address_is_named() -> None:
    message = _refusal("postgresql://scorer@127.0.0.1:port/club")
    assert message.startswith("cannot open the archive postgresql://scorer@127.0.0.1:port/club: ")


@pytest.mark.postgres
def test_a_missing_database_on_a_running_server_is_named(postgres_url: str) -> None:
    base = postgres_url.rsplit("/", 1)[0]
    message = _refusal(f"{base}/no_such_club")
    assert "cannot open the archive" in message and "no_such_club" in message


@pytest.mark.postgres
def test_a_postgres_archive_opened_again_keeps_its_sessions(postgres_archive_url: str) -> None:
    session = open_archive(postgres_archive_url).create_session([Tag(name="Game", value="28")])
    again = open_archive(postgres_archive_url)
    assert [(s.id, s.game) for s in again.sessions()] == [(session, "28")]


def test_passwords_are_masked_in_shown_locations() -> None:
    assert (
        shown_location("postgresql://u:pw@host:5432/db?x=1")
        == "postgresql://u:***@host:5432/db?x=1"
    )
    assert shown_location("postgresql://host/db") == "postgresql://host/db"
    assert shown_location("/var/archive.sqlite") == "/var/archive.sqlite"
