"""The description ``tournament.toml`` (TOURNAMENT.md §2, §8, §11), read with the standard library.

Every key is optional and falls back to the rules texts' format. A text that is not TOML, a key of
the wrong type, a key the contract does not know (with the nearest known key, by ``difflib``), a
bad name, or a name in ``decided`` or ``withdrawn`` that is no team is a ``bad-description``
finding (error) with its line and column; the defaults stand for that key and nothing else is
dropped. ``description_toml`` (in ``description_text``) writes a description back.
"""

from __future__ import annotations

import datetime
import difflib
import re
import tomllib
import zoneinfo
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from recorder.house_rules import HOUSE_RULES, rule_problem
from replay.tournament.findings import TournamentFinding
from replay.tournament.names import clean_name, name_problem
from replay.tournament.toml_places import Path, key_places

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
    withdrawn: tuple[str, ...] = ()
    """Teams withdrawn from the tournament (§9)."""

    def team(self, name: str) -> TeamEntry | None:
        return next((team for team in self.teams if team.name == name), None)


@dataclass(frozen=True)
class RummyFormat:
    """The Rummy part: the game's limit, how many go on from each stage, the roster, who left."""

    limit: int = 250
    first_round_qualify: int = 1
    semi_qualify: int = 6
    players: tuple[str, ...] = ()
    """The Rummy roster (§8): everyone registered, each owing the registration fee once."""
    withdrawn: tuple[str, ...] = ()
    """Players withdrawn (§9): the next of their stage's standing takes their place."""


@dataclass(frozen=True)
class Fees:
    """The day's fees (§11), whole amounts in ``currency``."""

    registration: int = 50
    entry: int = 50
    rejoin: int = 50
    team: int = 0
    currency: str = "$"


@dataclass(frozen=True)
class Description:
    """What ``tournament.toml`` says, defaults filled in; ``source`` is the file's name."""

    name: str | None = None
    date: str | None = None
    twenty_eight: TwentyEightFormat = field(default_factory=TwentyEightFormat)
    rummy: RummyFormat = field(default_factory=RummyFormat)
    source: str = "tournament.toml"
    text: str = ""
    rules: str | None = None
    """The ``Rules`` tag every scheduled session gets (§8)."""
    fees: Fees = field(default_factory=Fees)
    timezone: str | None = None
    """The IANA time zone of the venue (``Asia/Kolkata``): the day's keys end when ``date`` ends
    there (the machine's own zone without one, TOURNAMENT.md §10)."""

    def line_of(self, text: str) -> int:
        """The first line of the file that mentions ``text`` in quotes (0 when none does)."""
        for number, line in enumerate(self.text.splitlines(), start=1):
            if f'"{text}"' in line:
                return number
        return 0


KNOWN_KEYS: dict[Path, tuple[str, ...]] = {
    (): ("name", "date", "timezone", "rules", "28", "rummy", "fees"),
    ("28",): (
        "shuffles",
        "final_shuffles",
        "group_games",
        "tiebreak",
        "decided",
        "withdrawn",
        "teams",
    ),
    ("28", "teams"): ("name", "players", "group"),
    ("rummy",): ("limit", "first_round_qualify", "semi_qualify", "players", "withdrawn"),
    ("fees",): ("registration", "entry", "rejoin", "team", "currency"),
}
"""Every key the contract knows, by the table it stands in (array tables without their index)."""

_TOML_PLACE = re.compile(r"\(at line (\d+), column (\d+)\)")


class _Reader:
    """Typed look-ups in a TOML table that turn a wrong type into a finding at the key's place."""

    def __init__(self, source: str, text: str, findings: list[TournamentFinding]) -> None:
        self.source = source
        self.places = key_places(text)
        self.findings = findings

    def problem(self, message: str, path: Path = ()) -> None:
        line, column = self.places.get(path, (0, 0))
        self.findings.append(
            TournamentFinding("bad-description", self.source, line, message, column)
        )

    def get(
        self,
        table: Mapping[str, Any],
        path: Path,
        key: str,
        check: Callable[[Any], bool],
        default: T,
    ) -> T:
        """``table[key]`` when it passes ``check``; else a finding and the default."""
        if key not in table:
            return default
        value = table[key]
        if not check(value):
            self.problem(
                f"{_shown(path)}{key} = {value!r}: expected {_EXPECTED[check]}", (*path, key)
            )
            return default
        return value

    def names(self, table: Mapping[str, Any], path: Path, key: str) -> tuple[str, ...]:
        """A list of names, each cleaned; a bad name is reported and left out, as is a repeat."""
        kept: list[str] = []
        given: list[str] = self.get(table, path, key, _is_names, [])
        for raw in given:
            name = clean_name(raw)
            problem = name_problem(name)
            if problem:
                self.problem(f"{_shown(path)}{key}: {raw!r}: {problem}", (*path, key))
            elif name in kept:
                self.problem(f"{_shown(path)}{key}: {name} is listed twice", (*path, key))
            else:
                kept.append(name)
        return tuple(kept)

    def unknown_keys(self, data: Mapping[str, Any], path: Path = ()) -> None:
        """Report every key the contract does not know, with the nearest known one."""
        known = KNOWN_KEYS[tuple(part for part in path if isinstance(part, str))]
        for key, value in data.items():
            if key not in known:
                self.problem(_no_such_key(key, known), (*path, key))
                continue
            inner = (*path, key)
            if tuple(part for part in inner if isinstance(part, str)) not in KNOWN_KEYS:
                continue
            if isinstance(value, dict):
                self.unknown_keys(value, inner)
            elif isinstance(value, list):
                for index, entry in enumerate(value):
                    if isinstance(entry, dict):
                        self.unknown_keys(entry, (*inner, index))


