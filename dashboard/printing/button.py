"""The "Print" buttons of the Tournament, Scores and Replay pages: each downloads a printable page
(``dashboard/printing/frame.py``) built when it is clicked, at that moment's "as of"; and the
tables' "Download as CSV" buttons, the pages' only CSV (``csv_button``).

A session's printable is its family's (``SESSION_PAGES``, keyed like ``recorder.games.FAMILIES``):
a Rummy table's whole score sheet, a trick game's score sheet. The page names no paper size, so the
browser's print dialog prints it on A4 or Letter alike (each sheet is laid out to fit both).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from functools import partial
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

import streamlit as st

from dashboard.library import LoadedSession
from dashboard.views.frame_html import csv_text
from replay.tournament import Tournament

if TYPE_CHECKING:
    from streamlit.delta_generator import DeltaGenerator


def _now() -> datetime:
    return datetime.now().astimezone()


def _rummy_page(session: LoadedSession) -> str:
    from dashboard.printing.rummy_sheet import rummy_sheet_printable

    game = session.rummy
    assert game is not None  # a Rummy session the pages show has its game
    return rummy_sheet_printable(game, session.label, _now())


def _trick_page(session: LoadedSession) -> str:
    from dashboard.cli.terminal.tricks import render_score
    from dashboard.printing.score_sheet import score_printable

    record, score = session.record, session.score
    assert record is not None and score is not None  # a scored trick session has both
    return score_printable(record, render_score(record, score), session.label, _now())


TournamentPage = Callable[[Tournament, datetime], str]
"""A tournament's printable page (standings, wall sheet, bracket) as of a moment."""

SESSION_PAGES: dict[str, Callable[[LoadedSession], str]] = {
    "rummy": _rummy_page,
    "trick": _trick_page,
}


def file_stem(label: str) -> str:
    """A file name's stem from a session's label or an event's name."""
    stem = PurePosixPath(label).stem or "thuruppu"
    return "".join(c if c.isalnum() or c in "-_" else "-" for c in stem).strip("-") or "thuruppu"


def _print_button(
    label: str,
    page: Callable[[], str],
    file_name: str,
    *,
    key: str,
    place: DeltaGenerator | None = None,
    help: str | None = None,
) -> None:
    """One "Print" button (in ``place``, else where the page is drawing): it downloads the HTML
    page ``page`` builds, only when it is clicked, and the click does not rerun the page."""
    download = st.download_button if place is None else place.download_button
    download(
        label,
        data=page,
        file_name=file_name,
        mime="text/html",
        icon=":material/print:",
        on_click="ignore",
        key=key,
        help=help,
    )


def print_session(session: LoadedSession, *, key: str) -> None:
    """A "Print" button downloading the session's score sheet as a printable page."""
    page = SESSION_PAGES.get(session.family)
    if page is None:
        return
    _print_button(
        "Print score sheet",
        lambda: page(session),
        f"{file_stem(session.label)}-score-sheet.html",
        key=key,
        help="A page to print: every deal or hand, with the event, stage and time.",
    )


def print_tournament(tournament: Tournament) -> None:
    """ "Print" buttons for the notice board: the group standings, the wall sheet (the schedule by
    table, on a day with a schedule) and the bracket."""
    from dashboard.printing.tournament import bracket_printable, standings_printable

    sheets: list[tuple[str, TournamentPage, str]] = [
        ("standings", standings_printable, "print-standings")
    ]
    if tournament.schedule:
        from dashboard.printing.wall_sheet import wall_printable

        sheets.append(("wall sheet", wall_printable, "print-wall"))
    if tournament.bracket:
        sheets.append(("bracket", bracket_printable, "print-bracket"))
    stem = file_stem(tournament.name or "tournament")
    row = st.container(horizontal=True)
    for sheet, printable, key in sheets:
        _print_button(
            f"Print {sheet}",
            partial(_printed_now, printable, tournament),
            f"{stem}-{sheet.replace(' ', '-')}.html",
            key=key,
            place=row,
        )


def _printed_now(printable: TournamentPage, tournament: Tournament) -> str:
    """A tournament's printable as of now (the moment its button is clicked)."""
    return printable(tournament, _now())


def csv_button(table: object, file_name: str, *, key: str) -> None:
    """A "Download as CSV" button under a table the page shows in Streamlit's grid, whose own
    download is switched off (``client.disableDataExport``, ``dashboard.server.launch``): the CSV,
    built when clicked, holds no cell a spreadsheet would run as a formula (``csv_text``)."""
    st.download_button(
        "Download as CSV",
        data=partial(csv_text, table),
        file_name=file_name,
        mime="text/csv",
        icon=":material/download:",
        on_click="ignore",
        key=key,
        type="tertiary",
    )
