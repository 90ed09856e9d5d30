"""The projector: the tournament as full-screen panels that turn by themselves, readable across a
hall (``tournament?view=projector``).

Pure: ``projector_options`` reads the address (``panels=standings,bracket,now&turn=15``),
``projector_panels`` cuts the tournament into panels that each fit one 16:9 screen, and
``projector_html`` lays them over the whole window. Every length is in ``em`` of one font size set
from the window (28 px on a 1280×720 screen, 42 px on 1920×1080), so a panel is the same drawing at
every size and no text is smaller than 28 px. What fits is counted in lines: a panel holds
``PANEL_LINES`` lines in each of its columns, and what does not fit goes on the next panel.

The panels turn by a CSS animation, not a script: panel *i* is visible for ``turn`` seconds of every
cycle, its animation started ``(now - i·turn) mod cycle`` seconds in the past, ``now`` being the
wall clock when the page was built. Redrawing the page a moment later gives the same panel at the
same time, so the page can be redrawn as often as the archive changes without a jump or a flicker.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from dashboard.views.fonts import FONT_STACK
from dashboard.views.text import escape
from dashboard.views.tournament.on_now import LiveMatch, LiveTable, OnNow
from dashboard.views.tournament.overview import (
    STAGE_TITLES,
    STANDING_COLUMNS,
    STANDING_NAMES,
    group_title,
    slot_lines,
    stale_line,
    standing_cells,
)
from dashboard.views.tournament.rummy_stages import qualified_text, stage_title
from replay.tournament import Slot, StandingRow, Tournament
from replay.tournament.rummy_stages import FINAL as RUMMY_FINAL

PANELS = ("standings", "bracket", "now", "rummy", "places", "final")
"""The panels the address may name, in their default order."""
DEFAULT_TURN, SHORTEST_TURN, LONGEST_TURN = 15, 5, 600
"""Seconds each panel stays on the screen."""
PANEL_LINES = 16
"""Lines of 28 px text (line height 1.3, headings included) a panel's column holds."""
WIDE_NAME = 10
"""A standings table whose longest team name is longer than this gets the panel's whole width."""


@dataclass(frozen=True)
class ProjectorOptions:
    """What the address asks for: the panels in order, the seconds each stays, what was wrong."""

    panels: tuple[str, ...] = PANELS
    turn: int = DEFAULT_TURN
    problems: tuple[str, ...] = ()


def projector_options(params: Mapping[str, str]) -> ProjectorOptions:
    """``panels`` (names from ``PANELS``, comma-separated) and ``turn`` (seconds) from the
    address; a wrong value is named in ``problems`` and its default stands."""
    problems: list[str] = []
    panels: tuple[str, ...] = PANELS
    if params.get("panels"):
        named = tuple(name.strip().lower() for name in params["panels"].split(",") if name.strip())
        unknown = [name for name in named if name not in PANELS]
        if unknown:
            problems.append(
                f"panels={params['panels']}: no panel {unknown[0]!r}; "
                f"expected some of {', '.join(PANELS)}"
            )
        panels = tuple(dict.fromkeys(name for name in named if name in PANELS)) or PANELS
    turn = DEFAULT_TURN
    if "turn" in params:
        text = params["turn"].strip()
        if text.isdigit() and SHORTEST_TURN <= int(text) <= LONGEST_TURN:
            turn = int(text)
        else:
            problems.append(
                f"turn={text}: expected whole seconds from {SHORTEST_TURN} to {LONGEST_TURN}"
            )
    return ProjectorOptions(panels, turn, tuple(problems))


@dataclass(frozen=True)
class Block:
    """Part of a panel: its HTML and how many lines it takes."""

    html: str
    lines: float


@dataclass(frozen=True)
class Panel:
    """One screen: its kind (a name of ``PANELS``), its title and its columns of blocks."""

    kind: str
    title: str
    columns: tuple[tuple[Block, ...], ...]


def _fill(blocks: Sequence[Block], budget: float) -> list[list[Block]]:
    """The blocks in order down columns of at most ``budget`` lines (a longer block alone)."""
    columns: list[list[Block]] = [[]]
    for block in blocks:
        if columns[-1] and sum(b.lines for b in columns[-1]) + block.lines > budget:
            columns.append([])
        columns[-1].append(block)
    return columns if columns[0] else []


