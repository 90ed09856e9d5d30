"""A Rummy player's figures for the Players and Coaching pages: deals played and won, drops, wrong
declarations, the average count when losing, and the points his own groupings gave away.

Every figure is read from the engine's ``RummyGame`` (the outcomes of the score sheet), except
what a grouping gave away, which compares a shown hand's count on the player's own grouping (the
points the sheet gives him) with the count of the lowest grouping of the same 13 cards, both
scored alike (``replay.rummy.analysis.shown_groupings``). ``FIGURES`` says each figure in a
sentence, for the pages to state.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

import pandas as pd

from replay.rummy import RummyDeal, RummyGame
from replay.rummy.analysis import ShownGrouping, shown_groupings

#: Each column of the figures table and what it counts.
FIGURES: dict[str, str] = {
    "games": "Rummy games (tables) he sat at",
    "deals played": "deals he ended with an outcome (void deals and deals while out not counted)",
    "deals won": "deals whose winner he was: the first valid declaration, or the last one left",
    "first drops": "drops before drawing a card (25 points)",
    "middle drops": "drops after drawing (50 points)",
    "wrong declarations": "declarations the engine found wrong (100 points)",
    "average count when losing": "the mean of his points in the deals he lost with a count "
    "(cards shown, or the number the table entered); drops, wrong declarations and no-shows "
    "are not counts",
    "points given away": "over the hands he showed in his own groups: the points his grouping "
    "scored less the points the lowest grouping of the same 13 cards would have scored",
}

COUNT_KINDS = ("shown", "count")
"""The outcomes of a loser counted on his cards (RUMMY.md §3)."""


@dataclass(frozen=True)
class RummyTable:
    """A Rummy game the pages read: its session's label, the engine's replay and the hands shown
    in their players' own groups (``shown_groupings``: kept by the replay store, else worked
    out here)."""

    label: str
    game: RummyGame
    shown: tuple[ShownGrouping, ...] | None = None

    def __post_init__(self) -> None:
        if self.shown is None:
            object.__setattr__(self, "shown", shown_groupings(self.game))

    @property
    def players(self) -> list[str]:
        return self.game.record.players if self.game.record else []


@dataclass(frozen=True)
class GroupingCost(ShownGrouping):
    """A hand a player showed in his own groups (``ShownGrouping``), with its session's label."""

    label: str


def _outcomes(tables: Iterable[RummyTable]) -> Iterator[tuple[RummyTable, RummyDeal, str]]:
    """Every (table, deal, player) in which the player has an outcome."""
    for table in tables:
        for deal in table.game.deals:
            for name in deal.outcomes:
                yield table, deal, name


def grouping_costs(tables: Iterable[RummyTable]) -> list[GroupingCost]:
    """Every hand shown in its player's own groups that scored as a count, with the lowest
    grouping's score beside it; in table and deal order."""
    return [
        GroupingCost(shown.hand, shown.player, shown.counted, shown.lowest, shown.grouping, label)
        for label, groupings in ((table.label, table.shown or ()) for table in tables)
        for shown in groupings
    ]


def player_figures(tables: Sequence[RummyTable]) -> pd.DataFrame:
    """One row per Rummy player, by name: the columns of ``FIGURES``."""
    rows: dict[str, dict[str, float]] = {}
    counts: dict[str, list[int]] = {}
    for table in tables:
        for name in table.players:
            rows.setdefault(name, dict.fromkeys(FIGURES, 0.0))["games"] += 1
    for _, deal, name in _outcomes(tables):
        kind = deal.outcomes[name].kind
        entry = rows.setdefault(name, dict.fromkeys(FIGURES, 0.0))
        entry["deals played"] += 1
        entry["deals won"] += deal.winner == name
        entry["first drops"] += kind == "drop"
        entry["middle drops"] += kind == "middle-drop"
        entry["wrong declarations"] += kind == "wrong-declaration"
        if kind in COUNT_KINDS:
            counts.setdefault(name, []).append(deal.outcomes[name].points)
    for cost in grouping_costs(tables):
        rows[cost.player]["points given away"] += cost.given_away
    frame = pd.DataFrame(
        [
            {"player": name}
            | {key: int(value) for key, value in entry.items()}
            | {"average count when losing": _mean(counts.get(name, []))}
            for name, entry in rows.items()
        ],
        columns=["player", *FIGURES],
    )
    return frame.sort_values("player", ignore_index=True)


def _mean(values: Sequence[int]) -> float | None:
    return round(sum(values) / len(values), 1) if values else None


def costs_table(costs: Sequence[GroupingCost]) -> pd.DataFrame:
    """A player's shown hands for the Coaching page, the costliest first."""
    rows = [
        {
            "session": cost.label,
            "deal": cost.hand,
            "his count": cost.counted,
            "lowest count": cost.lowest,
            "given away": cost.given_away,
            "lowest grouping": cost.grouping,
        }
        for cost in sorted(costs, key=lambda c: (-c.given_away, c.label, c.hand))
    ]
    columns = ["session", "deal", "his count", "lowest count", "given away", "lowest grouping"]
    return pd.DataFrame(rows, columns=columns)
