"""Cards drawn in HTML and CSS: faces with coloured suits, backs for cards nobody saw, and the
heading over a seat's cards.

The trick games' ``Card`` and Rummy's ``RummyCard`` are drawn alike; Rummy's printed joker (no
suit) has a face of its own, and a card that is a joker in a Rummy deal can be marked ``wild``.
Every piece of text that comes from a file (names, comments) goes through ``escape`` so that it is
shown as the characters written, never interpreted as HTML.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from dashboard.views.fonts import FONT_STACK
from dashboard.views.text import escape
from recorder.cards import Card, Suit
from recorder.rummy.cards import RummyCard

#: A card of any game: the trick games' ``Card`` or Rummy's ``RummyCard`` (suit ``None``: the
#: printed joker).
AnyCard = Card | RummyCard

#: Four colours, so that suits stay apart at a glance on a small screen.
SUIT_COLOURS: dict[Suit, str] = {
    Suit.SPADES: "#1d2433",
    Suit.HEARTS: "#c62828",
    Suit.DIAMONDS: "#c2410c",
    Suit.CLUBS: "#15803d",
}

RANK_LABELS = {"T": "10"}

#: How the printed joker is said and drawn (it has no suit).
JOKER_LABEL = "Joker"
JOKER_COLOUR = "#6d28d9"


def card_label(card: AnyCard) -> str:
    """The card as people say it: ``10♥``, ``J♠``; Rummy's printed joker is ``Joker``."""
    if card.suit is None:
        return JOKER_LABEL
    return RANK_LABELS.get(card.rank, card.rank) + card.suit.symbol


def suit_html(suit: Suit) -> str:
    """A suit symbol in its colour."""
    return f'<span class="tp-suit" style="color:{SUIT_COLOURS[suit]}">{suit.symbol}</span>'


#: How a card behind a finding is flagged: its role, and the tooltip that says it.
FLAGS: dict[str, str] = {
    "finding": "the card of the finding",
    "proof": "the card that proves the finding",
}


def card_face(
    card: AnyCard,
    *,
    marked: bool = False,
    note: str | None = None,
    flag: str | None = None,
    wild: bool = False,
) -> str:
    """A face-up card; ``marked`` rings it (the winning card of a trick), ``note`` is a tooltip,
    ``flag`` (a key of ``FLAGS``) marks it as the card of a finding or its proof, ``wild`` marks
    it as a joker of the Rummy deal (a star in its corner)."""
    if card.suit is None:
        rank, pip, colour = "★", "JOKER", JOKER_COLOUR
    else:
        rank, pip = RANK_LABELS.get(card.rank, card.rank), card.suit.symbol
        colour = SUIT_COLOURS[card.suit]
    classes = "tp-card tp-face" + (" tp-marked" if marked else "")
    classes += " tp-printed-joker" if card.suit is None else ""
    text = note if note is not None else card_label(card)
    flagged = ""
    if flag is not None:
        classes += f" tp-flag-{flag}"
        text = f"{card_label(card)}: {FLAGS[flag]}"
        flagged = f' data-flag="{flag}"'
    if wild:
        classes += " tp-wild"
        flagged += ' data-wild="1"'
    title = escape(text)
    return (
        f'<span class="{classes}" data-card="{card.code}"{flagged} title="{title}" '
        f'style="color:{colour}">'
        f'<span class="tp-rank">{rank}</span><span class="tp-pip">{pip}</span></span>'
    )


def card_back(*, note: str = "a card not seen") -> str:
    """A face-down card."""
    return f'<span class="tp-card tp-back" title="{escape(note)}"></span>'


def card_row(
    cards: Iterable[Card], unknown: int = 0, flags: Mapping[Card, str] | None = None
) -> str:
    """A hand: the known cards face up (flagged as ``flags`` says), then ``unknown`` backs."""
    flags = flags or {}
    faces = "".join(card_face(card, flag=flags.get(card)) for card in cards)
    backs = "".join(card_back() for _ in range(unknown))
    return f'<span class="tp-cards">{faces}{backs}</span>'


def seat_heading(name: str, seat: str, after: str = "") -> str:
    """The line over a seat's cards on a drawn table: the player's name (escaped here), ``seat``
    (HTML: ``seat 3``, with its team at a trick game) and ``after`` (HTML: a badge, a verb). The
    pages' stylesheets style its classes (``tp-who``, ``tp-name``, ``tp-seatno``)."""
    return (
        f'<div class="tp-who"><span class="tp-name">{escape(name)}</span> '
        f'<span class="tp-seatno">{seat}</span>{after}</div>'
    )


CARD_CSS = (
    """
.tp-card{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;
  width:2.3em;height:3.2em;margin:0.1em;border-radius:0.3em;border:1px solid #9ca3af;
  background:#fff;font-weight:700;line-height:1;box-shadow:0 1px 2px rgba(0,0,0,.25);
  vertical-align:middle;font-family:"""
    + FONT_STACK
    + """}
.tp-card .tp-rank{font-size:1.05em}
.tp-card .tp-pip{font-size:1.15em}
.tp-back{background:repeating-linear-gradient(45deg,#1e3a8a 0 4px,#2563eb 4px 8px);
  border-color:#1e3a8a}
.tp-marked{outline:3px solid #f59e0b;outline-offset:1px}
.tp-flag-finding{outline:3px solid #dc2626;outline-offset:1px;background:#fee2e2}
.tp-flag-proof{outline:3px dashed #dc2626;outline-offset:1px;background:#fee2e2}
.tp-cards{display:inline-flex;flex-wrap:wrap;justify-content:center}
.tp-printed-joker .tp-pip{font-size:.5em;letter-spacing:.02em}
.tp-wild{position:relative;background:#fdf4ff}
.tp-wild::after{content:"★";position:absolute;top:-.15em;right:.05em;font-size:.6em;
  color:#a21caf}
"""
)
