"""28 and 29 scoring (RULES.md §9): the tournament table, penalties, 29's game points and sets."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replay.tricks.outcome import Outcome, Penalty, Special
from replay.tricks.scoring import score_session
from tests.scoring_helpers import result, session, violation

TWENTY_EIGHT = session("28")
TWENTY_NINE = session("29")

# A call in each row of the tournament table: made (callers score), defeated (the others score).
TOURNAMENT_ROWS = [
    ("16", None, 1, 2),
    ("19", None, 1, 2),
    ("20", None, 2, 3),
    ("23", None, 2, 3),
    ("24", None, 3, 4),
    ("27", None, 3, 4),
    ("28", None, 4, 5),
    ("thani", "thani", 5, 6),
    ("17", "kot", 2, 3),
]


@pytest.mark.parametrize(("call", "special", "made", "defeated"), TOURNAMENT_ROWS)
def test_28_every_row_made_and_defeated(
    call: str, special: Special | None, made: int, defeated: int
) -> None:
    won = score_session(TWENTY_EIGHT, [result("28", 2, call, "made", special)]).lines[0]
    assert won.points == {"Red": 0, "Blue": made}
    lost = score_session(TWENTY_EIGHT, [result("28", 2, call, "lost", special)]).lines[0]
    assert lost.points == {"Red": defeated, "Blue": 0}


def test_28_marukott_gives_the_other_team_three() -> None:
    line = score_session(TWENTY_EIGHT, [result("28", 1, "18", "lost", "marukott")]).lines[0]
    assert line.points == {"Red": 0, "Blue": 3}
    plain = score_session(TWENTY_EIGHT, [result("28", 1, "18", "lost")]).lines[0]
    assert plain.points == {"Red": 0, "Blue": 2}


def test_28_starting_points_and_match_totals() -> None:
    record = session("28", Points="Red=4, Blue=7")
    hands = [
        result("28", 1, "20", "made", number=1),
        result("28", 4, "24", "lost", number=2),
        result("28", 3, "16", "redeal", number=3),
        result("28", 6, "17", "made", "kot", number=4),
    ]
    score = score_session(record, hands)
    assert [line.points["Red"] for line in score.lines] == [6, 10, 10, 10]
    assert [line.points["Blue"] for line in score.lines] == [7, 7, 7, 9]
    assert score.final == {"points": {"Red": 10, "Blue": 9}}
    assert score.to_json()["hands"][3]["points"] == {"Red": 10, "Blue": 9}
    assert "sets" not in score.to_json()["hands"][3]


def test_28_penalty_line_gives_the_named_team_its_points() -> None:
    fine = Penalty(team=1, points=1, reason="bid out of turn")
    hand = result("28", 1, "22", "made", penalties=(fine,))
    line = score_session(TWENTY_EIGHT, [hand]).lines[0]
    assert line.points == {"Red": 2, "Blue": 1}
    assert any("bid out of turn" in note for note in line.notes)
    thrown_in = result("28", 1, "22", "redeal", penalties=(fine,))
    assert score_session(TWENTY_EIGHT, [thrown_in]).lines[0].points == {"Red": 0, "Blue": 1}


def test_28_a_cardinal_rule_penalty_line_awards_the_hand_as_a_revoke_does() -> None:
    fine = Penalty(team=0, points=3, reason="revoke: the callers did not follow suit")
    line = score_session(TWENTY_EIGHT, [result("28", 2, "20", "made", penalties=(fine,))]).lines[0]
    assert line.outcome == "lost"
    assert line.points == {"Red": 3 + 3, "Blue": 0}
    assert line.awarded == "revoke by Blue: Blue lose the hand"


def test_28_revoke_by_the_callers_loses_the_hand_and_three_more() -> None:
    hand = result("28", 1, "20", "made", findings=(violation("revoke", 3),))
    assert score_session(TWENTY_EIGHT, [hand]).lines[0].points == {"Red": 2, "Blue": 0}
    auto = score_session(TWENTY_EIGHT, [hand], {"auto-penalties": "yes"}).lines[0]
    assert auto.outcome == "lost" and auto.result.outcome == "made"
    assert auto.points == {"Red": 0, "Blue": 3 + 3}


def test_28_revoke_by_the_other_team_wins_the_hand_for_the_callers() -> None:
    record = session("28", Rules="auto-penalties=yes")
    hand = result("28", 1, "24", "lost", findings=(violation("revoke", 4),))
    line = score_session(record, [hand]).lines[0]
    assert line.outcome == "made"
    assert line.points == {"Red": 3 + 3, "Blue": 0}
    assert line.moved_by_team == {"Red": 6, "Blue": 0}


def test_28_first_revoke_decides_and_each_costs_three() -> None:
    record = session("28", Rules="auto-penalties=yes")
    findings = (violation("revoke", 2, trick=2), violation("revoke", 5, trick=4))
    line = score_session(record, [result("28", 1, "16", "lost", findings=findings)]).lines[0]
    assert line.outcome == "made"
    assert line.points == {"Red": 1 + 3, "Blue": 3}


def test_28_call_or_lead_out_of_turn_gives_the_other_team_one() -> None:
    record = session("28", Rules="auto-penalties=yes")
    findings = (violation("bid-out-of-turn", 2, None), violation("lead-out-of-turn", 3))
    line = score_session(record, [result("28", 1, "16", "made", findings=findings)]).lines[0]
    assert line.outcome == "made"
    assert line.points == {"Red": 1 + 1, "Blue": 1}
    other_findings = (violation("play-out-of-turn", 2), violation("ask-while-following", 4))
    quiet = score_session(record, [result("28", 1, "16", "made", findings=other_findings)])
    assert quiet.lines[0].points == {"Red": 1, "Blue": 0}


@pytest.mark.parametrize(("outcome", "red"), [("made", 1), ("lost", -1)])
def test_29_made_and_lost_move_only_the_callers(outcome: Outcome, red: int) -> None:
    record = session("29", Points="Red=2, Blue=3")
    line = score_session(record, [result("29", 3, "18", outcome)]).lines[0]
    assert line.points == {"Red": 2 + red, "Blue": 3}
    assert line.sets == {"Red": 0, "Blue": 0}


def test_29_reaching_six_wins_a_set_and_both_restart() -> None:
    record = session("29", Points="Red=5, Blue=-2")
    hands = [result("29", 1, "17", "made", number=1), result("29", 2, "20", "made", number=2)]
    first, second = score_session(record, hands).lines
    assert first.sets == {"Red": 1, "Blue": 0}
    assert first.points == {"Red": 0, "Blue": 0}
    assert first.notes[-1] == "Red reach +6: Red win a set; both back to 0"
    assert second.points == {"Red": 0, "Blue": 1}
    assert second.to_json()["sets"] == {"Red": 1, "Blue": 0}


def test_29_falling_to_minus_six_loses_the_set_to_the_others() -> None:
    record = session("29", Points="Red=3, Blue=-5")
    line = score_session(record, [result("29", 4, "19", "lost")]).lines[0]
    assert line.sets == {"Red": 1, "Blue": 0}
    assert line.notes[-1] == "Blue fall to -6: Red win a set; both back to 0"
    assert line.points == {"Red": 0, "Blue": 0}


def test_29_all_tricks_wins_the_set_at_once() -> None:
    sweep = result("29", 2, "22", "made", all_tricks=True)
    plain = score_session(TWENTY_NINE, [sweep]).lines[0]
    assert plain.points == {"Red": 0, "Blue": 1} and plain.sets == {"Red": 0, "Blue": 0}
    record = session("29", Rules="all-tricks-wins=yes", Points="Red=4")
    line = score_session(record, [sweep]).lines[0]
    assert line.sets == {"Red": 0, "Blue": 1}
    assert line.points == {"Red": 0, "Blue": 0}
    short = score_session(record, [result("29", 2, "22", "made")]).lines[0]
    assert short.sets == {"Red": 0, "Blue": 0}


def test_29_revoking_team_loses_the_hand_with_auto_penalties() -> None:
    by_callers = result("29", 1, "20", "made", findings=(violation("revoke", 3),))
    by_others = result("29", 1, "20", "lost", findings=(violation("revoke", 2),), number=2)
    assert score_session(TWENTY_NINE, [by_callers]).lines[0].points == {"Red": 1, "Blue": 0}
    first, second = score_session(
        TWENTY_NINE, [by_callers, by_others], {"auto-penalties": "yes"}
    ).lines
    assert first.outcome == "lost" and first.points == {"Red": -1, "Blue": 0}
    assert second.outcome == "made" and second.points == {"Red": 0, "Blue": 0}


def test_29_penalty_line_counts_towards_the_set() -> None:
    record = session("29", Points="Red=0, Blue=5")
    fine = Penalty(team=1, points=1, reason="revoke by Anil")
    line = score_session(record, [result("29", 1, "16", "made", penalties=(fine,))]).lines[0]
    assert line.sets == {"Red": 0, "Blue": 1}
    assert line.moved_by_team == {"Red": 1, "Blue": 1}


@pytest.mark.parametrize("outcome", ["redeal", "void", "unfinished"])
def test_hands_that_score_nothing(outcome: Outcome) -> None:
    for game in ("28", "29"):
        line = score_session(session(game), [result(game, 1, "20", outcome)]).lines[0]
        assert line.points == {"Red": 0, "Blue": 0}
        assert line.outcome == outcome


def test_all_passed_has_no_caller_and_scores_nothing() -> None:
    line = score_session(TWENTY_NINE, [result("29", None, None, "redeal")]).lines[0]
    assert line.to_json()["call"] is None and line.to_json()["call_value"] is None
    assert line.points == {"Red": 0, "Blue": 0}


def test_unknown_game_is_refused() -> None:
    with pytest.raises(ValueError):
        score_session(session("29", Game="56"), [])


OUTCOMES: list[Outcome] = ["made", "lost", "redeal"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 4), st.sampled_from(OUTCOMES)), max_size=40))
def test_29_points_stay_inside_six_and_sets_count_the_crossings(
    hands: list[tuple[int, Outcome]],
) -> None:
    results = [
        result("29", seat, "18", outcome, number=n)
        for n, (seat, outcome) in enumerate(hands, start=1)
    ]
    expected = [0, 0]
    sets = [0, 0]
    for line, (seat, outcome) in zip(score_session(TWENTY_NINE, results).lines, hands, strict=True):
        callers = 0 if seat % 2 else 1
        if outcome != "redeal":
            expected[callers] += 1 if outcome == "made" else -1
        if abs(expected[callers]) == 6:
            sets[callers if expected[callers] > 0 else 1 - callers] += 1
            expected = [0, 0]
        assert line.standing.points == tuple(expected)
        assert line.standing.sets == tuple(sets)
