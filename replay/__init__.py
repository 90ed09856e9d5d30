"""The rules engine for 40, 28 and 29: pure functions over a ``Record``, no I/O.

``replay_session`` / ``replay_hand`` judge a record and give findings, results and steps;
``normalize`` fills every turn's seat; ``State`` and ``legal_moves`` play a hand from a full deal.
"""

from replay.engine import HandReplay, SessionReplay, replay_hand, replay_session
from replay.findings import CATALOGUE, Finding
from replay.games import GAME_RULES, GameRules
from replay.normalize import normalize
from replay.outcome import HandResult, Penalty
from replay.simulate import random_hand, random_session
from replay.state import Event, Play, Step, TableState, TrickSummary
from replay.table import Move, State, legal_moves

__all__ = [
    "CATALOGUE",
    "GAME_RULES",
    "Event",
    "Finding",
    "GameRules",
    "HandReplay",
    "HandResult",
    "Move",
    "Penalty",
    "Play",
    "SessionReplay",
    "State",
    "Step",
    "TableState",
    "TrickSummary",
    "legal_moves",
    "normalize",
    "random_hand",
    "random_session",
    "replay_hand",
    "replay_session",
]
