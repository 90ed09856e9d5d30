"""``thuruppu analyse --fair``: each decision judged on what its player could know, as text or JSON.

The work is ``replay.fair.analyse_fair_session``; this module runs its decisions in worker
processes for ``--jobs`` (each decision has its own seed, so the result is the same for any number
of jobs), shows progress on standard error, and writes the text report.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

from dashboard.views.tricks.fair import verdict_words
from recorder.model import Record
from replay.fair import Sampling, analyse_fair_session

Item = TypeVar("Item")
Result = TypeVar("Result")


@contextmanager
def decision_mapper(
    jobs: int,
) -> Iterator[Callable[[Callable[[Item], Result], Iterable[Item]], Iterable[Result]]]:
    """``map`` for one job; a pool's ``map`` (in order, results as they come) for more."""
    if jobs <= 1:
        yield map
        return
    with ProcessPoolExecutor(jobs) as pool:

        def mapped(function: Callable[[Item], Result], items: Iterable[Item]) -> Iterable[Result]:
            return pool.map(function, items)

        yield mapped


def fair_analysis(
    record: Record, hand: int | None, samples: int, seed: int, jobs: int, show_progress: bool
) -> dict[str, Any]:
    """The session's fair analysis, progress written to standard error when asked."""

    def progress(done: int, total: int) -> None:
        sys.stderr.write(f"\rdecisions sampled: {done}/{total}")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    with decision_mapper(jobs) as mapper:
        return analyse_fair_session(
            record,
            hand,
            Sampling(samples=samples),
            seed,
            mapper,
            progress if show_progress else None,
        )


def render_fair(record: Record, analysis: dict[str, Any]) -> str:
    """Per hand, every judged decision that either verdict labels, both verdicts side by side,
    and each seat's score (its decisions within tolerance)."""
    lines: list[str] = []
    for hand in analysis.get("hands", []):
        lines.append(f"Hand {hand['hand']}: value at start {hand.get('value_at_start', '-')}")
        if hand.get("reason"):
            lines.append(f"  not analysed: {hand['reason']}")
        calling = hand.get("calling")
        if calling:
            chosen = calling["chosen"]
            lines.append(
                f"  trump put down {chosen['card']}: call made in {chosen['chance']:.0%} of "
                f"{calling['samples']} deals of the others' cards; best card of each suit: "
                + ", ".join(
                    f"{found['card']} {found['chance']:.0%}" for found in calling["suits"].values()
                )
            )
        for decision in hand.get("decisions", []):
            fair = decision["fair"]
            all_hands = decision["all_hands"]
            if decision["skipped"] or not (fair["label"] or all_hands["label"]):
                continue
            who = f"{record.player(decision['seat'])} (seat {decision['seat']})"
            lines.append(
                f"  trick {decision['trick']}: {who} played {decision['card']}: "
                + verdict_words(decision, record.player(decision["seat"]))
            )
        scores = hand.get("scores", {})
        if scores:
            lines.append(
                "  within tolerance: "
                + ", ".join(
                    f"{record.player(int(seat))} {share:.0%}" for seat, share in scores.items()
                )
            )
    return "\n".join(lines) if lines else "no hands"
