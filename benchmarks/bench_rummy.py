"""Rummy grouping speed: the lowest count and the search for a valid declaration, per hand.

Random 13-card hands from three packs with their six printed jokers and a random cut card, and
hands with four or more jokers; prints the median and the 99th percentile time per hand, measured
as the thread's CPU time so that other work on the machine does not count. Then the throughput of
``thuruppu check --json`` as a whole command (start to exit, the time a scorer waits) on a
generated game of 10,000 deals. Run with ``python -m benchmarks rummy`` (or ``make bench``).
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from recorder.rummy.cards import PRINTED_JOKER, RUMMY_CARDS, RummyCard
from replay.rummy import Wild, find_declaration, lowest_count

PACKS = 3
RANDOM_HANDS = 10_000
JOKER_HANDS = 1_000
MANY_JOKERS = 4

Deal = tuple[list[RummyCard], Wild]


def random_deals(count: int, fewest_jokers: int = 0, seed: int = 11) -> list[Deal]:
    """`count` deals of 13 cards from `PACKS` packs and 2 x `PACKS` printed jokers, each with
    its own cut card, keeping only hands with at least `fewest_jokers` jokers."""
    rng = random.Random(seed)
    deck = [*RUMMY_CARDS[:52]] * PACKS + [PRINTED_JOKER] * (2 * PACKS)
    deals: list[Deal] = []
    while len(deals) < count:
        shuffled = rng.sample(deck, 14)
        wild = Wild.from_cut(shuffled[0])
        hand = shuffled[1:]
        if sum(wild.is_joker(card) for card in hand) >= fewest_jokers:
            deals.append((hand, wild))
    return deals


def per_hand(
    deals: Sequence[Deal], judge: Callable[[list[RummyCard], Wild], object]
) -> list[float]:
    """The CPU time `judge` takes on each deal, in milliseconds."""
    times = []
    for hand, wild in deals:
        started = time.thread_time()
        judge(hand, wild)
        times.append((time.thread_time() - started) * 1000)
    return times


def report(name: str, times: Sequence[float]) -> None:
    """One line: the median and the 99th percentile per hand, and the slowest."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(
        f"   {name}: median {statistics.median(ordered):.3f} ms, p99 {p99:.3f} ms, "
        f"slowest {ordered[-1]:.1f} ms per hand ({len(ordered):,} hands)"
    )


def grouping_figures() -> None:
    """The grouping search's figures over random hands and over hands with many jokers."""
    judges: dict[str, Callable[[list[RummyCard], Wild], object]] = {
        "lowest_count life": lambda hand, wild: lowest_count(hand, wild, "life"),
        "lowest_count literal": lambda hand, wild: lowest_count(hand, wild, "literal"),
        "find_declaration": find_declaration,
    }
    for title, deals in (
        (f"{RANDOM_HANDS:,} random hands", random_deals(RANDOM_HANDS)),
        (
            f"{JOKER_HANDS:,} hands with {MANY_JOKERS}+ jokers",
            random_deals(JOKER_HANDS, MANY_JOKERS),
        ),
    ):
        print(f"   {title}, {PACKS} packs:")
        for name, judge in judges.items():
            report(name, per_hand(deals, judge))


CHECK_DEALS = 10_000
#: A valid declaration whose suits each deal permutes: 13 cards, pure, pure, pure and a set.
_DECLARATION = (("A", "2", "3"), ("4", "5", "6"), ("7", "8", "9", "T"), ("K",) * 3)


def generated_game(deals: int, seed: int = 7) -> str:
    """A four-player Rummy game of ``deals`` deals: a cut joker, a declaration, a grouped and an
    ungrouped show, and a drop each; the limit is raised so that nobody goes out."""
    rng = random.Random(seed)
    deck = [*RUMMY_CARDS[:52]] * PACKS + [PRINTED_JOKER] * (2 * PACKS)
    lines = [
        '[Game "rummy"]',
        '[Players "Anu, Babu, Cini, Deepu"]',
        '[Rules "limit=9999999"]',
    ]
    for number in range(1, deals + 1):
        suits = rng.sample("SHDC", 4)
        groups = []
        for index, ranks in enumerate(_DECLARATION):
            if len(set(ranks)) == 1:
                groups.append(" ".join(ranks[0] + suit for suit in suits[:3]))
            else:
                groups.append(" ".join(rank + suits[index] for rank in ranks))
        seats = rng.sample(range(1, 5), 4)
        shown = rng.sample(deck, 26)
        dealer = '\n[Dealer "4"]' if number == 1 else ""
        lines += [
            f'\n[Hand "{number}"]{dealer}',
            f"joker {rng.choice(deck).code}",
            f"declare {seats[0]}: {' | '.join(groups)} / {rng.choice(deck).code}",
            f"show {seats[1]}: " + " ".join(card.code for card in shown[:13]),
            f"show {seats[2]}: "
            + " | ".join(
                " ".join(card.code for card in shown[13 + start : 16 + start])
                for start in (0, 3, 6)
            )
            + " | "
            + " ".join(card.code for card in shown[22:26]),
            f"drop {seats[3]}",
        ]
    return "\n".join(lines) + "\n"


def check_throughput(deals: int = CHECK_DEALS) -> None:
    """``thuruppu check --json`` on a generated game, whole command, best of three runs."""
    command = Path(sys.executable).with_name("thuruppu")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "rummy-bench.tgn"
        path.write_text(generated_game(deals), encoding="utf-8")
        best = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            subprocess.run([str(command), "check", "--json", str(path)], capture_output=True)
            best = min(best, time.perf_counter() - started)
    print(
        f"   thuruppu check --json on {deals:,} Rummy deals: {best:.2f} s, "
        f"{deals / best:,.0f} deals/s (whole command, best of 3)"
    )


def main() -> None:
    grouping_figures()
    check_throughput()


if __name__ == "__main__":
    main()
