"""The tournament as text for the terminal and as a printable HTML report (``thuruppu tournament``).

Both are built from the cells of ``dashboard.views.tournament``; the report is one standalone HTML
page with every name escaped, laid out for A4 paper.
"""

from __future__ import annotations

from dashboard.terminal import _table as aligned
from dashboard.views.text import escape
from dashboard.views.tournament import (
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
from dashboard.views.tournament_rummy import rummy_html, rummy_lines
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
            winner = f"winner {slot.winner}" if slot.winner else ""
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
    "body{font-family:sans-serif;margin:2em;color:#222}"
    "h1{font-size:1.6em}h2{font-size:1.2em;margin-top:1.5em}"
    "table.standings{border-collapse:collapse;margin:.5em 0}"
    "table.standings th,table.standings td{border:1px solid #999;padding:.2em .6em;"
    "text-align:right}"
    "table.standings td:nth-child(2),table.standings th:nth-child(2){text-align:left}"
    "@page{size:A4;margin:15mm}@media print{body{margin:0}.bracket{page-break-inside:avoid}}"
)


def report_html(tournament: Tournament) -> str:
    """A standalone, printable page: standings, bracket, places, the Rummy stages, still to play,
    findings."""
    title = escape(tournament.name or "Tournament")
    parts = [
        f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{title}</title>",
        f"<style>{REPORT_STYLE}</style></head><body><h1>{title}</h1>",
    ]
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
    parts.append("</body></html>\n")
    return "".join(parts)
