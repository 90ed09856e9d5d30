"""A Rummy scorer's tap through the one write path of every tap (``tap_writer.write_tap``), as the
Rummy table's pad sends it: the family found from the session, each tap stored once however often
it comes, a repeat with other content refused, each tap carrying its own seat and value (a seat
that already has its outcome refused with the reason), an Undo naming what it takes back, the
next deal started once; a declaration picked on the page sent whole as its line, and a void deal,
each refused once the deal it was made in is over."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dashboard.recording.live import LiveSessions
from dashboard.recording.rummy.pad import pad_data
from dashboard.recording.rummy.pick import Pick
from dashboard.recording.rummy.position import locate
from dashboard.recording.tap_families import TAP_FAMILIES, tap_family
from dashboard.recording.tap_writer import Answer, Sent, write_tap
from recorder.archive import Archive, HandStarted, RummyLineWritten, open_archive
from recorder.archive.fold import effective_events
from tests.test_recording import start
from tests.test_rummy_recording import declaration, table

PHONE, OTHER = "rummy-phone-0001", "rummy-phone-0002"


@pytest.fixture
def archive(tmp_path: Path) -> Archive:
    return open_archive(tmp_path / "archive.sqlite")


class Phone:
    """A phone sending taps with its own numbers, as the pad does."""

    def __init__(self, archive: Archive, session: int, device: str = PHONE) -> None:
        self.archive, self.session, self.device, self.seq = archive, session, device, 0
        self.live = LiveSessions()

    def send(self, tap: dict[str, object], seq: int | None = None) -> Answer:
        if seq is None:
            self.seq += 1
            seq = self.seq
        sent = Sent(self.session, self.device, seq, json.dumps(tap), None, False)
        return write_tap(self.archive, self.live, sent, keys_on=False)


def lines(archive: Archive, session: int) -> list[tuple[str, dict[str, object]]]:
    """The Rummy lines standing (undos applied), in order."""
    return [
        (entry.event.part, entry.event.content)
        for entry in effective_events(archive.events(session))
        if isinstance(entry.event, RummyLineWritten)
    ]


DEAL = [
    {"kind": "joker", "code": "7H"},
    {"kind": "outcome", "seat": 2, "outcome": "drop"},
    {"kind": "outcome", "seat": 5, "outcome": "middle-drop"},
    {"kind": "winner", "seat": 3},
    {"kind": "count", "seat": 1, "points": 28},
    {"kind": "count", "seat": 4, "points": 30},
]
"""A deal of five chairs tapped on the pad: the joker, two drops, the winner named, two counts."""


def test_the_taps_family_is_found_from_the_session(archive: Archive) -> None:
    session = table(archive)
    assert tap_family(archive, session) is TAP_FAMILIES["rummy"]


def test_a_deal_tapped_is_stored_once_however_often_each_tap_is_sent(archive: Archive) -> None:
    session = table(archive)
    phone = Phone(archive, session)
    for tap in DEAL:
        first = phone.send(tap)
        assert first.status == 200 and first.body["outcome"] == "stored", (tap, first.body)
        for _ in range(2):  # the answer lost: the phone sends the same tap again
            again = phone.send(tap, seq=phone.seq)
            assert again.body["outcome"] == "stored" and again.body["repeated"] is True
            assert again.body["last_event"] == first.body["last_event"]
    assert lines(archive, session) == [
        ("joker", {"card": "7H"}),
        ("outcome", {"kind": "drop", "seat": 2, "middle": False}),
        ("outcome", {"kind": "drop", "seat": 5, "middle": True}),
        ("outcome", {"kind": "count", "seat": 1, "entered": 28}),
        ("outcome", {"kind": "count", "seat": 4, "entered": 30}),
    ]
    position = locate(session, archive.events(session))
    assert position.phase == "complete" and position.winner == "Cini"
    assert archive.tap_state(session, PHONE).held == len(DEAL)


def test_a_repeat_with_other_content_is_refused_and_nothing_more_is_stored(
    archive: Archive,
) -> None:
    session = table(archive)
    phone = Phone(archive, session)
    assert phone.send(DEAL[0]).body["outcome"] == "stored"
    assert phone.send(DEAL[1]).body["outcome"] == "stored"
    other = phone.send({"kind": "outcome", "seat": 3, "outcome": "drop"}, seq=2)
    assert other.body["outcome"] == "conflict"
    ahead = phone.send(DEAL[2], seq=4)
    assert ahead.body["outcome"] == "ahead" and ahead.body["held"] == 2
    assert len(lines(archive, session)) == 2


def test_a_tap_for_a_seat_that_has_its_outcome_is_refused_with_the_reason(
    archive: Archive,
) -> None:
    session = table(archive)
    phone = Phone(archive, session)
    phone.send(DEAL[0])
    phone.send({"kind": "count", "seat": 2, "points": 12})
    again = phone.send({"kind": "outcome", "seat": 2, "outcome": "drop"})
    assert again.status == 200 and again.body["outcome"] == "refused"
    assert again.body["message"] == (
        "Babu (2) already has an outcome in this deal: undo or correct it"
    )
    before = phone.send({"kind": "joker", "code": "8S"})
    assert before.body["outcome"] == "refused"
    assert before.body["message"] == "the joker is cut at the start of a deal"
    assert lines(archive, session) == [
        ("joker", {"card": "7H"}),
        ("outcome", {"kind": "count", "seat": 2, "entered": 12}),
    ]


def test_a_tap_the_server_cannot_read_is_refused_before_the_archive(archive: Archive) -> None:
    session = table(archive)
    phone = Phone(archive, session)
    answer = phone.send({"kind": "count", "seat": 2})  # no points
    assert answer.status == 400 and "points" in str(answer.body["message"])
    trick_tap = phone.send({"kind": "card", "code": "9H"})  # a trick game's tap
    assert trick_tap.status == 400
    assert archive.tap_state(session, PHONE).held == 0


def test_undo_names_what_it_takes_back_and_takes_back_exactly_that(archive: Archive) -> None:
    session = table(archive)
    phone = Phone(archive, session)
    phone.send(DEAL[0])
    phone.send(DEAL[1])
    log = archive.events(session)
    shown = pad_data(locate(session, log), log, len(log))["undo"]
    assert shown == {"target": log[-1].seq, "label": "Babu (2): drop"}
    phone.send(DEAL[2])  # held before the undo came
    stale = phone.send({"kind": "undo", "target": shown["target"]})
    assert stale.body["outcome"] == "refused"
    assert (
        stale.body["message"]
        == "the latest entry is now Eapen (5): middle drop: nothing was undone"
    )
    log = archive.events(session)
    latest = pad_data(locate(session, log), log, len(log))["undo"]
    assert isinstance(latest, dict) and latest["label"] == "Eapen (5): middle drop"
    assert phone.send({"kind": "undo", "target": latest["target"]}).body["outcome"] == "stored"
    assert [content for _, content in lines(archive, session)] == [
        {"card": "7H"},
        {"kind": "drop", "seat": 2, "middle": False},
    ]


def test_the_last_outcome_ends_the_deal_and_the_next_deal_starts_once(archive: Archive) -> None:
    session = table(archive)
    phone = Phone(archive, session)
    for tap in DEAL:
        phone.send(tap)
    log = archive.events(session)
    data = pad_data(locate(session, log), log, len(log))
    assert data["phase"] == "complete" and data["next"] == {"deal": 2, "dealer": 1}
    assert data["undo"] == {"target": log[-1].seq, "label": "Deepu (4): count 30"}
    too_soon = phone.send({"kind": "next-deal", "deal": 3, "dealer": None})
    assert too_soon.body["outcome"] == "refused"
    assert phone.send({"kind": "next-deal", "deal": 2, "dealer": 1}).body["outcome"] == "stored"
    twice = phone.send({"kind": "next-deal", "deal": 2, "dealer": 1})  # tapped again by mistake
    assert twice.body["outcome"] == "refused"
    assert twice.body["message"] == "deal 2 has already started"
    started = [e for e in archive.events(session) if isinstance(e.event, HandStarted)]
    assert len(started) == 2
    assert locate(session, archive.events(session)).phase == "joker"


def test_a_seat_out_of_the_game_is_offered_its_reentry_on_the_pad(archive: Archive) -> None:
    session = table(archive, ("Anu", "Babu", "Cini"), Totals="Anu=240, Babu=0, Cini=230")
    phone = Phone(archive, session)
    for tap in (
        {"kind": "joker", "code": "7H"},
        {"kind": "count", "seat": 1, "points": 20},
        {"kind": "outcome", "seat": 2, "outcome": "drop"},
    ):
        assert phone.send(tap).body["outcome"] == "stored", tap
    assert phone.send({"kind": "next-deal", "deal": 2}).body["outcome"] == "stored"
    log = archive.events(session)
    data = pad_data(locate(session, log), log, len(log))
    assert data["rejoins"] == [
        {"seat": 1, "label": "Anu re-enters at 231 and shuffles", "refusal": None}
    ]
    assert [seat["open"] for seat in data["seats"]] == [False, True, True]  # type: ignore[index]
    assert phone.send({"kind": "rejoin", "seat": 1}).body["outcome"] == "stored"
    assert lines(archive, session)[-1] == ("rejoin", {"seat": 1})


def test_a_second_phone_is_told_another_holds_the_table(archive: Archive) -> None:
    session = table(archive)
    first, second = Phone(archive, session), Phone(archive, session, OTHER)
    assert first.send(DEAL[0]).body["outcome"] == "stored"
    told = second.send(DEAL[1])
    assert told.body["outcome"] == "apart"
    assert "another phone holds this table" in str(told.body["message"])
    assert len(lines(archive, session)) == 1


def test_a_trick_games_session_reads_its_taps_as_a_trick_games(archive: Archive) -> None:
    session = start(archive)
    assert tap_family(archive, session) is TAP_FAMILIES["trick"]
    refused = Phone(archive, session).send(DEAL[0])  # a Rummy tap on a 40 table
    assert refused.status == 400 and archive.tap_state(session, PHONE).held == 0


DECLARATION = "declare 3: AS KS QS | 2C 3C 4C | 4C 5C 6C 7C | 9D 9H 9S | / KD"
"""Cini's declaration as the page's picker holds it (an open last group, the 14th card face
down): the line the pad's Record button sends."""
DECLARED = {
    "kind": "declare",
    "seat": 3,
    "middle": False,
    "groups": [group.split() for group in ("AS KS QS", "2C 3C 4C", "4C 5C 6C 7C", "9D 9H 9S")],
    "grouped": True,
    "face_down": "KD",
    "entered": None,
}


