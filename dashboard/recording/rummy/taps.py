"""A Rummy scorer's tap as the phone sends it, and what it stands for at the position the archive
holds.

Like the trick games' taps (``dashboard.recording.tricks.taps``): the Rummy table's tap pad keeps
every tap on the phone until the archive holds it, and sends it over HTTP as a small JSON object.
Each tap carries its own target: the seat and value of an outcome (``{"kind": "count", "seat": 2,
"points": 28}``), the joker's card, the seat that re-enters, the next deal's shuffler, so that a
tap kept on the phone lands on what the scorer tapped it for or is refused, never on another
seat. A declaration or shown hand picked card by card on the page is sent whole, as its TGN line
(``declare 3: AS KS QS | 5D / KD``), and a void deal with its reason; both name the deal they were
made in, so that one kept on the phone while the table moved on is refused, never stored in the
next deal. An undo names the event it takes back (``target``, the log position the page showed in
its "Undo Babu (2): drop"): if the log has moved on since, the undo is refused.

``decision`` turns a tap into its events through the same click functions the page's widgets
used (``dashboard.recording.rummy.clicks``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from dashboard.recording.rummy import clicks
from dashboard.recording.rummy.pick import Pick
from dashboard.recording.rummy.position import RummyPosition
from dashboard.recording.taps import TapBase, UndoTap, latest_undo, undo_decision
from dashboard.recording.tricks.clicks import Decision, Refused
from dashboard.views.cards import card_label
from recorder.archive import (
    HandStarted,
    LoggedEvent,
    RummyLineCorrected,
    RummyLineWritten,
    RummyWinnerNamed,
)
from recorder.rummy.cards import RummyCard
from recorder.rummy.model import Outcome as OutcomeLine
from recorder.rummy.model import RummyRedealReason


class JokerTap(TapBase):
    """The cut joker of the open deal."""

    kind: Literal["joker"]
    code: str = Field(max_length=4)


class OutcomeTap(TapBase):
    """A one-tap outcome of ``seat``: ``drop``, ``middle-drop``, ``absent``, ``absent-middle``,
    ``no-show`` (``clicks.TAPS``)."""

    kind: Literal["outcome"]
    seat: int
    outcome: str = Field(max_length=16)


class CountTap(TapBase):
    """``count S: N``: the points the table counted for ``seat``."""

    kind: Literal["count"]
    seat: int
    points: int = Field(ge=0, le=10_000)


class WinnerTap(TapBase):
    """``seat`` named the deal's winner (he declared; his cards are not recorded)."""

    kind: Literal["winner"]
    seat: int


class RejoinTap(TapBase):
    """``seat`` re-enters the game before the open deal."""

    kind: Literal["rejoin"]
    seat: int


class PickTap(TapBase):
    """The cards picked on the page as a seat's declaration or shown hand: the pick's TGN line
    (``declare 3: AS KS QS | 5D / KD``), read back as the page's URL reads it
    (``Pick.parse``)."""

    kind: Literal["pick"]
    deal: int
    """The deal it was picked in."""
    line: str = Field(max_length=512)


class RedealTap(TapBase):
    """The open deal is void (``redeal REASON``): dealt again."""

    kind: Literal["redeal"]
    deal: int
    """The deal it voids."""
    reason: RummyRedealReason


class NextDealTap(TapBase):
    """The next deal, shuffled by ``dealer`` (``None``: the engine's shuffler)."""

    kind: Literal["next-deal"]
    deal: int
    """The deal it starts (a tap sent twice by mistake starts one deal, not two)."""
    dealer: int | None = None


Tapped = Annotated[
    JokerTap
    | OutcomeTap
    | CountTap
    | WinnerTap
    | RejoinTap
    | PickTap
    | RedealTap
    | NextDealTap
    | UndoTap,
    Field(discriminator="kind"),
]
TAPPED: TypeAdapter[Tapped] = TypeAdapter(Tapped)
"""Reads a tap from the JSON text a phone sent (``tap_families.TapFamily.read_tap``)."""


