"""An archived session being recorded, loaded for the pages (``load_archived``) with the replay
store, against its public record judged afresh.

A 28 match of the bundled tournament is recorded event by event while another device undoes,
corrects a card, tags the session and the director rewrites a hand. After every few events the
session loaded with the store must be what the old path made of it (the archive's public record
replayed and scored, nothing stored): the record, replay, score, summary and problems. A version
with a hand being played is not kept in the store (the next event replaces it); one between hands
is, and is read back the same. A session recorded live, loaded from the server's kept sessions
(``recording.watched``: only its last hand replayed again), is the same again, on SQLite and
PostgreSQL.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import streamlit as st

from dashboard import state
from dashboard.library import LoadedSession, judge, load_archived
from dashboard.recording.live import LiveSessions
from dashboard.recording.watched import hand_in_play
from dashboard.server.replay_store import ReplayStore
from recorder.archive import (
    Archive,
    SessionSummary,
    TurnPlayed,
    events_from_record,
    open_archive,
)
from recorder.model import Record
from recorder.tgn import loads
from replay.tricks import HandReplay, replay_hand
from tests.test_record_live import MATCH, location, past_changed

RUMMY = Path(__file__).resolve().parent.parent / "data" / "rummy-first-round.tgn"

pytest_plugins = ["tests.pg_server"]
__all__ = ["location"]  # the fixture: an empty archive, SQLite and PostgreSQL


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
        afresh = judge(loaded.key, loaded.label, view.record, loaded.digest, playing=view.hand_open)
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


def test_a_live_session_watched_with_its_kept_hands_is_its_public_record_judged_afresh(
    location: str, tmp_path: Path
) -> None:
    """The pages' load of a session recorded live, from the server's kept sessions (only the last
    hand replayed again), is the public record judged whole, after every few events while another
    device undoes, corrects, tags and rewrites, whether the Record page drew the session in
    between or not; and the kept hands are replayed once, not again at each load."""
    here, there = open_archive(location), open_archive(location)
    live = LiveSessions()
    events = events_from_record(loads(MATCH.read_text(encoding="utf-8")))
    session_id = here.create_session(events[0].tags)  # type: ignore[attr-defined]
    shortcut = 0
    for number, event in enumerate(events[1:], start=1):
        (there if number % 3 == 0 else here).append(session_id, event)
        if number % 61 == 0:
            past_changed(there, session_id, number // 61)
        if number % 7 == 0:
            live.read(here, session_id)  # the Record page draws the session now and then
        if number % 5 and event.kind != "hand-end" and number != len(events) - 1:
            continue
        summary = summary_of(here, session_id)
        loaded = load_archived(here, summary, None, live)
        view = here.public_view(session_id)
        afresh = judge(loaded.key, loaded.label, view.record, loaded.digest, playing=view.hand_open)
        assert_same(loaded, afresh)
        shortcut += live.public(here, session_id).parts is not None
    assert shortcut > 100
    held = live.session(here, session_id)
    settled = [id(replay) for replay in held.public().parts.replay.hands[:-1]]  # type: ignore[union-attr]
    assert settled == [id(replay) for replay in held.public().parts.replay.hands[:-1]]  # type: ignore[union-attr]
    assert len(settled) == 11


def test_a_session_with_a_seatless_turn_is_judged_whole(tmp_path: Path) -> None:
    """Where the kept hands cannot stand for the whole judge (a turn without its seat, which the
    replay fills), none is offered and the load judges the public record whole, as before."""
    archive = open_archive(str(tmp_path / "archive.sqlite"))
    record = loads(MATCH.read_text(encoding="utf-8"))
    events = events_from_record(record)
    session_id = archive.create_session(events[0].tags)  # type: ignore[attr-defined]
    for event in events[1:40]:
        if isinstance(event, TurnPlayed) and event.trick == 2:
            event = event.model_copy(update={"seat": None})
        archive.append(session_id, event)
    live = LiveSessions()
    assert live.public(archive, session_id).parts is None
    summary = summary_of(archive, session_id)
    loaded = load_archived(archive, summary, None, live)
    view = archive.public_view(session_id)
    afresh = judge(loaded.key, loaded.label, view.record, loaded.digest, playing=view.hand_open)
    assert_same(loaded, afresh)


def test_a_rummy_table_recorded_live_is_judged_whole(tmp_path: Path) -> None:
    """A Rummy table's deals are not replayed by the kept state of its recording: its session,
    recorded live and listed with the server's kept sessions, loads as its public record judged
    whole, deal after deal (the Tournament page once failed on a Rummy table being played)."""
    archive = open_archive(str(tmp_path / "archive.sqlite"))
    record = loads(RUMMY.read_text(encoding="utf-8"))
    events = events_from_record(record)
    session_id = archive.create_session(events[0].tags)  # type: ignore[attr-defined]
    live = LiveSessions()
    for count, event in enumerate(events[1:], start=1):
        archive.append(session_id, event)
        if count % 5 and count != len(events) - 1:
            continue
        summary = summary_of(archive, session_id)
        loaded = load_archived(archive, summary, None, live)
        view = archive.public_view(session_id)
        playing = view.hand_open
        assert_same(
            loaded, judge(loaded.key, loaded.label, view.record, loaded.digest, playing=playing)
        )
    assert len(loaded.record.hands) == len(record.hands) > 1  # type: ignore[union-attr]


def test_the_replay_page_steps_a_settled_hand_once_while_its_table_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A phone following a live table on Replay: each hand's step-by-step replay is the record's
    hand replayed afresh at every version, but a settled hand is replayed once, not again at each
    tap (only the hand being played is), until an event changes the past (an undo, a correction,
    a tag, a rewrite), after which it is replayed again once."""
    st.cache_resource.clear()
    archive = open_archive(str(tmp_path / "archive.sqlite"))
    live = LiveSessions()
    events = events_from_record(loads(MATCH.read_text(encoding="utf-8")))
    session_id = archive.create_session(events[0].tags)  # type: ignore[attr-defined]
    stepped: list[int] = []

    def counted(record: Record, index: int) -> HandReplay:
        stepped.append(index)
        return replay_hand(record, index)

    monkeypatch.setattr(state, "replay_hand", counted)
    asked = changes = 0
    for number, event in enumerate(events[1:], start=1):
        archive.append(session_id, event)
        if number % 61 == 0:
            past_changed(archive, session_id, number // 61)
            changes += 1
        if number % 4:
            continue
        loaded = load_archived(archive, summary_of(archive, session_id), None, live)
        record = loaded.record
        assert record is not None
        for index in range(len(record.hands)):
            afresh = replay_hand(record, index)
            if loaded.summary.in_play and index == len(record.hands) - 1:
                afresh = hand_in_play(afresh)  # the hand being played, as the pages show it
            assert state.hand_replay(loaded, record, index) == afresh
            asked += 1
    loads_made = len(events) // 4
    assert asked > 5 * loads_made  # most loads ask for several hands
    assert len(stepped) <= loads_made + 12 * changes + 12
