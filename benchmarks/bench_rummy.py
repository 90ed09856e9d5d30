"""Rummy grouping speed: the lowest count and the search for a valid declaration, per hand.

Random 13-card hands from three packs with their six printed jokers and a random cut card, and
hands with four or more jokers; prints the median and the 99th percentile time per hand, measured
as the thread's CPU time so that other work on the machine does not count. Run with
``python -m benchmarks rummy`` (or ``make bench``).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence

from recorder.rummy_cards import PRINTED_JOKER, RUMMY_CARDS, RummyCard
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


def main() -> None:
    grouping_figures()


if __name__ == "__main__":
    main()
