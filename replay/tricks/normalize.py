"""Fill in every turn's seat: a TGN turn may leave out ``seat:`` (TGN.md §5.4).

The first turn of a trick belongs to the player who should lead (the winner of the trick before,
which only the replay knows), every other turn to the seat after the previous turn.
"""

from __future__ import annotations

from recorder.model import Record
from replay.tricks.engine import replay_session, with_seats


def normalize(record: Record) -> Record:
    """The same record with every ``Turn.seat`` filled where the record allows it."""
    if not any(
        turn.seat is None for hand in record.hands for trick in hand.tricks for turn in trick.turns
    ):
        return record
    replayed = replay_session(record)
    hands = list(record.hands)
    for hand_replay in replayed.hands:
        hands[hand_replay.index] = with_seats(hand_replay.hand, hand_replay.seats)
    return record.model_copy(update={"hands": hands})
