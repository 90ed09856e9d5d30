"""What the Record page shows of a position, as HTML and words: the status line, the trick on the
table, the running points. Pure, so it is tested without a browser."""

from __future__ import annotations

from dashboard.recording.tricks.position import Position
from dashboard.views.cards import card_back, card_face
from dashboard.views.text import escape

PHASE_WORDS = {
    "calling": "to call",
    "trump": "to put the trump card down",
    "play": "to play",
}

RECORDER_CSS = """
.rec-status{font-size:1.15rem;font-weight:600;margin:0.2rem 0}
.rec-trick{display:flex;flex-wrap:wrap;gap:0.4rem;align-items:flex-end}
.rec-play{display:flex;flex-direction:column;align-items:center;font-size:0.8rem}
.rec-calls-so-far, .rec-winning-call{font-size:0.95rem}
.rec-finished{font-weight:600;color:#166534}
.rec-said{font-weight:600;color:#7c2d12}
"""


def seat_name(position: Position, seat: int | None) -> str:
    """``Chitra (3)``; ``nobody`` for no seat."""
    if seat is None:
        return "nobody"
    names = position.names
    name = names[seat - 1] if 1 <= seat <= len(names) else "?"
    return f"{name} ({seat})"


def status_text(position: Position) -> str:
    """One line saying where the recording is and who is to act."""
    hand = f"Hand {position.hand_number}" if position.hand_number else "No hand yet"
    if position.phase == "closed":
        return f"{hand} closed. Next dealer: {seat_name(position, position.following_dealer)}"
    if position.phase == "over":
        return f"{hand} is over"
    trick = f", trick {position.trick}" if position.phase == "play" else ""
    who = seat_name(position, position.seat)
    return f"{hand}{trick}: {who} {PHASE_WORDS[position.phase]}"


def status_html(position: Position, events: int) -> str:
    """The status line, with the event count, phase and seat as data attributes (which a test or
    a script can wait on)."""
    return (
        f'<div class="rec-status" data-events="{events}" data-phase="{position.phase}" '
        f'data-seat="{position.seat or 0}" data-trick="{position.trick}">'
        f"{escape(status_text(position))}</div>"
    )


def trick_html(position: Position) -> str:
    """The trick being played (or the last one), each card under its player's name, with what he
    said before it (``ask``, ``jodi``, ``kot?=no``) under the name."""
    hand = position.hand
    if hand is None or not hand.tricks:
        return ""
    cells = "".join(
        f'<span class="rec-play" data-seat="{turn.seat or 0}">'
        f"{card_face(turn.card) if turn.card is not None else card_back()}"
        f"<span>{escape(seat_name(position, turn.seat or 0))}</span>"
        + (
            f'<span class="rec-said">{escape(" ".join(a.token for a in turn.actions))}</span>'
            if turn.actions
            else ""
        )
        + "</span>"
        for turn in hand.tricks[-1].turns
    )
    return f'<div class="rec-trick">{cells}</div>'


def _tricks(count: int) -> str:
    return f"{count} trick{'' if count == 1 else 's'}"


def points_text(position: Position) -> str:
    """Card points and tricks each team has taken so far in the hand."""
    state = position.state
    if state is None:
        return ""
    teams = position.record.teams
    return " · ".join(
        f"{teams[team]}: {state.points[team]} points, {_tricks(state.tricks_won[team])}"
        for team in (0, 1)
    )
