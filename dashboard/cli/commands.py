"""The ``thuruppu`` command (CLI.md): check, score, replay, fmt, convert, schema, analyse, ….

Each subcommand reads TGN, never shows a traceback for bad input, and exits 0 (clean), 1 (findings
of severity error or warning, or a file not canonical) or 2 (a file could not be read).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from dashboard.cli.checking import CLEAN, FOUND, UNREADABLE, checked_files, copy_out, write_entry
from dashboard.cli.families import commands_for
from dashboard.cli.params import (
    DbOption,
    EventOption,
    FairBackgroundOption,
    PlainTyper,
    UsageError,
    read_overrides,
)
from dashboard.cli.process_end import PROCESS_END
from dashboard.cli.serve import serve_command
from dashboard.cli.session_file import SessionFile, Spool, collector_paused
from dashboard.cli.streamed import same_text, write_record_json, write_tgn
from dashboard.day.commands import day_app, keys_for_club
from recorder.games import GAMES

if TYPE_CHECKING:  # the record model, the engine and the archive load with the commands using them
    from recorder.archive import Archive
    from recorder.model import Record
    from recorder.tgn.errors import ReadError

app = PlainTyper(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="Record, replay and judge hands of the hidden-trump games 40, 28 and 29, and Rummy.",
)

BUNDLED_DATA = Path(__file__).resolve().parent.parent / "data"  # the project's data/, package data

TgnFileArgument = Annotated[Path, typer.Argument(help="A TGN session.")]
TgnFilesArgument = Annotated[list[Path], typer.Argument(help="TGN files or folders of them.")]
HandOption = Annotated[int, typer.Option("--hand", help="The hand's number (its Hand tag).")]
PortOption = Annotated[int, typer.Option("--port", help="The port to serve on.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Machine-readable output on stdout.")]
PaperOption = Annotated[
    str, typer.Option("--paper", help="The paper of --html and --pdf: a4 or letter.")
]
PdfOption = Annotated[
    Path | None, typer.Option("--pdf", help="Also print the page to a PDF here (Chromium).")
]
RulesOption = Annotated[
    list[str] | None,
    typer.Option("--rules", help="KEY=VALUE overriding the file's Rules tag (repeatable)."),
]


@dataclass
class Loaded:
    """A file as read: the normalized record (when readable) and every read error."""

    path: str
    record: Record | None
    errors: list[ReadError] = field(default_factory=list)


def load_file(path: Path) -> Loaded:
    """Read a TGN (or record JSON) file whole, for the commands that look at one hand among all
    (``replay``, ``analyse``); problems become ``ReadError``s, never exceptions."""
    with SessionFile(path) as source:
        record = source.record()
    return Loaded(source.name, record, source.errors)


def expand(paths: Iterable[Path]) -> Iterator[Path]:
    """Files as given, and the ``.tgn`` files under any folder, in name order."""
    for path in paths:
        if path.is_dir():
            yield from sorted(path.rglob("*.tgn"))
        else:
            yield path


def report_errors(loaded: Loaded | SessionFile) -> None:
    for error in loaded.errors:
        typer.echo(str(error), err=True)


def parse_overrides(items: list[str] | None, game: str | None = None) -> dict[str, str]:
    """``--rules KEY=VALUE`` items as a dict; a malformed or unknown one is a usage error."""
    try:
        return read_overrides(items, game)
    except UsageError as error:
        usage_error(str(error))


def usage_error(message: str) -> NoReturn:
    """A wrong option value: one plain line on standard error, exit status 2."""
    typer.echo(f"thuruppu: {message}", err=True)
    raise typer.Exit(UNREADABLE)


def _exit(code: int) -> None:
    raise typer.Exit(code)


JobsOption = Annotated[
    int | None,
    typer.Option("--jobs", min=1, help="Files checked at once, one per core (default: all cores)."),
]


@app.command()
def check(
    files: TgnFilesArgument,
    as_json: JsonOption = False,
    rules: RulesOption = None,
    jobs: JobsOption = None,
) -> None:
    """Replay every hand and report each record error and violation, linter style."""
    status = CLEAN
    out = sys.stdout
    entries = 0
    for result in checked_files(list(expand(files)), rules, jobs or _cores(), as_json):
        for line in result.errors:
            typer.echo(line, err=True)
        if result.usage is not None:
            usage_error(result.usage)
        if as_json:
            out.write('{\n  "files": [\n' if not entries else ",\n")
            write_entry(out, result)
            entries += 1
        elif result.findings is not None:
            copy_out(result.findings, out)
        status = max(status, result.status)
    if as_json:
        out.write("\n  ]\n}\n" if entries else '{\n  "files": []\n}\n')
    PROCESS_END.finish(status)


def _cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@app.command()
def score(
    file: TgnFileArgument,
    as_json: JsonOption = False,
    rules: RulesOption = None,
    html: Annotated[
        Path | None, typer.Option("--html", help="Also write the printable score sheet here.")
    ] = None,
    pdf: PdfOption = None,
    paper: PaperOption = "a4",
) -> None:
    """Each hand's outcome and the running score of the session."""
    paper = paper_of(paper)
    spool = Spool()
    with collector_paused(), SessionFile(file) as source:
        sheet = None
        for hand in source.hands():
            if sheet is None:
                assert source.header is not None
                sheet = _score_sheet(source.header, rules, as_json, source.name, spool)
            sheet.hand(hand)
        report_errors(source)
        if not source.readable:
            spool.discard()
            _exit(UNREADABLE)
            return
        assert source.header is not None
        if sheet is None:
            sheet = _score_sheet(source.header, rules, as_json, source.name, spool)
        sheet.end()
    spool.copy_to(sys.stdout)
    sys.stdout.write("\n")
    if html is not None or pdf is not None:
        _print_score_sheet(file, rules, html, pdf, paper)
    PROCESS_END.finish(UNREADABLE if source.errors else FOUND if sheet.found else CLEAN)


