"""The Sessions page's data: a row per loaded session, what could be read of each, its problems,
and where the sessions come from."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from dashboard.library import LoadedSession, is_archive
from recorder.archive.database import is_postgres

SESSION_COLUMNS = [
    "Session",
    "Game",
    "Date",
    "Event",
    "Table",
    "Stage",
    "Players",
    "Hands",
    "Findings",
    "Result",
    "Problems",
]


def session_row(session: LoadedSession) -> dict[str, object]:
    """A session as a row of the Sessions table (from its summary: nothing is unpickled)."""
    summary = session.summary
    return {
        "Session": session.label,
        "Game": summary.game,
        "Date": summary.date,
        "Event": summary.event,
        "Table": summary.table,
        "Stage": summary.stage,
        "Players": ", ".join(summary.players),
        "Hands": summary.hands,
        "Findings": summary.findings,
        "Result": summary.result,
        "Problems": len(session.problems),
    }


def sessions_table(sessions: Sequence[LoadedSession]) -> pd.DataFrame:
    """Every session as a row: game, date, event, table, stage, players, hands, findings, how a
    Rummy table stands and read problems."""
    return pd.DataFrame([session_row(session) for session in sessions], columns=SESSION_COLUMNS)


def problems_table(session: LoadedSession) -> pd.DataFrame:
    """A session's read problems with their hand, line and column."""
    rows = [
        {
            "Hand": str(problem.hand) if problem.hand is not None else "",
            "Line": problem.line,
            "Column": problem.column,
            "Problem": problem.message,
        }
        for problem in session.problems
    ]
    return pd.DataFrame(rows, columns=["Hand", "Line", "Column", "Problem"])


def severity_counts(session: LoadedSession) -> dict[str, int]:
    """How many findings of each severity a session has (errors, warnings, notes)."""
    return {"error": 0, "warning": 0, "note": 0, **session.summary.severities}


def _hands(numbers: Sequence[int]) -> str:
    return ("hand " if len(numbers) == 1 else "hands ") + ", ".join(map(str, numbers))


def reading_verdict(session: LoadedSession) -> tuple[str, str]:
    """What could and could not be read of a session, as a kind of box (``success``,
    ``warning`` or ``error``) and its sentence: red (``error``) when not one hand could be read."""
    summary = session.summary
    problems = len(session.problems)
    counted, findings = _count(problems, "problem"), _count(summary.findings, "finding")
    read = _count(summary.hands, "hand")
    if not summary.read:
        return "error", f"Nothing could be read ({counted}): nothing was replayed."
    if not summary.replayed:
        return "error", f"{read} read, but the replay failed: nothing was replayed."
    replayed = f"{read} read and replayed, {findings}"
    if not problems:
        return "success", f"game {summary.game}: {replayed}."
    clauses = [f"game {summary.game}: {counted} reading it"]
    if summary.left_out:
        verb = "is" if len(summary.left_out) == 1 else "are"
        clauses.append(f"{_hands(summary.left_out)} could not be read and {verb} left out")
    kind = "warning" if summary.hands else "error"  # no hand read: as unreadable as nothing read
    return kind, "; ".join([*clauses, replayed]) + "."


def _count(number: int, what: str) -> str:
    return f"{number} {what}{'' if number == 1 else 's'}"


def _place(location: str) -> str:
    """An archive's place as a visitor sees it: a file's name, never its folders; a server only
    as PostgreSQL, never its address (TOURNAMENT.md §10)."""
    if is_postgres(location):
        return "on PostgreSQL"
    return Path(location).name


def sessions_caption(
    root: Path | str,
    files: Sequence[LoadedSession],
    archives: Sequence[str],
    archived: Sequence[LoadedSession],
    uploaded: Sequence[LoadedSession],
) -> str:
    """Where the listed sessions come from, counted apart: the folder (or file), each archive,
    and this browser's uploads, naming only places that exist."""
    total = len(files) + len(archived) + len(uploaded)
    parts = []
    if not is_archive(str(root)):
        root = Path(root)
        if root.exists():
            kind = "file" if root.is_file() else "folder"
            parts.append(f"{len(files)} from the {kind} {root.resolve().name}")
        else:
            parts.append(f"none from {root.name}, which does not exist")
    if archives:
        places = ", ".join(_place(location) for location in archives)
        parts.append(f"{len(archived)} from the archive {places}")
    else:
        parts.append("no archive yet")
    parts.append(f"{len(uploaded)} uploaded in this browser")
    return f"{_count(total, 'session')}: " + "; ".join(parts) + "."
