"""Keys of the tournament day (TOURNAMENT.md §10): issued by ``thuruppu day keys``, kept only as
hashes, resolved to a writer, and every write checked: a table key only its table's current match
and nothing once that is finished, a desk key only payments, a director key anything; a replaced or
expired key refused; each event carrying its key's label, as the history prints it."""

from __future__ import annotations

import datetime
import random
import re
from pathlib import Path

import pytest

from dashboard.day import actions, guard
from dashboard.day.source import DayError, open_day
from recorder.archive import (
    ArchiveError,
    Author,
    HandsRewritten,
    KeyRevoked,
    MatchScheduled,
    PaymentMade,
    SessionTagged,
    Undone,
    events_from_record,
    open_archive,
)
from recorder.archive.keys import KEY_BYTES, key_hash, resolve
from tests.test_cli import run
from tests.test_day_cli import CUP, ROSTER
from tests.tournament_helpers import Sessions

DAY = datetime.datetime(2026, 9, 5, 12).astimezone()  # noon of the Cup's date, the machine's zone
KEY = re.compile(r"key=([A-Za-z0-9_-]+)")


@pytest.fixture
def db(tmp_path: Path) -> str:
    """The Onam Cup with G1 at table 3 and G2 (the same teams) at table 4."""
    location = str(tmp_path / "day.sqlite")
    (tmp_path / "cup.toml").write_text(CUP, encoding="utf-8")
    (tmp_path / "roster.csv").write_text(ROSTER + "Vallams,Hari\n", encoding="utf-8")
    assert run("day", "init", "--description", str(tmp_path / "cup.toml"),
               "--roster", str(tmp_path / "roster.csv"), "--db", location)[0] == 0  # fmt: skip
    for match, table in (("G1", "3"), ("G2", "4")):
        assert run("day", "schedule", "--id", match, "--stage", "group", "--round", "1",
                   "--table", table, "--teams", "Tuskers, Vallams",
                   "--db", location)[0] == 0  # fmt: skip
    return location


def issued(db: str, *args: str) -> dict[str, str]:
    """Issue keys; the key of each label as printed."""
    code, out, err = run("day", "keys", "--url", "http://club.lan:8501", *args, "--db", db)
    assert (code, err) == (0, ""), err
    return {line.split(": ", 1)[0]: KEY.findall(line)[0] for line in out.splitlines()}


def test_keys_print_their_links_once_and_the_archive_keeps_only_hashes(db: str) -> None:
    code, out, err = run("day", "keys", "--url", "http://club.lan:8501/", "--db", db)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert [line.split(": ", 1)[0] for line in lines] == ["table 3", "table 4", "director", "desk"]
    assert re.fullmatch(r"table 3: http://club\.lan:8501/record\?table=3&key=[\w-]{32}", lines[0])
    assert re.fullmatch(r"director: http://club\.lan:8501/director\?key=[\w-]{32}", lines[2])
    assert re.fullmatch(r"desk: http://club\.lan:8501/organiser\?key=[\w-]{32}", lines[3])
    assert KEY_BYTES * 8 >= 128
    keys = [KEY.findall(line)[0] for line in lines]
    archive = open_archive(db)
    state = archive.day_state("Onam Cup")
    assert {k.label: k.hash for k in state.keys.values()} == {
        label.split(": ")[0]: key_hash(key) for label, key in zip(lines, keys, strict=True)
    }
    stored = Path(db).read_bytes()
    assert not any(key.encode() in stored for key in keys)
    ends = {datetime.datetime.fromisoformat(k.expires) for k in state.keys.values()}
    assert ends == {datetime.datetime(2026, 9, 6).astimezone()}  # the date's end, here


def test_a_replaced_key_is_refused_and_an_expired_one_too(db: str) -> None:
    old = issued(db, "--table", "3")["table 3"]
    archive = open_archive(db)
    assert resolve(archive, old, DAY) == Author("table 3", "", "table", 3, "Onam Cup")
    new = issued(db, "--table", "3")["table 3"]
    with pytest.raises(ArchiveError, match=r"^this key is not in force \(mistyped, replaced"):
        resolve(archive, old, DAY)
    assert resolve(archive, new, DAY).who == "table 3"
    last_second = DAY + datetime.timedelta(hours=11, minutes=59, seconds=59)
    assert resolve(archive, new, last_second).who == "table 3"
    with pytest.raises(ArchiveError, match=r"this key \(table 3\) ended at 2026-09-06T00:00:00"):
        resolve(archive, new, DAY + datetime.timedelta(hours=12))
    kinds = [(e.event.kind, e.who, e.why) for e in archive.day_log() if "key" in e.event.kind]
    assert kinds[-2][0] == "key-revoke"
    assert kinds[-2][2] == "a new key for table 3 replaces this one"


