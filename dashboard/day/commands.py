"""``thuruppu day VERB``: the tournament day's actions from a terminal (TOURNAMENT.md §12, CLI.md).

Each verb opens the archive (``--db``, else ``$THURUPPU_DB``), reads the day of ``--event`` (the
only tournament when there is one) and calls the same action the organiser's and director's pages
call (``dashboard.day.actions``). The command acts with the rights of whoever can open the archive:
its events are written as ``--by`` (``director`` unless said). A refusal is one clear message on
standard error and exit status 1; an archive that cannot be opened, 2.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from dashboard.cli.params import DbOption, EventOption, PlainTyper

if TYPE_CHECKING:  # the archive and the engine load with the verb that runs, not with the command
    from dashboard.day.source import Day
    from recorder.archive import Archive, Author

day_app = PlainTyper(
    help="The tournament day (TOURNAMENT.md §8–§12): set-up, schedule, walkovers, corrections, "
    "voids, fees and each session's history."
)

REFUSED, UNREADABLE = 1, 2
ByOption = Annotated[
    str, typer.Option("--by", help="Who acts, as the history shows it (default: director).")
]
WhyOption = Annotated[str, typer.Option("--why", help="Why: the history keeps the reason.")]
SessionArgument = Annotated[int, typer.Argument(help="The session's number in the archive.")]


def fail(message: str, status: int = REFUSED) -> NoReturn:
    typer.echo(f"thuruppu: {message}", err=True)
    raise typer.Exit(status)


def _archive(db: str | None, create: bool = False) -> Archive:
    """The archive of ``--db``; a SQLite file that does not exist is made only by ``init``
    (``create``): any other verb is refused, naming the path, and creates nothing."""
    from recorder.archive import ArchiveError, open_archive
    from recorder.archive.database import NoArchive

    try:
        return open_archive(db, create=create)
    except NoArchive as error:
        fail(f'{error}; "thuruppu day init" makes a new one', UNREADABLE)
    except ArchiveError as error:
        fail(str(error), UNREADABLE)


def _by(who: str, why: str = "") -> Author:
    from recorder.archive import Author

    return Author(who, why)


def _act(db: str | None, event: str | None, action: Callable[[Day], str]) -> None:
    """Open the day and run one action, printing what it stored or why it was refused."""
    from dashboard.day.source import DayError, open_day
    from recorder.archive import ArchiveError

    archive = _archive(db)
    try:
        typer.echo(action(open_day(archive, event)))
    except DayError as error:
        fail(str(error))
    except ArchiveError as error:
        fail(str(error), UNREADABLE)


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        fail(f"{path}: cannot read ({error.strerror})", UNREADABLE)


@day_app.command("init")
def init(
    description: Annotated[
        Path | None, typer.Option("--description", help="The tournament.toml to store.")
    ] = None,
    name: Annotated[str | None, typer.Option("--name", help="The tournament's name.")] = None,
    date: Annotated[str | None, typer.Option("--date", help="Its date, YYYY-MM-DD.")] = None,
    roster: Annotated[
        Path | None, typer.Option("--roster", help="A CSV roster: team,player[,group] or player.")
    ] = None,
    db: DbOption = None,
    by: ByOption = "director",
) -> None:
    """Set a tournament up in the archive, or store a new version of its description."""
    from dashboard.day import actions

    if (description is None) == (name is None):
        fail("give either --description FILE or --name NAME")
    if description is not None:
        raw = _read(description)
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            fail(f"{description}: not UTF-8")
    else:
        text = f"name = {json.dumps(name, ensure_ascii=False)}\n"
        if date:
            text += f"date = {json.dumps(date)}\n"
    listed = actions.RosterFile(_read(roster), str(roster)) if roster else None
    from dashboard.day.source import DayError

    try:
        archive = _archive(db, create=True)
        typer.echo(actions.set_description(archive, text, _by(by, "set-up"), listed))
    except DayError as error:
        fail(str(error))


@day_app.command("schedule")
def schedule(
    match_id: Annotated[str, typer.Option("--id", help="The match's id, e.g. G1-3 or QF1.")],
    stage: Annotated[str, typer.Option("--stage", help="The stage, e.g. group, quarter final.")],
    table: Annotated[int, typer.Option("--table", help="The table number.")],
    round_: Annotated[int | None, typer.Option("--round", help="The round of the stage.")] = None,
    teams: Annotated[str | None, typer.Option("--teams", help='28: the two teams, "A, B".')] = None,
    slot: Annotated[
        str | None,
        typer.Option("--match", help="28 knockout: the slot, QF1..QF4, SF1, SF2, LF, F."),
    ] = None,
    players: Annotated[
        str | None, typer.Option("--players", help='Rummy: the table\'s players, "A, B, C".')
    ] = None,
    time: Annotated[str | None, typer.Option("--time", help="The start time, HH:MM.")] = None,
    db: DbOption = None,
    event: EventOption = None,
    by: ByOption = "director",
) -> None:
    """Put a match on the schedule (a Rummy table with --players, a 28 match otherwise)."""
    from dashboard.day import actions
    from replay.tournament import ScheduledMatch

    match = ScheduledMatch(
        id=match_id,
        game="rummy" if players else "28",
        stage=stage.strip().lower(),
        round=round_,
        table=table,
        match=slot,
        teams=_pair(teams) if teams else None,
        players=tuple(_names(players)) if players else None,
        time=time,
    )
    _act(db, event, lambda day: actions.schedule_match(day, match, _by(by)))


@day_app.command("start")
def start(
    table: Annotated[int, typer.Option("--table", help="The table whose current match starts.")],
    players: Annotated[
        str | None,
        typer.Option("--players", help='28: the players in seat order, "A, B, C, D, E, F".'),
    ] = None,
    dealer: Annotated[
        int, typer.Option("--dealer", help="28: hand 1's dealer seat (default: the last).")
    ] = 0,
    draw: Annotated[
        str | None,
        typer.Option("--draw", help='Rummy: the chair draw, "Anu=AS, Babu=KD, Cini=3C".'),
    ] = None,
    db: DbOption = None,
    event: EventOption = None,
    by: ByOption = "director",
) -> None:
    """Start a table's current match with its tags from the schedule (as the table's page does)."""
    from dashboard.day import actions

    def begin(day: Day) -> str:
        entry = actions.table_match(day, table)
        seats = tuple(_names(players)) if players else ()
        session = actions.start_match(day, entry, _by(by), seats, dealer, draw or "")
        return f"session {session}: {entry.scheduled.id} started at table {table}"

    _act(db, event, begin)


@day_app.command("unschedule")
def unschedule(
    match_id: Annotated[str, typer.Argument(help="The scheduled match's id.")],
    why: WhyOption = "",
    db: DbOption = None,
    event: EventOption = None,
    by: ByOption = "director",
) -> None:
    """Take a match off the schedule."""
    from dashboard.day import actions

    _act(db, event, lambda day: actions.unschedule(day, match_id, _by(by, why)))


@day_app.command("walkover")
def walkover(
    winner: Annotated[str, typer.Option("--winner", help='The team that came, or "none".')],
    loser: Annotated[str, typer.Option("--loser", help="The team that did not come.")],
    match_id: Annotated[
        str | None, typer.Option("--match", help="The scheduled match's id.")
    ] = None,
    stage: Annotated[
        str | None, typer.Option("--stage", help="Instead of --match: the stage, e.g. group.")
    ] = None,
    round_: Annotated[
        int | None, typer.Option("--round", help="With --stage: the round of the stage.")
    ] = None,
    why: WhyOption = "did not come",
    db: DbOption = None,
    event: EventOption = None,
    by: ByOption = "director",
) -> None:
    """Record a walkover of a 28 match: the winner goes on, no hands are played. The match is its
    scheduled id (--match), or its stage and round (--stage, --round): the scheduled match of
    them between the two teams, or on a day with no schedule a new session with those tags."""
    from dashboard.day import actions

    if (match_id is None) == (stage is None):
        fail("walkover: name the match by --match ID, or by --stage (and --round); not both")
    said = stage.strip().lower() if stage is not None else None
    _act(
        db,
        event,
        lambda day: actions.walkover(
            day, winner, loser, match_id, _by(by, why), stage=said, round_=round_
        ),
    )


@day_app.command("withdraw")
def withdraw(
    team: Annotated[str, typer.Argument(help="The 28 team that withdraws.")],
    why: WhyOption = "",
    db: DbOption = None,
    event: EventOption = None,
    by: ByOption = "director",
) -> None:
    """A team withdraws: its open group matches become walkovers to their opponents."""
    from dashboard.day import actions

    _act(db, event, lambda day: actions.withdraw(day, team, _by(by, why)))


@day_app.command("settle")
def settle(
    order: Annotated[str, typer.Argument(help='The tied teams in the order decided, "A, B".')],
    why: WhyOption = "",
    db: DbOption = None,
    event: EventOption = None,
    by: ByOption = "director",
) -> None:
    """Settle a tie nothing else breaks: the teams' order goes into `decided`."""
    from dashboard.day import actions

    _act(db, event, lambda day: actions.settle(day, tuple(_names(order)), _by(by, why)))


