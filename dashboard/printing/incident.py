"""A referee's incident report for one hand: an HTML page to print and hand over.

For every finding of the hand it gives the finding in words, the rule quoted from RULES.md, the
player and his team, the outcome of the hand and what the finding changed in the score; above
them the cards of every trick up to the last proof, drawn as cards, with the card of each finding
and the cards that prove it marked. The page has no controls; its print stylesheet keeps the
colours of the cards and puts each hand on a page of its own. Pure: the rule quotes and the score
line are given to it (``dashboard.printing.rules_text``, ``replay.tricks.scoring``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from dashboard.printing.rules_text import RuleQuote
from dashboard.views.cards import CARD_CSS, card_back, card_face
from dashboard.views.fonts import FONT_STACK, embedded_faces
from dashboard.views.text import escape
from dashboard.views.tricks.moment import findings_by_step, violation_effect
from dashboard.views.tricks.sight import card_played, card_symbols, named_cards
from dashboard.views.tricks.undertakings import result_line
from recorder.cards import Card
from recorder.model import Record
from replay.findings import CATALOGUE, Finding
from replay.tricks import HandReplay
from replay.tricks.scoring import ScoreLine

REPORT_CSS = (
    f"body{{font-family:{FONT_STACK};line-height:1.2;text-rendering:geometricPrecision;"
    "color:#111827;margin:1.5rem}"
    """
