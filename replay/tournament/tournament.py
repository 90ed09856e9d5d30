"""A whole tournament from the sessions of one ``Event``, its description and the day's log
(TOURNAMENT.md).

``build_tournament`` picks the sessions of the event (with a schedule, only those started from a
scheduled match or imported by the director; never a void one), reads the 28 ones as matches
(walkovers and decisions included), makes the walkovers of a withdrawal, checks teams and players
against the rosters, counts the group stage, ranks each group, draws the bracket, works out the
Rummy stages, the schedule's states and the day's accounts, and lists what is still to play; every
problem on the way is a ``TournamentFinding``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from replay.tournament.bracket import Layout, Slot, draw_bracket, places, seeding
from replay.tournament.day import DayLog, ScheduledMatch
from replay.tournament.description import Description, TwentyEightFormat
from replay.tournament.fees import Accounts, accounts
from replay.tournament.findings import TournamentFinding
from replay.tournament.matches import GROUP, NOBODY, STAGES, Match, TournamentSession, read_match
from replay.tournament.rummy_stages import STAGES as RUMMY_STAGES
from replay.tournament.rummy_stages import (
    RummyTable,
    RummyTournament,
    draw_findings,
    rummy_tournament,
    stale_qualifiers,
)
from replay.tournament.schedule import ScheduleEntry, ScheduleFacts, TableState, schedule_entries
from replay.tournament.standings import StandingRow, standings, tally
from replay.tournament.walkovers import checked_decision, checked_walkover, made_walkover

ALL = "all"
"""The name of the one group when the description gives none."""
UNKNOWN_ROUND = 10**6


@dataclass(frozen=True)
class Pending:
    """A match still to play (or being played): its stage, what it is in words, its session."""

    stage: str
    text: str
    key: str | None = None


@dataclass(frozen=True)
class VoidEntry:
    """A void session (§10): it counts for nothing; why the director voided it."""

    session: str
    why: str

    def to_json(self) -> dict[str, str]:
        return {"session": self.session, "why": self.why}


@dataclass(frozen=True)
class Tournament:
    """Everything TOURNAMENT.md §7 shows: standings, bracket, places, what is left, findings."""

    name: str | None
    groups: dict[str, list[StandingRow]]
    bracket: list[Slot]
    places: list[str | None]
    matches: list[Match]
    """Every 28 match that counts, group and knockout, in the order read."""
    to_play: list[Pending]
    rummy: RummyTournament
    findings: list[TournamentFinding] = field(default_factory=list)
    void: list[VoidEntry] = field(default_factory=list)
    schedule: list[ScheduleEntry] = field(default_factory=list)
    """Every scheduled match as it stands (``replay.tournament.schedule``)."""
    fees: Accounts | None = None

    @property
    def has_errors(self) -> bool:
        return any(finding.severity == "error" for finding in self.findings)

    def to_json(self) -> dict[str, Any]:
        """``thuruppu tournament --json`` (TOURNAMENT.md §7)."""
        return {
            "name": self.name,
            "28": {
                "groups": {
                    group: [row.to_json() for row in rows] for group, rows in self.groups.items()
                },
                "bracket": [slot.to_json() for slot in self.bracket],
                "places": self.places,
            },
            "rummy": self.rummy.to_json(),
            "findings": [finding.to_json() for finding in self.findings],
            "void": [entry.to_json() for entry in self.void],
            "schedule": [entry.to_json() for entry in self.schedule],
            "fees": self.fees.to_json() if self.fees else None,
        }


def event_of(sessions: Sequence[TournamentSession], description: Description) -> str | None:
    """The event: the description's name, else the ``Event`` most sessions with a ``Stage`` give."""
    if description.name:
        return description.name
    events = Counter(s.tag("Event") for s in sessions if s.tag("Stage") is not None)
    return events.most_common(1)[0][0] if events else None


