"""A session imported as it is read, a hand at a time (``Archive.import_session``,
``thuruppu archive import``): the same log as a whole record's import, nothing left behind by a
session the archive refuses or a file with read errors, and the other files stored all the same."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dashboard.cli.commands import app
from dashboard.cli.session_file import SessionFile
from recorder.archive import Archive, ArchiveError, LoggedEvent, open_archive
from recorder.archive.events import LOCAL
from recorder.archive.importing import CheckedLog, session_events
from recorder.model import DealtCard, Hand, Record
from recorder.tgn import loads

DATA = Path(__file__).resolve().parent.parent / "data"
EXAMPLE = DATA / "tgn-example-40.tgn"


@pytest.fixture
def archive(tmp_path: Path) -> Archive:
    return open_archive(tmp_path / "archive.sqlite")


def _log(archive: Archive, session: int) -> list[tuple[int, int, str, str]]:
    return [_row(entry) for entry in archive.events(session)]


def _row(entry: LoggedEvent) -> tuple[int, int, str, str]:
    return entry.seq, entry.hand, entry.event.kind, entry.event.model_dump_json()


@pytest.mark.parametrize(
    "name", ["club-night-40.tgn", "rubber-29.tgn", "rummy-first-round.tgn", "tournament-28.tgn"]
)
def test_a_session_read_hand_by_hand_is_logged_as_its_whole_record(
    archive: Archive, name: str
) -> None:
    with SessionFile(DATA / name) as source:
        streamed = archive.import_session(source)
    with SessionFile(DATA / name) as source:
        record = source.record()
    assert record is not None
    whole = archive.import_record(record)
    stored = open_archive(archive.location)  # both logs as the database holds them
    assert _log(stored, streamed) == _log(stored, whole)
    assert archive.export_tgn(streamed) == archive.export_tgn(whole)
    assert archive.sessions()[0].origin == "import"


class Source:
    """A session's hands given one at a time, as ``SessionFile`` gives them."""

    def __init__(self, record: Record, errors: list[str] | None = None) -> None:
        self.name = "made.tgn"
        self.header: Record | None = None
        self.after: list[str] = []
        self.errors = errors or []
        self._record = record
        self.given = 0

    def hands(self) -> Iterator[Hand]:
        self.header = self._record.model_copy(update={"hands": []})
        for hand in self._record.hands:
            self.given += 1
            yield hand


def _three_hands() -> Record:
    record = loads(EXAMPLE.read_text(encoding="utf-8"))
    hand = record.hands[0]
    return record.model_copy(update={"hands": [hand, hand, hand]})


def test_a_session_the_archive_refuses_midway_leaves_nothing_behind(archive: Archive) -> None:
    record = _three_hands()
    deal = record.hands[1].deals[0]
    impossible = deal.model_copy(update={"seat": 9, "cards": [DealtCard(card=None)]})
    bad = record.hands[1].model_copy(update={"deals": [impossible]})
    source = Source(record.model_copy(update={"hands": [record.hands[0], bad, record.hands[2]]}))
    with pytest.raises(ArchiveError) as refused:
        archive.import_session(source)
    assert str(refused.value) == (
        "cannot store the session: hand 2: seat 9 is impossible: game 40 has seats 1..6; "
        "nothing was stored"
    )
    assert source.given == 2, "the hands after the refused one are not read"
    assert archive.sessions() == []
    assert archive.import_session(Source(record)) == 1, "the archive goes on as before"


def test_read_errors_found_at_the_end_store_nothing(archive: Archive) -> None:
    source = Source(_three_hands(), errors=["made.tgn:90:7: unknown card '9Z'"])
    with pytest.raises(ArchiveError, match=r"cannot import made\.tgn: it has read errors"):
        archive.import_session(source)
    assert source.given == 3
    assert archive.sessions() == []


def test_the_checks_keep_only_the_hand_being_written() -> None:
    log = CheckedLog(LOCAL)
    batches = session_events(Source(_three_hands()))
    numbers = [[entry.hand for entry in log.add(events, "at")] for events in batches]
    assert [hands[0] for hands in numbers] == [0, 1, 2, 3]  # the session, then its 3 hands
    assert log.state.hands == [] and log.state.turns == {}
    assert log.count == sum(len(hands) for hands in numbers)


def test_archive_import_stores_the_good_files_and_says_what_is_wrong_with_the_others(
    tmp_path: Path,
) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    broken = tmp_path / "a-broken.tgn"
    broken.write_text(text + '\n[Hand "2"]\ndeal 1: 9Z\n', encoding="utf-8")
    db = str(tmp_path / "archive.sqlite")
    result = CliRunner().invoke(
        app, ["archive", "import", str(broken), str(EXAMPLE), "--db", db, "--create"]
    )
    assert result.exit_code == 2
    assert result.stderr == f"{broken}:26:9: unknown card '9Z' (ranks J 3 9 A T K Q 8 7)\n"
    assert result.stdout == f"{EXAMPLE}: session 1\n"
    archive = open_archive(db)
    assert [summary.id for summary in archive.sessions()] == [1]
    assert archive.export_tgn(1) == text
