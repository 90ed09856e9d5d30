"""The ``thuruppu`` command as CLI.md specifies it: output, JSON shapes and exit status."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from dashboard.cli.commands import app

DATA = Path(__file__).resolve().parent.parent / "data"
EXAMPLE = DATA / "tgn-example-40.tgn"
CLUB = DATA / "club-night-40.tgn"

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_check_clean_file_exits_zero_and_prints_nothing() -> None:
    code, out, err = run("check", str(EXAMPLE))
    assert (code, out, err) == (0, "", "")


def test_check_reports_the_deliberate_revoke_linter_style() -> None:
    code, out, _ = run("check", str(CLUB))
    assert code == 1
    assert out.splitlines() == [
        f"{CLUB}:105:11: error revoke: trick 2: Suma (seat 2) threw 9C on a heart lead "
        "but held 7H, played in trick 6"
    ]


def test_check_json_has_the_contract_shape() -> None:
    code, out, _ = run("check", str(CLUB), "--json")
    assert code == 1
    report = json.loads(out)
    (entry,) = report["files"]
    assert entry["path"] == str(CLUB) and entry["game"] == "40" and entry["errors"] == []
    assert entry["hands"] == 9
    (finding,) = entry["findings"]
    assert finding == {
        "code": "revoke",
        "severity": "error",
        "kind": "violation",
        "hand": 6,
        "trick": 2,
        "seat": 2,
        "player": "Suma",
        "line": 105,
        "column": 11,
        "message": "trick 2: Suma (seat 2) threw 9C on a heart lead but held 7H, played in trick 6",
    }


def test_check_unreadable_file_exits_two_and_still_checks_the_others(tmp_path: Path) -> None:
    broken = tmp_path / "broken.tgn"
    broken.write_text(
        '[Game "40"]\n[Players "A, B, C, D, E, F"]\n\n[Hand "1"]\n[Dealer "1"]\nbid 1:2O\n'
    )
    code, out, err = run("check", str(broken), str(CLUB))
    assert code == 2
    assert err.startswith(f"{broken}:6:7: ")
    assert "revoke" in out


def test_check_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.tgn"
    code, _, err = run("check", str(missing))
    assert code == 2
    assert err.strip() == f"{missing}:0:0: cannot read file: No such file or directory"


def test_check_a_folder_checks_every_session_in_it() -> None:
    code, out, _ = run("check", str(DATA), "--json")
    assert code == 1
    paths = sorted(Path(entry["path"]) for entry in json.loads(out)["files"])
    assert paths == sorted(DATA.rglob("*.tgn"))


def test_score_json_of_the_tgn_example() -> None:
    code, out, _ = run("score", str(EXAMPLE), "--json")
    assert code == 0
    report = json.loads(out)
    assert report["path"] == str(EXAMPLE) and report["teams"] == ["Red", "Blue"]
    (hand,) = report["hands"]
    assert hand["caller"] == 3 and hand["call"] == "24" and hand["call_value"] == 24
    assert hand["trump"] == "H" and hand["target"] == 24 and hand["callers_points"] == 40
    assert hand["outcome"] == "made"
    assert hand["coolies"] == {"Red": 0, "Blue": 1}


def test_score_human_output_lists_every_hand_and_the_final_standing() -> None:
    code, out, _ = run("score", str(CLUB))
    assert code == 1  # the deliberate revoke
    lines = out.splitlines()
    assert lines[-1].startswith("final: coolies ")
    assert sum(1 for line in lines if line[:1].isdigit()) == 9


def test_replay_shows_tricks_reveal_and_outcome() -> None:
    code, out, _ = run("replay", str(EXAMPLE), "--hand", "1")
    assert code == 0
    assert "face-down card: 9H" in out
    assert "Biju (seat 2) asks: the trump is 9H" in out
    assert " 2. 1:3S 2:ask TC 3:9H* 4:TS 5:8S 6:8D  → Chitra (seat 3) wins 7" in out
    assert out.rstrip().endswith("outcome: made, callers' points 40 of 24")


def test_replay_for_a_seat_hides_the_face_down_card_until_revealed() -> None:
    code, out, _ = run("replay", str(EXAMPLE), "--hand", "1", "--seat", "2")
    assert code == 0
    assert "face-down card" not in out
    assert "as seen by Biju (seat 2): dealt" in out
    assert "JS" not in out.split("calling:")[0]  # Anil's cards are not shown
    assert " 1. 1:JS 2:KH 3:AS 4:KS 5:QS 6:QC  →" in out  # no trump marks before the reveal


def test_replay_shows_findings_at_their_trick() -> None:
    code, out, _ = run("replay", str(CLUB), "--hand", "6")
    assert code == 1
    lines = out.splitlines()
    trick2 = next(i for i, line in enumerate(lines) if line.startswith(" 2. "))
    assert lines[trick2 + 1].startswith("    error revoke: trick 2: Suma (seat 2)")


def test_replay_unknown_hand_and_bad_seat() -> None:
    code, _, err = run("replay", str(EXAMPLE), "--hand", "7")
    assert code == 2 and "no hand 7 (hands: 1)" in err
    code, _, err = run("replay", str(EXAMPLE), "--hand", "1", "--seat", "9")
    assert code == 2 and "expected a seat from 1 to 6" in err


def test_rules_override_is_checked_against_the_game() -> None:
    code, _, err = run("check", str(EXAMPLE), "--rules", "last-trick=0")
    assert code == 2 and "Rules key 'last-trick' does not apply to 40" in err
    code, _, _ = run("check", str(EXAMPLE), "--rules", "retro-trump=no")
    assert code == 0


def test_fmt_check_and_rewrite(tmp_path: Path) -> None:
    lenient = tmp_path / "lenient.tgn"
    text = EXAMPLE.read_text().replace("1. 1:JS 2:KH", "1. js kh").replace("4:pass", "4:p")
    lenient.write_text(text.replace("\n", "\r\n"))
    assert run("fmt", "--check", str(lenient))[0] == 1
    assert run("fmt", "--check", str(DATA))[0] == 0
    code, _, _ = run("fmt", str(lenient))
    assert code == 0
    assert lenient.read_text() == EXAMPLE.read_text()
    assert run("fmt", "--check", str(lenient))[0] == 0


def test_convert_to_json_and_back_is_lossless(tmp_path: Path) -> None:
    code, out, _ = run("convert", str(CLUB), "--to", "json")
    assert code == 0 and json.loads(out)["tags"][0] == {
        "line": 1,
        "column": 1,
        "before": [],
        "remark": None,
        "name": "Game",
        "value": "40",
    }
    as_json = tmp_path / "club.json"
    as_json.write_text(out)
    code, back, _ = run("convert", str(as_json), "--to", "tgn")
    assert code == 0 and back == CLUB.read_text()


def test_convert_refuses_an_unknown_target_and_bad_json(tmp_path: Path) -> None:
    assert run("convert", str(EXAMPLE), "--to", "pbn")[0] == 2
    bad = tmp_path / "bad.json"
    bad.write_text('{"tags": 3}')
    code, _, err = run("convert", str(bad), "--to", "tgn")
    assert code == 2 and err.startswith(f"{bad}:1:1: not a Thuruppu record: tags")


def test_schema_is_the_record_model() -> None:
    code, out, _ = run("schema")
    assert code == 0
    schema = json.loads(out)
    assert {"Hand", "Trick", "Turn", "Bid"} <= set(schema["$defs"])


def test_archive_import_list_and_export_round_trip(tmp_path: Path) -> None:
    db = str(tmp_path / "archive.sqlite")
    code, out, _ = run("archive", "import", str(EXAMPLE), "--db", db, "--create")
    assert code == 0 and out.strip() == f"{EXAMPLE}: session 1"
    code, out, _ = run("archive", "list", "--db", db)
    assert code == 0 and out.startswith("1\tgame 40\t")
    code, out, _ = run("archive", "export", "1", "--db", db)
    assert code == 0 and out == EXAMPLE.read_text()


def test_archive_that_cannot_be_opened_is_a_clear_error(tmp_path: Path) -> None:
    code, _, err = run("archive", "list", "--db", str(tmp_path))
    assert code == 2
    assert err.startswith("thuruppu: ") and str(tmp_path) in err
    assert "Traceback" not in err
