"""Random legal play: the engine finds nothing in thousands of simulated hands of each game, agrees
with the simulator on every outcome, and catches the same hands with one card made illegal."""

from __future__ import annotations

import random
from functools import cache

import pytest

from recorder.model import Record
from replay.tricks import replay_session
from replay.tricks.simulate import played_session
from replay.tricks.table import State

SESSIONS = 200
HANDS = 5
SWITCHES = {
    "40": [None, {"three-rank": "equal-first", "retro-trump": "no", "thani-lead": "normal"}],
    "28": [None, {"retro-trump": "no", "thani-lead": "normal"}],
    "29": [
        None,
        {"last-trick": "0", "min-bid": "15", "seventh-card": "yes"},
        {"auction": "hold"},
    ],
}


@cache
def played(game: str) -> list[tuple[Record, list[State]]]:
    """The same seeded sessions for every test of a game (half of them under other switches)."""
    rng = random.Random(f"thuruppu-{game}")
    options = SWITCHES[game]
    return [
        played_session(game, rng, HANDS, switches=options[index % len(options)])
        for index in range(SESSIONS)
    ]


@pytest.mark.parametrize("game", ["40", "28", "29"])
def test_legal_random_hands_give_no_finding_and_the_simulators_outcome(game: str) -> None:
    hands = 0
    for record, states in played(game):
        session = replay_session(record)
        assert session.findings == [], [f.message for f in session.findings][:3]
        for replayed, state in zip(session.hands, states, strict=True):
            hands += 1
            result = replayed.result
            assert result.dealer == state.dealer
            assert (result.caller, result.call) == (state.caller, state.call)
            if state.redeal:
                assert result.outcome == "redeal"
                continue
            assert result.outcome == state.outcome(), replayed.number
            assert result.target == state.target()
            callers = 0 if result.caller is not None and result.caller % 2 else 1
            assert result.callers_points == state.points[callers]
    assert hands == SESSIONS * HANDS


@pytest.mark.parametrize("game", ["40", "28", "29"])
def test_card_points_of_every_complete_hand_add_up(game: str) -> None:
    totals = set()
    complete = 0
    for record, _ in played(game):
        session = replay_session(record)
        for hand in session.hands:
            size = len(hand.hand.deals[0].cards)
            if len(hand.tricks) == size and all(
                len(t.plays) == len(hand.hand.deals) for t in hand.tricks
            ):
                complete += 1
                totals.add(
                    (session.rules.get("last-trick", "0"), sum(t.points or 0 for t in hand.tricks))
                )
    assert complete > SESSIONS
    expected = {"40": {("0", 40)}, "28": {("0", 28)}, "29": {("1", 29), ("0", 28)}}[game]
    assert totals == expected


def _swaps(record: Record) -> list[tuple[int, int, int, int, int]]:
    """(hand, trick, place, later trick, later place) where a seat followed suit and later threw
    another suit: swapping the two cards makes the first a revoke the later play proves."""
    found = []
    for h, hand in enumerate(record.hands):
        face_down = hand.trump.card if hand.trump else None
        for t, trick in enumerate(hand.tricks):
            if not trick.turns or trick.turns[0].card is None:
                continue
            led = trick.turns[0].card.suit
            for p, turn in enumerate(trick.turns[1:], start=1):
                if (
                    turn.actions
                    or turn.card is None
                    or turn.card.suit != led
                    or turn.card == face_down
                ):
                    continue
                for u in range(t + 1, len(hand.tricks)):
                    for q, later in enumerate(hand.tricks[u].turns):
                        card = later.card
                        mine = later.seat == turn.seat and not later.actions
                        if mine and card is not None and card.suit != led and card != face_down:
                            found.append((h, t, p, u, q))
    return found


def _swap(record: Record, h: int, t: int, p: int, u: int, q: int) -> Record:
    hand = record.hands[h]
    first, second = hand.tricks[t].turns[p], hand.tricks[u].turns[q]
    tricks = list(hand.tricks)
    for index, place, card in ((t, p, second.card), (u, q, first.card)):
        turns = list(tricks[index].turns)
        turns[place] = turns[place].model_copy(update={"card": card})
        tricks[index] = tricks[index].model_copy(update={"turns": turns})
    hands = list(record.hands)
    hands[h] = hand.model_copy(update={"tricks": tricks})
    return record.model_copy(update={"hands": hands})


@pytest.mark.parametrize("game", ["40", "28", "29"])
def test_a_card_swapped_into_a_revoke_is_caught(game: str) -> None:
    rng = random.Random(game)
    caught = 0
    for record, _ in played(game)[:60]:
        swaps = _swaps(record)
        if not swaps:
            continue
        h, t, p, u, q = rng.choice(swaps)
        seat = record.hands[h].tricks[t].turns[p].seat
        findings = replay_session(_swap(record, h, t, p, u, q)).findings
        revokes = [f for f in findings if f.code == "revoke" and f.hand == h + 1]
        assert any((f.trick, f.seat) == (t + 1, seat) for f in revokes), findings
        caught += 1
    assert caught >= 40


@pytest.mark.parametrize("game", ["40", "28", "29"])
def test_a_card_of_another_seat_is_caught(game: str) -> None:
    caught = 0
    for record, _ in played(game)[:60]:
        hand = record.hands[-1]
        if len(hand.tricks) < 2 or any(t.turns[0].actions for t in hand.tricks[:1]):
            continue
        turn = hand.tricks[0].turns[0]
        if turn.card is None or turn.actions or turn.seat is None:
            continue
        thief = turn.seat % len(hand.deals) + 1
        stolen = next(
            dealt.card
            for deal in hand.deals
            if deal.seat == thief
            for dealt in deal.cards
            if dealt.card != (hand.trump.card if hand.trump else None)
        )
        if stolen in [t.card for t in hand.tricks[0].turns]:
            continue
        turns = list(hand.tricks[0].turns)
        turns[0] = turn.model_copy(update={"card": stolen})
        tricks = [hand.tricks[0].model_copy(update={"turns": turns}), *hand.tricks[1:]]
        hands = [*record.hands[:-1], hand.model_copy(update={"tricks": tricks})]
        findings = replay_session(record.model_copy(update={"hands": hands})).findings
        not_held = [f for f in findings if f.code == "not-held"]
        assert any((f.hand, f.trick, f.seat) == (len(hands), 1, turn.seat) for f in not_held)
        caught += 1
    assert caught >= 30
