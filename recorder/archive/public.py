"""What the room may see of a hand still being played (TOURNAMENT.md §10).

While a hand is open in the archive, a visitor without the table's or a director's key sees only
what is public at that moment: the calling, the tricks already finished, that a card lies face
down (a ``trump -`` line: the room saw it put down), and that card once it has been shown (an
``ask`` or a ``show`` in a turn); never a ``deal`` line, the face-down card before it is shown, or
the cards of the trick in progress. Once the hand has ended it is
shown whole. A Rummy deal's lines are written once a player is out, so they are public as they
come; its hands are left as they are.
"""

from __future__ import annotations

from recorder.model import Hand, Record, Trick

#: The actions that turn the face-down card up.
SHOWING = frozenset({"ask", "show"})


def public_hand(hand: Hand, players: int) -> Hand:
    """A hand in progress as the room sees it."""
    if hand.rummy is not None:
        return hand
    finished = [trick for trick in hand.tricks if _finished(trick, players)]
    shown = any(
        action.kind in SHOWING
        for trick in finished
        for turn in trick.turns
        for action in turn.actions
    )
    trump = hand.trump
    if trump is not None and not shown:  # down, as the room saw it, but not which card
        hidden: dict[str, object] = {
            "card": None,
            "suit": None,
            "comments": [],
            "before": [],
            "remark": None,
        }
        trump = trump.model_copy(update=hidden)
    return hand.model_copy(update={"deals": [], "tricks": finished, "trump": trump})


def public_record(record: Record, hand_open: bool) -> Record:
    """The record as the room sees it: its last hand masked while it is still being played."""
    if not hand_open or not record.hands:
        return record
    last = public_hand(record.hands[-1], len(record.players))
    return record.model_copy(update={"hands": [*record.hands[:-1], last]})


def _finished(trick: Trick, players: int) -> bool:
    played = sum(1 for turn in trick.turns if turn.card is not None or turn.unseen)
    return played >= players > 0
