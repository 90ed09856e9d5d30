"""A Rummy deal drawn in HTML and CSS: the table at one step (the cut joker, the open pile, each
seat's known cards) and the declared and shown hands laid out in their groups.

The cards are those of the trick games' table (``dashboard.views.cards``), the jokers of the deal
starred. Names and every other text from the file are escaped.
"""

from __future__ import annotations

from collections.abc import Sequence

from dashboard.views.cards import CARD_CSS, card_back, card_face, card_label, seat_heading
from dashboard.views.fonts import FONT_STACK
from dashboard.views.rummy.deal import KIND_LABELS, DealTable, LaidGroup, LaidHand, SeatCards
from dashboard.views.text import escape
from recorder.rummy.cards import RummyCard
from replay.rummy import Count, Wild

#: How many cards of the open pile are drawn below its top card (the rest are counted).
PILE_SHOWN = 8


def rummy_cards(cards: Sequence[RummyCard], wild: Wild, unknown: int = 0) -> str:
    """Cards face up, each joker of the deal starred, then ``unknown`` backs."""
    faces = "".join(
        card_face(card, wild=wild.is_joker(card), note=_note(card, wild)) for card in cards
    )
    backs = "".join(card_back() for _ in range(unknown))
    return f'<span class="tp-cards">{faces}{backs}</span>'


def _note(card: RummyCard, wild: Wild) -> str:
    if card.is_printed_joker:
        return "a printed joker"
    if wild.is_joker(card):
        return f"{card_label(card)}: a joker in this deal"
    return card_label(card)


def _seat_html(seat: SeatCards, wild: Wild) -> str:
    status = f'<span class="tp-badge">{escape(seat.status)}</span>' if seat.status else ""
    last = f'<div class="tp-hint">{escape(seat.last)}</div>' if seat.last else ""
    heading = seat_heading(seat.name, f"seat {seat.seat}", f" {status}")
    return (
        f'<div class="tp-rseat" data-seat="{seat.seat}">'
        f"{heading}"
        f"{rummy_cards(seat.cards, wild, seat.unknown)}{last}</div>"
    )


def _pile_html(pile: Sequence[RummyCard], wild: Wild) -> str:
    if not pile:
        return '<div class="tp-box tp-pile"><b>Open pile</b><div>empty</div></div>'
    below = list(reversed(pile[:-1]))
    shown = rummy_cards(below[:PILE_SHOWN], wild)
    more = len(below) - PILE_SHOWN
    extra = f'<div class="tp-hint">and {more} more below</div>' if more > 0 else ""
    under = f'<div class="tp-hint">below, newest first:</div>{shown}{extra}' if below else ""
    return (
        f'<div class="tp-box tp-pile" data-pile="{" ".join(card.code for card in pile)}">'
        f"<b>Open pile</b> ({len(pile)})<div>top: {rummy_cards(pile[-1:], wild)}</div>"
        f"{under}</div>"
    )


def _joker_html(joker: RummyCard | None) -> str:
    if joker is None:
        said = "not recorded: printed jokers only"
        return f'<div class="tp-box tp-joker"><b>The cut joker</b><div>{said}</div></div>'
    if joker.is_printed_joker:
        said = "a printed joker: aces are jokers too"
    else:
        said = f"every {card_label(joker)[:-1]} is a joker"
    return (
        f'<div class="tp-box tp-joker" data-joker="{joker.code}"><b>The cut joker</b> '
        f"{card_face(joker, wild=True)}<div>{escape(said)}</div></div>"
    )


def deal_table_html(table: DealTable, *, seats: bool = True) -> str:
    """The deal at one step as one HTML fragment (with its CSS) for ``st.html``: the headline,
    the cut joker, the open pile and (``seats``) each seat's cards as the viewer may see them."""
    seat_rows = "".join(_seat_html(seat, table.wild) for seat in table.seats) if seats else ""
    pile = _pile_html(table.pile, table.wild) if seats else ""
    return (
        f"<style>{CARD_CSS}{RUMMY_CSS}</style>"
        f'<div class="tp-wrap tp-rummy" data-viewer="{escape(table.viewer)}">'
        f'<div class="tp-headline">{escape(table.headline)}</div>'
        f'<div class="tp-rbody"><div class="tp-rseats">{seat_rows}</div>'
        f'<div class="tp-info">{_joker_html(table.joker)}{pile}</div></div></div>'
    )


def _group_html(group: LaidGroup, wild: Wild, counting: bool) -> str:
    counted = ""
    if counting:
        counted = f" · {group.points} counted" if group.counted else " · left out"
    return (
        f'<div class="tp-group tp-kind-{group.kind}" data-kind="{group.kind}">'
        f"{rummy_cards(group.cards, wild)}"
        f'<div class="tp-glabel">{escape(group.label)}{escape(counted)}</div></div>'
    )


