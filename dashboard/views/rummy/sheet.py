"""The Rummy score sheet of the Scores page: deals × players as a club scorer keeps it on paper.

Built only from the engine's ``RummyGame`` (the same deals, outcomes and totals as ``thuruppu score
--json``): each cell is a player's outcome and points in one deal with his running total under
it, greyed once he is out, marked where he went out or re-entered (with his new total), and
flagged with the findings that name him in that deal. Drawn as an HTML table whose header row of
names stays in view while the deals scroll, every text from the file escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd

from dashboard.server.replay_store import rummy_result
from dashboard.views.rummy.words import OUTCOME_MARKS, outcome_meaning
from dashboard.views.text import escape
from replay.findings import Finding
from replay.rummy import RummyDeal, RummyGame
from replay.rummy.table_rules import RummyRules

#: A cell's state: played the deal, out of the game, a void deal, in the game without an outcome.
PLAYED, OUT, VOID, NO_OUTCOME = "played", "out", "void", "no-outcome"


@dataclass(frozen=True)
class SheetCell:
    """One player in one deal: his outcome and points, his total after the deal and its marks."""

    player: str
    state: str
    kind: str | None
    points: int | None
    penalty: int
    total: int
    went_out: bool
    """His total passed the limit in this deal."""
    rejoined_on: int | None
    """He re-entered before this deal, on this total."""
    notes: tuple[int, ...]
    """The numbers of the sheet's notes (findings) that name him in this deal."""

    @property
    def mark(self) -> str:
        """What the cell shows: ``D 25``, ``W 0``, ``43``; ``out``, ``void`` or ``–``."""
        if self.state != PLAYED or self.kind is None:
            return {OUT: "out", VOID: "void"}.get(self.state, "–")
        mark = OUTCOME_MARKS[self.kind].mark if self.kind in OUTCOME_MARKS else self.kind
        return f"{mark} {self.points}" if mark else str(self.points)

    @property
    def meaning(self) -> str:
        """The cell in words, for its tooltip and for a screen reader."""
        if self.state == OUT:
            what = "out of the game"
        elif self.state == VOID:
            what = "void deal: no points"
        elif self.state == NO_OUTCOME or self.kind is None:
            what = "no outcome: scores nothing"
        else:
            what = f"{outcome_meaning(self.kind)}: {self.points}"
        extra = [f"re-entered on {self.rejoined_on}"] if self.rejoined_on is not None else []
        extra += [f"penalty {self.penalty}"] if self.penalty else []
        extra += ["went out"] if self.went_out else []
        return "; ".join([f"{self.player}: {what}", *extra, f"total {self.total}"])


@dataclass(frozen=True)
class SheetNote:
    """A finding shown on the sheet: its number on the cell, its deal and whom it names."""

    number: int
    hand: int
    player: str | None
    finding: Finding


@dataclass(frozen=True)
class SheetRow:
    """One deal: its number, joker and shuffler, a cell per player, the notes naming nobody."""

    hand: int
    joker: str | None
    dealer: str
    void: bool
    cells: tuple[SheetCell, ...]
    notes: tuple[int, ...]


@dataclass(frozen=True)
class RummySheet:
    """A whole game's sheet: players in chair order, a row a deal, the notes, how it stands."""

    players: tuple[str, ...]
    rows: tuple[SheetRow, ...]
    notes: tuple[SheetNote, ...]
    totals: dict[str, int]
    out: tuple[str, ...]
    winner: str | None
    result: str
    """``won by Cini`` or ``still in: Anu, Babu`` (the Sessions page's words)."""
    standing: tuple[str, ...]
    rejoins: dict[str, int]
    limit: int


def game_rules(game: RummyGame) -> RummyRules:
    """The house rules the game was replayed with (its Rules tag; the dashboard adds none)."""
    return RummyRules.resolve(game.record.rules if game.record else {})


def _penalties(game: RummyGame, index: int) -> dict[str, int]:
    """The judges' penalties of a deal by player name, from its ``penalty`` lines."""
    record = game.record
    if record is None or index >= len(record.hands):
        return {}
    body = record.hands[index].rummy
    given: dict[str, int] = {}
    for penalty in body.penalties if body is not None else []:
        name = record.player(penalty.seat)
        given[name] = given.get(name, 0) + penalty.points
    return given


def _out_before_first(deal: RummyDeal) -> set[str]:
    """Who was out before the first deal recorded (a game written from the middle): out after it
    without having played it."""
    return {name for name in deal.out if name not in deal.outcomes and name not in deal.rejoined}


