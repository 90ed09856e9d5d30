"""The ``thuruppu`` command on Rummy files (CLI.md, RUMMY.md §8): check, score, replay, fmt,
convert and analyse go through the same commands as the trick games."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from dashboard.cli.commands import app

DATA = Path(__file__).resolve().parent.parent / "data"
TABLE = DATA / "rummy-first-round.tgn"
EXAMPLE = """[Game "rummy"]
[Players "Anu, Babu, Cini, Deepu"]
[Event "Kerala House Rummy"]
[Date "2026-03-21"]

[Hand "1"]
[Dealer "4"]
joker 7H
drop 2
declare 3: AS KS QS | 5D 6D 7D 8D | 9C 9H 9S | 2C 3C 7S / KD
show 1: 2D 3D 4D | 9H TH JH | KC KH KS | QC 8S 5H 5C = 28
show 4: TS JS QS 8C 8H PJ 2H 3H 4H 6S 6C AC AD
"""

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def example(tmp_path: Path, text: str = EXAMPLE) -> Path:
    path = tmp_path / "example.tgn"
    path.write_text(text, encoding="utf-8")
    return path


def test_check_a_clean_rummy_file(tmp_path: Path) -> None:
    assert run("check", str(example(tmp_path))) == (0, "", "")


def test_check_reports_the_tables_marked_violations_linter_style() -> None:
    code, out, _ = run("check", str(TABLE))
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"{TABLE}:39:1: error invalid-declaration: Babu (seat 2) declared")
    assert lines[1].startswith(f"{TABLE}:52:1: warning count-mismatch: Deepu (seat 4) shows")


def test_check_json_gives_rummy_findings_in_the_contract_shape() -> None:
    code, out, _ = run("check", str(TABLE), "--json")
    assert code == 1
    (entry,) = json.loads(out)["files"]
    assert (entry["game"], entry["hands"], entry["errors"]) == ("rummy", 15, [])
    first = entry["findings"][0]
    assert {key: first[key] for key in ("code", "severity", "kind", "hand", "trick", "seat")} == {
        "code": "invalid-declaration",
        "severity": "error",
        "kind": "violation",
        "hand": 3,
        "trick": None,
        "seat": 2,
    }
    assert (first["player"], first["line"], first["column"]) == ("Babu", 39, 1)


def test_score_json_is_rummy_md_section_8(tmp_path: Path) -> None:
    code, out, _ = run("score", str(example(tmp_path)), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["hands"] == [
        {
            "hand": 1,
            "dealer": 4,
            "joker": "7H",
            "winner": "Cini",
            "outcomes": {
                "Anu": {"kind": "shown", "points": 28},
                "Babu": {"kind": "drop", "points": 25},
                "Cini": {"kind": "winner", "points": 0},
                "Deepu": {"kind": "shown", "points": 28},
            },
            "totals": {"Anu": 28, "Babu": 25, "Cini": 0, "Deepu": 28},
            "out": [],
            "rejoined": [],
        }
    ]
    assert data["winner"] is None
    assert data["standing"] == ["Cini", "Babu", "Anu", "Deepu"]


def test_score_of_the_table_names_its_winner_and_re_entries() -> None:
    code, out, _ = run("score", str(TABLE), "--json")
    data = json.loads(out)
    assert code == 1  # the marked violations
    assert data["winner"] == "Cini"
    assert data["standing"] == ["Cini", "Eapen", "Deepu", "Anu", "Fathima", "Babu"]
    assert [hand["rejoined"] for hand in data["hands"] if hand["rejoined"]] == [["Anu"], ["Deepu"]]
    assert data["hands"][-1]["out"] == ["Anu", "Babu", "Deepu", "Eapen", "Fathima"]


def test_the_score_sheet_in_the_terminal(tmp_path: Path) -> None:
    code, out, _ = run("score", str(example(tmp_path)))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Rummy: Anu, Babu, Cini, Deepu"
    assert lines[2].split() == ["deal", "joker", "Anu", "Babu", "Cini", "Deepu"]
    assert lines[3].split() == ["1", "7H", "28", "25", "drop", "won", "28"]
    assert lines[4].split() == ["total", "28", "25", "0", "28"]
    assert "standing: 1. Cini, 2. Babu, 3. Anu, 4. Deepu" in lines


def test_rules_option_takes_rummy_keys_and_refuses_others(tmp_path: Path) -> None:
    path = example(tmp_path)
    code, out, _ = run("score", str(path), "--json", "--rules", "count-cap=20")
    assert json.loads(out)["hands"][0]["outcomes"]["Anu"]["points"] == 20
    code, _, err = run("check", str(path), "--rules", "three-rank=above-jack")
    assert code == 2
    refused = "Rules key 'three-rank' does not apply to rummy"
    assert err == f"thuruppu: --rules three-rank=above-jack: {refused}\n"


def test_replay_turn_by_turn_and_from_one_seat() -> None:
    code, out, _ = run("replay", str(TABLE), "--hand", "6")
    assert code == 0
    assert "Fathima takes 2S, discards 3S  [pile 3S]" in out
    assert "Deepu draws and declares" in out
    assert "deal 1" not in out and "dealt Anu (seat 1): 4D 9D KD" in out
    code, seen, _ = run("replay", str(TABLE), "--hand", "6", "--seat", "6")
    assert "dealt Fathima (seat 6): 8C 7D 2S" in seen
    assert "dealt Anu" not in seen  # another seat's cards are hidden
    assert "hand " in seen and "  <- " not in seen
    assert "Deepu (seat 4) declares 5D 6D 7D 8D" in seen and "/ face down" in seen
    assert "/ 8C" in out and "/ 8C" not in seen  # Deepu's face-down card


def test_replay_of_a_deal_without_turns_lists_its_outcomes(tmp_path: Path) -> None:
    code, out, _ = run("replay", str(example(tmp_path)), "--hand", "1")
    assert code == 0
    assert "Cini (seat 3) declares AS KS QS | 5D 6D 7D 8D | 9C 9H 9S | 2C 3C 7S / KD" in out
    assert "  Anu: shown 28, total 28" in out


def test_fmt_and_convert_round_trip(tmp_path: Path) -> None:
    lenient = example(tmp_path, EXAMPLE.replace("7H", "7h").replace("PJ", "joker"))
    assert run("fmt", str(lenient), "--check")[0] == 1
    assert run("fmt", str(lenient))[0] == 0
    assert lenient.read_text(encoding="utf-8") == EXAMPLE
    code, as_json, _ = run("convert", str(lenient), "--to", "json")
    assert code == 0
    stored = tmp_path / "example.json"
    stored.write_text(as_json, encoding="utf-8")
    code, back, _ = run("convert", str(stored), "--to", "tgn")
    assert (code, back) == (0, EXAMPLE)
    assert run("fmt", "--check", str(DATA))[0] == 0


def test_analyse_gives_the_lowest_count_and_whether_a_declaration_was_possible(
    tmp_path: Path,
) -> None:
    code, out, _ = run("analyse", str(example(tmp_path)), "--json")
    assert code == 0
    (hand,) = json.loads(out)["hands"]
    by_player = {entry["player"]: entry for entry in hand["seats"]}
    assert by_player["Cini"]["valid_declaration"] is True
    assert by_player["Cini"]["lowest_count"] == 0
    assert by_player["Deepu"]["lowest_count"] == 28
    assert by_player["Deepu"]["valid_declaration"] is False
    assert sorted(len(group) for group in by_player["Deepu"]["grouping"]) == [3, 3, 3, 4]
    code, text, _ = run("analyse", str(example(tmp_path)))
    assert "Deepu (seat 4, show): lowest count 28" in text