@day_app.command("penalty")
def penalty(
    session: SessionArgument,
    hand: Annotated[int, typer.Option("--hand", help="The hand it was given in.")],
    team: Annotated[str, typer.Option("--team", help="The team the points go to.")],
    points: Annotated[int, typer.Option("--points", help="Game points awarded.")],
    why: WhyOption = "",
    revoke: Annotated[
        bool,
        typer.Option(
            "--revoke", help="The cardinal rule's penalty (a revoke): the hand is awarded too."
        ),
    ] = False,
    db: DbOption = None,
    event: EventOption = None,
    by: ByOption = "director",
) -> None:
    """Award a penalty in a hand (a `penalty TEAM N why` line)."""
    from dashboard.day import actions

    _act(
        db,
        event,
        lambda day: actions.penalty(day, session, hand, team, points, _by(by, why), revoke),
    )


@day_app.command("decide")
def decide(
    session: SessionArgument,
    winner: Annotated[str, typer.Option("--winner", help="The team that wins it as it stands.")],
    why: WhyOption = "",
    db: DbOption = None,
    event: EventOption = None,
    by: ByOption = "director",
) -> None:
    """The director's decision on a match that cannot be finished."""
    from dashboard.day import actions

    _act(db, event, lambda day: actions.decide(day, session, winner, _by(by, why)))