def build_tournament(
    sessions: Sequence[TournamentSession],
    description: Description | None = None,
    day: DayLog | None = None,
) -> Tournament:
    """The tournament of the sessions' event (see the module docstring). Without a ``day`` (or
    with an empty schedule) every session of the event counts, as for a folder of files."""
    description = description or Description()
    day = day or DayLog()
    fmt = description.twenty_eight
    event = event_of(sessions, description)
    findings: list[TournamentFinding] = []
    matches: list[Match] = []
    tables: list[RummyTable] = []
    voids: list[VoidEntry] = []
    facts = ScheduleFacts()
    taken: dict[str, str] = {}
    for session in sessions:
        if session.tag("Event") != event:
            shown = session.tag("Event") or "none"
            message = f"event {shown}, not {event}: left out"
            findings.append(
                TournamentFinding("other-event", session.source, session.tag_line("Event"), message)
            )
            continue
        why = day.voids.get(session.key)
        if why is not None:
            voids.append(VoidEntry(session.key, why))
            facts.voided.add(session.tag("Schedule") or "")
            continue
        if day.schedule and not _counts(session, day, taken, findings):
            continue
        game = session.record.game
        stages = STAGES if game == "28" else RUMMY_STAGES if game == "rummy" else None
        if stages is None:
            continue
        stage = (session.tag("Stage") or "").lower()
        if stage not in stages:
            known = ", ".join(stages)
            message = f"stage {session.tag('Stage') or 'missing'}: expected one of {known}"
            findings.append(
                TournamentFinding(
                    "unknown-stage", session.source, session.tag_line("Stage", "Game"), message
                )
            )
            continue
        if session.rummy is not None:
            tables.append(RummyTable(session, stage, session.rummy))
            continue
        match = read_match(session, stage, fmt.shuffles, fmt.final_shuffles)
        bad = checked_walkover(match)
        if bad is not None:
            findings.append(bad)
            continue
        match, bad = checked_decision(match)
        findings.extend([bad] if bad else [])
        matches.append(match)
    matches = _withdrawals(matches, day.schedule, description, event, voids)
    listed = [team.name for team in fmt.teams]
    teams = listed or sorted({team for match in matches for team in match.teams})
    matches = _known_teams(matches, set(teams), findings)
    findings.extend(_player_findings(matches, description))
    group_matches = _group_stage(
        [match for match in matches if match.stage == GROUP], description, findings
    )
    group_of = {
        team: (entry.group if (entry := fmt.team(team)) and entry.group else ALL) for team in teams
    }
    tallies = tally(teams, group_matches)
    groups = {
        group: standings(
            [team for team in teams if group_of[team] == group],
            tallies,
            group_matches,
            fmt.tiebreak,
            fmt.decided,
        )
        for group in sorted(set(group_of.values()))
    }
    complete = bool(teams) and all(
        tallies[team].played >= fmt.group_games for team in teams if team not in fmt.withdrawn
    )
    seeds = seeding(groups, tallies, group_matches, fmt.tiebreak, fmt.decided) if complete else []
    knockout = [match for match in matches if match.stage != GROUP]
    bracket, drawn = draw_bracket(
        seeds,
        len(teams),
        knockout,
        withdrawn=fmt.withdrawn,
        stands=day.stands,
        walkover=_knockout_walkover(day.schedule, description, event),
    )
    findings.extend(drawn)
    used = group_matches + [slot.match for slot in bracket if slot.match is not None]
    findings.extend(_length_findings(used))
    to_play = _to_play(teams, tallies, group_matches, bracket, fmt)
    rummy = rummy_tournament(tables, description.rummy)
    for table in tables:
        findings.extend(draw_findings(table))
    stale = stale_qualifiers(rummy, tables, day.stands) if day.schedule else []
    findings.extend(stale)
    _gather_facts(facts, used, knockout, tables, stale)
    schedule = schedule_entries(day.schedule, bracket, facts)
    fees = accounts(description, tables, teams, day.payments)
    return Tournament(
        event,
        groups,
        bracket,
        places(bracket),
        used,
        to_play,
        rummy,
        findings,
        voids,
        schedule,
        fees,
    )


def _counts(
    session: TournamentSession,
    day: DayLog,
    taken: dict[str, str],
    findings: list[TournamentFinding],
) -> bool:
    """Whether a session counts in a day with a schedule (§8): started from a scheduled match (the
    first session of it that is not void), or imported by the director."""
    if session.key in day.imported:
        return True
    scheduled = session.tag("Schedule")
    code, message = "unscheduled", ""
    if scheduled is None:
        message = "started from no scheduled match (no Schedule tag): left out"
    elif day.scheduled(scheduled) is None:
        message = f"Schedule {scheduled}: no such scheduled match; left out"
    elif scheduled in taken:
        code = "duplicate-match"
        message = (
            f"Schedule {scheduled}: the match has session {taken[scheduled]} already; left out"
        )
    else:
        taken[scheduled] = session.key
        return True
    line = session.tag_line("Schedule", "Event")
    findings.append(TournamentFinding(code, session.source, line, message))
    return False


