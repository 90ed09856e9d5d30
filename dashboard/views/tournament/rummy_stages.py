"""The Rummy stages drawn for people (TOURNAMENT.md §6, §7): each stage's tables with their winner
and standing, who qualified, and the final places.

Pure functions from ``replay.tournament.rummy_stages`` results to cells, text lines and escaped
HTML, shared by the terminal, the printable report and the Tournament page.
"""

from __future__ import annotations

from dashboard.cli.terminal.tricks import _table as aligned
from dashboard.views.text import escape
from replay.tournament.rummy_stages import FINAL, RummyStage, RummyTournament

TABLE_COLUMNS = ("Table", "Winner", "Standing")
STILL_PLAYING = "still playing"
NOBODY_YET = "nobody yet"


def stage_title(stage: str) -> str:
    """``Rummy: first round``."""
    return f"Rummy: {stage}"


def table_cells(stage: RummyStage) -> list[list[str]]:
    """One row a table: its number, its winner (or that it is still being played), its standing."""
    return [
        [table.number, table.winner or STILL_PLAYING, ", ".join(table.game.standing)]
        for table in stage.tables
    ]


def qualified_text(stage: RummyStage) -> str:
    """``Qualified: Anu, Gopi`` (``nobody yet`` while no table is decided)."""
    return "Qualified: " + (", ".join(stage.qualified) or NOBODY_YET)


def places_lines(rummy: RummyTournament) -> list[str]:
    """The final's places as numbered lines."""
    return [f"{place}. {name}" for place, name in enumerate(rummy.places, 1)]


def rummy_lines(rummy: RummyTournament) -> list[str]:
    """Every stage as a title, its tables aligned and its qualifiers; then the places."""
    lines: list[str] = []
    for name, stage in rummy.stages.items():
        lines.append(stage_title(name))
        lines.extend(aligned([list(TABLE_COLUMNS), *table_cells(stage)]))
        if name != FINAL:
            lines.append(qualified_text(stage))
        lines.append("")
    if rummy.places:
        lines += ["Rummy: places", *places_lines(rummy), ""]
    return lines


def rummy_records(stage: RummyStage) -> list[dict[str, str]]:
    """A stage's tables as records for ``st.dataframe`` (the terminal's cells)."""
    return [dict(zip(TABLE_COLUMNS, cells, strict=True)) for cells in table_cells(stage)]


def rummy_html(rummy: RummyTournament) -> str:
    """Every stage as a heading, a table of its tables and its qualifiers; then the places. Every
    name is escaped."""
    parts = []
    head = "".join(f"<th>{escape(column)}</th>" for column in TABLE_COLUMNS)
    for name, stage in rummy.stages.items():
        body = "".join(
            "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in cells) + "</tr>"
            for cells in table_cells(stage)
        )
        parts.append(
            f"<h2>{escape(stage_title(name))}</h2>"
            f'<table class="standings rummy"><thead><tr>{head}</tr></thead><tbody>{body}</tbody>'
            "</table>"
        )
        if name != FINAL:
            parts.append(f"<p>{escape(qualified_text(stage))}</p>")
    if rummy.places:
        items = "".join(f"<li>{escape(name)}</li>" for name in rummy.places)
        parts.append(f"<h2>{escape('Rummy: places')}</h2><ol>{items}</ol>")
    return "".join(parts)