def _cell(
    deal: RummyDeal, name: str, out_before: set[str], penalty: int, notes: tuple[int, ...]
) -> SheetCell:
    total = deal.totals.get(name, 0)
    rejoined = name in deal.rejoined
    outcome = deal.outcomes.get(name)
    in_game = rejoined or name not in out_before
    if deal.void:
        state = VOID if in_game else OUT
    elif outcome is not None:
        state = PLAYED
    else:
        state = NO_OUTCOME if in_game else OUT
    points = outcome.points if outcome is not None else None
    penalty = penalty if state in (PLAYED, NO_OUTCOME) else 0
    return SheetCell(
        player=name,
        state=state,
        kind=outcome.kind if outcome is not None else None,
        points=points,
        penalty=penalty,
        total=total,
        went_out=name in deal.out and in_game,
        rejoined_on=total - (points or 0) - penalty if rejoined else None,
        notes=notes,
    )


def build_sheet(game: RummyGame) -> RummySheet:
    """The score sheet of a replayed game: every deal's cells, the findings numbered as notes."""
    players = tuple(game.record.players if game.record else [])
    notes: list[SheetNote] = []
    rows: list[SheetRow] = []
    out_before = _out_before_first(game.deals[0]) if game.deals else set()
    for index, deal in enumerate(game.deals):
        numbered: dict[str | None, list[int]] = {}
        for finding in game.deal_findings(deal.hand):
            named = finding.player if finding.player in players else None
            notes.append(SheetNote(len(notes) + 1, deal.hand, named, finding))
            numbered.setdefault(named, []).append(len(notes))
        penalties = _penalties(game, index)
        cells = tuple(
            _cell(deal, name, out_before, penalties.get(name, 0), tuple(numbered.get(name, [])))
            for name in players
        )
        dealer = game.record.player(deal.dealer) if game.record else str(deal.dealer)
        rows.append(
            SheetRow(deal.hand, deal.joker, dealer, deal.void, cells, tuple(numbered.get(None, [])))
        )
        out_before = set(deal.out)
    last = game.deals[-1] if game.deals else None
    return RummySheet(
        players=players,
        rows=tuple(rows),
        notes=tuple(notes),
        totals=dict(last.totals) if last else {name: 0 for name in players},
        out=tuple(name for name in players if last and name in last.out),
        winner=game.winner,
        result=rummy_result(game),
        standing=tuple(game.standing),
        rejoins=dict(game.rejoins),
        limit=game_rules(game).limit,
    )


def headline(sheet: RummySheet) -> str:
    """``Won by Cini`` or ``Still in: Anu 120, Babu 80``: the table's state with the totals."""
    if sheet.winner:
        return f"Won by {sheet.winner}"
    still_in = [name for name in sheet.players if name not in sheet.out]
    if not still_in:
        return "No deal recorded yet"
    return "Still in: " + ", ".join(f"{name} {sheet.totals[name]}" for name in still_in)


def standing_text(sheet: RummySheet) -> str:
    """``1. Cini 213, 2. Eapen 293 (out), …``: the finishing order with each final total."""
    return ", ".join(
        f"{place}. {name} {sheet.totals.get(name, 0)}" + (" (out)" if name in sheet.out else "")
        for place, name in enumerate(sheet.standing, start=1)
    )


def totals_series(sheet: RummySheet) -> pd.DataFrame:
    """One row per player and deal: his total after it (missing while he is out), whether he went
    out in it and the total he re-entered on before it."""
    rows = [
        {
            "deal": row.hand,
            "player": cell.player,
            "total": None if cell.state == OUT else cell.total,
            "went_out": cell.went_out,
            "rejoined_on": cell.rejoined_on,
        }
        for row in sheet.rows
        for cell in row.cells
    ]
    frame = pd.DataFrame(rows, columns=["deal", "player", "total", "went_out", "rejoined_on"])
    return frame.astype({"total": "Float64", "rejoined_on": "Float64"})


SHEET_CSS = """
.rs-wrap{max-height:70vh;overflow:auto;border:1px solid #d1d5db;border-radius:6px;
  -webkit-overflow-scrolling:touch}
.rs-sheet{border-collapse:separate;border-spacing:0;font-size:0.85rem;width:100%;
  font-variant-numeric:tabular-nums}
.rs-sheet th,.rs-sheet td{padding:3px 6px;border-bottom:1px solid #e5e7eb;text-align:right;
  white-space:nowrap;background:#fff}
.rs-sheet thead th{position:sticky;top:0;z-index:2;background:#f3f4f6;text-align:center;
  border-bottom:2px solid #9ca3af}
.rs-sheet tfoot td,.rs-sheet tfoot th{position:sticky;bottom:0;z-index:2;background:#f3f4f6;
  border-top:2px solid #9ca3af;font-weight:700}
.rs-sheet .rs-deal{position:sticky;left:0;z-index:1;text-align:left;background:#f9fafb}
.rs-sheet thead .rs-deal,.rs-sheet tfoot .rs-deal{z-index:3;background:#f3f4f6}
.rs-joker{display:block;font-size:0.7rem;color:#6b7280;font-weight:400}
.rs-mark{display:block;font-weight:600}
.rs-total{display:block;font-size:0.75rem;color:#4b5563}
.rs-winner .rs-mark{color:#15803d}
.rs-wrong-declaration .rs-mark,.rs-no-show .rs-mark{color:#b91c1c}
.rs-sheet td.rs-out{color:#9ca3af;background:#f3f4f6}
.rs-out .rs-total{color:#9ca3af}
.rs-void{color:#9ca3af}
.rs-name-out{text-decoration:line-through;color:#6b7280}
.rs-went-out .rs-total{color:#b91c1c;font-weight:700}
.rs-rejoin{display:block;font-size:0.7rem;color:#1d4ed8}
.rs-note{font-size:0.7rem;color:#b45309;font-weight:700;margin-left:2px}
.rs-flagged{box-shadow:inset 0 0 0 2px #f59e0b}
.rs-notes{font-size:0.85rem;margin:0.5rem 0 0 0;padding-left:1.4rem}
.rs-legend{font-size:0.75rem;color:#4b5563;margin:0.3rem 0}
@media (max-width:640px){.rs-sheet{font-size:0.78rem}.rs-sheet th,.rs-sheet td{padding:3px 3px}}
"""


