"""The Sessions page's data: a row per loaded session, and the problems of those not read."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from dashboard.library import LoadedSession

SESSION_COLUMNS = ["Session", "Game", "Date", "Event", "Players", "Hands", "Findings", "Problems"]


def session_row(session: LoadedSession) -> dict[str, object]:
    """A session as a row of the Sessions table."""
    record = session.record
    date = record.tag("Date") if record else None
    event = record.tag("Event") if record else None
    return {
        "Session": session.label,
        "Game": record.game if record else "",
        "Date": date.value if date else "",
        "Event": event.value if event else "",
        "Players": ", ".join(record.players) if record else "",
        "Hands": session.hands,
        "Findings": len(session.findings),
        "Problems": len(session.problems),
    }


def sessions_table(sessions: Sequence[LoadedSession]) -> pd.DataFrame:
    """Every session as a row: game, date, event, players, hands, findings and read problems."""
    return pd.DataFrame([session_row(session) for session in sessions], columns=SESSION_COLUMNS)


def problems_table(session: LoadedSession) -> pd.DataFrame:
    """A session's read problems with their line and column."""
    rows = [
        {"Line": problem.line, "Column": problem.column, "Problem": problem.message}
        for problem in session.problems
    ]
    return pd.DataFrame(rows, columns=["Line", "Column", "Problem"])


def severity_counts(session: LoadedSession) -> dict[str, int]:
    """How many findings of each severity a session has (errors, warnings, notes)."""
    counts = {"error": 0, "warning": 0, "note": 0}
    for finding in session.findings:
        counts[finding.severity] += 1
    return counts