def test_the_pad_carries_the_pick_the_page_holds(archive: Archive) -> None:
    session = table(archive)
    Phone(archive, session).send(DEAL[0])
    log = archive.events(session)
    data = pad_data(locate(session, log), log, len(log), declaration())
    assert data["pick"] == {
        "seat": 3,
        "line": DECLARATION,
        "label": "Record Cini's declaration (13 cards)",
        "words": "Cini (3): declaration (13 cards)",
        "problem": None,
    }
    empty = pad_data(locate(session, log), log, len(log), Pick("show", 2))["pick"]
    assert isinstance(empty, dict) and empty["problem"] == "pick the cards first"
    assert empty["label"] == "Record Babu's shown hand (0 cards)"


def test_a_pick_tap_is_stored_once_however_often_it_is_sent(archive: Archive) -> None:
    session = table(archive)
    phone = Phone(archive, session)
    phone.send(DEAL[0])
    tap = {"kind": "pick", "deal": 1, "line": DECLARATION}
    first = phone.send(tap)
    assert first.body["outcome"] == "stored", first.body
    for _ in range(3):  # the answer lost: the phone sends the same tap again
        again = phone.send(tap, seq=phone.seq)
        assert again.body["outcome"] == "stored" and again.body["repeated"] is True
    assert lines(archive, session) == [("joker", {"card": "7H"}), ("outcome", DECLARED)]
    twice = phone.send(tap)  # Record pressed again under a new number
    assert twice.body["outcome"] == "refused"
    assert twice.body["message"] == (
        "Cini (3) already has an outcome in this deal: undo or correct it"
    )
    assert len(lines(archive, session)) == 2


