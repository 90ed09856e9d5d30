"""Live recording without a browser: the position derived from the log, clicks into events,
refusals that store nothing, undo and correction kept in the log, findings as soon as proven."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dashboard.recording.tricks import clicks
from dashboard.recording.tricks.offers import (
    action_choices,
    call_choices,
    card_grid,
    closing_answers,
)
from dashboard.recording.tricks.position import Position, locate
from dashboard.recording.tricks.setup import SessionSetup, archive_argument
from dashboard.recording.tricks.view import status_html, status_text
from recorder.archive import Archive, HandStarted, open_archive
from recorder.cards import Card
from recorder.tgn import loads

EXPECTED = Path(__file__).resolve().parent / "browser" / "expected" / "recorded-40.tgn"
DATE = "2026-11-28"  # the day of the expected file's session
PLAYERS = ("Anil", "Biju", "Chitra", "Dev", "Eli", "Faiz")
TURN = re.compile(r"(\d):(?:(ask) )?(\w\w)")


@pytest.fixture
def archive(tmp_path: Path) -> Archive:
    return open_archive(tmp_path / "archive.sqlite")


def start(archive: Archive, game: str = "40", dealer: int = 6) -> int:
    players = PLAYERS if game != "29" else PLAYERS[:4]
    setup = SessionSetup(game, players, ("Red", "Blue"), dealer, date=DATE)
    assert setup.problems() == []
    session = archive.create_session(setup.tags())
    archive.append(session, HandStarted.numbered(1, dealer=dealer))
    return session


def at(archive: Archive, session: int) -> Position:
    return locate(session, archive.events(session))


def do(archive: Archive, session: int, decision: clicks.Decision) -> None:
    assert clicks.commit(archive, session, decision) is None


def expected_calls() -> list[tuple[int, str]]:
    line = next(line for line in EXPECTED.read_text().splitlines() if line.startswith("bid "))
    return [(int(seat), call) for seat, call in (token.split(":") for token in line.split()[1:])]


def expected_turns() -> list[tuple[int, list[str], str]]:
    lines = [line for line in EXPECTED.read_text().splitlines() if re.match(r"\d+\. ", line)]
    return [
        (int(seat), [ask] if ask else [], card)
        for line in lines
        for seat, ask, card in TURN.findall(line)
    ]


def record_until_play(archive: Archive, session: int) -> None:
    for seat, call in expected_calls():
        position = at(archive, session)
        assert (position.phase, position.seat) == ("calling", seat)
        do(archive, session, clicks.call_click(position, seat, call))
    position = at(archive, session)
    assert (position.phase, position.seat) == ("trump", 3)
    do(archive, session, clicks.trump_click(position, "9H"))


def test_the_page_offers_each_seat_in_turn_and_the_hand_exports_as_played(
    archive: Archive,
) -> None:
    session = start(archive)
    record_until_play(archive, session)
    for seat, actions, card in expected_turns():
        position = at(archive, session)
        assert (position.phase, position.seat) == ("play", seat)
        do(archive, session, clicks.turn_click(position, seat, actions, card))
    position = at(archive, session)
    assert position.phase == "over"
    assert position.replay is not None and position.replay.result.outcome == "made"
    assert position.findings == []
    assert archive.export_tgn(session) == EXPECTED.read_text()
    do(archive, session, clicks.next_hand_click(position))
    following = at(archive, session)
    assert (following.phase, following.hand_number, following.dealer) == ("calling", 2, 1)
    assert following.seat == 2
    assert following.score().final["coolies"] == {"Red": 0, "Blue": 1}


def test_the_trick_and_leader_follow_the_engine(archive: Archive) -> None:
    session = start(archive)
    record_until_play(archive, session)
    for seat, actions, card in expected_turns()[:12]:
        do(archive, session, clicks.turn_click(at(archive, session), seat, actions, card))
    position = at(archive, session)
    assert (position.trick, position.seat) == (3, 3)  # Chitra won trick 2 with the 9H
    assert position.played == {Card.parse(card) for _, _, card in expected_turns()[:12]}
    assert "trick 3: Chitra (3) to play" in status_text(position)
    assert 'data-events="21"' in status_html(position, 21)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("ZS", "unknown card 'ZS'"),
        ("6S", "6S is not in the pack of 40"),
        ("7:JH", "there is no seat 7"),
        ("x:JH", "unknown seat 'x'"),
        ("JS", "JS is already played"),
        ("1:cut JH", "unknown action 'cut'"),
    ],
)
def test_bad_input_is_refused_and_nothing_stored_moves(
    archive: Archive, typed: str, message: str
) -> None:
    session = start(archive)
    record_until_play(archive, session)
    do(archive, session, clicks.typed_turn(at(archive, session), "JS"))
    before = archive.events(session)
    answer = clicks.commit(archive, session, clicks.typed_turn(at(archive, session), typed))
    assert answer is not None and message in answer
    assert archive.events(session) == before


def test_the_archive_refusing_is_a_message_too(archive: Archive) -> None:
    session = start(archive)
    record_until_play(archive, session)
    position = at(archive, session)
    do(archive, session, clicks.turn_click(position, 1, [], "JS"))
    stale = clicks.turn_click(position, 2, [], "JS")  # decided on a position before the JS
    answer = clicks.commit(archive, session, stale)
    assert answer is not None and "JS" in answer
    assert len(archive.events(session)) == 10


def test_undo_and_correction_are_events_and_the_export_is_corrected(archive: Archive) -> None:
    session = start(archive)
    record_until_play(archive, session)
    do(archive, session, clicks.typed_turn(at(archive, session), "1:3S"))
    first = at(archive, session).turns[0]
    do(archive, session, clicks.typed_turn(at(archive, session), "KH"))
    do(archive, session, clicks.undo_click(at(archive, session)))
    assert at(archive, session).seat == 2
    do(archive, session, clicks.correction_click(at(archive, session), first.seq, "JS"))
    do(archive, session, clicks.typed_turn(at(archive, session), "KH"))
    kinds = [entry.event.kind for entry in archive.events(session)]
    assert kinds[-4:] == ["turn", "undo", "correct", "turn"]
    assert "1. 1:JS 2:KH\n" in archive.export_tgn(session)
    refused = clicks.correction_click(at(archive, session), first.seq, "KH")
    assert isinstance(refused, clicks.Refused)


def test_a_revoke_is_shown_the_moment_the_suit_reappears(archive: Archive) -> None:
    session = start(archive)
    record_until_play(archive, session)
    for typed in ("1:JS", "2:KH", "3:AS", "4:KS", "5:QS", "6:QC"):
        do(archive, session, clicks.typed_turn(at(archive, session), typed))
    assert [f.code for f in at(archive, session).findings] == []
    do(archive, session, clicks.typed_turn(at(archive, session), "1:3S"))
    do(archive, session, clicks.typed_turn(at(archive, session), "2:TS"))  # Biju had a spade
    revokes = [f for f in at(archive, session).findings if f.code == "revoke"]
    assert len(revokes) == 1 and revokes[0].trick == 1 and revokes[0].seat == 2


def test_out_of_turn_calls_are_kept_and_the_engine_says_who_is_next(archive: Archive) -> None:
    session = start(archive)
    do(archive, session, clicks.call_click(at(archive, session), 3, "20"))
    position = at(archive, session)
    assert (position.phase, position.seat) == ("calling", 1)
    assert [f.code for f in position.findings] == ["bid-out-of-turn"]
    assert isinstance(clicks.call_click(position, 9, "22"), clicks.Refused)
    assert isinstance(clicks.call_click(position, 1, "19"), clicks.Accepted)  # judged, not refused
    assert isinstance(clicks.call_click(position, 1, "zz"), clicks.Refused)


def test_the_29_auction_ends_when_three_pass_and_a_redeal_starts_the_same_dealer(
    archive: Archive,
) -> None:
    session = start(archive, "29", dealer=4)
    for seat, call in ((1, "pass"), (2, "pass"), (3, "pass"), (4, "pass")):
        do(archive, session, clicks.call_click(at(archive, session), seat, call))
    position = at(archive, session)
    assert position.phase == "over" and not position.hand_open  # the last pass ended it
    assert "redeal all-passed" in archive.export_tgn(session)
    do(archive, session, clicks.next_hand_click(at(archive, session)))
    assert at(archive, session).dealer == 4


def test_a_jodi_no_answer_ends_the_hand_without_a_card(archive: Archive) -> None:
    session = start(archive)
    record_until_play(archive, session)
    do(archive, session, clicks.turn_click(at(archive, session), 1, [], "JS"))
    do(archive, session, clicks.answer_click(at(archive, session), 2, "jodi?=no"))
    position = at(archive, session)
    assert position.phase == "over"
    assert "2:jodi?=no" in archive.export_tgn(session)


def test_a_hand_ended_by_agreement_is_over(archive: Archive) -> None:
    session = start(archive)
    record_until_play(archive, session)
    assert isinstance(clicks.end_of_play_click(at(archive, session)), clicks.Refused)
    for seat, actions, card in expected_turns()[:6]:
        do(archive, session, clicks.turn_click(at(archive, session), seat, actions, card))
    do(archive, session, clicks.end_of_play_click(at(archive, session)))
    assert at(archive, session).phase == "over"
    assert loads(archive.export_tgn(session)).hands[0].tricks[-1].star


def test_the_offers_are_the_games_own() -> None:
    tokens = [call.token for call in call_choices("40", {})]
    assert tokens[:3] == ["pass", "20", "21"] and tokens[-2:] == ["H10", "thani"]
    assert [call.token for call in call_choices("29", {"min-bid": "15"})][1] == "15"
    assert action_choices("28") == ["ask", "show", "kot", "kot?=yes"]
    assert closing_answers("40") == ["jodi?=no"] and closing_answers("29") == []
    grid = card_grid("29", frozenset({Card.parse("JS")}))
    assert [len(cells) for _, cells in grid] == [8, 8, 8, 8]
    assert [cell.played for cell in grid[0][1]][:2] == [True, False]


def test_the_setup_says_what_is_missing() -> None:
    setup = SessionSetup("40", ("A", "B", "", "D", "E", "F"), ("Red", "Blue"), 7, "three-rank=x")
    problems = " ".join(setup.problems())
    assert "needs 6 player names" in problems and "dealer" in problems
    assert "three-rank" in problems
    rules = SessionSetup("40", PLAYERS, rules="three-rank = above-jack").tags()
    assert rules[-1].value == "three-rank=above-jack"
    assert archive_argument(["--data", "d", "--db", "x.sqlite"]) == "x.sqlite"
    assert archive_argument(["--data", "d"]) is None
