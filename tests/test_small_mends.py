"""The small mends of a hand's whole truth: plain words where the pages and the terminal said
``C None`` or ``1 tricks``, a correction list drawn as the grid draws cards, an export named after
its event, table and date, the event on Resume and in ``archive list``, an unreadable upload in
red, and the docs' seat-left-out and tag wording."""

from __future__ import annotations

from pathlib import Path

from dashboard.cli.terminal.tricks import render_analysis
from dashboard.library import load
from dashboard.recording.tricks import clicks
from dashboard.recording.tricks.setup import SessionSetup
from dashboard.recording.tricks.summary import correction_label, export_name, resume_label
from dashboard.recording.tricks.view import points_text
from dashboard.views.sessions import reading_verdict
from recorder.archive import Archive, HandStarted
from recorder.tgn import loads
from tests.test_cli import run
from tests.test_recording import PLAYERS, archive, at, do, expected_calls, expected_turns, start

__all__ = ["archive"]  # the fixture, used by name

ROOT = Path(__file__).resolve().parent.parent


def test_analyse_says_a_suit_without_a_card_to_put_down_in_words() -> None:
    record = loads((ROOT / "data/tgn-example-40.tgn").read_text(encoding="utf-8"))
    text = render_analysis(
        record, {"hands": [{"hand": 1, "trumps": {"S": 31, "C": None}, "cards": []}]}
    )
    assert "None" not in text
    assert "S 31, C - (no card of it to put down)" in text


def test_one_trick_is_one_trick_and_the_correction_list_draws_symbols(archive: Archive) -> None:
    session = start(archive)
    for seat, call in expected_calls():
        do(archive, session, clicks.call_click(at(archive, session), seat, call))
    do(archive, session, clicks.trump_click(at(archive, session), "9H"))
    for seat, actions, card in expected_turns()[:6]:
        do(archive, session, clicks.turn_click(at(archive, session), seat, actions, card))
    position = at(archive, session)
    assert "1 trick" in points_text(position) and "1 tricks" not in points_text(position)
    assert "0 tricks" in points_text(position)
    first = position.turns[0]
    assert correction_label(position, first) == "trick 1, Anil (1): J♠"


def test_the_export_is_named_after_event_table_and_date(archive: Archive) -> None:
    setup = SessionSetup("40", PLAYERS, ("Red", "Blue"), 6, event="Club night", date="2026-11-28")
    session = archive.create_session(setup.tags())
    record = archive.record(session)
    assert export_name(record, session) == "club-night-anil-biju-2026-11-28.tgn"
    bare = archive.create_session(SessionSetup("29", PLAYERS[:4], ("Red", "Blue"), 4).tags())
    assert export_name(archive.record(bare), bare) == f"session-{bare}-anil-biju.tgn"


def test_resume_and_archive_list_name_the_event(archive: Archive, tmp_path: Path) -> None:
    setup = SessionSetup("40", PLAYERS, ("Red", "Blue"), 6, event="Club night", date="2026-11-28")
    session = archive.create_session(setup.tags())
    archive.append(session, HandStarted.numbered(1, dealer=6))
    summary = archive.sessions()[-1]
    assert resume_label(summary, archive.record(session)) == (
        f"Session {session} · 40 · Club night · 2026-11-28 · {', '.join(PLAYERS)} · 1 hand"
    )
    assert start(archive)  # a session without an event
    _, out, _ = run("archive", "list", "--db", archive.location)
    first, second = out.splitlines()
    assert "\tClub night\t" in first and "\tno event\t" in second


def test_an_upload_with_no_hand_read_is_red() -> None:
    broken = b'[Game "40"]\n[Players "A, B, C, D, E, F"]\n\n[Hand "1"]\nbid 1:zz\n'
    session = load("bad.tgn", "bad.tgn", broken)
    assert session.problems and session.summary.hands == 0
    kind, sentence = reading_verdict(session)
    assert kind == "error" and "0 hands read and replayed" in sentence


def test_the_docs_say_where_a_seat_may_be_left_out_and_that_game_may_be_rummy() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "in\n  trick lines only the `seat:` of a turn left out" in readme
    tgn = (ROOT / "docs/TGN.md").read_text(encoding="utf-8")
    assert "`rummy` for a 13-card Rummy game" in tgn
    assert "| `Stage`, `Match` | no | the tournament stage and match label" in tgn
