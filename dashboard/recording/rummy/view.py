"""What the Rummy Record page shows of a position, as HTML and words: the status line, the table's
running totals with who is out or in compel state, each seat's entry in the open deal, cards and
a pick laid out in its groups. Pure, so it is tested without a browser; every name from the
record goes through ``escape``.
"""

from __future__ import annotations

from dashboard.recording.rummy.pick import Pick, PickVerdict
from dashboard.recording.rummy.position import RummyPosition, SeatStanding
from dashboard.views.cards import card_face
from dashboard.views.rummy.deal import KIND_LABELS
from dashboard.views.rummy.words import OUTCOME_MARKS
from dashboard.views.text import escape
from recorder.rummy.cards import RummyCard
from replay.rummy import Outcome, Wild

STANDING_WORDS = {"in": "in", "compel": "compel", "out": "out"}

RUMMY_CSS = """
.rmy-status{font-size:1.15rem;font-weight:600;margin:0.2rem 0}
.rmy-table{border-collapse:collapse;width:100%;max-width:40rem;font-size:0.95rem}
.rmy-table th,.rmy-table td{padding:0.2rem 0.4rem;border-bottom:1px solid #e5e7eb;text-align:left}
.rmy-table td.rmy-total{text-align:right;font-weight:700;font-variant-numeric:tabular-nums}
.rmy-table tr.rmy-out td{color:#9ca3af}
.rmy-table tr.rmy-out td.rmy-name{text-decoration:line-through}
.rmy-table tr.rmy-to-enter td{background:#fef9c3}
.rmy-badge{border-radius:0.6rem;padding:0 0.45rem;font-size:0.8rem;font-weight:600}
.rmy-badge-out{background:#e5e7eb;color:#374151}
.rmy-badge-compel{background:#fee2e2;color:#991b1b}
.rmy-badge-in{background:#dcfce7;color:#166534}
.rmy-group{display:inline-flex;flex-direction:column;align-items:center;margin:0 0.4rem 0.3rem 0;
  padding:0.15rem;border:1px dashed #cbd5e1;border-radius:0.4rem;vertical-align:top}
.rmy-group-kind{font-size:0.75rem;color:#475569}
.rmy-verdict-ok{color:#166534;font-weight:600}
.rmy-verdict-bad{color:#991b1b;font-weight:600}
[class*="st-key-rmy-grid"] button, [class*="st-key-rmy-joker-grid"] button{
  min-height:2.6rem;min-width:2.6rem;font-size:1rem;padding:0.1rem 0.3rem}
[class*="st-key-rmy-grid"] button:disabled{
  opacity:0.35;background:#e5e7eb;text-decoration:line-through}
[class*="st-key-rmy-taps"] button{min-height:2.75rem}
@media (max-width: 640px){
  [class*="st-key-rmy-grid"] [data-testid="stHorizontalBlock"],
  [class*="st-key-rmy-joker-grid"] [data-testid="stHorizontalBlock"]{
    flex-wrap:nowrap !important;gap:0.1rem}
  [class*="st-key-rmy-grid"] [data-testid="stHorizontalBlock"] > div,
  [class*="st-key-rmy-joker-grid"] [data-testid="stHorizontalBlock"] > div{
    flex:1 1 0 !important;min-width:0 !important;width:auto !important}
  [class*="st-key-rmy-grid"] button, [class*="st-key-rmy-joker-grid"] button{
    min-width:0;width:100%;padding:0;min-height:2.4rem}
  [class*="st-key-rmy-grid"] button p, [class*="st-key-rmy-joker-grid"] button p{
    font-size:0.8rem}
}
"""


def rummy_card_html(card: RummyCard, wild: Wild | None = None) -> str:
    """A face-up card drawn like every card of the dashboard; a joker of the deal is marked."""
    return card_face(card, wild=wild is not None and wild.is_joker(card))


