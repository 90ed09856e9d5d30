"""``thuruppu tournament`` (TOURNAMENT.md §7) on the bundled tournament, a broken copy of it, the
archive, and a printable report with hostile names."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

from recorder import dumps, read
from recorder.archive import open_archive
from tests.test_cli import run
from tests.tournament_helpers import Sessions

TOURNAMENT = Path(__file__).resolve().parent.parent / "data" / "tournament"
ROW_KEYS = [
    "rank", "team", "played", "won", "level", "lost", "match_points", "points_for",
    "points_against", "difference", "unresolved",
]  # fmt: skip


def test_the_bundled_tournament_as_json_has_the_shape_of_section_7() -> None:
    code, out, err = run("tournament", str(TOURNAMENT), "--json")
    assert (code, err) == (0, "")
    report = json.loads(out)
    assert list(report) == ["name", "28", "rummy", "findings", "void", "schedule", "fees"]
    assert report["void"] == [] and report["schedule"] == []
    assert list(report["fees"]) == ["currency", "total_due", "total_paid", "people"]
    assert report["name"] == "Kerala House Card Tournament"
    assert list(report["28"]) == ["groups", "bracket", "places"]
    assert list(report["28"]["groups"]) == ["A", "B"]
    for rows in report["28"]["groups"].values():
        assert [list(row) for row in rows] == [ROW_KEYS] * 4
        assert all(row["played"] == 3 for row in rows)
    bracket = report["28"]["bracket"]
    assert [slot["match"] for slot in bracket] == ["SF1", "SF2", "LF", "F"]
    assert list(bracket[0]) == [
        "match", "teams", "from", "points", "winner", "shuffles", "walkover",
    ]  # fmt: skip
    assert not any(slot["walkover"] for slot in bracket)
    assert [slot["from"] for slot in bracket] == [
        ["group 1", "group 4"], ["group 2", "group 3"],
        ["loser of SF1", "loser of SF2"], ["winner of SF1", "winner of SF2"],
    ]  # fmt: skip
    final = bracket[3]
    assert final["shuffles"] == 18 and final["winner"] in final["teams"]
    semis = bracket[:2]
    assert final["teams"] == [slot["winner"] for slot in semis]
    losers = [next(t for t in slot["teams"] if t != slot["winner"]) for slot in semis]
    assert bracket[2]["teams"] == losers
    places = report["28"]["places"]
    assert places[:2] == [final["winner"], next(t for t in final["teams"] if t != final["winner"])]
    assert places[2] == bracket[2]["winner"]
    assert report["findings"] == []


def test_the_terminal_shows_standings_and_the_bracket() -> None:
    code, out, _ = run("tournament", str(TOURNAMENT))
    lines = out.splitlines()
    assert code == 0
    assert lines[:3] == ["Kerala House Card Tournament", "", "Group A"]
    assert lines[3].split("  ")[0:2] == ["Rank", "Team"]
    assert "Knockout" in lines and "Places" in lines
    assert any(line.startswith("F ") and "18 shuffles" in line for line in lines)


def test_a_knockout_session_between_the_wrong_teams_exits_1(tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    shutil.copytree(TOURNAMENT, folder)
    final = folder / "final.tgn"
    text = final.read_text(encoding="utf-8")
    teams = next(line for line in text.splitlines() if line.startswith("[Teams"))
    final.write_text(text.replace(teams, '[Teams "Tuskers, Kathakali"]'), encoding="utf-8")
    code, out, _ = run("tournament", str(folder), "--json")
    assert code == 1
    found = json.loads(out)["findings"]
    (finding,) = [finding for finding in found if finding["code"] == "wrong-pairing"]
    assert {finding["code"] for finding in found} == {"wrong-pairing", "not-on-roster", "two-teams"}
    assert (finding["code"], finding["severity"], finding["file"], finding["line"]) == (
        "wrong-pairing", "error", str(final), 8,
    )  # fmt: skip
    assert finding["message"].startswith("final Tuskers v Kathakali is no match of the bracket")


def test_the_archive_gives_the_same_tournament_as_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "round-1"
    folder.mkdir()
    location = str(tmp_path / "archive.sqlite")
    archive = open_archive(location)
    for path in sorted(TOURNAMENT.glob("group-*-round-1-*.tgn")):
        shutil.copy(path, folder / path.name)
        archive.import_tgn(path.read_text(encoding="utf-8"), path.name)
    description = str(TOURNAMENT / "tournament.toml")
    code, out, _ = run("tournament", location, "--description", description, "--json")
    in_folder = run("tournament", str(folder), "--description", description, "--json")[1]
    assert code == 0
    groups = json.loads(out)["28"]["groups"]
    assert groups == json.loads(in_folder)["28"]["groups"]
    assert sum(row["played"] for rows in groups.values() for row in rows) == 8


def test_an_unreadable_session_is_a_finding(tmp_path: Path) -> None:
    (tmp_path / "broken.tgn").write_text('[Game "28"]\n[Players "A"\n', encoding="utf-8")
    code, out, _ = run("tournament", str(tmp_path), "--json")
    assert code == 1
    (finding,) = json.loads(out)["findings"]
    assert (finding["code"], finding["file"], finding["line"]) == (
        "unreadable", str(tmp_path / "broken.tgn"), 1,
    )  # fmt: skip
    assert finding["message"] == (
        'missing [Players] tag (expected a line such as [Players "Anil, Biju, ..."]) '
        "(and 1 more: thuruppu check shows them)"
    )


def test_the_printable_report_escapes_names(tmp_path: Path) -> None:
    sessions = Sessions(random.Random(1), 2)
    hostile = "<script>alert(1)</script>"
    for number, pair in enumerate([(hostile, "Blue"), ("Green", "Gold")], start=1):
        session = sessions.play("group", pair, round_=1)
        (tmp_path / f"m{number}.tgn").write_text(dumps(session.record), encoding="utf-8")
    (tmp_path / "tournament.toml").write_text("[28]\nshuffles = 2\ngroup_games = 1\n")
    report = tmp_path / "report.html"
    code, _, _ = run("tournament", str(tmp_path), "--html", str(report))
    html = report.read_text(encoding="utf-8")
    assert code == 0
    assert hostile not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert html.count('<table class="standings">') == 1 and "<svg" in html
    assert read(dumps(sessions.made[0].record)).errors == []
