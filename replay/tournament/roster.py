"""Rosters from a spreadsheet (TOURNAMENT.md §8): a CSV file with a header row, ``team,player``
(28, with an optional ``group`` column) or ``player`` (Rummy), in UTF-8 with or without a
byte-order mark, read into rows and merged into a description.

Every problem is a ``bad-roster`` finding naming the file and line (``roster.csv:4: ...``): an
unknown column (with the nearest known one), a row with too many or too few cells, an empty or bad
name, a player listed twice or in two teams, a team given two groups. Rows with a problem are left
out; the others are kept.
"""

from __future__ import annotations

import codecs
import csv
import difflib
import io
from dataclasses import dataclass, replace

from replay.tournament.description import Description, TeamEntry
from replay.tournament.findings import TournamentFinding
from replay.tournament.names import clean_name, name_problem

COLUMNS = ("team", "player", "group")
"""Every column a roster may have; ``team`` makes it a 28 roster."""


@dataclass(frozen=True)
class RosterRow:
    """One player of the roster: his team and group (28; ``None`` for Rummy), and his line."""

    player: str
    team: str | None = None
    group: str | None = None
    line: int = 0


@dataclass(frozen=True)
class Roster:
    """A roster read: ``28`` or ``rummy``, its rows, and what is wrong with the file."""

    game: str
    rows: tuple[RosterRow, ...]
    findings: tuple[TournamentFinding, ...] = ()


def read_roster(data: bytes | str, source: str = "roster.csv") -> Roster:
    """The roster in a CSV file's bytes (or text); never raises."""
    findings: list[TournamentFinding] = []

    def problem(line: int, message: str) -> None:
        findings.append(TournamentFinding("bad-roster", source, line, message))

    if isinstance(data, bytes):
        body = data[len(codecs.BOM_UTF8) :] if data.startswith(codecs.BOM_UTF8) else data
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as error:
            line = body[: error.start].count(b"\n") + 1
            problem(
                line, f"not UTF-8 (byte 0x{body[error.start]:02X}): save the sheet as CSV UTF-8"
            )
            return Roster("rummy", (), tuple(findings))
    else:
        text = data
    text = text.removeprefix("\ufeff")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    numbered = [
        (number, row) for number, row in enumerate(rows, start=1) if any(c.strip() for c in row)
    ]
    if not numbered:
        problem(1, "empty roster: expected a header row, team,player (28) or player (Rummy)")
        return Roster("rummy", (), tuple(findings))
    header_line, header = numbered[0]
    columns = [cell.strip().lower() for cell in header]
    for column in columns:
        if column not in COLUMNS:
            nearest = difflib.get_close_matches(column, COLUMNS, n=1)
            hint = (
                f'; did you mean "{nearest[0]}"?' if nearest else f" (known: {', '.join(COLUMNS)})"
            )
            problem(header_line, f'unknown column "{column}"{hint}')
    game = "28" if "team" in columns else "rummy"
    if "player" not in columns or (game == "rummy" and "group" in columns):
        problem(
            header_line, "the header row must be team,player (28; group optional) or player (Rummy)"
        )
    if findings:
        return Roster(game, (), tuple(findings))
    kept: list[RosterRow] = []
    team_of: dict[str, tuple[str | None, int]] = {}
    group_of: dict[str, str | None] = {}
    for number, row in numbered[1:]:
        if len(row) != len(columns):
            problem(
                number, f"{len(row)} cells, the header has {len(columns)} ({','.join(columns)})"
            )
            continue
        cells = {column: clean_name(cell) for column, cell in zip(columns, row, strict=True)}
        bad = [
            f"{column} {cells[column]!r}: {found}"
            for column in ("team", "player")
            if column in cells and (found := name_problem(cells[column]))
        ]
        if bad:
            problem(number, bad[0])
            continue
        player, team, group = cells["player"], cells.get("team"), cells.get("group") or None
        if player in team_of:
            first_team, first_line = team_of[player]
            where = f" in {first_team}" if first_team else ""
            problem(number, f"{player} is listed already{where} (line {first_line})")
            continue
        if team is not None and team in group_of and group_of[team] != group:
            problem(
                number,
                f"{team} is in group {group_of[team] or 'none'} already, not {group or 'none'}",
            )
            continue
        team_of[player] = (team, number)
        if team is not None:
            group_of[team] = group
        kept.append(RosterRow(player, team, group, number))
    return Roster(game, tuple(kept), tuple(findings))


def merge_roster(description: Description, roster: Roster) -> Description:
    """The description with the roster's players added: 28 teams in the order they first come (a
    team already listed keeps its place and gains the new players; a group given replaces its
    group), or the Rummy roster."""
    if roster.game == "rummy":
        players = tuple(
            dict.fromkeys([*description.rummy.players, *(r.player for r in roster.rows)])
        )
        return replace(description, rummy=replace(description.rummy, players=players))
    fmt = description.twenty_eight
    teams = {team.name: team for team in fmt.teams}
    for row in roster.rows:
        assert row.team is not None
        team = teams.get(row.team, TeamEntry(row.team))
        players = tuple(dict.fromkeys([*team.players, row.player]))
        teams[row.team] = replace(team, players=players, group=row.group or team.group)
    return replace(description, twenty_eight=replace(fmt, teams=tuple(teams.values())))
