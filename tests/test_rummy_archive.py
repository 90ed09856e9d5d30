"""Rummy sessions go into the archive and come out unchanged, in SQLite and PostgreSQL; the
archive refuses what a Rummy table cannot hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from recorder import dumps, load
from recorder.archive import Archive, ArchiveError, open_archive
from recorder.archive.events import HandStarted, RummyLineWritten, TurnPlayed
from recorder.model import Tag

DATA = Path(__file__).resolve().parent.parent / "data"
TABLE = DATA / "rummy-first-round.tgn"

pytest_plugins = ["tests.pg_server"]


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def archive(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Archive:
    """An empty archive: a SQLite file, or a fresh schema on a PostgreSQL server."""
    if request.param == "sqlite":
        return open_archive(str(tmp_path_factory.mktemp("archive") / "archive.sqlite"))
    return open_archive(str(request.getfixturevalue("postgres_archive_url")))


def test_the_rummy_table_round_trips(archive: Archive) -> None:
    record = load(TABLE)
    session = archive.import_tgn(TABLE.read_text(encoding="utf-8"), TABLE.name)
    assert archive.record(session) == record
    assert archive.export_tgn(session) == TABLE.read_text(encoding="utf-8")
    assert [summary.game for summary in archive.sessions()] == ["rummy"]


def test_an_empty_rummy_deal_round_trips(archive: Archive) -> None:
    text = '[Game "rummy"]\n[Players "Anu, Babu"]\n\n[Hand "1"]\n[Dealer "2"]\n'
    session = archive.import_tgn(text)
    assert archive.export_tgn(session) == text
    assert dumps(archive.record(session)) == text


def _rummy_session(archive: Archive) -> int:
    tags = [Tag(name="Game", value="rummy"), Tag(name="Players", value="Anu, Babu, Cini")]
    session = archive.create_session(tags)
    archive.append(session, HandStarted.numbered(1, 3))
    return session


def test_a_rummy_session_refuses_what_its_table_cannot_hold(archive: Archive) -> None:
    session = _rummy_session(archive)
    archive.append(session, RummyLineWritten(part="outcome", content={"kind": "drop", "seat": 2}))
    refusals = [
        (
            RummyLineWritten(part="outcome", content={"kind": "drop", "seat": 4}),
            "seat 4 is impossible: the table has seats 1..3",
        ),
        (
            RummyLineWritten(part="joker", content={"card": "ZS"}),
            "a rummy joker line that cannot be: card 'ZS': Value error, ZS",
        ),
        (
            TurnPlayed(trick=1, seat=1),
            "a turn event does not belong to a session of game rummy",
        ),
        (HandStarted.numbered(2, 5), "dealer 5 is impossible: the table has seats 1..3"),
    ]
    for event, reason in refusals:
        with pytest.raises(ArchiveError) as refused:
            archive.append(session, event)
        assert reason in str(refused.value)
    assert archive.export_tgn(session).endswith('[Hand "1"]\n[Dealer "3"]\ndrop 2\n')


def test_a_trick_session_refuses_rummy_lines(archive: Archive) -> None:
    tags = [Tag(name="Game", value="29"), Tag(name="Players", value="A, B, C, D")]
    session = archive.create_session(tags)
    archive.append(session, HandStarted.numbered(1, 4))
    with pytest.raises(ArchiveError) as refused:
        archive.append(session, RummyLineWritten(part="joker", content={"card": "7H"}))
    assert "a rummy event does not belong to a session of game 29" in str(refused.value)
