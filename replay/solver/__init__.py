"""The coaching solver: perfect-information search over 40, 28 and 29 and the analysis built on it.

``solve(position)`` gives a position's value (the callers' card points with best play by both
sides) and its best moves; ``analyse_hand`` and ``analyse_session`` judge every card and call of
a recorded hand (docs/ANALYSIS.md).
"""

from replay.solver.analysis import (
    PERFECT_INFORMATION,
    THRESHOLDS,
    CardJudgement,
    HandAnalysis,
    PlayerCoaching,
    Thresholds,
    analyse_hand,
    analyse_replayed,
    analyse_session,
    coaching_by_player,
)
from replay.solver.board import legal_moves, play
from replay.solver.position import Move, Position
from replay.solver.rules import TableRules
from replay.solver.search import Solution, Solver, solve

__all__ = [
    "PERFECT_INFORMATION",
    "THRESHOLDS",
    "CardJudgement",
    "HandAnalysis",
    "Move",
    "PlayerCoaching",
    "Position",
    "Solution",
    "Solver",
    "TableRules",
    "Thresholds",
    "analyse_hand",
    "analyse_replayed",
    "analyse_session",
    "coaching_by_player",
    "legal_moves",
    "play",
    "solve",
]
