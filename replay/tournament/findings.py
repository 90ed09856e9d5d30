"""Tournament findings (TOURNAMENT.md §4, §5, §8–§11): what the standings, the bracket and the
day's log report, as data.

Each has a stable code from ``TOURNAMENT_RULES`` (the shape of the engine's catalogue), the file it
is about, a line in that file (0 when none applies), a column (0 when none) and a message naming
the teams and players.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from replay.findings import Rule, Severity

TWENTY_EIGHT = frozenset({"28"})
RUMMY = frozenset({"rummy"})
BOTH = TWENTY_EIGHT | RUMMY

_RULES = (
    Rule("unreadable", "error", "record", BOTH, "a session file that cannot be read"),
    Rule("bad-description", "error", "record", BOTH, "tournament.toml is not what §2 allows"),
    Rule("other-event", "note", "record", BOTH, "a session of another event, left out"),
    Rule("unknown-stage", "error", "record", BOTH, "a Stage tag that is no stage of the game"),
    Rule("unknown-team", "error", "record", TWENTY_EIGHT, "a team the description does not list"),
    Rule("too-many-games", "error", "violation", TWENTY_EIGHT, "more group matches than allowed"),
    Rule("rematch", "note", "violation", TWENTY_EIGHT, "two teams met twice in the group stage"),
    Rule("cross-group", "warning", "violation", TWENTY_EIGHT, "a group match across groups"),
    Rule(
        "not-on-roster", "warning", "violation", TWENTY_EIGHT, "a player not on his team's roster"
    ),
    Rule("two-teams", "error", "violation", TWENTY_EIGHT, "a player who played for two teams"),
    Rule("wrong-pairing", "error", "violation", TWENTY_EIGHT, "a knockout match the bracket lacks"),
    Rule("match-label", "warning", "record", TWENTY_EIGHT, "a Match tag that names another slot"),
    Rule("duplicate-match", "error", "record", TWENTY_EIGHT, "a knockout match recorded twice"),
    Rule("match-length", "warning", "record", TWENTY_EIGHT, "shuffles after the match was decided"),
    Rule("unscheduled", "warning", "record", BOTH, "a session started from no scheduled match"),
    Rule("bad-walkover", "error", "record", TWENTY_EIGHT, "a walkover with hands or a stranger"),
    Rule("bad-decision", "error", "record", TWENTY_EIGHT, "a decision naming no team of the match"),
    Rule("stale-qualifier", "error", "violation", RUMMY, "a player who no longer qualifies"),
    Rule("draw-order", "warning", "record", RUMMY, "Players or Dealer not as the draw gives"),
    Rule("bad-draw", "error", "record", RUMMY, "a Draw tag that cannot be read"),
    Rule("stands", "note", "record", BOTH, "a match the director let stand as played"),
    Rule("bad-roster", "error", "record", BOTH, "a roster file row that cannot be used"),
)
TOURNAMENT_RULES: dict[str, Rule] = {rule.code: rule for rule in _RULES}


@dataclass(frozen=True)
class TournamentFinding:
    """A problem of the tournament: which rule, in which file and line, and what happened."""

    code: str
    file: str
    line: int
    message: str
    column: int = 0
    """The column in ``line`` (1-based; 0 when the finding is about the whole line)."""

    @property
    def rule(self) -> Rule:
        return TOURNAMENT_RULES[self.code]

    @property
    def severity(self) -> Severity:
        return self.rule.severity

    def __str__(self) -> str:
        place = f"{self.line}:{self.column}" if self.column else f"{self.line}"
        return f"{self.file}:{place}: {self.severity} {self.code}: {self.message}"

    def to_json(self) -> dict[str, Any]:
        """The finding as one entry of ``findings`` in ``thuruppu tournament --json``."""
        return {
            "code": self.code,
            "severity": self.severity,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "message": self.message,
        }
