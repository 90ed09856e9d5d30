"""The archive in a real database, SQLite and PostgreSQL alike: appending, refusing, undo and
corrections, import and export, and six recorders writing at once."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from recorder import dumps
from recorder.archive import (
    Archive,
    ArchiveError,
    CallMade,
    Corrected,
    HandEnded,
    HandStarted,
    TrumpPlaced,
    TurnPlayed,
    Undone,
    event_from_json,
    open_archive,
)
from recorder.cards import Call, Card
from recorder.model import Tag
from tests.archive_sessions import generated_record, record_live, record_tables_at_once

TABLES = [("40", 1), ("28", 2), ("29", 3), ("40", 4), ("28", 5), ("29", 6)]

pytest_plugins = ["tests.pg_server"]


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def location(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """An empty archive's location: a SQLite file, or a fresh schema on a PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path_factory.mktemp("archive") / "archive.sqlite")
    return str(request.getfixturevalue("postgres_archive_url"))


@pytest.fixture
def archive(location: str) -> Archive:
    return open_archive(location)


def _session(archive: Archive, game: str = "40") -> int:
    return archive.create_session([Tag(name="Game", value=game), Tag(name="Players", value="a, b")])


def _card(code: str) -> Card:
    return Card.parse(code)


def test_events_are_numbered_in_order_and_read_back(archive: Archive) -> None:
    session = _session(archive)
    seqs = [
        archive.append(session, HandStarted.numbered(1, dealer=6)),
        archive.append(session, CallMade(seat=1, call=Call.parse("20", True))),
        archive.append(session, TrumpPlaced(card=_card("9H"))),
        archive.append(session, TurnPlayed(trick=1, seat=1, card=_card("JS"))),
    ]
    assert seqs == [2, 3, 4, 5]
    logged = archive.events(session)
    assert [(e.seq, e.hand, e.event.kind) for e in logged] == [
        (1, 0, "session"),
        (2, 1, "hand"),
        (3, 1, "call"),
        (4, 1, "trump"),
        (5, 1, "turn"),
    ]
    assert all(e.session_id == session and e.recorded_at for e in logged)
    hand = archive.record(session).hands[0]
    assert [str(bid.call) for bid in hand.bids] == ["20"]
    assert hand.tricks[0].turns[0].card == _card("JS")
    assert [(s.id, s.game, s.events) for s in archive.sessions()] == [(session, "40", 5)]


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({"trick": 1, "seat": 2, "card": "6S"}, "6S is not a card of game 40"),
        ({"trick": 1, "seat": 7, "card": "KS"}, "seat 7 is impossible: game 40 has seats 1..6"),
        ({"trick": 1, "seat": 2, "card": "JS"}, "JS has already been played in this hand"),
    ],
)
def test_a_refused_event_leaves_the_archive_untouched(
    archive: Archive, payload: dict[str, object], message: str
) -> None:
    session = _session(archive)
    archive.append(session, HandStarted.numbered(1, dealer=6))
    archive.append(session, TurnPlayed(trick=1, seat=1, card=_card("JS")))
    before = (archive.events(session), archive.sessions(), archive.export_tgn(session))
    with pytest.raises(ArchiveError, match="nothing was stored") as refused:
        archive.append(session, event_from_json("turn", payload))
    assert message in str(refused.value)
    assert (archive.events(session), archive.sessions(), archive.export_tgn(session)) == before
    assert archive.append(session, TurnPlayed(trick=1, seat=2, card=_card("KS"))) == 4


def test_an_unknown_card_is_refused_before_it_reaches_the_archive(archive: Archive) -> None:
    with pytest.raises(ArchiveError, match="unknown card 'ZS'"):
        event_from_json("turn", {"trick": 1, "seat": 2, "card": "ZS"})


def test_undo_and_correction_are_kept_in_the_log_and_the_export_is_corrected(
    archive: Archive,
) -> None:
    session = _session(archive, "29")
    archive.append(session, HandStarted.numbered(1, dealer=4))
    wrong = archive.append(session, TurnPlayed(trick=1, seat=1, card=_card("7S")))
    archive.append(session, TurnPlayed(trick=1, seat=2, card=_card("8S")))
    archive.append(session, Undone())
    archive.append(session, Corrected(target=wrong, card=_card("JS")))
    archive.append(session, TurnPlayed(trick=1, seat=2, card=_card("7S")))
    kinds = [e.event.kind for e in archive.events(session)]
    assert kinds == ["session", "hand", "turn", "turn", "undo", "correct", "turn"]
    assert "1. 1:JS 2:7S\n" in archive.export_tgn(session)
    archive.append(session, Undone())
    archive.append(session, Undone())
    assert "1. 1:7S\n" in archive.export_tgn(session)


