"""A seat learns nothing early: over every step of every bundled session, as every seat, the
Replay page's hand list, its marks and counts and its findings tell the seat of no finding that
its own findings at that step (``views/tricks/sight.py``) do not include; and the hand list's
labels do not change under the stepping keys."""

from __future__ import annotations

import shutil
from functools import cache
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.library import LoadedSession, load
from dashboard.screens.stepper import HAND
from dashboard.state import DATA_ENVIRONMENT
from dashboard.views.finding_links import hand_marks, list_marks, marks_line, seat_marks
from dashboard.views.rummy.deal import deal_findings, deal_steps
from dashboard.views.tricks.sight import (
    card_flags,
    evidence,
    known_findings,
    shown_findings,
    sight,
    step_alerts,
)
from recorder.archive import ARCHIVE_ENV
from replay.tricks import HandReplay, replay_hand
from tests.test_dashboard_app import fresh_app, no_exception, replay_at

DATA = Path(__file__).resolve().parent.parent / "data"
FILES = sorted(DATA.rglob("*.tgn"))
CLUB = "club-night-40.tgn"


@cache
def session(path: Path) -> LoadedSession:
    """A bundled session, loaded as the dashboard loads it."""
    loaded = load(path.name, path.name, path.read_bytes())
    assert loaded.playable
    return loaded


def stepper(loaded: LoadedSession) -> dict[int, HandReplay]:
    """Every hand of a trick game's session, replayed with its steps, by index from 0."""
    assert loaded.record is not None
    return {index: replay_hand(loaded.record, index) for index in range(len(loaded.record.hands))}


def count_of(mark: str | None) -> int:
    """The number a mark (``⚠ 2 findings``) gives, 0 for no mark."""
    return 0 if mark is None else int(mark.split()[1])


def check_rummy(loaded: LoadedSession) -> None:
    """A Rummy deal's findings seen by a seat are the referee's, each at a step of the deal."""
    record, game = loaded.record, loaded.rummy
    assert record is not None and game is not None
    for index in range(len(record.hands)):
        last = len(deal_steps(game, index)) - 1
        referee = {id(s.finding) for s in deal_findings(record, game, index, None)}
        for seat in range(1, len(record.players) + 1):
            seen = deal_findings(record, game, index, seat)
            assert {id(s.finding) for s in seen} <= referee
            assert all(0 <= s.step <= last for s in seen)


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_a_seat_is_told_of_no_finding_its_findings_do_not_include(path: Path) -> None:
    loaded = session(path)
    record = loaded.record
    assert record is not None
    if loaded.family == "rummy":
        check_rummy(loaded)
        return
    hands = stepper(loaded)
    players = range(1, len(record.players) + 1)
    at_end = {  # what each seat knows of each hand by its end, by the findings' own rule
        (index, seat): len(known_findings(hand, len(hand.steps or []) - 1, seat))
        for index, hand in hands.items()
        for seat in players
    }
    for seat in players:
        assert list_marks(loaded.replay, seat) == {}  # the Hand box: no mark, at any step
        for index, hand in hands.items():
            for step in range(len(hand.steps or [])):
                known = known_findings(hand, step, seat)
                view = sight(hand, step, seat)
                assert view.known is not None
                for shown in known:  # each finding known is proved by cards the seat knows
                    assert shown.step <= step
                    assert evidence(hand, shown.finding) <= view.known, (index, seat, step)
                marks = seat_marks(loaded.replay, hands.__getitem__, seat, (index + 1, step))
                assert count_of(marks.get(index + 1)) == len(known), (index + 1, seat, step)
                for other, said in marks.items():
                    assert other <= index + 1, (other, index + 1, step)  # none ahead
                    if other < index + 1:
                        assert count_of(said) == at_end[(other - 1, seat)]
                alerts = step_alerts(hand, step, seat)
                assert all(alert in known for alert in alerts)
                proved = {card for alert in alerts for card in (*alert.proof, alert.played)}
                assert set(card_flags(alerts)) <= proved


def test_the_marks_tell_a_seat_of_a_revoke_only_once_it_can_know_it() -> None:
    """Hand 6 of the club night: Rajan (seat 1) cannot know of the revoke before step 39."""
    loaded = session(DATA / CLUB)
    hands = stepper(loaded)
    (revoke,) = shown_findings(hands[5], 1)
    assert revoke.step == 39
    assert hand_marks(loaded.replay)[6] == "⚠ 1 finding"  # the referee: from the start
    assert list_marks(loaded.replay, None) == hand_marks(loaded.replay)
    marks = {step: seat_marks(loaded.replay, hands.__getitem__, 1, (6, step)) for step in (0, 38)}
    assert all(6 not in said for said in marks.values())
    assert seat_marks(loaded.replay, hands.__getitem__, 1, (6, 39))[6] == "⚠ 1 finding"
    assert 6 not in seat_marks(loaded.replay, hands.__getitem__, 1, (5, 0))  # not reached yet
    assert seat_marks(loaded.replay, hands.__getitem__, 1, (7, 0))[6] == "⚠ 1 finding"
    assert marks_line({}) == "Findings this seat knows of so far: none."


@pytest.fixture
def club_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    """The app on a folder holding the bundled club night alone."""
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(DATA / CLUB, data / CLUB)
    monkeypatch.setenv(DATA_ENVIRONMENT, str(data))
    monkeypatch.setenv(ARCHIVE_ENV, str(tmp_path / "archive.sqlite"))
    return fresh_app()


def captions(app: AppTest) -> list[str]:
    """The text of the page's captions."""
    return [caption.value for caption in app.caption]


def test_the_replay_page_tells_a_seat_of_hand_6s_revoke_only_at_its_step(club_app: AppTest) -> None:
    """``/replay?session=club-night-40.tgn&hand=6&step=0&seat=1`` said ``6 · ⚠ 1 finding`` in the
    Hand box from step 0; the box now carries no marks for a seat, at any step, and the line by
    the step names the revoke only from step 39."""
    replay_at(club_app, session=CLUB, hand="6", step="0")
    no_exception(club_app)
    assert "6 · ⚠ 1 finding" in club_app.selectbox(key=HAND).options  # the referee's list
    labels = None
    for step in ("0", "38", "39", "45"):
        replay_at(club_app, session=CLUB, hand="6", step=step, seat="1")
        no_exception(club_app)
        options = club_app.selectbox(key=HAND).options
        assert all(label.isdigit() for label in options), options
        assert labels in (None, options)  # the same labels at every step
        labels = options
        said = next(c for c in captions(club_app) if c.startswith("Findings this seat knows"))
        assert ("hand 6 · ⚠ 1 finding" in said) == (int(step) >= 39), (step, said)
        heading = f"Findings of hand 6 ({1 if int(step) >= 39 else 0})"
        assert heading in [header.value for header in club_app.subheader]
