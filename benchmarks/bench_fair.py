"""The fair analysis of whole hands of 40, 28 and 29: 32 deals a decision, one core, then two jobs.

Each hand is a seeded random hand played to the end (in 40 a 20-29 call). Its decisions are judged
fairly (``replay.fair.analyse_fair`` without the trump choice: the all-hands analysis, then every
decision sampled and solved) in this process, and the trump choice (``judge_calling``) apart.
Printed per game are the medians over the hands in processor seconds (``time.process_time``: the
machine may be shared, and processor time does not count the waiting), the deals solved and the
deals whose exact points were solved. Last, the hands of 40 with two worker processes, in
wall-clock seconds (with jobs the work is in the workers, outside this process's processor time),
and what the pages do with an analysed hand: its fair table, score, drills and Replay's fair line
at every step (the most of these over the hands), the work behind a decision shown on the page.

Then 20 seeded hands (7 of 40, 7 of 28, 6 of 29, seed 41) judged with the default deals: the
processor seconds a hand per game, and their verdicts against those the code gave before the work
on the analysis' speed (issue 41), stored in ``fair_before.json``: each decision's fair label,
its verdict (agreed, unlucky, missed) and skip, the same or not, and the largest change of a
chance lost. The solver is exact and the deals drawn at a seed do not depend on it, so work that
only makes the solving faster keeps every verdict; fewer deals would show here as changes.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from pathlib import Path

from dashboard.cli.fair_report import decision_mapper
from dashboard.views.tricks.fair import (
    SEVERITIES,
    SessionHand,
    drills,
    fair_line_at,
    fair_table,
    hand_scores,
)
from recorder.cards import CallKind
from recorder.model import Record
from replay.fair import FairHand, Sampling, analyse_fair
from replay.fair.calling import judge_calling
from replay.solver.recorded import read_hand
from replay.tricks.engine import replay_session
from replay.tricks.simulate import random_hand

HANDS = 3
SAMPLES = 32
GAMES = ("40", "28", "29")
SEEDED = (("40", 7), ("28", 7), ("29", 6))
"""The hands of the agreement figure: how many of each game, drawn with seed 41."""
BEFORE = Path(__file__).with_name("fair_before.json")
"""Their verdicts as the code before issue 41's work gave them: per hand its game and, per
decision, trick, seat, choice, label, verdict, skip, chance lost, points lost and deals."""


def played_out_hands(game: str, count: int, seed: int) -> list[Record]:
    """Random hands whose call is a number (played to the end) with every card known."""
    rng = random.Random(seed)
    hands: list[Record] = []
    while len(hands) < count:
        record = random_hand(game, rng)
        result = replay_session(record).hands[0].result
        if result.call is not None and result.call.kind is CallKind.NUMBER:
            hands.append(record)
    return hands


def decisions(record: Record, jobs: int) -> tuple[float, float, FairHand]:
    """Wall-clock and processor seconds of the hand's decisions judged fairly."""
    replayed = replay_session(record, steps=True)
    sampling = Sampling(samples=SAMPLES, calling=0)
    wall, cpu = time.perf_counter(), time.process_time()
    with decision_mapper(jobs) as mapper:
        fair = analyse_fair(record, replayed.hands[0], replayed.rules, sampling, 1, mapper)
    return time.perf_counter() - wall, time.process_time() - cpu, fair


def trump_choice(record: Record) -> float:
    """Processor seconds of the trump choice judged on the caller's cards (default deals)."""
    replayed = replay_session(record, steps=True)
    hand = replayed.hands[0]
    recorded = read_hand(record, hand, replayed.rules)
    sampling = Sampling()
    cpu = time.process_time()
    judge_calling(record.game, hand, recorded, sampling.calling, 1, sampling.points)
    return time.process_time() - cpu


def page_seconds(record: Record, fair: FairHand) -> float:
    """Processor seconds the pages take to show an analysed hand: every player's table, score and
    drills, and the fair line at every step."""
    steps = tuple(replay_session(record, steps=True).hands[0].steps or ())
    hand = SessionHand("bench", fair, steps, fair.analysis.caller)
    cpu = time.process_time()
    for player in record.players:
        fair_table([hand], player, SEVERITIES[0])
        hand_scores([hand], player)
        drills([hand], player)
    for index in range(len(steps)):
        fair_line_at(fair, steps, index)
    return time.process_time() - cpu


