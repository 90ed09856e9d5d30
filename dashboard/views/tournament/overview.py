"""The tournament drawn for people: standings rows, the bracket as SVG, what is still to play.

Pure functions from ``replay.tournament`` results to cells and markup, shared by the terminal, the
printable report and the dashboard's Tournament page, so all three show the same numbers. Every
name from a file is escaped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from urllib.parse import urlencode

from dashboard.library import LoadedSession
from dashboard.views.stepping import Position
from dashboard.views.text import escape
from replay.tournament import (
    Slot,
    StandingRow,
    Tournament,
    TournamentFinding,
    TournamentSession,
)

STANDING_NAMES = {
    "Rank": "", "Team": "Team", "Played": "P", "Won": "W", "Level": "Lv", "Lost": "L",
    "Match points": "Pts", "For": "For", "Against": "Against", "Difference": "Diff",
}  # fmt: skip
"""The standings' columns, in order, each with the short head a narrow table (the projector)
shows: the one naming of the Tournament page, its CSV, the printed standings, the director's
report and the terminal, in the contract's words (TOURNAMENT.md §3: played, won, level, lost);
the short head of *Level* is *Lv*, so that it shares no letter with *Lost*."""
STANDING_COLUMNS = tuple(STANDING_NAMES)
SHARED_RANK_NOTE = "= level on every ranking rule, not yet decided"

Link = Callable[[str], str]
"""From a session's key to the address of one of its pages."""


def group_title(group: str) -> str:
    return "All teams" if group == "all" else f"Group {group}"


def rank_text(row: StandingRow) -> str:
    """The rank, with ``=`` when the tie is unresolved (1, 2=, 2=, 4)."""
    return f"{row.rank}=" if row.unresolved else str(row.rank)


def standing_cells(row: StandingRow) -> list[str]:
    """One standings row as the cells of ``STANDING_COLUMNS``."""
    tally = row.tally
    numbers = (tally.played, tally.won, tally.level, tally.lost, tally.match_points)
    return [
        rank_text(row),
        row.team,
        *(str(number) for number in numbers),
        str(tally.points_for),
        str(tally.points_against),
        f"{tally.difference:+d}" if tally.difference else "0",
    ]


WALKOVER = "w/o"
"""What a walkover shows beside the team that goes on (TOURNAMENT.md §9)."""


def slot_lines(slot: Slot) -> list[tuple[str, str, bool]]:
    """Each side of a slot: its team (or where it comes from), its points (``w/o`` beside the
    winner of a walkover), and whether it won."""
    points = slot.points
    sides = []
    for index, (team, source) in enumerate(zip(slot.teams, slot.sources, strict=True)):
        shown = team if team is not None else source
        won = team is not None and team == slot.winner
        score = str(points[index]) if points else WALKOVER if slot.walkover and won else ""
        sides.append((shown, score, won))
    return sides


def slot_status(slot: Slot) -> str:
    """A slot's state in words: to play, stale (a session that no longer follows the bracket
    awaits the director), under way, or decided after so many shuffles."""
    if slot.match is None:
        return "stale, awaits the director" if slot.stale else "to play"
    if slot.walkover:
        return "walkover"
    if not slot.decided:
        return f"under way, {slot.shuffles} shuffles"
    return f"{slot.shuffles} shuffles"


STAGE_TITLES = {"QF": "Quarter finals", "SF": "Semi finals", "F": "Final", "LF": "Losers' final"}


@dataclass(frozen=True)
class Box:
    """Where a slot's box sits in the drawing (its top-left corner)."""

    slot: Slot
    x: float
    y: float


BOX_WIDTH, BOX_HEIGHT, COLUMN_GAP, ROW_GAP, LABEL = 230, 56, 50, 34, 18


