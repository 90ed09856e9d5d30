"""A hand ends when its play ends: the tap that plays its last card (ends the play by agreement,
ends the calling with nobody calling, settles a Rummy deal) writes the hand's end with it, in one
transaction, and one undo takes the two back together. On SQLite and on PostgreSQL alike: a
batch refused or failing in the database part way stores nothing, and another writer (another
server on the same archive) writes only before or after the whole batch, never between."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path

import pytest

from dashboard.recording.rummy import clicks as taps
from dashboard.recording.tricks import clicks
from dashboard.recording.tricks.clicks import Refused
from recorder.archive import (
    Archive,
    ArchiveError,
    HandEnded,
    HandStarted,
    StarAgreed,
    TurnPlayed,
    open_archive,
    store,
)
from recorder.archive.database import Transaction
from recorder.archive.events import LoggedEvent
from recorder.cards import Card
from tests import test_recording as tricks
from tests import test_rummy_recording as rummy

pytest_plugins = ["tests.pg_server"]
WAIT_SECONDS = 0.5
"""How long another writer is kept waiting while a batch is half written."""


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def archive(request: pytest.FixtureRequest, tmp_path: Path) -> Archive:
    if request.param == "sqlite":
        return open_archive(tmp_path / "archive.sqlite")
    return open_archive(str(request.getfixturevalue("postgres_archive_url")))


def kinds(archive: Archive, session: int) -> list[str]:
    return [entry.event.kind for entry in archive.events(session)]


def test_the_last_card_ends_the_hand_and_one_undo_reopens_it(archive: Archive) -> None:
    session = tricks.start(archive)
    tricks.record_until_play(archive, session)
    turns = tricks.expected_turns()
    for seat, actions, card in turns[:-1]:
        tricks.do(
            archive, session, clicks.turn_click(tricks.at(archive, session), seat, actions, card)
        )
        assert "hand-end" not in kinds(archive, session)
    before = len(archive.events(session))
    seat, actions, card = turns[-1]
    tricks.do(archive, session, clicks.turn_click(tricks.at(archive, session), seat, actions, card))
    assert kinds(archive, session)[before:] == ["turn", "hand-end"]
    position = tricks.at(archive, session)
    assert position.phase == "over" and not position.hand_open
    assert archive.ended_record(session).hands == archive.record(session).hands  # it counts
    tricks.do(archive, session, clicks.undo_click(position))
    position = tricks.at(archive, session)
    assert position.phase == "play" and position.hand_open and position.seat == seat
    assert Card.parse(card) not in position.played
    tricks.do(archive, session, clicks.turn_click(position, seat, actions, card))
    assert tricks.at(archive, session).phase == "over"
    tricks.do(archive, session, clicks.next_hand_click(tricks.at(archive, session)))
    assert kinds(archive, session)[-1] == "hand"  # no second end of hand 1


def test_the_end_of_play_by_agreement_ends_the_hand(archive: Archive) -> None:
    session = tricks.start(archive)
    tricks.record_until_play(archive, session)
    for seat, actions, card in tricks.expected_turns()[:6]:
        tricks.do(
            archive, session, clicks.turn_click(tricks.at(archive, session), seat, actions, card)
        )
    tricks.do(archive, session, clicks.end_of_play_click(tricks.at(archive, session)))
    assert kinds(archive, session)[-2:] == ["star", "hand-end"]
    assert not tricks.at(archive, session).hand_open


def test_a_calling_nobody_won_ends_with_its_redeal_and_one_undo_takes_the_pass_back(
    archive: Archive,
) -> None:
    session = tricks.start(archive, "29", dealer=4)
    for seat in (1, 2, 3, 4):
        tricks.do(archive, session, clicks.call_click(tricks.at(archive, session), seat, "pass"))
    assert kinds(archive, session)[-3:] == ["call", "redeal", "hand-end"]
    tricks.do(archive, session, clicks.undo_click(tricks.at(archive, session)))
    position = tricks.at(archive, session)
    assert (position.phase, position.seat, position.hand_open) == ("calling", 4, True)
    assert "redeal" not in archive.export_tgn(session)


def test_the_last_outcome_settles_a_rummy_deal_and_one_undo_reopens_it(archive: Archive) -> None:
    session = rummy.table(archive)
    positions = rummy.record_deal(archive, session)
    assert kinds(archive, session)[-2:] == ["rummy", "hand-end"]
    assert kinds(archive, session).count("hand-end") == 1
    assert not positions[-1].hand_open and positions[-1].phase == "complete"
    position = rummy.do(archive, session, taps.undo_click(positions[-1]))
    assert position.phase == "outcomes" and position.hand_open and position.to_enter == 4
    assert isinstance(taps.next_deal_click(position), Refused)  # the deal is open again


def test_a_batch_refused_part_way_stores_nothing(archive: Archive) -> None:
    session = tricks.start(archive)
    tricks.record_until_play(archive, session)
    before = archive.events(session)
    record = archive.record(session)
    batch = [TurnPlayed(trick=1, seat=1, card=Card.parse("JS")), StarAgreed(), HandEnded(joined=2)]
    with pytest.raises(ArchiveError, match="nothing was stored"):
        archive.append_all(session, [*batch, TurnPlayed(trick=2, seat=1, card=Card.parse("9S"))])
    assert archive.events(session) == before and archive.record(session) == record
    assert open_archive(archive.location).events(session) == before


def before_the_last_card(archive: Archive) -> tuple[int, clicks.Decision]:
    """A session played up to its hand's last card; that card's tap (the card, the hand's end)."""
    session = tricks.start(archive)
    tricks.record_until_play(archive, session)
    turns = tricks.expected_turns()
    for seat, actions, card in turns[:-1]:
        tricks.do(
            archive, session, clicks.turn_click(tricks.at(archive, session), seat, actions, card)
        )
    seat, actions, card = turns[-1]
    decision = clicks.turn_click(tricks.at(archive, session), seat, actions, card)
    assert isinstance(decision, clicks.Accepted)
    assert [event.kind for event in decision.events] == ["turn", "hand-end"]
    return session, decision


def test_a_database_failure_part_way_through_a_batch_stores_nothing(
    archive: Archive, monkeypatch: pytest.MonkeyPatch
) -> None:
    session, decision = before_the_last_card(archive)
    before, record = archive.events(session), archive.record(session)
    insert = store._insert_events

    def failing(
        tx: Transaction, logged: Sequence[LoggedEvent], session_id: int | None = None
    ) -> None:
        """Every row written up to the hand's end, which the database refuses (its row twice)."""
        for entry in logged:
            insert(tx, [entry], session_id)
            if entry.event.kind == "hand-end":
                insert(tx, [entry], session_id)

    monkeypatch.setattr(store, "_insert_events", failing)
    with pytest.raises(ArchiveError):
        archive.append_all(session, decision.events)
    monkeypatch.undo()
    assert archive.events(session) == before and archive.record(session) == record
    assert open_archive(archive.location).events(session) == before  # as another server reads
    assert tricks.at(archive, session).hand_open  # the card is not stored: the hand goes on
    archive.append_all(session, decision.events)  # the same tap again, the database well
    assert [(e.seq, e.event.kind) for e in archive.events(session)[len(before) :]] == [
        (len(before) + 1, "turn"),
        (len(before) + 2, "hand-end"),
    ]


def test_another_writer_waits_for_the_whole_batch(
    archive: Archive, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the last card is written and its hand's end not yet, another server's write to the
    session waits: it starts hand 2 only once hand 1 has ended, the two events side by side."""
    session, decision = before_the_last_card(archive)
    before = len(archive.events(session))
    other = open_archive(archive.location)
    other.events(session)  # another server that has the session's log in memory
    insert = store._insert_events
    halfway, finish = threading.Event(), threading.Event()
    batch = threading.Thread(target=lambda: archive.append_all(session, decision.events))

    def slow(tx: Transaction, logged: Sequence[LoggedEvent], session_id: int | None = None) -> None:
        """The batch's rows written one, then (once let go) the other."""
        if threading.current_thread() is not batch:
            insert(tx, logged, session_id)
            return
        insert(tx, logged[:1], session_id)
        halfway.set()
        assert finish.wait(30)
        insert(tx, logged[1:], session_id)

    stored: list[int] = []

    def start_hand_2() -> None:
        assert halfway.wait(30)
        stored.append(other.append(session, HandStarted.numbered(2, dealer=1)))

    monkeypatch.setattr(store, "_insert_events", slow)
    writer = threading.Thread(target=start_hand_2)
    batch.start()
    writer.start()
    try:
        assert halfway.wait(30)
        writer.join(WAIT_SECONDS)
        assert writer.is_alive() and not stored  # it waits for the batch's transaction
    finally:
        finish.set()
        batch.join(30)
        writer.join(30)
    assert stored == [before + 3]
    kinds_now = [entry.event.kind for entry in archive.events(session)[before:]]
    assert kinds_now == ["turn", "hand-end", "hand"]
