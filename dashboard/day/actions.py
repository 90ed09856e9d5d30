"""Every write of the tournament day (TOURNAMENT.md §8–§12), in one place: the organiser's set-up
and schedule, the director's walkovers, withdrawals, penalties, decisions, corrections, voids and
replacements, the desk's payments, and the start of a scheduled match at a table.

Each action checks what it is given against the engine (the description, the schedule, the
record), refuses with a ``DayError`` that says what is wrong and where, and otherwise appends one or
two events to the archive with the author's label and reason. The organiser's and director's pages
and ``thuruppu day`` call these functions and nothing else to write.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace

from dashboard.day.dealers import dealers, moved_dealers
from dashboard.day.source import Day, DayError, day_log, open_day, schedule_event
from dashboard.library import archive_key
from recorder import dumps
from recorder.archive import (
    Archive,
    ArchiveError,
    Author,
    DayEvent,
    DescriptionSet,
    HandsRewritten,
    HandStarted,
    MatchUnscheduled,
    PaymentMade,
    SessionStands,
    SessionTagged,
    SessionVoided,
)
from recorder.archive.events import Event
from recorder.games import GAMES
from recorder.model import Hand, PenaltyLine, Record, Tag
from recorder.tgn import read as read_tgn
from replay.tournament import (
    Description,
    ScheduledMatch,
    ScheduleEntry,
    TournamentFinding,
    TournamentSession,
    change_problems,
    current_matches,
    description_toml,
    draw_text,
    merge_roster,
    read_description,
    read_draw,
    read_roster,
    schedule_problems,
    start_tags,
)
from replay.tournament.day import GAME_STAGES
from replay.tournament.description import rules_for
from replay.tournament.matches import GROUP


@dataclass(frozen=True)
class RosterFile:
    """A roster as uploaded or named on the command line: its bytes and its name for messages."""

    data: bytes
    source: str


def set_description(
    archive: Archive,
    text: str,
    author: Author,
    roster: RosterFile | None = None,
    editing: str | None = None,
) -> str:
    """Store a new version of a tournament's description (its ``name`` names the tournament; the
    one being edited is ``editing``), with a roster merged in; refused with every error and its
    line when the engine finds one, and when it renames what a session or the schedule uses."""
    description, findings = read_description(text, "description")
    if roster is not None:
        read = read_roster(roster.data, roster.source)
        findings = [*findings, *read.findings]
        description = merge_roster(description, read)
        text = description_toml(description) if not read.findings else text
    refuse_errors(findings)
    if not description.name:
        raise DayError(
            'description: the tournament needs a name (name = "..."); nothing was stored'
        )
    problems = _change_problems(archive, editing or description.name, description)
    if problems:
        raise DayError("; ".join(problems) + "; nothing was stored")
    _store_day(archive, description.name, DescriptionSet(text=text), author)
    return f"{description.name}: description stored ({len(description.twenty_eight.teams)} teams)"


def refuse_errors(findings: list[TournamentFinding]) -> None:
    """Refuse, listing every finding of severity error with its place."""
    errors = [finding for finding in findings if finding.severity == "error"]
    if errors:
        raise DayError("nothing was stored:\n" + "\n".join(_place(finding) for finding in errors))


def _place(finding: TournamentFinding) -> str:
    column = f":{finding.column}" if finding.column else ""
    return f"{finding.file}:{finding.line}{column}: {finding.code}: {finding.message}"


def _change_problems(archive: Archive, event: str, new: Description) -> list[str]:
    """What the new description may not change of the tournament ``event`` as it stands."""
    state = archive.day_state(event)
    old, _ = read_description(state.description or f"name = {json.dumps(event)}", "description")
    sessions = [
        TournamentSession(
            archive_key(summary.id), f"archive #{summary.id}", archive.record(summary.id)
        )
        for summary in archive.sessions()
        if summary.event == event
    ]
    schedule = day_log(state, []).schedule
    return change_problems(old, new, sessions, schedule)


def schedule_match(day: Day, match: ScheduledMatch, author: Author) -> str:
    """Put a match on the schedule, refused with every problem the engine finds."""
    problems = schedule_problems(match, day.description, day.log.schedule)
    if problems:
        raise DayError(f"match {match.id}: " + "; ".join(problems) + "; nothing was stored")
    event = schedule_event(match)
    _store_day(day.archive, day.event, event, author)
    return f"{match.id} scheduled at table {match.table}"


def unschedule(day: Day, match_id: str, author: Author) -> str:
    _store_day(day.archive, day.event, MatchUnscheduled(id=match_id), _needs_reason(author))
    return f"{match_id} taken off the schedule"


def void(day: Day, session: int, author: Author) -> str:
    """Void a session: it counts for nothing; its scheduled match may be started anew."""
    _session_of(day, session)
    seq = _store_day(day.archive, day.event, SessionVoided(session=session), _needs_reason(author))
    return f"session {session} void (day event {seq}, by {author.who}: {author.why})"


def stand(day: Day, session: int, author: Author) -> str:
    """The director lets a match that no longer follows the bracket stand as played."""
    _session_of(day, session)
    _store_day(day.archive, day.event, SessionStands(session=session), _needs_reason(author))
    return f"session {session} stands as played"


def pay(day: Day, person: str, amount: int, note: str, author: Author) -> str:
    """A payment at the desk, for a person (or a 28 team) the accounts know."""
    accounts = day.tournament().fees
    people = accounts.people if accounts else {}
    if person not in people:
        known = ", ".join(sorted(people)) or "nobody owes anything yet"
        raise DayError(
            f"{person!r} owes nothing in {day.event} (people: {known}); nothing was stored"
        )
    if amount <= 0:
        raise DayError(f"amount {amount}: a payment is a whole number above 0; nothing was stored")
    _store_day(day.archive, day.event, PaymentMade(person=person, amount=amount, note=note), author)
    return f"{person} paid {amount}"


def walkover(
    day: Day,
    winner: str,
    loser: str,
    match_id: str | None,
    author: Author,
    stage: str | None = None,
    round_: int | None = None,
) -> str:
    """A walkover of a scheduled 28 match: a session ``[Walkover "WINNER"]`` with no hands, its
    tags from the schedule; ``none`` as the winner when neither team came (group stage). The match
    is named by its id, or (§9) by ``stage`` and ``round_``: the scheduled match of that stage and
    round between the two teams, or on a day with no schedule (sessions imported from files) a new
    session of the event with those tags."""
    if match_id is None and stage is not None:
        found = _entry_by_stage(day, winner, loser, stage, round_)
        if found is None:
            return _unscheduled_walkover(day, winner, loser, stage, round_, author)
        match_id = found.scheduled.id
    entry = _scheduled_entry(day, match_id)
    teams = entry.teams
    if teams is None or None in teams:
        raise DayError(f"{entry.scheduled.id}: its teams are not known yet; nothing was stored")
    expected = {team for team in teams if team is not None}
    named = {winner, loser} - {"none"}
    if named - expected or (winner != "none" and {winner, loser} != expected):
        raise DayError(
            f"{entry.scheduled.id} is {teams[0]} v {teams[1]}: the walkover names "
            f"{winner} and {loser}; nothing was stored"
        )
    started = start_tags(entry, day.description)
    if started.problems:
        raise DayError(f"{'; '.join(started.problems)}; nothing was stored")
    tags = [Tag(name=name, value=value) for name, value in started.tags.items()]
    tags.append(Tag(name="Walkover", value=winner))
    try:
        session = day.archive.start_scheduled(tags, entry.scheduled.id, _needs_reason(author))
    except ArchiveError as error:
        raise DayError(str(error)) from None
    shown = "neither team came" if winner == "none" else f"{winner} wins, {loser} did not come"
    return f"session {session}: walkover in {entry.scheduled.id}: {shown} (by {author.who})"


def _entry_by_stage(
    day: Day, winner: str, loser: str, stage: str, round_: int | None
) -> ScheduleEntry | None:
    """The scheduled 28 match of ``stage`` (and ``round_``, when given) between the walkover's
    teams; ``None`` on a day with no schedule; refused when none or several fit."""
    named = {winner, loser} - {"none"}
    fitting = [
        entry
        for entry in day.tournament().schedule
        if entry.scheduled.game == "28"
        and entry.scheduled.stage == stage
        and (round_ is None or entry.scheduled.round == round_)
        and named <= set(entry.teams or ())
    ]
    if len(fitting) == 1:
        return fitting[0]
    where = stage + (f" round {round_}" if round_ is not None else "")
    teams = " and ".join(sorted(named))
    if fitting:
        ids = ", ".join(entry.scheduled.id for entry in fitting)
        raise DayError(
            f"{where}: {ids} all pair {teams}: name one with --match; nothing was stored"
        )
    if not day.log.schedule:
        return None
    known = ", ".join(entry.scheduled.id for entry in day.tournament().schedule)
    raise DayError(
        f"no scheduled {where} match between {teams} (scheduled: {known}); nothing was stored"
    )


def _unscheduled_walkover(
    day: Day, winner: str, loser: str, stage: str, round_: int | None, author: Author
) -> str:
    """A walkover session of a day with no schedule: its tags from the stage, round and teams
    given (a knockout match's ``Match`` from the bracket slot that pairs them)."""
    stages = GAME_STAGES["28"]
    listed = [team.name for team in day.description.twenty_eight.teams]
    if stage not in stages:
        problem = f"stage {stage!r}: expected one of {', '.join(stages)}"
    elif winner == "none":
        problem = "a walkover to none names both teams: record it with its match (--match ID)"
    elif winner == loser:
        problem = f"{winner} cannot play itself"
    else:
        strangers = [team for team in (winner, loser) if listed and team not in listed]
        problem = (
            f"{strangers[0]} is no team of {day.event} (teams: {', '.join(listed)})"
            if strangers
            else ""
        )
    if problem:
        raise DayError(f"walkover: {problem}; nothing was stored")
    slot = next(
        (s.label for s in day.tournament().bracket if set(s.teams) == {winner, loser}), None
    )
    values = {
        "Game": "28",
        "Event": day.event,
        "Date": day.description.date,
        "Round": str(round_) if round_ is not None else None,
        "Stage": stage,
        "Match": slot if stage != GROUP else None,
        "Teams": f"{winner}, {loser}",
        "Rules": rules_for("28", day.description.rules),
        "Walkover": winner,
    }
    tags = [Tag(name=name, value=value) for name, value in values.items() if value is not None]
    try:
        session = day.archive.create_session(tags, _needs_reason(author))
    except ArchiveError as error:
        raise DayError(str(error)) from None
    where = stage + (f" round {round_}" if round_ is not None else "")
    return (
        f"session {session}: walkover in the {where}: {winner} wins, {loser} did not come "
        f"(by {author.who})"
    )


def withdraw(day: Day, team: str, author: Author) -> str:
    """A team withdraws: the description gains it under ``withdrawn``; its unfinished scheduled
    group sessions are voided (the engine turns its open matches into walkovers)."""
    fmt = day.description.twenty_eight
    if fmt.team(team) is None:
        known = ", ".join(t.name for t in fmt.teams)
        raise DayError(f"{team!r} is no team of {day.event} (teams: {known}); nothing was stored")
    if team in fmt.withdrawn:
        raise DayError(f"{team} has withdrawn already; nothing was stored")
    author = _needs_reason(author)
    withdrawn = replace(fmt, withdrawn=(*fmt.withdrawn, team))
    text = description_toml(replace(day.description, twenty_eight=withdrawn))
    _store_day(day.archive, day.event, DescriptionSet(text=text), author)
    keys = {archive_key(summary.id): summary.id for summary in day.summaries}
    voided = [
        keys[entry.session]
        for entry in day.tournament().schedule
        if entry.state == "playing" and entry.session in keys and team in (entry.teams or ())
    ]
    for session in voided:
        _store_day(day.archive, day.event, SessionVoided(session=session), author)
    shown = ", ".join(f"session {session}" for session in voided)
    return f"{team} withdrawn" + (f"; voided {shown}, unfinished" if voided else "")


def settle(day: Day, order: tuple[str, ...], author: Author) -> str:
    """Settle a tie nothing else breaks (§4): the teams in ORDER go first in ``decided``, in that
    order, ahead of any the description already orders."""
    fmt = day.description.twenty_eight
    unknown = [team for team in order if fmt.team(team) is None]
    if len(order) < 2 or unknown or len(set(order)) != len(order):
        known = ", ".join(t.name for t in fmt.teams)
        said = (
            f"{', '.join(unknown)}: no team of {day.event}"
            if unknown
            else "expected two or more teams, once each"
        )
        raise DayError(f"settle {', '.join(order)}: {said} (teams: {known}); nothing was stored")
    author = _needs_reason(author)
    decided = (*order, *(team for team in fmt.decided if team not in order))
    text = description_toml(replace(day.description, twenty_eight=replace(fmt, decided=decided)))
    _store_day(day.archive, day.event, DescriptionSet(text=text), author)
    return f"tie settled: {', '.join(order)}"


def decide(day: Day, session: int, winner: str, author: Author) -> str:
    """The director's decision on a match that cannot be finished: WINNER wins it as it stands."""
    _session_with_team(day, session, winner)
    author = _needs_reason(author)
    event = SessionTagged(name="Decision", value=winner, remark=author.why)
    _append(day.archive, session, event, author)
    return f"session {session}: decided for {winner}"


def penalty(
    day: Day,
    session: int,
    hand: int,
    team: str,
    points: int,
    author: Author,
    revoke: bool = False,
) -> str:
    """A penalty line in a hand (RULES.md §9): the hand rewritten with it. ``revoke`` marks the
    cardinal rule's penalty (rule E.2.2, TOURNAMENT.md §9): its reason begins with ``revoke``, so
    the scoring also awards the hand to TEAM (lost by the callers if they revoked, made if not)."""
    record = _session_with_team(day, session, team)
    author = _needs_reason(author)
    target = _hand_of(record, hand, session)
    said = author.why.strip()
    marked = revoke and not said.lower().startswith("revoke")
    line = PenaltyLine(team=team, points=points, reason=f"revoke: {said}" if marked else said)
    changed = target.model_copy(update={"penalties": [*target.penalties, line]})
    return correct(day, session, hand, correction_text(record, hand - 1, [changed]), author)


def correct(day: Day, session: int, hand: int, text: str, author: Author) -> str:
    """Replace a hand by the hands of a TGN text (none voids it, several insert). When hands are
    inserted or removed, each later hand whose dealer only repeated the rotation follows the
    rotation after them (``dealers.moved_dealers``), rewritten in the same transaction; a hand
    being played keeps its dealer, and the message says so."""
    record = _session_of(day, session)
    _hand_of(record, hand, session)
    author = _needs_reason(author)
    read = read_tgn(text, "<correction>")
    readable = read.record is not None and not read.errors  # else the archive refuses it
    moved = moved_dealers(record, hand, read.record.hands) if read.record and readable else []
    playing = len(day.archive.ended_record(session).hands) < len(record.hands)
    kept = [change for change in moved if playing and change.index == len(record.hands) - 1]
    followed = [change for change in moved if change not in kept]
    events: list[Event] = [HandsRewritten(hand=hand, text=text)]
    for change in followed:
        rewritten = correction_text(record, change.index, [change.hand])
        events.append(HandsRewritten(hand=change.number, text=rewritten))
    try:
        day.archive.append_all(session, events, author)
    except ArchiveError as error:
        raise DayError(str(error)) from None
    said = f"session {session}: hand {hand} corrected (by {author.who}: {author.why})"
    if followed:
        numbers = ", ".join(str(change.number) for change in followed)
        said += f"; the dealers of hands {numbers} follow the rotation after it"
    for change in kept:
        said += (
            f"; hand {change.number} is being played: its dealer, seat {change.was}, is kept "
            f"(the rotation gives seat {change.dealer})"
        )
    return said


def replace_session(day: Day, session: int, author: Author, walkover_to: str | None = None) -> str:
    """Void a session so that its scheduled match starts anew at its table, or is recorded as a
    walkover to ``walkover_to``."""
    record = _session_of(day, session)
    said = void(day, session, author)
    scheduled = record.tag("Schedule")
    if walkover_to is None:
        return f"{said}; its match starts anew at its table"
    if scheduled is None:
        raise DayError(
            f"session {session} was not started from the schedule: "
            "record the walkover with its match (thuruppu day walkover --match ID)"
        )
    loser = next((team for team in record.teams if team != walkover_to), "none")
    return (
        said
        + "\n"
        + walkover(open_day(day.archive, day.event), walkover_to, loser, scheduled.value, author)
    )


def start_match(
    day: Day,
    entry: ScheduleEntry,
    author: Author,
    chairs: tuple[str, ...] = (),
    dealer: int = 0,
    draw: str = "",
) -> int:
    """Start a scheduled match's session at its table with the tags the schedule gives, and its
    first hand. A 28 match's ``chairs`` are its players in seat order (odd seats the first
    team's, from each team's roster when it has one; ``dealer`` the last seat unless said); a Rummy
    table's come from its chair draw (``draw``, a ``Draw`` tag's value), which gives the chairs
    and the first dealer."""
    if author.role == "table":
        current = current_matches(day.tournament().schedule).get(author.table or 0)
        if current is None or current.scheduled.id != entry.scheduled.id:
            raise DayError(
                f"{author.who}: {entry.scheduled.id} is not this table's current match; "
                "nothing was stored"
            )
    if entry.scheduled.game == "rummy":
        read = read_draw(draw)
        if read.problems:
            raise DayError(f"the chair draw: {'; '.join(read.problems)}; nothing was stored")
        chairs, dealer = read.chairs, read.dealer
        extra = Tag(name="Draw", value=draw_text(read.cards))
    else:
        _check_seats(day, entry, chairs)
        dealer = dealer or len(chairs)
        extra = Tag(name="Players", value=", ".join(chairs))
    started = start_tags(entry, day.description, chairs, dealer)
    if started.problems:
        raise DayError("; ".join(started.problems) + "; nothing was stored")
    tags = [Tag(name=name, value=value) for name, value in started.tags.items()]
    tags.insert(1 if extra.name == "Players" else len(tags), extra)
    try:
        session = day.archive.start_scheduled(tags, entry.scheduled.id, author)
        day.archive.append(session, HandStarted.numbered(1, dealer=dealer), author)
    except ArchiveError as error:
        raise DayError(str(error)) from None
    return session


def correction_text(record: Record, index: int, hands: Sequence[Hand] | None = None) -> str:
    """The TGN text of a correction of ``record.hands[index]``: the session's tags and the hands
    to take its place (the hand itself by default, for the director to edit), numbered from 1 as a
    file's hands are; they are numbered on from the hand they replace once stored. The first is
    given its ``Dealer`` tag (a file's first hand needs one) when its dealer followed from the
    hands before it."""
    replacing = list(hands) if hands is not None else [record.hands[index]]
    numbered = []
    for number, hand in enumerate(replacing, start=1):
        tags = [tag for tag in hand.tags if tag.name != "Hand"]
        if number == 1 and hand.dealer is None:
            dealer = dealers(record)[index]
            tags.insert(0, Tag(name="Dealer", value=str(dealer)))
        numbered.append(
            hand.model_copy(update={"tags": [Tag(name="Hand", value=str(number)), *tags]})
        )
    return dumps(record.model_copy(update={"hands": numbered}))


def table_match(day: Day, table: int) -> ScheduleEntry:
    """A table's current match (TOURNAMENT.md §8), refused when it has none."""
    entry = current_matches(day.tournament().schedule).get(table)
    if entry is None:
        raise DayError(f"table {table} has no match to play in {day.event}")
    return entry


def _check_seats(day: Day, entry: ScheduleEntry, chairs: tuple[str, ...]) -> None:
    """A 28 match's players, one a seat: each of his seat's team (its roster when it has one)."""
    teams = entry.teams
    seats = GAMES[entry.scheduled.game].players
    if len(chairs) != seats or not all(name.strip() for name in chairs):
        raise DayError(
            f"a {entry.scheduled.game} match needs a player in each of its {seats} seats; "
            "nothing was stored"
        )
    if len(set(chairs)) != seats:
        raise DayError("a player sits in two seats; nothing was stored")
    if teams is None or None in teams:
        return
    for seat, name in enumerate(chairs, start=1):
        team = teams[(seat - 1) % 2]
        listed = day.description.twenty_eight.team(team or "")
        if listed is not None and listed.players and name not in listed.players:
            raise DayError(
                f"seat {seat}: {name} is not on the roster of {team} "
                f"({', '.join(listed.players)}); nothing was stored"
            )


def scorer_penalty(day: Day, session: int, hand: int, team: str, author: Author) -> str:
    """The penalty a scorer may record (TOURNAMENT.md §9): 1 point to TEAM in an ended hand of
    the table's own scheduled session, with its reason; the director records the rest."""
    record = _session_of(day, session)
    if record.tag("Schedule") is None:
        raise DayError(f"session {session} was not started from the schedule; nothing was stored")
    return penalty(day, session, hand, team, 1, author)


def _scheduled_entry(day: Day, match_id: str | None) -> ScheduleEntry:
    entries = {entry.scheduled.id: entry for entry in day.tournament().schedule}
    if match_id is None or match_id not in entries:
        known = ", ".join(entries) or "none"
        raise DayError(f"no scheduled match {match_id!r} (scheduled: {known}); nothing was stored")
    return entries[match_id]


def _session_of(day: Day, session: int) -> Record:
    summary = next((s for s in day.summaries if s.id == session), None)
    if summary is None:
        raise DayError(f"the archive has no session {session}; nothing was stored")
    if summary.event is not None and summary.event != day.event:
        raise DayError(
            f"session {session} is of {summary.event}, not {day.event}; nothing was stored"
        )
    return day.archive.record(session)


def _session_with_team(day: Day, session: int, team: str) -> Record:
    """The record of one of the day's sessions, refused unless ``team`` is one of its teams."""
    record = _session_of(day, session)
    if team not in record.teams:
        raise DayError(
            f"session {session} is {' v '.join(record.teams)}: {team!r} is not one of its "
            "teams; nothing was stored"
        )
    return record


def _hand_of(record: Record, hand: int, session: int) -> Hand:
    if not 1 <= hand <= len(record.hands):
        raise DayError(
            f"session {session} has hands 1..{len(record.hands)}, not {hand}; nothing was stored"
        )
    return record.hands[hand - 1]


def _needs_reason(author: Author) -> Author:
    if not author.why.strip():
        raise DayError(
            "say why (--why): the director's actions keep their reason; nothing was stored"
        )
    return author


def _store_day(archive: Archive, event: str, day_event: DayEvent, author: Author) -> int:
    try:
        return archive.append_day(event, day_event, author)
    except ArchiveError as error:
        raise DayError(str(error)) from None


def _append(archive: Archive, session: int, event: Event, author: Author) -> int:
    try:
        return archive.append(session, event, author)
    except ArchiveError as error:
        raise DayError(str(error)) from None
