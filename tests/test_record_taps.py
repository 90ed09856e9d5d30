"""A scorer's tap through its one write path (``tap_writer.write_tap``), as the tap pad sends it:
each tap stored once however often it comes, each carrying its own turn (the seat, the actions of
that card alone), an Undo that names what it takes back, one phone a table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dashboard.day.history import history_lines
from dashboard.recording.live import LiveSessions
from dashboard.recording.tap_writer import Answer, Sent, write_tap
from dashboard.recording.tricks.pad import pad_data
from dashboard.recording.tricks.position import locate
from dashboard.views.cards import card_label
from recorder.archive import Archive, TurnPlayed, open_archive
from recorder.archive.fold import effective_events
from recorder.cards import Card
from tests.test_recording import at, expected_turns, record_until_play, start

PHONE, OTHER = "phone-one-0001", "phone-two-0002"


@pytest.fixture
def archive(tmp_path: Path) -> Archive:
    return open_archive(tmp_path / "archive.sqlite")


class Phone:
    """A phone sending taps with its own numbers, as the pad does."""

    def __init__(self, archive: Archive, session: int, device: str = PHONE) -> None:
        self.archive, self.session, self.device, self.seq = archive, session, device, 0
        self.live = LiveSessions()

    def send(
        self, tap: dict[str, object], seq: int | None = None, take_over: bool = False
    ) -> Answer:
        if seq is None:
            self.seq += 1
            seq = self.seq
        sent = Sent(self.session, self.device, seq, json.dumps(tap), None, take_over)
        return write_tap(self.archive, self.live, sent, keys_on=False)


def turns(archive: Archive, session: int) -> list[tuple[int | None, str, tuple[str, ...]]]:
    """The turns the log holds: seat, card and actions."""
    return [
        (
            e.event.seat,
            e.event.card.code if e.event.card else "",
            tuple(a.token for a in e.event.actions),
        )
        for e in archive.events(session)
        if isinstance(e.event, TurnPlayed)
    ]


def test_a_hand_tapped_card_by_card_is_stored_once_however_often_each_tap_is_sent(
    archive: Archive,
) -> None:
    session = start(archive)
    record_until_play(archive, session)
    phone = Phone(archive, session)
    intended = expected_turns()
    for seat, actions, card in intended:
        tap = {"kind": "card", "code": card, "seat": seat, "actions": actions}
        first = phone.send(tap)
        assert first.status == 200 and first.body["outcome"] == "stored", first.body
        for _ in range(2):  # the answer lost: the phone sends the same tap again
            again = phone.send(tap, seq=phone.seq)
            assert again.body["outcome"] == "stored" and again.body["repeated"] is True
            assert again.body["last_event"] == first.body["last_event"]
    assert turns(archive, session) == [(s, c, tuple(a)) for s, a, c in intended]
    assert at(archive, session).phase == "over"


def test_a_repeat_with_other_content_is_refused_and_a_later_tap_waits_for_the_one_before(
    archive: Archive,
) -> None:
    session = start(archive)
    record_until_play(archive, session)
    phone = Phone(archive, session)
    (seat, _, card), (seat2, _, card2) = expected_turns()[:2]
    assert phone.send({"kind": "card", "code": card, "seat": seat}).body["outcome"] == "stored"
    other = phone.send({"kind": "card", "code": card2, "seat": seat2}, seq=1)
    assert other.body["outcome"] == "conflict"
    ahead = phone.send({"kind": "card", "code": card2, "seat": seat2}, seq=3)
    assert ahead.body["outcome"] == "ahead" and ahead.body["held"] == 1
    assert len(turns(archive, session)) == 1


def test_a_tap_without_a_seat_goes_to_the_seat_the_archive_says_is_to_play(
    archive: Archive,
) -> None:
    session = start(archive)
    record_until_play(archive, session)
    phone = Phone(archive, session)
    for _, actions, card in expected_turns()[:8]:  # as taps kept offline send them
        answer = phone.send({"kind": "card", "code": card, "actions": actions})
        assert answer.body["outcome"] == "stored", answer.body
    assert turns(archive, session) == [(s, c, tuple(a)) for s, a, c in expected_turns()[:8]]


def test_the_actions_of_a_card_never_reach_the_next_turn(archive: Archive) -> None:
    session = start(archive)
    record_until_play(archive, session)
    phone = Phone(archive, session)
    (seat, _, card), (seat2, _, card2) = expected_turns()[:2]
    phone.send({"kind": "card", "code": card, "seat": seat, "actions": ["ask"]})
    phone.send({"kind": "card", "code": card2, "seat": seat2})
    assert turns(archive, session) == [(seat, card, ("ask",)), (seat2, card2, ())]


def test_undo_names_what_it_takes_back_and_takes_back_exactly_that(archive: Archive) -> None:
    session = start(archive)
    record_until_play(archive, session)
    phone = Phone(archive, session)
    (seat, _, card), (seat2, _, card2) = expected_turns()[:2]
    phone.send({"kind": "card", "code": card, "seat": seat})
    log = archive.events(session)
    position = locate(session, log)
    shown = pad_data(position, log, len(log))["undo"]
    assert isinstance(shown, dict) and shown["label"].endswith(f"({seat})'s " + card_symbol(card))
    phone.send({"kind": "card", "code": card2, "seat": seat2})  # held before the undo came
    stale = phone.send({"kind": "undo", "target": shown["target"]})
    assert stale.body["outcome"] == "refused" and "nothing was undone" in stale.body["message"]
    assert len(turns(archive, session)) == 2
    log = archive.events(session)
    latest = pad_data(locate(session, log), log, len(log))["undo"]
    assert isinstance(latest, dict)
    assert phone.send({"kind": "undo", "target": latest["target"]}).body["outcome"] == "stored"
    assert [card for _, card, _ in turns_standing(archive, session)] == [card]


def test_a_second_phone_is_told_another_holds_the_table_and_may_take_it_over(
    archive: Archive,
) -> None:
    session = start(archive)
    record_until_play(archive, session)
    first, second = Phone(archive, session), Phone(archive, session, OTHER)
    (seat, _, card), (seat2, _, card2), (seat3, _, card3) = expected_turns()[:3]
    assert first.send({"kind": "card", "code": card, "seat": seat}).body["outcome"] == "stored"
    told = second.send({"kind": "card", "code": card2, "seat": seat2})
    assert told.body["outcome"] == "apart"
    assert "another phone holds this table" in str(told.body["message"])
    assert len(turns(archive, session)) == 1
    assert [kept.device for kept in archive.kept_apart(session)] == [OTHER]
    taken = second.send({"kind": "card", "code": card2, "seat": seat2}, take_over=True)
    assert taken.body["outcome"] == "stored"
    assert first.send({"kind": "card", "code": card3, "seat": seat3}).body["outcome"] == "apart"
    assert [change.device for change in archive.holders(session)] == [PHONE, OTHER]


def test_a_tap_the_server_cannot_read_is_answered_plainly(archive: Archive) -> None:
    session = start(archive)
    phone = Phone(archive, session)
    answer = phone.send({"kind": "card"})
    assert answer.status == 400 and "code" in str(answer.body["message"])
    assert phone.send({"kind": "teleport"}).status == 400


def card_symbol(code: str) -> str:
    """The card as the page says it (``8♦``)."""
    return card_label(Card.parse(code))


def turns_standing(archive: Archive, session: int) -> list[tuple[int | None, str, tuple[str, ...]]]:
    """The turns the log holds once undos are applied."""
    return [
        (e.event.seat, e.event.card.code if e.event.card else "", ())
        for e in effective_events(archive.events(session))
        if isinstance(e.event, TurnPlayed)
    ]


def test_the_directors_history_shows_the_hand_over_and_the_taps_kept_apart(
    archive: Archive,
) -> None:
    session = start(archive)
    record_until_play(archive, session)
    first, second = Phone(archive, session), Phone(archive, session, OTHER)
    (seat, _, card), (seat2, _, card2) = expected_turns()[:2]
    first.send({"kind": "card", "code": card, "seat": seat})
    second.send({"kind": "card", "code": card2, "seat": seat2})
    second.send({"kind": "card", "code": card2, "seat": seat2}, take_over=True)
    lines = history_lines(archive, session)
    assert any("phone phone-on holds the table" in line for line in lines), lines
    assert any("took the table over from phone phone-on" in line for line in lines), lines
    (apart,) = [line for line in lines if "kept apart" in line]
    assert "tap 1 of phone phone-tw kept apart, not recorded" in apart and card2 in apart
