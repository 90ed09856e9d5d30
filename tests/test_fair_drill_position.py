"""A drill shows the position of the decision itself (``dashboard.views.tricks.fair``): the trick
in progress (nothing when the player leads, the trick before gathered), the points so far with
that trick counted, and the trump as the player knew it then; for every card of the bundled
sessions' hands, leads and follows alike, against the replay's own trick summaries."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from dashboard.views.cards import card_label
from dashboard.views.tricks.fair import _situation
from recorder import load
from replay.tricks import normalize, replay_hand

DATA = Path(__file__).resolve().parent.parent / "data"
SESSIONS = ["club-night-40.tgn", "rubber-29.tgn", "tournament-28.tgn"]


def expected(replayed: Any, trick: int, seat: int, players: int) -> tuple[str, str]:
    """The table and the points at ``seat``'s card in ``trick``, from the trick summaries."""
    summary = replayed.tricks[trick - 1]
    before = []
    for play in summary.plays:
        if play.seat == seat:
            break
        before.append(f"seat {play.seat}: {card_label(play.card)}")
    points = [0, 0]
    for done in replayed.tricks[: trick - 1]:
        points[(done.winner - 1) % 2] += done.points
    table = f"On the table: {', '.join(before) or 'nothing (you lead)'}"
    return table, f"Points so far: team 1 {points[0]}, team 2 {points[1]}"


@pytest.mark.parametrize("session", SESSIONS)
def test_every_decision_shows_its_own_trick_and_the_points_so_far(session: str) -> None:
    record = normalize(load(DATA / session))
    checked = leads = 0
    for index in range(len(record.hands)):
        replayed = replay_hand(record, index)
        steps = replayed.steps or []
        known = all(trick.winner and trick.points is not None for trick in replayed.tricks)
        if not known:
            continue
        for step in steps:
            event = step.event
            if event.kind != "card" or event.trick is None or event.seat is None:
                continue
            decision = cast(Any, SimpleNamespace(trick=event.trick, seat=event.seat))
            lines = _situation(steps, decision)
            table, points = expected(replayed, event.trick, event.seat, record.players)
            assert lines[1] == table, (session, index + 1, event.trick, event.seat)
            assert lines[3] == points, (session, index + 1, event.trick, event.seat)
            checked += 1
            leads += table.endswith("(you lead)")
    assert checked > 50 and leads > 10


def test_a_lead_after_the_trump_was_turned_up_says_when_not_the_face_down_card() -> None:
    """Club night, hand 1, trick 4: Jose leads after taking trick 3 for 8 points; the 7♠ was
    turned up in trick 1 and played in trick 3."""
    record = normalize(load(DATA / "club-night-40.tgn"))
    steps = replay_hand(record, 0).steps or []
    jose = record.players.index("Jose") + 1
    lines = _situation(steps, cast(Any, SimpleNamespace(trick=4, seat=jose)))
    assert lines[1] == "On the table: nothing (you lead)"
    assert lines[2] == "Trump: ♠ (turned up in trick 1)"
    assert lines[3] == "Points so far: team 1 15, team 2 8"
