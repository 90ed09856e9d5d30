"""The compiled search gives exactly what its plain Python source gives.

Installed with a C compiler, the search's modules run compiled (``setup.py``); a machine without one
runs their source. Both must agree: a subprocess solves seeded positions with source copies of the
packages, and its values, best moves and node counts must equal the compiled ones (the compiled
search without its C part for the tricks from their starts, whose nodes it does not count and
which the copy lacks: ``tests/test_solver_endgame.py`` holds that one to the same values).
"""

from __future__ import annotations

import importlib.machinery
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from replay.solver import Solver, search
from replay.solver.deal import random_deal, random_ending
from tests.plain_source import copy_plain_source

COMPILED = search.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))

pytestmark = pytest.mark.skipif(not COMPILED, reason="the search runs as plain Python already")

SOLVE = """
import json
import sys
from replay.solver import search
from tests.test_solver_compiled import solved

assert search.__file__.endswith(".py"), search.__file__
print(json.dumps(solved()))
"""


def solved() -> list[tuple[int, list[str], int]]:
    """Value, best moves and nodes of seeded endings of each game and two whole 40 deals, searched
    in Python alone (compiled or not)."""
    results = []
    for game, left in (("40", 18), ("28", 18), ("29", 16)):
        rng = random.Random(f"compiled {game}")
        for _ in range(8):
            solution = Solver(random_ending(game, rng, left), native=False).solve()
            results.append((solution.value, [move.token for move in solution.best], solution.nodes))
    rng = random.Random("compiled whole")
    for _ in range(2):
        solution = Solver(random_deal("40", rng), native=False).solve()
        results.append((solution.value, [move.token for move in solution.best], solution.nodes))
    return results


def test_the_plain_source_solves_as_the_compiled_search(tmp_path: Path) -> None:
    copy_plain_source(tmp_path)
    plain = subprocess.run(
        [sys.executable, "-c", SOLVE], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    expected = [list(result) for result in solved()]
    assert json.loads(plain.stdout) == expected
