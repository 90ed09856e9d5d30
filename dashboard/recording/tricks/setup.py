"""Setting up a recorded session: the form's answers checked and turned into session tags.

Also where the page finds its archive: ``--db PATH`` on the app's command line, else what
``open_archive`` chooses (``$THURUPPU_DB`` or the default file).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date as calendar_date

from recorder.games import GAMES
from recorder.house_rules import rule_problem
from recorder.model import Tag

DEFAULT_TEAMS = ("A", "B")


@dataclass(frozen=True)
class SessionSetup:
    """What the scorer fills in before the first hand."""

    game: str
    players: tuple[str, ...]
    teams: tuple[str, str] = DEFAULT_TEAMS
    dealer: int = 1
    rules: str = ""
    """House-rule switches as the ``Rules`` tag writes them: ``key=value, key=value``."""
    event: str = ""
    date: str = ""
    """The day of the session as the ``Date`` tag writes it (``YYYY-MM-DD``); empty for none."""

    def problems(self) -> list[str]:
        """Everything that keeps this set-up from starting a session, in plain words."""
        spec = GAMES.get(self.game)
        if spec is None:
            return [f"unknown game {self.game!r} (games: {', '.join(GAMES)})"]
        problems = []
        names = [name.strip() for name in self.players]
        if len(names) != spec.players or not all(names):
            problems.append(f"{self.game} needs {spec.players} player names")
        if any("," in name for name in (*names, *self.teams)):
            problems.append("names may not contain a comma")
        fields = [(f"player {seat}'s name", name) for seat, name in enumerate(names, start=1)]
        fields += [(f"team {side}'s name", team) for side, team in enumerate(self.teams, start=1)]
        fields += [("the event", self.event), ("the house rules", self.rules)]
        problems += [problem for label, text in fields if (problem := text_problem(label, text))]
        if not all(team.strip() for team in self.teams):
            problems.append("both teams need a name")
        if not 1 <= self.dealer <= spec.players:
            problems.append(f"the dealer is a seat from 1 to {spec.players}")
        if self.date.strip() and not is_date(self.date.strip()):
            problems.append(f"the date {self.date.strip()!r} should be YYYY-MM-DD")
        problems += self.rule_problems()
        return problems

    def rule_problems(self) -> list[str]:
        problems = []
        for item in _rule_items(self.rules):
            key, equals, value = item.partition("=")
            if not equals:
                problems.append(f"house rule {item!r} should be key=value")
                continue
            problem = rule_problem(self.game, key.strip(), value.strip())
            if problem:
                problems.append(problem)
        return problems

    def tags(self) -> list[Tag]:
        """The session tags, as TGN.md §4 names them (empty optional ones left out)."""
        tags = [
            Tag(name="Game", value=self.game),
            Tag(name="Players", value=", ".join(name.strip() for name in self.players)),
            Tag(name="Teams", value=", ".join(team.strip() for team in self.teams)),
        ]
        if self.event.strip():
            tags.append(Tag(name="Event", value=self.event.strip()))
        if self.date.strip():
            tags.append(Tag(name="Date", value=self.date.strip()))
        rules = ", ".join(item.replace(" ", "") for item in _rule_items(self.rules))
        if rules:
            tags.append(Tag(name="Rules", value=rules))
        return tags


def archive_argument(argv: Sequence[str]) -> str | None:
    """The archive named by ``--db PATH`` on the app's command line, if any."""
    arguments = list(argv)
    if "--db" in arguments[:-1]:
        return arguments[arguments.index("--db") + 1]
    return None


def text_problem(label: str, text: str) -> str | None:
    """Why a set-up field cannot be written in a TGN tag (a quote or a control character), with
    the field's label, or ``None``."""
    if '"' in text:
        return f'{label}: a quote (") cannot be kept in the notation; leave it out'
    if any(not char.isprintable() for char in text):
        return f"{label}: a control character (a tab, a new line) cannot be kept; leave it out"
    return None


def _rule_items(text: str) -> list[str]:
    return [item.strip() for item in text.split(",") if item.strip()]


def is_date(text: str) -> bool:
    """Whether ``text`` is a real day written ``YYYY-MM-DD`` (TGN.md §4)."""
    try:
        return calendar_date.fromisoformat(text).isoformat() == text
    except ValueError:
        return False