def _balanced(blocks: Sequence[Block], columns: int) -> list[list[Block]]:
    """The blocks of one panel over as many of its columns as they can share, the longest column
    as short as filling in order allows (two groups side by side, not one under the other)."""
    total = sum(block.lines for block in blocks)
    budget = max([total / columns, *(block.lines for block in blocks)])
    while len(filled := _fill(blocks, budget)) > columns:
        budget += 0.5
    return filled


def pack(kind: str, title: str, blocks: Sequence[Block], columns: int) -> list[Panel]:
    """The blocks in order, down ``columns`` columns of ``PANEL_LINES`` lines, as many panels as
    they need, each panel's blocks shared out over its columns; a panel after the first is titled
    ``title (2/3)``."""
    filled = _fill(blocks, PANEL_LINES)
    pages = [filled[start : start + columns] for start in range(0, len(filled), columns)]
    count = len(pages)
    return [
        Panel(
            kind,
            title if count == 1 else f"{title} ({number}/{count})",
            tuple(
                tuple(column)
                for column in _balanced([block for column in page for block in column], columns)
            ),
        )
        for number, page in enumerate(pages, start=1)
    ]


SHOWN = tuple(
    index for index, column in enumerate(STANDING_COLUMNS) if column not in ("For", "Against")
)
"""The standings' columns the projector shows (all but the game points for and against)."""
STANDING_HEAD = tuple(STANDING_NAMES[STANDING_COLUMNS[index]] for index in SHOWN)
"""Their short heads: ``P W D L Pts Diff``, the page's own columns (``STANDING_NAMES``)."""


def _standing_row(row: StandingRow) -> str:
    cells = standing_cells(row)
    return "<tr>" + "".join(f"<td>{escape(cells[index])}</td>" for index in SHOWN) + "</tr>"


def standings_blocks(tournament: Tournament) -> list[Block]:
    """A group a block (a long group cut into parts of at most ``PANEL_LINES - 2`` teams)."""
    head = "".join(f"<th>{escape(column)}</th>" for column in STANDING_HEAD)
    blocks = []
    most = PANEL_LINES - 2
    for group, rows in tournament.groups.items():
        for start in range(0, len(rows), most):
            part = rows[start : start + most]
            title = group_title(group) + (" (continued)" if start else "")
            body = "".join(_standing_row(row) for row in part)
            blocks.append(
                Block(
                    f'<h2>{escape(title)}</h2><table class="pj-standings">'
                    f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>",
                    len(part) + 2.5,
                )
            )
    return blocks


def standings_panels(tournament: Tournament) -> list[Panel]:
    longest = max((len(row.team) for rows in tournament.groups.values() for row in rows), default=0)
    columns = 1 if longest > WIDE_NAME else 2
    return pack("standings", "Standings", standings_blocks(tournament), columns)


def _slot_box(slot: Slot) -> str:
    match = slot.match
    stale = ""
    if match is None:
        state = "stale" if slot.stale else "to play"
        if slot.stale:
            stale = f'<div class="pj-stale">{escape(stale_line(slot))}, awaits the director</div>'
    elif slot.decided:
        state = "decided"
    else:
        state = f"{match.recorded} of {match.shuffles_due}"
    sides = "".join(
        f'<div class="pj-side{" pj-won" if won else ""}{"" if team else " pj-source"}">'
        f"<span>{escape(name)}</span><b>{escape(points)}</b></div>"
        for (name, points, won), team in zip(slot_lines(slot), slot.teams, strict=True)
    )
    return (
        f'<div class="pj-slot" data-match="{escape(slot.label)}">'
        f'<div class="pj-slot-head">{escape(slot.label)} · {escape(state)}</div>{sides}{stale}'
        "</div>"
    )


def bracket_panels(tournament: Tournament) -> list[Panel]:
    """The bracket in columns, round by round (the final with the losers' final under it)."""
    if not tournament.bracket:
        return []
    by_label = {slot.label: slot for slot in tournament.bracket}
    rounds = [["QF1", "QF4", "QF2", "QF3"], ["SF1", "SF2"], ["F", "LF"]]
    columns = []
    for labels in rounds:
        slots = [by_label[label] for label in labels if label in by_label]
        if not slots:
            continue
        title = STAGE_TITLES[slots[0].label.rstrip("1234")]
        boxes = "".join(_slot_box(slot) for slot in slots)
        columns.append(
            (Block(f'<h2>{escape(title)}</h2><div class="pj-round">{boxes}</div>', PANEL_LINES),)
        )
    return [Panel("bracket", "Knockout", tuple(columns))]


