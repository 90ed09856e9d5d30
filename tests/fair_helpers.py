"""Recorded random hands of 40, 28 and 29 read for the fair analysis, decision by decision."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from replay.fair import Sampler, Sight, decision_states, replay_turns, sight_of
from replay.solver.position import Position
from replay.solver.recorded import RecordedHand, read_hand
from replay.tricks.engine import HandReplay, replay_session
from replay.tricks.simulate import random_hand


@dataclass(frozen=True)
class Decision:
    """One recorded turn: the hand, the truth at it, what its seat saw, and a sampler."""

    game: str
    replayed: HandReplay
    recorded: RecordedHand
    turn_index: int
    truth: Position
    sight: Sight
    sampler: Sampler


def recorded_hands(game: str, seed: int, count: int) -> Iterator[tuple[HandReplay, RecordedHand]]:
    """Random legal one-hand sessions whose play can be solved."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        record = random_hand(game, rng)
        replayed = replay_session(record, steps=True)
        hand = replayed.hands[0]
        recorded = read_hand(record, hand, replayed.rules)
        if recorded.start is None or not recorded.turns:
            continue
        found += 1
        yield hand, recorded


def decisions(game: str, replayed: HandReplay, recorded: RecordedHand) -> Iterator[Decision]:
    """Every card turn of the hand as its seat saw it."""
    assert recorded.start is not None
    steps = replayed.steps or []
    first = next(i for i, step in enumerate(steps) if step.event.kind in ("action", "card"))
    states = decision_states(steps, first)
    turns = [index for index, turn in enumerate(recorded.turns) if not turn.ends]
    for index, state in zip(turns, states, strict=False):
        truth = replay_turns(recorded.start, recorded.turns[:index])
        if truth is None or truth.ended:
            return
        sight = sight_of(state, recorded.turns[index].seat, index, recorded, game)
        sampler = Sampler(recorded.start, recorded.turns, sight, recorded.start.face_down)
        yield Decision(game, replayed, recorded, index, truth, sight, sampler)
