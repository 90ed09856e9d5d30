"""The search in C of the tricks from any trick start (``replay/solver/_endgame.c``), the trump
open or still face down, gives the values and best moves of the Python search, under every table's
rules and each game's rules of the hidden trump, and refuses what it cannot search: a hand with an
undertaking or an early stop stays in Python, bad input is an error."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from recorder.cards import Call, CallKind
from replay.solver import Position, Solver, TableRules
from replay.solver.deal import random_deal, random_ending
from replay.solver.search import NATIVE_ENDGAME
from tests.test_solver_exhaustive import TABLES

pytestmark = pytest.mark.skipif(not NATIVE_ENDGAME, reason="built without a C compiler")


def both_ways(position: Position) -> int:
    """Solve ``position`` with the C search and without it: the same value and best moves; the
    nodes the C search visited (none in a hand it leaves to Python)."""
    plain = Solver(position, native=False).solve()
    native = Solver(position)
    solution = native.solve()
    assert (solution.value, solution.best) == (plain.value, plain.best), position
    return 0 if native.endgame is None else native.endgame.nodes


@pytest.mark.parametrize("table", TABLES, ids=lambda table: repr(table))
@pytest.mark.parametrize(("game", "left"), [("40", 24), ("28", 24), ("29", 20)])
def test_endings_solve_alike_in_c_and_in_python(game: str, left: int, table: TableRules) -> None:
    rng = random.Random(f"endgame {game} {table}")
    visited = 0
    for _ in range(12):
        position = random_ending(game, rng, left)
        visited += both_ways(replace(position, table=table))
    assert visited > 0


def hidden_ending(game: str, rng: random.Random, left: int, table: TableRules) -> Position:
    """A position ``left`` cards from the end, reached by random legal play under ``table``,
    whose trump is still face down, in plain play (no early stop, no undertaking)."""
    while True:
        position = random_ending(game, rng, left, table=table)
        if position.face_down is not None and Solver(position).endgame is not None:
            return position


@pytest.mark.parametrize("table", TABLES, ids=lambda table: repr(table))
@pytest.mark.parametrize(("game", "left"), [("40", 24), ("28", 24), ("29", 20)])
def test_the_trump_face_down_solves_alike_in_c_and_in_python(
    game: str, left: int, table: TableRules
) -> None:
    """From a trick start with the trump still face down (asks, shows, the caller's own leads
    and his last card, the retro-trump rule or not), and from a card into the trick: the C
    search's value is the Python search's, and so are the best moves."""
    rng = random.Random(f"endgame hidden {game} {table}")
    for _ in range(6):
        start = hidden_ending(game, rng, left, table)
        solver = Solver(start)
        assert solver.endgame is not None and not start.trick
        board = solver.board
        native = solver.endgame.search(
            board.hands, board.leader, -1, board.left + 1, board.face_down
        )
        assert board.taken + native == Solver(start, native=False).value(), start
        both_ways(start)
        both_ways(hidden_ending(game, rng, left - 2, table))  # a trick begun


@pytest.mark.parametrize("game", ["40", "28", "29"])
def test_whole_deals_solve_alike_in_c_and_in_python(game: str) -> None:
    """From the first card: the trump hidden at first, then open and searched in C."""
    rng = random.Random(f"endgame whole {game}")
    assert sum(both_ways(random_deal(game, rng)) for _ in range(2)) > 0


def test_hands_with_an_undertaking_or_an_early_stop_stay_in_python() -> None:
    rng = random.Random("endgame rules")
    ending = random_ending("28", rng, 18)
    assert Solver(ending).endgame is not None
    thani = replace(ending, call=Call(CallKind.THANI), special="thani")
    assert Solver(thani).endgame is None
    forty = random_ending("40", rng, 18)
    assert Solver(forty).endgame is not None
    honours = replace(forty, call=Call(CallKind.HONOURS, 25))  # in 40, ends once decided
    stopping = Solver(honours)
    assert stopping.board.stop_target and stopping.endgame is None


def test_the_c_search_refuses_what_is_not_a_trick_start() -> None:
    endgame = Solver(random_ending("28", random.Random("endgame bad"), 18)).endgame
    assert endgame is not None
    with pytest.raises(ValueError, match="one hand a player"):
        endgame.search([0b11, 0b1100], 0, 0, 10)
    with pytest.raises(ValueError, match="outside the pack"):
        endgame.search([1 << 40, 0, 0, 0, 0, 0], 0, 0, 10)
    with pytest.raises(ValueError, match="every hand of the same size"):
        endgame.search([0b11, 0b100, 0b1000, 0b10000, 0b100000, 0b1000000], 0, 0, 10)
    with pytest.raises(ValueError, match="no card in two hands"):
        endgame.search([1, 1, 4, 8, 16, 32], 0, 0, 10)
    with pytest.raises(ValueError, match="no such leader"):
        endgame.search([1, 2, 4, 8, 16, 32], 6, 0, 10)
    with pytest.raises(ValueError, match="face-down card is a card of the pack"):
        endgame.search([1, 2, 4, 8, 16, 32], 0, 0, 10, 64)
    caller = Solver(random_ending("28", random.Random("endgame bad"), 18)).board.caller
    hands = [1 << seat for seat in range(6)]
    with pytest.raises(ValueError, match="the caller's with the face-down card"):
        endgame.search(hands, 0, 0, 10, 8)  # the caller's hand one card too many
    hands[caller] = 0  # his card face down, but held by the next player too
    with pytest.raises(ValueError, match="no card in two hands"):
        endgame.search(hands, 0, 0, 10, (caller + 1) % 6)