def _print_score_sheet(
    file: Path, rules: list[str] | None, html: Path | None, pdf: Path | None, paper: str
) -> None:
    """The printable score sheet (``--html``, ``--pdf``): the whole session, read once more."""
    loaded = load_file(file)
    assert loaded.record is not None
    scored = commands_for(loaded.record).score(
        loaded.record, parse_overrides(rules, loaded.record.game)
    )
    page = scored.printable(file.name, datetime.now().astimezone(), paper)
    write_printable(page, html, pdf)


def _score_sheet(
    header: Record, rules: list[str] | None, as_json: bool, path: str, spool: Spool
) -> Any:
    try:
        overrides = read_overrides(rules, header.game)
    except UsageError as error:  # said after the read errors, as before any hand was scored
        return _Refused(str(error))
    return commands_for(header).score_sheet(header, overrides, as_json, path, spool.write)


@dataclass
class _Refused:
    """A score sheet for a wrong ``--rules``: scores nothing, and says so at the end."""

    message: str
    found: bool = False

    def hand(self, hand: Any) -> None:
        pass

    def end(self) -> None:
        usage_error(self.message)


def _load_hand(file: Path, hand: int) -> tuple[Loaded, Record, int] | None:
    """The file read and the index of its hand numbered ``hand``; ``None`` (the exit status set,
    the reason said) when the file or the hand cannot be had."""
    loaded = load_file(file)
    report_errors(loaded)
    record = loaded.record
    if record is None:
        _exit(UNREADABLE)
        return None
    index = next((i for i, h in enumerate(record.hands) if h.number == hand), None)
    if index is None:
        numbers = ", ".join(str(h.number) for h in record.hands) or "none"
        typer.echo(f"{loaded.path}: no hand {hand} (hands: {numbers})", err=True)
        _exit(UNREADABLE)
        return None
    return loaded, record, index


@app.command("replay")
def replay_command(
    file: TgnFileArgument,
    hand: HandOption,
    seat: Annotated[
        int | None, typer.Option("--seat", help="Show only what this seat saw.")
    ] = None,
    rules: RulesOption = None,
) -> None:
    """The hand trick by trick (a Rummy deal turn by turn): findings as they arise."""
    found = _load_hand(file, hand)
    if found is None:
        return
    loaded, record, index = found
    players = len(record.players)
    if seat is not None and not 1 <= seat <= players:
        usage_error(f"--seat {seat}: expected a seat from 1 to {players}")
    overrides = parse_overrides(rules, record.game)
    text, findings = commands_for(record).replay(record, index, seat, overrides)
    typer.echo(text)
    flagged = any(f.severity in ("error", "warning") for f in findings)
    _exit(UNREADABLE if loaded.errors else FOUND if flagged else CLEAN)