def outcome_words(outcome: Outcome | None, standing: SeatStanding) -> str:
    """A seat's entry in the open deal, in the words of ``OUTCOME_MARKS``: ``drop 25``, ``count
    28``, ``won 0``; ``—`` while
    none, ``winner (named)`` for a winner the scorer named before the others were entered."""
    if outcome is not None:
        mark = OUTCOME_MARKS.get(outcome.kind)
        return f"{mark.word if mark and mark.word else outcome.kind} {outcome.points}"
    if standing.named_winner:
        return "winner (named)"
    return "—" if standing.playing else ""


def status_text(position: RummyPosition) -> str:
    """One line saying where the recording is and what comes next."""
    deal = f"Deal {position.deal_number}"
    if position.phase == "ended":
        return f"{deal}: {position.game.winner} won the table"
    if position.phase == "joker":
        return f"{deal}, dealt by {position.seat_name(position.dealer)}: the cut joker"
    if position.phase == "complete":
        return f"{deal} is complete"
    return f"{deal}: {position.seat_name(position.to_enter)} to enter"


def status_html(position: RummyPosition, events: int) -> str:
    """The status line, with the event count, phase, deal and the chair to enter as data
    attributes (which a test or a script can wait on)."""
    return (
        f'<div class="rec-status rmy-status" data-events="{events}" '
        f'data-phase="{position.phase}" data-deal="{position.deal_number}" '
        f'data-seat="{position.to_enter or 0}">{escape(status_text(position))}</div>'
    )


def standings_html(position: RummyPosition) -> str:
    """The table: each chair's player, running total, in / compel / out, and this deal's entry."""
    to_enter = position.to_enter if position.phase == "outcomes" else None
    rows = []
    for standing in position.seats:
        classes = [f"rmy-{standing.standing}"]
        if standing.seat == to_enter:
            classes.append("rmy-to-enter")
        badge = (
            f'<span class="rmy-badge rmy-badge-{standing.standing}">'
            f"{STANDING_WORDS[standing.standing]}</span>"
        )
        rejoins = f" ↺{standing.rejoins}" if standing.rejoins else ""
        rows.append(
            f'<tr class="{" ".join(classes)}" data-seat="{standing.seat}">'
            f"<td>{standing.seat}</td>"
            f'<td class="rmy-name">{escape(standing.name)}</td>'
            f'<td class="rmy-total">{standing.total}</td>'
            f"<td>{badge}{rejoins}</td>"
            f'<td class="rmy-entry">{escape(outcome_words(standing.outcome, standing))}</td></tr>'
        )
    head = (
        "<tr><th>#</th><th>Player</th><th>Total</th><th>State</th>"
        f"<th>Deal {position.deal_number}</th></tr>"
    )
    return f'<table class="rmy-table"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'


def pick_html(pick: Pick, verdict: PickVerdict, wild: Wild) -> str:
    """The picked cards in their groups, each labelled with its kind, and the verdict."""
    parts = []
    kinds = iter(verdict.kinds)
    for group in pick.groups:
        cards = "".join(rummy_card_html(card, wild) for card in group)
        kind = KIND_LABELS[next(kinds)] if group else "new group"
        parts.append(
            f'<span class="rmy-group"><span class="tp-cards">{cards}</span>'
            f'<span class="rmy-group-kind">{escape(kind)}</span></span>'
        )
    if pick.face_down is not None:
        parts.append(
            '<span class="rmy-group"><span class="tp-cards">'
            f"{rummy_card_html(pick.face_down, wild)}</span>"
            '<span class="rmy-group-kind">face down</span></span>'
        )
    count = len(pick.cards)
    verdict_text, good = verdict_words(pick, verdict)
    css = "rmy-verdict-ok" if good else "rmy-verdict-bad"
    return (
        f'<div class="rmy-pick" data-cards="{count}" data-groups="{len(pick.filled)}">'
        f"<div>{''.join(parts)}</div>"
        f'<div class="rmy-verdict {css}">{escape(verdict_text)}</div></div>'
    )


def verdict_words(pick: Pick, verdict: PickVerdict) -> tuple[str, bool]:
    """The verdict in words, and whether it is good news for the seat."""
    if pick.kind == "show":
        return f"{len(pick.cards)} cards: {verdict.points} points", True
    if verdict.valid:
        return "a valid declaration", True
    return verdict.problem or "", False
