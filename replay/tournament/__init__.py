"""The tournament (TOURNAMENT.md): standings, the knockout bracket and the findings, computed from
the sessions of one event; pure, like the rest of ``replay``."""

from replay.tournament.bracket import Slot
from replay.tournament.description import Description, read_description
from replay.tournament.findings import TOURNAMENT_RULES, TournamentFinding
from replay.tournament.matches import Match, TournamentSession
from replay.tournament.standings import StandingRow, Tally
from replay.tournament.tournament import Pending, Tournament, build_tournament

__all__ = [
    "TOURNAMENT_RULES",
    "Description",
    "Match",
    "Pending",
    "Slot",
    "StandingRow",
    "Tally",
    "Tournament",
    "TournamentFinding",
    "TournamentSession",
    "build_tournament",
    "read_description",
]