def _scheduled_tags(scheduled: ScheduledMatch, event: str | None) -> dict[str, str | None]:
    return {
        "Event": event,
        "Table": str(scheduled.table),
        "Round": str(scheduled.round) if scheduled.round is not None else None,
        "Stage": scheduled.stage,
        "Match": scheduled.match,
        "Schedule": scheduled.id,
    }


def _withdrawals(
    matches: list[Match],
    schedule: Sequence[ScheduledMatch],
    description: Description,
    event: str | None,
    voids: list[VoidEntry],
) -> list[Match]:
    """The matches with a withdrawn team's scheduled group matches (§9) as walkovers to the
    opponent (both withdrawn: ``none``): a finished session stands, an unfinished one is void."""
    fmt = description.twenty_eight
    for scheduled in schedule:
        teams = scheduled.teams
        if scheduled.stage != GROUP or teams is None:
            continue
        gone = [team for team in teams if team in fmt.withdrawn]
        if not gone:
            continue
        played = [m for m in matches if m.session.tag("Schedule") == scheduled.id]
        if played and played[0].finished:
            continue
        for match in played:
            voids.append(VoidEntry(match.session.key, f"{gone[0]} withdrew before it was finished"))
        matches = [m for m in matches if m not in played]
        winner = NOBODY if len(gone) == 2 else teams[1] if teams[0] in gone else teams[0]
        tags = _scheduled_tags(scheduled, event)
        key = f"w/o {scheduled.id}"
        matches.append(made_walkover(key, tags, teams, winner, fmt.shuffles, fmt.final_shuffles))
    return matches


def _knockout_walkover(
    schedule: Sequence[ScheduledMatch], description: Description, event: str | None
) -> Callable[[Layout, tuple[str, str], str], Match]:
    """How the bracket makes the walkover of a slot a withdrawn team would play (§9)."""
    fmt = description.twenty_eight

    def walkover(layout: Layout, teams: tuple[str, str], winner: str) -> Match:
        scheduled = next((s for s in schedule if s.match == layout.label), None)
        if scheduled is not None:
            tags = _scheduled_tags(scheduled, event)
            key = f"w/o {scheduled.id}"
        else:
            tags = {"Event": event, "Stage": layout.stage, "Match": layout.label}
            key = f"w/o {layout.label}"
        return made_walkover(key, tags, teams, winner, fmt.shuffles, fmt.final_shuffles)

    return walkover


def _gather_facts(
    facts: ScheduleFacts,
    used: Sequence[Match],
    knockout: Sequence[Match],
    tables: Sequence[RummyTable],
    stale: Sequence[TournamentFinding],
) -> None:
    """What the schedule's states need: each id's counting match, stale sessions, tables."""
    counted = {id(match) for match in used}
    for match in used:
        scheduled = match.session.tag("Schedule")
        if scheduled:
            facts.matches.setdefault(scheduled, match)
    for match in knockout:
        scheduled = match.session.tag("Schedule")
        if scheduled and id(match) not in counted:
            facts.wrong.setdefault(scheduled, match.session.key)
    stale_sources = {finding.file for finding in stale if finding.code == "stale-qualifier"}
    for table in tables:
        scheduled = table.session.tag("Schedule")
        if scheduled:
            finished = table.winner is not None
            state = TableState(table.session.key, finished, table.session.source in stale_sources)
            facts.tables.setdefault(scheduled, state)


def _known_teams(
    matches: list[Match], teams: set[str], findings: list[TournamentFinding]
) -> list[Match]:
    """The matches between teams of the tournament; one naming another team is reported."""
    known = []
    for match in matches:
        strangers = [team for team in match.teams if team not in teams]
        if strangers:
            message = f"{match.pairing}: {strangers[0]} is no team of the tournament"
            findings.append(_finding(match, "unknown-team", message, "Teams"))
            continue
        known.append(match)
    return known