def test_an_unknown_session_is_an_archive_error(archive: Archive) -> None:
    with pytest.raises(ArchiveError, match="has no session 99"):
        archive.append(99, HandEnded())
    with pytest.raises(ArchiveError, match="has no session 99"):
        archive.events(99)


def test_a_record_imported_exports_as_it_was(archive: Archive) -> None:
    record = generated_record("28", 3, seed=11)
    session = archive.import_record(record)
    assert archive.record(session) == record
    assert archive.export_tgn(session) == dumps(record)
    again = archive.import_tgn(dumps(record), "table.tgn")
    assert archive.export_tgn(again) == dumps(record)
    assert [s.id for s in archive.sessions()] == [session, again]


def test_a_record_that_cannot_be_imported_stores_nothing(archive: Archive) -> None:
    record = generated_record("29", 1, seed=2)
    deal = record.hands[0].deals[0]
    bad_deal = deal.model_copy(update={"seat": 5})
    bad = record.model_copy(
        update={"hands": [record.hands[0].model_copy(update={"deals": [bad_deal]})]}
    )
    with pytest.raises(ArchiveError, match="seat 5 is impossible"):
        archive.import_record(bad)
    with pytest.raises(ArchiveError, match=r"cannot import bad\.tgn") as unreadable:
        archive.import_tgn('[Game "29"]\n\n[Hand "1"]\n1. 1:ZS\n', "bad.tgn")
    assert "bad.tgn:4:" in str(unreadable.value)
    assert archive.sessions() == []


def test_two_archives_on_one_database_see_each_others_events(location: str) -> None:
    first, second = open_archive(location), open_archive(location)
    session = _session(first)
    first.append(session, HandStarted.numbered(1, dealer=6))
    second.append(session, TurnPlayed(trick=1, seat=1, card=_card("JS")))
    with pytest.raises(ArchiveError, match="JS has already been played"):
        first.append(session, TurnPlayed(trick=1, seat=2, card=_card("JS")))
    assert first.append(session, Undone()) == 4
    assert second.record(session).hands[0].tricks == []
    assert [e.seq for e in second.events(session)] == [1, 2, 3, 4]


def test_six_recorders_at_once_lose_nothing_and_store_nothing_twice(location: str) -> None:
    reports = record_tables_at_once(location, TABLES)
    assert [report.error for report in reports] == [""] * len(TABLES)
    archive = open_archive(location)
    stored = {summary.id: summary.events for summary in archive.sessions()}
    assert sorted(stored) == sorted(report.session_id for report in reports)
    for report in reports:
        session = report.session_id
        assert [e.seq for e in archive.events(session)] == list(range(1, report.events + 1))
        assert stored[session] == report.events
        assert archive.export_tgn(session) == dumps(generated_record(report.game, 8, report.seed))


def test_a_live_recording_with_slips_exports_the_table_as_played(archive: Archive) -> None:
    record = generated_record("40", 2, seed=8)
    recorded = record_live(archive, record, seed=3)
    kinds = [e.event.kind for e in archive.events(recorded.session_id)]
    assert "correct" in kinds and "undo" in kinds
    assert archive.record(recorded.session_id) == record


def test_threads_may_share_one_archive(archive: Archive) -> None:
    record = generated_record("29", 2, seed=4)
    done = threading.Event()

    def read_while_recording() -> int:
        reads = 0
        while not done.is_set():
            for summary in archive.sessions():
                archive.record(summary.id)
                reads += 1
        return reads

    with ThreadPoolExecutor(max_workers=3) as pool:
        readers = [pool.submit(read_while_recording) for _ in range(2)]
        try:
            recorded = record_live(archive, record, seed=4)
        finally:
            done.set()
        assert all(reader.result() > 0 for reader in readers)
    assert [e.seq for e in archive.events(recorded.session_id)] == list(
        range(1, recorded.events + 1)
    )
    assert archive.record(recorded.session_id) == record


def test_sqlite_reads_keep_a_few_connections_and_see_every_commit(tmp_path: Path) -> None:
    """A SQLite read takes an idle connection kept from an earlier read: no more than a few are
    kept however many threads read, and a kept one reads what another connection (a write here,
    another process's archive) committed since, never an older snapshot."""
    location = str(tmp_path / "archive.sqlite")
    reader, writer = open_archive(location), open_archive(location)
    session = _session(writer)
    database = reader._database  # type: ignore[attr-defined]

    def read(_: int) -> int:
        return len(reader.events(session))

    with ThreadPoolExecutor(max_workers=8) as pool:
        assert set(pool.map(read, range(200))) == {1}
    kept = list(database._readers)
    assert 1 <= len(kept) <= database.dialect.kept_readers
    events = [HandStarted.numbered(1, dealer=6), Undone()] * 2
    for number, event in enumerate(events, start=2):
        writer.append(session, event)
        assert len(reader.events(session)) == number
        assert reader.sessions()[0].events == number
    assert set(map(id, database._readers)) <= set(map(id, kept))
