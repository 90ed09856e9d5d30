"""The engine never raises on a record the model allows: random content, and real hands mangled.

Findings and odd records are data: whatever the cards, seats, actions and order, ``replay_session``,
``replay_hand`` with steps and ``normalize`` return normally.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from recorder.model import Action, PairLine, Record, TrumpLine
from replay.tricks import normalize, replay_hand, replay_session
from replay.tricks.deck import CARDS
from replay.tricks.simulate import random_session
from tests.strategies import ANY_CONTENT, records


def _replay_everything(record: Record) -> None:
    session = replay_session(record)
    assert len(session.hands) in (0, len(record.hands))
    for index in range(len(record.hands)):
        replay_hand(record, index)
    replay_session(normalize(record), steps=True)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records(ANY_CONTENT))
def test_random_records_never_make_the_engine_raise(record: Record) -> None:
    _replay_everything(record)


@settings(max_examples=500, deadline=None)
@given(
    st.sampled_from(["40", "28", "29"]),
    st.integers(min_value=0, max_value=10**6),
    st.lists(st.tuples(st.integers(0, 5), st.integers(0, 10**6)), min_size=1, max_size=6),
)
def test_real_hands_mangled_never_make_the_engine_raise(
    game: str, seed: int, edits: list[tuple[int, int]]
) -> None:
    record = random_session(game, random.Random(seed), 1)
    for kind, value in edits:
        record = _mangle(record, kind, random.Random(value))
    _replay_everything(record)


def _mangle(record: Record, kind: int, rng: random.Random) -> Record:
    """Change one thing in the record's hand: a card, a seat, an action, the order, a line."""
    hand = record.hands[0]
    tricks = list(hand.tricks)
    update: dict[str, object] = {}
    if kind <= 3 and tricks:
        index = rng.randrange(len(tricks))
        turns = list(tricks[index].turns)
        if turns:
            place = rng.randrange(len(turns))
            turn = turns[place]
            if kind == 0:
                turns[place] = turn.model_copy(update={"card": rng.choice([*CARDS, None])})
            elif kind == 1:
                turns[place] = turn.model_copy(
                    update={"seat": rng.choice([None, 0, 1, 2, 3, 4, 7])}
                )
            elif kind == 2:
                action = Action(
                    kind=rng.choice(["ask", "show", "jodi", "jodi?", "kot", "kot?"]),
                    answer=rng.choice([None, True, False]),
                )
                turns[place] = turn.model_copy(update={"actions": [action]})
            else:
                rng.shuffle(turns)
        tricks[index] = tricks[index].model_copy(update={"turns": turns})
        update["tricks"] = tricks
    elif kind == 4 and tricks:
        del tricks[rng.randrange(len(tricks))]
        update["tricks"] = tricks
    else:
        update["pairs"] = [PairLine(seat=rng.randint(1, 4), after_trick=rng.randint(0, 8))]
        update["trump"] = rng.choice([None, TrumpLine(card=rng.choice(CARDS))])
    return record.model_copy(update={"hands": [hand.model_copy(update=update)]})
