"""Plain-text renderings of a Rummy game for the terminal: the score sheet, a deal (turn by turn
where the turns are recorded, from one seat's view when asked) and the analysis of shown hands.

Pure functions from the engine's results to text, like ``terminal.py`` for the trick games.
"""

from __future__ import annotations

from typing import Any

from dashboard.views.rummy.words import OUTCOME_MARKS
from recorder.model import Hand, Record
from recorder.rummy.model import Outcome as OutcomeLine
from recorder.rummy.model import RummyBody, RummyTurn
from recorder.tgn.rummy.writer import groups_text
from replay.findings import Finding
from replay.rummy import RummyDeal, RummyGame
from replay.rummy.turns import TurnStep

#: Short words of the score sheet for each outcome kind (a count is written as its number).
_SHEET_WORDS = {kind: mark.word for kind, mark in OUTCOME_MARKS.items() if mark.word}


def _cells(rows: list[list[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(cell.rjust(width) if i else cell.ljust(width) for i, (cell, width) in
                  enumerate(zip(row, widths, strict=True))).rstrip()
        for row in rows
    ]  # fmt: skip


def _sheet_cell(deal: RummyDeal, name: str) -> str:
    outcome = deal.outcomes.get(name)
    if outcome is None:
        return "out" if name in deal.out else "-"
    word = _SHEET_WORDS.get(outcome.kind)
    points = str(outcome.points)
    return f"{points} {word}" if word and outcome.kind != "winner" else (word or points)


def render_rummy_score(record: Record, game: RummyGame) -> str:
    """The score sheet: each deal's points per player and the running totals, then the order."""
    names = record.players
    rows = [["deal", "joker", *names]]
    for deal in game.deals:
        if deal.void:
            rows.append([str(deal.hand), deal.joker or "-", *("void" for _ in names)])
            continue
        rows.append([str(deal.hand), deal.joker or "-", *(_sheet_cell(deal, n) for n in names)])
        totals = [f"{deal.totals[name]}{' out' if name in deal.out else ''}" for name in names]
        rejoined = f" ({', '.join(deal.rejoined)} re-entered)" if deal.rejoined else ""
        rows.append([f"  total{rejoined}", "", *totals])
    title = f"Rummy: {', '.join(names)}"
    winner = f"winner: {game.winner}" if game.winner else "unfinished: more than one player in"
    standing = "standing: " + ", ".join(
        f"{place}. {name}" for place, name in enumerate(game.standing, start=1)
    )
    rejoins = ", ".join(f"{name} {count}" for name, count in game.rejoins.items() if count)
    extra = [f"re-entries: {rejoins}"] if rejoins else []
    return "\n".join([title, "", *_cells(rows), "", winner, standing, *extra])


def _outcome_line(record: Record, line: OutcomeLine, seat: int | None) -> str:
    """An outcome line as the table saw it: the face-down card only for its owner (or all)."""
    who = f"{record.player(line.seat)} (seat {line.seat})"
    if line.kind in ("declare", "show"):
        cards = groups_text(line.groups, line.grouped)
        sees = seat is None or seat == line.seat
        face_down = f" / {line.face_down.code if sees else 'face down'}" if line.face_down else ""
        entered = f" = {line.entered}" if line.entered is not None else ""
        return f"  {who} {line.kind}s {cards}{face_down}{entered}"
    if line.kind == "count":
        return f"  {who}: count {line.entered} entered"
    return f"  {who}: {line.kind}{' middle' if line.middle else ''}"


def _turn_text(record: Record, turn: RummyTurn, seat: int | None) -> str:
    who = record.player(turn.seat)
    if turn.end == "drop":
        return f"{who} drops"
    mine = seat is None or seat == turn.seat
    if turn.source == "closed":
        drew = f"draws {turn.drawn.code} from the deck" if turn.drawn and mine else "draws"
    else:
        drew = f"takes {turn.drawn.code if turn.drawn else '?'}"
    if turn.end == "declare" or turn.discard is None:
        return f"{who} {drew} and declares"
    return f"{who} {drew}, discards {turn.discard.code}"


def _step_text(record: Record, step: TurnStep, seat: int | None) -> str:
    text = "  " + _turn_text(record, step.turn, seat)
    pile = step.pile[-1].code if step.pile else "empty"
    text += f"  [pile {pile}]"
    if seat is not None and seat in step.held:
        unseen = step.unseen.get(seat, 0)
        cards = " ".join(card.code for card in step.held[seat])
        text += f"  hand {cards}" + (f" +{unseen} unseen" if unseen else "")
    if seat is None and step.findings:
        text += "  <- " + ", ".join(step.findings)
    return text


def render_rummy_deal(
    record: Record,
    hand: Hand,
    deal: RummyDeal,
    steps: list[TurnStep],
    findings: list[Finding],
    seat: int | None = None,
) -> str:
    """One deal: joker, hands, turns, outcomes and totals; ``seat`` sees only what it could."""
    body = hand.rummy or RummyBody()
    lines = [
        f"Deal {deal.hand} — rummy, shuffler {record.player(deal.dealer)} (seat {deal.dealer})"
    ]
    if deal.rejoined:
        lines.append(f"re-entered before it: {', '.join(deal.rejoined)}")
    lines.append(f"joker: {deal.joker or 'none recorded'}")
    if body.open is not None:
        lines.append(f"open card: {body.open.card.code}")
    for dealt in body.deals:
        if seat is None or dealt.seat == seat:
            cards = " ".join(card.code for card in dealt.cards)
            lines.append(f"dealt {record.player(dealt.seat)} (seat {dealt.seat}): {cards}")
    if steps:
        lines.append("turns:")
        lines += [_step_text(record, step, seat) for step in steps]
    lines.append("outcome lines:")
    lines += [_outcome_line(record, line, seat) for line in body.outcomes]
    if body.redeal is not None:
        lines.append(f"  redeal {body.redeal.reason}: no points")
    lines.append("result:")
    for name, outcome in deal.outcomes.items():
        lines.append(f"  {name}: {outcome.kind} {outcome.points}, total {deal.totals[name]}")
    if deal.out:
        lines.append(f"out of the game: {', '.join(deal.out)}")
    if seat is None:
        lines += [f"  {f.severity} {f.code}: {f.message}" for f in findings]
    return "\n".join(lines)


def render_rummy_analysis(record: Record, analysis: dict[str, Any]) -> str:
    """For each shown or declared hand: the lowest count, its grouping, a declaration possible."""
    lines: list[str] = []
    for hand in analysis.get("hands", []):
        lines.append(f"Deal {hand['hand']} (joker {hand['joker'] or 'none'})")
        for entry in hand["seats"]:
            who = f"{entry['player']} (seat {entry['seat']}, {entry['line']})"
            grouping = " | ".join(" ".join(group) for group in entry["grouping"])
            possible = (
                "a valid declaration was possible"
                if entry["valid_declaration"]
                else ("no valid declaration possible")
            )
            lines.append(f"  {who}: lowest count {entry['lowest_count']}: {grouping}; {possible}")
    return "\n".join(lines) if lines else "no shown hands"