def test_directors_are_labelled_and_the_desk_marks_fees_only(db: str) -> None:
    keys = issued(db, "--director", "referee Mathew", "--desk")
    archive = open_archive(db)
    referee = resolve(archive, keys["director referee Mathew"], DAY)
    desk = resolve(archive, keys["desk"], DAY)
    assert (referee.role, desk.role) == ("director", "desk")
    said = actions.pay(open_day(archive), "Tuskers", 20, "cash", desk)
    assert said == "Tuskers paid 20"
    with pytest.raises(DayError, match="not allowed: desk: a desk key marks fees paid and nothing"):
        actions.unschedule(open_day(archive), "G1", Author("desk", "no", "desk"))
    match = MatchScheduled(id="G9", game="28", stage="group", table=9, teams=["A", "B"])
    with pytest.raises(ArchiveError, match="not allowed: desk: a desk key marks fees paid"):
        archive.append_day("Onam Cup", match, desk)
    referee_pays = Author(referee.who, "", "director")
    archive.append_day("Onam Cup", PaymentMade(person="Tuskers", amount=1), referee_pays)
    with pytest.raises(ArchiveError, match="keys are issued and revoked from the command line"):
        archive.append_day("Onam Cup", KeyRevoked(label="desk"), referee_pays)
    assert [e.who for e in archive.day_log() if e.event.kind == "pay"] == [
        "desk",
        "director referee Mathew",
    ]


def test_a_table_key_records_only_its_tables_current_match(db: str) -> None:
    keys = issued(db, "--table", "3", "--table", "4", "--director", "director")
    archive = open_archive(db)
    table3 = resolve(archive, keys["table 3"], DAY)
    table4 = resolve(archive, keys["table 4"], DAY)
    director = resolve(archive, keys["director"], DAY)
    day = open_day(archive)
    g1, g2 = day.tournament().schedule
    with pytest.raises(DayError, match="table 3: G2 is not this table's current match"):
        actions.start_match(day, g2, table3, ("Arun", "Eapen", "Bindu", "Gopan", "Cyril", "X"))
    record = (
        Sessions(random.Random(5), shuffles=3, event="Onam Cup")
        .play(
            "group",
            ("Tuskers", "Vallams"),
            players=(["Arun", "Bindu", "Cyril"], ["Eapen", "Gopan", "Hari"]),
        )
        .record
    )
    session = actions.start_match(day, g1, table3, tuple(record.players), dealer=6)
    other = actions.start_match(open_day(archive), g2, table4, tuple(record.players), dealer=6)
    events = events_from_record(record)[2:]  # start_match stored the first hand's start
    with pytest.raises(ArchiveError, match=r"table 3: session 2 is not the table's current m"):
        guard.append(archive, other, events[0], table3)
    with pytest.raises(ArchiveError, match="not allowed: table 3: this session is at table 4"):
        archive.append(other, events[0], table3)  # the archive's own check
    with pytest.raises(ArchiveError, match=r"^this page only reads: recording needs the table's"):
        guard.append(archive, session, events[0], None)
    guard.append(archive, session, events[0], table3, after=2)
    with pytest.raises(ArchiveError, match=r"another device recorded here"):
        guard.append(archive, session, events[1], table3, after=2)
    for event in events[1:]:
        guard.append(archive, session, event, table3, after=archive.sessions()[0].events)
    with pytest.raises(
        ArchiveError, match=r"table 3: match G1 is over and takes no more writes from the table"
    ):
        guard.append(archive, session, Undone(), table3)
    with pytest.raises(ArchiveError, match=r"a rewrite is the director's to write, not a table's"):
        archive.append(other, HandsRewritten(hand=1, text=""), table4)
    with pytest.raises(ArchiveError, match="a tag is the director's to write"):
        archive.append(other, SessionTagged(name="Decision", value="Tuskers"), table4)
    with pytest.raises(DayError, match="table 4: a table key records play only; the day is the"):
        actions.void(open_day(archive), session, Author("table 4", "because", "table", 4))
    said = actions.decide(
        open_day(archive), other, "Tuskers", Author(director.who, "time", "director")
    )
    assert said == f"session {other}: decided for Tuskers"

    stored = archive.record(session)
    text = actions.correction_text(stored, 0)
    referee = Author(director.who, "two cards in the wrong tricks", "director")
    said = actions.correct(open_day(archive), session, 1, text, referee)
    assert (
        said == f"session {session}: hand 1 corrected (by director: two cards in the wrong tricks)"
    )
    out = run("day", "history", str(session), "--db", db)[1]
    lines = out.splitlines()[1:]
    assert len(lines) == len(events) + 3  # the session, its first hand, the events, the rewrite
    assert all("  table 3 " in line for line in lines[:-1]), out
    assert "  director " in lines[-1] and "rewrite" in lines[-1], lines[-1]
    out = run("day", "history", str(other), "--db", db)[1]
    assert "  table 4 " in out.splitlines()[1]
    assert "  director " in out.splitlines()[-1] and "Decision" in out.splitlines()[-1]


def test_keys_need_an_address_and_a_tournament(tmp_path: Path, db: str) -> None:
    code, _, err = run("day", "keys", "--url", "club.lan:8501", "--db", db)
    assert (code, err) == (
        1,
        "thuruppu: --url 'club.lan:8501': expected the dashboard's address, http://HOST:PORT\n",
    )
    code, _, err = run("day", "keys", "--url", "http://x", "--db", str(tmp_path / "empty.sqlite"))
    assert code == 2 and "there is no archive at" in err  # a mistyped path makes none
    open_archive(tmp_path / "empty.sqlite")
    code, _, err = run("day", "keys", "--url", "http://x", "--db", str(tmp_path / "empty.sqlite"))
    assert code == 1 and "no tournament is set up in this archive" in err
    code, _, err = run("day", "keys", "--url", "http://x", "--table", "0", "--db", db)
    assert (code, err) == (1, "thuruppu: table 0: tables are numbered from 1; nothing was stored\n")
