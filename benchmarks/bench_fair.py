"""The fair analysis of whole hands of 40: 32 deals a decision, on one core and with two jobs.

Each hand is a seeded random hand of 40 played to the end (a 20-29 call); the whole fair analysis
of it (``replay.fair.analyse_fair``: the all-hands analysis, then every decision sampled and
solved) is timed once with one job in this process and once with two worker processes. Printed
are the median and the maximum, in wall-clock and processor seconds (the latter of this process
only: with two jobs the workers' time is not in it), the deals solved and the consistent-deal draws
rejected. On a shared machine the wall-clock times move with the load; the processor time of one
job is the steadier figure.
"""

from __future__ import annotations

import random
import statistics
import time

from dashboard.fair_report import decision_mapper
from recorder.cards import CallKind
from recorder.model import Record
from replay.engine import replay_session
from replay.fair import FairHand, Sampling, analyse_fair
from replay.simulate import random_hand

HANDS = 3
SAMPLES = 32


def played_out_hands(count: int, seed: int) -> list[Record]:
    """Random hands of 40 whose call is a number (played to the end) with every card known."""
    rng = random.Random(seed)
    hands: list[Record] = []
    while len(hands) < count:
        record = random_hand("40", rng)
        result = replay_session(record).hands[0].result
        if result.call is not None and result.call.kind is CallKind.NUMBER:
            hands.append(record)
    return hands


def analyse(record: Record, jobs: int) -> tuple[float, float, FairHand]:
    replayed = replay_session(record, steps=True)
    wall, cpu = time.perf_counter(), time.process_time()
    with decision_mapper(jobs) as mapper:
        fair = analyse_fair(
            record, replayed.hands[0], replayed.rules, Sampling(samples=SAMPLES), 1, mapper
        )
    return time.perf_counter() - wall, time.process_time() - cpu, fair


def main() -> None:
    records = played_out_hands(HANDS, seed=40)
    header = f"{'jobs':<5} {'hands':>5} {'median s':>9} {'max s':>7} {'median cpu s':>12}"
    print(f"{header} {'deals':>7}")
    for jobs in (1, 2):
        walls, cpus, deals = [], [], 0
        for number, record in enumerate(records, start=1):
            wall, cpu, fair = analyse(record, jobs)
            walls.append(wall)
            cpus.append(cpu)
            solved = sum(decision.samples for decision in fair.decisions)
            deals += solved
            print(f"  hand {number}: {wall:.1f} s, {cpu:.1f} cpu s, {solved} deals", flush=True)
        print(
            f"{jobs:<5} {len(records):>5} {statistics.median(walls):>9.1f} {max(walls):>7.1f} "
            f"{statistics.median(cpus):>12.1f} {deals:>7}",
            flush=True,
        )


if __name__ == "__main__":
    main()
