"""The card table of the Replay page, drawn in HTML and CSS from a ``TableView``.

Seats sit around the table in playing order, anticlockwise as seen from above: the chosen seat at
the bottom, the next one to its right, and so on. The current trick lies in the middle, each card in
front of the player who played it. Names come from the file and are always escaped.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from dashboard.views.cards import (
    CARD_CSS,
    FLAGS,
    card_back,
    card_face,
    card_row,
    seat_heading,
    suit_html,
)
from dashboard.views.fonts import FONT_STACK
from dashboard.views.text import escape, named_trump_label
from recorder.cards import Card, Suit

#: Where seats sit, from the bottom seat on in playing order, by the number of players.
PLACES: dict[int, tuple[str, ...]] = {
    4: ("b", "r", "t", "l"),
    6: ("b", "br", "tr", "t", "tl", "bl"),
}

#: The CSS grid of the whole table and of the trick in its middle, by the number of players.
TABLE_AREAS: dict[int, str] = {
    4: '". t ." "l mid r" ". b ."',
    6: '"tl t tr" "mid mid mid" "bl b br"',
}
TRICK_AREAS: dict[int, str] = {
    4: '". t ." "l . r" ". b ."',
    6: '"tl t tr" "bl b br"',
}


def _layout_css() -> str:
    """One class per table size, holding its grid areas (quotes cannot go in a style attribute)."""
    return "".join(
        f".tp-seats{count} .tp-table{{grid-template-areas:{TABLE_AREAS[count]}}}"
        f".tp-seats{count} .tp-trick{{grid-template-areas:{TRICK_AREAS[count]}}}"
        for count in PLACES
    )


TEAM_CLASSES = ("tp-team1", "tp-team2")


@dataclass(frozen=True)
class SeatView:
    """One seat at one moment, as far as the viewer can see it."""

    seat: int
    name: str
    team: str
    cards: tuple[Card, ...]
    """The cards this seat is known to hold, face up."""
    unknown: int
    """How many more cards it holds that the viewer cannot see (drawn as backs)."""
    played: Card | None = None
    """Its card in the current trick."""
    played_note: str = ""
    badges: tuple[str, ...] = ()
    to_play: bool = False
    won_trick: bool = False

    @property
    def team_index(self) -> int:
        """0 for the odd seats, 1 for the even seats."""
        return 0 if self.seat % 2 else 1


@dataclass(frozen=True)
class TrumpView:
    """The face-down trump: a back until it is revealed, then turned up with who revealed it."""

    caller: str
    card: Card | None
    """The face-down card, when the viewer knows it."""
    suit: Suit | None
    """The trump suit, when the viewer knows it."""
    revealed: bool
    revealed_by: str | None = None
    revealed_in: int | None = None
    how: str = ""
    named: bool = False
    """29 ``trump ?H``: the caller named the suit (online play); no card lies face down."""


@dataclass(frozen=True)
class TeamScore:
    """A team's card points and tricks so far in the hand."""

    team: str
    points: int
    tricks: int


@dataclass(frozen=True)
class TableView:
    """The whole table at one moment of a hand, seen by one seat or by everyone."""

    seats: tuple[SeatView, ...]
    bottom: int
    trick: int | None
    trump: TrumpView | None
    calling: tuple[tuple[str, str], ...]
    """(player, call) in the order spoken."""
    teams: tuple[TeamScore, ...]
    headline: str = ""
    viewer: str = "everyone"


def placed(seats: tuple[SeatView, ...], bottom: int) -> list[tuple[str, SeatView]]:
    """Each seat with its place at the table, the ``bottom`` seat first."""
    places = PLACES[len(seats)]
    start = next(index for index, view in enumerate(seats) if view.seat == bottom)
    ordered = seats[start:] + seats[:start]
    return list(zip(places, ordered, strict=True))


Flags = Mapping[Card, str]
"""Cards to flag on the table: the card of a finding (``finding``) and its proof (``proof``)."""


