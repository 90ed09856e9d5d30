"""``thuruppu day``: the day's verbs from a terminal, and every bad input a clear message with its
place that stores nothing (TOURNAMENT.md §8–§12)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from recorder.archive import open_archive
from tests.test_cli import run

CUP = 'name = "Onam Cup"\ndate = "2026-09-05"\n[28]\nshuffles = 3\ngroup_games = 1\n'
ROSTER = "team,player\nTuskers,Arun\nTuskers,Bindu\nTuskers,Cyril\nVallams,Eapen\nVallams,Gopan\n"


@pytest.fixture
def db(tmp_path: Path) -> str:
    """An archive with the Onam Cup set up: two teams from a roster, one scheduled match."""
    location = str(tmp_path / "day.sqlite")
    (tmp_path / "cup.toml").write_text(CUP, encoding="utf-8")
    (tmp_path / "roster.csv").write_bytes(b"\xef\xbb\xbf" + ROSTER.encode())
    code, out, err = run(
        "day", "init", "--description", str(tmp_path / "cup.toml"),
        "--roster", str(tmp_path / "roster.csv"), "--db", location,
    )  # fmt: skip
    assert (code, err, out) == (0, "", "Onam Cup: description stored (2 teams)\n")
    code, out, err = run(
        "day", "schedule", "--id", "G1", "--stage", "group", "--round", "1", "--table", "3",
        "--teams", "Tuskers, Vallams", "--db", location,
    )  # fmt: skip
    assert (code, err, out) == (0, "", "G1 scheduled at table 3\n")
    return location


def _events(location: str) -> int:
    archive = open_archive(location)
    return len(archive.day_log()) + sum(s.events for s in archive.sessions())


def test_a_walkover_and_its_history_fees_and_tournament(db: str) -> None:
    code, out, err = run(
        "day", "walkover", "--winner", "Tuskers", "--loser", "Vallams", "--match", "G1",
        "--db", db,
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert out == ("session 1: walkover in G1: Tuskers wins, Vallams did not come (by director)\n")
    code, out, _ = run("tournament", db, "--json")
    report = json.loads(out)
    rows = {row["team"]: row for row in report["28"]["groups"]["all"]}
    assert (rows["Tuskers"]["won"], rows["Tuskers"]["match_points"]) == (1, 2)
    assert (rows["Vallams"]["lost"], rows["Vallams"]["points_for"]) == (1, 0)
    assert report["schedule"][0]["state"] == "walkover"
    code, out, _ = run("day", "history", "1", "--db", db)
    lines = out.splitlines()
    assert lines[0] == "session 1: 1 events"
    assert "director" in lines[1] and "Walkover" in lines[1] and "did not come" in lines[1]
    code, out, err = run("day", "void", "1", "--why", "Vallams came late", "--db", db)
    assert (code, err) == (0, "")
    assert out.startswith("session 1 void (day event")
    assert "Vallams came late" in run("day", "history", "1", "--db", db)[1].splitlines()[-1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["walkover", "--winner", "Tuskers", "--loser", "Chendas", "--match", "G1"],
            "G1 is Tuskers v Vallams: the walkover names Tuskers and Chendas; nothing was stored",
        ),
        (
            ["walkover", "--winner", "Tuskers", "--loser", "Vallams", "--match", "G9"],
            "no scheduled match 'G9' (scheduled: G1); nothing was stored",
        ),
        (
            ["schedule", "--id", "G1", "--stage", "group", "--table", "2", "--teams", "A, B"],
            "match G1: id G1 is taken; A is no team of the description (teams: Tuskers, Vallams)",
        ),
        (
            ["schedule", "--id", "Q", "--stage", "quarter", "--table", "2", "--teams", "A, B"],
            "match Q: stage 'quarter': expected one of group, quarter final, semi final",
        ),
        (["void", "7", "--why", "x"], "the archive has no session 7; nothing was stored"),
        (["pay", "Nobody", "--amount", "5"], "'Nobody' owes nothing in Onam Cup"),
        (["unschedule", "G1"], "say why (--why): the director's actions keep their reason"),
        (["withdraw", "Chendas", "--why", "x"], "'Chendas' is no team of Onam Cup"),
    ],
)
def test_a_refused_action_says_why_and_stores_nothing(
    db: str, args: list[str], message: str
) -> None:
    before = _events(db)
    code, out, err = run("day", *args, "--db", db)
    assert (code, out) == (1, "")
    assert err.startswith("thuruppu: ") and message in err
    assert _events(db) == before


def test_a_description_with_a_mistyped_key_or_name_is_refused_with_its_line(
    tmp_path: Path,
) -> None:
    location = str(tmp_path / "day.sqlite")
    bad = tmp_path / "bad.toml"
    text = 'name = "Cup"\n[28]\ngroup_game = 4\ndecided = ["Tuskers"]\n[[28.teams]]\nname = "V"\n'
    bad.write_text(text, encoding="utf-8")
    code, out, err = run("day", "init", "--description", str(bad), "--db", location)
    assert (code, out) == (1, "")
    assert 'description:3:1: bad-description: "group_game": no such key; did you mean ' in err
    assert '"group_games"?' in err
    assert "decided" in err and "Tuskers" in err
    assert open_archive(location).day_log() == []


def test_a_roster_with_bad_rows_is_refused_naming_each_line(tmp_path: Path) -> None:
    location = str(tmp_path / "day.sqlite")
    roster = tmp_path / "roster.csv"
    roster.write_text("team,player\nTuskers,Arun\nTuskers\n,Bindu\n", encoding="utf-8")
    code, out, err = run("day", "init", "--name", "Cup", "--roster", str(roster), "--db", location)
    assert (code, out) == (1, "")
    assert f"{roster}:3:" in err and f"{roster}:4:" in err
    assert open_archive(location).day_log() == []


def test_several_tournaments_need_their_name(db: str, tmp_path: Path) -> None:
    assert run("day", "init", "--name", "Vishu Cup", "--db", db)[0] == 0
    code, _, err = run("day", "fees", "--db", db)
    assert code == 1
    assert "several tournaments: name one with --event (Onam Cup, Vishu Cup)" in err
    code, out, err = run("day", "fees", "--json", "--event", "Onam Cup", "--db", db)
    assert (code, err) == (0, "")
    assert json.loads(out)["total_due"] == 0
