"""Reader and writer throughput on a generated 10,000-hand session of 40 (full deals, six tricks).

Run with ``python -m benchmarks bench_tgn`` (or ``make bench``); prints hands and MB per second.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from recorder.games import GAMES
from recorder.tgn import dumps, read

HANDS = 10_000
_PLAYERS = "Anil, Biju, Chitra, Dev, Eli, Faiz"


def session_text(hands: int = HANDS, seed: int = 40) -> str:
    """A plausible 40 session: every hand dealt in full, called, and played over six tricks."""
    rng = random.Random(seed)
    pack = [card.code for card in GAMES["40"].pack]
    lines = [
        '[Game "40"]',
        f'[Players "{_PLAYERS}"]',
        '[Teams "Red, Blue"]',
        '[Event "Benchmark night"]',
        '[Date "2026-11-28"]',
    ]
    for number in range(1, hands + 1):
        dealer = (number - 1) % 6 + 1
        rng.shuffle(pack)
        held = {seat: pack[(seat - 1) * 6 : seat * 6] for seat in range(1, 7)}
        lines += ["", f'[Hand "{number}"]', f'[Dealer "{dealer}"]', '[Result "made 26"]']
        lines += [f"deal {seat}: {' '.join(held[seat])}" for seat in range(1, 7)]
        order = [(dealer + step) % 6 + 1 for step in range(6)]
        calls = [f"{order[0]}:20", f"{order[1]}:22", f"{order[2]}:24"]
        calls += [f"{seat}:pass" for seat in order[3:]]
        lines.append("bid " + " ".join(calls))
        caller = order[2]
        lines.append(f"trump {held[caller][0]} ; the caller's first card")
        leader = order[0]
        for trick in range(1, 7):
            turns = []
            for step in range(6):
                seat = (leader + step - 1) % 6 + 1
                card = held[seat][trick - 1]
                ask = "ask " if step == 3 and trick == 2 else ""
                note = " {a fine card}" if step == 5 and trick == 4 else ""
                turns.append(f"{seat}:{ask}{card}{note}")
            lines.append(f"{trick}. " + " ".join(turns))
            leader = rng.randint(1, 6)
    return "\n".join(lines) + "\n"


def _timed(action: Callable[[], object], repeat: int = 3) -> tuple[float, float]:
    """The best of a few runs: processor seconds (steady on a busy machine) and wall seconds."""
    best_cpu = best_wall = float("inf")
    for _ in range(repeat):
        started_cpu, started_wall = time.process_time(), time.perf_counter()
        action()
        best_cpu = min(best_cpu, time.process_time() - started_cpu)
        best_wall = min(best_wall, time.perf_counter() - started_wall)
    return best_cpu, best_wall


def main() -> None:
    """Generate the session, check it reads cleanly, and print the reader's and writer's speed."""
    text = session_text()
    megabytes = len(text.encode("utf-8")) / 1_000_000
    result = read(text, "bench.tgn")
    assert result.record is not None and not result.errors, result.errors[:3]
    record = result.record
    assert dumps(record) == text
    print(f"   session: {HANDS} hands of 40, {megabytes:.1f} MB")
    for what, action in (
        ("read: ", lambda: read(text, "bench.tgn")),
        ("write:", lambda: dumps(record)),
    ):
        cpu, wall = _timed(action)
        rate = f"{HANDS / cpu:,.0f} hands/s, {megabytes / cpu:.2f} MB/s"
        print(f"   {what} {rate} ({cpu:.2f} s of processor time; {wall:.2f} s on the clock)")


if __name__ == "__main__":
    main()