def _seat_html(place: str, view: SeatView, flags: Flags) -> str:
    classes = ["tp-seat", TEAM_CLASSES[view.team_index]]
    if view.to_play:
        classes.append("tp-to-play")
    badges = "".join(f'<span class="tp-badge">{escape(badge)}</span>' for badge in view.badges)
    heading = seat_heading(view.name, f"seat {view.seat} · {escape(view.team)}")
    return (
        f'<div class="{" ".join(classes)}" style="grid-area:{place}" data-seat="{view.seat}">'
        f"{heading}"
        f'<div class="tp-badges">{badges}</div>'
        f"{card_row(view.cards, view.unknown, flags)}</div>"
    )


def _played_html(place: str, view: SeatView, flags: Flags) -> str:
    if view.played is None:
        return f'<div class="tp-play" style="grid-area:{place}"></div>'
    note = f'<span class="tp-note">{escape(view.played_note)}</span>' if view.played_note else ""
    return (
        f'<div class="tp-play" style="grid-area:{place}" data-played="{view.seat}">'
        f"{card_face(view.played, marked=view.won_trick, flag=flags.get(view.played))}"
        f'<span class="tp-by">{escape(view.name)}</span>{note}</div>'
    )


def _trump_html(trump: TrumpView | None) -> str:
    if trump is None:
        return '<div class="tp-box"><b>Trump</b><div>none (no trump)</div></div>'
    caller = escape(trump.caller)
    if trump.named:
        return _named_trump_html(trump, caller)
    if trump.revealed:
        face = (
            card_face(trump.card) if trump.card else (suit_html(trump.suit) if trump.suit else "")
        )
        return (
            f'<div class="tp-box tp-trump"><b>Trump</b> {face}<div>{_revealed(trump)}</div></div>'
        )
    known = ""
    if trump.card is not None:
        known = f'<div class="tp-hint">face down: {card_face(trump.card)}</div>'
    elif trump.suit is not None:
        known = f'<div class="tp-hint">face down: {suit_html(trump.suit)}</div>'
    return (
        f'<div class="tp-box tp-trump"><b>Trump</b> {card_back(note="the face-down trump")}'
        f"<div>{caller}'s face-down card</div>{known}</div>"
    )


def _revealed(trump: TrumpView) -> str:
    how = f" ({escape(trump.how)})" if trump.how else ""
    by = escape(trump.revealed_by or "")
    when = f" in trick {trump.revealed_in}" if trump.revealed_in else ""
    return f"turned up by {by}{how}{when}"


def _named_trump_html(trump: TrumpView, caller: str) -> str:
    """A named trump: its suit in words for whoever knows it, no card face down."""
    if trump.suit is None:
        said = f"named by {caller}, hidden"
        return f'<div class="tp-box tp-trump"><b>Trump</b><div>{said}</div></div>'
    said = f"{suit_html(trump.suit)} {named_trump_label(trump.suit)}"
    detail = _revealed(trump) if trump.revealed else f"named by {caller}, hidden"
    return f'<div class="tp-box tp-trump"><b>Trump</b><div>{said}</div><div>{detail}</div></div>'


def _calling_html(calling: tuple[tuple[str, str], ...]) -> str:
    if not calling:
        return '<div class="tp-box"><b>Calling</b><div>not yet</div></div>'
    calls = " · ".join(f"{escape(name)} <b>{escape(call)}</b>" for name, call in calling)
    return f'<div class="tp-box"><b>Calling</b><div>{calls}</div></div>'


def _points_html(teams: tuple[TeamScore, ...]) -> str:
    rows = "".join(
        f'<div class="{TEAM_CLASSES[index % 2]} tp-score">{escape(team.team)}: '
        f"<b>{team.points}</b> points, {team.tricks} trick{'' if team.tricks == 1 else 's'}</div>"
        for index, team in enumerate(teams)
    )
    return f'<div class="tp-box"><b>Points</b>{rows}</div>'


def _flags_html(flags: Flags) -> str:
    if not flags:
        return ""
    roles = set(flags.values())
    said = [FLAGS[role] for role in ("finding", "proof") if role in roles]
    return '<div class="tp-flags">Marked in red: ' + escape("; dashed: ".join(said)) + "</div>"


