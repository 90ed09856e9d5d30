"""Turning the scorer's taps on the Rummy Record page into archive events, or into a refusal.

Like ``clicks`` for the trick games: each function answers ``Accepted`` with the events to append
or ``Refused`` with a message (nothing is stored), decided against the position read afresh from
the archive; ``clicks.commit`` appends them.
"""

from __future__ import annotations

import re

from dashboard.recording.rummy.pick import Pick, pick_grid
from dashboard.recording.rummy.position import RummyPosition, settles
from dashboard.recording.tricks.clicks import Accepted, Decision, Refused
from recorder import loads
from recorder.archive import (
    Event,
    HandEnded,
    HandStarted,
    RummyLineCorrected,
    RummyWinnerNamed,
    Undone,
)
from recorder.archive.events import RummyLineWritten, RummyPart
from recorder.archive.from_record import line_content
from recorder.model import LineNode
from recorder.rummy.cards import RummyCard
from recorder.tgn import TGNError

#: Where the reader places an error in the typed line's own little record: left out.
_LOCATION = re.compile(r"^the typed line:\d+:\d+: ")

#: The outcomes one tap records, as the page names them: the line's kind and ``middle``.
TAPS: dict[str, tuple[str, bool]] = {
    "drop": ("drop", False),
    "middle-drop": ("drop", True),
    "absent": ("absent", False),
    "absent-middle": ("absent", True),
    "no-show": ("no-show", False),
}


def joker_click(position: RummyPosition, code: str) -> Decision:
    """The cut card of the open deal."""
    if position.phase != "joker":
        return Refused(_not_now(position, "the joker is cut at the start of a deal"))
    card = _card(code)
    if isinstance(card, Refused):
        return card
    return Accepted((RummyLineWritten(part="joker", content={"card": card.code}),))


def outcome_click(position: RummyPosition, seat: int, tap: str) -> Decision:
    """A drop, middle drop, absence or no-show of ``seat``."""
    if tap not in TAPS:
        return Refused(f"unknown outcome {tap!r} (outcomes: {', '.join(TAPS)})")
    kind, middle = TAPS[tap]
    return _outcome(position, seat, {"kind": kind, "seat": seat, "middle": middle})


def count_click(position: RummyPosition, seat: int, value: object) -> Decision:
    """``count S: N``: the points the table entered, cards not recorded."""
    if value is None:
        return Refused("type the count first: a whole number of points")
    text = str(value).strip()
    if not text.isdigit():
        return Refused(f"a count is a whole number of points, not {text!r}")
    return _outcome(position, seat, {"kind": "count", "seat": seat, "entered": int(text)})


def pick_click(position: RummyPosition, pick: Pick) -> Decision:
    """The picked cards as ``seat``'s declaration or shown hand."""
    if not pick.cards:
        return Refused("pick the cards first")
    if any(cell.left < 0 for row in pick_grid(pick, position.body, position.rules) for cell in row):
        return Refused("more copies of a card than the packs hold")
    return _outcome(position, pick.seat, line_content(pick.line()))


def winner_click(position: RummyPosition, seat: int) -> Decision:
    """The scorer names the deal's winner without his cards: he needs no line, since the one
    seat left without an outcome wins (RUMMY.md §3); the log keeps the name for the page."""
    problem = _entry_problem(position, seat)
    if problem:
        return Refused(problem)
    if position.winner is not None:
        return Refused(f"{position.winner} has already won this deal")
    named = [standing for standing in position.seats if standing.named_winner]
    if named:
        return Refused(f"{position.seat_name(named[0].seat)} is already named the winner")
    return Accepted((RummyWinnerNamed(seat=seat),))


def rejoin_click(position: RummyPosition, seat: int) -> Decision:
    """``rejoin S`` before the open deal, when the engine allows it."""
    offer = next((offer for offer in position.rejoin_offers() if offer.seat == seat), None)
    if offer is None:
        return Refused(
            f"{position.seat_name(seat)} cannot re-enter now: a re-entry comes before the "
            "deal's first line, for a player out of the game"
        )
    if offer.refusal is not None:
        return Refused(offer.refusal)
    return Accepted((RummyLineWritten(part="rejoin", content={"seat": seat}),))


def redeal_click(position: RummyPosition, reason: str) -> Decision:
    """``redeal REASON``: the deal was void."""
    if position.phase not in ("joker", "outcomes"):
        return Refused(_not_now(position, f"deal {position.deal_number} is over: it is not void"))
    if position.body.outcomes:
        return Refused("a void deal has no outcomes: undo them first")
    return _ending(position, RummyLineWritten(part="redeal", content={"reason": reason}))


