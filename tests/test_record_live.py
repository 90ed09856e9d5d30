"""The Record page's kept sessions (``dashboard.recording.live``) against the log folded afresh.

A 28 match of the bundled tournament is recorded event by event into one archive (SQLite, and
PostgreSQL) from two places at once: this server, which keeps each session's state between its
reads and advances it by the events logged since, and another device or server process on the
same archive, which also undoes, corrects a card, tags the session and rewrites a hand as the
director does. After every few events what this server keeps must be what the whole log folds to:
the record, the TGN export, the score and the position.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dashboard.recording.live import LiveSessions
from dashboard.recording.tricks.position import locate, position_of
from recorder.archive import (
    Archive,
    Corrected,
    HandsRewritten,
    SessionTagged,
    TurnPlayed,
    Undone,
    events_from_record,
    fold,
    open_archive,
)
from recorder.model import Record
from recorder.tgn import dumps, loads
from replay.tricks import replay_session
from replay.tricks.scoring import score_session

MATCH = (
    Path(__file__).resolve().parent.parent / "data/tournament/group-a-round-1-tuskers-theyyams.tgn"
)

pytest_plugins = ["tests.pg_server"]


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty archive's location: a SQLite file, or a fresh schema on a PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "archive.sqlite")
    return str(request.getfixturevalue("postgres_archive_url"))


def past_changed(there: Archive, session_id: int, step: int) -> None:
    """What another device or the director writes now and then: an undo (and the event again),
    a corrected card, a tag, a hand rewritten as it stands."""
    logged = there.events(session_id)
    record = fold(logged)
    if step % 4 == 0:  # undone, then recorded again
        there.append(session_id, Undone())
        there.append(session_id, logged[-1].event)
    elif step % 4 == 1:
        turn = next((e for e in reversed(logged) if isinstance(e.event, TurnPlayed)), None)
        if turn is not None:
            there.append(session_id, Corrected(target=turn.seq, card=turn.event.card))
    elif step % 4 == 2:
        there.append(session_id, SessionTagged(name="Round", value=str(step)))
    elif len(record.hands) > 1:
        first = Record.build(tags=record.tags, hands=[record.hands[0]])
        there.append(session_id, HandsRewritten(hand=1, text=dumps(first)))


def test_a_kept_session_is_what_its_whole_log_folds_to_with_other_writers(location: str) -> None:
    here, there = open_archive(location), open_archive(location)
    events = events_from_record(loads(MATCH.read_text(encoding="utf-8")))
    session_id = here.create_session(events[0].tags)  # type: ignore[attr-defined]
    kept = LiveSessions()
    compared = 0
    for number, event in enumerate(events[1:], start=1):
        (there if number % 3 == 0 else here).append(session_id, event)
        if number % 61 == 0:
            past_changed(there, session_id, number // 61)
        if number % 7 and number != len(events) - 1:
            continue
        drawn, count = kept.read(here, session_id)
        logged = here.events(session_id)
        record = fold(logged)
        assert count == len(logged)
        assert drawn.record == record
        assert kept.tgn(here, session_id, count) == dumps(record)
        position = position_of(session_id, drawn)
        assert position == locate(session_id, logged)
        results = [
            hand.result
            for hand in replay_session(record).hands
            if hand.result.outcome != "unfinished"
        ]
        assert position.score().final == score_session(record, results).final
        compared += 1
    assert compared > 50 and len(kept) == 1
