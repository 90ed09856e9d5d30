"""The rules engine for 40, 28 and 29: pure functions over a ``Record``, no I/O.

``replay_session`` / ``replay_hand`` judge a record and give findings, results and steps;
``normalize`` fills every turn's seat; ``State`` and ``legal_moves`` play a hand from a full deal.
"""

from replay.engine import HandReplay, SessionReplay, replay_hand, replay_session
from replay.findings import CATALOGUE, Finding
from replay.games import GAME_RULES, GameRules
from replay.normalize import normalize
from replay.outcome import HandResult, Penalty
from replay.state import Event, Play, Step, TableState, TrickSummary

__all__ = [
    "CATALOGUE",
    "GAME_RULES",
    "Event",
    "Finding",
    "GameRules",
    "HandReplay",
    "HandResult",
    "Penalty",
    "Play",
    "SessionReplay",
    "Step",
    "TableState",
    "TrickSummary",
    "normalize",
    "replay_hand",
    "replay_session",
]