.ir-hand{max-width:60rem;margin:0 auto 2rem}
.ir-hand h1{font-size:1.3rem;margin:0 0 .3rem}
.ir-meta{margin:.15rem 0;font-size:.9rem}
.ir-tricks{border-collapse:collapse;margin:.5rem 0;font-size:.8rem}
.ir-tricks td,.ir-tricks th{border:1px solid #d1d5db;padding:.15rem .35rem;vertical-align:middle}
.ir-play{display:inline-flex;flex-direction:column;align-items:center;margin:0 .1rem}
.ir-play .tp-card{font-size:.8rem}
.ir-finding{border-left:4px solid #dc2626;padding:.2rem .6rem;margin:.6rem 0;
  break-inside:avoid}
.ir-finding h2{font-size:1rem;margin:.1rem 0}
.ir-finding p{margin:.2rem 0;font-size:.9rem}
.ir-rule{margin:.3rem 0;padding:.3rem .6rem;background:#f3f4f6;font-size:.85rem}
.ir-key{font-size:.8rem;color:#374151}
*{-webkit-print-color-adjust:exact;print-color-adjust:exact}
@page{size:A4;margin:12mm}
@media print{body{margin:0}.ir-hand{break-after:page;margin:0;max-width:none}}
"""
)


def _who(record: Record, seat: int | None) -> str:
    if seat is None:
        return "no single player"
    team = record.teams[(seat + 1) % 2] if len(record.teams) >= 2 else ""
    return f"{record.player(seat)} (seat {seat}{', ' + team if team else ''})"


def _played_in(hand: HandReplay) -> dict[Card, int]:
    return {
        play.card: trick.number
        for trick in hand.tricks
        for play in trick.plays
        if play.card is not None
    }


def _fault_card(hand: HandReplay, step: int) -> Card | None:
    """The card of the turn a finding arose in: the card played, or after an action (a ``kot``,
    an ``ask``) the card the same player then played in that trick."""
    steps = hand.steps or []
    event = steps[step].event
    if event.kind == "action":
        event = next(
            (
                later.event
                for later in steps[step:]
                if later.event.kind == "card"
                and later.event.seat == event.seat
                and later.event.trick == event.trick
            ),
            event,
        )
    return card_played(event)


def proof_trick(hand: HandReplay, finding: Finding) -> int:
    """The last trick the report draws for a finding: the one holding its last proving card (or
    the trick of the finding itself); 0 for a finding of the deal or the calling."""
    played = _played_in(hand)
    tricks = [played[card] for card in named_cards(finding) if card in played]
    return max([finding.trick or 0, *tricks])


def _tricks_html(
    record: Record, hand: HandReplay, upto: int, flags: Mapping[tuple[int, Card], str]
) -> str:
    if upto <= 0:
        return ""
    rows = []
    for trick in hand.tricks[:upto]:
        cells = "".join(
            '<span class="ir-play">'
            + (
                card_face(play.card, flag=flags.get((trick.number, play.card)))
                if play.card is not None
                else card_back()
            )
            + f"<span>{escape(record.player(play.seat))}</span></span>"
            for play in trick.plays
        )
        winner = record.player(trick.winner) if trick.winner else "?"
        points = "?" if trick.points is None else str(trick.points)
        rows.append(
            f"<tr><th>{trick.number}</th><td>{cells}</td>"
            f"<td>{escape(winner)}</td><td>{points}</td></tr>"
        )
    head = "<tr><th>Trick</th><th>Cards in the order played</th><th>Won by</th><th>Points</th></tr>"
    return f'<table class="ir-tricks">{head}{"".join(rows)}</table>'


def _finding_html(
    record: Record,
    finding: Finding,
    quote: RuleQuote | None,
    line: ScoreLine | None,
    quoted_before: bool,
) -> str:
    rule = CATALOGUE[finding.code]
    if quoted_before:
        quoted = f'<p class="ir-rule">The rule of {escape(finding.code)} is quoted above.</p>'
    elif quote is not None:
        quoted = (
            f'<blockquote class="ir-rule"><b>The rule</b> (RULES.md, {escape(quote.section)}): '
            f"{escape(quote.text)}</blockquote>"
        )
    else:
        quoted = '<p class="ir-rule">RULES.md states no rule for it beyond its catalogue.</p>'

    effect = (
        violation_effect(finding, line)
        if line is not None and finding.kind == "violation" and finding.seat is not None
        else "It is a finding of the record, not of the play: the score does not count it."
    )
    where = f"trick {finding.trick}" if finding.trick else "the deal and the calling"
    return (
        f'<section class="ir-finding" data-code="{escape(finding.code)}">'
        f"<h2>{escape(finding.severity)} · {escape(finding.code)}: {escape(rule.summary)}</h2>"
        f"<p><b>Finding</b> ({escape(where)}): {escape(card_symbols(finding))}</p>"
        f"<p><b>Player</b>: {escape(_who(record, finding.seat))}</p>"
        f"{quoted}"
        f"<p><b>What it changed in the score</b>: {escape(effect)}</p>"
        "</section>"
    )


def _outcome(record: Record, hand: HandReplay, line: ScoreLine | None) -> str:
    result = hand.result
    text = result_line(result, line, lambda seat: _who(record, seat))
    if line is not None and line.notes:
        text += ". Score: " + "; ".join(line.notes)
    return text


def _title(record: Record, hand: HandReplay) -> str:
    event = record.tag("Event")
    date = record.tag("Date")
    parts = [event.value if event else "", date.value if date else ""]
    where = " · ".join(part for part in parts if part)
    title = f"Incident report: hand {hand.number}, a game of {record.game}"
    return title + (f", {where}" if where else "")


def hand_report(
    record: Record,
    hand: HandReplay,
    line: ScoreLine | None,
    quotes: Mapping[str, RuleQuote | None],
    findings: Sequence[Finding] | None = None,
) -> str:
    """One hand's report as an ``<article>``: the table, the calling, the tricks up to the last
    proof with the finding's card (solid ring) and the proving cards (dashed ring) marked, and
    each finding (all of the hand's by default) with its rule, player, outcome and effect."""
    chosen = list(hand.findings if findings is None else findings)
    steps: dict[Finding, int] = {}
    for at in findings_by_step(hand):
        steps.setdefault(at.finding, at.step)
    played = _played_in(hand)
    flags: dict[tuple[int, Card], str] = {}
    for finding in chosen:
        for card in named_cards(finding):
            if card in played:
                flags.setdefault((played[card], card), "proof")
        step = steps.get(finding)
        fault = _fault_card(hand, step) if step is not None else None
        if fault is not None and fault in played:
            flags[(played[fault], fault)] = "finding"
    upto = max((proof_trick(hand, finding) for finding in chosen), default=0)
    seats = ", ".join(_who(record, seat) for seat in range(1, len(record.players) + 1))
    result = hand.result
    called = (
        f"{record.player(result.caller)} called {result.call.token}"
        if result.caller is not None and result.call is not None
        else "no call stood"
    )
    calls = " ".join(f"{record.player(b.seat)} {b.call.token}" for b in hand.hand.bids)
    trump = hand.hand.trump
    face_down = ""
    if trump is not None and trump.card is not None:
        face_down = f"; face-down card {card_face(trump.card)}"
    body = (
        "".join(
            _finding_html(
                record, f, quotes.get(f.code), line, f.code in {g.code for g in chosen[:n]}
            )
            for n, f in enumerate(chosen)
        )
        or '<p class="ir-meta">No finding in this hand: nothing to report against the rules.</p>'
    )

    return (
        f'<article class="ir-hand" data-hand="{hand.number}">'
        f"<h1>{escape(_title(record, hand))}</h1>"
        f'<p class="ir-meta"><b>Players</b>: {escape(seats)}</p>'
        f'<p class="ir-meta"><b>Dealer</b>: {escape(_who(record, hand.dealer))}. '
        f"<b>Calling</b>: {escape(calls) or 'not recorded'}; {escape(called)}{face_down}</p>"
        f"{_tricks_html(record, hand, upto, flags)}"
        '<p class="ir-key">Solid red ring: the card of the finding. Dashed red ring: a card that '
        "proves it.</p>"
        f'<p class="ir-meta"><b>Outcome</b>: {escape(_outcome(record, hand, line))}</p>'
        f"{body}</article>"
    )


def report_page(record: Record, articles: Sequence[str]) -> str:
    """A whole HTML document of hand reports, one printed page each."""
    event = record.tag("Event")
    title = escape(event.value if event is not None and event.value else "Thuruppu")
    body = "".join(articles)
    faces = embedded_faces(CARD_CSS + title + body)
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>Incident report · {title}</title>"
        f"<style>{faces}{CARD_CSS}{REPORT_CSS}</style></head><body>"
        f"{body}</body></html>"
    )
