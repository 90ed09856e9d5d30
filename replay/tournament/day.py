"""The day's log as pure values (TOURNAMENT.md §8–§11): the schedule, the voids, the sessions the
director imported or let stand, and the payments. The archive keeps these as events; the engine
reads them as they stand now.

``schedule_problems`` checks a new scheduled match against the description and the schedule so far,
and says in words what is wrong (the organiser's page and ``thuruppu day schedule`` refuse it);
``change_problems`` what a new version of the description may not change.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from replay.tournament.bracket import (
    FINALS,
    QUARTER_FINALS,
    QUARTER_FINALS_FROM,
    SEMI_FINALS_ONLY,
    layout_for,
)
from replay.tournament.description import Description
from replay.tournament.matches import GROUP, TournamentSession
from replay.tournament.matches import STAGES as TWENTY_EIGHT_STAGES
from replay.tournament.rummy_stages import STAGES as RUMMY_STAGES

GAME_STAGES: dict[str, tuple[str, ...]] = {"28": TWENTY_EIGHT_STAGES, "rummy": RUMMY_STAGES}
"""The games a tournament schedules and the stages of each, in the order played."""
SLOT_LABELS: dict[str, str] = {
    layout.label: layout.stage for layout in (*QUARTER_FINALS, *SEMI_FINALS_ONLY, *FINALS)
}
"""Every knockout slot label of §5 with its stage."""


@dataclass(frozen=True)
class ScheduledMatch:
    """A match of the schedule: 28 group matches name their teams, knockout ones their slot (the
    bracket gives the teams); a Rummy table names its players, unordered."""

    id: str
    game: str
    stage: str
    round: int | None
    table: int
    match: str | None = None
    teams: tuple[str, str] | None = None
    players: tuple[str, ...] | None = None
    time: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The scheduled match as the archive's schedule event keeps it."""
        return {
            "id": self.id,
            "game": self.game,
            "stage": self.stage,
            "round": self.round,
            "table": self.table,
            "match": self.match,
            "teams": list(self.teams) if self.teams else None,
            "players": list(self.players) if self.players is not None else None,
            "time": self.time,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ScheduledMatch:
        """A scheduled match from what ``to_json`` wrote."""
        teams = data.get("teams")
        players = data.get("players")
        return cls(
            id=str(data["id"]),
            game=str(data["game"]),
            stage=str(data["stage"]),
            round=data.get("round"),
            table=data["table"],
            match=data.get("match"),
            teams=(teams[0], teams[1]) if teams else None,
            players=tuple(players) if players is not None else None,
            time=data.get("time"),
        )


@dataclass(frozen=True)
class Payment:
    """Money a person paid at the desk (§11): it pays that person's lines in order."""

    person: str
    amount: int
    note: str = ""


@dataclass(frozen=True)
class DayLog:
    """What the day's events say, as they stand: the schedule, the void sessions with why, the
    sessions the director imported (they count without a ``Schedule`` tag), those he let stand as
    played (``wrong-pairing`` and ``stale-qualifier`` become notes), and the payments."""

    schedule: tuple[ScheduledMatch, ...] = ()
    voids: Mapping[str, str] = field(default_factory=dict)
    imported: frozenset[str] = frozenset()
    stands: frozenset[str] = frozenset()
    payments: tuple[Payment, ...] = ()

    def scheduled(self, id_: str) -> ScheduledMatch | None:
        return next((match for match in self.schedule if match.id == id_), None)


def schedule_problems(
    new: ScheduledMatch, description: Description, schedule: Sequence[ScheduledMatch]
) -> list[str]:
    """What is wrong with scheduling ``new`` beside ``schedule`` (empty when it may be added)."""
    problems: list[str] = []
    if not new.id.strip():
        problems.append("a scheduled match needs an id")
    elif any(match.id == new.id for match in schedule):
        problems.append(f"id {new.id} is taken")
    stages = GAME_STAGES.get(new.game)
    if stages is None:
        return [*problems, f"game {new.game!r}: expected one of {', '.join(GAME_STAGES)}"]
    if new.stage not in stages:
        return [*problems, f"stage {new.stage!r}: expected one of {', '.join(stages)}"]
    if isinstance(new.table, bool) or not isinstance(new.table, int) or new.table < 1:
        problems.append(f"table {new.table!r}: expected a table number, 1 or more")
    if new.round is not None and new.round < 1:
        problems.append(f"round {new.round}: expected a round number, 1 or more")
    if new.game == "28":
        problems.extend(_twenty_eight_problems(new, description))
    else:
        problems.extend(_rummy_problems(new, description))
    return problems


def _twenty_eight_problems(new: ScheduledMatch, description: Description) -> list[str]:
    if new.players:
        return ["a 28 match is scheduled with its teams, not players"]
    if new.stage != GROUP:
        if new.match not in SLOT_LABELS or SLOT_LABELS[new.match] != new.stage:
            labels = [label for label, stage in SLOT_LABELS.items() if stage == new.stage]
            return [f"a {new.stage} is scheduled by its slot: expected one of {', '.join(labels)}"]
        if new.teams:
            return [f"a {new.stage} takes its teams from the bracket: schedule its slot only"]
        return _slot_problems(new.match, len(description.twenty_eight.teams))
    if new.teams is None or len(new.teams) != 2:
        return ["a group match needs its two teams"]
    first, second = new.teams
    if first == second:
        return [f"{first} cannot play itself"]
    fmt = description.twenty_eight
    listed = [team.name for team in fmt.teams]
    problems = [
        f"{team} is no team of the description (teams: {', '.join(listed) or 'none listed'})"
        for team in new.teams
        if team not in listed
    ]
    problems.extend(
        f"{team} has withdrawn from the tournament" for team in new.teams if team in fmt.withdrawn
    )
    groups = [entry.group if (entry := fmt.team(team)) else None for team in new.teams]
    if not problems and groups[0] != groups[1]:
        pairs = zip(new.teams, groups, strict=True)
        shown = [f"{team} ({_group_name(group)})" for team, group in pairs]
        problems.append(
            f"{shown[0]} and {shown[1]} are in different groups: "
            "a group match is between two teams of one group"
        )
    return problems


def _group_name(group: str | None) -> str:
    return f"group {group}" if group else "no group"


def _slot_problems(label: str | None, team_count: int) -> list[str]:
    """A knockout slot the bracket of the description's teams has not (§5): with fewer than
    four teams there is no bracket, below ``QUARTER_FINALS_FROM`` no quarter finals. A
    description that lists no teams (they come from the sessions) is not checked."""
    if team_count == 0:
        return []
    shape = [layout.label for layout in layout_for(team_count)]
    if label in shape:
        return []
    if not shape:
        return [f"{label}: the description lists {team_count} teams; a bracket needs four or more"]
    return [
        f"{label}: the bracket of {team_count} teams has no {label} (its slots: "
        f"{', '.join(shape)}; quarter finals take {QUARTER_FINALS_FROM} teams or more)"
    ]


def _rummy_problems(new: ScheduledMatch, description: Description) -> list[str]:
    if new.teams:
        return ["a Rummy table is scheduled with its players, not teams"]
    players = new.players or ()
    if len(players) < 2:
        return ["a Rummy table needs at least two players"]
    problems = [
        f"{name} is listed twice" for name in sorted(set(players)) if players.count(name) > 1
    ]
    rummy = description.rummy
    if rummy.players:
        problems.extend(
            f"{name} is not on the Rummy roster" for name in players if name not in rummy.players
        )
    problems.extend(f"{name} has withdrawn" for name in players if name in rummy.withdrawn)
    return problems


def change_problems(
    old: Description,
    new: Description,
    sessions: Sequence[TournamentSession],
    schedule: Sequence[ScheduledMatch] = (),
) -> list[str]:
    """What a new version of the description may not change (§8): its ``name`` once a session
    uses it as its ``Event``, and a team's name once a session of the event or the schedule names
    the team (a team taken off the description counts as renamed)."""
    problems = []
    events = {session.tag("Event") for session in sessions}
    if old.name and new.name != old.name and old.name in events:
        problems.append(f"name {old.name!r} is fixed: sessions use it as their Event")
    named = {
        team
        for session in sessions
        if session.tag("Event") == old.name and session.record.tag("Teams") is not None
        for team in session.record.teams
    }
    named.update(team for match in schedule for team in match.teams or ())
    kept = {team.name for team in new.twenty_eight.teams}
    problems.extend(
        f"team {team.name} is fixed: a session or the schedule names it"
        for team in old.twenty_eight.teams
        if team.name not in kept and team.name in named
    )
    return problems
