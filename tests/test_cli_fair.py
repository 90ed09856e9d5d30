"""``thuruppu analyse --fair``: its JSON, the same for any number of jobs, and Rummy refused."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from dashboard.cli.commands import app
from recorder.tgn import dumps
from replay.tricks.simulate import random_hand

REPOSITORY = Path(__file__).resolve().parent.parent
RUMMY = REPOSITORY / "data" / "rummy-first-round.tgn"
runner = CliRunner()


def _hand(tmp_path: Path) -> Path:
    path = tmp_path / "hand.tgn"
    path.write_text(dumps(random_hand("29", random.Random(8))), encoding="utf-8")
    return path


def test_fair_json_gives_both_verdicts_for_every_decision(tmp_path: Path) -> None:
    path = _hand(tmp_path)
    result = runner.invoke(
        app,
        ["analyse", str(path), "--fair", "--samples", "3", "--seed", "5", "--jobs", "1", "--json"],
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["fair"] == {"samples": 3, "points": 4, "seed": 5, "early_stop": True}
    decisions = data["hands"][0]["decisions"]
    assert decisions
    for decision in decisions:
        assert set(decision) >= {"trick", "seat", "card", "skipped", "fair", "all_hands", "verdict"}
        if decision["skipped"] is None:
            assert 1 <= decision["samples"] <= 3
            assert 0.0 <= decision["fair"]["chance_lost"] <= 1.0
            assert decision["verdict"] in ("agreed", "unlucky", "missed")
    assert "calling" in data["hands"][0]


def test_rummy_with_fair_is_refused_with_a_message() -> None:
    result = runner.invoke(app, ["analyse", str(RUMMY), "--fair"])
    assert result.exit_code == 2
    assert "--fair judges 40, 28 and 29, not rummy" in result.stderr
