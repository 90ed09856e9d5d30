"""The fair figures of 20 seeded hands stay what they were: a guard for work on the solver's speed.

``fair_cases/seeded_outcomes.json`` was produced by the code before the work on the fair analysis'
speed (issue 41), from the main line of the time: the 20 hands ``benchmarks.bench_fair`` judges
for its agreement figure (7 of 40, 7 of 28, 6 of 29, played out, drawn with seed 41), every
decision from the third trick on, 8 deals a decision with the exact points on the first 2, seed 1.
For each decision it keeps, choice by choice, whether the call was made deal by deal and the exact
points on the points' deals (or why the decision was not sampled). The deals drawn at a seed do
not depend on the solver, and the solver is exact, so a faster solver or shared work must give
these figures again, deal for deal; a change in them is a change in the verdicts.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.bench_fair import played_out_hands
from recorder.model import Record
from replay.fair import FairValue, Sampling, decision_outcome
from replay.solver.recorded import read_hand
from replay.tricks.engine import replay_session

CASES = Path(__file__).parent / "fair_cases" / "seeded_outcomes.json"
HANDS = (("40", 7), ("28", 7), ("29", 6))
SAMPLING = Sampling(samples=8, points=2, calling=0)
FROM_TRICK = 3


def outcomes(record: Record) -> list[list[object]]:
    """Each decision from ``FROM_TRICK`` on: its turn and, per choice, the call made deal by deal
    (``1``/``0``) and the exact points of the points' deals; or why it was not sampled."""
    replayed = replay_session(record, steps=True)
    hand = replayed.hands[0]
    recorded = read_hand(record, hand, replayed.rules)
    found: list[list[object]] = []
    for index, turn in enumerate(recorded.turns):
        if turn.ends or turn.trick < FROM_TRICK:
            continue
        outcome = decision_outcome(record.game, hand, recorded, index, SAMPLING, 1)
        if isinstance(outcome, FairValue):
            found.append(
                [
                    index,
                    {
                        key: ["".join("1" if made else "0" for made in outcome.made[key]), values]
                        for key, values in outcome.values.items()
                    },
                ]
            )
        else:
            found.append([index, outcome])
    return found


def seeded_cases() -> list[tuple[str, int, Record]]:
    """The 20 hands, each with its place among the stored cases."""
    cases: list[tuple[str, int, Record]] = []
    for game, count in HANDS:
        for record in played_out_hands(game, count, seed=41):
            cases.append((game, len(cases), record))
    return cases


STORED = json.loads(CASES.read_text(encoding="utf-8"))


def test_the_stored_cases_are_the_twenty_hands() -> None:
    assert [case["game"] for case in STORED] == [game for game, _, _ in seeded_cases()]
    assert sum(len(case["decisions"]) for case in STORED) > 100


@pytest.mark.parametrize(("game", "place", "record"), seeded_cases())
def test_a_seeded_hand_gives_the_stored_figures(game: str, place: int, record: Record) -> None:
    assert STORED[place]["game"] == game
    assert outcomes(record) == STORED[place]["decisions"]