def next_deal_click(position: RummyPosition, dealer: int | None = None) -> Decision:
    """Start the next deal; its ``Dealer`` tag only when the shuffler is not the engine's own."""
    if position.phase != "complete":
        return Refused(_not_now(position, "the next deal starts when every seat has its outcome"))
    if dealer is not None and not 1 <= dealer <= position.players:
        return Refused(f"there is no chair {dealer}: chairs are 1 to {position.players}")
    written = dealer if dealer is not None and dealer != position.next_dealer() else None
    return Accepted((HandStarted.numbered(position.deal_number + 1, dealer=written),))


def undo_click(position: RummyPosition) -> Decision:
    """Cancel the latest event (it stays in the log, and so does the undo)."""
    if position.undoable == 0:
        return Refused("there is nothing to undo")
    return Accepted((Undone(),))


def correction_click(position: RummyPosition, target: int, text: str) -> Decision:
    """Replace an earlier line (named by its event) by ``text``, a line of the same kind as RUMMY.md
    §4 writes it (``count 2: 28``, ``drop 4 middle``)."""
    line = next((line for line in position.lines if line.seq == target), None)
    if line is None:
        return Refused("that line is not in the record any more")
    read = read_line(position, text)
    if isinstance(read, Refused):
        return read
    part, content = read
    if part != line.part:
        return Refused(f"{line.text!r} can only be corrected by a line of the same kind")
    return Accepted((RummyLineCorrected(target=target, content=content),))


def read_line(position: RummyPosition, text: str) -> tuple[RummyPart, dict[str, object]] | Refused:
    """One Rummy body line read by the TGN reader itself: its part and content, or the reader's
    message."""
    typed = text.strip()
    if not typed or "\n" in typed:
        return Refused("type one line, e.g. count 2: 28")
    players = ", ".join(f"p{seat}" for seat in range(1, position.players + 1))
    source = f'[Game "rummy"]\n[Players "{players}"]\n\n[Hand "1"]\n[Dealer "1"]\n{typed}\n'
    try:
        record = loads(source, "the typed line")
    except TGNError as error:
        message = str(error).splitlines()[-1].strip()
        return Refused(_LOCATION.sub("", message))
    body = record.hands[0].rummy if record.hands else None
    parts: list[tuple[RummyPart, LineNode | None]] = []
    if body is not None:
        parts = [
            ("rejoin", body.rejoin),
            ("joker", body.joker),
            ("open", body.open),
            *(("outcome", outcome) for outcome in body.outcomes),
            ("redeal", body.redeal),
            *(("penalty", penalty) for penalty in body.penalties),
        ]
    found = [(part, node) for part, node in parts if node is not None]
    if len(found) != 1:
        return Refused(f"{typed!r} is not one Rummy line")
    part, node = found[0]
    assert node is not None
    return part, line_content(node)


def _outcome(position: RummyPosition, seat: int, content: dict[str, object]) -> Decision:
    problem = _entry_problem(position, seat)
    if problem:
        return Refused(problem)
    return _ending(position, RummyLineWritten(part="outcome", content=content))


def _ending(position: RummyPosition, event: Event) -> Accepted:
    """A tap's line, with the deal's end when it settles the deal (its last outcome, a void
    deal): one step, stored and undone as one, so the table's last deal ends with its last
    outcome and nothing waits for a "next deal" tap."""
    if settles(position, (event,)):
        return Accepted((event, HandEnded(joined=1)))
    return Accepted((event,))


def _entry_problem(position: RummyPosition, seat: int) -> str | None:
    """Why ``seat`` cannot be given an outcome now."""
    if not 1 <= seat <= position.players:
        return f"there is no chair {seat}: chairs are 1 to {position.players}"
    if position.phase != "outcomes":
        return _not_now(position, "outcomes are entered after the joker")
    standing = position.seats[seat - 1]
    if not standing.playing:
        return f"{position.seat_name(seat)} is out of the game in this deal"
    if standing.line is not None:
        return f"{position.seat_name(seat)} already has an outcome in this deal: undo or correct it"
    return None


def _not_now(position: RummyPosition, rule: str) -> str:
    if position.phase == "ended":
        return f"the game is over: {position.game.winner} won the table"
    return rule


def _card(code: str) -> RummyCard | Refused:
    try:
        return RummyCard.parse(code.strip())
    except ValueError:
        return Refused(f"unknown card {code.strip()!r} (ranks A 2-9 T J Q K, suits S H D C, PJ)")
