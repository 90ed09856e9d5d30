"""A tournament day set up in an archive through the same actions the Organiser page calls: the
bundled tournament's description with a Rummy roster, two 28 group matches and two Rummy tables
on the schedule. Shared by the day's page tests, browser tests and the four-table test."""

from __future__ import annotations

from pathlib import Path

from dashboard.day import actions
from dashboard.day.source import Day, open_day
from recorder import dumps, loads
from recorder.archive import Archive, Author
from replay.tournament import ScheduledMatch

TOURNAMENT = Path(__file__).resolve().parent.parent / "data" / "tournament"
EVENT = "Kerala House Card Tournament"
RUMMY_PLAYERS = ("Abu", "Beena", "Chacko", "Dinesh", "Elsa", "Felix", "Ganga", "Hamid")
ORGANISER = Author("organiser", "set-up")
GROUP_MATCHES = (("G1-1", 1, "Tuskers", "Theyyams"), ("G1-2", 2, "Vallams", "Chendas"))
RUMMY_TABLES = (("R1-1", 3, RUMMY_PLAYERS[:4]), ("R1-2", 4, RUMMY_PLAYERS[4:]))


def description_text() -> str:
    """The bundled description with the Rummy roster and a fee for each 28 team."""
    text = (TOURNAMENT / "tournament.toml").read_text(encoding="utf-8")
    roster = ", ".join(f'"{name}"' for name in RUMMY_PLAYERS)
    return text + f"players = [{roster}]\n\n[fees]\nteam = 100\n"


def set_up(archive: Archive) -> Day:
    """The tournament set up and its first matches scheduled; the day as it then stands."""
    actions.set_description(archive, description_text(), ORGANISER)
    for match_id, table, first, second in GROUP_MATCHES:
        match = ScheduledMatch(match_id, "28", "group", 1, table, teams=(first, second))
        actions.schedule_match(open_day(archive), match, ORGANISER)
    for match_id, table, players in RUMMY_TABLES:
        match = ScheduledMatch(match_id, "rummy", "first round", 1, table, players=players)
        actions.schedule_match(open_day(archive), match, ORGANISER)
    return open_day(archive)


def played_match(archive: Archive, table: int, source: str) -> int:
    """The table's current match started from the schedule (with the bundled session's players)
    and the bundled session's hands put in by the director: a whole match, finished."""
    played = loads((TOURNAMENT / source).read_text(encoding="utf-8"))
    day = open_day(archive)
    entry = actions.table_match(day, table)
    players = tuple(played.players)
    session = actions.start_match(day, entry, Author(f"table {table}"), players)
    record = archive.record(session)
    text = dumps(record.model_copy(update={"hands": played.hands}))
    actions.correct(open_day(archive), session, 1, text, Author("director", "the paper sheet"))
    return session
