"""Words that read one way only: a minus score beside an en dash, an incident report's title."""

from __future__ import annotations

from pathlib import Path

from dashboard.library import load
from dashboard.printing.incident_report import report_html
from dashboard.views.text import score_pair
from dashboard.views.tricks.scores import hand_table
from recorder.tgn import loads
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
