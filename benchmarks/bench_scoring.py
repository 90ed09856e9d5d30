"""Scoring throughput: 100,000 generated hand results per game, scored as one session each.

Run with ``python -m benchmarks bench_scoring`` (or ``make bench``); prints hands per second.
"""

from __future__ import annotations

import random
import time

from recorder.cards import Call, Suit
from recorder.model import Record, Tag
from replay.tricks.outcome import HandResult, Outcome
from replay.tricks.scoring import score_session

HANDS = 100_000
PLAYERS = {"40": 6, "28": 6, "29": 4}
CALLS = {
    "40": ["20", "22", "24", "25", "27", "H", "H3", "H6", "H10", "thani"],
    "28": ["16", "18", "20", "23", "24", "27", "28", "thani"],
    "29": ["16", "17", "18", "20", "22", "24", "28"],
}
OUTCOMES: list[Outcome] = ["made", "made", "lost", "lost", "redeal"]


def session(game: str) -> Record:
    """An empty session of ``game`` with its players and two named teams."""
    names = ", ".join(f"P{seat}" for seat in range(1, PLAYERS[game] + 1))
    tags = {"Game": game, "Players": names, "Teams": "Red, Blue"}
    return Record(tags=[Tag(name=name, value=value) for name, value in tags.items()])


def results(game: str, hands: int = HANDS, seed: int = 9) -> list[HandResult]:
    """Random but well-formed hand results: any caller, any call of the game, any outcome."""
    rng = random.Random(seed)
    players = PLAYERS[game]
    made: list[HandResult] = []
    for number in range(1, hands + 1):
        call = Call.parse(rng.choice(CALLS[game]), honours=game == "40")
        made.append(
            HandResult(
                hand=number,
                dealer=(number - 1) % players + 1,
                caller=rng.randint(1, players),
                call=call,
                trump=None if call.number is None else rng.choice(list(Suit)),
                special="thani" if call.number is None else None,
                target=call.number,
                callers_points=None,
                outcome=rng.choice(OUTCOMES),
                all_tricks=rng.random() < 0.05,
            )
        )
    return made


def main() -> None:
    for game in ("40", "28", "29"):
        record, hands = session(game), results(game)
        best = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            score_session(record, hands)
            best = min(best, time.perf_counter() - started)
        print(f"   {game}: {len(hands):,} hands in {best:.3f} s, {len(hands) / best:,.0f} hands/s")


if __name__ == "__main__":
    main()
