"""``thuruppu day walkover`` by stage and round (TOURNAMENT.md §9), not only by the scheduled
match's id: on a scheduled day it finds the match; on a day with no schedule (sessions imported from
files) it records a new walkover session of the event; bad input says why and stores nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from recorder.archive import open_archive
from tests.test_cli import run
from tests.test_day_cli import CUP, ROSTER, _events, db  # noqa: F401  (db is a fixture)


@pytest.fixture
def unscheduled(tmp_path: Path) -> str:
    """The Onam Cup set up with its two teams and nothing scheduled."""
    location = str(tmp_path / "plain.sqlite")
    (tmp_path / "cup.toml").write_text(CUP, encoding="utf-8")
    (tmp_path / "roster.csv").write_text(ROSTER, encoding="utf-8")
    code, _, err = run(
        "day", "init", "--description", str(tmp_path / "cup.toml"),
        "--roster", str(tmp_path / "roster.csv"), "--db", location,
    )  # fmt: skip
    assert (code, err) == (0, "")
    return location


def test_a_walkover_by_stage_and_round_on_a_day_without_a_schedule(unscheduled: str) -> None:
    code, out, err = run(
        "day", "walkover", "--winner", "Tuskers", "--loser", "Vallams", "--stage", "Group",
        "--round", "1", "--db", unscheduled,
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert out == (
        "session 1: walkover in the group round 1: Tuskers wins, Vallams did not come "
        "(by director)\n"
    )
    tags = {tag.name: tag.value for tag in open_archive(unscheduled).record(1).tags}
    assert tags["Walkover"] == "Tuskers" and tags["Teams"] == "Tuskers, Vallams"
    assert (tags["Event"], tags["Stage"], tags["Round"]) == ("Onam Cup", "group", "1")
    code, out, _ = run("tournament", unscheduled, "--json")
    rows = {row["team"]: row for row in json.loads(out)["28"]["groups"]["all"]}
    assert (rows["Tuskers"]["won"], rows["Tuskers"]["match_points"]) == (1, 2)
    assert (rows["Vallams"]["lost"], rows["Vallams"]["match_points"]) == (1, 0)


def test_a_walkover_by_stage_and_round_finds_the_scheduled_match(db: str) -> None:  # noqa: F811
    code, out, err = run(
        "day", "walkover", "--winner", "Vallams", "--loser", "Tuskers", "--stage", "group",
        "--round", "1", "--db", db,
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert out == "session 1: walkover in G1: Vallams wins, Tuskers did not come (by director)\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--match", "G1", "--stage", "group"], "name the match by --match ID, or by --stage"),
        ([], "name the match by --match ID, or by --stage"),
        (
            ["--stage", "group", "--round", "2"],
            "no scheduled group round 2 match between Tuskers and Vallams (scheduled: G1)",
        ),
    ],
)
def test_a_walkover_named_badly_on_a_scheduled_day_is_refused(
    db: str,  # noqa: F811
    args: list[str],
    message: str,
) -> None:
    before = _events(db)
    code, out, err = run(
        "day", "walkover", "--winner", "Tuskers", "--loser", "Vallams", *args, "--db", db
    )
    assert (code, out) == (1, "")
    assert err.startswith("thuruppu: ") and message in err
    assert _events(db) == before


@pytest.mark.parametrize(
    ("winner", "stage", "message"),
    [
        ("Chendas", "group", "Chendas is no team of Onam Cup (teams: Tuskers, Vallams)"),
        ("Tuskers", "groups", "stage 'groups': expected one of group, quarter final"),
        ("none", "group", "a walkover to none names both teams: record it with its match"),
    ],
)
def test_a_bad_walkover_without_a_schedule_says_why(
    unscheduled: str, winner: str, stage: str, message: str
) -> None:
    code, out, err = run(
        "day", "walkover", "--winner", winner, "--loser", "Vallams", "--stage", stage,
        "--db", unscheduled,
    )  # fmt: skip
    assert (code, out) == (1, "")
    assert message in err and "nothing was stored" in err
    assert open_archive(unscheduled).sessions() == []