@day_app.command("correct")
def correct(
    session: SessionArgument,
    hand: Annotated[int, typer.Option("--hand", help="The hand to replace.")],
    file: Annotated[
        Path, typer.Option("--file", help="TGN: the session's tags and the hand(s) replacing it.")
    ],
    why: WhyOption = "",
    db: DbOption = None,
    event: EventOption = None,
    by: ByOption = "director",
) -> None:
    """Replace a hand by the hands of a TGN file (none voids it, two or more insert)."""
    from dashboard.day import actions

    text = _read(file).decode("utf-8", errors="replace")
    _act(db, event, lambda day: actions.correct(day, session, hand, text, _by(by, why)))


@day_app.command("void")
def void(
    session: SessionArgument,
    why: WhyOption = "",
    db: DbOption = None,
    event: EventOption = None,
    by: ByOption = "director",
) -> None:
    """Void a session: it counts for nothing."""
    from dashboard.day import actions

    _act(db, event, lambda day: actions.void(day, session, _by(by, why)))


@day_app.command("stand")
def stand(
    session: SessionArgument,
    why: WhyOption = "",
    db: DbOption = None,
    event: EventOption = None,
    by: ByOption = "director",
) -> None:
    """Let a match that no longer follows the bracket stand as played."""
    from dashboard.day import actions

    _act(db, event, lambda day: actions.stand(day, session, _by(by, why)))


@day_app.command("replace")
def replace(
    session: SessionArgument,
    why: WhyOption = "",
    walkover_to: Annotated[
        str | None, typer.Option("--walkover", help="Record a walkover to this team instead.")
    ] = None,
    db: DbOption = None,
    event: EventOption = None,
    by: ByOption = "director",
) -> None:
    """Void a session so its match starts anew, or becomes a walkover."""
    from dashboard.day import actions

    _act(
        db,
        event,
        lambda day: actions.replace_session(day, session, _by(by, why), walkover_to),
    )


@day_app.command("pay")
def pay(
    person: Annotated[str, typer.Argument(help="Who paid (a player, or a 28 team).")],
    amount: Annotated[int, typer.Option("--amount", help="How much.")],
    note: Annotated[str, typer.Option("--note", help="A note: cash, receipt number.")] = "",
    db: DbOption = None,
    event: EventOption = None,
    by: ByOption = "desk",
) -> None:
    """Mark a payment at the desk."""
    from dashboard.day import actions

    _act(db, event, lambda day: actions.pay(day, person, amount, note, _by(by)))


