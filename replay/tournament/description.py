"""The description file ``tournament.toml`` (TOURNAMENT.md §2), read with the standard library.

Every key is optional and falls back to the rules texts' format; a file that is not TOML, or a key
of the wrong type, is a ``bad-description`` finding and the defaults stand for that key.
"""

from __future__ import annotations

import datetime
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from replay.tournament.findings import TournamentFinding

TIEBREAKS = ("match-points", "point-difference", "points-for", "head-to-head")
"""The ranking rules §4 knows, and the house default order."""

T = TypeVar("T")


@dataclass(frozen=True)
class TeamEntry:
    """A team of the description: its name, its roster (a reserve allowed) and its group."""

    name: str
    players: tuple[str, ...] = ()
    group: str | None = None


@dataclass(frozen=True)
class TwentyEightFormat:
    """The 28 part: shuffles a match, the final's shuffles, group games, ranking and teams."""

    shuffles: int = 12
    final_shuffles: int = 18
    group_games: int = 4
    tiebreak: tuple[str, ...] = TIEBREAKS
    decided: tuple[str, ...] = ()
    teams: tuple[TeamEntry, ...] = ()

    def team(self, name: str) -> TeamEntry | None:
        return next((team for team in self.teams if team.name == name), None)


@dataclass(frozen=True)
class RummyFormat:
    """The Rummy part: the game's limit and how many go on from each stage."""

    limit: int = 250
    first_round_qualify: int = 1
    semi_qualify: int = 6


@dataclass(frozen=True)
class Description:
    """What ``tournament.toml`` says, defaults filled in; ``source`` is the file's name."""

    name: str | None = None
    date: str | None = None
    twenty_eight: TwentyEightFormat = field(default_factory=TwentyEightFormat)
    rummy: RummyFormat = field(default_factory=RummyFormat)
    source: str = "tournament.toml"
    text: str = ""

    def line_of(self, text: str) -> int:
        """The first line of the file that mentions ``text`` in quotes (0 when none does)."""
        for number, line in enumerate(self.text.splitlines(), start=1):
            if f'"{text}"' in line:
                return number
        return 0


_TOML_PLACE = re.compile(r"\(at line (\d+), column \d+\)")


class _Reader:
    """Typed look-ups in a TOML table that turn a wrong type into a finding."""

    def __init__(self, source: str, findings: list[TournamentFinding]) -> None:
        self.source = source
        self.findings = findings

    def problem(self, message: str, line: int = 0) -> None:
        self.findings.append(TournamentFinding("bad-description", self.source, line, message))

    def get(
        self,
        table: Mapping[str, Any],
        where: str,
        key: str,
        check: Callable[[Any], bool],
        default: T,
    ) -> T:
        """``table[key]`` when it passes ``check``; else a finding and the default."""
        if key not in table:
            return default
        value = table[key]
        if not check(value):
            self.problem(f"{where}{key} = {value!r}: expected {_EXPECTED[check]}")
            return default
        return value


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _is_text(value: Any) -> bool:
    return isinstance(value, str)


def _is_date(value: Any) -> bool:
    return isinstance(value, str | datetime.date)


def _is_names(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


_EXPECTED: dict[Callable[[Any], bool], str] = {
    _is_count: "a whole number above 0",
    _is_text: "a text in quotes",
    _is_names: "a list of names in quotes",
    _is_date: "a date",
}


def read_description(
    text: str, source: str = "tournament.toml"
) -> tuple[Description, list[TournamentFinding]]:
    """The description in ``text`` and what is wrong with it (never raises)."""
    findings: list[TournamentFinding] = []
    reader = _Reader(source, findings)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        place = _TOML_PLACE.search(str(error))
        reader.problem(f"not TOML: {error}", int(place.group(1)) if place else 0)
        return Description(source=source, text=text), findings
    name = reader.get(data, "", "name", _is_text, None)
    date = reader.get(data, "", "date", _is_date, None)
    twenty_eight = _twenty_eight(data.get("28", {}), reader)
    rummy = _rummy(data.get("rummy", {}), reader)
    shown_date = date.isoformat() if isinstance(date, datetime.date) else date
    return Description(name, shown_date, twenty_eight, rummy, source, text), findings


def _twenty_eight(table: Any, reader: _Reader) -> TwentyEightFormat:
    if not isinstance(table, dict):
        reader.problem("[28] must be a table")
        return TwentyEightFormat()
    default = TwentyEightFormat()
    tiebreak = tuple(reader.get(table, "28.", "tiebreak", _is_names, list(default.tiebreak)))
    unknown = [name for name in tiebreak if name not in TIEBREAKS]
    if unknown:
        known = ", ".join(TIEBREAKS)
        reader.problem(f"28.tiebreak: unknown rule {unknown[0]!r} (known: {known})")
        tiebreak = tuple(name for name in tiebreak if name in TIEBREAKS)
    return replace(
        default,
        shuffles=reader.get(table, "28.", "shuffles", _is_count, default.shuffles),
        final_shuffles=reader.get(
            table, "28.", "final_shuffles", _is_count, default.final_shuffles
        ),
        group_games=reader.get(table, "28.", "group_games", _is_count, default.group_games),
        tiebreak=tiebreak,
        decided=tuple(reader.get(table, "28.", "decided", _is_names, [])),
        teams=_teams(table.get("teams", []), reader),
    )


def _teams(entries: Any, reader: _Reader) -> tuple[TeamEntry, ...]:
    if not isinstance(entries, list) or not all(isinstance(entry, dict) for entry in entries):
        reader.problem("[[28.teams]] must be a list of tables")
        return ()
    teams: list[TeamEntry] = []
    for number, entry in enumerate(entries, start=1):
        name = reader.get(entry, f"28.teams[{number}].", "name", _is_text, "")
        if not name:
            reader.problem(f"28.teams[{number}]: a team needs a name")
            continue
        if any(team.name == name for team in teams):
            reader.problem(f"28.teams: {name} is listed twice")
            continue
        players: list[str] = reader.get(entry, f"28.teams[{number}].", "players", _is_names, [])
        group = reader.get(entry, f"28.teams[{number}].", "group", _is_text, None)
        teams.append(TeamEntry(name, tuple(players), group))
    return tuple(teams)


def _rummy(table: Any, reader: _Reader) -> RummyFormat:
    if not isinstance(table, dict):
        reader.problem("[rummy] must be a table")
        return RummyFormat()
    default = RummyFormat()
    return RummyFormat(
        limit=reader.get(table, "rummy.", "limit", _is_count, default.limit),
        first_round_qualify=reader.get(
            table, "rummy.", "first_round_qualify", _is_count, default.first_round_qualify
        ),
        semi_qualify=reader.get(table, "rummy.", "semi_qualify", _is_count, default.semi_qualify),
    )
