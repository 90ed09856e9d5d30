"""The day as it stands in the archive: which tournament, its description, its day log as the
engine reads it, its sessions, and the tournament they make.

An archive may hold several tournaments: each is named by its description's ``name``, the event
its sessions carry. With one tournament set up it is the one; with several, the caller names it
(``--event``). A description file given on the command line overrides the archive's.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from functools import partial

from dashboard.library import SessionCache, archive_key
from recorder.archive import Archive, ArchiveError, DayState, MatchScheduled, SessionSummary
from replay.tournament import (
    DayLog,
    Description,
    Payment,
    ScheduledMatch,
    Tournament,
    TournamentFinding,
    TournamentSession,
    build_tournament,
    read_description,
)

SCORED: SessionCache[TournamentSession] = SessionCache(limit=4096)
"""Each archived session as the tournament counts it (its ended hands replayed and scored), by
archive and session, at the length of its log: the projector and the standings build the day
every few seconds while the tables record, and a session that has not changed since is not
replayed again (a process's, since a command reads the day once)."""


class DayError(Exception):
    """The day cannot be read or a write was refused; the message says why and what to do."""


@dataclass
class Day:
    """One tournament in one archive, as it stands when read."""

    archive: Archive
    event: str
    description: Description
    state: DayState
    summaries: list[SessionSummary]
    findings: list[TournamentFinding] = field(default_factory=list)
    """What is wrong with the description (``bad-description``)."""

    @property
    def log(self) -> DayLog:
        """The day log as the engine reads it (sessions named by their archive keys)."""
        return day_log(self.state, self.summaries)

    def sessions(self) -> list[TournamentSession]:
        """The event's sessions of the archive, replayed and scored (others are left out); a hand
        still being played counts once it has ended (TOURNAMENT.md §8)."""
        loaded = []
        for summary in self.summaries:
            if summary.event is not None and summary.event != self.event:
                continue
            name = (self.archive.location, summary.id)
            loaded.append(SCORED.get(name, summary.events, partial(self._scored, summary.id)))
        return loaded

    def _scored(self, session_id: int) -> TournamentSession:
        record = self.archive.ended_record(session_id)  # a hand being played: not yet
        return TournamentSession.scored(archive_key(session_id), f"archive #{session_id}", record)

    def tournament(self) -> Tournament:
        """The tournament of the day's sessions, description and log."""
        built = build_tournament(self.sessions(), self.description, self.log)
        return built if not self.findings else _with_findings(built, self.findings)


def tournaments(archive: Archive) -> list[str]:
    """The tournaments set up in the archive (each with a description), by name."""
    return sorted(
        {entry.event_name for entry in archive.day_log() if entry.event.kind == "description"}
    )


def open_day(archive: Archive, event: str | None = None) -> Day:
    """The day of ``event`` (the archive's only tournament when ``None``); ``DayError`` when there
    is none or the choice is not clear."""
    try:
        names = tournaments(archive)
        if event is None:
            if not names:
                raise DayError('no tournament is set up in this archive: run "thuruppu day init"')
            if len(names) > 1:
                listed = ", ".join(names)
                raise DayError(
                    f"the archive holds several tournaments: name one with --event ({listed})"
                )
            event = names[0]
        elif event not in names:
            known = ", ".join(names) or "none"
            raise DayError(f"no tournament {event!r} in this archive (tournaments: {known})")
        state = archive.day_state(event)
        summaries = archive.sessions()
    except ArchiveError as error:
        raise DayError(str(error)) from None
    description, findings = read_description(state.description or "", f"{event} (description)")
    return Day(archive, event, description, state, summaries, findings)


def day_log(state: DayState, summaries: list[SessionSummary]) -> DayLog:
    """The engine's ``DayLog`` of an archive's day state."""
    schedule = tuple(scheduled_match(match) for match in state.schedule.values())
    return DayLog(
        schedule=schedule,
        voids={archive_key(session): why for session, why in state.voids.items()},
        imported=frozenset(archive_key(s.id) for s in summaries if s.origin == "import"),
        stands=frozenset(archive_key(session) for session in state.stands),
        payments=tuple(Payment(p.person, p.amount, p.note) for p in state.payments),
    )


def scheduled_match(event: MatchScheduled) -> ScheduledMatch:
    """A schedule event of the archive as the engine's value (the same fields)."""
    teams = event.teams
    pair = (teams[0], teams[1]) if teams and len(teams) == 2 else None
    players = tuple(event.players) if event.players else None
    return ScheduledMatch(
        **{**event.model_dump(exclude={"kind"}), "teams": pair, "players": players}
    )


def schedule_event(match: ScheduledMatch) -> MatchScheduled:
    """The engine's scheduled match as the archive's event (the same fields)."""
    return MatchScheduled(**asdict(match))


def _with_findings(built: Tournament, findings: list[TournamentFinding]) -> Tournament:
    return replace(built, findings=[*findings, *built.findings])
