"""The coaching analysis of recorded hands: the TGN.md §8 example card by card, and its edges."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from recorder import loads
from replay.solver import Solver
from replay.solver.analysis import (
    THRESHOLDS,
    HandAnalysis,
    Thresholds,
    analyse_hand,
    analyse_session,
    coaching_by_player,
)
from replay.solver.board import Board
from replay.solver.recorded import read_hand
from replay.tricks import replay_session
from tests.test_solver_exhaustive import exhaustive_value

SPEC = Path(__file__).resolve().parent.parent / "docs" / "TGN.md"


def spec_example() -> str:
    """The complete example of TGN.md §8, as the spec writes it."""
    section = SPEC.read_text(encoding="utf-8").split("## 8.")[1]
    lines = [line[4:] for line in section.splitlines() if line.startswith("    ")]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def example() -> HandAnalysis:
    return analyse_hand(loads(spec_example()), 0)


def test_every_card_of_the_example_is_judged_in_the_order_played(example: HandAnalysis) -> None:
    record = loads(spec_example())
    played = [
        (trick.number, turn.seat, turn.card.code if turn.card else None)
        for trick in record.hands[0].tricks
        for turn in trick.turns
    ]
    judged = [(card.trick, card.seat, card.move.card.code) for card in example.cards]
    assert judged == played
    assert example.reason is None
    assert example.call is not None and example.call.token == "24"
    assert example.caller == 3


def test_values_follow_on_from_card_to_card_and_end_at_the_points_taken(
    example: HandAnalysis,
) -> None:
    cards = example.cards
    assert cards[0].value_before == example.value_at_start
    for before, after in pairwise(cards):
        assert after.value_before == before.value_after
    # Red took all 40 points: the last card leaves nothing to play for.
    assert cards[-1].value_after == 40
    assert example.makeable is True
    assert example.makeable_with_any_trump is True


def test_each_cost_is_what_the_card_gave_away_for_its_own_team(example: HandAnalysis) -> None:
    for card in example.cards:
        callers = card.seat % 2 == example.caller % 2 if example.caller else False
        swing = card.value_before - card.value_after
        assert card.cost == (swing if callers else -swing)
        assert card.cost >= 0
        assert card.label == THRESHOLDS.label(card.cost)
        assert (card.cost == 0) == (card.move in card.best)


def test_faiz_could_have_asked_and_made_bijus_king_a_trump(example: HandAnalysis) -> None:
    # Trick 1: JS led, Biju threw KH while the trump was hidden. Faiz, last to play and void in
    # spades, threw QC and let Red take the trick; asking opens hearts, and under retro-trump
    # Biju's KH becomes a trump that beats Faiz's forced 7H: Blue takes JS and AS, 4 points.
    faiz = next(card for card in example.cards if card.trick == 1 and card.seat == 6)
    assert faiz.cost == 4
    assert faiz.label == "mistake"
    assert [move.token for move in faiz.best] == ["ask 7H"]


def test_the_last_two_tricks_agree_with_the_exhaustive_search(example: HandAnalysis) -> None:
    record = loads(spec_example())
    replayed = replay_session(record, steps=True)
    recorded = read_hand(record, replayed.hands[0], replayed.rules)
    assert recorded.start is not None
    solver = Solver(recorded.start)
    for turn, card in zip(recorded.turns, example.cards, strict=True):
        if card.trick >= 5:
            assert card.value_before == exhaustive_value(Board(solver.board.position()))
        assert turn.move is not None
        solver.advance(card.move)


def test_the_trump_table_gives_every_suit_the_caller_could_have_chosen(
    example: HandAnalysis,
) -> None:
    # Chitra holds no club: clubs could not be trump. Hearts, the suit she chose, makes at
    # least what the game was worth from the first card.
    assert set(example.trumps) == {"S", "H", "D", "C"}
    assert example.trumps["C"] is None
    hearts = example.trumps["H"]
    assert hearts is not None and hearts >= (example.value_at_start or 0)
    assert all(value is None or 0 <= value <= 40 for value in example.trumps.values())


def test_the_json_has_exactly_the_shape_of_the_command(example: HandAnalysis) -> None:
    data = example.to_json()
    assert set(data) == {"hand", "value_at_start", "cards", "trumps"}
    assert set(data["cards"][0]) == {
        "trick",
        "seat",
        "card",
        "value_before",
        "value_after",
        "cost",
        "best",
        "label",
    }
    assert data["cards"][11]["card"] == "8D"


def test_a_session_is_analysed_hand_by_hand_or_one_hand_only() -> None:
    text = spec_example() + '\n[Hand "2"]\nredeal no-points\n'
    record = loads(text)
    assert analyse_session(record, 3) == {"game": "40", "hands": []}
    two = analyse_session(record, 2)
    assert two["game"] == "40"
    assert [hand["hand"] for hand in two["hands"]] == [2]


def test_a_hand_with_cards_not_seen_is_listed_with_a_reason() -> None:
    text = spec_example().replace("deal 4: 9S TS KS TH QH 8H\n", "")
    text = text.replace("6. 3:7D 4:9S", "6. 3:7D 4:-")
    analysis = analyse_session(loads(text))["hands"][0]
    assert analysis["cards"] == []
    assert "seat 4" in analysis["reason"]


def test_a_thrown_in_hand_is_listed_with_a_reason() -> None:
    text = spec_example().split("bid ")[0] + "redeal no-points\n"
    analysis = analyse_session(loads(text))["hands"][0]
    assert analysis["cards"] == [] and analysis["reason"]


def test_labels_go_by_the_cost_in_card_points() -> None:
    assert [THRESHOLDS.label(cost) for cost in (0, 1, 2, 3, 5, 6, 20)] == [
        None,
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]
    assert Thresholds(inaccuracy=2, mistake=4, blunder=8).label(3) == "inaccuracy"


def test_each_player_is_summed_up_over_his_cards(example: HandAnalysis) -> None:
    coaching = coaching_by_player([example])
    assert [player.seat for player in coaching] == [1, 2, 3, 4, 5, 6]
    for player in coaching:
        mine = [card for card in example.cards if card.seat == player.seat]
        assert player.cards == len(mine) == 6
        assert player.cost == sum(card.cost for card in mine)
        assert player.blunders == sum(card.label == "blunder" for card in mine)
        if player.worst is not None:
            assert player.worst.cost == max(card.cost for card in mine)
    assert coaching[5].player == "Faiz"


def test_a_record_that_contradicts_itself_is_listed_with_a_reason() -> None:
    # The face-down card written is Eli's 7S: the cards of the hand no longer add up.
    text = spec_example().replace("trump 9H", "trump 7S")
    analysis = analyse_session(loads(text))["hands"][0]
    assert analysis["cards"] == [] and analysis["reason"]


def test_the_analysis_stops_at_a_card_against_the_rules() -> None:
    # Trick 3: Dev throws 9S on a heart lead while holding 8H (a revoke); his 8H and 9S trade
    # places so that the deal still adds up.
    text = (
        spec_example()
        .replace("3. 3:JH 4:8H", "3. 3:JH 4:9S")
        .replace("6. 3:7D 4:9S", "6. 3:7D 4:8H")
    )
    analysis = analyse_session(loads(text))["hands"][0]
    judged = [(card["trick"], card["seat"]) for card in analysis["cards"]]
    assert judged[-1] == (3, 3)
    assert "trick 3" in analysis["reason"] and "Dev" in analysis["reason"]
