"""Setting up a Rummy table on the Record page: the form's answers checked and turned into the
session tags of RUMMY.md (players in chair order, stage, table, date, house rules).

The house rules are the keys the engine reads (``replay.rummy.table_rules``, RUMMY.md §8); only
the ones the scorer changed from the house default are written to the ``Rules`` tag.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from dashboard.recording.tricks.setup import is_date, text_problem
from recorder.games import FAMILIES
from recorder.house_rules import HOUSE_RULES, rule_problem
from recorder.model import Tag

GAME = "rummy"
#: How many chairs a Rummy table may have (RUMMY.md §4).
FEWEST, MOST = FAMILIES[GAME].seats[GAME]


def rummy_rule_keys() -> list[str]:
    """The Rules keys of Rummy, in the order the house rules list them."""
    return [key for key, rule in HOUSE_RULES.items() if GAME in rule.games]


def rule_default(key: str) -> str:
    """The house default of a Rummy Rules key."""
    return HOUSE_RULES[key].default


def rule_choices(key: str) -> list[str] | None:
    """The values a Rummy Rules key may take when they are a few words (``life``,
    ``literal``), default first; ``None`` for a number."""
    rule = HOUSE_RULES[key]
    choices = rule.expected.split(" or ")
    return choices if rule.pattern == "|".join(map(re.escape, choices)) else None


@dataclass(frozen=True)
class RummySetup:
    """What the scorer fills in before the first deal."""

    players: tuple[str, ...]
    """The names in chair order: seat 1 first."""
    dealer: int = 0
    """The shuffler of deal 1; 0 for the last chair."""
    stage: str = ""
    table: str = ""
    event: str = ""
    date: str = ""
    rules: dict[str, str] = field(default_factory=dict)
    """Rules key -> value as chosen; values equal to the house default are left out of the tag."""

    @property
    def names(self) -> list[str]:
        return [name.strip() for name in self.players]

    @property
    def first_dealer(self) -> int:
        return self.dealer or len(self.players)

    def problems(self) -> list[str]:
        """Everything that keeps this set-up from starting a table, in plain words."""
        names = self.names
        problems = []
        if not FEWEST <= len(names) <= MOST:
            problems.append(f"a Rummy table has {FEWEST} to {MOST} players, not {len(names)}")
        if not all(names):
            problems.append("every chair needs a player's name")
        if any("," in name for name in names):
            problems.append("names may not contain a comma")
        fields = [(f"chair {chair}'s name", name) for chair, name in enumerate(names, start=1)]
        fields.append(("the event", self.event))
        problems += [problem for label, text in fields if (problem := text_problem(label, text))]
        if len(set(filter(None, names))) != len(list(filter(None, names))):
            problems.append("two players have the same name")
        if not 1 <= self.first_dealer <= len(names):
            problems.append(f"the dealer is a chair from 1 to {len(names)}")
        if self.date.strip() and not is_date(self.date.strip()):
            problems.append(f"the date {self.date.strip()!r} should be YYYY-MM-DD")
        for key, value in self.rules.items():
            problem = rule_problem(GAME, key, value.strip())
            if problem:
                problems.append(problem)
        return problems

    def rules_text(self) -> str:
        """The ``Rules`` tag's value: ``packs=2, limit=200`` (house defaults left out)."""
        changed = [
            f"{key}={value.strip()}"
            for key, value in self.rules.items()
            if value.strip() and value.strip() != rule_default(key)
        ]
        return ", ".join(changed)

    def tags(self) -> list[Tag]:
        """The session tags in the order the bundled Rummy records write them."""
        tags = [Tag(name="Game", value=GAME), Tag(name="Players", value=", ".join(self.names))]
        optional = (
            ("Event", self.event),
            ("Date", self.date),
            ("Table", self.table),
            ("Stage", self.stage),
            ("Rules", self.rules_text()),
        )
        tags += [Tag(name=name, value=value.strip()) for name, value in optional if value.strip()]
        return tags
