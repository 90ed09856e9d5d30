"""The tournament (TOURNAMENT.md): standings, the knockout bracket and the findings, computed from
the sessions of one event, its description and the day's log (schedule, voids, payments); pure,
like the rest of ``replay``."""

from replay.tournament.bracket import Slot
from replay.tournament.day import (
    DayLog,
    Payment,
    ScheduledMatch,
    change_problems,
    schedule_problems,
)
from replay.tournament.description import (
    Description,
    Fees,
    RummyFormat,
    TeamEntry,
    TwentyEightFormat,
    read_description,
)
from replay.tournament.description_text import description_toml
from replay.tournament.draw import Draw, draw_text, read_draw
from replay.tournament.fees import Account, Accounts, FeeLine, accounts, accounts_text
from replay.tournament.findings import TOURNAMENT_RULES, TournamentFinding
from replay.tournament.match_length import MatchLength, match_length
from replay.tournament.matches import Match, TournamentSession
from replay.tournament.names import clean_name, name_problem
from replay.tournament.roster import Roster, RosterRow, merge_roster, read_roster
from replay.tournament.schedule import ScheduleEntry, StartTags, current_matches, start_tags
from replay.tournament.standings import StandingRow, Tally
from replay.tournament.tournament import Pending, Tournament, VoidEntry, build_tournament

__all__ = [
    "TOURNAMENT_RULES",
    "Account",
    "Accounts",
    "DayLog",
    "Description",
    "Draw",
    "FeeLine",
    "Fees",
    "Match",
    "MatchLength",
    "Payment",
    "Pending",
    "Roster",
    "RosterRow",
    "RummyFormat",
    "ScheduleEntry",
    "ScheduledMatch",
    "Slot",
    "StandingRow",
    "StartTags",
    "Tally",
    "TeamEntry",
    "Tournament",
    "TournamentFinding",
    "TournamentSession",
    "TwentyEightFormat",
    "VoidEntry",
    "accounts",
    "accounts_text",
    "build_tournament",
    "change_problems",
    "clean_name",
    "current_matches",
    "description_toml",
    "draw_text",
    "match_length",
    "merge_roster",
    "name_problem",
    "read_description",
    "read_draw",
    "read_roster",
    "schedule_problems",
    "start_tags",
]
