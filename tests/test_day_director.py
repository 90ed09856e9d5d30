"""The director's smaller actions of the day (TOURNAMENT.md §9, §10): a cardinal-rule penalty
awards the hand, the Director page picks a hand by its number exactly, and it imports a match's
hands into the hand its table started with nothing recorded yet."""

from __future__ import annotations

from pathlib import Path

import pytest

from dashboard.day import actions
from dashboard.day.source import open_day
from dashboard.state import DATA_ENVIRONMENT
from recorder import dumps, loads
from recorder.archive import ARCHIVE_ENV, Archive, Author, open_archive
from replay.tricks import normalize, replay_session
from replay.tricks.scoring import SessionScore, score_session
from tests.day_setup import TOURNAMENT, played_match, set_up
from tests.test_dashboard_app import fresh_app, open_page
from tests.test_day_pages import messages

DIRECTOR = Author("director", "trick 5 not followed; the callers had sealed their call")


def scored(archive: Archive, session: int) -> SessionScore:
    """The session's running score as the engine gives it, from the archive as it stands."""
    record = normalize(archive.record(session))
    return score_session(record, [hand.result for hand in replay_session(record).hands])


@pytest.fixture
def archive(tmp_path: Path) -> Archive:
    opened = open_archive(tmp_path / "day.sqlite")
    set_up(opened)
    return opened


def test_a_cardinal_rule_penalty_awards_the_hand_to_the_callers_and_three_points(
    archive: Archive,
) -> None:
    session = played_match(archive, 2, "group-a-round-1-vallams-chendas.tgn")
    lost = next(line for line in scored(archive, session).lines if line.outcome == "lost")
    number = lost.result.hand
    callers = lost.teams[lost.result.calling_team or 0]
    others = next(team for team in lost.teams if team != callers)
    assert lost.moved_by_team[others] > 0  # the play gave the hand to the other team

    actions.penalty(open_day(archive), session, number, callers, 3, DIRECTOR, revoke=True)
    line = scored(archive, session).lines[number - 1]
    assert line.outcome == "made"
    won = line.moved_by_team[callers]
    assert won > 3 and line.moved_by_team == {callers: won, others: 0}
    assert line.awarded == f"revoke by {others}: {others} lose the hand"


def test_a_penalty_for_anything_else_adds_its_points_only(archive: Archive) -> None:
    session = played_match(archive, 2, "group-a-round-1-vallams-chendas.tgn")
    lost = next(line for line in scored(archive, session).lines if line.outcome == "lost")
    callers = lost.teams[lost.result.calling_team or 0]
    signalling = Author("director", "signalling across the table (rule E.3)")
    actions.penalty(open_day(archive), session, lost.result.hand, callers, 3, signalling)
    line = scored(archive, session).lines[lost.result.hand - 1]
    assert line.outcome == "lost" and line.awarded is None
    assert line.moved_by_team[callers] == 3


def test_the_director_picks_a_hand_by_its_number_exactly(
    archive: Archive, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = played_match(archive, 2, "group-a-round-1-vallams-chendas.tgn")
    assert len(archive.record(session).hands) >= 12
    location = str(tmp_path / "day.sqlite")
    monkeypatch.setenv(DATA_ENVIRONMENT, location)
    monkeypatch.setenv(ARCHIVE_ENV, location)
    app = open_page(fresh_app(), "director", session=str(session))
    app = app.number_input(key=f"dir-hand-{session}").set_value(12).run()
    text = str(app.text_area[0].value)
    assert '[Hand "1"]' in text  # a correction's hands are numbered from 1, as a file's
    twelfth = actions.correction_text(archive.record(session), 11)
    assert text == twelfth


def test_the_director_imports_into_the_hand_a_table_started_with_nothing_recorded(
    archive: Archive, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The match started at table 2 (hand 1 started, being played, nothing in it): the Hand box
    holds that hand, and the match's hands from the paper sheet put in it are stored, ended."""
    sheet = loads((TOURNAMENT / "group-a-round-1-vallams-chendas.tgn").read_text("utf-8"))
    day = open_day(archive)
    table = Author("table 2", role="table", table=2)
    session = actions.start_match(day, actions.table_match(day, 2), table, tuple(sheet.players))
    assert (len(archive.record(session).hands), len(archive.ended_record(session).hands)) == (1, 0)
    location = str(tmp_path / "day.sqlite")
    monkeypatch.setenv(DATA_ENVIRONMENT, location)
    monkeypatch.setenv(ARCHIVE_ENV, location)
    app = open_page(fresh_app(), "director", session=str(session))
    box = app.number_input(key=f"dir-hand-{session}")
    assert (box.value, box.max) == (1, 1)
    key = str(next(a.key for a in app.text_area if str(a.key).startswith(f"dir-text-{session}-1-")))
    assert '[Hand "1"]' in str(app.text_area(key=key).value)
    app.text_area(key=key).input(
        dumps(archive.record(session).model_copy(update=dict(hands=sheet.hands)))
    )
    app.text_input(key="dir-correct-why").input("the table recorded on paper")
    app = app.button(key="dir-correct").click().run()
    assert f"session {session}: hand 1 corrected" in messages(app)
    assert len(archive.ended_record(session).hands) == len(sheet.hands) == 12