def bracket_boxes(bracket: Sequence[Slot]) -> list[Box]:
    """The slots placed in columns, each match half-way between the two that feed it; the
    quarter finals in the order QF1, QF4, QF2, QF3 so that lines never cross; the losers' final
    under the final."""
    by_label = {slot.label: slot for slot in bracket}
    first = ["QF1", "QF4", "QF2", "QF3"] if "QF1" in by_label else ["SF1", "SF2"]
    columns = [first, ["SF1", "SF2"], ["F"]] if "QF1" in by_label else [first, ["F"]]
    centre: dict[str, float] = {}
    boxes: list[Box] = []
    for number, labels in enumerate(columns):
        x = number * (BOX_WIDTH + COLUMN_GAP)
        for index, label in enumerate(labels):
            if number == 0:
                middle = LABEL + index * (BOX_HEIGHT + ROW_GAP + LABEL) + BOX_HEIGHT / 2
            else:
                feeders = by_label[label].sources
                middle = sum(centre[source.split()[-1]] for source in feeders) / 2
            centre[label] = middle
            boxes.append(Box(by_label[label], x, middle - BOX_HEIGHT / 2))
    if "LF" in by_label:
        final = next(box for box in boxes if box.slot.label == "F")
        lowest = max(box.y for box in boxes)
        y = max(final.y + BOX_HEIGHT + ROW_GAP + LABEL, lowest)
        boxes.append(Box(by_label["LF"], final.x, y))
    return boxes


def stale_line(slot: Slot) -> str:
    """A stale match shown in a slot's box, short: the pairing played and its result."""
    if slot.stale is None:
        return ""
    first, second = slot.stale.teams
    points = slot.stale.points_of(first)
    return f"played: {first} v {second} {points[0]}–{points[1]}"


def _box_svg(box: Box, scores: Link | None, replay: Link | None) -> str:
    slot = box.slot
    x, y = box.x, box.y
    title = f"{STAGE_TITLES[slot.label.rstrip('1234')]} · {slot.label} · {slot_status(slot)}"
    stale = slot.match is None and slot.stale is not None
    parts = [
        f'<g class="slot{" stale" if stale else ""}" data-match="{escape(slot.label)}">',
        f"<title>{escape(slot.stale_text())}</title>" if stale else "",
        f'<text x="{x}" y="{y - 5}" class="label">{escape(title)}</text>',
        f'<rect x="{x}" y="{y}" width="{BOX_WIDTH}" height="{BOX_HEIGHT}" rx="6" class="box"/>',
        f'<line x1="{x}" y1="{y + BOX_HEIGHT / 2}" x2="{x + BOX_WIDTH}" '
        f'y2="{y + BOX_HEIGHT / 2}" class="divider"/>',
    ]
    for index, (name, points, won) in enumerate(slot_lines(slot)):
        baseline = y + BOX_HEIGHT / 4 + index * BOX_HEIGHT / 2 + 5
        css = "team won" if won else "team" if slot.teams[index] else "team source"
        parts.append(f'<text x="{x + 8}" y="{baseline}" class="{css}">{escape(name)}</text>')
        parts.append(
            f'<text x="{x + BOX_WIDTH - 8}" y="{baseline}" class="{css} points" '
            f'text-anchor="end">{escape(points)}</text>'
        )
    if stale:
        parts.append(
            f'<text x="{x}" y="{y + BOX_HEIGHT + 14}" class="stale-note">'
            f"{escape(stale_line(slot))}</text>"
        )
    parts.append("</g>")
    drawn = "".join(parts)
    shown = slot.match or slot.stale
    key = shown.session.key if shown else None
    if key is None or scores is None:
        return drawn
    links = f'<a href="{escape(scores(key))}" class="scores-link">{drawn}</a>'
    if replay is not None:
        links += (
            f'<a href="{escape(replay(key))}" class="replay-link"><text x="{x + BOX_WIDTH}" '
            f'y="{y + BOX_HEIGHT + 14}" text-anchor="end" class="link">replay</text></a>'
        )
    return links


def _connectors(boxes: Sequence[Box]) -> list[str]:
    """Elbow lines from each match to the one its winner goes to; dashed to the losers' final."""
    at = {box.slot.label: box for box in boxes}
    lines = []
    for box in boxes:
        for side, source in enumerate(box.slot.sources):
            feeder = at.get(source.split()[-1]) if " of " in source else None
            if feeder is None:
                continue
            x1, y1 = feeder.x + BOX_WIDTH, feeder.y + BOX_HEIGHT / 2
            x2, y2 = box.x, box.y + BOX_HEIGHT / 4 + side * BOX_HEIGHT / 2
            loser = source.startswith("loser")
            bend = x1 + COLUMN_GAP * (0.75 if loser else 0.4)
            css = "loser-line" if loser else "winner-line"
            lines.append(f'<path d="M{x1},{y1} H{bend} V{y2} H{x2}" class="{css}"/>')
    return lines


