"""Every axis of a sent chart is pinned (``dashboard.charts.axes``): its kind, range and ticks, by
plotly's rules, decided once from the traces rather than by plotly.js's autorange in each page."""

from __future__ import annotations

import plotly.graph_objects as go
import pytest
from plotly.subplots import make_subplots

from dashboard.charts.axes import nice_step, pin_axes, plain
from dashboard.charts.chart import figure_spec


def axes(figure: go.Figure) -> dict[str, dict[str, object]]:
    layout = figure_spec(figure)["layout"]
    return {key: value for key, value in layout.items() if "axis" in key}


def test_typed_arrays_are_sent_as_plain_lists() -> None:
    spec = figure_spec(go.Figure(go.Scatter(x=[1, 2, 3], y=[0.5, 1.5, 2.5])))
    (trace,) = spec["data"]
    assert trace["x"] == [1, 2, 3] and trace["y"] == [0.5, 1.5, 2.5]
    two_d = {"dtype": "i1", "bdata": "AQIDBA==", "shape": "2, 2"}
    assert plain({"customdata": two_d, "name": "a"}) == {
        "customdata": [[1, 2], [3, 4]],
        "name": "a",
    }


def test_a_line_spans_its_values_with_a_twentieth_of_room_on_each_side() -> None:
    pinned = axes(go.Figure(go.Scatter(x=[0, 10], y=[20, 40], mode="lines+markers")))
    assert pinned["xaxis"]["range"] == pytest.approx([-0.5, 10.5])
    assert pinned["yaxis"]["range"] == pytest.approx([19, 41])
    assert (pinned["xaxis"]["type"], pinned["yaxis"]["type"]) == ("linear", "linear")


def test_tozero_takes_zero_in_with_no_room_below_it() -> None:
    figure = go.Figure(go.Scatter(x=[1, 2], y=[5, 10]))
    figure.update_yaxes(rangemode="tozero")
    assert axes(figure)["yaxis"]["range"] == pytest.approx([0, 10.5])


def test_bars_stand_on_zero_and_take_their_width() -> None:
    figure = go.Figure(go.Bar(x=[1, 2, 4], y=[3, 6, 2]))
    pinned = axes(figure)
    assert pinned["yaxis"]["range"] == pytest.approx([0, 6.3])
    assert pinned["xaxis"]["range"] == pytest.approx([0.6, 4.4])  # 0.8 of the smallest gap
    wide = axes(go.Figure(go.Bar(x=[1, 2], y=[1, 1], width=0.5)))
    assert wide["xaxis"]["range"] == pytest.approx([0.75, 2.25])


def test_stacked_bars_span_their_sums() -> None:
    figure = go.Figure([go.Bar(x=[1, 2], y=[3, 1]), go.Bar(x=[1, 2], y=[4, 1])])
    figure.update_layout(barmode="stack")
    assert axes(figure)["yaxis"]["range"] == pytest.approx([0, 7.35])


def test_category_axes_list_their_categories_in_the_order_the_traces_give() -> None:
    figure = go.Figure([go.Bar(x=["b", "a"], y=[1, 2]), go.Bar(x=["c", "a"], y=[3, 4])])
    figure.update_layout(barmode="group")
    pinned = axes(figure)["xaxis"]
    assert pinned["type"] == "category" and pinned["categoryorder"] == "array"
    assert pinned["categoryarray"] == ["b", "a", "c"]
    assert pinned["range"] == [-0.5, 2.5]
    sideways = axes(go.Figure(go.Bar(x=[2, 5], y=["R1", "R2"], orientation="h")))
    assert sideways["yaxis"]["categoryarray"] == ["R1", "R2"]
    assert sideways["xaxis"]["range"] == pytest.approx([0, 5.25])


def test_what_the_figure_sets_is_kept() -> None:
    figure = go.Figure(go.Scatter(x=[1, 9], y=[0, 50]))
    figure.update_layout(xaxis={"range": [0.5, 9.5], "dtick": 1}, yaxis={"tickvals": [0, 25]})
    pinned = axes(figure)
    assert pinned["xaxis"]["range"] == [0.5, 9.5] and pinned["xaxis"]["dtick"] == 1
    assert "dtick" not in pinned["yaxis"]
    assert pinned["yaxis"]["tickvals"] == [0, 25]


def test_number_axes_tick_by_one_two_or_five_times_a_power_of_ten() -> None:
    assert [nice_step(rough) for rough in (0.07, 0.3, 1, 1.2, 3, 7, 17, 45)] == pytest.approx(
        [0.1, 0.5, 1, 2, 5, 10, 20, 50]
    )
    pinned = axes(go.Figure(go.Scatter(x=[0, 100], y=[0, 1000])))
    assert (pinned["xaxis"]["tick0"], pinned["xaxis"]["dtick"]) == (0, 20)  # about 8 across
    assert pinned["yaxis"]["dtick"] == 200  # about 6 up


def test_shared_axes_span_the_same_values() -> None:
    figure = make_subplots(rows=2, cols=1, shared_xaxes=True)
    figure.add_trace(go.Scatter(x=[1, 2], y=[1, 2]), row=1, col=1)
    figure.add_trace(go.Scatter(x=[1, 8], y=[1, 2]), row=2, col=1)
    figure.update_xaxes(dtick=1, row=2, col=1)
    pinned = axes(figure)
    assert pinned["xaxis"]["dtick"] == pinned["xaxis2"]["dtick"] == 1
    assert pinned["xaxis"]["range"] == pinned["xaxis2"]["range"]
    assert pinned["xaxis"]["range"] == pytest.approx([0.65, 8.35])


def test_an_axis_of_one_value_or_none_still_has_a_span() -> None:
    assert axes(go.Figure(go.Scatter(x=[3], y=[0])))["xaxis"]["range"] == [2, 4]
    assert axes(go.Figure(go.Scatter(x=[3], y=[0])))["yaxis"]["range"] == [0, 1]
    empty = pin_axes({"data": [{"type": "scatter", "x": [], "y": []}], "layout": {}})
    assert empty["layout"]["xaxis"]["range"] == [-1, 1]