def table_html(view: TableView, flags: Flags | None = None) -> str:
    """The table as one HTML fragment (with its own CSS), ready for ``st.html``; ``flags`` marks
    the cards of the findings shown with it."""
    flags = flags or {}
    count = len(view.seats)
    seats = placed(view.seats, view.bottom)
    trick_title = f"Trick {view.trick}" if view.trick else "Before the play"
    middle = "".join(_played_html(place, seat, flags) for place, seat in seats)
    title = f'<div class="tp-trick-title">{trick_title}</div>'
    headline = f'<div class="tp-headline">{escape(view.headline)}</div>' if view.headline else ""
    return (
        f"<style>{CARD_CSS}{TABLE_CSS}{_layout_css()}</style>"
        f'<div class="tp-wrap tp-seats{count}" data-viewer="{escape(view.viewer)}">{headline}'
        f"{_flags_html(flags)}"
        '<div class="tp-body"><div class="tp-table">'
        + "".join(_seat_html(place, seat, flags) for place, seat in seats)
        + f'<div class="tp-mid" style="grid-area:mid">{title}'
        f'<div class="tp-trick">{middle}</div>'
        "</div></div>"
        f'<div class="tp-info">{_trump_html(view.trump)}{_calling_html(view.calling)}'
        f"{_points_html(view.teams)}</div></div></div>"
    )


TABLE_CSS = (
    """
.tp-wrap{font-family:"""
    + FONT_STACK
    + """;color:#111827;font-size:15px}
.tp-headline{font-weight:600;margin:0 0 .4em 0;min-height:1.3em}
.tp-table{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:.5em;padding:.7em;
  background:radial-gradient(ellipse at center,#1f7a4d 0%,#14532d 100%);border-radius:1.2em}
.tp-seat{background:rgba(255,255,255,.93);border-radius:.6em;padding:.35em .4em;text-align:center;
  border-top:.35em solid #9ca3af;min-width:0}
.tp-team1.tp-seat{border-top-color:#dc2626}.tp-team2.tp-seat{border-top-color:#2563eb}
.tp-to-play{box-shadow:0 0 0 3px #facc15}
.tp-who{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.tp-name{font-weight:700}.tp-seatno{font-size:.8em;color:#4b5563}
.tp-badges{min-height:1.1em}
.tp-badge{display:inline-block;font-size:.72em;background:#fef3c7;color:#78350f;border-radius:.6em;
  padding:0 .45em;margin:0 .15em}
.tp-mid{color:#fff;text-align:center;padding:.2em 0}
.tp-trick-title{font-weight:700;font-size:.9em;opacity:.9}
.tp-trick{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:.3em;justify-items:center}
.tp-play{display:flex;flex-direction:column;align-items:center;min-height:4.4em;min-width:0}
.tp-play .tp-card{font-size:1.15em}
.tp-by{font-size:.75em;max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.tp-note{font-size:.7em;background:#facc15;color:#111827;border-radius:.5em;padding:0 .4em}
.tp-body{display:grid;grid-template-columns:minmax(0,1fr);gap:.5em}
.tp-info{display:flex;flex-wrap:wrap;gap:.5em;align-content:flex-start}
.tp-box{flex:1 1 12em;background:#f3f4f6;border-radius:.6em;padding:.4em .6em;min-width:0}
@media (min-width:1000px){
  .tp-body{grid-template-columns:minmax(0,1fr) 16em}
  .tp-info{flex-direction:column;flex-wrap:nowrap}
  .tp-box{flex:0 0 auto}
}
.tp-hint{font-size:.8em;color:#4b5563}
.tp-flags{font-size:.85em;color:#991b1b;margin:0 0 .3em 0}
.tp-score.tp-team1{color:#b91c1c}.tp-score.tp-team2{color:#1d4ed8}
@media (max-width:600px){
  .tp-wrap{font-size:12px}
  .tp-table{padding:.4em;gap:.3em}
  .tp-seatno{display:block}
}
"""
)