@app.command("report")
def report_command(
    file: TgnFileArgument,
    hand: HandOption,
    html: Annotated[
        Path | None, typer.Option("--html", help="Write the report's HTML page here.")
    ] = None,
    pdf: Annotated[
        Path | None, typer.Option("--pdf", help="Print the report to this PDF (needs Chromium).")
    ] = None,
    rules: RulesOption = None,
) -> None:
    """A referee's incident report of one hand: each finding, its rule, the players, the tricks
    up to the proof drawn as cards, the outcome and the score (HTML on standard output)."""
    from dashboard.printing.incident_report import report_html
    from recorder.games import family_name

    found = _load_hand(file, hand)
    if found is None:
        return
    loaded, record, index = found
    if family_name(record.game) != "trick":
        usage_error(f"{loaded.path}: the incident report is for the trick games (40, 28, 29)")
    overrides = parse_overrides(rules, record.game)
    page = report_html(record, index, overrides)
    write_printable(page, html, pdf)
    if html is None and pdf is None:
        typer.echo(page)
    _exit(UNREADABLE if loaded.errors else CLEAN)


@app.command()
def fmt(
    files: TgnFilesArgument,
    check_only: Annotated[
        bool, typer.Option("--check", help="Change nothing; exit 1 if a file is not canonical.")
    ] = False,
) -> None:
    """Rewrite files in canonical TGN."""
    status = CLEAN
    for path in expand(files):
        canonical = Spool()
        with SessionFile(path) as source:
            write_tgn(source, canonical.write)
        report_errors(source)
        if not source.readable or source.errors:
            canonical.discard()
            status = UNREADABLE
            continue
        if same_text(canonical, path):
            canonical.discard()
            continue
        if check_only:
            canonical.discard()
            typer.echo(f"{path}: not in canonical form", err=True)
            status = max(status, FOUND)
        else:
            with path.open("w", encoding="utf-8", newline="\n") as rewritten:
                canonical.copy_to(rewritten)
            typer.echo(f"{path}: rewritten", err=True)
    _exit(status)


@app.command()
def convert(
    file: Annotated[Path, typer.Argument(help="A TGN file, or a record as JSON.")],
    to: Annotated[str, typer.Option("--to", help="json or tgn.")],
) -> None:
    """The record as JSON (the model) or back to TGN, losslessly."""
    if to not in ("json", "tgn"):
        usage_error(f"--to {to}: expected json or tgn")
    out = Spool()
    with collector_paused(), SessionFile(file) as source:
        if to == "json":
            write_record_json(source, out.write)
        else:
            write_tgn(source, out.write)
    report_errors(source)
    if not source.readable or source.errors:
        out.discard()
        _exit(UNREADABLE)
        return
    out.copy_to(sys.stdout)
    if to == "json":
        sys.stdout.write("\n")


@app.command()
def schema() -> None:
    """The JSON Schema of the record model."""
    from recorder.tgn import json_schema

    typer.echo(json_schema())


@app.command()
def analyse(
    file: TgnFileArgument,
    hand: Annotated[int | None, typer.Option("--hand", help="Only this hand.")] = None,
    as_json: JsonOption = False,
    fair: Annotated[
        bool, typer.Option("--fair", help="Judge each card on what its player could know.")
    ] = False,
    samples: Annotated[
        int, typer.Option("--samples", min=1, help="With --fair: the most deals per decision.")
    ] = 32,
    seed: Annotated[int, typer.Option("--seed", help="With --fair: the sampling's seed.")] = 0,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", min=1, help="With --fair: decisions sampled at once (all cores)."),
    ] = None,
) -> None:
    """The solver's judgement of every call and card (Rummy: the lowest count of each hand)."""
    loaded = load_file(file)
    report_errors(loaded)
    if loaded.record is None:
        _exit(UNREADABLE)
        return
    record = loaded.record
    if fair and record.game not in GAMES:
        typer.echo(f"{loaded.path}: --fair judges 40, 28 and 29, not {record.game}", err=True)
        _exit(UNREADABLE)
        return
    if fair:
        from dashboard.cli.fair_report import fair_analysis, render_fair

        result = fair_analysis(record, hand, samples, seed, jobs or _cores(), not as_json)
        text = render_fair(record, result)
    else:
        result, text = commands_for(record).analyse(record, hand)
    if as_json:
        typer.echo(json.dumps({"path": loaded.path, **result}, ensure_ascii=False, indent=2))
    else:
        typer.echo(text)
    _exit(UNREADABLE if loaded.errors else CLEAN)


