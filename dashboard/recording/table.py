"""A table's Record page on the tournament day (TOURNAMENT.md §8, §9), without Streamlit: the
table's current match, the chair draw as the scorer enters it, the match length of a scheduled 28
session, and the hands a scorer may give a penalty in.

``record?table=N`` starts the table's current match with every tag from the schedule; the page's
drawing is in ``dashboard.screens.record_table``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from dashboard.day.source import Day, DayError, open_day
from dashboard.library import archive_key
from recorder.archive import Archive
from recorder.cards import Suit
from recorder.model import Record
from recorder.rummy.cards import RummyCard
from replay.rummy import replay_rummy
from replay.tournament import (
    Draw,
    MatchLength,
    ScheduleEntry,
    TournamentSession,
    current_matches,
    draw_text,
    match_length,
    read_draw,
)
from replay.tournament.draw import DRAW_RANKS, DRAW_SUITS

DRAW_CARDS: tuple[str, ...] = (
    *(f"{rank}{suit.value}" for rank in reversed(DRAW_RANKS) for suit in reversed(DRAW_SUITS)),
    "PJ",
)
"""Every card a player may draw, strongest first (the printed joker last)."""


def card_label(code: str) -> str:
    """A drawn card as the scorer reads it: ``A♠``, ``10♦``, ``printed joker``."""
    if code == "PJ":
        return "printed joker"
    rank = "10" if code[0] == "T" else code[0]
    return f"{rank}{Suit(code[1]).symbol}"


@dataclass(frozen=True)
class TableMatch:
    """A table's current match in the day, or why there is none."""

    day: Day | None
    entry: ScheduleEntry | None
    problem: str = ""


def table_match(archive: Archive, table: int, event: str | None = None) -> TableMatch:
    """The table's current match (its earliest scheduled match not over)."""
    try:
        day = open_day(archive, event)
    except DayError as error:
        return TableMatch(None, None, str(error))
    entry = current_matches(day.tournament().schedule).get(table)
    if entry is None:
        return TableMatch(day, None, f"table {table} has no match to play in {day.event} now")
    return TableMatch(day, entry)


def draws_needed(cards: Mapping[str, Sequence[str]]) -> dict[str, int]:
    """How many cards each player has to draw so far: one, and one more while another player's
    cards begin with all of his (a tie still to break: they draw again)."""
    needed = {}
    for name, drawn in cards.items():
        complete = [code for code in drawn if code]
        tied = bool(complete) and any(
            other != name and list(theirs[: len(complete)]) == complete
            for other, theirs in cards.items()
        )
        needed[name] = len(complete) + 1 if tied else max(1, len(complete))
    return needed


def chair_draw(cards: Mapping[str, Sequence[str]]) -> tuple[str, Draw]:
    """The draw as entered (empty cards left out): its ``Draw`` tag value and the draw read."""
    entered = [
        (name, [RummyCard.parse(code) for code in drawn if code]) for name, drawn in cards.items()
    ]
    text = draw_text([(name, drawn) for name, drawn in entered if drawn])
    return text, read_draw(text)


def chairs_text(draw: Draw) -> str:
    """The chair order a draw gives, as the page says it."""
    if not draw.chairs:
        return ""
    seats = ", ".join(f"chair {number}: {name}" for number, name in enumerate(draw.chairs, 1))
    return f"{seats}; {draw.chairs[-1]} shuffles deal 1"


def session_length(archive: Archive, session: int, record: Record) -> MatchLength | None:
    """Where a scheduled 28 session's match stands (``None`` for any other session); ``record``
    holds its ended hands (the engine scores a hand being played as a shuffle)."""
    if record.game != "28" or record.tag("Schedule") is None:
        return None
    event = record.tag("Event")
    try:
        day = open_day(archive, event.value if event else None)
    except DayError:
        return None
    scored = TournamentSession.scored(archive_key(session), f"archive #{session}", record)
    return match_length(scored, day.description)


def match_finished(archive: Archive, session: int, record: Record) -> bool:
    """Whether a scheduled match's session is played to its end (TOURNAMENT.md §8): a 28 match
    after its last shuffle (a level knockout match after the deciding one), a Rummy table once
    its winner is known. A session not started from the schedule never is: a club night records
    on. A hand being played is no shuffle yet (§8): the match's last one, while it is played,
    leaves the match going on, so the table keeps its Undo and corrections."""
    if record.tag("Schedule") is None or not record.hands:
        return False
    if record.game == "rummy":
        return replay_rummy(record).winner is not None
    length = session_length(archive, session, archive.ended_record(session))
    return length is not None and length.over


def ended_hands(record: Record, hand_over: bool) -> list[int]:
    """The hands a penalty may be given in: those ended (the one being played is not)."""
    return list(range(1, len(record.hands) + (1 if hand_over else 0)))
