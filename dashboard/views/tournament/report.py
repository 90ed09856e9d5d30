"""The tournament as text for the terminal and as a printable HTML report (``thuruppu tournament``).

Both are built from the cells of ``dashboard.views.tournament.overview``; the report is one
standalone HTML page with every name escaped, on the printables' frame
(``dashboard.printing.frame``).
"""

from __future__ import annotations

from datetime import datetime

from dashboard.cli.terminal.tricks import _table as aligned
from dashboard.printing.frame import Sheet, printable_page
from dashboard.views.text import escape
from dashboard.views.tournament.overview import (
    SHARED_RANK_NOTE,
    STANDING_COLUMNS,
    bracket_svg,
    group_title,
    places_text,
    slot_lines,
    slot_status,
    standing_cells,
    standings_table_html,
)
from dashboard.views.tournament.rummy_stages import rummy_html, rummy_lines
from replay.tournament import Tournament


def render_tournament(tournament: Tournament) -> str:
    """Standings per group, the bracket slot by slot, the places, the Rummy stages, what is left,
    the findings."""
    lines = [tournament.name or "Tournament", ""]
    for group, rows in tournament.groups.items():
        lines.append(group_title(group))
        lines.extend(aligned([list(STANDING_COLUMNS), *(standing_cells(row) for row in rows)]))
        if any(row.unresolved for row in rows):
            lines.append(SHARED_RANK_NOTE)
        lines.append("")
    if tournament.bracket:
        lines.append("Knockout")
        cells = []
        for slot in tournament.bracket:
            (upper, upper_points, _), (lower, lower_points, _) = slot_lines(slot)
            result = f"{upper_points}-{lower_points}" if slot.points else ""
            winner = f"winner {slot.winner}" if slot.winner else slot.stale_text()
            cells.append([slot.label, upper, "v", lower, result, slot_status(slot), winner])
        lines.extend(aligned(cells))
        lines.append("")
        lines.append("Places")
        lines.extend(places_text(tournament))
        lines.append("")
    lines.extend(rummy_lines(tournament.rummy))
    if tournament.to_play:
        lines.append("Still to play")
        lines.extend(f"  {pending.text}" for pending in tournament.to_play)
        lines.append("")
    if tournament.findings:
        lines.append("Findings")
        lines.extend(f"  {finding}" for finding in tournament.findings)
    return "\n".join(lines).rstrip() + "\n"


REPORT_STYLE = (
    "table.standings{border-collapse:collapse;margin:.5em 0;font-size:10.5pt}"
    "table.standings th,table.standings td{border:1px solid #999;padding:.2em .6em;"
    "text-align:right}"
    "table.standings td:nth-child(2),table.standings th:nth-child(2){text-align:left}"
    ".bracket{break-inside:avoid}"
)


def report_html(
    tournament: Tournament, now: datetime | None = None, paper: str | None = None
) -> str:
    """The director's report, one printable page (``dashboard.printing.frame``): standings,
    bracket, places, the Rummy stages, still to play, and the findings (only here); headed by the
    event and "as of" ``now`` (the clock when not given)."""
    parts = []
    for group, rows in tournament.groups.items():
        parts.append(f"<h2>{escape(group_title(group))}</h2>{standings_table_html(rows)}")
        if any(row.unresolved for row in rows):
            parts.append(f"<p>{escape(SHARED_RANK_NOTE)}</p>")
    if tournament.bracket:
        parts.append(f"<h2>Knockout</h2>{bracket_svg(tournament.bracket)}")
        places = "".join(
            f"<li>{escape(team or 'to be decided')}</li>" for team in tournament.places
        )
        parts.append(f"<h2>Places</h2><ol>{places}</ol>")
    parts.append(rummy_html(tournament.rummy))
    if tournament.to_play:
        items = "".join(f"<li>{escape(pending.text)}</li>" for pending in tournament.to_play)
        parts.append(f"<h2>Still to play</h2><ul>{items}</ul>")
    if tournament.findings:
        items = "".join(f"<li>{escape(str(finding))}</li>" for finding in tournament.findings)
        parts.append(f"<h2>Findings</h2><ul>{items}</ul>")
    event = tournament.name or "Tournament"
    return printable_page(
        f"{event}: director's report",
        event,
        "Director's report",
        now or datetime.now().astimezone(),
        [Sheet("".join(parts))],
        paper=paper,
        style=REPORT_STYLE,
    )
