"""13-card Rummy (RUMMY.md): judging groups and declarations, and the grouping search."""

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

__all__ = [
    "Count",
    "CountMode",
    "Declaration",
    "GroupKind",
    "Wild",
    "count_grouped",
    "find_declaration",
    "judge_declaration",
    "judge_group",
    "lowest_count",
]
