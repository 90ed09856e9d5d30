"""The schedule as the day stands (TOURNAMENT.md §8): each scheduled match with its teams (a
knockout slot's from the bracket, as soon as it knows them), its session and its state; each
table's current match; and the tags written when a scheduled match starts.

States of a scheduled match (``ScheduleEntry.state``):

- ``waiting``: a knockout slot whose teams the bracket does not know yet;
- ``scheduled``: ready to start, no session yet;
- ``playing``: its session counts and is not finished (a level knockout match after its shuffles);
- ``finished``: played to its end; ``walkover``: won without play (a session or a withdrawal);
  ``decided``: settled by the director's decision;
- ``void``: its only sessions are void (it may be started anew);
- ``stale``: its session is between the wrong teams (``wrong-pairing``) or has a player who no
  longer qualifies (``stale-qualifier``), and the director has not let it stand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from replay.tournament.bracket import Slot
from replay.tournament.day import GAME_STAGES, ScheduledMatch
from replay.tournament.description import Description, rules_for
from replay.tournament.draw import read_draw
from replay.tournament.matches import GROUP, Match

DONE = frozenset({"finished", "walkover", "decided"})
"""The states of a scheduled match that is over: no table's current match."""


@dataclass(frozen=True)
class ScheduleEntry:
    """A scheduled match as it stands: its teams (or players), its session and its state."""

    scheduled: ScheduledMatch
    teams: tuple[str | None, str | None] | None
    session: str | None
    state: str

    @property
    def done(self) -> bool:
        return self.state in DONE

    def to_json(self) -> dict[str, Any]:
        """One entry of ``schedule`` in ``thuruppu tournament --json`` (§12)."""
        match = self.scheduled
        entry: dict[str, Any] = {
            "id": match.id,
            "stage": match.stage,
            "round": match.round,
            "table": match.table,
            "match": match.match,
        }
        if match.game == "rummy":
            entry["players"] = list(match.players or ())
        else:
            entry["teams"] = list(self.teams) if self.teams else None
        entry.update(time=match.time, session=self.session, state=self.state)
        return entry


@dataclass(frozen=True)
class TableState:
    """What a scheduled Rummy table's session shows: its key, whether it is finished, stale."""

    key: str
    finished: bool
    stale: bool = False


@dataclass
class ScheduleFacts:
    """What the tournament knows of each scheduled match, by its id."""

    matches: dict[str, Match] = field(default_factory=dict)
    """The counting 28 match of each id (withdrawal walkovers included)."""
    wrong: dict[str, str] = field(default_factory=dict)
    """Ids whose session is stale (wrong pairing) with that session's key."""
    tables: dict[str, TableState] = field(default_factory=dict)
    voided: set[str] = field(default_factory=set)
    """Ids with a void session."""


def schedule_entries(
    schedule: Sequence[ScheduledMatch], bracket: Sequence[Slot], facts: ScheduleFacts
) -> list[ScheduleEntry]:
    """Every scheduled match as it stands, in the schedule's order."""
    slots = {slot.label: slot for slot in bracket}
    entries = []
    for scheduled in schedule:
        if scheduled.game == "rummy":
            entries.append(_rummy_entry(scheduled, facts))
            continue
        slot = slots.get(scheduled.match or "") if scheduled.stage != GROUP else None
        teams: tuple[str | None, str | None] | None = (
            slot.teams if slot is not None else scheduled.teams
        )
        match = facts.matches.get(scheduled.id)
        if (
            match is None
            and slot is not None
            and slot.match is not None
            and slot.match.session.tag("Schedule") in (None, scheduled.id)
        ):
            match = slot.match
        if scheduled.id in facts.wrong and match is None:
            entries.append(ScheduleEntry(scheduled, teams, facts.wrong[scheduled.id], "stale"))
            continue
        if match is None:
            known = teams is not None and None not in teams
            state = "void" if scheduled.id in facts.voided else "scheduled" if known else "waiting"
            entries.append(ScheduleEntry(scheduled, teams, None, state))
            continue
        session = None if match.made else match.session.key
        entries.append(ScheduleEntry(scheduled, teams, session, _state(match)))
    return entries


def _state(match: Match) -> str:
    if match.walkover is not None:
        return "walkover"
    if not match.finished:
        return "playing"
    return (
        "decided" if match.decision is not None and match.winner == match.decision else "finished"
    )


