"""The fair value of each move at a decision: the solver on sampled deals, averaged.

For every consistent deal of the unseen cards (``replay.fair.sampling``) the perfect-information
solver says whether the callers make their call after every legal move (one null-window probe at
the call: the figure the table plays for, and cheap), and on the first ``Sampling.points`` deals
also the exact value of every move (the callers' final card points with best play from there: a
handful of probes each, most of the work). Averaged over the deals, each move has a chance that
the callers make their call and an expected value, each with its standard error. Sampling stops
early once the best move is clear.

A player who asks for the trump sees it before choosing the card, so while the trump is hidden
from him his asks are one choice, ``ask``, worth his best ask in each deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import sqrt
from random import Random
from statistics import fmean, stdev

from recorder.cards import Call, CallKind
from replay.fair.sampling import Sampler
from replay.solver.analysis import makes_call
from replay.solver.board import Board
from replay.solver.ordering import equal_cards
from replay.solver.position import Move, Position
from replay.solver.search import Solver, collector_paused

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
    points: int = 4
    """Deals (the first ones) on which every move's exact points are solved; on the others only
    whether the call is made. ``points >= samples`` solves the points on every deal."""


@dataclass(frozen=True)
class MoveFigures:
    """One choice over the deals: mean final points of the callers, chance they make the call."""

    key: str
    points: float
    chance: float


@dataclass(frozen=True)
class FairValue:
    """Every choice of a decision over the deals solved; values are the callers' final points.

    ``made[key]`` lists, deal by deal, whether the callers made their call after that choice;
    ``values[key]`` the callers' final card points after it, on the first deals only (those whose
    points were solved, ``points_samples``).
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
        return len(self.made[self.keys[0]]) if self.keys else 0

    @property
    def points_samples(self) -> int:
        return len(self.values[self.keys[0]]) if self.keys else 0

    def own_chance(self, key: str) -> list[float]:
        """Per deal, 1.0 when the decider's team gets the call's outcome it plays for."""
        return [float(made == self.callers_move) for made in self.made[key]]

    def own_points(self, key: str) -> list[int]:
        """Per deal, the callers' points as the decider wants them (negated for the others)."""
        sign = 1 if self.callers_move else -1
        return [sign * value for value in self.values[key]]

    def figures(self, key: str) -> MoveFigures:
        return MoveFigures(key, _mean(self.values[key]), fmean(map(float, self.made[key])))

    def utility(self, key: str) -> float:
        """The mean of what the decider plays for: the call first, then the points."""
        return fmean(self.own_chance(key)) + _mean(self.own_points(key)) / 1000.0

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
        call's chance and ``CLOSE_POINTS`` points (``clear`` standard errors included). Once
        the deals go beyond those whose points were solved, more deals cannot settle the points:
        the chance alone decides."""
        best = self.best()
        points_open = self.points_samples == self.samples
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
            if abs(chance) + clear * chance_error < CLOSE and (
                not points_open or abs(points) + clear * points_error < CLOSE_POINTS
            ):
                continue
            return False
        return True

    def _utilities(self, key: str) -> list[float]:
        """Per deal, the call's outcome, and the points where they were solved."""
        points = self.own_points(key)
        return [
            chance + (points[deal] / 1000.0 if deal < len(points) else 0.0)
            for deal, chance in enumerate(self.own_chance(key))
        ]


def _mean(values: Sequence[float]) -> float:
    return fmean(values) if values else 0.0


