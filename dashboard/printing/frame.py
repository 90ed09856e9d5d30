"""The frame of every printable page: a standalone HTML document with a print stylesheet, cut
into sheets of paper by the builder itself.

A printable is for the notice board: each sheet opens with the event, the stage and "as of HH:MM"
(and "sheet 2 of 3" when there are more), and holds nothing to click. The builders decide what goes
on each sheet (``Sheet``), so the number of pages a printer gives is known before printing: every
sheet after the first starts a new page, and each is laid out to fit the smaller of A4 and US Letter
(the width of A4, the height of Letter) in the orientation it names. ``paper`` names the size the
page asks the printer for (``None``: the one the printer is set to), which is how the command's
``--paper`` reaches Chromium's print; one HTML, no second layout.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from dashboard.views.fonts import FONT_STACK, embedded_faces
from dashboard.views.text import escape

Orientation = Literal["portrait", "landscape"]
PAPERS = {"a4": "A4", "letter": "letter"}
"""The paper sizes ``--paper`` names, and their names in CSS."""
MARGIN_MM = 12


@dataclass(frozen=True)
class Sheet:
    """One sheet of paper: what it shows below the common heading."""

    body: str


def as_of(now: datetime) -> str:
    """``as of 14:05``: the time the page was made."""
    return f"as of {now:%H:%M}"


PRINT_STYLE = f"""
*{{box-sizing:border-box}}
body{{font-family:{FONT_STACK};line-height:1.2;text-rendering:geometricPrecision;color:#111;
  margin:0;background:#eee}}
.sheet{{background:#fff;margin:1em auto;padding:8mm;max-width:210mm}}
.sheet.landscape{{max-width:279mm}}
.sheet+.sheet{{break-before:page;page-break-before:always}}
.sheet-head{{display:flex;justify-content:space-between;align-items:baseline;gap:1em;
  border-bottom:2px solid #111;margin-bottom:4mm;padding-bottom:2mm}}
.sheet-head h1{{font-size:16pt;margin:0}}
.sheet-head p{{margin:0;font-size:11pt;text-align:right}}
.sheet h2{{font-size:12pt;margin:4mm 0 1mm;break-after:avoid;page-break-after:avoid}}
table.print{{border-collapse:collapse;width:100%;font-size:10.5pt;font-variant-numeric:tabular-nums}}
table.print th,table.print td{{border:1px solid #888;padding:1mm 2mm;text-align:right}}
table.print th{{background:#eee}}
table.print .name{{text-align:left}}
@media print{{
  body{{background:#fff}}
  .sheet{{margin:0;padding:0;max-width:none}}
  table.print th{{-webkit-print-color-adjust:exact;print-color-adjust:exact}}
}}
"""


def _page_rule(orientation: Orientation, paper: str | None) -> str:
    size = f"{PAPERS[paper]} {orientation}" if paper else orientation
    return f"@page{{size:{size};margin:{MARGIN_MM}mm}}"


def printable_page(
    title: str,
    event: str,
    stage: str,
    now: datetime,
    sheets: Sequence[Sheet],
    *,
    orientation: Orientation = "portrait",
    paper: str | None = None,
    style: str = "",
) -> str:
    """A standalone page of these sheets, each headed by the event, the stage and the time;
    ``paper`` one of ``PAPERS`` or ``None``."""
    count = len(sheets)
    parts = []
    for number, sheet in enumerate(sheets, start=1):
        which = f" · sheet {number} of {count}" if count > 1 else ""
        parts.append(
            f'<section class="sheet {orientation}"><div class="sheet-head">'
            f"<h1>{escape(event)}</h1><p>{escape(stage)} · {escape(as_of(now))}{which}</p>"
            f"</div>{sheet.body}</section>"
        )
    body = "".join(parts)
    faces = embedded_faces(title + style + body)
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{escape(title)}</title><style>{faces}{PRINT_STYLE}"
        f"{_page_rule(orientation, paper)}{style}</style></head><body>{body}</body></html>\n"
    )


def cut(lines: Sequence[int], budget: int) -> list[list[int]]:
    """The indexes of blocks of so many lines, in order, in as few sheets of ``budget`` lines as
    keeps each block whole (a block longer than the budget has a sheet to itself)."""
    sheets: list[list[int]] = [[]]
    used = 0
    for index, size in enumerate(lines):
        if sheets[-1] and used + size > budget:
            sheets.append([])
            used = 0
        sheets[-1].append(index)
        used += size
    return sheets if sheets[0] else []
