"""Whether the call is made is probed on every deal, the exact points solved on the first few:
the probe agrees with the exact points, and solving fewer points changes nothing else."""

from __future__ import annotations

import random

import pytest

from replay.fair import Sampling, fair_value
from replay.fair.value import DealSolver, call_target
from replay.solver.analysis import makes_call
from replay.solver.board import Board
from replay.solver.deal import random_ending
from tests.fair_helpers import decisions, recorded_hands

GAMES = ("40", "28", "29")


@pytest.mark.parametrize("game", GAMES)
def test_the_probe_says_the_call_is_made_exactly_when_the_points_reach_it(game: str) -> None:
    rng = random.Random(f"probe {game}")
    compared = 0
    while compared < 30:
        position = random_ending(game, rng, rng.randint(4, 14))
        board = Board(position)
        if len(board.legal()) < 2:
            continue
        total = board.left + sum(position.points)
        trump_known = position.face_down is None
        solver = DealSolver(trump_known, call_target(position.call, total))
        values = solver.values(position)
        made = solver.made(position)
        assert set(made) == set(values)
        for key, value in values.items():
            assert made[key] == int(bool(makes_call(position.call, value, total))), key
        compared += 1


@pytest.mark.parametrize("game", GAMES)
def test_fewer_points_deals_draw_the_same_deals_and_the_same_chances(game: str) -> None:
    compared = 0
    for replayed, recorded in recorded_hands(game, seed=31, count=2):
        assert recorded.start is not None
        total = Board(recorded.start).left
        for decision in decisions(game, replayed, recorded):
            if decision.turn_index % 5 or len(Board(decision.truth).legal()) < 2:
                continue
            callers = (decision.sight.seat - 1) % 2 == (recorded.start.caller - 1) % 2
            found = {}
            for points in (12, 3):
                sampler = type(decision.sampler)(
                    recorded.start, recorded.turns, decision.sight, recorded.start.face_down
                )
                sampling = Sampling(samples=12, early_stop=False, points=points)
                rng = random.Random(f"{game}/{decision.turn_index}")
                found[points] = fair_value(
                    sampler, recorded.start.call, total, rng, sampling, callers
                )
            every, few = found[12], found[3]
            assert (every.samples, every.points_samples) == (12, 12)
            assert (few.samples, few.points_samples) == (12, 3)
            assert few.made == every.made
            assert few.values == {key: values[:3] for key, values in every.values.items()}
            compared += 1
    assert compared >= 3