def _match_block(match: LiveMatch) -> Block:
    name = STAGE_TITLES.get((match.label or "").rstrip("1234"), match.stage.capitalize())
    where = f" · table {match.table}" if match.table else ""
    head = f"{match.label or name}{where} · {match.progress}"
    sides = "".join(
        f'<div class="pj-side"><span>{escape(team)}</span><b>{points}</b></div>'
        for team, points in zip(match.teams, match.points, strict=True)
    )
    return Block(
        f'<div class="pj-card pj-match"><div class="pj-card-head">{escape(head)}</div>'
        f"{sides}</div>",
        3.5,
    )


def _table_block(table: LiveTable) -> Block:
    head = f"Rummy {table.stage} · table {table.table} · deal {table.deals}"
    seats = "".join(
        f'<div class="pj-side{" pj-out" if seat.out else ""}"><span>{escape(seat.name)}</span>'
        f"<b>{seat.total}{' out' if seat.out else ''}</b></div>"
        for seat in table.seats
    )
    return Block(
        f'<div class="pj-card pj-rummy"><div class="pj-card-head">{escape(head)}</div>'
        f"{seats}</div>",
        len(table.seats) + 1.5,
    )


def on_now_block(item: OnNow) -> Block:
    return _match_block(item) if isinstance(item, LiveMatch) else _table_block(item)


def now_panels(on_now: Sequence[OnNow]) -> list[Panel]:
    """Every match and Rummy table in progress, two columns a panel."""
    return pack("now", "On now", [on_now_block(item) for item in on_now], 2)


