"""A hand ends when its play ends: the tap that plays its last card (ends the play by agreement,
ends the calling with nobody calling, settles a Rummy deal) writes the hand's end with it, in one
transaction, and one undo takes the two back together."""

from __future__ import annotations

from pathlib import Path

import pytest

from dashboard.recording.rummy import clicks as taps
from dashboard.recording.tricks import clicks
from dashboard.recording.tricks.clicks import Refused
from recorder.archive import (
    Archive,
    ArchiveError,
    HandEnded,
    StarAgreed,
    TurnPlayed,
    open_archive,
)
from recorder.cards import Card
from tests import test_recording as tricks
from tests import test_rummy_recording as rummy


@pytest.fixture
def archive(tmp_path: Path) -> Archive:
    return open_archive(tmp_path / "archive.sqlite")


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
