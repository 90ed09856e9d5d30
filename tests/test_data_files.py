"""The sample sessions in ``data/`` read cleanly, are canonical, and break no rule by accident.

A hand that shows a violation on purpose says so in a ``;`` comment on the trick line where it
happens ("on purpose"); every other finding would be a mistake in the sample.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from recorder import dumps, read
from replay import replay_session

DATA = Path(__file__).resolve().parent.parent / "data"
SESSIONS = sorted(DATA.rglob("*.tgn"))
"""Every bundled session, those of the tournament folder included."""


def test_the_samples_are_there() -> None:
    names = {path.name for path in SESSIONS}
    assert {"club-night-40.tgn", "tournament-28.tgn", "rubber-29.tgn"} <= names
    assert "tgn-example-40.tgn" in names


@pytest.mark.parametrize("path", SESSIONS, ids=lambda path: path.relative_to(DATA).as_posix())
def test_reads_without_errors_and_is_canonical(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    result = read(text, path.name)
    assert result.errors == []
    assert result.record is not None
    assert dumps(result.record) == text


@pytest.mark.parametrize("path", SESSIONS, ids=lambda path: path.relative_to(DATA).as_posix())
def test_only_the_violations_shown_on_purpose(path: Path) -> None:
    record = read(path.read_text(encoding="utf-8"), path.name).record
    assert record is not None
    for finding in replay_session(record).findings:
        hand = record.hands[finding.hand - 1]
        assert finding.trick is not None, finding.message
        trick = hand.tricks[finding.trick - 1]
        comments = [trick.remark or "", *trick.before]
        assert any("on purpose" in comment for comment in comments), finding.message


def test_the_club_night_shows_one_revoke() -> None:
    record = read((DATA / "club-night-40.tgn").read_text(encoding="utf-8")).record
    assert record is not None
    codes = [
        (finding.code, finding.hand, finding.trick) for finding in replay_session(record).findings
    ]
    assert codes == [("revoke", 6, 2)]
