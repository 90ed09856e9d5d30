"""The Scores page's data and figures: running scores, flag and set moments, the per-hand table."""

from __future__ import annotations

from pathlib import Path

from dashboard.charts.chart import figure_spec
from dashboard.charts.figures import calls_figure, running_figure
from dashboard.library import load
from dashboard.views.tricks.scores import (
    Milestone,
    call_points,
    chart_keys,
    hand_table,
    milestones,
    running_series,
)
from recorder.cards import Call, Suit
from recorder.games import GAMES
from replay.tricks.outcome import HandResult
from replay.tricks.scoring import score_session
from tests.scoring_helpers import session

SAMPLES = Path(__file__).resolve().parent.parent / "data"
FORTY = session("40")


def result(
    hand: int, caller: int, call: str, points: int, outcome: str, **extra: object
) -> HandResult:
    values: dict[str, object] = {
        "hand": hand,
        "dealer": (hand + 4) % 6 + 1,
        "caller": caller,
        "call": Call.parse(call, honours=True),
        "trump": Suit.HEARTS,
        "special": None,
        "target": Call.parse(call, honours=True).value,
        "callers_points": points,
        "outcome": outcome,
    }
    values.update(extra)
    return HandResult(**values)  # type: ignore[arg-type]


def test_coolie_series_of_the_example_session() -> None:
    # TGN.md §8, read and replayed: Chitra (Red) makes her 24 with 40 points; Blue takes 1 coolie.
    example = load("example.tgn", "example.tgn", (SAMPLES / "tgn-example-40.tgn").read_bytes())
    score = example.score
    assert score is not None
    series = running_series(score)
    assert chart_keys(score) == ["coolies", "flags"]
    after = series[series["hand"] == 1].set_index("team")
    assert after.loc["Red", "coolies"] == 0 and after.loc["Blue", "coolies"] == 1
    start = series[series["hand"] == 0]
    assert list(start["coolies"]) == [0, 0]


def test_flag_resets_both_teams_and_is_marked() -> None:
    # Blue holds 6; Red makes an Honours call, so Blue takes 3 more and reaches 7: a flag.
    record = session("40", Coolies="Red=0, Blue=6")
    score = score_session(record, [result(1, 1, "H", 33, "made")])
    series = running_series(score)
    after = series[series["hand"] == 1].set_index("team")
    assert after.loc["Blue", "flags"] == 1 and after.loc["Red", "flags"] == 0
    assert after.loc["Blue", "coolies"] == 0 and after.loc["Red", "coolies"] == 0
    assert series[series["hand"] == 0].set_index("team").loc["Blue", "coolies"] == 6
    marks = milestones(series)
    assert marks == [Milestone(1, "Blue", "flag")]
    figure = running_figure(series, chart_keys(score), score.teams, marks)
    steps = [trace for trace in figure.data if trace.line.shape == "hv"]
    assert len(steps) == 4  # coolies and flags, for each team
    assert any("Blue flag" in (shape.text or "") for shape in figure.layout.annotations)


def test_game_points_and_sets_in_29() -> None:
    record = session("29", Points="Red=5, Blue=0")
    hands = [result(1, 1, "18", 20, "made", dealer=4), result(2, 2, "20", 10, "lost", dealer=1)]
    score = score_session(record, hands)
    series = running_series(score)
    assert chart_keys(score) == ["points", "sets"]
    after_first = series[series["hand"] == 1].set_index("team")
    assert after_first.loc["Red", "sets"] == 1 and after_first.loc["Red", "points"] == 0
    after_second = series[series["hand"] == 2].set_index("team")
    assert after_second.loc["Blue", "points"] == -1
    assert milestones(series) == [Milestone(1, "Red", "set")]


def test_hand_table_names_the_players_and_the_outcome() -> None:
    score = score_session(FORTY, [result(1, 3, "24", 40, "made"), result(2, 2, "H2", 20, "lost")])
    table = hand_table(score, FORTY)
    first, second = table.to_dict("records")
    assert first["Caller"] == "Chitra" and first["Dealer"] == "Faiz"
    assert first["Points / target"] == "40 / 24" and first["Outcome"] == "made"
    assert first["Coolies"] == "0 – 1"
    assert second["Call"] == "H2" and second["Trump"] == "♥" and second["Outcome"] == "lost"
    assert "Blue" in second["How"]


def test_calls_figure_sets_points_against_targets() -> None:
    hands = [
        result(1, 3, "24", 40, "made"),
        result(2, 2, "H2", 20, "lost"),
        result(3, 1, "20", 0, "redeal", callers_points=None),
    ]
    score = score_session(FORTY, hands)
    calls = call_points(score, FORTY)
    assert list(calls["hand"]) == [1, 2]
    figure = calls_figure(calls, 40)
    bars = {trace.name: list(trace.y) for trace in figure.data if trace.type == "bar"}
    assert bars == {"points taken (made)": [40], "points taken (lost)": [20]}
    target = next(trace for trace in figure.data if trace.name == "target")
    assert list(target.y) == [24, 32]


def test_calls_bars_are_one_hand_wide_centred_on_their_hands_on_the_bundled_sessions() -> None:
    # The club night's lost hands are 2, 6 and 9: left to Plotly, their bars would be 2.4 hands
    # wide (the gap between them) and the axis would run past hand 10.
    charted = 0
    for path in sorted(SAMPLES.glob("*.tgn")):
        loaded = load(path.name, path.name, path.read_bytes())
        if loaded.score is None or loaded.record is None:
            continue  # a game the Scores page does not chart (Rummy)
        charted += 1
        calls = call_points(loaded.score, loaded.record)
        figure = calls_figure(calls, GAMES[loaded.record.game].total_points)
        bars = [trace for trace in figure.data if trace.type == "bar"]
        assert all(trace.width == 0.8 and trace.offset is None for trace in bars), path.name
        assert figure.layout.barmode == "overlay"
        drawn = sorted(hand for trace in bars for hand in trace.x)
        assert drawn == sorted(calls["hand"]) and len(set(drawn)) == len(drawn), path.name
        low, high = int(calls["hand"].min()), int(calls["hand"].max())
        assert tuple(figure.layout.xaxis.range) == (low - 0.5, high + 0.5), path.name
        assert high <= loaded.hands
    assert charted >= 3  # the bundled 40, 28 and 29 sessions


def test_the_points_axis_runs_to_the_games_total_on_a_tick() -> None:
    """29's axis stopped at its top bar (22 of 29): it runs to the game's points, ending on a
    tick, for 40, 28 and 29 alike."""
    for path in sorted(SAMPLES.glob("*.tgn")):
        loaded = load(path.name, path.name, path.read_bytes())
        if loaded.score is None or loaded.record is None:
            continue  # a game the Scores page does not chart (Rummy)
        total = GAMES[loaded.record.game].total_points
        axis = figure_spec(calls_figure(call_points(loaded.score, loaded.record), total))
        y = axis["layout"]["yaxis"]
        last_tick = (y["range"][1] // y["dtick"]) * y["dtick"]
        assert y["range"][0] == 0 and last_tick >= total, (path.name, y)
