"""What the Record page tells the scorer, as data: the calls so far, the winning call and the
face-down card, a finished trick's winner and points, played cards, the Resume list and the date."""

from __future__ import annotations

from dashboard.recording.tricks import clicks
from dashboard.recording.tricks.setup import SessionSetup
from dashboard.recording.tricks.summary import (
    calls_so_far,
    finished_text,
    finished_trick,
    resume_label,
    winning_call,
)
from recorder.archive import Archive
from recorder.tgn import loads
from tests.test_recording import PLAYERS, archive, at, do, expected_calls, expected_turns, start

__all__ = ["archive"]  # the fixture, used by name


def test_the_calls_so_far_then_the_winning_call_and_the_face_down_card(archive: Archive) -> None:
    session = start(archive)
    assert calls_so_far(at(archive, session)) == "" and winning_call(at(archive, session)) == ""
    calls = expected_calls()  # 1:20 2:22 3:24 4:pass 6:pass 5:pass
    for seat, call in calls[:3]:
        do(archive, session, clicks.call_click(at(archive, session), seat, call))
    assert calls_so_far(at(archive, session)) == "Anil (1) 20 · Biju (2) 22 · Chitra (3) 24"
    assert winning_call(at(archive, session)) == ""  # still calling
    for seat, call in calls[3:]:
        do(archive, session, clicks.call_click(at(archive, session), seat, call))
    assert winning_call(at(archive, session)) == "Chitra (3) called 24"
    do(archive, session, clicks.trump_click(at(archive, session), "9H"))
    assert winning_call(at(archive, session)) == "Chitra (3) called 24; face-down card 9♥"
    assert calls_so_far(at(archive, session)).endswith("Faiz (6) Pass · Eli (5) Pass")


def test_a_finished_trick_shows_its_winner_and_points_until_the_next_card(
    archive: Archive,
) -> None:
    session = start(archive)
    for seat, call in expected_calls():
        do(archive, session, clicks.call_click(at(archive, session), seat, call))
    do(archive, session, clicks.trump_click(at(archive, session), "9H"))
    turns = expected_turns()
    for seat, actions, card in turns[:5]:
        do(archive, session, clicks.turn_click(at(archive, session), seat, actions, card))
        assert finished_trick(at(archive, session)) is None  # trick 1 is being played
    seat, actions, card = turns[5]
    do(archive, session, clicks.turn_click(at(archive, session), seat, actions, card))
    position = at(archive, session)
    finished = finished_trick(position)
    assert finished is not None and (finished.number, finished.winner) == (1, 1)
    assert (
        finished_text(position, finished) == f"Trick 1 won by Anil (1), {finished.points} points."
    )
    assert finished.points == position.replay.tricks[0].points  # type: ignore[union-attr]
    seat, actions, card = turns[6]
    do(archive, session, clicks.turn_click(at(archive, session), seat, actions, card))
    assert finished_trick(at(archive, session)) is None  # trick 2 has begun
    for seat, actions, card in turns[7:]:
        do(archive, session, clicks.turn_click(at(archive, session), seat, actions, card))
    last = at(archive, session)
    assert last.phase == "over"
    ended = finished_trick(last)
    assert ended is not None and ended.number == len(turns) // 6


def test_the_resume_list_names_players_date_and_hands(archive: Archive) -> None:
    session = start(archive)
    summary = archive.sessions()[0]
    label = resume_label(summary, archive.record(session))
    assert label == f"Session {session} · 40 · 2026-11-28 · {', '.join(PLAYERS)} · 1 hand"
    undated = SessionSetup("29", PLAYERS[:4], ("Red", "Blue"), 4)
    other = archive.create_session(undated.tags())
    created = archive.sessions()[-1]
    assert resume_label(created, archive.record(other)) == (
        f"Session {other} · 29 · {created.created_at[:10]} · {', '.join(PLAYERS[:4])} · 0 hands"
    )


def test_the_setup_writes_the_date_tag_and_refuses_a_date_that_is_not_a_day() -> None:
    setup = SessionSetup("40", PLAYERS, ("Red", "Blue"), 6, event="Club", date="2026-11-28")
    assert setup.problems() == []
    text = "\n".join(f'[{tag.name} "{tag.value}"]' for tag in setup.tags()) + "\n"
    assert loads(text, "setup.tgn").tag("Date").value == "2026-11-28"  # type: ignore[union-attr]
    assert [tag.name for tag in setup.tags()] == ["Game", "Players", "Teams", "Event", "Date"]
    assert SessionSetup("40", PLAYERS, date="28/11/2026").problems() == [
        "the date '28/11/2026' should be YYYY-MM-DD"
    ]
    assert SessionSetup("40", PLAYERS, date="2026-02-30").problems() == [
        "the date '2026-02-30' should be YYYY-MM-DD"
    ]
    assert "Date" not in [tag.name for tag in SessionSetup("40", PLAYERS).tags()]
