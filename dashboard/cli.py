"""The ``thuruppu`` command (CLI.md): check, score, replay, fmt, convert, schema, analyse, ….

Each subcommand reads TGN, never shows a traceback for bad input, and exits 0 (clean), 1 (findings
of severity error or warning, or a file not canonical) or 2 (a file could not be read).
"""

from __future__ import annotations

import gc
import json
import os
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from dashboard.cli_params import PlainTyper
from dashboard.day.commands import day_app
from dashboard.families import commands_for
from dashboard.process_end import PROCESS_END

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

CLEAN, FOUND, UNREADABLE = 0, 1, 2
BUNDLED_DATA = Path(__file__).resolve().parent.parent / "data"

JsonOption = Annotated[bool, typer.Option("--json", help="Machine-readable output on stdout.")]
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
    """Read a TGN (or record JSON) file; problems become ``ReadError``s, never exceptions."""
    from recorder.tgn.errors import ReadError
    from recorder.tgn.reader import read_bytes
    from replay.normalize import normalize

    name = str(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        reason = error.strerror or str(error)
        return Loaded(name, None, [ReadError(name, 0, 0, f"cannot read file: {reason}")])
    if path.suffix.lower() == ".json":
        return _load_json(name, data)
    result = read_bytes(data, name)
    record = normalize(result.record) if result.record is not None else None
    return Loaded(name, record, list(result.errors))


def _load_json(name: str, data: bytes) -> Loaded:
    from pydantic import ValidationError

    from recorder.model import Record
    from recorder.tgn.errors import ReadError
    from replay.normalize import normalize

    try:
        record = Record.model_validate_json(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        message = f"not a Thuruppu record: {where}: {first['msg']}"
        return Loaded(name, None, [ReadError(name, 1, 1, message)])
    return Loaded(name, normalize(record))


def expand(paths: Iterable[Path]) -> Iterator[Path]:
    """Files as given, and the ``.tgn`` files under any folder, in name order."""
    for path in paths:
        if path.is_dir():
            yield from sorted(path.rglob("*.tgn"))
        else:
            yield path


def report_errors(loaded: Loaded) -> None:
    for error in loaded.errors:
        typer.echo(str(error), err=True)


def parse_overrides(items: list[str] | None, game: str | None = None) -> dict[str, str]:
    """``--rules KEY=VALUE`` items as a dict; a malformed or unknown one is a usage error."""
    try:
        return read_overrides(items, game)
    except UsageError as error:
        usage_error(str(error))


def read_overrides(items: list[str] | None, game: str | None = None) -> dict[str, str]:
    """``--rules KEY=VALUE`` items as a dict; a malformed or unknown one raises ``UsageError``."""
    from recorder.house_rules import rule_problem

    overrides: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        problem = (
            "expected KEY=VALUE" if not sep else rule_problem(game, key, value) if game else None
        )
        if problem:
            raise UsageError(f"--rules {item}: {problem}")
        overrides[key] = value
    return overrides


class UsageError(ValueError):
    """A wrong option value, found where the command cannot stop (``usage_error`` reports it)."""


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


@dataclass
class FileCheck:
    """One file checked, as plain data (it crosses from a worker process): what to print on
    standard error and output, its ``check --json`` entry, its exit status, or a usage error."""

    errors: list[str]
    lines: list[str]
    entry: dict[str, Any]
    status: int
    usage: str | None = None


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a session is read and replayed.

    Reading and replaying builds millions of small objects that live until the session is done;
    the collector would walk them over and over (a fifth of ``check``'s time) to find no garbage,
    since they form no reference cycles. Reference counting still frees everything meanwhile.
    """
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def check_file(path: Path, rules: list[str] | None) -> FileCheck:
    """Read one file and replay every hand of it: its error lines, finding lines and entry."""
    PROCESS_END.release()
    with collector_paused():
        return _check_file(path, rules)


def _check_file(path: Path, rules: list[str] | None) -> FileCheck:
    loaded = load_file(path)
    PROCESS_END.keep(loaded)
    entry: dict[str, Any] = {
        "path": loaded.path,
        "game": loaded.record.game if loaded.record else None,
        "hands": len(loaded.record.hands) if loaded.record else 0,
        "errors": [
            {"line": e.line, "column": e.column, "message": e.message} for e in loaded.errors
        ],
        "findings": [],
    }
    result = FileCheck([str(error) for error in loaded.errors], [], entry, CLEAN)
    if loaded.errors:
        result.status = UNREADABLE
    if loaded.record is None:
        return result
    try:
        overrides = read_overrides(rules, loaded.record.game)
    except UsageError as error:
        result.usage = str(error)
        return result
    for finding in commands_for(loaded.record).findings(loaded.record, overrides):
        entry["findings"].append(finding.to_json())
        result.lines.append(
            f"{loaded.path}:{finding.line}:{finding.column}: "
            f"{finding.severity} {finding.code}: {finding.message}"
        )
        if finding.severity in ("error", "warning") and result.status == CLEAN:
            result.status = FOUND
    return result


def checked_files(paths: list[Path], rules: list[str] | None, jobs: int) -> Iterator[FileCheck]:
    """Each file checked, in the order given, by ``jobs`` worker processes at once (here, for
    one job or one file)."""
    if jobs == 1 or len(paths) < 2:
        yield from (check_file(path, rules) for path in paths)
        return
    from concurrent.futures import ProcessPoolExecutor
    from itertools import repeat

    with ProcessPoolExecutor(min(jobs, len(paths))) as pool:
        yield from pool.map(check_file, paths, repeat(rules))


@app.command()
def check(
    files: Annotated[list[Path], typer.Argument(help="TGN files or folders of them.")],
    as_json: JsonOption = False,
    rules: RulesOption = None,
    jobs: JobsOption = None,
) -> None:
    """Replay every hand and report each record error and violation, linter style."""
    status = CLEAN
    reports: list[dict[str, Any]] = []
    for result in checked_files(list(expand(files)), rules, jobs or _cores()):
        for line in result.errors:
            typer.echo(line, err=True)
        if result.usage is not None:
            usage_error(result.usage)
        if not as_json:
            for line in result.lines:
                typer.echo(line)
        status = max(status, result.status)
        reports.append(result.entry)
    if as_json:
        typer.echo(json_text({"files": reports}))
    PROCESS_END.finish(status)


def json_text(data: Any) -> str:
    """``data`` as indented JSON, the text ``json.dumps(data, ensure_ascii=False, indent=2)``
    writes, by pydantic's compiled serializer: the standard library's indenting encoder is plain
    Python, and a club's session makes a report of many thousand entries."""
    from pydantic_core import to_json

    return to_json(data, indent=2).decode()


def _cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@app.command()
def score(
    file: Annotated[Path, typer.Argument(help="A TGN session.")],
    as_json: JsonOption = False,
    rules: RulesOption = None,
) -> None:
    """Each hand's outcome and the running score of the session."""
    with collector_paused():
        loaded = load_file(file)
        report_errors(loaded)
        if loaded.record is None:
            _exit(UNREADABLE)
            return
        overrides = parse_overrides(rules, loaded.record.game)
        scored = commands_for(loaded.record).score(loaded.record, overrides)
        output = json_text({"path": loaded.path, **scored.data}) if as_json else scored.text
    typer.echo(output)
    found = any(f.severity in ("error", "warning") for f in scored.findings)
    PROCESS_END.finish(UNREADABLE if loaded.errors else FOUND if found else CLEAN)


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A TGN session.")],
    hand: Annotated[int, typer.Option("--hand", help="The hand's number (its Hand tag).")],
    seat: Annotated[
        int | None, typer.Option("--seat", help="Show only what this seat saw.")
    ] = None,
    rules: RulesOption = None,
) -> None:
    """The hand trick by trick (a Rummy deal turn by turn): findings as they arise."""
    loaded = load_file(file)
    report_errors(loaded)
    record = loaded.record
    if record is None:
        _exit(UNREADABLE)
        return
    index = next((i for i, h in enumerate(record.hands) if h.number == hand), None)
    if index is None:
        numbers = ", ".join(str(h.number) for h in record.hands) or "none"
        typer.echo(f"{loaded.path}: no hand {hand} (hands: {numbers})", err=True)
        _exit(UNREADABLE)
        return
    players = len(record.players)
    if seat is not None and not 1 <= seat <= players:
        usage_error(f"--seat {seat}: expected a seat from 1 to {players}")
    overrides = parse_overrides(rules, record.game)
    text, findings = commands_for(record).replay(record, index, seat, overrides)
    typer.echo(text)
    found = any(f.severity in ("error", "warning") for f in findings)
    _exit(UNREADABLE if loaded.errors else FOUND if found else CLEAN)


@app.command()
def fmt(
    files: Annotated[list[Path], typer.Argument(help="TGN files or folders of them.")],
    check_only: Annotated[
        bool, typer.Option("--check", help="Change nothing; exit 1 if a file is not canonical.")
    ] = False,
) -> None:
    """Rewrite files in canonical TGN."""
    from recorder.tgn import writer

    status = CLEAN
    for path in expand(files):
        loaded = load_file(path)
        report_errors(loaded)
        if loaded.record is None or loaded.errors:
            status = UNREADABLE
            continue
        canonical = writer.dumps(loaded.record)
        current = path.read_text(encoding="utf-8-sig")
        if current == canonical:
            continue
        if check_only:
            typer.echo(f"{path}: not in canonical form", err=True)
            status = max(status, FOUND)
        else:
            path.write_text(canonical, encoding="utf-8", newline="\n")
            typer.echo(f"{path}: rewritten", err=True)
    _exit(status)


@app.command()
def convert(
    file: Annotated[Path, typer.Argument(help="A TGN file, or a record as JSON.")],
    to: Annotated[str, typer.Option("--to", help="json or tgn.")],
) -> None:
    """The record as JSON (the model) or back to TGN, losslessly."""
    from recorder.tgn.writer import dumps

    if to not in ("json", "tgn"):
        usage_error(f"--to {to}: expected json or tgn")
    loaded = load_file(file)
    report_errors(loaded)
    if loaded.record is None or loaded.errors:
        _exit(UNREADABLE)
        return
    if to == "json":
        typer.echo(loaded.record.model_dump_json(indent=2))
    else:
        sys.stdout.write(dumps(loaded.record))


@app.command()
def schema() -> None:
    """The JSON Schema of the record model."""
    from recorder.tgn import json_schema

    typer.echo(json_schema())


@app.command()
def analyse(
    file: Annotated[Path, typer.Argument(help="A TGN session.")],
    hand: Annotated[int | None, typer.Option("--hand", help="Only this hand.")] = None,
    as_json: JsonOption = False,
) -> None:
    """The solver's judgement of every call and card (Rummy: the lowest count of each hand)."""
    loaded = load_file(file)
    report_errors(loaded)
    if loaded.record is None:
        _exit(UNREADABLE)
        return
    result, text = commands_for(loaded.record).analyse(loaded.record, hand)
    if as_json:
        typer.echo(json.dumps({"path": loaded.path, **result}, ensure_ascii=False, indent=2))
    else:
        typer.echo(text)
    _exit(UNREADABLE if loaded.errors else CLEAN)


DbOption = Annotated[
    str | None,
    typer.Option("--db", help="The archive: a SQLite file or a postgresql:// address."),
]


@app.command()
def dashboard(
    path: Annotated[Path | None, typer.Argument(help="A file or a folder of .tgn.")] = None,
    port: Annotated[int, typer.Option("--port", help="The port to serve on.")] = 8501,
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
) -> None:
    """Start the Streamlit dashboard (headless) on PATH, the bundled data/ by default. It only
    reads unless a page is opened with a key's link."""
    from dashboard.launch import run

    _exit(run(str(path or BUNDLED_DATA), port, db, str(cache) if cache else None, host))


@app.command()
def record(
    db: DbOption = None,
    port: Annotated[int, typer.Option("--port", help="The port to serve on.")] = 8501,
    host: Annotated[
        str,
        typer.Option(
            "--host",
            help="The address to listen on. 127.0.0.1 (the default): this machine only, no key "
            "needed. --host 0.0.0.0 listens on the network: then every write needs a table's or "
            "the director's key (thuruppu day keys).",
        ),
    ] = "127.0.0.1",
) -> None:
    """Start the dashboard on its Record page, recording live into the archive: on this machine
    alone by default; --host 0.0.0.0 opens it to the network and turns keys on."""
    from dashboard.launch import run_recorder

    _exit(run_recorder(db, port, host))


archive_app = PlainTyper(help="The archive of recorded sessions: list, import, export.")
app.add_typer(archive_app, name="archive")
app.add_typer(day_app, name="day")


def _open(db: str | None) -> Archive:
    from recorder.archive import ArchiveError, open_archive

    try:
        return open_archive(db)
    except ArchiveError as error:
        typer.echo(f"thuruppu: {error}", err=True)
        raise typer.Exit(UNREADABLE) from None


@archive_app.command("list")
def archive_list(db: DbOption = None) -> None:
    """Every session in the archive: its number, game, players and hands."""
    for summary in _open(db).sessions():
        typer.echo(
            f"{summary.id}\tgame {summary.game}\t{summary.events} events\t{summary.created_at}"
        )


@archive_app.command("import")
def archive_import(
    files: Annotated[list[Path], typer.Argument(help="TGN files or folders of them.")],
    db: DbOption = None,
) -> None:
    """Store TGN sessions in the archive (files with read errors are skipped)."""
    archive = _open(db)
    status = CLEAN
    for path in expand(files):
        loaded = load_file(path)
        report_errors(loaded)
        if loaded.record is None or loaded.errors:
            status = UNREADABLE
            continue
        typer.echo(f"{path}: session {archive.import_record(loaded.record)}")
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


@app.command()
def tournament(
    path: Annotated[str, typer.Argument(help="A folder of sessions, or the archive.")],
    as_json: JsonOption = False,
    html: Annotated[
        Path | None, typer.Option("--html", help="Also write a printable HTML report here.")
    ] = None,
    description: Annotated[
        Path | None,
        typer.Option(
            "--description",
            help="The tournament.toml (default: the folder's, or the archive's own).",
        ),
    ] = None,
    event: Annotated[
        str | None,
        typer.Option("--event", help="The tournament, when the archive holds several."),
    ] = None,
) -> None:
    """Standings, bracket and places of a tournament (TOURNAMENT.md) from its sessions."""
    from dashboard.library import is_archive
    from dashboard.tournament_source import from_archive, from_folder, read_description_file
    from dashboard.views.tournament_report import render_tournament, report_html
    from replay.tournament import build_tournament

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
    if html is not None:
        html.write_text(report_html(result), encoding="utf-8")
    _exit(FOUND if result.has_errors else CLEAN)


def main() -> None:
    """Entry point of the console script: here ``check`` and ``score`` are the whole process."""
    PROCESS_END.whole_process = True
    app()
