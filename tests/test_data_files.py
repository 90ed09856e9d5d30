"""The sample sessions in ``data/`` read cleanly, are canonical, and break no rule by accident.

A hand that shows a violation on purpose says so in a ``;`` comment on the line where it happens,
or just above it ("on purpose"); every other finding would be a mistake in the sample.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dashboard.cli.families import commands_for
from recorder import dumps, read
from replay.tricks import replay_session

DATA = Path(__file__).resolve().parent.parent / "data"
SESSIONS = sorted(DATA.rglob("*.tgn"))
"""Every bundled session, those of the tournament folder included."""


def test_the_samples_are_there() -> None:
    names = {path.name for path in SESSIONS}
    assert {"club-night-40.tgn", "tournament-28.tgn", "rubber-29.tgn"} <= names
    assert "tgn-example-40.tgn" in names
    assert "rummy-first-round.tgn" in names


@pytest.mark.parametrize("path", SESSIONS, ids=lambda path: path.relative_to(DATA).as_posix())
def test_reads_without_errors_and_is_canonical(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    result = read(text, path.name)
    assert result.errors == []
    assert result.record is not None
    assert dumps(result.record) == text


def _marked(lines: list[str], number: int) -> bool:
    """Whether line ``number`` (1-based), or the ``;`` lines just above it, say "on purpose"."""
    index = number - 1
    if "on purpose" in lines[index].partition(";")[2]:
        return True
    while index > 0 and lines[index - 1].lstrip().startswith(";"):
        index -= 1
        if "on purpose" in lines[index]:
            return True
    return False


@pytest.mark.parametrize("path", SESSIONS, ids=lambda path: path.relative_to(DATA).as_posix())
def test_only_the_violations_shown_on_purpose(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    record = read(text, path.name).record
    assert record is not None
    lines = text.splitlines()
    for finding in commands_for(record).findings(record, {}):
        assert _marked(lines, finding.line), finding.message


def test_the_club_night_shows_one_revoke() -> None:
    record = read((DATA / "club-night-40.tgn").read_text(encoding="utf-8")).record
    assert record is not None
    codes = [
        (finding.code, finding.hand, finding.trick) for finding in replay_session(record).findings
    ]
    assert codes == [("revoke", 6, 2)]


def test_the_rummy_table_shows_a_wrong_declaration_and_a_miscount() -> None:
    record = read((DATA / "rummy-first-round.tgn").read_text(encoding="utf-8")).record
    assert record is not None
    findings = commands_for(record).findings(record, {})
    codes = [(finding.code, finding.hand, finding.player) for finding in findings]
    assert codes == [("invalid-declaration", 3, "Babu"), ("count-mismatch", 4, "Deepu")]
