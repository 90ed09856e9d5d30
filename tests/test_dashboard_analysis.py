"""The coaching views: a card's verdict at its Replay step, a hand's tables, a player's mistakes."""

from __future__ import annotations

from pathlib import Path

import pytest

from dashboard.library import load
from dashboard.views.tricks.analysis import (
    MISTAKE_COLUMNS,
    cost_by,
    costly_cards,
    hand_summary,
    mistakes_figure,
    mistakes_table,
    trump_choices,
    verdict_at,
)
from recorder.cards import Suit
from recorder.model import Record
from replay.solver import HandAnalysis, analyse_replayed
from replay.solver.coaching import Mistake, player_mistakes
from replay.tricks import HandReplay, replay_hand
from tests.test_coaching import analysis, coached_hands, judgement

EXAMPLE = Path(__file__).resolve().parent.parent / "data" / "tgn-example-40.tgn"


@pytest.fixture(scope="module")
def example() -> tuple[Record, HandReplay, HandAnalysis]:
    """The TGN.md §8 example as the dashboard loads it, replayed and analysed once."""
    session = load(EXAMPLE.name, EXAMPLE.name, EXAMPLE.read_bytes())
    assert session.record is not None
    hand = replay_hand(session.record, 0)
    return session.record, hand, analyse_replayed(session.record, hand)


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
    assert list(forced) == ["16", "21", "", "18"]
    assert list(rows["Makes the call"]) == ["no", "yes", "no card of the suit", "yes"]
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


def test_a_players_mistakes_table_says_each_decision_in_the_order_given() -> None:
    mistakes = player_mistakes(coached_hands(), "Anil")
    table = mistakes_table(mistakes)
    assert list(table.columns) == MISTAKE_COLUMNS
    assert list(table["Cost"]) == [mistake.cost for mistake in mistakes] == [8, 3, 1]
    assert list(table["Kind"]) == [mistake.kind for mistake in mistakes]
    calling = table[table["Kind"] == "calling"].iloc[0]
    assert (calling["Trick"], calling["Played"], calling["Better"], calling["Label"]) == (
        0,
        "trump ♠",
        "trump ♥, trump ♣",
        "mistake",
    )
    blunder = table.iloc[0]
    assert (blunder["Played"], blunder["Better"], blunder["Label"]) == ("J♠", "8♣", "blunder")
    assert list(mistakes_table(player_mistakes(coached_hands(), "Biju"))["Better"]) == ["ask 7♥"]
    unknown = Mistake("night.tgn", 1, 0, 1, "calling", None, 2, "inaccuracy", (Suit.CLUBS,))
    assert mistakes_table([unknown])[["Played", "Better"]].values.tolist() == [["trump", "trump ♣"]]
    empty = mistakes_table(())
    assert empty.empty and list(empty.columns) == MISTAKE_COLUMNS


def test_a_mistakes_table_starts_with_the_decision_then_its_link_then_where() -> None:
    """On a phone only the first columns fit the screen: the card played, its label, its cost and
    the better card come first, the link to the moment and where it was after."""
    mistakes = player_mistakes(coached_hands(), "Anil")
    decision = ["Played", "Label", "Cost", "Better"]
    where = ["Session", "Hand", "Trick", "Kind"]
    assert list(mistakes_table(mistakes).columns) == decision + where
    links = [f"replay?hand={mistake.hand}" for mistake in mistakes]
    assert list(mistakes_table(mistakes, links).columns) == [*decision, "Replay", *where]


def test_costs_are_grouped_by_kind_and_trick_and_charted_per_kind() -> None:
    mistakes = mistakes_table(player_mistakes(coached_hands(), "Anil"))
    by_kind = cost_by(mistakes, "Kind").set_index("Kind")
    assert by_kind.loc["card play", "Points"] == 9 and by_kind.loc["card play", "Decisions"] == 2
    assert by_kind.loc["calling", "Points"] == 3
    by_trick = cost_by(mistakes, "Trick").set_index("Trick")
    assert dict(by_trick["Points"]) == {0: 3, 1: 8, 2: 1}
    figure = mistakes_figure(mistakes, 8)
    bars = {trace.name: dict(zip(trace.x, trace.y, strict=True)) for trace in figure.data}
    assert bars == {"calling": {0: 3}, "card play": {1: 8, 2: 1}}
    assert figure.layout.barmode == "stack" and tuple(figure.layout.xaxis.range) == (-0.5, 8.5)
