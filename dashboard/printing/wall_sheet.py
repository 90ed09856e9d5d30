"""The wall sheet (TOURNAMENT.md §8): the day's schedule by table for the notice board, and where
each team or player plays next.

Pure, from a ``Tournament`` whose ``schedule`` the day gives (a folder of files has none: the sheet
says so). Each table lists its matches in the order they are played (stage, round, time, the order
scheduled, as a table's current match is chosen), with the teams or players, the time and where the
match stands; the finished ones show their result. The second part lists every team or player with
a match still to play: the first such match, its table and time. Portrait sheets, cut between
tables (a table never split), each headed by the event, the stage and "as of HH:MM".
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from dashboard.printing.frame import Sheet, cut, printable_page
from dashboard.views.text import escape
from replay.tournament import Match, ScheduleEntry, Tournament
from replay.tournament.schedule import played_order

WALL_LINES = 40
"""Table lines one portrait sheet holds (a table's heading and column heads count two)."""
STATE_WORDS = {
    "waiting": "teams not known yet",
    "scheduled": "to play",
    "playing": "being played",
    "finished": "finished",
    "walkover": "walkover",
    "decided": "decided by the director",
    "void": "void: to play again",
    "stale": "to be settled by the director",
}
"""How each state of a scheduled match reads on the wall."""


def who_plays(entry: ScheduleEntry) -> str:
    """The teams (``A v B``, a slot's sources while unknown) or the players of a match."""
    scheduled = entry.scheduled
    if scheduled.players:
        return ", ".join(scheduled.players)
    teams = entry.teams or scheduled.teams
    if teams is None:
        return scheduled.match or ""
    return " v ".join(team or "?" for team in teams)


def standing(entry: ScheduleEntry, matches: dict[str, Match]) -> str:
    """Where the match stands, with the result once it is over."""
    words = STATE_WORDS.get(entry.state, entry.state)
    match = matches.get(entry.session or "")
    if match is None or entry.state not in ("finished", "decided", "playing"):
        return words
    first, second = match.points
    return f"{words} {first}–{second}"


def _when(entry: ScheduleEntry) -> str:
    scheduled = entry.scheduled
    parts = [scheduled.stage, f"round {scheduled.round}" if scheduled.round else ""]
    parts.append(scheduled.match or "")
    return " · ".join(part for part in parts if part)


def _table_block(table: int, entries: Sequence[ScheduleEntry], matches: dict[str, Match]) -> str:
    rows = "".join(
        "<tr>"
        f"<td>{escape(entry.scheduled.time or '')}</td>"
        f"<td class=name>{escape(_when(entry))}</td>"
        f"<td class=name>{escape(who_plays(entry))}</td>"
        f"<td class=name>{escape(standing(entry, matches))}</td>"
        "</tr>"
        for entry in entries
    )
    head = "<tr><th>Time</th><th class=name>Match</th><th class=name>Who</th>"
    head += "<th class=name>Now</th></tr>"
    return f'<h2>Table {table}</h2><table class="print">{head}{rows}</table>'


def next_matches(schedule: Sequence[ScheduleEntry]) -> list[tuple[str, ScheduleEntry]]:
    """Every team or player with a match still to play, and the first such match, by name."""
    ordered = sorted(enumerate(schedule), key=lambda item: played_order(item[1], item[0]))
    first: dict[str, ScheduleEntry] = {}
    for _, entry in ordered:
        if entry.done or entry.state in ("waiting", "stale"):
            continue
        names = entry.scheduled.players or tuple(team for team in entry.teams or () if team)
        for name in names:
            first.setdefault(name, entry)
    return sorted(first.items())


def wall_printable(tournament: Tournament, now: datetime, paper: str | None = None) -> str:
    """The schedule by table and each team's or player's next match, on portrait sheets."""
    event = tournament.name or "Tournament"
    matches = {match.session.key: match for match in tournament.matches}
    tables: dict[int, list[tuple[int, ScheduleEntry]]] = {}
    for position, entry in enumerate(tournament.schedule):
        tables.setdefault(entry.scheduled.table, []).append((position, entry))
    blocks = []
    for table in sorted(tables):
        ordered = sorted(tables[table], key=lambda item: played_order(item[1], item[0]))
        blocks.append((len(ordered) + 2, _table_block(table, [e for _, e in ordered], matches)))
    upcoming = next_matches(tournament.schedule)
    if upcoming:
        rows = "".join(
            f"<tr><td class=name>{escape(name)}</td><td>{entry.scheduled.table}</td>"
            f"<td>{escape(entry.scheduled.time or '')}</td>"
            f"<td class=name>{escape(who_plays(entry))}</td></tr>"
            for name, entry in upcoming
        )
        head = "<tr><th class=name>Plays next</th><th>Table</th><th>Time</th>"
        head += "<th class=name>Match</th></tr>"
        block = f'<h2>Where each plays next</h2><table class="print">{head}{rows}</table>'
        blocks.append((len(upcoming) + 2, block))
    sheets = [
        Sheet("".join(blocks[index][1] for index in indexes))
        for indexes in cut([size for size, _ in blocks], WALL_LINES)
    ] or [Sheet("<p>No match is scheduled: the schedule is kept in the archive.</p>")]
    return printable_page(
        f"{event}: wall sheet", event, "Schedule by table", now, sheets, paper=paper
    )
