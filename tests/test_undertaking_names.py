"""An undertaking is said by its name in the rules (RULES.md §6: Jodi, Kott, Thani) in the score's
notes and on the terminal's score sheet, never by the record's code (``kot``, ``thani``)."""

from __future__ import annotations

from dashboard.cli.terminal.tricks import score_row
from replay.tricks.scoring import score_session
from tests.scoring_helpers import result, session

TWENTY_EIGHT = session("28")


def test_a_kott_made_is_said_as_the_rules_name_it() -> None:
    line = score_session(TWENTY_EIGHT, [result("28", 2, "17", "made", "kot")]).lines[0]
    assert line.notes[-1] == "Blue made Kott on 17: Blue +2"
    assert score_row(TWENTY_EIGHT, line)[3] == "17 Kott"
    thani = score_session(TWENTY_EIGHT, [result("28", 1, "thani", "lost", "thani")]).lines[0]
    assert thani.notes[-1].startswith("Red lost Thani: ")
