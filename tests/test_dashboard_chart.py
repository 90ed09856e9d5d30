"""The chart component's Python side: what a figure sends to the browser, and the script that
loads the chart bundle ahead (which Streamlit's HTML sanitiser must let through)."""

from __future__ import annotations

import re

import plotly.graph_objects as go

from dashboard.charts.chart import BUNDLE, LOADER, ahead_script, figure_spec


def test_a_figure_is_sent_with_its_traces_and_layout_and_without_its_template() -> None:
    figure = go.Figure(go.Bar(x=["a", "b"], y=[1, 2], name="calls", marker_color="#2563eb"))
    figure.update_layout(height=340, xaxis={"title": "call"})
    spec = figure_spec(figure)
    assert set(spec) == {"data", "layout"}
    (trace,) = spec["data"]
    assert (trace["type"], trace["name"], trace["x"]) == ("bar", "calls", ["a", "b"])
    assert trace["marker"] == {"color": "#2563eb"}
    assert spec["layout"]["height"] == 340
    assert spec["layout"]["xaxis"]["title"] == {"text": "call"}
    assert "template" in figure.to_plotly_json()["layout"]  # plotly's, left out of what is sent
    assert "template" not in spec["layout"]


def test_the_loading_ahead_holds_nothing_the_sanitiser_drops() -> None:
    script = ahead_script()
    assert script.startswith("<script>") and script.endswith("</script>")
    body = script.removeprefix("<script>").removesuffix("</script>")
    assert re.findall(r"<[/\w]", body) == []
    assert LOADER in body
    assert body.endswith("whenSettled().then(loadPlotly).catch(() => {});})();")


def test_the_bundle_is_vendored_with_its_licence() -> None:
    assert BUNDLE.read_text(encoding="utf-8").startswith("/**\n* plotly.js (basic - minified) v")
    licence = BUNDLE.with_name("plotly-basic.LICENSE").read_text(encoding="utf-8")
    assert "MIT License" in licence and "Plotly" in licence
