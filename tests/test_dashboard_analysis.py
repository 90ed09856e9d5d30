"""The coaching views: a card's verdict at its Replay step, a hand's tables, a player's mistakes."""

from __future__ import annotations

from pathlib import Path

import pytest

from dashboard.library import load
from dashboard.views.analysis import (
    AnalysedHand,
    card_kind,
    cost_by,
    costly_cards,
    hand_summary,
    mistakes_figure,
    player_mistakes,
    player_summary,
    trump_choices,
    verdict_at,
)
from recorder.cards import Call, Suit
from recorder.model import Record
from replay import HandReplay, replay_hand
from replay.solver import THRESHOLDS, CardJudgement, HandAnalysis, Move, analyse_replayed

EXAMPLE = Path(__file__).resolve().parent.parent / "data" / "tgn-example-40.tgn"


@pytest.fixture(scope="module")
def example() -> tuple[Record, HandReplay, HandAnalysis]:
    """The TGN.md §8 example as the dashboard loads it, replayed and analysed once."""
    session = load(EXAMPLE.name, EXAMPLE.name, EXAMPLE.read_bytes())
    assert session.record is not None
    hand = replay_hand(session.record, 0)
    return session.record, hand, analyse_replayed(session.record, hand)


def judgement(
    trick: int, seat: int, player: str, played: str, before: int, after: int, best: list[str]
) -> CardJudgement:
    """A judged card written short: moves as TGN turns (``ask 7H``), the cost from the values
    (seat 1's team calls)."""
    cost = before - after if seat % 2 == 1 else after - before
    moves = tuple(Move.parse(token) for token in best)
    label = THRESHOLDS.label(cost)
    return CardJudgement(trick, seat, player, Move.parse(played), before, after, cost, moves, label)


def analysis(cards: list[CardJudgement], trumps: dict[str, int | None], value: int) -> HandAnalysis:
    """A 28 hand called 18 by seat 1 with these judged cards and trump table."""
    return HandAnalysis(1, 1, Call.parse("18", honours=False), value, tuple(cards), trumps, 28)


def test_every_card_step_shows_its_own_judgement(
    example: tuple[Record, HandReplay, HandAnalysis],
) -> None:
    _, hand, analysed = example
    steps = hand.steps or []
    by_turn = {(card.trick, card.seat): card for card in analysed.cards}
    shown = 0
    for index, step in enumerate(steps):
        verdict = verdict_at(analysed, steps, index)
        if step.event.kind != "card":
            assert verdict is None
            continue
        assert step.event.trick is not None and step.event.seat is not None
        judged = by_turn[(step.event.trick, step.event.seat)]
        assert verdict is not None and verdict.player == judged.player
        assert (verdict.cost, verdict.label) == (judged.cost, judged.label)
        assert (verdict.value_before, verdict.value_after) == (
            judged.value_before,
            judged.value_after,
        )
        assert step.event.token.endswith(judged.move.card.code)
        assert bool(verdict.better) == bool(judged.cost)
        shown += 1
    assert shown == len(analysed.cards) == len(hand.tricks) * 6


def test_the_costly_cards_table_lists_exactly_the_cards_that_cost_and_their_steps(
    example: tuple[Record, HandReplay, HandAnalysis],
) -> None:
    _, hand, analysed = example
    steps = hand.steps or []
    table = costly_cards(analysed, steps)
    assert list(table["Cost"]) == [card.cost for card in analysed.cards if card.cost]
    for row in table.itertuples():
        verdict = verdict_at(analysed, steps, int(row.Step))
        assert verdict is not None and verdict.cost == row.Cost and verdict.player == row.Player


def test_the_verdict_names_the_better_moves_and_the_values(
    example: tuple[Record, HandReplay, HandAnalysis],
) -> None:
    _, hand, _ = example  # trick 1 opens 1:JS 2:KH 3:AS
    steps = hand.steps or []
    cards = [
        judgement(1, 1, "Anil", "JS", 20, 12, ["8C", "7C"]),
        judgement(1, 2, "Biju", "KH", 12, 12, ["KH", "JC"]),
        judgement(1, 3, "Chitra", "AS", 12, 11, ["ask 7H"]),
    ]
    first = next(i for i, step in enumerate(steps) if step.event.kind == "card")
    blunder = verdict_at(analysis(cards, {}, 20), steps, first)
    assert blunder is not None and blunder.player == "Anil"
    assert blunder.headline == "J♠: cost 8 (blunder)"
    assert blunder.better == ("8♣", "7♣")
    assert "20 → 12" in blunder.detail and "Better: 8♣, 7♣" in blunder.detail
    best = verdict_at(analysis(cards, {}, 20), steps, first + 1)
    assert best is not None and best.headline == "K♥: a best move (cost 0)"
    assert best.better == () and "Better" not in best.detail
    inaccuracy = verdict_at(analysis(cards, {}, 20), steps, first + 2)
    assert inaccuracy is not None and inaccuracy.better == ("ask 7♥",)
    assert inaccuracy.label == "inaccuracy"
    assert verdict_at(analysis(cards, {}, 20), steps, first - 1) is None  # the trump put down
    assert verdict_at(analysis(cards, {}, 20), steps, len(steps)) is None
    assert verdict_at(analysis(cards[:1], {}, 20), steps, first + 1) is None  # analysis stopped


