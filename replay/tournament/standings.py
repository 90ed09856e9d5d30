"""Group standings (TOURNAMENT.md §4): the columns, and the ranking by the ``tiebreak`` list.

Teams are split into ever smaller blocks of level teams, one ranking rule at a time, each rule
applied once; teams that end in one block share a rank (1, 2, 2, 4), are listed by name and are
*unresolved* until ``decided`` names every one of them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from replay.tournament.matches import Match

WIN, LEVEL = 2, 1
"""Match points for a match won and a match level (a match lost gives none)."""


@dataclass(frozen=True)
class Tally:
    """One team's group results: matches won, level and lost, game points for and against."""

    won: int = 0
    level: int = 0
    lost: int = 0
    points_for: int = 0
    points_against: int = 0

    @property
    def played(self) -> int:
        return self.won + self.level + self.lost

    @property
    def match_points(self) -> int:
        return WIN * self.won + LEVEL * self.level

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against

    def add(self, match: Match, team: str) -> Tally:
        """This tally with one more (decided) match of ``team``."""
        scored, conceded = match.points_of(team)
        return Tally(
            self.won + (match.winner == team),
            self.level + match.level,
            self.lost + match.lost_by(team),
            self.points_for + scored,
            self.points_against + conceded,
        )


def tally(teams: Sequence[str], matches: Sequence[Match]) -> dict[str, Tally]:
    """Every team's tally over the decided matches among ``matches``."""
    tallies = {team: Tally() for team in teams}
    for match in matches:
        if not match.finished:
            continue
        for team in match.teams:
            if team in tallies:
                tallies[team] = tallies[team].add(match, team)
    return tallies


@dataclass(frozen=True)
class StandingRow:
    """One line of a group table, every column of §4."""

    rank: int
    team: str
    tally: Tally
    unresolved: bool

    def to_json(self) -> dict[str, object]:
        """The row as in ``thuruppu tournament --json`` (TOURNAMENT.md §7)."""
        tally = self.tally
        return {
            "rank": self.rank,
            "team": self.team,
            "played": tally.played,
            "won": tally.won,
            "level": tally.level,
            "lost": tally.lost,
            "match_points": tally.match_points,
            "points_for": tally.points_for,
            "points_against": tally.points_against,
            "difference": tally.difference,
            "unresolved": self.unresolved,
        }


Block = list[str]
Rule = Callable[[Block, Mapping[str, Tally], Sequence[Match]], list[Block]]


def _split_by(value: Callable[[str], int]) -> Callable[[Block], list[Block]]:
    """Split a block into blocks of equal value, the highest first."""

    def split(block: Block) -> list[Block]:
        values = sorted({value(team) for team in block}, reverse=True)
        return [[team for team in block if value(team) == wanted] for wanted in values]

    return split


def _by_tally(column: Callable[[Tally], int]) -> Rule:
    def rule(block: Block, tallies: Mapping[str, Tally], _matches: Sequence[Match]) -> list[Block]:
        return _split_by(lambda team: column(tallies[team]))(block)

    return rule


def head_to_head(
    block: Block, _tallies: Mapping[str, Tally], matches: Sequence[Match]
) -> list[Block]:
    """Split level teams by the match points of their matches against each other, only when every
    pair of them has met (§4)."""
    among = [match for match in matches if set(match.teams) <= set(block) and match.finished]
    if not all(any(match.between(pair) for match in among) for pair in combinations(block, 2)):
        return [block]
    mutual = tally(block, among)
    return _split_by(lambda team: mutual[team].match_points)(block)


RULES: dict[str, Rule] = {
    "match-points": _by_tally(lambda tally: tally.match_points),
    "point-difference": _by_tally(lambda tally: tally.difference),
    "points-for": _by_tally(lambda tally: tally.points_for),
    "head-to-head": head_to_head,
}
"""The ranking rules by the names ``tiebreak`` uses."""


def rank_blocks(
    teams: Sequence[str],
    tallies: Mapping[str, Tally],
    matches: Sequence[Match],
    tiebreak: Sequence[str],
) -> list[Block]:
    """The teams in blocks of teams still level, best first; each rule applied once, in order."""
    blocks: list[Block] = [sorted(teams)]
    for name in tiebreak:
        rule = RULES[name]
        blocks = [
            part
            for block in blocks
            for part in (rule(block, tallies, matches) if len(block) > 1 else [block])
        ]
    return blocks


def standings(
    teams: Sequence[str],
    tallies: Mapping[str, Tally],
    matches: Sequence[Match],
    tiebreak: Sequence[str],
    decided: Sequence[str],
) -> list[StandingRow]:
    """The group table: ranked rows, level teams sharing a rank unless ``decided`` orders them."""
    rows: list[StandingRow] = []
    for block in rank_blocks(teams, tallies, matches, tiebreak):
        first = len(rows) + 1
        if len(block) > 1 and all(team in decided for team in block):
            ordered = sorted(block, key=decided.index)
            rows.extend(
                StandingRow(first + i, team, tallies[team], False) for i, team in enumerate(ordered)
            )
            continue
        unresolved = len(block) > 1
        rows.extend(StandingRow(first, team, tallies[team], unresolved) for team in sorted(block))
    return rows
