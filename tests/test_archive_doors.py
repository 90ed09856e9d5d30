"""The archive's own door (TOURNAMENT.md §10): keys bound to the tournament that issued them, a
table key's Undo stopping at the start of the hand being played, keys ending when the
tournament's date ends in its own time zone, and files holding keys or the archive kept from
other users of the machine (mode 0600); a command making no archive it was not asked to make."""

from __future__ import annotations

import datetime
import stat
from pathlib import Path

import pytest

from dashboard.day import actions, guard
from dashboard.day.source import open_day
from recorder import loads
from recorder.archive import (
    LOCAL,
    Archive,
    ArchiveError,
    Author,
    CommentWritten,
    HandStarted,
    MatchUnscheduled,
    PaymentMade,
    SessionTagged,
    Undone,
    events_from_record,
    open_archive,
)
from recorder.archive.keys import issue, key_end, resolve
from tests.day_setup import EVENT, ORGANISER, TOURNAMENT, set_up
from tests.test_cli import run

PLAYED = loads((TOURNAMENT / "group-a-round-1-tuskers-theyyams.tgn").read_text(encoding="utf-8"))
LAST = "2999-12-31"  # the keys of these tests work whenever they run
NOW = datetime.datetime.now(datetime.UTC)
SECOND = "Second Cup"


@pytest.fixture
def archive(tmp_path: Path) -> Archive:
    """The set-up tournament, its table 1 match started, and a second tournament in the same
    archive with keys of its own."""
    opened = open_archive(tmp_path / "day.sqlite")
    set_up(opened)
    day = open_day(opened)
    players = tuple(PLAYED.players)
    actions.start_match(day, actions.table_match(day, 1), LOCAL, players, dealer=1)
    actions.set_description(opened, f'name = "{SECOND}"\n', ORGANISER)
    return opened


def key(archive: Archive, event: str, role: str, table: int | None = None) -> Author:
    """The writer a newly issued key of ``event`` stands for."""
    return resolve(archive, issue(archive, event, role, LAST, table).key, NOW)


def test_a_second_tournaments_keys_write_nothing_in_the_first(archive: Archive) -> None:
    table1, director = key(archive, SECOND, "table", 1), key(archive, SECOND, "director")
    desk = key(archive, SECOND, "desk")
    assert (table1.event, director.event, desk.event) == (SECOND, SECOND, SECOND)
    before = (len(archive.events(1)), len(archive.day_log(EVENT)))
    bound = f"a key writes only into its own tournament; this belongs to '{EVENT}'"
    with pytest.raises(ArchiveError, match=f"not allowed: table 1 of '{SECOND}': {bound}"):
        archive.append(1, CommentWritten(text="probe"), table1)
    with pytest.raises(ArchiveError, match=f"not allowed: director of '{SECOND}': {bound}"):
        archive.append(1, SessionTagged(name="Decision", value="Tuskers"), director)
    with pytest.raises(ArchiveError, match=bound):
        archive.append_day(EVENT, MatchUnscheduled(id="G1-2"), director)
    with pytest.raises(ArchiveError, match=bound):
        archive.append_day(EVENT, PaymentMade(person="Tuskers", amount=100), desk)
    with pytest.raises(ArchiveError, match=bound):
        archive.import_record(PLAYED, director)
    assert (len(archive.events(1)), len(archive.day_log(EVENT))) == before
    assert len(archive.sessions()) == 1
    own = key(archive, EVENT, "table", 1)  # the first tournament's own key still writes
    assert own.event == EVENT
    guard.append(archive, 1, CommentWritten(text="ours"), own)
    assert archive.events(1)[-1].who == "table 1"