def decision(position: RummyPosition, log: Sequence[LoggedEvent], tap: Tapped) -> Decision:
    """The events ``tap`` stands for at ``position`` (made from ``log``), or why it is refused."""
    if isinstance(tap, UndoTap):
        undo = partial(clicks.undo_click, position)
        return undo_decision(undo_target(position, log), tap.target, "entry", undo)
    if isinstance(tap, JokerTap):
        return clicks.joker_click(position, tap.code)
    if isinstance(tap, OutcomeTap):
        return clicks.outcome_click(position, tap.seat, tap.outcome)
    if isinstance(tap, CountTap):
        return clicks.count_click(position, tap.seat, tap.points)
    if isinstance(tap, WinnerTap):
        return clicks.winner_click(position, tap.seat)
    if isinstance(tap, RejoinTap):
        return clicks.rejoin_click(position, tap.seat)
    if isinstance(tap, PickTap | RedealTap):
        return _in_deal(position, tap)
    if tap.deal <= position.deal_number:
        return Refused(f"deal {tap.deal} has already started")
    if tap.deal > position.deal_number + 1:
        return Refused(f"deal {tap.deal} cannot start: deal {position.deal_number} is being played")
    return clicks.next_deal_click(position, tap.dealer)


def _in_deal(position: RummyPosition, tap: PickTap | RedealTap) -> Decision:
    """A pick or a void deal, refused when the deal it was made in is not the one being played."""
    if tap.deal != position.deal_number:
        return Refused(
            f"it was made in deal {tap.deal}, and deal {position.deal_number} is being played: "
            "nothing was recorded"
        )
    if isinstance(tap, RedealTap):
        return clicks.redeal_click(position, tap.reason)
    pick = Pick.parse(tap.line)
    if pick is None:
        return Refused(f"{tap.line!r} is not a declaration or a shown hand")
    return clicks.pick_click(position, pick)


def undo_target(position: RummyPosition, log: Sequence[LoggedEvent]) -> tuple[int, str] | None:
    """The log position an undo would take back now and what it is in words ("Babu (2): drop
    25"), or ``None`` when there is nothing to undo."""
    return latest_undo(position, log, partial(_words, position))


def _words(position: RummyPosition, entry: LoggedEvent) -> str:
    """An event in a scorer's words: "the joker 7♥", "Babu (2): drop", "Cini (3) named winner"."""
    event = entry.event
    if isinstance(event, RummyLineWritten):
        content = event.content
        if event.part == "joker":
            return f"the joker {_card_words(str(content.get('card', '')))}"
        if event.part == "outcome":
            line = OutcomeLine.model_validate(content)
            return f"{position.seat_name(line.seat)}: {_outcome_words(line)}"
        if event.part == "rejoin":
            return f"the re-entry of {position.seat_name(_seat(content))}"
        return f"the {event.part}"
    if isinstance(event, RummyWinnerNamed):
        return f"{position.seat_name(event.seat)} named winner"
    if isinstance(event, RummyLineCorrected):
        return "the correction"
    if isinstance(event, HandStarted):
        return f"the start of deal {entry.hand}"
    return f"the {event.kind.replace('-', ' ')}"


def _outcome_words(line: OutcomeLine) -> str:
    """``drop``, ``middle drop``, ``left``, ``count 28``, ``declare``: the line without its seat."""
    if line.kind == "count":
        return f"count {line.entered}"
    if line.kind in ("drop", "absent") and line.middle:
        return "middle drop" if line.kind == "drop" else "left"
    return line.kind.replace("-", " ")


def _card_words(code: str) -> str:
    try:
        card = RummyCard.parse(code)
    except ValueError:
        return code
    return "PJ" if card.suit is None else card_label(card)


def _seat(content: dict[str, object]) -> int | None:
    seat = content.get("seat")
    return seat if isinstance(seat, int) else None
