"""Tag pairs ``[Name "value"]``: reading them, their canonical order, and the checks of TGN.md §4–5.

Known tag names are matched in any case and written in their canonical spelling; other (vendor)
tags are kept exactly as written. A value is the text between the first and the last quote of the
tag, taken as it stands (no escapes), so any value without a line break or a ``"]`` survives.
Each known tag has a small check function looked up by name; a session tag whose check fails is
left out of the record, and ``Game`` or ``Players`` failing makes the record meaningless.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from recorder.games import GAME_NAMES_TEXT, GAMES, Family, GameSpec, family_of
from recorder.house_rules import rule_problem
from recorder.model import Tag, split_list
from recorder.tgn.errors import Problems, quoted
from recorder.tgn.node_maker import NodeMaker
from recorder.tgn.words import Notation, Problem

SESSION_TAGS = (
    "Game", "Players", "Teams", "Event", "Site", "Date", "Table", "Round", "Scorer", "Stage",
    "Match", "Schedule", "Draw", "Walkover", "Decision", "Rules", "Coolies", "Flags", "Points",
    "Totals",
)  # fmt: skip
HAND_TAGS = ("Hand", "Dealer", "Result", "Time", "Note")
#: Hand tags that make no sense before the first ``[Hand]`` (``Time`` and ``Note`` may describe
#: the session as vendor tags do).
HAND_ONLY_TAGS = ("Dealer", "Result")
#: The games each starting-score tag belongs to.
SCORE_TAG_GAMES = {
    "Coolies": ("40",), "Flags": ("40",), "Points": ("28", "29"), "Totals": ("rummy",),
}  # fmt: skip
_NUMBER = re.compile(r"-?\d{1,6}")

_CANONICAL_NAMES: Final = {name.lower(): name for name in SESSION_TAGS + HAND_TAGS}
_TAG: Final = re.compile(r"\[[ \t]*([A-Za-z][A-Za-z0-9_.-]*)[ \t]*\"(.*)\"[ \t]*\]\Z", re.S)
_ITEM = re.compile(r"[^,]+")
_RESULT: Final = re.compile(r"(?:made|lost)(?: \d{1,3})?|redeal")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}\Z")
_TAG_NODE: Final = NodeMaker(Tag)

N = TypeVar("N")


class TagLine:
    """A tag line read: canonical name, value, positions and the comments around it (a class
    with slots, as the lexer's ``Token`` is: made in one step when compiled)."""

    __slots__ = ("before", "column", "line", "name", "remark", "value", "value_column")

    def __init__(
        self,
        name: str,
        value: str,
        line: int,
        column: int,
        value_column: int,
        before: list[str],
        remark: str | None,
    ) -> None:
        self.name = name
        self.value = value
        self.line = line
        self.column = column
        self.value_column = value_column
        self.before = before
        self.remark = remark

    def node(self, value: str | None = None) -> Tag:
        """The model's ``Tag`` (the value normalised when given)."""
        fields: dict[str, Any] = {
            "name": self.name,
            "value": self.value if value is None else value,
            "line": self.line,
            "column": self.column,
        }
        if self.before:
            fields["before"] = self.before
        if self.remark is not None:
            fields["remark"] = self.remark
        return _TAG_NODE.make(fields)


def read_tag(text: str) -> tuple[str, str, int] | str:
    """A tag's canonical name, its value and the value's offset in the text; or a message."""
    match = _TAG.match(text)
    if match is None:
        return f'malformed tag line {quoted(text)} (expected [Name "value"])'
    name = match.group(1)
    return _CANONICAL_NAMES.get(name.lower(), name), match.group(2), match.start(2)


def in_canonical_order(
    items: list[N], name_of: Callable[[N], str], order: tuple[str, ...]
) -> list[N]:
    """Known tags in the order of the spec's table, then the others in the order read."""
    rank = _RANKS.get(order)
    if rank is None:
        rank = _RANKS[order] = {name: index for index, name in enumerate(order)}
    return sorted(items, key=lambda item: rank.get(name_of(item), len(order)))


_RANKS: dict[tuple[str, ...], dict[str, int]] = {}
"""The place of each tag name in an order (``SESSION_TAGS``, ``HAND_TAGS``), worked out once."""


@dataclass(frozen=True)
class Session:
    """What the session tags give the hands: the game (when known), the team names, the tags."""

    notation: Notation
    teams: list[str] | None
    """The team names to check ``penalty`` lines against; ``None`` when the Teams tag is bad."""
    tags: list[Tag]
    meaningful: bool
    """False when the game or the players are missing or wrong: the record cannot stand."""
    family: str = "trick"
    """The family of the game (``recorder.games.FAMILIES``): which body reader reads the hands."""
    players: int = 0


def check_session(tags: list[TagLine], problems: Problems) -> Session:
    """Check the session tags in canonical order; report problems and keep the good tags."""
    ordered = in_canonical_order(tags, lambda tag: tag.name, SESSION_TAGS)
    seen: dict[str, TagLine] = {}
    kept: list[Tag] = []
    context = _Context()
    for tag in ordered:
        if tag.name in HAND_ONLY_TAGS:
            message = f"[{tag.name}] is a hand tag: it must follow a [Hand] tag"
            problems.add(tag.line, tag.column, message)
            continue
        if _duplicate(tag, seen, problems):
            context.fatal |= tag.name in ("Game", "Players")
            continue
        check = _SESSION_CHECKS.get(tag.name)
        found = list(check(tag.value, context)) if check else []
        for problem in found:
            problems.add(tag.line, tag.value_column + problem.offset, problem.message)
        if not found:
            kept.append(tag.node(tag.value.strip() if tag.name == "Game" else None))
    for required, example in (("Game", '[Game "40"]'), ("Players", '[Players "Anil, Biju, ..."]')):
        if required == "Players" and "Walkover" in seen and "Players" not in seen:
            continue  # a walkover is a match nobody played (TOURNAMENT.md §9)
        if required not in seen:
            problems.add(1, 1, f"missing [{required}] tag (expected a line such as {example})")
            context.fatal = True
    if context.spec:
        notation = Notation.of(context.spec)
    elif context.family and context.players:
        notation = Notation.seats(context.players)
    else:
        notation = Notation.any_game()
    family = context.family.name if context.family else "trick"
    meaningful = not context.fatal
    return Session(notation, context.teams, kept, meaningful, family, context.players)


def check_hand_tags(
    tags: list[TagLine], notation: Notation, number: int, problems: Problems
) -> list[Tag]:
    """Check a hand's tags (the first is its ``[Hand]`` tag) and return them in canonical order."""
    seen: dict[str, TagLine] = {}
    kept: list[Tag] = []
    for tag in in_canonical_order(tags, lambda tag: tag.name, HAND_TAGS):
        if tag.name in SESSION_TAGS:
            message = f"[{tag.name}] is a session tag: it must come before the first [Hand]"
            problems.add(tag.line, tag.column, message)
            continue
        if _duplicate(tag, seen, problems):
            continue
        check = _HAND_CHECKS.get(tag.name)
        value, found = check(tag.value, notation, number) if check else (tag.value, [])
        for problem in found:
            problems.add(tag.line, tag.value_column + problem.offset, problem.message)
        kept.append(tag.node(value))
    if number == 1 and "Dealer" not in seen:
        first = tags[0]
        message = 'hand 1 needs a [Dealer] tag (the dealer\'s seat, such as [Dealer "6"])'
        problems.add(first.line, first.column, message)
    return kept


def _duplicate(tag: TagLine, seen: dict[str, TagLine], problems: Problems) -> bool:
    first = seen.setdefault(tag.name, tag)
    if first is tag or tag.name not in _CANONICAL_NAMES.values():
        return False
    message = f"second [{tag.name}] tag (the first is on line {first.line})"
    problems.add(tag.line, tag.column, message)
    return True


class _Context:
    """What the session checks learn as they go: the game and the teams."""

    def __init__(self) -> None:
        self.spec: GameSpec | None = None
        self.family: Family | None = None
        self.game: str | None = None
        self.players = 0
        self.names: list[str] = []
        self.teams: list[str] | None = ["A", "B"]
        self.fatal = False


def _check_game(value: str, context: _Context) -> Iterator[Problem]:
    context.spec = GAMES.get(value.strip())
    context.family = family_of(value)
    if context.family is None:
        context.fatal = True
        yield Problem(0, f"unknown game {quoted(value)} (expected {GAME_NAMES_TEXT})")
    else:
        context.game = value.strip()


def _check_players(value: str, context: _Context) -> Iterator[Problem]:
    names = split_list(value)
    context.players, context.names = len(names), names
    fewest, most = context.family.seats[context.game] if context.family and context.game else (0, 0)
    if context.family and not context.spec and not fewest <= len(names) <= most:
        context.fatal = True
        yield Problem(
            0,
            f"wrong number of Players: {len(names)} for {context.game} "
            f"(expected {fewest} to {most})",
        )
    elif context.spec and len(names) != context.spec.players:
        context.fatal = True
        game = context.spec
        yield Problem(
            0, f"wrong number of Players: {len(names)} for {game.name} (expected {game.players})"
        )
    elif not all(names) or not names:
        context.fatal = True
        yield Problem(0, "Players has an empty name (expected names separated by commas)")


def _check_teams(value: str, context: _Context) -> Iterator[Problem]:
    names = split_list(value)
    if len(names) == 2 and all(names) and names[0] != names[1]:
        context.teams = names
        return
    context.teams = None
    expected = 'two different names, team 1 first, such as "Red, Blue"'
    yield Problem(0, f"bad Teams {quoted(value)} (expected {expected})")


def _check_date(value: str, context: _Context) -> Iterator[Problem]:
    if _DATE.match(value):
        try:
            datetime.date.fromisoformat(value)
        except ValueError:
            pass
        else:
            return
    yield Problem(0, f"bad Date {quoted(value)} (expected YYYY-MM-DD, such as 2026-11-28)")


def _items(value: str) -> Iterator[tuple[int, str, str, str]]:
    """The ``key=value`` items of a tag value: offset, text, key and value (trimmed)."""
    for match in _ITEM.finditer(value):
        text = match.group()
        if text.strip():
            key, _, item_value = text.partition("=")
            offset = match.start() + len(text) - len(text.lstrip())
            yield offset, text.strip(), key.strip(), item_value.strip() if "=" in text else ""


def _check_rules(value: str, context: _Context) -> Iterator[Problem]:
    for offset, text, key, item_value in _items(value):
        if "=" not in text:
            yield Problem(offset, f"bad Rules item {quoted(text)} (expected key=value)")
        elif context.game:
            problem = rule_problem(context.game, key, item_value)
            if problem:
                yield Problem(offset, problem)


def _check_totals(value: str, context: _Context) -> Iterator[Problem]:
    """Rummy's totals at the start (RUMMY.md §6): ``NAME=N`` for players of the table."""
    if context.game and context.game not in SCORE_TAG_GAMES["Totals"]:
        yield Problem(0, f"[Totals] is for rummy, not {context.game}")
    for offset, text, name, number in _items(value):
        if "=" not in text:
            yield Problem(offset, f"bad Totals item {quoted(text)} (expected NAME=N)")
        elif context.names and name not in context.names:
            known = ", ".join(context.names)
            yield Problem(offset, f"unknown player {quoted(name)} in Totals (players: {known})")
        elif not _NUMBER.fullmatch(number):
            yield Problem(
                offset, f"bad number {quoted(number)} for {name} (expected a whole number)"
            )


def _check_scores(name: str) -> Callable[[str, _Context], Iterator[Problem]]:
    games = SCORE_TAG_GAMES[name]

    def check(value: str, context: _Context) -> Iterator[Problem]:
        """The problems of one starting-score tag's value."""
        if context.game and context.game not in games:
            yield Problem(0, f"[{name}] is for {' and '.join(games)}, not {context.game}")
        for offset, text, team, number in _items(value):
            if "=" not in text:
                yield Problem(offset, f"bad {name} item {quoted(text)} (expected TEAM=N)")
            elif context.teams is not None and team not in context.teams:
                known = ", ".join(context.teams)
                yield Problem(offset, f"unknown team {quoted(team)} in {name} (teams: {known})")
            elif not re.fullmatch(r"-?\d{1,6}", number):
                yield Problem(
                    offset, f"bad number {quoted(number)} for {team} (expected a whole number)"
                )

    return check


_SESSION_CHECKS: dict[str, Callable[[str, _Context], Iterator[Problem]]] = {
    "Game": _check_game,
    "Players": _check_players,
    "Teams": _check_teams,
    "Date": _check_date,
    "Rules": _check_rules,
    "Coolies": _check_scores("Coolies"),
    "Flags": _check_scores("Flags"),
    "Points": _check_scores("Points"),
    "Totals": _check_totals,
}


def _check_hand_number(value: str, notation: Notation, number: int) -> tuple[str, list[Problem]]:
    written = value.strip()
    if written == str(number):
        return written, []
    if not written.isdigit():
        message = f'bad hand number {quoted(value)} (expected [Hand "{number}"])'
    else:
        message = (
            f'hand {written} out of order: expected [Hand "{number}"] (hands count 1, 2, 3, ...)'
        )
    return written, [Problem(0, message)]


def _check_dealer(value: str, notation: Notation, number: int) -> tuple[str, list[Problem]]:
    written = value.strip()
    seat = notation.seat(written)
    if isinstance(seat, str):
        return written, [
            Problem(0, f"bad Dealer {quoted(value)} (expected a seat 1..{notation.players})")
        ]
    return written, []


def _check_result(value: str, notation: Notation, number: int) -> tuple[str, list[Problem]]:
    written = " ".join(value.lower().split())
    if _RESULT.fullmatch(written):
        return written, []
    expected = "made N, lost N, made, lost or redeal"
    return value, [Problem(0, f"bad Result {quoted(value)} (expected {expected})")]


_HAND_CHECKS: Final[dict[str, Callable[[str, Notation, int], tuple[str, list[Problem]]]]] = {
    "Hand": _check_hand_number,
    "Dealer": _check_dealer,
    "Result": _check_result,
}
