"""A Rummy table's whole score sheet on paper, however many deals it ran to.

The cells are the Scores page's (``rummy_sheet.build_sheet``: each player's outcome and points in a
deal, his running total under it, ``out`` once he is out), cut into sheets of ``DEALS_PER_SHEET``
deals. Every sheet repeats the players' names above its deals and their totals after its last deal
below them, so a page taken down from the board reads on its own; the last sheet's totals are the
table's. The findings stay in the director's report. Portrait, on the frame of
``dashboard.printing.frame``.
"""

from __future__ import annotations

from datetime import datetime

from dashboard.printing.frame import Sheet, printable_page
from dashboard.views.rummy.sheet import (
    LEGEND,
    OUT,
    RummySheet,
    SheetCell,
    SheetRow,
    build_sheet,
    headline,
)
from dashboard.views.text import escape
from recorder.model import Record
from replay.rummy import RummyGame

DEALS_PER_SHEET = 16
"""Deals a portrait sheet holds, each a row of two lines (the outcome, the total under it)."""

SHEET_STYLE = (
    "table.rummy td{line-height:1.25}"
    "table.rummy td span{display:block}"
    "table.rummy td .total{font-size:8.5pt;color:#444}"
    "table.rummy td.out{color:#999}"
    "table.rummy td .rejoin{font-size:8.5pt;color:#1d4ed8}"
    "table.rummy tfoot td,table.rummy tfoot th{font-weight:700;background:#eee}"
    ".legend{font-size:8.5pt;color:#444;margin:2mm 0}"
    ".result{font-size:11pt;margin:0 0 2mm}"
)


def _cell(cell: SheetCell) -> str:
    rejoin = (
        f'<span class="rejoin">↩ {cell.rejoined_on}</span>' if cell.rejoined_on is not None else ""
    )
    penalty = f" +{cell.penalty}" if cell.penalty else ""
    out = " out" if cell.went_out else ""
    return (
        f'<td class="{cell.state}">{rejoin}<span>{escape(cell.mark)}{penalty}</span>'
        f'<span class="total">{cell.total}{out}</span></td>'
    )


def _row(row: SheetRow) -> str:
    cells = "".join(_cell(cell) for cell in row.cells)
    joker = f" · {escape(row.joker)}" if row.joker else ""
    return f'<tr data-deal="{row.hand}"><th class="name">{row.hand}{joker}</th>{cells}</tr>'


def _totals(rows: tuple[SheetRow, ...]) -> str:
    last = rows[-1]
    cells = "".join(
        f"<td>{cell.total}{' out' if cell.state == OUT or cell.went_out else ''}</td>"
        for cell in last.cells
    )
    return f'<tr><th class="name">total after deal {last.hand}</th>{cells}</tr>'


def _sheet_table(sheet: RummySheet, rows: tuple[SheetRow, ...]) -> str:
    names = "".join(f"<th>{escape(name)}</th>" for name in sheet.players)
    body = "".join(_row(row) for row in rows)
    totals = _totals(rows) if rows else ""
    return (
        f'<table class="print rummy"><thead><tr><th class="name">deal · joker</th>{names}</tr>'
        f"</thead><tbody>{body}</tbody><tfoot>{totals}</tfoot></table>"
    )


def rummy_stage(record: Record | None) -> str:
    """``first round, table 3`` from the session's tags (``Rummy`` without them)."""
    if record is None:
        return "Rummy"
    stage, table = record.tag("Stage"), record.tag("Table")
    parts = [f"Rummy {stage.value.strip()}" if stage else "Rummy"]
    parts += [f"table {table.value.strip()}"] if table else []
    return ", ".join(parts)


def rummy_sheet_printable(
    game: RummyGame, title: str, now: datetime, paper: str | None = None
) -> str:
    """Every deal of the game, ``DEALS_PER_SHEET`` a sheet, names and totals on each."""
    sheet = build_sheet(game)
    record = game.record
    event_tag = record.tag("Event") if record else None
    event = event_tag.value.strip() if event_tag else title
    result = f'<p class="result">{escape(headline(sheet))}</p>'
    legend = f'<p class="legend">{escape(LEGEND.split(" · ⚑")[0])}</p>'
    chunks = [
        sheet.rows[start : start + DEALS_PER_SHEET]
        for start in range(0, len(sheet.rows), DEALS_PER_SHEET)
    ] or [()]
    sheets = [Sheet(result + _sheet_table(sheet, rows) + legend) for rows in chunks]
    return printable_page(
        f"{title}: score sheet",
        event,
        rummy_stage(record),
        now,
        sheets,
        paper=paper,
        style=SHEET_STYLE,
    )
