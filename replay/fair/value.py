"""The fair value of each move at a decision: the solver on sampled deals, averaged.

For every consistent deal of the unseen cards (``replay.fair.sampling``) the perfect-information
solver gives the value of every legal move (the callers' final card points with best play from
there); averaged over the deals, each move has an expected value and a chance that the callers
make their call, each with its standard error. Sampling stops early once the best move is clear.

A player who asks for the trump sees it before choosing the card, so while the trump is hidden
from him his asks are one choice, ``ask``, worth his best ask in each deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import sqrt
from random import Random
from statistics import fmean, stdev

from recorder.cards import Call
from replay.fair.sampling import Sampler
from replay.solver.analysis import makes_call
from replay.solver.board import Board
from replay.solver.ordering import equal_cards
from replay.solver.position import Move, Position
from replay.solver.search import Solver

CLOSE = 0.05
"""Two choices whose chances of the call surely differ by less than this are as good."""
CLOSE_POINTS = 1.0
"""... and whose mean points surely differ by less than one card point."""
ASK = "ask"
"""The key of the choice to ask while the trump is hidden from the asker."""


@dataclass(frozen=True)
class Sampling:
    """How many deals to solve at a decision, and when to stop early."""

    samples: int = 32
    """The most deals solved."""
    least: int = 8
    """Deals solved before stopping early is considered."""
    clear: float = 3.0
    """The best move is clear once it beats every other by this many standard errors."""
    early_stop: bool = True
    calling: int = 8
    """Deals solved for the trump choice (each solves the whole hand once per card)."""


@dataclass(frozen=True)
class MoveFigures:
    """One choice over the deals: mean final points of the callers, chance they make the call."""

    key: str
    points: float
    chance: float


@dataclass(frozen=True)
class FairValue:
    """Every choice of a decision over the deals solved; values are the callers' final points.

    ``values[key]`` lists, deal by deal, the callers' final card points after that choice;
    ``made[key]`` whether the callers made their call.
    """

    keys: tuple[str, ...]
    values: dict[str, list[int]]
    made: dict[str, list[bool]]
    callers_move: bool
    """Whether the seat deciding is of the calling team (it wants the points; the other team
    wants them low)."""
    tries: int
    """Deals drawn, consistent or not (rejection's cost)."""
    trump_known: bool
    """Whether the decider knew the trump (else its asks are one choice, ``ask``)."""

    @property
    def samples(self) -> int:
        return len(self.values[self.keys[0]]) if self.keys else 0

    def own_chance(self, key: str) -> list[float]:
        """Per deal, 1.0 when the decider's team gets the call's outcome it plays for."""
        return [float(made == self.callers_move) for made in self.made[key]]

    def own_points(self, key: str) -> list[int]:
        """Per deal, the callers' points as the decider wants them (negated for the others)."""
        sign = 1 if self.callers_move else -1
        return [sign * value for value in self.values[key]]

    def figures(self, key: str) -> MoveFigures:
        return MoveFigures(key, fmean(self.values[key]), fmean(map(float, self.made[key])))

    def utility(self, key: str) -> float:
        """The mean of what the decider plays for: the call first, then the points."""
        return fmean(self.own_chance(key)) + fmean(self.own_points(key)) / 1000.0

    def best(self) -> str:
        """The choice with the best chance for the decider's team, then the best points."""
        return max(self.keys, key=self.utility)

    def loss(self, key: str) -> tuple[float, float, float, float]:
        """What ``key`` lost against the best choice: chance, its standard error, points, theirs."""
        best = self.best()
        chance = _paired(self.own_chance(best), self.own_chance(key))
        points = _paired(
            [float(v) for v in self.own_points(best)], [float(v) for v in self.own_points(key)]
        )
        return (*chance, *points)

    def is_clear(self, clear: float) -> bool:
        """Whether the best choice is settled: against every other choice it either wins by
        ``clear`` standard errors, or the other cannot be better by as much as ``CLOSE`` of the
        call's chance and ``CLOSE_POINTS`` points (``clear`` standard errors included)."""
        best = self.best()
        for key in self.keys:
            if key == best:
                continue
            gain = [a - b for a, b in zip(self._utilities(best), self._utilities(key), strict=True)]
            if not any(gain):
                continue
            mean = fmean(gain)
            error = stdev(gain) / sqrt(len(gain))
            if error > 0 and mean >= clear * error:
                continue
            chance, chance_error, points, points_error = self.loss(key)
            if (
                abs(chance) + clear * chance_error < CLOSE
                and abs(points) + clear * points_error < CLOSE_POINTS
            ):
                continue
            return False
        return True

    def _utilities(self, key: str) -> list[float]:
        return [
            chance + points / 1000.0
            for chance, points in zip(self.own_chance(key), self.own_points(key), strict=True)
        ]


def _paired(best: Sequence[float], other: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error of ``best - other`` over the same deals."""
    gaps = [a - b for a, b in zip(best, other, strict=True)]
    if len(gaps) < 2:
        return fmean(gaps), 0.0
    return fmean(gaps), stdev(gaps) / sqrt(len(gaps))


def move_key(move: Move, trump_known: bool) -> str:
    """The choice a move makes, as the decider sees it (``ask`` while the trump is hidden)."""
    if move.action == "ask" and not trump_known:
        return ASK
    return move.token


class DealSolver:
    """Solves the deals of one decision: deals with the same trump share the solver's tables
    (their keys hold every hand, so a shared entry is exact), and each move's value in the last
    deal is the first guess for it in the next (deals of one decision are alike)."""

    def __init__(self, trump_known: bool) -> None:
        self.trump_known = trump_known
        self.firsts: dict[object, Solver] = {}
        self.guesses: dict[int, int] = {}

    def values(self, position: Position) -> dict[str, int]:
        """In one deal, the callers' final points after each choice of the player to move."""
        first = self.firsts.get(position.trump)
        solver = Solver(position) if first is None else first.sharing(position)
        self.firsts.setdefault(position.trump, solver)
        board = solver.board
        guesses = self.guesses
        maximising = board.to_move % 2 == board.callers
        values: dict[str, int] = {}
        previous = -1
        previous_value = 0
        for encoded in board.legal():
            move = board.move_of(encoded)
            if previous >= 0 and equal_cards(
                previous, encoded, board.gone, board.layout.suit_of, board.layout.points
            ):
                after = previous_value
            else:
                board.play(encoded)
                after = solver.value(guesses.get(encoded))
                board.undo()
            guesses[encoded] = after
            previous, previous_value = encoded, after
            key = move_key(move, self.trump_known)
            if key not in values:
                values[key] = after
            else:
                values[key] = max(values[key], after) if maximising else min(values[key], after)
        return values


def choices(position: Position, trump_known: bool) -> tuple[str, ...]:
    """The distinct choices of the player to move (what the player can tell apart)."""
    board = Board(position)
    keys: list[str] = []
    for encoded in board.legal():
        key = move_key(board.move_of(encoded), trump_known)
        if key not in keys:
            keys.append(key)
    return tuple(keys)


def fair_value(
    sampler: Sampler,
    call: Call,
    total: int,
    rng: Random,
    sampling: Sampling,
    callers_move: bool,
) -> FairValue:
    """Solve deals drawn by ``sampler`` until ``sampling.samples`` or until the best is clear."""
    trump_known = sampler.sight.trump is not None
    values: dict[str, list[int]] = {}
    keys: tuple[str, ...] = ()
    solver = DealSolver(trump_known)
    for count in range(1, sampling.samples + 1):
        position = sampler.position(rng)
        found = solver.values(position)
        if not keys:
            keys = tuple(found)
            values = {key: [] for key in keys}
        for key in keys:
            values[key].append(found[key])
        if (
            sampling.early_stop
            and count >= sampling.least
            and count % 4 == 0
            and count < sampling.samples
        ):
            partial = _value(keys, values, call, total, callers_move, sampler.tries, trump_known)
            if partial.is_clear(sampling.clear):
                break
    return _value(keys, values, call, total, callers_move, sampler.tries, trump_known)


def _value(
    keys: tuple[str, ...],
    values: dict[str, list[int]],
    call: Call,
    total: int,
    callers_move: bool,
    tries: int,
    trump_known: bool,
) -> FairValue:
    made = {key: [bool(makes_call(call, value, total)) for value in values[key]] for key in keys}
    return FairValue(
        keys, {key: list(v) for key, v in values.items()}, made, callers_move, tries, trump_known
    )
