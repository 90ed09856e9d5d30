"""The rules engine for 40, 28 and 29: pure functions over a ``Record``, no I/O.

``replay_session`` / ``replay_hand`` judge a record and give findings, results and steps;
``normalize`` fills every turn's seat; ``State`` and ``legal_moves`` play a hand from a full deal.
The full-information table and the random play (``replay.tricks.table``, ``replay.tricks.simulate``)
load on first use, as ``recorder``'s TGN functions do: ``thuruppu check`` does not import them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from replay.findings import CATALOGUE, Finding
from replay.tricks.engine import HandReplay, SessionReplay, replay_hand, replay_session
from replay.tricks.games import GAME_RULES, GameRules
from replay.tricks.normalize import normalize
from replay.tricks.outcome import HandResult, Penalty
from replay.tricks.state import Event, Play, Step, TableState, TrickSummary

if TYPE_CHECKING:
    from replay.tricks.simulate import random_hand, random_session
    from replay.tricks.table import Move, State, legal_moves

_ON_FIRST_USE = {
    "random_hand": "simulate",
    "random_session": "simulate",
    "Move": "table",
    "State": "table",
    "legal_moves": "table",
}

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


def __getattr__(name: str) -> Any:
    """A name of the table or the random play, imported when first asked for."""
    module = _ON_FIRST_USE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(f"replay.{module}"), name)
