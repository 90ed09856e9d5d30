"""A player's costly decisions as data: which are calling, trump timing or card play, and their
order, on hand-made judgements and on a bundled session solved for real."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from dashboard.library import load
from recorder.cards import Call, Suit
from replay.solver import THRESHOLDS, CardJudgement, HandAnalysis, Move, analyse_replayed
from replay.solver.coaching import (
    AnalysedHand,
    Mistake,
    PlayerSummary,
    calling_mistake,
    card_kind,
    player_mistakes,
    player_summary,
)
from replay.tricks import replay_hand

RUBBER = Path(__file__).resolve().parent.parent / "data" / "rubber-29.tgn"


def judgement(
    trick: int, seat: int, player: str, played: str, before: int, after: int, best: list[str]
) -> CardJudgement:
    """A judged card written short: moves as TGN turns (``ask 7H``), the cost from the values
    (seat 1's team calls)."""
    cost = before - after if seat % 2 == 1 else after - before
    moves = tuple(Move.parse(token) for token in best)
    label = THRESHOLDS.label(cost)
    return CardJudgement(trick, seat, player, Move.parse(played), before, after, cost, moves, label)


def analysis(
    cards: list[CardJudgement], trumps: dict[str, int | None], value: int | None, number: int = 1
) -> HandAnalysis:
    """A 28 hand called 18 by seat 1 with these judged cards and trump table."""
    call = Call.parse("18", honours=False)
    return HandAnalysis(number, 1, call, value, tuple(cards), trumps, 28)


def coached_hands() -> list[AnalysedHand]:
    """Two hands of Anil (seat 1): he called in the first and chose a trump worth 3 less."""
    first = analysis(
        [
            judgement(1, 1, "Anil", "JS", 20, 12, ["8C"]),
            judgement(1, 2, "Biju", "QC", 12, 15, ["ask 7H"]),
            judgement(2, 1, "Anil", "8C", 15, 14, ["7C"]),
        ],
        {"S": 20, "H": 23, "D": None, "C": 23},
        20,
    )
    second = analysis([judgement(1, 1, "Anil", "AS", 18, 18, ["AS"])], {"S": 18}, 18, number=2)
    return [
        AnalysedHand("night.tgn", first, "Anil", Suit.SPADES),
        AnalysedHand("night.tgn", second, "Biju", Suit.SPADES),
    ]


def test_a_costly_trump_choice_is_a_calling_mistake_of_the_caller_only() -> None:
    anil = player_mistakes(coached_hands(), "Anil")
    calling = [mistake for mistake in anil if mistake.kind == "calling"]
    assert calling == [
        Mistake(
            "night.tgn", 1, 0, 1, "calling", Suit.SPADES, 3, "mistake", (Suit.HEARTS, Suit.CLUBS)
        )
    ]
    biju = player_mistakes(coached_hands(), "Biju")  # he plays in the first hand, Anil called
    assert [mistake.kind for mistake in biju] == ["trump timing"]
    assert player_mistakes(coached_hands(), "Chitra") == ()


def test_a_trump_choice_that_kept_the_value_or_was_not_solved_is_no_mistake() -> None:
    cases: list[tuple[dict[str, int | None], int | None]] = [
        ({"S": 20, "H": 20}, 20),  # the suit put down was as good as any
        ({}, 28),  # a Thani: no trump
        ({"S": None}, 20),
        ({"S": 9}, None),  # not solved
    ]
    for trumps, value in cases:
        hand = AnalysedHand("night.tgn", analysis([], trumps, value), "Anil", Suit.SPADES)
        assert calling_mistake(hand) is None, (trumps, value)


def test_a_card_is_trump_timing_when_no_better_move_asks_or_shows_as_it_did() -> None:
    assert card_kind(judgement(2, 2, "B", "ask TC", 20, 22, ["JC"])) == "trump timing"
    assert card_kind(judgement(2, 2, "B", "QC", 20, 22, ["ask 7H", "show 9H"])) == "trump timing"
    assert card_kind(judgement(2, 2, "B", "QC", 20, 22, ["ask 7H", "JC"])) == "card play"
    assert card_kind(judgement(2, 2, "B", "ask TC", 20, 22, ["ask JC"])) == "card play"


def test_card_mistakes_carry_the_move_its_label_and_the_better_moves() -> None:
    anil = player_mistakes(coached_hands(), "Anil")
    cards = [mistake for mistake in anil if mistake.kind != "calling"]
    assert [(m.trick, m.played, m.cost, m.label) for m in cards] == [
        (1, Move.parse("JS"), 8, "blunder"),
        (2, Move.parse("8C"), 1, "inaccuracy"),
    ]
    assert cards[0].better == (Move.parse("8C"),) and cards[0].kind == "card play"


def test_mistakes_come_costliest_first_then_by_session_hand_and_trick() -> None:
    later = analysis(
        [
            judgement(3, 1, "Anil", "9H", 20, 19, ["TH"]),
            judgement(1, 1, "Anil", "QS", 21, 20, ["KS"]),
        ],
        {"S": 21},
        21,
        number=2,
    )
    hands = [AnalysedHand("night.tgn", later, "Anil", Suit.SPADES), *coached_hands()]
    hands.append(AnalysedHand("another.tgn", later, "Anil", Suit.SPADES))
    order = [(m.cost, m.session, m.hand, m.trick) for m in player_mistakes(hands, "Anil")]
    assert order == [
        (8, "night.tgn", 1, 1),
        (3, "night.tgn", 1, 0),
        (1, "another.tgn", 2, 1),
        (1, "another.tgn", 2, 3),
        (1, "night.tgn", 1, 2),
        (1, "night.tgn", 2, 1),
        (1, "night.tgn", 2, 3),
    ]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 8), st.integers(0, 12)), min_size=1, max_size=8))