def _rummy_entry(scheduled: ScheduledMatch, facts: ScheduleFacts) -> ScheduleEntry:
    table = facts.tables.get(scheduled.id)
    if table is None:
        state = "void" if scheduled.id in facts.voided else "scheduled"
        return ScheduleEntry(scheduled, None, None, state)
    state = "stale" if table.stale else "finished" if table.finished else "playing"
    return ScheduleEntry(scheduled, None, table.key, state)


def played_order(entry: ScheduleEntry, position: int) -> tuple[int, int, str, int]:
    """Where a scheduled match comes in its table's day: stage, round, time, order scheduled."""
    scheduled = entry.scheduled
    stages = GAME_STAGES.get(scheduled.game, ())
    stage = stages.index(scheduled.stage) if scheduled.stage in stages else len(stages)
    return (stage, scheduled.round or 0, scheduled.time or "", position)


def current_matches(entries: Sequence[ScheduleEntry]) -> dict[int, ScheduleEntry]:
    """Each table's current match (§8): its earliest scheduled match that is not over, by stage,
    round, time and the order scheduled; a level knockout match stays current until decided."""
    current: dict[int, tuple[tuple[int, int, str, int], ScheduleEntry]] = {}
    for position, entry in enumerate(entries):
        if entry.done:
            continue
        order = played_order(entry, position)
        table = entry.scheduled.table
        if table not in current or order < current[table][0]:
            current[table] = (order, entry)
    return {table: current[table][1] for table in sorted(current)}


@dataclass(frozen=True)
class StartTags:
    """The session tags written when a scheduled match starts, hand 1's dealer (Rummy, from the
    draw), and what stops it from starting."""

    tags: Mapping[str, str]
    dealer: int | None = None
    problems: tuple[str, ...] = ()


def start_tags(
    entry: ScheduleEntry,
    description: Description,
    chairs: Sequence[str] = (),
    dealer: int = 0,
    draw: str | None = None,
) -> StartTags:
    """The tags of a scheduled match's session (§8), never typed by the scorer: ``Event``,
    ``Date``, ``Stage``, ``Round``, ``Table``, ``Match``, ``Teams``, ``Schedule``, ``Rules``; for
    Rummy ``Players`` in the chair order of the draw: the ``Draw`` tag's value as entered card by
    card (``draw``: it also gives the dealer and is written as the ``Draw`` tag), or the chairs and
    dealer worked out already. ``problems`` says why it cannot start yet."""
    scheduled = entry.scheduled
    problems: list[str] = []
    if draw is not None:
        drawn = read_draw(draw)
        problems.extend(f"the draw: {problem}" for problem in drawn.problems)
        chairs, dealer = drawn.chairs, drawn.dealer
    if entry.done:
        problems.append(f"{scheduled.id} is over ({entry.state}): nothing to start")
    elif entry.session is not None and entry.state != "void":
        problems.append(f"{scheduled.id} has a session already ({entry.session})")
    values: dict[str, str | None] = {
        "Game": scheduled.game,
        "Event": description.name,
        "Date": description.date,
        "Table": str(scheduled.table),
        "Round": str(scheduled.round) if scheduled.round is not None else None,
        "Stage": scheduled.stage,
        "Match": scheduled.match,
    }
    if scheduled.game == "rummy":
        listed = set(scheduled.players or ())
        if not chairs:
            if draw is None:
                problems.append("the chair draw gives the players' order: enter the draw first")
        elif set(chairs) != listed:
            problems.append(
                f"the draw's players ({', '.join(sorted(chairs))}) are not the table's "
                f"({', '.join(sorted(listed))})"
            )
        values["Players"] = ", ".join(chairs) if chairs else None
    else:
        teams = entry.teams
        if teams is None or None in teams:
            problems.append(f"{scheduled.id}: the teams are not known yet")
        else:
            values["Teams"] = f"{teams[0]}, {teams[1]}"
    values["Schedule"] = scheduled.id
    values["Draw"] = draw if draw is not None and scheduled.game == "rummy" else None
    values["Rules"] = rules_for(scheduled.game, description.rules)
    tags = {name: value for name, value in values.items() if value is not None}
    return StartTags(tags, dealer or None, tuple(problems))