def test_undo_stops_at_the_start_of_the_next_hand(archive: Archive) -> None:
    table1 = key(archive, EVENT, "table", 1)
    events = events_from_record(PLAYED)[2:]  # start_match stored the session and hand 1's start
    second = next(i for i, e in enumerate(events) if isinstance(e, HandStarted))
    for event in events[: second + 2]:  # hand 1 whole, hand 2's start and its first event
        guard.append(archive, 1, event, table1)
    guard.append(archive, 1, Undone(), table1)  # hand 2's first event: the hand being played
    logged = len(archive.events(1))
    refused = (
        r"not allowed: table 1: Undo stops at the start of hand 2; the hands before it are the "
        r"director's to correct; nothing was stored"
    )
    with pytest.raises(ArchiveError, match=refused):
        guard.append(archive, 1, Undone(), table1)  # the page's way
    with pytest.raises(ArchiveError, match=refused):
        archive.append(1, Undone(), table1)  # the archive's own check
    assert len(archive.events(1)) == logged
    assert len(archive.record(1).hands) == 2
    archive.append(1, Undone(), key(archive, EVENT, "director"))  # the director corrects anything
    assert len(archive.record(1).hands) == 1


def test_keys_end_when_the_date_ends_in_the_tournaments_time_zone(archive: Archive) -> None:
    end = key_end("2026-03-21", "Asia/Kolkata", NOW)
    assert end == "2026-03-22T00:00:00+05:30"
    issued = issue(archive, EVENT, "table", end, 2)
    last_minute = datetime.datetime(2026, 3, 21, 18, 29, 59, tzinfo=datetime.UTC)  # 23:59:59 IST
    assert resolve(archive, issued.key, last_minute).who == "table 2"
    with pytest.raises(ArchiveError, match=r"this key \(table 2\) ended at 2026-03-22T00:00:00"):
        resolve(archive, issued.key, last_minute + datetime.timedelta(seconds=1))
    assert key_end("2026-03-21", "UTC", NOW) == "2026-03-22T00:00:00+00:00"
    local = datetime.datetime.fromisoformat(key_end("2026-03-21", None, NOW))
    assert local.replace(tzinfo=None) == datetime.datetime(2026, 3, 22)  # the machine's midnight


def test_day_keys_uses_the_descriptions_time_zone_and_writes_its_sheet_0600(
    tmp_path: Path,
) -> None:
    db, sheet = str(tmp_path / "day.sqlite"), tmp_path / "keys.html"
    (tmp_path / "cup.toml").write_text(
        'name = "Onam Cup"\ndate = "2026-09-05"\ntimezone = "Asia/Kolkata"\n', encoding="utf-8"
    )
    assert run("day", "init", "--description", str(tmp_path / "cup.toml"), "--db", db)[0] == 0
    assert stat.S_IMODE(Path(db).stat().st_mode) == 0o600
    sheet.write_text("old", encoding="utf-8")
    sheet.chmod(0o644)
    code, _, err = run("day", "keys", "--url", "http://x", "--director", "referee", "--html",
                         str(sheet), "--db", db)  # fmt: skip
    assert (code, err) == (0, ""), err
    assert stat.S_IMODE(sheet.stat().st_mode) == 0o600
    expires = {k.expires for k in open_archive(db).day_state("Onam Cup").keys.values()}
    assert expires == {"2026-09-06T00:00:00+05:30"}


def test_a_command_makes_no_archive_it_was_not_asked_to_make(tmp_path: Path) -> None:
    mistyped = tmp_path / "mistyped.sqlite"
    for args in (("day", "keys", "--url", "http://x"), ("day", "fees"), ("archive", "list")):
        code, _, err = run(*args, "--db", str(mistyped))
        assert code == 2 and f"thuruppu: there is no archive at {mistyped}" in err, err
        assert "nothing was created" in err and "Traceback" not in err
        assert not mistyped.exists()
    code, _, err = run("tournament", str(mistyped))
    assert not mistyped.exists()
    example = Path(__file__).resolve().parent.parent / "data" / "tgn-example-40.tgn"
    assert run("archive", "import", str(example), "--db", str(mistyped))[0] == 2
    assert not mistyped.exists()
    assert run("archive", "import", str(example), "--db", str(mistyped), "--create")[0] == 0
    assert stat.S_IMODE(mistyped.stat().st_mode) == 0o600
