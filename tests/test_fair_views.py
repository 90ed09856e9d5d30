"""The Coaching page's fair views: ranking, the severity filter, the hand's score and the drill."""

from __future__ import annotations

import pytest

from dashboard.views.tricks.fair import (
    SessionHand,
    drills,
    fair_line_at,
    fair_table,
    hand_scores,
    verdict_words,
)
from recorder.cards import Call, CallKind, Card
from replay.fair import FairHand, FairJudgement
from replay.solver import CardJudgement, HandAnalysis, Move


def _decision(trick: int, played: str, chances: dict[str, float], lost: float) -> FairJudgement:
    move = Move(Card.parse(played))
    card = CardJudgement(trick, 3, "Chitra", move, 18, 18, 0, (move,), None)
    label = "blunder" if lost >= 0.3 else "mistake" if lost >= 0.2 else None
    best = max(chances, key=lambda key: 1 - chances[key])
    return FairJudgement(
        trick=trick,
        seat=3,
        player="Chitra",
        played=played,
        skipped=None,
        samples=32,
        choices=tuple((key, 18.0, chance) for key, chance in chances.items()),
        best=(best,),
        chance_lost=lost,
        chance_error=0.02,
        points_lost=lost * 10,
        points_error=0.5,
        label=label,
        all_hands=card,
        all_hands_chance_lost=0.0,
    )


def _hands() -> list[SessionHand]:
    # seat 3 defends against seat 2's call: its side wants the callers' chance low
    decisions = (
        _decision(1, "AC", {"AC": 0.5, "8C": 0.25}, 0.25),
        _decision(2, "KH", {"KH": 0.9, "QH": 0.4}, 0.5),
        _decision(3, "9S", {"9S": 0.4, "7S": 0.4}, 0.0),
    )
    analysis = HandAnalysis(1, 2, Call(CallKind.NUMBER, 19), 18, (), {}, total=29)
    return [SessionHand("Club night", FairHand(1, analysis, decisions), (), 2)]


def test_decisions_come_costliest_first_and_the_filter_keeps_the_severe_ones() -> None:
    table = fair_table(_hands(), "Chitra", "every judged card")
    assert list(table["Trick"]) == [2, 1, 3]
    assert list(table["Fair label"]) == ["blunder", "mistake", ""]
    assert list(fair_table(_hands(), "Chitra", "blunder")["Trick"]) == [2]
    assert fair_table(_hands(), "Dev", "every judged card").empty


def test_a_decision_comes_first_in_its_row_then_the_verdicts_then_where() -> None:
    """On a phone only the first columns fit the screen: the card played, its fair label, the
    chance it lost and the better card come first."""
    table = fair_table(_hands(), "Chitra", "every judged card")
    assert list(table.columns) == [
        *("Played", "Fair label", "Chance lost", "Better"),
        *("Points lost", "All hands", "Verdict", "Deals"),
        *("Session", "Hand", "Trick"),
    ]
    assert list(table.iloc[0][["Played", "Fair label", "Better"]]) == ["K♥", "blunder", "Q♥"]


def test_the_hand_score_is_the_share_within_tolerance() -> None:
    scores = hand_scores(_hands(), "Chitra")
    assert list(scores["Judged"]) == [3]
    assert list(scores["Within tolerance"]) == [1]
    assert list(scores["Score"]) == ["33%"]


def test_the_drill_accepts_a_card_within_tolerance_and_not_the_one_played() -> None:
    found = drills(_hands(), "Chitra")
    assert [drill.trick for drill in found] == [2, 1]
    drill = found[0]
    assert drill.accepts("QH")
    assert not drill.accepts("KH")
    assert "Q" in drill.solution and "You played K" in drill.solution


def test_replay_gives_the_fair_verdict_of_the_card_at_its_step() -> None:
    from replay.tricks.state import Event, Step

    hand = _hands()[0]
    event = Event("card", 1, 2, 3, "KH", 1, 1)
    steps = [Step(event, None)]  # type: ignore[arg-type]
    line = fair_line_at(hand.hand, steps, 0)
    assert line is not None
    assert "50% ± 2% less chance of the call's outcome" in line and "blunder" in line
    assert fair_line_at(hand.hand, steps, 1) is None


def judged(verdict: str, fair_label: str | None, all_label: str | None, lost: float) -> dict:
    """A judged decision as ``FairJudgement.to_json`` writes it (the figures of a real one:
    fine on what the player knew, 12 card points given away with every card face up)."""
    return {
        "samples": 64,
        "best": ["8H"],
        "verdict": verdict,
        "fair": {
            "chance_lost": 0.004,
            "chance_error": 0.01,
            "points_lost": -5.5,
            "points_error": 1.9,
            "label": fair_label,
        },
        "all_hands": {"cost": 12, "chance_lost": lost, "label": all_label},
    }


def test_a_verdict_reads_without_the_docs_each_number_with_its_unit() -> None:
    words = verdict_words(judged("agreed", None, "blunder", 0.0), "Jose")
    assert words == (
        "on what Jose could know (64 deals): fine, 0% ± 1% less chance of the call's outcome "
        "than 8♥, 5.5 ± 1.9 card points more than it | with every card face up: 12 card points "
        "given away (blunder by card points), the call unchanged -> both agree: the call's "
        "outcome was not lost by it"
    )


@pytest.mark.parametrize(
    ("verdict", "fair_label", "lost", "why"),
    [
        ("agreed", "blunder", 1.0, "both agree: a mistake that cost the call"),
        ("unlucky", None, 1.0, "unlucky: only with every card face up does it lose the call"),
        ("missed", "mistake", 0.0, "missed: on what the player could know a better card was"),
    ],
)
def test_the_verdict_says_in_words_why_the_two_sides_agree_or_part(
    verdict: str, fair_label: str | None, lost: float, why: str
) -> None:
    words = verdict_words(judged(verdict, fair_label, "mistake", lost), "Jose")
    assert f"-> {why}" in words
    assert "turned the call's outcome" in words if lost else "the call unchanged" in words
