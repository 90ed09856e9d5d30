"""Fair verdicts: equal to the all-hands ones when nothing hidden matters, forgiving a true guess,
reproducible by seed, and sharper as the samples grow."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from functools import cache
from statistics import fmean

from dashboard.cli.fair_report import decision_mapper
from recorder.cards import Call, CallKind, Card, Suit
from replay.fair import (
    FairValue,
    Sampler,
    Sampling,
    Sight,
    analyse_fair_session,
    fair_value,
    judge,
)
from replay.solver import CardJudgement, HandAnalysis, Move, Position, Solver
from replay.solver.board import Board
from replay.solver.deal import random_ending
from replay.tricks.engine import replay_session
from replay.tricks.simulate import random_hand

GAMES = ("40", "28", "29")


def _guess() -> tuple[Position, Sight]:
    """29, clubs open, seat 3 (against the callers' 19) leads the ace or the eight of clubs; the
    Jack of clubs is with seat 2 or seat 4, and that alone decides which card keeps the callers
    short. Every other card is known to seat 3 (shown)."""
    cards = {code: Card.parse(code) for code in ("9C", "QC", "8H", "JC", "AC", "8C", "TC", "KH")}
    position = Position(
        game="29",
        hands=(
            frozenset({cards["9C"], cards["QC"]}),
            frozenset({cards["8H"], cards["JC"]}),
            frozenset({cards["AC"], cards["8C"]}),
            frozenset({cards["TC"], cards["KH"]}),
        ),
        caller=2,
        call=Call(CallKind.NUMBER, 19),
        trump=Suit.CLUBS,
        leader=3,
        points=(14, 7),
    )
    empty: frozenset[Card] = frozenset()
    sight = Sight(
        seat=3,
        turn_index=0,
        own=position.hands[2],
        unseen=frozenset({cards["JC"], cards["KH"]}),
        holding=(0, 1, 0, 1),
        face_down_hidden=False,
        voids=(frozenset(),) * 4,
        trump=Suit.CLUBS,
        played=(empty,) * 4,
        shown=(position.hands[0], frozenset({cards["8H"]}), empty, frozenset({cards["TC"]})),
    )
    return position, sight


def _ace_played() -> CardJudgement:
    """Seat 3's ace as the all-hands analysis judges it: it lets the callers reach 19."""
    better = (Move(Card.parse("8C")),)
    return CardJudgement(3, 3, "Chitra", Move(Card.parse("AC")), 18, 19, 1, better, "inaccuracy")


def _guess_value(samples: int = 64) -> tuple[Position, FairValue]:
    position, sight = _guess()
    sampler = Sampler(position, (), sight, None)
    total = Board(position).left + sum(position.points)
    sampling = Sampling(samples=samples, early_stop=False)
    return position, fair_value(sampler, position.call, total, random.Random(1), sampling, False)


def test_a_true_guess_is_a_mistake_to_the_all_hands_solver_and_none_to_the_fair_one() -> None:
    position, value = _guess_value()
    solver = Solver(position)
    before = solver.value()
    after = solver.value_after(Move(Card.parse("AC")))
    # with every card known, the ace lets the callers reach 19: the call is lost by it
    assert (before, after) == (18, 19)
    assert set(value.keys) == {"AC", "8C"}
    assert 0.3 < value.figures("AC").chance < 0.7
    # in each deal exactly one of the two cards keeps the callers short
    assert value.figures("AC").chance + value.figures("8C").chance == 1.0
    card = CardJudgement(
        3, 3, "Chitra", Move(Card.parse("AC")), 18, 19, 1, (Move(Card.parse("8C")),), "inaccuracy"
    )
    analysis = HandAnalysis(1, 2, position.call, 18, (card,), {}, total=29)
    verdict = judge(card, value, analysis)
    assert verdict.all_hands_chance_lost == 1.0
    assert verdict.label is None
    assert verdict.chance_lost <= 2 * verdict.chance_error
    assert verdict.agreement == "unlucky"


def test_the_guess_with_the_jack_placed_is_a_mistake_to_both() -> None:
    position, sight = _guess()
    jack, king = Card.parse("JC"), Card.parse("KH")
    known = replace(
        sight,
        unseen=frozenset(),
        holding=(0, 0, 0, 0),
        shown=(sight.shown[0], sight.shown[1] | {jack}, frozenset(), sight.shown[3] | {king}),
    )
    sampler = Sampler(position, (), known, None)
    total = Board(position).left + sum(position.points)
    value = fair_value(sampler, position.call, total, random.Random(1), Sampling(8), False)
    card = CardJudgement(
        3, 3, "Chitra", Move(Card.parse("AC")), 18, 19, 1, (Move(Card.parse("8C")),), "inaccuracy"
    )
    verdict = judge(card, value, HandAnalysis(1, 2, position.call, 18, (card,), {}, total=29))
    assert verdict.chance_lost == 1.0 and verdict.label == "blunder"
    assert verdict.agreement == "agreed"


def _forced_sight(position: Position, hidden_seat: int) -> Sight:
    """What the player to move sees when every hand is shown to him but ``hidden_seat``'s, whose
    cards are then the only way the unseen cards can lie."""
    seat = position.to_move
    empty: frozenset[Card] = frozenset()
    return Sight(
        seat=seat,
        turn_index=0,
        own=position.hands[seat - 1],
        unseen=position.hands[hidden_seat - 1],
        holding=tuple(
            len(hand) if index + 1 == hidden_seat else 0
            for index, hand in enumerate(position.hands)
        ),
        face_down_hidden=False,
        voids=(frozenset(),) * position.players,
        trump=position.trump,
        played=(empty,) * position.players,
        shown=tuple(
            empty if index + 1 in (seat, hidden_seat) else hand
            for index, hand in enumerate(position.hands)
        ),
    )


def test_where_the_hidden_cards_are_forced_the_fair_verdict_is_the_all_hands_one() -> None:
    rng = random.Random(11)
    compared = 0
    for game in GAMES:
        while compared < 4 * (GAMES.index(game) + 1):
            position = random_ending(game, rng, rng.randint(5, 12))
            board = Board(position)
            if position.face_down is not None or len(board.legal()) < 2:
                continue
            seat = position.to_move
            hidden = seat % position.players + 1
            sight = _forced_sight(position, hidden)
            sampler = Sampler(position, (), sight, None)
            assert sampler.counter.total() == 1
            total = board.left + sum(position.points)
            callers = (seat - 1) % 2 == (position.caller - 1) % 2
            value = fair_value(sampler, position.call, total, rng, Sampling(4), callers)
            solver = Solver(position)
            before = solver.value()
            for move in map(board.move_of, board.legal()):
                after = solver.value_after(move)
                assert value.values[move.token] == [after] * value.samples
                cost = before - after if callers else after - before
                card = CardJudgement(1, seat, "P", move, before, after, cost, (), None)
                analysis = HandAnalysis(
                    1, position.caller, position.call, before, (card,), {}, total=total
                )
                verdict = judge(card, value, analysis)
                assert verdict.chance_lost == verdict.all_hands_chance_lost
                if verdict.skipped is None:
                    assert verdict.points_lost == cost
            compared += 1


@cache
def _session(seed: int, jobs: int) -> str:
    record = random_hand("29", random.Random(8))
    with decision_mapper(jobs) as mapper:
        return json.dumps(
            analyse_fair_session(record, None, Sampling(samples=3, calling=2), seed, mapper)
        )


def test_the_last_round_is_forced_and_skipped() -> None:
    hand = json.loads(_session(7, 1))["hands"][0]
    last_trick = max(decision["trick"] for decision in hand["decisions"])
    last = [d for d in hand["decisions"] if d["trick"] == last_trick]
    assert last and all(d["skipped"] == "forced" for d in last)
    assert all(d["all_hands"]["cost"] == 0 for d in last)


def test_the_same_seed_gives_the_same_result_with_any_number_of_jobs() -> None:
    assert _session(7, 1) == _session(7, 2)


def test_four_times_the_samples_halve_the_standard_error() -> None:
    errors: dict[int, list[float]] = {8: [], 32: []}
    for samples in errors:
        for seed in range(6):
            _, value = _guess_value_seeded(samples, seed)
            chance = [float(made) for made in value.made["AC"]]
            mean = fmean(chance)
            spread = (sum((c - mean) ** 2 for c in chance) / (len(chance) - 1)) ** 0.5
            errors[samples].append(spread / len(chance) ** 0.5)
    ratio = fmean(errors[8]) / fmean(errors[32])
    assert 1.6 < ratio < 2.5, ratio


def _guess_value_seeded(samples: int, seed: int) -> tuple[Position, FairValue]:
    position, sight = _guess()
    sampler = Sampler(position, (), sight, None)
    total = Board(position).left + sum(position.points)
    sampling = Sampling(samples=samples, early_stop=False)
    rng = random.Random(seed)
    return position, fair_value(sampler, position.call, total, rng, sampling, False)


def test_the_trump_choice_is_judged_on_the_callers_first_four_cards_in_29() -> None:
    hand = json.loads(_session(7, 1))["hands"][0]
    calling = hand["calling"]
    record = random_hand("29", random.Random(8))
    caller = replay_session(record).hands[0].result.caller
    assert caller is not None
    line = record.hands[0].deal_of(caller)
    assert line is not None
    first_four = {entry.card.code for entry in line.cards[:4] if entry.card}
    assert calling["chosen"]["card"] in first_four
    assert {choice["card"] for choice in calling["suits"].values()} <= first_four
    chances = list(calling["calls"].values())
    assert all(0.0 <= chance <= 1.0 for chance in chances)
    assert chances == sorted(chances, reverse=True)
