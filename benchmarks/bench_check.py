"""Check throughput: how fast the engine judges generated hands (no steps), per game.

``main()`` generates 10,000 random legal hands of each game in sessions of ten, then times
``replay_session`` over them and prints hands and card plays per CPU second on one core.
"""

from __future__ import annotations

import random
import time

from recorder.model import Record
from replay.tricks import replay_session
from replay.tricks.simulate import random_session

HANDS = 10_000
PER_SESSION = 10


def generate(game: str, hands: int, seed: int = 2026) -> list[Record]:
    """Seeded sessions of random legal hands of ``game``, ``hands`` hands in all."""
    rng = random.Random(seed)
    return [random_session(game, rng, PER_SESSION) for _ in range(hands // PER_SESSION)]


def card_plays(records: list[Record]) -> int:
    return sum(
        1
        for record in records
        for hand in record.hands
        for trick in hand.tricks
        for turn in trick.turns
        if turn.card is not None
    )


def measure(records: list[Record]) -> float:
    """CPU seconds to check every record once (the best of three runs).

    CPU time of this one process, so that other work on a shared machine does not count.
    """
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        for record in records:
            replay_session(record)
        best = min(best, time.process_time() - started)
    return best


def main(hands: int = HANDS) -> None:
    for game in ("40", "28", "29"):
        started = time.perf_counter()
        records = generate(game, hands)
        made = time.perf_counter() - started
        seconds = measure(records)
        plays = card_plays(records)
        print(
            f"{game}: {hands} hands checked in {seconds:.2f} s: {hands / seconds:,.0f} hands/s, "
            f"{plays / seconds:,.0f} card plays/s (generated in {made:.1f} s)",
            flush=True,
        )
        if game == "40":
            _full_40()


def _full_40() -> None:
    """40 hands that went all six tricks, each in a session of its own with its dealer."""
    rng = random.Random(7)
    sessions = []
    while len(sessions) < 2000:
        record = random_session("40", rng, 1)
        if len(record.hands[0].tricks) == 6:
            sessions.append(record)
    seconds = measure(sessions)
    print(
        f"40, full hands (6 tricks, 36 cards): {len(sessions) / seconds:,.0f} hands/s, "
        f"{card_plays(sessions) / seconds:,.0f} card plays/s",
        flush=True,
    )


if __name__ == "__main__":
    main()
