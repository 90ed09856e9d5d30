"""The Coaching page's numbers agree: on every bundled session and player, the headline totals, the
chart, the "by kind" and "by trick" tables and the decisions table add up the same decisions; and
each decision links to the Replay step that shows it, in the referee's view."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from dashboard.library import load
from dashboard.views.stepping import parse_position
from dashboard.views.tricks.analysis import (
    cost_by,
    decision_link,
    decision_step,
    mistakes_figure,
    mistakes_table,
)
from replay.solver import analyse_replayed
from replay.solver.coaching import AnalysedHand, player_mistakes, player_summary
from replay.tricks import HandReplay, replay_hand

DATA = Path(__file__).resolve().parent.parent / "data"
BUNDLED = sorted(
    path.name
    for path in DATA.glob("*.tgn")
    if (loaded := load(path.name, path.name, path.read_bytes())).playable
    and loaded.family == "trick"  # the trick games the solver judges
)


@cache
def solved(name: str) -> tuple[tuple[AnalysedHand, HandReplay], ...]:
    """Every hand of a bundled session replayed and solved, as the Coaching page judges it."""
    session = load(name, name, (DATA / name).read_bytes())
    assert session.record is not None
    judged = []
    for index in range(len(session.record.hands)):
        hand = replay_hand(session.record, index)
        analysis = analyse_replayed(session.record, hand)
        caller = session.record.player(analysis.caller) if analysis.caller else None
        judged.append((AnalysedHand(name, analysis, caller, hand.result.trump), hand))
    return tuple(judged)


def players(name: str) -> list[str]:
    """The players of a bundled session."""
    return sorted({card.player for hand, _ in solved(name) for card in hand.analysis.cards})


@pytest.mark.parametrize("name", BUNDLED)
def test_the_headline_the_chart_and_the_tables_add_up_the_same_decisions(name: str) -> None:
    hands = [hand for hand, _ in solved(name)]
    tricks = max(card.trick for hand in hands for card in hand.analysis.cards)
    checked = 0
    for player in players(name):
        summary = player_summary(hands, player)
        table = mistakes_table(player_mistakes(hands, player))
        labels = list(table["Label"])
        assert summary.cost == int(table["Cost"].sum()), player
        counts = (summary.inaccuracies, summary.mistakes, summary.blunders)
        assert counts == tuple(
            labels.count(label) for label in ("inaccuracy", "mistake", "blunder")
        )
        assert summary.inaccuracies + summary.mistakes + summary.blunders == len(table)
        if table.empty:
            continue
        checked += 1
        for column in ("Kind", "Trick"):
            grouped = cost_by(table, column)
            assert int(grouped["Points"].sum()) == summary.cost, (player, column)
            assert int(grouped["Decisions"].sum()) == len(table), (player, column)
        charted = sum(sum(trace.y) for trace in mistakes_figure(table, tricks).data)
        assert charted == summary.cost, player
        cards = sum(card.player == player for hand in hands for card in hand.analysis.cards)
        called = sum(hand.caller == player and bool(hand.analysis.trumps) for hand in hands)
        assert cards <= summary.decisions <= cards + called
    assert checked, f"no player of {name} gave a point away"


@pytest.mark.parametrize("name", BUNDLED)
def test_every_costly_decision_links_to_the_step_that_shows_it(name: str) -> None:
    replays = {hand.analysis.number: replayed for hand, replayed in solved(name)}
    hands = [hand for hand, _ in solved(name)]
    for player in players(name):
        for mistake in player_mistakes(hands, player):
            steps = replays[mistake.hand].steps or []
            link = decision_link(mistake, name, steps)
            assert link.startswith("replay?")
            params = dict(part.split("=", 1) for part in link.removeprefix("replay?").split("&"))
            position = parse_position(params)
            assert (position.session, position.hand, position.seat) == (
                name,
                mistake.hand,
                None,
            )
            event = steps[position.step].event
            assert position.step == decision_step(mistake, steps)
            assert event.seat == mistake.seat
            if mistake.kind == "calling":
                assert event.kind == "trump"
            else:
                assert (event.kind, event.trick) == ("card", mistake.trick)
