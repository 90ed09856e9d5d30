"""Words that read one way only: a minus score beside an en dash, an incident report's title,
a message that names a command or a key in plain quotes, never in Markdown's backticks."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from dashboard.day.source import DayError, open_day
from dashboard.library import load
from dashboard.printing.incident_report import report_html
from dashboard.views.text import score_pair
from dashboard.views.tricks.scores import hand_table
from recorder.archive import open_archive
from recorder.tgn import loads
from replay.tournament.description import read_description
from replay.tricks import normalize

ROOT = Path(__file__).resolve().parent.parent


def test_a_minus_score_is_bracketed_with_a_minus_sign() -> None:
    assert score_pair([5, -1]) == "5 – (−1)"
    assert score_pair([0, 12]) == "0 – 12"
    loaded = load("rubber-29.tgn", "rubber-29.tgn", (ROOT / "data/rubber-29.tgn").read_bytes())
    assert loaded.score is not None and loaded.record is not None
    running = list(hand_table(loaded.score, loaded.record)["Game points"])
    assert running[0] == "5 – (−1)"  # was "5 – -1"
    assert not any(" -" in text for text in running)


def test_the_report_title_says_a_game_of_not_one_of_forty_hands() -> None:
    text = (ROOT / "tests/tgn_cases/thani-28.tgn").read_text(encoding="utf-8")
    page = report_html(normalize(loads(text)), 0)
    assert "Incident report: hand 1, a game of 28" in page
    assert "hand 1 of 28" not in page


#: The message texts of the pages and the command that once held backticks, read as shown.
MESSAGE_MODULES = (
    "replay/tournament/description.py",
    "replay/tournament/roster.py",
    "dashboard/day/source.py",
    "dashboard/day/commands.py",
    "dashboard/server/upload_worker.py",
    "dashboard/screens/sessions.py",
    "dashboard/cli/commands.py",
)


def _texts(path: Path) -> list[str]:
    """The module's string constants but its docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    ]


@pytest.mark.parametrize("module", MESSAGE_MODULES)
def test_messages_name_commands_and_keys_in_plain_quotes(module: str) -> None:
    assert [text for text in _texts(ROOT / module) if "`" in text and "``" not in text] == []


def test_a_mistyped_key_and_a_day_without_a_tournament_say_it_in_plain_quotes(
    tmp_path: Path,
) -> None:
    _, findings = read_description('name = "Cup"\n[28]\ngroup_game = 3\n', "cup.toml")
    said = [f.message for f in findings]
    assert said == ['"group_game": no such key; did you mean "group_games"?']
    archive = open_archive(str(tmp_path / "a.sqlite"))
    with pytest.raises(DayError, match='run "thuruppu day init"'):
        open_day(archive)