def _player_findings(matches: Sequence[Match], description: Description) -> list[TournamentFinding]:
    """``not-on-roster`` and ``two-teams``: the players of each match against the rosters."""
    fmt = description.twenty_eight
    findings: list[TournamentFinding] = []
    team_of: dict[str, str] = {}
    for listed in fmt.teams:
        for player in listed.players:
            first = team_of.setdefault(player, listed.name)
            if first != listed.name:
                message = f"{player} is on the rosters of {first} and {listed.name}"
                findings.append(
                    TournamentFinding(
                        "two-teams", description.source, description.line_of(player), message
                    )
                )
    reported: set[tuple[str, str]] = set()
    for match in matches:
        for team, players in zip(match.teams, match.players, strict=True):
            entry = fmt.team(team)
            for player in players:
                if (
                    entry
                    and entry.players
                    and player not in entry.players
                    and (player, team) not in reported
                ):
                    roster = ", ".join(entry.players)
                    message = f"{player} played for {team} but is not on its roster ({roster})"
                    findings.append(_finding(match, "not-on-roster", message, "Players"))
                first = team_of.setdefault(player, team)
                if first != team and (player, team) not in reported:
                    message = f"{player} played for {team} but belongs to {first}"
                    findings.append(_finding(match, "two-teams", message, "Players"))
                reported.add((player, team))
    return findings


def _group_stage(
    matches: list[Match], description: Description, findings: list[TournamentFinding]
) -> list[Match]:
    """The group matches that count, in round order: a team's matches beyond ``group_games`` are
    reported and left out; a rematch is noted; a match across groups is reported."""
    fmt = description.twenty_eight
    played: Counter[str] = Counter()
    met: set[frozenset[str]] = set()
    counted = []
    for match in sorted(matches, key=lambda m: (m.round or UNKNOWN_ROUND, m.session.source)):
        over = [team for team in match.teams if played[team] >= fmt.group_games]
        if over:
            message = (
                f"{match.pairing}: {over[0]} has played its "
                f"{plural(fmt.group_games, 'group game')} already; this match does not count"
            )
            findings.append(_finding(match, "too-many-games", message, "Round"))
            continue
        pair = frozenset(match.teams)
        if pair in met:
            message = f"{match.pairing}: the two teams met before in the group stage"
            findings.append(_finding(match, "rematch", message, "Round"))
        met.add(pair)
        groups = {entry.group if (entry := fmt.team(team)) else None for team in match.teams}
        if len(groups) > 1:
            message = (
                f"group {match.teams[0]} v {match.teams[1]}: the teams are in different groups"
            )
            findings.append(_finding(match, "cross-group", message, "Teams"))
        if match.finished:
            played.update(match.teams)
        counted.append(match)
    return counted


def _length_findings(matches: Sequence[Match]) -> list[TournamentFinding]:
    """``match-length``: shuffles recorded after a match was decided, which do not count."""
    findings = []
    for match in matches:
        if match.extra_shuffles:
            message = (
                f"{match.pairing}: decided after "
                f"{match.deciding_shuffle} shuffles; the {match.extra_shuffles} after do not count"
            )
            findings.append(_finding(match, "match-length", message, "Stage"))
    return findings


def _to_play(
    teams: Sequence[str],
    tallies: dict[str, Any],
    group_matches: Sequence[Match],
    bracket: Sequence[Slot],
    fmt: TwentyEightFormat,
) -> list[Pending]:
    """The matches still to play: unfinished group matches, group games not yet recorded (none of
    a withdrawn team), and every knockout slot without a winner."""
    group_games = fmt.group_games
    pending = [
        Pending(
            GROUP,
            f"{m.pairing}: {m.recorded} of {m.shuffles_due} shuffles",
            m.session.key,
        )
        for m in group_matches
        if not m.finished
    ]
    started = Counter(team for match in group_matches if not match.finished for team in match.teams)
    for team in teams:
        if team in fmt.withdrawn:
            continue
        left = group_games - tallies[team].played - started[team]
        if left > 0:
            pending.append(Pending(GROUP, f"{team}: {plural(left, 'group game')} to play"))
    for slot in bracket:
        if slot.decided:
            continue
        match = slot.match
        state = f": {match.recorded} shuffles so far" if match else ""
        pending.append(
            Pending(slot.layout.stage, slot.shown() + state, match.session.key if match else None)
        )
    return pending


def plural(count: int, noun: str) -> str:
    """``1 group game``, ``3 group games``."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _finding(match: Match, code: str, message: str, tag: str) -> TournamentFinding:
    session = match.session
    return TournamentFinding(code, session.source, session.tag_line(tag, "Teams"), message)
