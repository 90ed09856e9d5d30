"""40 scoring (RULES.md §9): the coolie table, the return system, flags, tags, overrides."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replay.tricks.outcome import Outcome, Special
from replay.tricks.scoring import score_session, take_coolies
from tests.scoring_helpers import result, session

FORTY = session("40")

# Each row of the table: a call in it, and (callers win: the other team takes, callers lose: take).
TABLE_ROWS = [
    ("20", None, 1, 2),
    ("24", None, 1, 2),
    ("25", None, 2, 3),
    ("29", None, 2, 3),
    ("H", None, 3, 4),
    ("H4", None, 3, 4),
    ("H5", None, 4, 5),
    ("H9", None, 4, 5),
    ("H10", None, 5, 6),
    ("24", "jodi", 5, 6),
]


@pytest.mark.parametrize(("call", "special", "win", "lose"), TABLE_ROWS)
def test_every_row_made_and_defeated(
    call: str, special: Special | None, win: int, lose: int
) -> None:
    made, lost = (result("40", 3, call, outcome, special) for outcome in ("made", "lost"))
    made_line = score_session(FORTY, [made]).lines[0]
    assert made_line.coolies == {"Red": 0, "Blue": win}
    assert made_line.moved_by_team == {"Red": 0, "Blue": win}
    lost_line = score_session(FORTY, [lost]).lines[0]
    assert lost_line.coolies == {"Red": lose, "Blue": 0}
    assert lost_line.moved_by_team == {"Red": lose, "Blue": 0}


@pytest.mark.parametrize(("outcome", "flagged"), [("made", "Blue"), ("lost", "Red")])
def test_thani_is_seven_either_way_so_a_flag(outcome: Outcome, flagged: str) -> None:
    line = score_session(FORTY, [result("40", 1, "thani", outcome, "thani")]).lines[0]
    assert line.moved_by_team[flagged] == 7
    assert line.flags == {"Red": 0, "Blue": 0} | {flagged: 1}
    assert line.coolies == {"Red": 0, "Blue": 0}


def test_the_rules_own_example() -> None:
    # Team A holds 2; Team B calls Honours and loses, so B takes 4: A gives back 2, passes 2.
    record = session("40", Teams="A, B", Coolies="A=2, B=0")
    line = score_session(record, [result("40", 2, "H", "lost")]).lines[0]
    assert line.coolies == {"A": 0, "B": 2}
    assert line.moved_by_team == {"A": 0, "B": 4}
    assert "A give back 2" in line.notes[0]


def test_winning_callers_give_back_before_the_others_take() -> None:
    record = session("40", Coolies="Red=3, Blue=0")
    hands = [result("40", 1, "24", "made", number=1), result("40", 5, "H5", "made", number=2)]
    first, second = score_session(record, hands).lines
    assert first.coolies == {"Red": 2, "Blue": 0}
    assert second.coolies == {"Red": 0, "Blue": 2}


def test_seven_is_a_flag_and_both_restart_at_zero() -> None:
    record = session("40", Coolies="Red=0, Blue=5")
    hands = [result("40", 2, "26", "lost", number=1), result("40", 1, "21", "lost", number=2)]
    first, second = score_session(record, hands).lines
    assert first.flags == {"Red": 0, "Blue": 1}
    assert first.coolies == {"Red": 0, "Blue": 0}
    assert "flag" in first.notes[-1]
    assert second.coolies == {"Red": 2, "Blue": 0}
    assert second.flags == {"Red": 0, "Blue": 1}


def test_flag_carry_keeps_the_excess() -> None:
    record = session("40", Coolies="Red=0, Blue=5", Rules="flag-carry=yes")
    line = score_session(record, [result("40", 2, "26", "lost")]).lines[0]
    assert line.flags == {"Red": 0, "Blue": 1}
    assert line.coolies == {"Red": 0, "Blue": 1}
    dropped = score_session(record, [result("40", 2, "26", "lost")], {"flag-carry": "no"})
    assert dropped.lines[0].coolies == {"Red": 0, "Blue": 0}


def test_starting_tags_are_where_the_session_begins() -> None:
    record = session("40", Coolies="Red=4", Flags="Red=1, Blue=2")
    score = score_session(record, [result("40", 1, "27", "lost")])
    assert score.start.by_team("coolies", score.teams) == {"Red": 4, "Blue": 0}
    assert score.final == {"coolies": {"Red": 0, "Blue": 0}, "flags": {"Red": 2, "Blue": 2}}


def test_coolie_rows_follow_the_rules_tag_and_overrides() -> None:
    record = session("40", Rules="coolies.20-24=2/3, coolies.jodi=6/7")
    hands = [result("40", 1, "22", "made", number=1), result("40", 2, "20", "lost", number=2)]
    first, second = score_session(record, hands).lines
    assert first.moved_by_team == {"Red": 0, "Blue": 2}
    assert second.moved_by_team == {"Red": 0, "Blue": 3}
    overridden = score_session(record, hands[:1], {"coolies.20-24": "4/5"})
    assert overridden.lines[0].coolies == {"Red": 0, "Blue": 4}
    jodi = score_session(record, [result("40", 1, "24", "lost", "jodi")])
    assert jodi.lines[0].moved_by_team == {"Red": 7, "Blue": 0}


@pytest.mark.parametrize("outcome", ["redeal", "void", "unfinished"])
def test_hands_that_score_nothing(outcome: Outcome) -> None:
    record = session("40", Coolies="Blue=3")
    line = score_session(record, [result("40", 1, "24", outcome)]).lines[0]
    assert line.coolies == {"Red": 0, "Blue": 3}
    assert line.moved == (0, 0)
    assert line.outcome == outcome


def test_json_is_the_score_command_shape() -> None:
    hand = result("40", 3, "24", "made")
    score = score_session(FORTY, [hand, result("40", 1, "H3", "lost", number=2)])
    data = score.to_json()
    assert data["game"] == "40" and data["teams"] == ["Red", "Blue"]
    first, second = data["hands"]
    assert first == {
        "hand": 1,
        "dealer": 6,
        "caller": 3,
        "call": "24",
        "call_value": 24,
        "trump": "H",
        "special": None,
        "target": 24,
        "callers_points": None,
        "outcome": "made",
        "undertakings": [],
        "awarded": None,
        "coolies": {"Red": 0, "Blue": 1},
        "flags": {"Red": 0, "Blue": 0},
    }
    assert second["call"] == "H3" and second["call_value"] == 33
    assert second["coolies"] == {"Red": 3, "Blue": 0}  # took 4, Blue gave back its 1
    thani = score_session(FORTY, [result("40", 1, "thani", "made", "thani")]).to_json()
    assert thani["hands"][0]["call_value"] is None and thani["hands"][0]["trump"] is None


OUTCOMES: list[Outcome] = ["made", "lost", "redeal"]
hands_40 = st.lists(
    st.tuples(
        st.sampled_from([row[0] for row in TABLE_ROWS] + ["thani"]),
        st.integers(1, 6),
        st.sampled_from(OUTCOMES),
    ),
    max_size=30,
)


@settings(max_examples=150, deadline=None)
@given(hands_40)
def test_coolies_are_the_balance_since_the_last_flag(hands: list[tuple[str, int, Outcome]]) -> None:
    specials: dict[str, Special] = {"thani": "thani"}
    results = [
        result("40", seat, call, outcome, specials.get(call), number=n)
        for n, (call, seat, outcome) in enumerate(hands, start=1)
    ]
    balance = 0  # what Red took minus what Blue took since the last flag
    flags = (0, 0)
    for line in score_session(FORTY, results).lines:
        balance += line.moved[0] - line.moved[1]
        if line.standing.flags != flags:
            assert abs(balance) >= 7
            flagged = 0 if balance > 0 else 1
            assert line.standing.flags[flagged] == flags[flagged] + 1
            assert line.standing.flags[1 - flagged] == flags[1 - flagged]
            balance = 0
        flags = line.standing.flags
        assert line.standing.coolies == (max(balance, 0), max(-balance, 0))


def test_take_coolies_returns_before_passing_on() -> None:
    assert take_coolies((2, 0), 1, 4) == ((0, 2), 2)
    assert take_coolies((5, 0), 1, 3) == ((2, 0), 3)
    assert take_coolies((0, 1), 1, 2) == ((0, 3), 0)
