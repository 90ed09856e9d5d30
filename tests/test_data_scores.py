"""The sample sessions in ``data/`` score as their comments say, replayed by the engine.

Each hand's ``Result`` tag carries a ``;`` comment with the standing after the hand, such as
``coolies Chakka 0 Manga 5, flags Chakka 0 Manga 0``; the engine and the scoring must agree.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from recorder import load
from recorder.model import Record
from replay.tricks import replay_session
from replay.tricks.scoring import Counter, SessionScore, score_session

DATA = Path(__file__).resolve().parent.parent / "data"
COMMENTED = ["club-night-40.tgn", "tournament-28.tgn", "rubber-29.tgn"]


def scored(name: str) -> tuple[Record, SessionScore]:
    record = load(DATA / name)
    session = replay_session(record)
    return record, score_session(record, [hand.result for hand in session.hands])


def stated_standing(remark: str) -> dict[str, dict[str, int]]:
    """Read ``points Thrissur 5 Kottayam 8, sets ...`` into counters by team name."""
    standing: dict[str, dict[str, int]] = {}
    for part in remark.split(","):
        counter, *pairs = part.split()
        names, values = pairs[0::2], pairs[1::2]
        standing[counter] = {name: int(value) for name, value in zip(names, values, strict=True)}
    return standing


def test_stated_standing_reads_every_counter() -> None:
    assert stated_standing("points Padma -1 Meghna 2, sets Padma 1 Meghna 0") == {
        "points": {"Padma": -1, "Meghna": 2},
        "sets": {"Padma": 1, "Meghna": 0},
    }


@pytest.mark.parametrize("name", COMMENTED)
def test_every_hand_scores_as_its_comment_says(name: str) -> None:
    record, score = scored(name)
    assert len(score.lines) == len(record.hands)
    for hand, line in zip(record.hands, score.lines, strict=True):
        tag = hand.tag("Result")
        assert tag is not None and tag.remark, f"hand {hand.number} states no score"
        stated = stated_standing(tag.remark)
        assert set(stated) == set(score.counters), f"hand {hand.number}"
        for counter in score.counters:
            assert line.counter(counter) == stated[counter], f"hand {hand.number}, {counter}"


def counter_series(score: SessionScore, counter: Counter, team: str) -> list[int]:
    return [line.counter(counter)[team] for line in score.lines]


def test_club_night_takes_a_flag_and_coolies_change_hands() -> None:
    _, score = scored("club-night-40.tgn")
    assert score.final == {
        "coolies": {"Chakka": 0, "Manga": 3},
        "flags": {"Chakka": 0, "Manga": 1},
    }
    assert max(counter_series(score, "coolies", "Chakka")) > 0
    outcomes = {line.outcome for line in score.lines}
    assert outcomes == {"made", "lost", "redeal"}
    assert any(line.result.special == "jodi" for line in score.lines)


def test_tournament_table_totals() -> None:
    _, score = scored("tournament-28.tgn")
    assert score.final == {"points": {"Thrissur": 13, "Kottayam": 18}}
    specials = {line.result.special for line in score.lines}
    assert {"kot", "marukott"} <= specials
    assert any(line.result.penalties for line in score.lines)


def test_rubber_wins_a_set_on_a_pair() -> None:
    _, score = scored("rubber-29.tgn")
    assert score.final == {"points": {"Padma": -1, "Meghna": 2}, "sets": {"Padma": 1, "Meghna": 0}}
    set_hand = next(line for line in score.lines if line.sets["Padma"] == 1)
    call, target = set_hand.result.call, set_hand.result.target
    assert call is not None and call.number is not None and target is not None
    assert target < call.number  # the callers' pair lowered what they needed


def test_the_notation_example_gives_blue_one_coolie() -> None:
    # TGN.md §8: Red makes 24 with all 40 points, so Blue takes 1 coolie.
    _, score = scored("tgn-example-40.tgn")
    (line,) = score.lines
    assert line.outcome == "made" and line.result.callers_points == 40
    assert score.final == {"coolies": {"Red": 0, "Blue": 1}, "flags": {"Red": 0, "Blue": 0}}
