"""The solver's time for whole hands from the first card, over random deals of each game.

For each game, 200 seeded random deals (random caller, call and face-down card) are solved from
the first card; printed are the median, 90th percentile and maximum time and the nodes searched
(in Python and in C).
In 40 an Honours call stops the hand once it is decided, so 40 is also shown for the 20-29 calls
alone, which are played to the end. The first line says whether the search ran compiled.
"""

from __future__ import annotations

import importlib.machinery
import random
import statistics
import time

from replay.solver import Solver, search
from replay.solver.deal import random_deal

DEALS = 200
GAMES = ("40", "28", "29")


def solve_deals(game: str, count: int, seed: int) -> list[tuple[float, int, bool]]:
    """Seconds and nodes for each deal, and whether its call is played to the end."""
    rng = random.Random(seed)
    results = []
    for _ in range(count):
        position = random_deal(game, rng)
        solver = Solver(position)
        started = time.perf_counter()
        solver.value()
        elapsed = time.perf_counter() - started
        nodes = solver.nodes + (0 if solver.endgame is None else solver.endgame.nodes)
        results.append((elapsed, nodes, solver.board.stop_target == 0))
    return results


def summary(label: str, results: list[tuple[float, int, bool]]) -> str:
    times = sorted(seconds for seconds, _, _ in results)
    nodes = [count for _, count, _ in results]
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    return (
        f"{label:<14} {len(results):>5} {statistics.median(times) * 1000:>9.0f} "
        f"{p90 * 1000:>8.0f} {times[-1] * 1000:>8.0f} "
        f"{statistics.median(nodes):>12.0f} {max(nodes):>10}"
    )


def compiled() -> bool:
    """Whether the search runs compiled (``setup.py``) or as plain Python."""
    return search.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def main() -> None:
    kind = "compiled" if compiled() else "plain Python (no compiler at install)"
    print(f"search: {kind}, the tricks in C: {'yes' if search.NATIVE_ENDGAME else 'no'}")
    print(
        f"{'game':<14} {'deals':>5} {'median ms':>9} {'p90 ms':>8} {'max ms':>8} "
        f"{'median nodes':>12} {'max nodes':>10}"
    )
    for game in GAMES:
        results = solve_deals(game, DEALS, seed=int(game))
        print(summary(game, results), flush=True)
        played_out = [result for result in results if result[2]]
        if len(played_out) < len(results):
            print(summary(f"{game} (to end)", played_out), flush=True)


if __name__ == "__main__":
    main()