def _note_marks(numbers: Sequence[int]) -> str:
    return "".join(f'<sup class="rs-note">⚑{number}</sup>' for number in numbers)


def _cell_html(chair: int, cell: SheetCell) -> str:
    classes = ["rs-cell", f"rs-{cell.state}"]
    classes += [f"rs-{cell.kind}"] if cell.kind else []
    classes += ["rs-went-out"] if cell.went_out else []
    classes += ["rs-flagged"] if cell.notes else []
    rejoin = (
        f'<span class="rs-rejoin">↩ {cell.rejoined_on}</span>'
        if cell.rejoined_on is not None
        else ""
    )
    penalty = f" +{cell.penalty}" if cell.penalty else ""
    total = f"{cell.total} out" if cell.went_out else str(cell.total)
    return (
        f'<td class="{" ".join(classes)}" data-chair="{chair}" '
        f'data-kind="{escape(cell.kind or cell.state)}" data-points="{cell.points or 0}" '
        f'data-total="{cell.total}" title="{escape(cell.meaning)}">{rejoin}'
        f'<span class="rs-mark">{escape(cell.mark + penalty)}{_note_marks(cell.notes)}</span>'
        f'<span class="rs-total">{total}</span></td>'
    )


def _row_html(row: SheetRow) -> str:
    joker = f'<span class="rs-joker">{escape(row.joker or "no joker")}</span>'
    cells = "".join(_cell_html(chair, cell) for chair, cell in enumerate(row.cells, start=1))
    return (
        f'<tr data-deal="{row.hand}"><th class="rs-deal" scope="row" '
        f'title="deal {row.hand}, shuffled by {escape(row.dealer)}">{row.hand}'
        f"{_note_marks(row.notes)}{joker}</th>{cells}</tr>"
    )


def _note_html(note: SheetNote) -> str:
    who = f", {escape(note.player)}" if note.player else ""
    finding = note.finding
    return (
        f'<li value="{note.number}" data-code="{escape(finding.code)}">deal {note.hand}{who}: '
        f"<strong>{escape(finding.code)}</strong> ({escape(finding.severity)}): "
        f"{escape(finding.message)}</li>"
    )


LEGEND = (
    "W won (0) · D first drop · MD middle drop · A absent · AM left during play · "
    "WD wrong declaration · NS no show · a number: the count · under it the running total · "
    "↩ re-entered on · ⚑ a finding, listed below"
)


def sheet_html(sheet: RummySheet) -> str:
    """The sheet as a scrolling HTML table with a sticky header of names and a footer of totals,
    then its notes; every text from the file escaped. Cells name their player by chair number
    (``data-chair``): the page's sanitizer drops attributes that hold markup such as a hostile
    name."""
    names = "".join(
        f'<th scope="col" class="{"rs-name-out" if name in sheet.out else "rs-name"}" '
        f'data-chair="{chair}">{escape(name)}</th>'
        for chair, name in enumerate(sheet.players, start=1)
    )
    totals = "".join(
        f'<td data-chair="{chair}" data-total="{sheet.totals.get(name, 0)}">'
        f"{sheet.totals.get(name, 0)}</td>"
        for chair, name in enumerate(sheet.players, start=1)
    )
    body = "".join(_row_html(row) for row in sheet.rows)
    notes = "".join(_note_html(note) for note in sheet.notes)
    listed = f'<ol class="rs-notes">{notes}</ol>' if notes else ""
    return (
        f"<style>{SHEET_CSS}</style>"
        f'<div class="rs-wrap"><table class="rs-sheet">'
        f'<thead><tr><th class="rs-deal" scope="col">deal</th>{names}</tr></thead>'
        f"<tbody>{body}</tbody>"
        f'<tfoot><tr><th class="rs-deal" scope="row">total</th>{totals}</tr></tfoot>'
        f'</table></div><p class="rs-legend">{escape(LEGEND)}</p>{listed}'
    )
