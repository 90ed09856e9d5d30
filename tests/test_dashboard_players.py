"""The Players page's data and figures: calls by level, points as caller, undertakings, findings."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from dashboard.charts.chart import figure_spec
from dashboard.charts.figures import (
    SUCCESS_TOP,
    findings_figure,
    levels_figure,
    margin_figure,
    success_figure,
)
from dashboard.library import load
from dashboard.views.tricks.players import (
    PlayedSession,
    blank_missing,
    call_level,
    caller_points,
    calls_by_level,
    default_player,
    findings_by_code,
    overview,
    specials,
)
from recorder.cards import Call, Suit
from recorder.model import Record
from replay.findings import Finding
from replay.tricks.outcome import HandResult
from replay.tricks.scoring import score_session
from tests.scoring_helpers import session

SAMPLES = Path(__file__).resolve().parent.parent / "data"


FORTY = session("40")
TWENTY_EIGHT = session("28")


def hand(
    number: int, caller: int, call: str, points: int, outcome: str, **extra: object
) -> HandResult:
    parsed = Call.parse(call, honours=call.upper().startswith("H"))
    values: dict[str, object] = {
        "hand": number,
        "dealer": 6,
        "caller": caller,
        "call": parsed,
        "trump": Suit.SPADES,
        "special": None,
        "target": parsed.value,
        "callers_points": points,
        "outcome": outcome,
    }
    values.update(extra)
    return HandResult(**values)  # type: ignore[arg-type]


def played(
    record: Record, hands: list[HandResult], findings: tuple[Finding, ...] = ()
) -> PlayedSession:
    return PlayedSession.of("s.tgn", record, score_session(record, hands), findings)


def sample_sessions() -> list[PlayedSession]:
    """The bundled sample sessions that load and score, as the Players page takes them."""
    loaded = [load(p.name, p.name, p.read_bytes()) for p in sorted(SAMPLES.glob("*.tgn"))]
    return [
        PlayedSession.of(s.label, s.record, s.score, tuple(s.findings))
        for s in loaded
        if s.record is not None and s.score is not None
    ]


def test_calls_fall_in_the_bands_of_the_game() -> None:
    assert call_level("40", Call.parse("22", honours=True)) == "20–24"
    assert call_level("40", Call.parse("H", honours=True)) == "H–H4"
    assert call_level("40", Call.parse("H7", honours=True)) == "H5–H9"
    assert call_level("28", Call.parse("thani", honours=False)) == "Thani"
    assert call_level("29", Call.parse("15", honours=False)) == "15"  # below every band


def test_calls_made_and_lost_by_level() -> None:
    forty = played(
        FORTY,
        [
            hand(1, 3, "22", 30, "made"),
            hand(2, 3, "H2", 20, "lost"),
            hand(3, 3, "24", 10, "lost"),
            hand(4, 2, "20", 5, "unfinished"),
        ],
    )
    calls = calls_by_level([forty]).set_index(["player", "level"])
    assert (
        calls.loc[("Chitra", "20–24"), "made"] == 1 and calls.loc[("Chitra", "20–24"), "lost"] == 1
    )
    assert calls.loc[("Chitra", "H–H4"), "lost"] == 1
    assert "Biju" not in set(calls.index.get_level_values("player"))  # unfinished is not counted
    points = caller_points([forty])
    assert list(points["margin"]) == [8, -12, -14]


def test_undertakings_count_for_whoever_undertook_them() -> None:
    hands = [
        hand(1, 1, "18", 28, "made", special="kot"),
        hand(2, 2, "17", 0, "lost", special="marukott"),
        hand(3, 3, "thani", 28, "made", special="thani", target=None, callers_points=None),
    ]
    table = specials([played(TWENTY_EIGHT, hands)]).set_index(["player", "special"])
    assert {p for p, s in table.index if s == "kot"} == {"Anil", "Chitra", "Eli"}
    assert {p for p, s in table.index if s == "marukott"} == {"Anil", "Chitra", "Eli"}
    assert table.loc[("Anil", "marukott"), "won"] == 1
    assert table.loc[("Chitra", "thani"), "won"] == 1
    assert ("Anil", "thani") not in table.index


def test_findings_by_player_and_code() -> None:
    revoke = Finding("revoke", 1, 2, 4, "Dev", 10, 3, "trick 2: Dev (seat 4) threw 8C ...")
    late = Finding("unfinished-hand", 1, None, None, None, 12, 1, "the record stops")
    counted = findings_by_code(
        [played(FORTY, [hand(1, 3, "22", 30, "made")], (revoke, revoke, late))]
    )
    assert counted.to_dict("records") == [
        {"player": "Dev", "code": "revoke", "severity": "error", "count": 2}
    ]
    figure = findings_figure(counted)
    assert list(figure.data[0].x) == [2] and list(figure.data[0].y) == ["revoke"]


def test_count_axes_tick_every_number_only_while_the_counts_are_small() -> None:
    """A tick per call made sense for a night's calls; over 2,000 hands it was a hundred labels,
    each measured by the browser (0.8 s to draw the chart)."""
    few = played(FORTY, [hand(number, 3, "22", 30, "made") for number in range(1, 4)])
    many = played(FORTY, [hand(number, 3, "22", 30, "made") for number in range(1, 107)])
    assert levels_figure(calls_by_level([few])).layout.yaxis.dtick == 1
    assert levels_figure(calls_by_level([many])).layout.yaxis.dtick is None
    revoke = Finding("revoke", 1, 2, 4, "Dev", 10, 3, "trick 2: Dev (seat 4) threw 8C ...")
    for count, step in ((3, 1), (40, None)):
        counted = findings_by_code(
            [played(FORTY, [hand(1, 3, "22", 30, "made")], (revoke,) * count)]
        )
        assert findings_figure(counted).layout.xaxis.dtick == step


def test_overview_of_the_sample_sessions_adds_up() -> None:
    sessions = sample_sessions()
    summary = overview(sessions)
    everyone = {name for s in sessions for name in s.players}
    assert set(summary["player"]) == everyone
    decided = sum(
        1
        for s in sessions
        for line in s.score.lines
        if line.result.caller and line.outcome in ("made", "lost")
    )
    assert summary["calls"].sum() == decided
    assert summary["findings"].sum() == sum(1 for s in sessions for f in s.findings if f.player)
    bars = success_figure(summary).data[0]
    callers = (summary["calls"] > 0).sum()
    assert bars.orientation == "h" and len(bars.y) == min(callers, SUCCESS_TOP)


def test_player_figures_show_their_data() -> None:
    forty = played(FORTY, [hand(1, 3, "22", 30, "made"), hand(2, 3, "H", 20, "lost")])
    calls = calls_by_level([forty])
    levels = levels_figure(calls)
    assert [trace.name for trace in levels.data] == ["made", "lost"]
    assert list(levels.data[0].x) == ["20–24", "H–H4"] and list(levels.data[1].y) == [0, 1]
    margins = margin_figure(caller_points([forty]))
    made = next(trace for trace in margins.data if trace.name == "made")
    assert list(made.x) == [22] and list(made.y) == [30]


def test_the_page_opens_on_the_player_with_the_most_calls_and_shows_no_none() -> None:
    sessions = sample_sessions()
    summary = overview(sessions)
    chosen = default_player(summary)
    most = summary["calls"].max()
    assert most > 0 and summary.set_index("player").loc[chosen, "calls"] == most
    tied = summary[summary["calls"] == most]
    assert summary.set_index("player").loc[chosen, "hands"] == tied["hands"].max()
    shown = blank_missing(summary)
    assert not shown.isna().any().any()
    silent = shown[summary["calls"] == 0]
    assert len(silent) and set(silent["made %"]) == {""}
    assert set(silent["mean margin as caller"]) == {""}
    caller = shown[summary["calls"] > 0].iloc[0]
    assert caller["made %"].isdigit() and shown["calls"].dtype == summary["calls"].dtype


def test_a_player_without_calls_is_chosen_only_when_nobody_called() -> None:
    frame = pd.DataFrame({"player": ["Ann", "Bob", "Cy"], "calls": [0, 0, 0], "hands": [1, 3, 3]})
    assert default_player(frame) == "Bob"
    assert default_player(frame.assign(calls=[1, 0, 0])) == "Ann"


def test_the_calls_made_chart_shows_the_top_callers_as_horizontal_bars() -> None:
    many = pd.DataFrame(
        {
            "player": [f"Player {n:02d}" for n in range(30)],
            "calls": list(range(1, 31)),
            "made": [n // 2 for n in range(1, 31)],
        }
    )
    many["made %"] = (100 * many["made"] / many["calls"]).round()
    bars = success_figure(many).data[0]
    assert bars.orientation == "h" and len(bars.y) == SUCCESS_TOP
    assert set(bars.y) == {f"Player {n:02d}" for n in range(30 - SUCCESS_TOP, 30)}  # most calls


def test_the_calls_made_axis_is_numbered_up_to_100_percent() -> None:
    """A share ends at 100: the room past it holds the bars' counts, with no tick at 120."""
    made = pd.DataFrame({"player": ["Ann", "Bob"], "calls": [2, 3], "made": [2, 1]})
    made["made %"] = (100 * made["made"] / made["calls"]).round()
    axis = figure_spec(success_figure(made))["layout"]["xaxis"]
    assert max(axis["tickvals"]) == 100 and axis["range"][1] > 100
