"""A seat learns nothing early: over every step of every bundled session, as every seat, the
Replay page's hand list, its counts and its marks tell the seat of no finding that its own
findings at that step (``views/tricks/sight.py``) do not include."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.library import LoadedSession, load
from dashboard.screens.stepper import HAND
from dashboard.views.finding_links import hand_marks
from dashboard.views.rummy.deal import deal_findings, deal_steps
from dashboard.views.tricks.sight import card_flags, known_findings, shown_findings, step_alerts
from replay.tricks import HandReplay, replay_hand
from tests.test_dashboard_app import app, no_exception, replay_at

__all__ = ["app"]  # the fixture, used by name

DATA = Path(__file__).resolve().parent.parent / "data"
FILES = sorted(DATA.rglob("*.tgn"))


@cache
def session(path: Path) -> LoadedSession:
    loaded = load(path.name, path.name, path.read_bytes())
    assert loaded.playable
    return loaded


def stepper(loaded: LoadedSession) -> dict[int, HandReplay]:
    assert loaded.record is not None
    return {index: replay_hand(loaded.record, index) for index in range(len(loaded.record.hands))}


def count_of(mark: str | None) -> int:
    """The number a hand list's mark (``⚠ 2 findings``) gives, 0 for no mark."""
    return 0 if mark is None else int(mark.split()[1])


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_a_seat_is_told_of_no_finding_its_findings_do_not_include(path: Path) -> None:
    loaded = session(path)
    record = loaded.record
    assert record is not None
    if loaded.family == "rummy":
        game = loaded.rummy
        assert game is not None
        for index in range(len(record.hands)):
            last = len(deal_steps(game, index)) - 1
            referee = deal_findings(record, game, index, None)
            for seat in range(1, len(record.players) + 1):
                seen = deal_findings(record, game, index, seat)
                assert {id(s.finding) for s in seen} <= {id(s.finding) for s in referee}
                assert all(0 <= s.step <= last for s in seen)
        return
    hands = stepper(loaded)
    # what each seat knows of each hand by its end, from the findings' own rule
    at_end = {
        (index, seat): len(shown_findings(hand, seat))
        for index, hand in hands.items()
        for seat in range(1, len(record.players) + 1)
    }
    for index, hand in hands.items():
        for seat in range(1, len(record.players) + 1):
            for step in range(len(hand.steps or [])):
                known = known_findings(hand, step, seat)
                marks = hand_marks(loaded.replay, hands.__getitem__, (seat, index + 1, step))
                assert count_of(marks.get(index + 1)) == len(known), (index + 1, seat, step)
                for other, mark in marks.items():
                    assert other <= index + 1, (other, index + 1, step)  # none ahead
                    if other < index + 1:
                        assert count_of(mark) == at_end[(other - 1, seat)]
                alerts = step_alerts(hand, step, seat)
                assert all(alert in known for alert in alerts)
                proved = {card for alert in alerts for card in (*alert.proof, alert.played)}
                assert set(card_flags(alerts)) <= proved


def test_the_hand_list_tells_a_seat_of_a_revoke_only_once_it_can_know_it() -> None:
    """Hand 6 of the club night: Rajan (seat 1) cannot know of the revoke before step 39."""
    loaded = session(DATA / "club-night-40.tgn")
    hands = stepper(loaded)
    assert hand_marks(loaded.replay)[6] == "⚠ 1 finding"  # the referee: from the start
    assert 6 not in hand_marks(loaded.replay, hands.__getitem__, (1, 6, 0))
    assert 6 not in hand_marks(loaded.replay, hands.__getitem__, (1, 6, 38))
    assert hand_marks(loaded.replay, hands.__getitem__, (1, 6, 39))[6] == "⚠ 1 finding"
    assert 6 not in hand_marks(loaded.replay, hands.__getitem__, (1, 5, 0))  # not reached yet
    assert hand_marks(loaded.replay, hands.__getitem__, (1, 7, 0))[6] == "⚠ 1 finding"


def test_the_replay_pages_hand_list_follows_the_seat_and_the_step(app: AppTest) -> None:
    """The fixture's club night: hand 2's two findings are Faiz's, proved in the play."""
    replay_at(app, session="club-night-40.tgn", hand="2", step="0")
    no_exception(app)
    assert "2 · ⚠ 2 findings" in app.selectbox(key=HAND).options  # the referee: from the start
    replay_at(app, session="club-night-40.tgn", hand="2", step="0", seat="1")
    no_exception(app)
    assert app.selectbox(key=HAND).options == ["1", "2"]
