"""The wall sheet (TOURNAMENT.md §8): the day's schedule by table for the notice board, and where
each team or player plays next.

Pure, from a ``Tournament`` whose ``schedule`` the day gives (a folder of files has none: the sheet
says so). Each table lists its matches in the order they are played (stage, round, time, the order
scheduled, as a table's current match is chosen), with the teams or players, the time and where the
match stands; the finished ones show their result. The second part lists every team or player with
a match still to play: the first such match, its table and time. Portrait sheets, cut between
tables, each headed by the event, the stage and "as of HH:MM": a table that fits on a sheet is
never split, one longer than a sheet goes on over the next ones under its heading again, marked
"continued". Each sheet is filled only to what one page of A4 or Letter holds, so the "sheet N of
M" of its heading is the count of pages printed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from dashboard.printing.frame import Sheet, printable_page
from dashboard.views.text import escape
from replay.tournament import Match, ScheduleEntry, Tournament
from replay.tournament.schedule import played_order

SHEET_LINES = 37
"""Lines one portrait sheet holds below its heading, on A4 and on Letter: a row of one line of
text counts one, a table's heading with its column heads three (printed by Chromium, a sheet of
one table holds 35 rows on Letter, of four tables 6 rows each: a heading takes under 2.9 rows)."""
HEAD_LINES = 3
LINE_CHARS = 70
"""The characters of a row's cells one line across the sheet holds: a longer row wraps, and
counts a line more for every 70 (more than a wrapped line takes, so a sheet never overflows)."""
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


@dataclass(frozen=True)
class Block:
    """One table of the sheet: its heading, its column heads and its rows, each row with the
    lines it takes."""

    title: str
    head: str
    rows: tuple[tuple[int, str], ...]

    def html(self, rows: Sequence[tuple[int, str]], continued: bool) -> str:
        """The table with these of its rows, its heading marked when it goes on from a sheet."""
        title = f"{self.title} (continued)" if continued else self.title
        body = "".join(row for _, row in rows)
        return f'<h2>{escape(title)}</h2><table class="print">{self.head}{body}</table>'


def _row(cells: Sequence[tuple[str, str]]) -> tuple[int, str]:
    """A row of ``(class, text)`` cells, with the lines it takes."""
    chars = sum(len(text) for _, text in cells)
    html = "".join(
        f"<td{f' class={kind}' if kind else ''}>{escape(text)}</td>" for kind, text in cells
    )
    return max(1, math.ceil(chars / LINE_CHARS)), f"<tr>{html}</tr>"


def _table_block(table: int, entries: Sequence[ScheduleEntry], matches: dict[str, Match]) -> Block:
    rows = tuple(
        _row(
            [
                ("", entry.scheduled.time or ""),
                ("name", _when(entry)),
                ("name", who_plays(entry)),
                ("name", standing(entry, matches)),
            ]
        )
        for entry in entries
    )
    head = "<tr><th>Time</th><th class=name>Match</th><th class=name>Who</th>"
    head += "<th class=name>Now</th></tr>"
    return Block(f"Table {table}", head, rows)


def sheets_of(blocks: Sequence[Block]) -> list[Sheet]:
    """The blocks on sheets of ``SHEET_LINES``, in order: a block goes whole on the sheet it
    fits, else whole on the next; one longer than a sheet starts a sheet and goes on over the
    next ones, its heading again on each."""
    sheets: list[list[str]] = [[]]
    used = 0
    for block in blocks:
        size = HEAD_LINES + sum(lines for lines, _ in block.rows)
        if used and used + size > SHEET_LINES:
            sheets.append([])
            used = 0
        rows = list(block.rows)
        continued = False
        while rows:
            if continued:
                sheets.append([])
                used = 0
            room = SHEET_LINES - used - HEAD_LINES
            taken = 1
            while taken < len(rows) and sum(n for n, _ in rows[: taken + 1]) <= room:
                taken += 1
            sheets[-1].append(block.html(rows[:taken], continued))
            used += HEAD_LINES + sum(n for n, _ in rows[:taken])
            rows = rows[taken:]
            continued = True
    return [Sheet("".join(parts)) for parts in sheets if parts]


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
        blocks.append(_table_block(table, [e for _, e in ordered], matches))
    upcoming = next_matches(tournament.schedule)
    if upcoming:
        rows = tuple(
            _row(
                [
                    ("name", name),
                    ("", str(entry.scheduled.table)),
                    ("", entry.scheduled.time or ""),
                    ("name", who_plays(entry)),
                ]
            )
            for name, entry in upcoming
        )
        head = "<tr><th class=name>Plays next</th><th>Table</th><th>Time</th>"
        head += "<th class=name>Match</th></tr>"
        blocks.append(Block("Where each plays next", head, rows))
    sheets = sheets_of(blocks) or [
        Sheet("<p>No match is scheduled: the schedule is kept in the archive.</p>")
    ]
    return printable_page(
        f"{event}: wall sheet", event, "Schedule by table", now, sheets, paper=paper
    )
