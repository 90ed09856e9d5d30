"""Where a tournament's sessions come from: a folder of TGN files (with its ``tournament.toml``)
or the archive (SQLite or PostgreSQL), for ``thuruppu tournament`` and the Tournament page.

A file that cannot be read is an ``unreadable`` finding, never an exception; the tournament is
computed from the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from dashboard.day.source import DayError, open_day, tournaments
from dashboard.library import archive_key
from recorder import read_bytes
from recorder.archive import Archive, ArchiveError, open_archive
from recorder.archive.database import shown_location
from replay.tournament import (
    DayLog,
    Description,
    TournamentFinding,
    TournamentSession,
    read_description,
)

DESCRIPTION_FILE = "tournament.toml"


@dataclass
class Sources:
    """The sessions read, the description (defaults when none), the day's log (an archive's) and
    what could not be read."""

    sessions: list[TournamentSession] = field(default_factory=list)
    description: Description = field(default_factory=Description)
    findings: list[TournamentFinding] = field(default_factory=list)
    day: DayLog | None = None


def read_description_file(path: Path, sources: Sources) -> None:
    """Read ``tournament.toml`` into ``sources`` (its problems become findings)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        sources.findings.append(
            TournamentFinding("bad-description", str(path), 0, f"cannot read: {error}")
        )
        return
    sources.description, problems = read_description(text, str(path))
    sources.findings.extend(problems)


def unreadable(source: str, line: int, message: str) -> TournamentFinding:
    return TournamentFinding("unreadable", source, line, message)


def from_folder(folder: Path) -> Sources:
    """Every ``.tgn`` under the folder, by name, and the folder's ``tournament.toml``."""
    sources = Sources()
    description = folder / DESCRIPTION_FILE
    if description.is_file():
        read_description_file(description, sources)
    for path in sorted(folder.rglob("*.tgn")):
        source = str(path)
        try:
            data = path.read_bytes()
        except OSError as error:
            sources.findings.append(unreadable(source, 0, f"cannot read file: {error.strerror}"))
            continue
        result = read_bytes(data, source)
        if result.record is None or result.errors:
            errors = sorted(result.errors, key=lambda error: (error.line, error.column))
            first = errors[0] if errors else None
            message = first.message if first else "not a session"
            more = f" (and {len(errors) - 1} more: thuruppu check shows them)" if errors[1:] else ""
            sources.findings.append(unreadable(source, first.line if first else 0, message + more))
            continue
        key = path.relative_to(folder).as_posix()
        sources.sessions.append(TournamentSession.scored(key, source, result.record))
    return sources


def from_archive(location: str, event: str | None = None) -> Sources:
    """The archive as it stands now: with a tournament set up in it (TOURNAMENT.md §8), that
    tournament's sessions, description and day log; else every session."""
    sources = Sources()
    try:
        archive = open_archive(location, create=False)  # a mistyped path makes no archive
        if event is not None or tournaments(archive):
            return _from_day(archive, event)
        summaries = archive.sessions()
    except (ArchiveError, DayError) as error:
        sources.findings.append(unreadable(shown_location(location), 0, str(error)))
        return sources
    for summary in summaries:
        source = f"archive #{summary.id}"
        try:
            record = archive.public_record(summary.id)
        except ArchiveError as error:
            sources.findings.append(unreadable(source, 0, str(error)))
            continue
        sources.sessions.append(TournamentSession.scored(archive_key(summary.id), source, record))
    return sources


def _from_day(archive: Archive, event: str | None) -> Sources:
    day = open_day(archive, event)
    return Sources(day.sessions(), day.description, list(day.findings), day.log)


def descriptions_near(root: Path) -> list[Description]:
    """The ``tournament.toml`` files the dashboard knows: under the data folder, or beside the
    archive file it was started on (their problems are left to ``thuruppu tournament``)."""
    folder = root if root.is_dir() else root.parent
    found = []
    for path in sorted(folder.rglob(DESCRIPTION_FILE)) if folder.is_dir() else []:
        sources = Sources()
        read_description_file(path, sources)
        found.append(sources.description)
    return found


def description_for(event: str | None, descriptions: list[Description]) -> Description:
    """The description whose name is the event; else the only one without a name; else defaults."""
    named = [d for d in descriptions if d.name is not None and d.name == event]
    unnamed = [d for d in descriptions if d.name is None]
    if named:
        return named[0]
    return unnamed[0] if len(unnamed) == 1 else Description()
