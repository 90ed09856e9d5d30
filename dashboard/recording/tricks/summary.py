"""What the scorer needs to see of the hand so far on the Record page, in words: the calls made, the
winning call and the face-down card, the trick just finished, a played card in the grid, and each
archived session as the Resume list names it. Pure, so it is tested without a browser.

The Record page is the scorer's page: he entered the face-down card himself, so it is shown to
him (the Replay page's seat views are where a player sees only what he could know).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dashboard.recording.tricks.offers import call_label
from dashboard.recording.tricks.position import Position, StandingTurn
from dashboard.recording.tricks.view import seat_name
from dashboard.views.cards import card_label
from dashboard.views.tricks.undertakings import result_line, undertakings_text
from recorder.archive import SessionSummary
from recorder.model import Record
from replay.tricks import TrickSummary


def calls_so_far(position: Position) -> str:
    """Every call of the open hand in order, ``Anil (1) 20 · Biju (2) Pass``; empty before any."""
    state = position.state
    if state is None or position.phase == "closed":
        return ""
    return " · ".join(
        f"{seat_name(position, seat)} {call_label(call)}" for seat, call in state.calls
    )


def winning_call(position: Position, sees: bool = True) -> str:
    """Once the calling is over: who called what, and the face-down card as the scorer entered it
    (or that it was not seen, or the trump once revealed); empty while the calling goes on. A tab
    that may not see the hand's hidden cards (``sees``, ``dashboard.day.sight``) is told only that
    the card lies face down until it is revealed."""
    state = position.state
    if state is None or position.phase in ("calling", "closed") or state.caller is None:
        return ""
    if state.highest is None:
        return ""
    text = f"{seat_name(position, state.caller)} called {call_label(state.highest)}"
    if position.phase == "trump":
        return text
    if not sees and not state.revealed:
        text += "; the face-down card laid"
    elif state.face_down is not None:
        text += f"; face-down card {card_label(state.face_down)}"
    elif state.trump is not None:
        text += f"; trump {state.trump.symbol}"
    else:
        text += "; face-down card not seen"
    if state.revealed and state.revealed_in:
        text += f", revealed in trick {state.revealed_in}"
    return text


@dataclass(frozen=True)
class FinishedTrick:
    """The trick just completed, shown until the next card is played: its winner and points."""

    number: int
    winner: int | None
    points: int | None


def finished_trick(position: Position) -> FinishedTrick | None:
    """The last trick of the open hand when it is complete and the next has not begun (or the
    hand is over); ``None`` while a trick is being played."""
    if position.replay is None or position.phase not in ("play", "over"):
        return None
    tricks: list[TrickSummary] = position.replay.tricks
    if not tricks:
        return None
    last = tricks[-1]
    complete = len(last.plays) == position.players
    if not complete or (position.phase == "play" and position.trick <= last.number):
        return None
    return FinishedTrick(last.number, last.winner, last.points)


def finished_text(position: Position, trick: FinishedTrick) -> str:
    """``Trick 2 won by Chitra (3), 14 points.`` (or that the winner cannot be told)."""
    if trick.winner is None:
        return f"Trick {trick.number} is complete; its winner cannot be told from the record."
    points = "" if trick.points is None else f", {trick.points} points"
    return f"Trick {trick.number} won by {seat_name(position, trick.winner)}{points}."


def correction_label(position: Position, turn: StandingTurn) -> str:
    """A turn in the correction list, its card drawn as the grid draws it: ``trick 2, Biju (2):
    10♥``."""
    card = card_label(turn.card) if turn.card is not None else "a card not seen"
    return f"trick {turn.trick}, {seat_name(position, turn.seat)}: {card}"


def resume_label(summary: SessionSummary, record: Record) -> str:
    """A Resume button: ``Session 3 · 40 · Club night · 2026-11-28 · Anil, Biju, … · 2 hands``,
    the event from the ``Event`` tag (left out when none), the date from the ``Date`` tag, else the
    day the session was created."""
    date_tag = record.tag("Date")
    date = date_tag.value if date_tag and date_tag.value else summary.created_at[:10]
    players = ", ".join(record.players) or "no players"
    hands = len(record.hands)
    event_tag = record.tag("Event")
    event = f"{event_tag.value} · " if event_tag and event_tag.value else ""
    return (
        f"Session {summary.id} · {summary.game} · {event}{date} · {players} · "
        f"{hands} hand{'' if hands == 1 else 's'}"
    )


def undertakings_so_far(position: Position) -> str:
    """The undertakings of the open hand as they are tapped: ``Kott said by Biju (2) in trick 1:
    not decided``; empty when none."""
    replayed = position.replay
    if replayed is None or position.phase not in ("play", "over"):
        return ""
    return undertakings_text(replayed.result, lambda seat: seat_name(position, seat))


def outcome_text(position: Position) -> str:
    """The end box: ``Hand 1: made with a Jodi: Jodi kept, the callers took 40 (Jodi said by
    Anil (1) in trick 2: kept). Red take 5 coolies``: the result, who undertook what, and how the
    hand moved the score (an award after a revoke included)."""
    replayed = position.replay
    if replayed is None:
        return ""
    result = replayed.result
    lines = [line for line in position.score().lines if line.result.hand == result.hand]
    line = lines[-1] if lines else None
    text = f"Hand {position.hand_number}: " + result_line(
        result, line, lambda seat: seat_name(position, seat)
    )
    if line is not None and line.notes:
        text += ". " + "; ".join(line.notes)
    return text


def export_name(record: Record, session_id: int) -> str:
    """The exported file's name after the event, the table (its ``Table`` tag, else its first
    two players) and the date: ``club-night-anil-biju-2026-11-28.tgn``; ``session N`` stands in
    for a missing event, and a missing date is left out."""
    event_tag, date_tag = record.tag("Event"), record.tag("Date")
    event = event_tag.value if event_tag and event_tag.value else f"session {session_id}"
    date = date_tag.value if date_tag and date_tag.value else ""
    table_tag = record.tag("Table")
    table = table_tag.value if table_tag and table_tag.value else " ".join(record.players[:2])
    words = re.findall(r"[a-z0-9]+", f"{event} {table} {date}".lower())
    return "-".join(words) + ".tgn"