def rummy_panels(tournament: Tournament) -> list[Panel]:
    """Each Rummy stage with a table played to the end: every finished table's winner and who
    goes on (a table still played is on the "on now" panel)."""
    blocks = []
    for name, stage in tournament.rummy.stages.items():
        lines = [f"Table {table.number}: {table.winner}" for table in stage.tables if table.winner]
        if not lines:
            continue
        if name != RUMMY_FINAL:
            lines.append(qualified_text(stage))
        items = "".join(f"<li>{escape(line)}</li>" for line in lines)
        blocks.append(
            Block(
                f'<h2>{escape(stage_title(name))}</h2><ul class="pj-places">{items}</ul>',
                len(lines) + 1.5 + sum(len(line) // 40 for line in lines),
            )
        )
    return pack("rummy", "Rummy", blocks, 2)


def _places_block(title: str, names: Sequence[str | None]) -> Block:
    items = "".join(
        f"<li><span>{place}.</span> {escape(name or 'to be decided')}</li>"
        for place, name in enumerate(names, start=1)
    )
    return Block(f'<h2>{escape(title)}</h2><ol class="pj-places">{items}</ol>', len(names) + 1.5)


def places_panels(tournament: Tournament) -> list[Panel]:
    """The 28 places (each as soon as its match is decided) and the Rummy final's places; none
    before the first is known."""
    blocks = []
    if any(tournament.places):
        blocks.append(_places_block("28: places", tournament.places))
    if tournament.rummy.places:
        blocks.append(_places_block("Rummy: places", tournament.rummy.places))
    return pack("places", "Places", blocks, 2)


def final_panels(tournament: Tournament, on_now: Sequence[OnNow]) -> list[Panel]:
    """The final's progress: the 28 final (and losers' final) once their teams are known, and the
    Rummy final's table while it is played."""
    blocks = [
        Block(f"<h2>{escape(STAGE_TITLES[slot.label])}</h2>{_slot_box(slot)}", 5)
        for slot in sorted(tournament.bracket, key=lambda slot: slot.label != "F")
        if slot.label in ("F", "LF") and None not in slot.teams
    ]
    blocks += [
        _table_block(item)
        for item in on_now
        if isinstance(item, LiveTable) and item.stage == RUMMY_FINAL
    ]
    return pack("final", "The final", blocks, 2)


def projector_panels(
    tournament: Tournament, on_now: Sequence[OnNow], wanted: Sequence[str] = PANELS
) -> list[Panel]:
    """The panels asked for, in the order asked; one with nothing to show is left out."""
    makers = {
        "standings": lambda: standings_panels(tournament),
        "bracket": lambda: bracket_panels(tournament),
        "now": lambda: now_panels(on_now),
        "rummy": lambda: rummy_panels(tournament),
        "places": lambda: places_panels(tournament),
        "final": lambda: final_panels(tournament, on_now),
    }
    return [panel for kind in wanted for panel in makers[kind]()]


PROJECTOR_STYLE = (
    """
html,body{overflow:hidden !important}
.projector{position:fixed;inset:0;z-index:999990;background:#fff;color:#111;overflow:hidden;
  font-family:"""
    + FONT_STACK
    + """;line-height:1.3;
  font-size:max(28px,min(calc(100vh / 25.5),calc(100vw / 45.5)))}
.projector *{font-size:inherit !important;line-height:inherit !important;
  font-family:inherit !important;letter-spacing:normal !important}
.projector li,.projector p{margin:0 !important;padding:0 !important}
.pj-panel{position:absolute;inset:0;visibility:hidden;display:flex;flex-direction:column}
.pj-only{visibility:visible}
.pj-head{display:flex;justify-content:space-between;gap:1em;background:#12355b;color:#fff;
  padding:.25em .6em;font-weight:700;white-space:nowrap}
.pj-body{flex:1;display:flex;gap:1.2em;padding:.3em .6em;min-height:0}
.pj-column{flex:1;min-width:0}
.pj-body h2{font-size:1em;margin:.3em 0 0;color:#12355b}
.pj-standings{border-collapse:collapse;width:100%}
.pj-standings th,.pj-standings td{padding:0 .25em;text-align:right;border-bottom:2px solid #ddd}
.pj-standings td:nth-child(2),.pj-standings th:nth-child(2){text-align:left;width:100%}
.pj-standings th{color:#444}
.pj-round{display:flex;flex-direction:column;justify-content:space-around;height:calc(100% - 2em)}
.pj-card{max-width:24em}
.pj-slot,.pj-card{border:3px solid #555;border-radius:.3em;padding:0 .3em;margin:.15em 0}
.pj-slot-head,.pj-card-head{font-weight:700;color:#12355b;white-space:nowrap}
.pj-side{display:flex;justify-content:space-between;gap:.6em}
.pj-side span{overflow-wrap:anywhere;min-width:0}
.pj-side b{font-variant-numeric:tabular-nums}
.pj-won{color:#0a5c2b;font-weight:700}
.pj-source{color:#666;font-style:italic}
.pj-stale{color:#b54708;font-weight:600;font-size:.8em}
.pj-out{color:#a11;text-decoration:line-through}
.pj-places{list-style:none !important;padding:0 !important;margin:0 !important}
.pj-places span{display:inline-block;width:1.5em}
.pj-problem{color:#a00}
"""
)


def _turning_style(count: int, turn: int, now: datetime) -> str:
    """The keyframes and each panel's delay: panel ``i`` shows during ``[i·turn, (i+1)·turn)`` of
    a cycle of ``count·turn`` seconds, counted on the wall clock."""
    cycle = count * turn
    elapsed = now.timestamp() % cycle
    share = 100 / count
    rules = [
        f"@keyframes pj-turn{{0%{{visibility:visible}}{share:.4f}%{{visibility:hidden}}"
        "100%{visibility:hidden}}"
    ]
    for index in range(count):
        started = (elapsed - index * turn) % cycle
        rules.append(
            f".pj-panel[data-panel='{index}']{{animation:pj-turn {cycle}s step-end "
            f"-{started:.2f}s infinite}}"
        )
    return "".join(rules)


def projector_html(
    event: str,
    panels: Sequence[Panel],
    turn: int,
    now: datetime,
    problems: Sequence[str] = (),
) -> str:
    """Every panel over the whole window, one shown at a time; ``problems`` (a wrong address)
    head the first panel."""
    if not panels:
        panels = [Panel("none", "Nothing to show yet", ((Block("", 0),),))]
    clock = now.strftime("%H:%M")
    parts = []
    for index, panel in enumerate(panels):
        columns = "".join(
            '<div class="pj-column">' + "".join(block.html for block in column) + "</div>"
            for column in panel.columns
        )
        notes = (
            "".join(f'<p class="pj-problem">{escape(problem)}</p>' for problem in problems)
            if index == 0
            else ""
        )
        only = " pj-only" if len(panels) == 1 else ""
        parts.append(
            f'<section class="pj-panel{only}" data-panel="{index}" data-kind="{panel.kind}">'
            f'<div class="pj-head"><span>{escape(event)}</span><span>{escape(panel.title)}</span>'
            f"<span>as of {clock}</span></div>{notes}"
            f'<div class="pj-body">{columns}</div></section>'
        )
    turning = _turning_style(len(panels), turn, now) if len(panels) > 1 else ""
    return (
        f"<style>{PROJECTOR_STYLE}{turning}</style>"
        f'<div class="projector" data-panels="{len(panels)}">{"".join(parts)}</div>'
    )