@app.command()
def dashboard(
    path: Annotated[
        str | None,
        typer.Argument(help="A file, a folder of .tgn, or an archive (SQLite or postgresql://)."),
    ] = None,
    port: PortOption = 8501,
    db: DbOption = None,
    cache: Annotated[
        Path | None,
        typer.Option(
            "--cache",
            help="The folder keeping replay results between runs "
            "($THURUPPU_CACHE, else the user's cache folder).",
        ),
    ] = None,
    host: Annotated[
        str | None,
        typer.Option(
            "--host",
            help="The address to listen on (every address by default). Without a key "
            "(thuruppu day keys) a visitor only reads, on any address.",
        ),
    ] = None,
    fair_background: FairBackgroundOption = True,
) -> None:
    """Start the Streamlit dashboard (headless) on PATH, the bundled data/ by default. It only
    reads unless a page is opened with a key's link."""
    from dashboard.server.launch import run

    cached = str(cache) if cache else None
    _exit(run(path or str(BUNDLED_DATA), port, db, cached, host, fair_background))


@app.command()
def record(
    db: DbOption = None,
    port: PortOption = 8501,
    data: Annotated[
        Path | None,
        typer.Option(
            "--data", help="Also list the .tgn files of this folder (the archive only if not)."
        ),
    ] = None,
    host: Annotated[
        str,
        typer.Option(
            "--host",
            help="The address to listen on. 127.0.0.1 (the default): this machine only, no key "
            "needed. --host 0.0.0.0 listens on the network: then every write needs a table's or "
            "the director's key (thuruppu day keys).",
        ),
    ] = "127.0.0.1",
    fair_background: FairBackgroundOption = True,
) -> None:
    """Start the dashboard on its Record page, recording live into the archive, which it serves:
    on this machine alone by default; --host 0.0.0.0 opens it to the network and turns keys on."""
    from dashboard.server.launch import run_recorder

    _exit(run_recorder(db, port, str(data) if data else None, host, fair_background))


archive_app = PlainTyper(help="The archive of recorded sessions: list, import, export.")
app.add_typer(archive_app, name="archive")
app.add_typer(day_app, name="day")
app.command("keys")(keys_for_club)
app.command("serve")(serve_command)


def _open(db: str | None, create: bool = False) -> Archive:
    """The archive of ``--db``; a SQLite file that does not exist is made only when ``create``
    (``archive import --create``): otherwise the command is refused, naming the path."""
    from recorder.archive import ArchiveError, open_archive
    from recorder.archive.database import NoArchive

    try:
        return open_archive(db, create=create)
    except ArchiveError as error:
        hint = '; "thuruppu archive import --create" makes a new one' * isinstance(error, NoArchive)
        typer.echo(f"thuruppu: {error}{hint}", err=True)
        raise typer.Exit(UNREADABLE) from None


@archive_app.command("list")
def archive_list(db: DbOption = None) -> None:
    """Every session in the archive: its number, game, event, events logged and creation time."""
    archive = _open(db)
    for summary in archive.sessions():
        tag = archive.record(summary.id).tag("Event")
        event = tag.value if tag is not None and tag.value else "no event"
        typer.echo(
            f"{summary.id}\tgame {summary.game}\t{event}\t{summary.events} events"
            f"\t{summary.created_at}"
        )


@archive_app.command("import")
def archive_import(
    files: TgnFilesArgument,
    db: DbOption = None,
    create: Annotated[
        bool, typer.Option("--create", help="Make the archive first if it does not exist.")
    ] = False,
) -> None:
    """Store TGN sessions in the archive, each read and stored a hand at a time (a file with read
    errors, or that the archive refuses, stores nothing; the others are stored)."""
    from recorder.archive import ArchiveError

    archive = _open(db, create)
    status = CLEAN
    for path in expand(files):
        with SessionFile(path) as source, collector_paused():
            try:
                session = archive.import_session(source)
            except ArchiveError as error:
                status = UNREADABLE
                if source.errors:
                    report_errors(source)
                else:
                    typer.echo(f"{path}: {error}", err=True)
                continue
        typer.echo(f"{path}: session {session}")
    _exit(status)


