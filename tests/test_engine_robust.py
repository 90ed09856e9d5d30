"""The engine never raises on a record the model allows: random content, and real hands mangled.

Findings and odd records are data: whatever the cards, seats, actions and order, ``replay_session``,
``replay_hand`` with steps and ``normalize`` return normally.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from recorder.cards import SUITS, Call, CallKind
from recorder.house_rules import HOUSE_RULES
from recorder.model import (
    Action,
    Bid,
    Bidding,
    DealLine,
    DealtCard,
    Hand,
    PairLine,
    PenaltyLine,
    Record,
    RedealLine,
    Tag,
    Trick,
    TrumpLine,
    Turn,
)
from replay import normalize, replay_hand, replay_session
from replay.deck import CARDS
from replay.simulate import random_session

seats = st.integers(min_value=-1, max_value=8)
cards = st.none() | st.sampled_from(CARDS)
calls = st.builds(Call, st.sampled_from(list(CallKind)), st.integers(min_value=-3, max_value=1001))
actions = st.builds(
    Action,
    kind=st.sampled_from(["ask", "show", "jodi", "jodi?", "kot", "kot?"]),
    answer=st.none() | st.booleans(),
)
turns = st.builds(
    Turn,
    seat=st.none() | seats,
    actions=st.lists(actions, max_size=2),
    card=cards,
    unseen=st.booleans(),
)
tricks = st.builds(
    Trick,
    number=st.integers(min_value=0, max_value=10),
    turns=st.lists(turns, max_size=7),
    star=st.booleans(),
)
deals = st.builds(
    DealLine, seat=seats, cards=st.lists(st.builds(DealtCard, card=cards), max_size=9)
)
words = st.sampled_from(["", "1", "3", "6", "0", "x", "made 20", "lost", "redeal", "void 2"])


def _tags(pairs: list[tuple[str, str]]) -> list[Tag]:
    return [Tag(name=name, value=value) for name, value in pairs]


hands = st.builds(
    Hand,
    tags=st.lists(st.tuples(st.sampled_from(["Hand", "Dealer", "Result"]), words), max_size=3).map(
        _tags
    ),
    deals=st.lists(deals, max_size=7),
    bidding=st.none()
    | st.builds(Bidding, bids=st.lists(st.builds(Bid, seat=seats, call=calls), max_size=8)),
    trump=st.none() | st.builds(TrumpLine, card=cards, suit=st.none() | st.sampled_from(SUITS)),
    tricks=st.lists(tricks, max_size=9),
    pairs=st.lists(st.builds(PairLine, seat=seats, after_trick=st.integers(-1, 9)), max_size=2),
    redeal=st.none()
    | st.builds(
        RedealLine,
        reason=st.sampled_from(
            ["no-points", "no-trump", "same-suit", "four-jacks", "misdeal", "all-passed"]
        ),
    ),
    penalties=st.lists(
        st.builds(
            PenaltyLine, team=st.sampled_from(["Red", "blue", "X"]), points=st.integers(-2, 4)
        ),
        max_size=2,
    ),
)
rules = st.lists(
    st.tuples(
        st.sampled_from(sorted(HOUSE_RULES)), st.sampled_from(["yes", "no", "0", "1", "15", "x"])
    ),
    max_size=3,
).map(lambda pairs: ", ".join(f"{key}={value}" for key, value in pairs))
records = st.builds(
    lambda game, names, rule, body: Record(
        tags=_tags([("Game", game), ("Players", names), ("Teams", "Red, Blue"), ("Rules", rule)]),
        hands=body,
    ),
    st.sampled_from(["40", "28", "29", "99"]),
    st.sampled_from(["A, B, C, D, E, F", "A, B, C, D", "", "A"]),
    rules,
    st.lists(hands, min_size=1, max_size=2),
)


def _replay_everything(record: Record) -> None:
    session = replay_session(record)
    assert len(session.hands) in (0, len(record.hands))
    for index in range(len(record.hands)):
        replay_hand(record, index)
    replay_session(normalize(record), steps=True)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records)
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