def _paired(best: Sequence[float], other: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error of ``best - other`` over the same deals."""
    gaps = [a - b for a, b in zip(best, other, strict=True)]
    if len(gaps) < 2:
        return _mean(gaps), 0.0
    return fmean(gaps), stdev(gaps) / sqrt(len(gaps))


def move_key(move: Move, trump_known: bool) -> str:
    """The choice a move makes, as the decider sees it (``ask`` while the trump is hidden)."""
    if move.action == "ask" and not trump_known:
        return ASK
    return move.token


class DealSolver:
    """Solves the deals of one decision: deals with the same trump share the solver's tables
    (their keys hold every hand, so a shared entry is exact). A move's first guess in a deal is its
    value in the last deal, moved by as much as the first move solved in this deal moved: the
    moves' differences stay alike from deal to deal more than their levels do."""

    def __init__(self, trump_known: bool, target: int) -> None:
        self.trump_known = trump_known
        self.target = target
        """The callers make their call with at least these points."""
        self.firsts: dict[object, Solver] = {}
        self.guesses: dict[int, int] = {}

    def values(self, position: Position) -> dict[str, int]:
        """In one deal, the callers' final points after each choice of the player to move."""
        return self._solved(position, exact=True)

    def made(self, position: Position) -> dict[str, int]:
        """In one deal, after each choice, 1 when the callers make their call, else 0: one
        null-window probe a move, not the exact points."""
        return self._solved(position, exact=False)

    def _solved(self, position: Position, exact: bool) -> dict[str, int]:
        first = self.firsts.get(position.trump)
        solver = Solver(position) if first is None else first.sharing(position)
        self.firsts.setdefault(position.trump, solver)
        board = solver.board
        guesses = self.guesses
        maximising = board.to_move % 2 == board.callers
        values: dict[str, int] = {}
        previous = -1
        previous_value = 0
        shift: int | None = None
        for encoded in board.legal():
            move = board.move_of(encoded)
            if previous >= 0 and equal_cards(
                previous, encoded, board.gone, board.layout.suit_of, board.layout.points
            ):
                after = previous_value
            else:
                board.play(encoded)
                if exact:
                    last = guesses.get(encoded)
                    after = solver.value(None if last is None else last + (shift or 0))
                    if last is not None and shift is None:
                        shift = after - last
                    guesses[encoded] = after
                else:
                    after = int(solver.reaches(self.target))
                board.undo()
            previous, previous_value = encoded, after
            key = move_key(move, self.trump_known)
            if key not in values:
                values[key] = after
            else:
                values[key] = max(values[key], after) if maximising else min(values[key], after)
        return values


def call_target(call: Call, total: int) -> int:
    """The fewest final points with which the callers make ``call`` (a Thani: every point)."""
    return total if call.kind is CallKind.THANI else call.value


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
    """Solve deals drawn by ``sampler`` until ``sampling.samples`` or until the best is clear:
    the exact points on the first ``sampling.points`` deals, whether the call is made on all."""
    with collector_paused():
        return _sampled(sampler, call, total, rng, sampling, callers_move)


def _sampled(
    sampler: Sampler, call: Call, total: int, rng: Random, sampling: Sampling, callers_move: bool
) -> FairValue:
    """``fair_value``'s deals, solved one after the other."""
    trump_known = sampler.sight.trump is not None
    values: dict[str, list[int]] = {}
    made: dict[str, list[bool]] = {}
    keys: tuple[str, ...] = ()
    solver = DealSolver(trump_known, call_target(call, total))
    for count in range(1, sampling.samples + 1):
        position = sampler.position(rng)
        exact = count <= sampling.points
        found = solver.values(position) if exact else solver.made(position)
        if not keys:
            keys = tuple(found)
            values = {key: [] for key in keys}
            made = {key: [] for key in keys}
        for key in keys:
            if exact:
                values[key].append(found[key])
                made[key].append(bool(makes_call(call, found[key], total)))
            else:
                made[key].append(bool(found[key]))
        if (
            sampling.early_stop
            and count >= sampling.least
            and count % 4 == 0
            and count < sampling.samples
        ):
            partial = _value(keys, values, made, callers_move, sampler.tries, trump_known)
            if partial.is_clear(sampling.clear):
                break
    return _value(keys, values, made, callers_move, sampler.tries, trump_known)


def _value(
    keys: tuple[str, ...],
    values: dict[str, list[int]],
    made: dict[str, list[bool]],
    callers_move: bool,
    tries: int,
    trump_known: bool,
) -> FairValue:
    return FairValue(
        keys,
        {key: list(v) for key, v in values.items()},
        {key: list(m) for key, m in made.items()},
        callers_move,
        tries,
        trump_known,
    )