def _lowest_html(lowest: Count | None) -> str:
    if lowest is None:
        return ""
    parts = "; ".join(
        " ".join(card_label(card) for card in cards) + f" {KIND_LABELS[kind]}"
        for cards, kind in zip(lowest.groups, lowest.kinds, strict=True)
    )
    return (
        f'<div class="tp-lowest" data-lowest="{lowest.points}">Lowest count these cards allow: '
        f"<b>{lowest.points}</b> ({escape(parts)})</div>"
    )


def _laid_html(hand: LaidHand, wild: Wild) -> str:
    counting = hand.line == "show"
    groups = "".join(_group_html(group, wild, counting) for group in hand.groups)
    if hand.face_down is not None:
        face = rummy_cards([hand.face_down], wild)
        groups += (
            f'<div class="tp-group tp-facedown">{face}<div class="tp-glabel">face down</div></div>'
        )
    how = "as grouped by the player" if hand.grouped else "written without groups: judged at best"
    scored = f" · <b>{hand.points}</b> points" if hand.points is not None else ""
    entered = f" · the table entered {hand.entered}" if hand.entered is not None else ""
    counted = f'<div class="tp-how">{escape(hand.how)}</div>' if hand.how else ""
    verb = "declares" if hand.line == "declare" else "shows"
    heading = seat_heading(
        hand.name, f"seat {hand.seat}", f' {verb} <span class="tp-hint">({escape(how)})</span>'
    )
    return (
        f'<div class="tp-laid" data-seat="{hand.seat}" data-line="{hand.line}">'
        f"{heading}"
        f'<div class="tp-verdict">{escape(hand.verdict)}{scored}{escape(entered)}</div>'
        f'<div class="tp-groups">{groups}</div>{counted}{_lowest_html(hand.lowest)}</div>'
    )


def laid_hands_html(hands: Sequence[LaidHand], wild: Wild) -> str:
    """The declared and shown hands of a deal, each in its groups with its verdict and count."""
    if not hands:
        return ""
    body = "".join(_laid_html(hand, wild) for hand in hands)
    return f'<style>{CARD_CSS}{RUMMY_CSS}</style><div class="tp-laidout">{body}</div>'


RUMMY_CSS = (
    """
.tp-wrap,.tp-laidout{font-family:"""
    + FONT_STACK
    + """;color:#111827;
  font-size:15px}
.tp-headline{font-weight:600;margin:0 0 .4em 0;min-height:1.3em}
.tp-rbody{display:grid;grid-template-columns:minmax(0,1fr);gap:.5em}
.tp-rseats{display:grid;grid-template-columns:repeat(auto-fill,minmax(22em,1fr));gap:.4em;
  background:radial-gradient(ellipse at center,#1f7a4d 0%,#14532d 100%);border-radius:1em;
  padding:.5em}
.tp-rseats:empty{display:none}
.tp-rseat{background:rgba(255,255,255,.94);border-radius:.6em;padding:.3em .4em;min-width:0}
.tp-who{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.tp-name{font-weight:700}.tp-seatno{font-size:.8em;color:#4b5563}
.tp-badge{display:inline-block;font-size:.72em;background:#fef3c7;color:#78350f;border-radius:.6em;
  padding:0 .45em}
.tp-hint{font-size:.8em;color:#4b5563}
.tp-info{display:flex;flex-wrap:wrap;gap:.5em;align-content:flex-start}
.tp-box{flex:1 1 12em;background:#f3f4f6;border-radius:.6em;padding:.4em .6em;min-width:0}
@media (min-width:1000px){.tp-rbody{grid-template-columns:minmax(0,1fr) 17em}
  .tp-info{flex-direction:column;flex-wrap:nowrap}.tp-box{flex:0 0 auto}}
.tp-rseats .tp-cards,.tp-pile .tp-cards{justify-content:flex-start}
.tp-laid{background:#f9fafb;border:1px solid #e5e7eb;border-radius:.6em;padding:.4em .6em;
  margin:0 0 .5em 0}
.tp-verdict{font-size:.9em;margin:.1em 0 .2em 0}
.tp-groups{display:flex;flex-wrap:wrap;gap:.4em}
.tp-group{background:#fff;border:1px solid #d1d5db;border-radius:.5em;padding:.15em .25em;
  text-align:center}
.tp-kind-pure,.tp-kind-thennaali{border-color:#15803d}.tp-kind-impure{border-color:#2563eb}
.tp-kind-set{border-color:#b45309}.tp-kind-none{border-color:#dc2626;border-style:dashed}
.tp-facedown{border-style:dotted}
.tp-glabel{font-size:.75em;color:#374151}
.tp-how,.tp-lowest{font-size:.82em;color:#374151;margin-top:.2em}
@media (max-width:600px){.tp-wrap,.tp-laidout{font-size:12px}
  .tp-rseats{grid-template-columns:minmax(0,1fr)}.tp-info{order:-1}}
"""
)
