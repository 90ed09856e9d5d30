"""Relative ranks: positions that differ only in which cards are gone share one table entry.

Once cards have left the game, what matters of a suit is the order of the cards still in it, who
holds each and what each is worth. Two positions whose every suit reads the same that way play
out alike (as in bridge double-dummy solvers), so the transposition table keys them the same: per
suit, the pattern of points (and ties) of the live cards, and each hand's cards as places in it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from replay.solver.layout import Layout


@dataclass(frozen=True)
class RelativeRanks:
    """Lookup tables over one suit's bits (``width`` of them) for a layout."""

    width: int
    pattern: tuple[int, ...]
    """Per set of live ranks, a number naming the points-and-ties pattern of those ranks."""
    places: tuple[int, ...]
    """Per ``live << width | held`` (``held`` within ``live``): ``held`` as places in ``live``
    (a flat table rather than a dict: the search reads it for every suit and hand)."""


@cache
def relative_ranks(layout: Layout) -> RelativeRanks:
    """The tables of a layout; every suit has the same ranks, so suit 0 stands for all."""
    width = layout.width
    patterns: dict[tuple[tuple[int, bool], ...], int] = {}
    pattern = []
    places = [0] * (1 << 2 * width)
    for live in range(1 << width):
        ranks = [rank for rank in range(width) if live >> rank & 1]
        shape = tuple(
            (layout.points[rank], i > 0 and layout.power[rank] == layout.power[ranks[i - 1]])
            for i, rank in enumerate(ranks)
        )
        pattern.append(patterns.setdefault(shape, len(patterns)))
        held = live
        while True:
            compressed = 0
            for place, rank in enumerate(ranks):
                if held >> rank & 1:
                    compressed |= 1 << place
            places[live << width | held] = compressed
            if not held:
                break
            held = (held - 1) & live
    return RelativeRanks(width, tuple(pattern), tuple(places))