def _no_such_key(key: str, known: tuple[str, ...]) -> str:
    nearest = difflib.get_close_matches(key, known, n=1)
    if nearest:
        return f'"{key}": no such key; did you mean "{nearest[0]}"?'
    return f""""{key}": no such key (known here: {", ".join(known)})"""


def _shown(path: Path) -> str:
    """``28.teams[2].`` for the path ``("28", "teams", 1)``."""
    text = ""
    for part in path:
        text += f"[{part + 1}]" if isinstance(part, int) else ("." if text else "") + part
    return text + "." if text else ""


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _is_amount(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_text(value: Any) -> bool:
    return isinstance(value, str)


def _is_date(value: Any) -> bool:
    return isinstance(value, str | datetime.date)


def _is_zone(value: Any) -> bool:
    """Whether ``value`` names a time zone the machine knows (``Asia/Kolkata``)."""
    if not isinstance(value, str) or not value.strip() or value.startswith(("/", ".")):
        return False
    try:
        zoneinfo.ZoneInfo(value)
    except (ValueError, OSError, zoneinfo.ZoneInfoNotFoundError):  # a folder, no such file
        return False
    return True


def _is_names(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


_EXPECTED: dict[Callable[[Any], bool], str] = {
    _is_count: "a whole number above 0",
    _is_amount: "a whole number, 0 or more",
    _is_text: "a text in quotes",
    _is_names: "a list of names in quotes",
    _is_date: "a date",
    _is_zone: 'a time zone such as "Asia/Kolkata"',
}


def read_description(
    text: str, source: str = "tournament.toml"
) -> tuple[Description, list[TournamentFinding]]:
    """The description in ``text`` and what is wrong with it (never raises)."""
    findings: list[TournamentFinding] = []
    reader = _Reader(source, text, findings)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        place = _TOML_PLACE.search(str(error))
        line, column = (int(place.group(1)), int(place.group(2))) if place else (0, 0)
        findings.append(
            TournamentFinding("bad-description", source, line, f"not TOML: {error}", column)
        )
        return Description(source=source, text=text), findings
    reader.unknown_keys(data)
    name = reader.get(data, (), "name", _is_text, None)
    date = reader.get(data, (), "date", _is_date, None)
    timezone = reader.get(data, (), "timezone", _is_zone, None)
    rules = reader.get(data, (), "rules", _is_text, None)
    for problem in rules_problems(rules or ""):
        reader.problem(f"rules: {problem}", ("rules",))
    twenty_eight = _twenty_eight(_table(data, "28", reader), reader)
    rummy = _rummy(_table(data, "rummy", reader), reader)
    fees = _fees(_table(data, "fees", reader), reader)
    shown_date = date.isoformat() if isinstance(date, datetime.date) else date
    description = Description(
        name.strip() if name else name,
        shown_date,
        twenty_eight,
        rummy,
        source,
        text,
        rules,
        fees,
        timezone,
    )
    findings.sort(key=lambda finding: (finding.line, finding.column))
    return description, findings


TOURNAMENT_GAMES = ("28", "rummy")
"""The games of the tournament, whose sessions get the description's ``rules``."""


def _rule_items(text: str) -> list[tuple[str, str, str]]:
    """The items of a ``Rules`` text: (item, key, value); no key for an item without ``=``."""
    items = []
    for item in (part.strip() for part in text.split(",")):
        if item:
            key, equals, value = item.partition("=")
            items.append((item, key.strip() if equals else "", value.strip()))
    return items


def rules_problems(text: str) -> list[str]:
    """What is wrong with a ``rules`` text: an item that is no ``key=value``, or a switch that
    applies to neither game of the tournament (RULES.md's keys)."""
    problems = []
    for item, key, value in _rule_items(text):
        if not key:
            problems.append(f"bad Rules item {item!r} (expected key=value)")
            continue
        found = [rule_problem(game, key, value) for game in TOURNAMENT_GAMES]
        if all(found):
            rule = HOUSE_RULES.get(key)
            rummy = rule is not None and "rummy" in rule.games
            problems.append(str(found[1] if rummy else found[0]))
    return problems


def rules_for(game: str, text: str | None) -> str | None:
    """The switches of a ``rules`` text that apply to ``game``: the ``Rules`` tag of its sessions
    (``None`` when none does)."""
    kept = [
        f"{key}={value}"
        for _, key, value in _rule_items(text or "")
        if key and rule_problem(game, key, value) is None
    ]
    return ", ".join(kept) or None


def _table(data: Mapping[str, Any], key: str, reader: _Reader) -> dict[str, Any]:
    table = data.get(key, {})
    if not isinstance(table, dict):
        reader.problem(f"[{key}] must be a table", (key,))
        return {}
    return table


def _twenty_eight(table: dict[str, Any], reader: _Reader) -> TwentyEightFormat:
    default = TwentyEightFormat()
    path: Path = ("28",)
    tiebreak = tuple(reader.get(table, path, "tiebreak", _is_names, list(default.tiebreak)))
    unknown = [name for name in tiebreak if name not in TIEBREAKS]
    if unknown:
        known = ", ".join(TIEBREAKS)
        reader.problem(
            f"28.tiebreak: unknown rule {unknown[0]!r} (known: {known})", (*path, "tiebreak")
        )
        tiebreak = tuple(name for name in tiebreak if name in TIEBREAKS)
    teams = _teams(table.get("teams", []), reader)
    named = {team.name for team in teams}
    listed: dict[str, tuple[str, ...]] = {}
    for key in ("decided", "withdrawn"):
        names = reader.names(table, path, key)
        strangers = [name for name in names if teams and name not in named]
        for stranger in strangers:
            reader.problem(_no_team(key, stranger, sorted(named)), (*path, key))
        listed[key] = tuple(name for name in names if name not in strangers)
    return replace(
        default,
        shuffles=reader.get(table, path, "shuffles", _is_count, default.shuffles),
        final_shuffles=reader.get(table, path, "final_shuffles", _is_count, default.final_shuffles),
        group_games=reader.get(table, path, "group_games", _is_count, default.group_games),
        tiebreak=tiebreak,
        decided=listed["decided"],
        withdrawn=listed["withdrawn"],
        teams=teams,
    )


def _no_team(key: str, name: str, teams: list[str]) -> str:
    nearest = difflib.get_close_matches(name, teams, n=1)
    hint = f"; did you mean {nearest[0]}?" if nearest else f" (teams: {', '.join(teams)})"
    return f"28.{key}: {name} is no team{hint}"


def _teams(entries: Any, reader: _Reader) -> tuple[TeamEntry, ...]:
    if not isinstance(entries, list) or not all(isinstance(entry, dict) for entry in entries):
        reader.problem("[[28.teams]] must be a list of tables", ("28", "teams"))
        return ()
    teams: list[TeamEntry] = []
    for index, entry in enumerate(entries):
        path: Path = ("28", "teams", index)
        raw = reader.get(entry, path, "name", _is_text, "")
        name = clean_name(raw)
        problem = name_problem(name)
        if problem:
            where = (*path, "name") if "name" in entry else ("28", "teams")
            reader.problem(f"{_shown(path)}name {raw!r}: {problem}", where)
            continue
        if any(team.name == name for team in teams):
            reader.problem(f"28.teams: {name} is listed twice", (*path, "name"))
            continue
        players = reader.names(entry, path, "players")
        group = reader.get(entry, path, "group", _is_text, None)
        teams.append(TeamEntry(name, players, group.strip() if group else None))
    return tuple(teams)


def _rummy(table: dict[str, Any], reader: _Reader) -> RummyFormat:
    default = RummyFormat()
    path: Path = ("rummy",)
    players = reader.names(table, path, "players")
    withdrawn = reader.names(table, path, "withdrawn")
    for name in withdrawn:
        if players and name not in players:
            reader.problem(
                f"rummy.withdrawn: {name} is not on the Rummy roster", (*path, "withdrawn")
            )
    return RummyFormat(
        limit=reader.get(table, path, "limit", _is_count, default.limit),
        first_round_qualify=reader.get(
            table, path, "first_round_qualify", _is_count, default.first_round_qualify
        ),
        semi_qualify=reader.get(table, path, "semi_qualify", _is_count, default.semi_qualify),
        players=players,
        withdrawn=withdrawn,
    )


def _fees(table: dict[str, Any], reader: _Reader) -> Fees:
    default = Fees()
    path: Path = ("fees",)
    amounts = {
        key: reader.get(table, path, key, _is_amount, getattr(default, key))
        for key in ("registration", "entry", "rejoin", "team")
    }
    currency = reader.get(table, path, "currency", _is_text, default.currency)
    return Fees(**amounts, currency=currency)