def verdicts(fair: FairHand) -> list[list[object]]:
    """A hand's decisions as ``fair_before.json`` keeps them."""
    return [
        [
            decision.trick,
            decision.seat,
            decision.played,
            decision.label,
            decision.agreement,
            decision.skipped,
            round(decision.chance_lost, 4),
            round(decision.points_lost, 4),
            decision.samples,
        ]
        for decision in fair.decisions
    ]


def _chance_lost(row: list[object]) -> float:
    """The fair chance lost of a decision as ``verdicts`` writes it."""
    chance = row[6]
    assert isinstance(chance, int | float)
    return float(chance)


def seeded_agreement() -> None:
    """The 20 seeded hands with the default deals: processor seconds a hand per game, and how many
    decisions keep the verdicts stored in ``BEFORE``."""
    before = json.loads(BEFORE.read_text(encoding="utf-8"))
    seconds: dict[str, list[float]] = {}
    now: list[list[list[object]]] = []
    for game, count in SEEDED:
        for record in played_out_hands(game, count, seed=41):
            replayed = replay_session(record, steps=True)
            cpu = time.process_time()
            fair = analyse_fair(record, replayed.hands[0], replayed.rules, Sampling(calling=0), 1)
            seconds.setdefault(game, []).append(time.process_time() - cpu)
            now.append(verdicts(fair))
    pairs = [
        (old, new)
        for case, hand in zip(before, now, strict=True)
        for old, new in zip(case["decisions"], hand, strict=False)
    ]
    decisions = sum(len(case["decisions"]) for case in before)
    same = sum(old[:6] == new[:6] for old, new in pairs)
    labels = sum(old[3] == new[3] for old, new in pairs)
    moved = max(abs(_chance_lost(old) - _chance_lost(new)) for old, new in pairs)
    per_game = ", ".join(
        f"{game} median {statistics.median(cpus):.1f} s max {max(cpus):.1f} s"
        for game, cpus in seconds.items()
    )
    print(f"{sum(count for _, count in SEEDED)} seeded hands, cpu s a hand: {per_game}")
    print(
        f"verdicts as before: {same} of {decisions} decisions (label, verdict and skip), "
        f"{labels} the same label; largest change of a chance lost {moved:.3f}",
        flush=True,
    )


def main() -> None:
    print(f"{SAMPLES} deals a decision at most, exact points on the first {Sampling().points}")
    header = f"{'game':<5} {'hands':>5} {'median cpu s':>12} {'max cpu s':>9} {'deals':>6}"
    print(f"{header} {'points':>6} {'trump choice cpu s':>18}", flush=True)
    fortys: list[Record] = []
    pages: list[float] = []
    for game in GAMES:
        records = played_out_hands(game, HANDS, seed=40)
        fortys = fortys or records
        cpus, calls, deals, points = [], [], 0, 0
        for record in records:
            _, cpu, fair = decisions(record, 1)
            cpus.append(cpu)
            pages.append(page_seconds(record, fair))
            calls.append(trump_choice(record))
            deals += sum(decision.samples for decision in fair.decisions)
            points += sum(decision.points_samples for decision in fair.decisions)
        print(
            f"{game:<5} {len(records):>5} {statistics.median(cpus):>12.1f} {max(cpus):>9.1f} "
            f"{deals:>6} {points:>6} {statistics.median(calls):>18.1f}",
            flush=True,
        )
    print(f"pages from an analysed hand (all players, every step): at most {max(pages):.3f} s")
    walls = [decisions(record, 2)[0] for record in fortys]
    print(
        f"40 with 2 jobs: median wall {statistics.median(walls):.1f} s, max {max(walls):.1f} s "
        f"(one job: {[round(decisions(record, 1)[0], 1) for record in fortys]} s wall)",
        flush=True,
    )
    seeded_agreement()


if __name__ == "__main__":
    main()
