"""13-card Rummy (RUMMY.md): judging groups and declarations and the grouping search
(``grouping``), one deal judged (``deal``), the turn log (``turns``) and the game with its totals
and re-entries (``game``).

``replay_rummy(record, rules) -> RummyGame`` is the entry point the command, the tournament and
the dashboard use; it never raises on a record the model allows.
"""

from replay.rummy.game import replay_rummy
from replay.rummy.grouping import (
    Count,
    CountMode,
    Declaration,
    GroupKind,
    Wild,
    count_grouped,
    find_declaration,
    judge_declaration,
    judge_group,
    lowest_count,
)
from replay.rummy.results import Outcome, RummyDeal, RummyGame

__all__ = [
    "Count",
    "CountMode",
    "Declaration",
    "GroupKind",
    "Outcome",
    "RummyDeal",
    "RummyGame",
    "Wild",
    "count_grouped",
    "find_declaration",
    "judge_declaration",
    "judge_group",
    "lowest_count",
    "replay_rummy",
]