@archive_app.command("export")
def archive_export(
    session: Annotated[int, typer.Argument(help="The session's number in the archive.")],
    db: DbOption = None,
) -> None:
    """Write an archived session as canonical TGN on standard output."""
    from recorder.archive import ArchiveError

    try:
        sys.stdout.write(_open(db).export_tgn(session))
    except ArchiveError as error:
        typer.echo(f"thuruppu: {error}", err=True)
        raise typer.Exit(UNREADABLE) from None


def paper_of(paper: str) -> str:
    """``--paper``'s value, checked: one of ``PAPERS``."""
    from dashboard.printing.frame import PAPERS

    chosen = paper.strip().lower()
    if chosen not in PAPERS:
        usage_error(f"--paper {paper}: expected one of {', '.join(PAPERS)}")
    return chosen


def write_printable(page: str, html: Path | None, pdf: Path | None) -> None:
    """Write the printable page as HTML and/or print it to PDF through Chromium; a PDF that
    cannot be made is said on standard error and exits 2."""
    if html is not None:
        try:
            html.write_text(page, encoding="utf-8")
        except OSError as error:
            typer.echo(f"thuruppu: {html}: cannot write: {error.strerror}", err=True)
            raise typer.Exit(UNREADABLE) from None
    if pdf is not None:
        from dashboard.printing.pdf import PdfError, print_pdf

        try:
            print_pdf(page, pdf)
        except PdfError as error:
            typer.echo(f"thuruppu: {pdf}: {error}", err=True)
            raise typer.Exit(UNREADABLE) from None


PRINTABLES = ("report", "standings", "bracket", "wall")
"""What ``thuruppu tournament --print`` may name: the director's report (with the findings), the
group standings, the bracket, the wall sheet (the schedule by table)."""


@app.command()
def tournament(
    path: Annotated[str, typer.Argument(help="A folder of sessions, or the archive.")],
    as_json: JsonOption = False,
    html: Annotated[
        Path | None, typer.Option("--html", help="Also write a printable page here (--print).")
    ] = None,
    pdf: PdfOption = None,
    printable: Annotated[
        str,
        typer.Option(
            "--print",
            help="What --html and --pdf hold: report (default), standings, bracket, wall.",
        ),
    ] = "report",
    paper: PaperOption = "a4",
    description: Annotated[
        Path | None,
        typer.Option(
            "--description",
            help="The tournament.toml (default: the folder's, or the archive's own).",
        ),
    ] = None,
    event: EventOption = None,
) -> None:
    """Standings, bracket and places of a tournament (TOURNAMENT.md) from its sessions."""
    from dashboard.day.sessions import from_archive, from_folder, read_description_file
    from dashboard.library import is_archive
    from dashboard.printing.tournament import bracket_printable, standings_printable
    from dashboard.printing.wall_sheet import wall_printable
    from dashboard.views.tournament.report import render_tournament, report_html
    from replay.tournament import build_tournament

    paper = paper_of(paper)
    chosen = printable.strip().lower()
    if chosen not in PRINTABLES:
        usage_error(f"--print {printable}: expected one of {', '.join(PRINTABLES)}")

    if is_archive(path):
        sources = from_archive(path, event)
    elif Path(path).is_dir():
        sources = from_folder(Path(path))
    else:
        usage_error(f"{path}: expected a folder of sessions or the archive")
    if description is not None:
        read_description_file(description, sources)
    result = build_tournament(sources.sessions, sources.description, sources.day)
    findings = [*sources.findings, *result.findings]
    result = replace(result, findings=findings)
    if as_json:
        typer.echo(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
    else:
        typer.echo(render_tournament(result), nl=False)
    if html is not None or pdf is not None:
        makers = {
            "report": report_html,
            "standings": standings_printable,
            "bracket": bracket_printable,
            "wall": wall_printable,
        }
        write_printable(makers[chosen](result, datetime.now().astimezone(), paper), html, pdf)
    _exit(FOUND if result.has_errors else CLEAN)


def main() -> None:
    """Entry point of the console script: here ``check`` and ``score`` are the whole process."""
    PROCESS_END.whole_process = True
    app()
