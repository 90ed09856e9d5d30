"""The tournament's printables for the notice board: the group standings and the bracket.

Pure, from a ``Tournament`` and the time: each is a page of ``dashboard.printing.frame`` with the
event, the stage and "as of HH:MM" on every sheet. Neither shows a finding: those are for the
director's report (``tournament_report.report_html``). The standings are portrait, as many groups
a sheet as ``STANDINGS_LINES`` lines hold (a group never split); the bracket is one landscape sheet,
the drawing of the Tournament page (``bracket_svg``) scaled to the paper, with the places under it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from dashboard.printing.frame import Sheet, cut, printable_page
from dashboard.views.text import escape
from dashboard.views.tournament.overview import (
    SHARED_RANK_NOTE,
    STAGE_TITLES,
    STANDING_COLUMNS,
    bracket_svg,
    group_title,
    places_text,
    standing_cells,
)
from replay.tournament import Slot, StandingRow, Tournament

STANDINGS_LINES = 34
"""Table lines (a group's heading and column heads count two) one portrait sheet holds."""


def _standings_row(row: StandingRow) -> str:
    cells = standing_cells(row)
    return (
        "<tr>"
        + "".join(
            f"<td{' class=name' if index == 1 else ''}>{escape(str(cell))}</td>"
            for index, cell in enumerate(cells)
        )
        + "</tr>"
    )


def _group_table(group: str, rows: Sequence[StandingRow]) -> str:
    head = "".join(
        f"<th{' class=name' if index == 1 else ''}>{escape(column)}</th>"
        for index, column in enumerate(STANDING_COLUMNS)
    )
    body = "".join(_standings_row(row) for row in rows)
    note = (
        f"<p class='note'>{escape(SHARED_RANK_NOTE)}</p>" if any(r.unresolved for r in rows) else ""
    )
    return (
        f'<h2>{escape(group_title(group))}</h2><table class="print standings">'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{note}"
    )


def group_stage(tournament: Tournament) -> str:
    """``Group stage: final standings`` once no group match is left, else ``under way``."""
    left = any(pending.stage == "group" for pending in tournament.to_play)
    return (
        "Group stage: under way"
        if left or not tournament.groups
        else "Group stage: final standings"
    )


def standings_printable(tournament: Tournament, now: datetime, paper: str | None = None) -> str:
    """Every group's standings (``STANDING_COLUMNS``), groups whole on a sheet."""
    groups = list(tournament.groups.items())
    sizes = [len(rows) + 2 for _, rows in groups]
    sheets = [
        Sheet("".join(_group_table(*groups[index]) for index in indexes))
        for indexes in cut(sizes, STANDINGS_LINES)
    ] or [Sheet("<p>No group match yet.</p>")]
    event = tournament.name or "Tournament"
    return printable_page(
        f"{event}: standings", event, group_stage(tournament), now, sheets, paper=paper
    )


def knockout_stage(bracket: Sequence[Slot]) -> str:
    """The first round of the knockout with a match undecided (``Quarter finals``), or that the
    knockout is over."""
    for slot in bracket:
        if not slot.decided:
            return STAGE_TITLES[slot.label.rstrip("1234")]
    return "Knockout: decided" if bracket else "Knockout"


BRACKET_STYLE = (
    ".bracket{overflow:visible !important}"
    ".bracket svg{min-width:0 !important;max-width:none !important;width:100% !important;"
    "max-height:150mm}"
    ".places{font-size:12pt;columns:2;margin:2mm 0}"
)


def bracket_printable(tournament: Tournament, now: datetime, paper: str | None = None) -> str:
    """The bracket on one landscape sheet, with the places under it."""
    event = tournament.name or "Tournament"
    drawn = bracket_svg(tournament.bracket) or "<p>No knockout: fewer than four teams.</p>"
    places = "".join(f"<li>{escape(line)}</li>" for line in places_text(tournament))
    body = (
        f'{drawn}<h2>Places</h2><ul class="places">{places}</ul>' if tournament.bracket else drawn
    )
    return printable_page(
        f"{event}: bracket",
        event,
        knockout_stage(tournament.bracket),
        now,
        [Sheet(body)],
        orientation="landscape",
        paper=paper,
        style=BRACKET_STYLE,
    )