@day_app.command("fees")
def fees(
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """The day's accounts: what each player and team owes and has paid (TOURNAMENT.md §11)."""

    def show(day: Day) -> str:
        accounts = day.tournament().fees
        if accounts is None:
            return "no fees"
        from replay.tournament import accounts_text

        if as_json:
            return json.dumps(accounts.to_json(), ensure_ascii=False, indent=2)
        return accounts_text(accounts).rstrip("\n")

    _act(db, event, show)


@day_app.command("history")
def history(
    session: SessionArgument,
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """Every event of a session, with who wrote it, when and why, and the day's events naming it."""
    from dashboard.day.history import history_lines
    from recorder.archive import ArchiveError

    archive = _archive(db)
    try:
        lines = history_lines(archive, session)
    except ArchiveError as error:
        fail(str(error))
    sys.stdout.write("".join(f"{line}\n" for line in lines))


@day_app.command("keys")
def keys(
    url: Annotated[
        str, typer.Option("--url", help="Where the tables reach the dashboard: http://HOST:PORT")
    ],
    table: Annotated[
        list[int] | None, typer.Option("--table", help="A table's key (repeat for several).")
    ] = None,
    director: Annotated[
        list[str] | None,
        typer.Option("--director", help="A director's key with its label (repeat for several)."),
    ] = None,
    desk: Annotated[bool, typer.Option("--desk", help="The desk's key (fees only).")] = False,
    html: Annotated[
        Path | None,
        typer.Option("--html", help="Write the sheets to print: one table a page, QR codes."),
    ] = None,
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """Issue keys and print each link once (TOURNAMENT.md §10): without --table, --director or
    --desk, every scheduled table's, a director's and the desk's. A new key ends the one of the
    same table or label; keys work until the tournament's date ends in its time zone. With no
    tournament in the archive (a club night): club table keys, as ``thuruppu keys`` gives."""
    import datetime

    from dashboard.day.key_sheet import key_link, sheet_html, write_private
    from dashboard.day.source import DayError, open_day, tournaments
    from recorder.archive import ArchiveError
    from recorder.archive.keys import issue, key_end

    if not url.startswith(("http://", "https://")):
        fail(f"--url {url!r}: expected the dashboard's address, http://HOST:PORT")
    archive = _archive(db)
    if event is None and not tournaments(archive):
        if director or desk:
            fail("--director and --desk keys need a tournament (thuruppu day init); a club night "
                 "has table keys only")  # fmt: skip
        club_keys(url, table or [], html, archive)
        return
    try:
        day = open_day(archive, event)
        wanted: list[tuple[str, int | None, str | None]] = [("table", t, None) for t in table or []]
        wanted += [("director", None, name) for name in director or []]
        wanted += [("desk", None, None)] if desk else []
        if not wanted:
            tables = sorted({match.table for match in day.state.schedule.values()})
            wanted = [("table", t, None) for t in tables] + [("director", None, None)]
            wanted.append(("desk", None, None))
        described = day.description
        now = datetime.datetime.now(datetime.UTC)
        expires = key_end(described.date, described.timezone, now)
        issued = [issue(archive, day.event, role, expires, t, name) for role, t, name in wanted]
    except DayError as error:
        fail(str(error))
    except ArchiveError as error:
        fail(str(error))
    for key in issued:
        typer.echo(f"{key.label}: {key_link(url, key)}")
    if html is not None:
        try:
            write_private(html, sheet_html(day.event, url, issued))
        except OSError as error:
            fail(f"{html}: cannot write the sheets ({error.strerror})", UNREADABLE)
        typer.echo(f"sheets written to {html}")


def keys_for_club(
    url: Annotated[
        str, typer.Option("--url", help="Where the tables reach the dashboard: http://HOST:PORT")
    ],
    table: Annotated[
        list[int] | None, typer.Option("--table", help="A table's key (repeat for several).")
    ] = None,
    html: Annotated[
        Path | None,
        typer.Option("--html", help="Write the sheets to print: one table a page, QR codes."),
    ] = None,
    db: DbOption = None,
) -> None:
    """A club night's table keys, no tournament needed (``thuruppu keys``): each link opens the
    Record page's new session at its table; a new key ends the one of the same table; keys work
    until the day after they are issued ends."""
    if not url.startswith(("http://", "https://")):
        fail(f"--url {url!r}: expected the dashboard's address, http://HOST:PORT")
    club_keys(url, table or [], html, _archive(db))


def club_keys(url: str, tables: list[int], html: Path | None, archive: Archive) -> None:
    """Issue a club night's table keys (no tournament): each opens the Record page's new session
    at its table, so that a phone records a plain club session over the network."""
    import datetime

    from dashboard.day.key_sheet import key_link, sheet_html, write_private
    from recorder.archive import ArchiveError
    from recorder.archive.keys import issue_club, key_end

    if not tables:
        fail(
            "no tournament is set up in this archive: a club night has no schedule to take its "
            "tables from, so name them with --table N (a tournament: thuruppu day init first)"
        )
    now = datetime.datetime.now(datetime.UTC)
    tomorrow = now.astimezone().date() + datetime.timedelta(days=1)
    expires = key_end(tomorrow.isoformat(), None, now)  # a club night may run past midnight
    try:
        issued = [issue_club(archive, number, expires) for number in tables]
    except ArchiveError as error:
        fail(str(error))
    for key in issued:
        typer.echo(f"{key.label}: {key_link(url, key)}")
    if html is not None:
        write_private(html, sheet_html("Club night", url, issued))
        typer.echo(f"sheets written to {html}")


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def _pair(text: str) -> tuple[str, str]:
    names = _names(text)
    if len(names) != 2:
        fail(f'--teams {text!r}: expected two teams, "A, B"')
    return names[0], names[1]