def test_a_pick_tap_kept_while_the_deal_moved_on_is_refused(archive: Archive) -> None:
    session = table(archive)
    phone = Phone(archive, session)
    for tap in DEAL:  # deal 1 ends without Cini's cards: he is named the winner
        phone.send(tap)
    phone.send({"kind": "next-deal", "deal": 2, "dealer": 1})
    phone.send({"kind": "joker", "code": "8S"})
    late = phone.send({"kind": "pick", "deal": 1, "line": DECLARATION})
    assert late.body["outcome"] == "refused"
    assert late.body["message"] == (
        "it was made in deal 1, and deal 2 is being played: nothing was recorded"
    )
    assert lines(archive, session)[-1] == ("joker", {"card": "8S"})


def test_a_pick_the_engine_refuses_stores_nothing(archive: Archive) -> None:
    session = table(archive)
    phone = Phone(archive, session)
    phone.send(DEAL[0])
    three = phone.send({"kind": "pick", "deal": 1, "line": "show 2: 4C 4C 4C"})
    assert three.body["outcome"] == "refused"
    assert three.body["message"] == "more copies of a card than the packs hold"
    unread = phone.send({"kind": "pick", "deal": 1, "line": "declare 3: ZZ"})
    assert unread.body["outcome"] == "refused"
    assert unread.body["message"] == "'declare 3: ZZ' is not a declaration or a shown hand"
    empty = phone.send({"kind": "pick", "deal": 1, "line": "declare 3:"})
    assert empty.body["message"] == "pick the cards first"
    assert lines(archive, session) == [("joker", {"card": "7H"})]


def test_a_void_deal_is_a_tap_of_its_deal_stored_once(archive: Archive) -> None:
    session = table(archive)
    phone = Phone(archive, session)
    log = archive.events(session)
    assert pad_data(locate(session, log), log, len(log))["redeals"] == [
        {"reason": "not-13-cards", "label": "Not 13 cards"},
        {"reason": "misdeal", "label": "Misdeal"},
    ]
    tap = {"kind": "redeal", "deal": 1, "reason": "misdeal"}
    assert phone.send(tap).body["outcome"] == "stored"
    assert phone.send(tap, seq=phone.seq).body["repeated"] is True
    again = phone.send(tap)  # pressed twice
    assert again.body["outcome"] == "refused"
    assert again.body["message"] == "deal 1 is over: it is not void"
    assert lines(archive, session) == [("redeal", {"reason": "misdeal"})]
    assert locate(session, archive.events(session)).phase == "complete"
    phone.send({"kind": "next-deal", "deal": 2, "dealer": None})
    late = phone.send({"kind": "redeal", "deal": 1, "reason": "not-13-cards"})
    assert late.body["message"] == (
        "it was made in deal 1, and deal 2 is being played: nothing was recorded"
    )
    unknown = phone.send({"kind": "redeal", "deal": 2, "reason": "bored"})
    assert unknown.status == 400