def test_the_trump_table_marks_the_suit_put_down_and_what_makes_the_call() -> None:
    table = trump_choices(analysis([], {"S": 16, "H": 21, "D": None, "C": 18}, 16), Suit.SPADES)
    rows = table.set_index("Trump")
    forced = rows["Callers could force"]
    assert list(forced.dropna()) == [16, 21, 18] and forced.isna().tolist() == [0, 0, 1, 0]
    assert list(rows["Makes the call"]) == ["no", "yes", "", "yes"]
    assert list(rows["Put down"]) == ["✓", "", "", ""]
    assert trump_choices(analysis([], {}, 28), None).empty  # a Thani has no trump table


def test_the_summary_says_whether_the_call_could_be_forced() -> None:
    made = hand_summary(analysis([], {"S": 20}, 20))
    assert "take 20 (18 called)" in made and "could be forced." in made
    other = hand_summary(analysis([], {"S": 16, "H": 21}, 16))
    assert "could not be forced, but could with another trump" in other
    never = hand_summary(analysis([], {"S": 16, "H": 17}, 16))
    assert never.endswith("could not be forced with any trump.")
    unsolved = HandAnalysis(2, None, None, None, (), {}, reason="no standing call")
    assert hand_summary(unsolved) == "Not analysed: no standing call."


def test_a_card_is_trump_timing_when_no_better_move_asks_or_shows_as_it_did() -> None:
    assert card_kind(judgement(2, 2, "B", "ask TC", 20, 22, ["JC"])) == "trump timing"
    assert card_kind(judgement(2, 2, "B", "QC", 20, 22, ["ask 7H", "show 9H"])) == "trump timing"
    assert card_kind(judgement(2, 2, "B", "QC", 20, 22, ["ask 7H", "JC"])) == "card play"
    assert card_kind(judgement(2, 2, "B", "ask TC", 20, 22, ["ask JC"])) == "card play"


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
    second = analysis([judgement(1, 1, "Anil", "AS", 18, 18, ["AS"])], {"S": 18}, 18)
    return [
        AnalysedHand("night.tgn", first, "Anil", Suit.SPADES),
        AnalysedHand("night.tgn", second, "Biju", Suit.SPADES),
    ]


def test_a_players_mistakes_include_the_trump_choice_costliest_first() -> None:
    mistakes = player_mistakes(coached_hands(), "Anil")
    assert list(mistakes["Cost"]) == [8, 3, 1]
    calling = mistakes[mistakes["Kind"] == "calling"].iloc[0]
    assert (calling["Trick"], calling["Played"], calling["Better"]) == (
        0,
        "trump ♠",
        "trump ♥, trump ♣",
    )
    assert calling["Label"] == "mistake"
    assert set(mistakes["Kind"]) == {"calling", "card play"}
    biju = player_mistakes(coached_hands(), "Biju")
    assert list(biju["Kind"]) == ["trump timing"]  # he was not the caller of the first hand
    assert player_mistakes(coached_hands(), "Chitra").empty


def test_a_players_summary_adds_up_his_cards_over_the_hands() -> None:
    summary = player_summary(coached_hands(), "Anil")
    assert summary == {"cards": 3, "cost": 9, "inaccuracies": 1, "mistakes": 0, "blunders": 1}


def test_costs_are_grouped_by_kind_and_trick_and_charted_per_kind() -> None:
    mistakes = player_mistakes(coached_hands(), "Anil")
    by_kind = cost_by(mistakes, "Kind").set_index("Kind")
    assert by_kind.loc["card play", "Points"] == 9 and by_kind.loc["card play", "Decisions"] == 2
    assert by_kind.loc["calling", "Points"] == 3
    by_trick = cost_by(mistakes, "Trick").set_index("Trick")
    assert dict(by_trick["Points"]) == {0: 3, 1: 8, 2: 1}
    figure = mistakes_figure(mistakes, 8)
    bars = {trace.name: dict(zip(trace.x, trace.y, strict=True)) for trace in figure.data}
    assert bars == {"calling": {0: 3}, "card play": {1: 8, 2: 1}}
    assert figure.layout.barmode == "stack" and tuple(figure.layout.xaxis.range) == (-0.5, 8.5)