BRACKET_STYLE = (
    ".bracket-svg a{text-decoration:none}.bracket-svg a:hover .box{stroke:#1a5fb4}"
    ".bracket-svg .box{fill:#fff;stroke:#555;stroke-width:1.5}"
    ".bracket-svg .divider{stroke:#ccc}"
    ".bracket-svg .label{font:600 12px sans-serif;fill:#555}"
    ".bracket-svg .team{font:15px sans-serif;fill:#222}"
    ".bracket-svg .won{font-weight:700;fill:#0a5c2b}"
    ".bracket-svg .source{fill:#888;font-style:italic}"
    ".bracket-svg .stale .box{stroke:#b54708;stroke-dasharray:6 3}"
    ".bracket-svg .stale-note{font:600 12px sans-serif;fill:#b54708}"
    ".bracket-svg .link{font:12px sans-serif;fill:#1a5fb4;text-decoration:underline}"
    ".bracket-svg .winner-line{fill:none;stroke:#555;stroke-width:1.5}"
    ".bracket-svg .loser-line{fill:none;stroke:#999;stroke-width:1;stroke-dasharray:4 3}"
)


def bracket_svg(
    bracket: Sequence[Slot], scores: Link | None = None, replay: Link | None = None
) -> str:
    """The bracket drawn as boxes and connecting lines; each recorded match links to its session's
    Scores (the box) and Replay. Empty when the tournament has no knockout."""
    if not bracket:
        return ""
    boxes = bracket_boxes(bracket)
    width = max(box.x for box in boxes) + BOX_WIDTH + 4
    height = max(box.y for box in boxes) + BOX_HEIGHT + 20
    body = "".join([*_connectors(boxes), *(_box_svg(box, scores, replay) for box in boxes)])
    return (
        f'<div class="bracket" style="overflow-x:auto"><style>{BRACKET_STYLE}</style>'
        f'<svg class="bracket-svg" viewBox="-2 0 {width} {height}" '
        f'style="width:100%;min-width:{width * 0.8:.0f}px;max-width:{width * 1.25:.0f}px" '
        f'role="img" aria-label="knockout bracket">{body}</svg></div>'
    )


def standings_table_html(rows: Sequence[StandingRow]) -> str:
    """A group's standings as an HTML table (the printable report and the projector)."""
    head = "".join(f"<th>{escape(column)}</th>" for column in STANDING_COLUMNS)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in standing_cells(row)) + "</tr>"
        for row in rows
    )
    return f'<table class="standings"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def places_text(tournament: Tournament) -> list[str]:
    """Places 1 to 4 as lines, the unknown ones as ``to be decided``."""
    return [
        f"{place}. {team or 'to be decided'}" for place, team in enumerate(tournament.places, 1)
    ]


def tournament_sessions(loaded: Sequence[LoadedSession]) -> list[TournamentSession]:
    """The dashboard's loaded sessions as the tournament reads them: each with its replay and
    score as loaded (a Rummy table with its ``RummyGame``, replayed once for every page)."""
    return [
        TournamentSession(session.key, session.label, session.record, session.score, session.rummy)
        for session in loaded
        if session.record is not None and not session.problems
    ]


def events(sessions: Sequence[TournamentSession]) -> list[str]:
    """The events that have sessions of a tournament stage, by name."""
    return sorted({s.tag("Event") or "" for s in sessions if s.tag("Stage") is not None})


def scores_link(key: str) -> str:
    return "scores?" + urlencode({"session": key})


def replay_link(key: str) -> str:
    return "replay" + Position(key).query()


def standings_records(rows: Sequence[StandingRow]) -> list[dict[str, str]]:
    """A group's standings as records for ``st.dataframe`` (the cells of the terminal); plain
    records keep pandas out of the command's start-up."""
    return [dict(zip(STANDING_COLUMNS, standing_cells(row), strict=True)) for row in rows]


def findings_records(findings: Sequence[TournamentFinding]) -> list[dict[str, object]]:
    """The tournament's findings: severity, code, file, line and message."""
    return [
        {
            "Severity": f.severity,
            "Code": f.code,
            "File": f.file,
            "Line": f.line,
            "Message": f.message,
        }
        for f in findings
    ]