def test_every_costly_card_of_the_player_is_listed_once_costliest_first(
    turns: list[tuple[int, int]],
) -> None:
    cards = [
        judgement(trick, 1, "Anil", "7C", 20, 20 - cost, ["8C"] if cost else ["7C"])
        for trick, cost in turns
    ]
    cards.append(judgement(1, 2, "Biju", "KH", 20, 29, ["TH"]))  # someone else's costly card
    hand = AnalysedHand("night.tgn", analysis(cards, {}, 20), "Biju", Suit.SPADES)
    listed = player_mistakes([hand], "Anil")
    costs = [mistake.cost for mistake in listed]
    assert costs == sorted(costs, reverse=True)
    assert sorted((m.trick, m.cost) for m in listed) == sorted(
        (trick, cost) for trick, cost in turns if cost
    )


def test_a_players_summary_adds_up_his_cards_over_the_hands() -> None:
    assert player_summary(coached_hands(), "Anil") == PlayerSummary(4, 12, 1, 1, 1)
    assert player_summary(coached_hands(), "Chitra") == PlayerSummary()


def test_the_rubber_callers_diamond_trump_is_a_calling_mistake_against_the_solver() -> None:
    session = load(RUBBER.name, RUBBER.name, RUBBER.read_bytes())
    assert session.record is not None
    replayed = replay_hand(session.record, 0)
    solved = analyse_replayed(session.record, replayed)
    assert solved.caller is not None and solved.value_at_start is not None
    caller = session.record.player(solved.caller)
    forced = {suit: value for suit, value in solved.trumps.items() if value is not None}
    hand = AnalysedHand(RUBBER.name, solved, caller, replayed.result.trump)
    chosen = [mistake for mistake in player_mistakes([hand], caller) if mistake.kind == "calling"]
    assert chosen == [calling_mistake(hand)]
    assert chosen[0].played == replayed.result.trump
    assert chosen[0].cost == max(forced.values()) - solved.value_at_start > 0
    assert set(chosen[0].better) == {
        Suit(suit) for suit, value in forced.items() if value == max(forced.values())
    }
    for seat in range(1, len(session.record.players) + 1):
        other = session.record.player(seat)
        if other != caller:
            assert all(m.kind != "calling" for m in player_mistakes([hand], other))
