"""An archived session being recorded, loaded for the pages (``load_archived``) with the replay
store, against its public record judged afresh.

A 28 match of the bundled tournament is recorded event by event while another device undoes,
corrects a card, tags the session and the director rewrites a hand. After every few events the
session loaded with the store must be what the old path made of it (the archive's public record
replayed and scored, nothing stored): the record, replay, score, summary and problems. A version
with a hand being played is not kept in the store (the next event replaces it); one between hands
is, and is read back the same.
"""

from __future__ import annotations

from pathlib import Path

from dashboard.library import LoadedSession, judge, load_archived
from dashboard.replay_store import ReplayStore
from recorder.archive import Archive, SessionSummary, events_from_record, open_archive
from recorder.tgn import loads
from tests.test_record_live import MATCH, past_changed


def summary_of(archive: Archive, session_id: int) -> SessionSummary:
    return next(summary for summary in archive.sessions() if summary.id == session_id)


def assert_same(loaded: LoadedSession, afresh: LoadedSession) -> None:
    assert loaded.problems == afresh.problems
    assert loaded.summary == afresh.summary
    assert loaded.record == afresh.record
    assert loaded.score == afresh.score
    assert loaded.replay == afresh.replay
    assert loaded.findings == afresh.findings
    assert loaded.tally() == afresh.tally()


def test_a_session_being_recorded_loads_as_its_public_record_judged_afresh(
    tmp_path: Path,
) -> None:
    location = str(tmp_path / "archive.sqlite")
    here, there = open_archive(location), open_archive(location)
    store = ReplayStore(tmp_path / "store")
    events = events_from_record(loads(MATCH.read_text(encoding="utf-8")))
    session_id = here.create_session(events[0].tags)  # type: ignore[attr-defined]
    kept = dropped = 0
    for number, event in enumerate(events[1:], start=1):
        (there if number % 3 == 0 else here).append(session_id, event)
        if number % 61 == 0:
            past_changed(there, session_id, number // 61)
        if number % 5 and event.kind != "hand-end" and number != len(events) - 1:
            continue
        summary = summary_of(here, session_id)
        loaded = load_archived(here, summary, store)
        view = here.public_view(session_id)
        afresh = judge(loaded.key, loaded.label, here.public_record(session_id), loaded.digest)
        assert view.record == here.public_record(session_id)
        assert_same(loaded, afresh)
        stored = store.get(loaded.digest)
        if view.hand_open:
            assert stored is None
            dropped += 1
        else:
            assert stored is not None
            assert_same(load_archived(here, summary, store), afresh)
            kept += 1
    assert dropped > 50 and kept >= 12
    assert not here.public_view(session_id).hand_open  # the match has ended: kept whole
