"""Deals of the unseen cards: each agrees with all a seat had seen, and all are equally likely."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from recorder.cards import Card, Suit
from replay.fair import DealCounter, Place, decision_states, sight_of
from replay.fair.sampling import places_of
from replay.solver.position import Position
from replay.solver.recorded import read_hand
from replay.tricks.engine import replay_session
from replay.tricks.simulate import random_hand
from tests.fair_helpers import Decision, decisions, recorded_hands

GAMES = ("40", "28", "29")


def _voids_shown(decision: Decision) -> dict[int, set[Suit]]:
    """The suits each seat did not follow, read from the recorded turns before the decision."""
    voids: dict[int, set[Suit]] = {}
    lead: dict[int, Suit] = {}
    for turn in decision.recorded.turns[: decision.turn_index]:
        if turn.move is None:
            continue
        led = lead.setdefault(turn.trick, turn.move.card.suit)
        if turn.move.card.suit != led:
            voids.setdefault(turn.seat, set()).add(led)
    return voids


def _cards(position: Position) -> set[Card]:
    cards = set().union(*position.hands) | set(position.trick)
    return cards | ({position.face_down} if position.face_down else set())


def _check_agrees(decision: Decision, sample: Position) -> None:
    truth, seat = decision.truth, decision.sight.seat
    assert sample.hands[seat - 1] == truth.hands[seat - 1]
    assert [len(hand) for hand in sample.hands] == [len(hand) for hand in truth.hands]
    assert _cards(sample) == _cards(truth)
    assert (sample.trick, sample.leader, sample.points) == (truth.trick, truth.leader, truth.points)
    face_down = decision.recorded.start.face_down if decision.recorded.start else None
    for other, suits in _voids_shown(decision).items():
        # the face-down card was apart while its caller did not follow; it is his once revealed
        held = sample.hands[other - 1] - {face_down}
        assert not {card.suit for card in held} & suits
    played = set().union(*decision.sight.played)
    for index, hand in enumerate(sample.hands):
        if index + 1 != seat:
            assert not hand & (played | truth.hands[seat - 1])
    if truth.face_down is not None:
        assert sample.face_down is not None
        assert sample.trump == sample.face_down.suit
        assert all(sample.face_down not in hand for hand in sample.hands)
        caller_sees = seat == truth.caller
        if caller_sees or not decision.sight.face_down_hidden:
            assert sample.face_down == truth.face_down
    else:
        assert sample.face_down is None and sample.trump == truth.trump


@pytest.mark.parametrize("game", GAMES)
def test_every_sampled_deal_agrees_with_all_the_seat_had_seen(game: str) -> None:
    rng = random.Random(f"agree {game}")
    drawn = 0
    for replayed, recorded in recorded_hands(game, seed=int(game), count=12):
        for decision in decisions(game, replayed, recorded):
            if decision.turn_index % 2:
                continue
            for _ in range(20):
                _check_agrees(decision, decision.sampler.position(rng))
                drawn += 1
    assert drawn >= 1000


def _consistent_deals(decision: Decision) -> list[list[list[Card]]]:
    """Every deal of the unseen cards to the places that keeps the record legal, by brute force."""
    places = decision.sampler.places
    cards = sorted(decision.sight.unseen, key=lambda card: card.index)
    deals = []

    def share(left: list[Card], index: int, so_far: list[list[Card]]) -> None:
        if index == len(places):
            if decision.sampler._replayed(so_far) is not None:
                deals.append(so_far)
            return
        for chosen in itertools.combinations(left, places[index].size):
            if any(card.suit not in places[index].allowed for card in chosen):
                continue
            rest = [card for card in left if card not in chosen]
            share(rest, index + 1, [*so_far, list(chosen)])

    share(cards, 0, [])
    return deals


def _chi_square_limit(freedom: int) -> float:
    """The chi-square value exceeded with probability 0.001 (Wilson-Hilferty)."""
    z = 3.09
    return freedom * (1 - 2 / (9 * freedom) + z * math.sqrt(2 / (9 * freedom))) ** 3


def _small_decisions(game: str) -> list[Decision]:
    """Late decisions with few consistent deals, some voids and at least two places."""
    found = []
    for replayed, recorded in recorded_hands(game, seed=100 + int(game), count=30):
        for decision in decisions(game, replayed, recorded):
            places = decision.sampler.places
            deals = math.comb(len(decision.sight.unseen), places[0].size) if places else 0
            voids = any(place.allowed != frozenset(Suit) for place in places)
            if (
                len(places) >= 2
                and voids
                and 20 <= deals <= 400
                and len(decision.sight.unseen) <= 9
            ):
                found.append(decision)
                break
        if len(found) == 2:
            break
    return found


@pytest.mark.parametrize("game", GAMES)
def test_each_unseen_card_lands_in_each_place_as_often_as_the_constraints_allow(game: str) -> None:
    chosen = _small_decisions(game)
    assert chosen
    for decision in chosen:
        deals = _consistent_deals(decision)
        places = decision.sampler.places
        expected: Counter[tuple[Card, int]] = Counter()
        for deal in deals:
            for index, cards in enumerate(deal):
                for card in cards:
                    expected[(card, index)] += 1
        draws = 3000
        rng = random.Random(f"chi {game}")
        seen: Counter[tuple[Card, int]] = Counter()
        for _ in range(draws):
            placed = decision.sampler.counter.draw(rng)
            while decision.sampler._replayed(placed) is None:
                placed = decision.sampler.counter.draw(rng)
            for index, cards in enumerate(placed):
                for card in cards:
                    seen[(card, index)] += 1
        statistic = 0.0
        freedom = 0
        for card in decision.sight.unseen:
            cells = [index for index in range(len(places)) if expected[(card, index)]]
            freedom += len(cells) - 1
            for index in cells:
                wanted = draws * expected[(card, index)] / len(deals)
                statistic += (seen[(card, index)] - wanted) ** 2 / wanted
            impossible = set(range(len(places))) - set(cells)
            assert not any(seen[(card, index)] for index in impossible)
        assert freedom > 0
        assert statistic < _chi_square_limit(freedom), (statistic, freedom)


def test_the_counter_counts_the_deals_that_keep_every_void() -> None:
    spades = [Card(rank, Suit.SPADES) for rank in "JA9"]
    hearts = [Card(rank, Suit.HEARTS) for rank in "JA"]
    places = [
        Place(2, 2, frozenset({Suit.HEARTS})),
        Place(3, 3, frozenset(Suit)),
    ]
    counter = DealCounter(places, spades + hearts)
    # seat 2 holds only hearts: both hearts, and seat 3 the three spades
    assert counter.total() == 1
    places[0] = Place(2, 2, frozenset(Suit))
    assert DealCounter(places, spades + hearts).total() == math.comb(5, 2)


def test_the_same_seed_draws_the_same_deals() -> None:
    replayed, recorded = next(recorded_hands("29", seed=5, count=1))
    decision = list(decisions("29", replayed, recorded))[9]
    first = [decision.sampler.position(random.Random(3)) for _ in range(5)]
    again = [decision.sampler.position(random.Random(3)) for _ in range(5)]
    assert first == again


def test_before_the_trump_in_29_the_callers_later_four_are_drawn_into_his_own_hand() -> None:
    record = random_hand("29", random.Random(8))
    session = replay_session(record, steps=True)
    replayed = session.hands[0]
    recorded = read_hand(record, replayed, session.rules)
    assert recorded.start is not None
    caller = recorded.start.caller
    steps = replayed.steps or []
    at = next(i for i, step in enumerate(steps) if step.event.kind == "trump")
    sight = sight_of(steps[at - 1].state, caller, 0, recorded, "29")
    line = record.hands[0].deal_of(caller)
    assert line is not None
    dealt = [entry.card.code for entry in line.cards if entry.card]
    assert {card.code for card in sight.own} == set(dealt[:4])
    assert {card.code for card in sight.unseen} >= set(dealt[4:])
    assert sight.holding == tuple(4 if seat == caller else 8 for seat in range(1, 5))
    places = places_of(sight, caller)
    counter = DealCounter(places, sorted(sight.unseen, key=lambda card: card.index))
    rng = random.Random(3)
    for _ in range(20):
        hands = [set(sight.own) if seat == caller else set() for seat in range(1, 5)]
        for place, cards in zip(places, counter.draw(rng), strict=True):
            hands[place.seat - 1] |= set(cards)
        assert [len(cards) for cards in hands] == [8, 8, 8, 8]
        assert set().union(*hands) == set(sight.unseen | sight.own)


def test_a_declared_pair_stays_in_its_declarers_hand_in_every_sampled_deal() -> None:
    """29: the King and Queen of trumps a seat declared are known to be in its hand until played;
    every deal drawn for another seat places them there."""
    rng = random.Random("pair")
    checked = 0
    for replayed, recorded in recorded_hands("29", seed=2929, count=60):
        start = recorded.start
        assert start is not None and start.face_down is not None
        pair = [
            step
            for step in replayed.steps or []
            if step.event.kind == "pair" and not step.findings and step.event.seat is not None
        ]
        if not pair:
            continue
        declarer = pair[0].event.seat
        assert declarer is not None
        trumps = {Card(rank, start.face_down.suit) for rank in "KQ"}
        for decision in decisions("29", replayed, recorded):
            if decision.sight.seat == declarer:
                continue
            held = trumps & decision.truth.hands[declarer - 1]
            if f"pair {declarer}" not in _undertakings(decision) or not held:
                continue
            assert held <= decision.sight.shown[declarer - 1]
            assert not held & decision.sight.unseen
            for _ in range(10):
                sample = decision.sampler.position(rng)
                _check_agrees(decision, sample)
                assert held <= sample.hands[declarer - 1]
                checked += 1
    assert checked >= 200, checked


def _undertakings(decision: Decision) -> tuple[str, ...]:
    """What was in force as the decision's turn began (a valid pair reads ``pair N``)."""
    steps = decision.replayed.steps or []
    first = next(i for i, step in enumerate(steps) if step.event.kind in ("action", "card"))
    turns = [index for index, turn in enumerate(decision.recorded.turns) if not turn.ends]
    state = decision_states(steps, first)[turns.index(decision.turn_index)]
    return state.undertakings
