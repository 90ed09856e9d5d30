"""Plotly figures of the Scores and Players pages, built from the view modules' data frames.
Names from the files (teams, players, sessions) reach Plotly escaped, since it reads tags such as
``<b>`` in text."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from dashboard.charts.axes import PAD, nice_step
from dashboard.views.text import escape
from dashboard.views.tricks.scores import RUNNING_LABELS, Milestone
from replay.tricks.scoring import Counter

#: Team 1 (odd seats) and team 2 (even seats).
TEAM_COLOURS = ("#dc2626", "#2563eb")
OUTCOME_COLOURS = {"made": "#16a34a", "lost": "#dc2626"}
OTHER_OUTCOME_COLOUR = "#9ca3af"
SMALL_COUNT = 12
"""Up to this, a count's axis (a running score, calls, findings) shows every whole number; above
it plotly spaces the ticks itself: a tick per call over 2,000 hands was a hundred labels, each
measured by the browser, and 0.8 s to draw one chart."""
EVERY_HAND = 16
"""Up to this many hands (or deals), a hand axis writes every hand's number; beyond it the numbers
are spaced as on any axis (every 2nd, 5th ...), so that a long session's numbers do not run into
each other on a phone's 390 px, where about sixteen two-digit numbers fit under a chart."""
CHART_MARGIN = {"l": 40, "r": 20, "t": 30, "b": 40}
"""The room around a chart's plot, in pixels: the axis numbers left and below, a strip above."""
BAR_WIDTH = 0.8
"""A hand's bar, in hands: set on every bar trace, since Plotly would otherwise size each trace's
bars by the gap between its own hands (three hands apart make bars 2.4 hands wide)."""


def count_ticks(values: pd.Series) -> int | None:
    """The tick step of an axis of counts: every whole number while they are small
    (``SMALL_COUNT``), else ``None``, plotly's own spacing."""
    return 1 if len(values) == 0 or values.abs().max() <= SMALL_COUNT else None


def hand_ticks(hands: pd.Series) -> int | None:
    """The tick step of a hand (or deal) axis: every hand up to ``EVERY_HAND`` of them, else
    ``None``, plotly's own spacing."""
    return 1 if len(hands) == 0 or hands.max() - hands.min() < EVERY_HAND else None


def hand_range(hands: pd.Series) -> list[float]:
    """The x range from half a hand before the first hand charted to half after the last."""
    return [float(hands.min()) - 0.5, float(hands.max()) + 0.5] if len(hands) else [0.5, 1.5]


def hand_axis(title: str, hands: pd.Series) -> dict[str, object]:
    """An x axis over the hands (or deals) charted: ``hand_ticks`` and ``hand_range``."""
    return {"title": title, "dtick": hand_ticks(hands), "range": hand_range(hands)}


def outcome_colour(outcome: object) -> str:
    """The colour of a call's outcome: made green, lost red, any other grey."""
    return OUTCOME_COLOURS.get(str(outcome), OTHER_OUTCOME_COLOUR)


def team_colour(teams: Sequence[str], team: str) -> str:
    """The colour of a team: team 1 red, team 2 blue, whatever the teams are called."""
    return TEAM_COLOURS[list(teams).index(team) % len(TEAM_COLOURS)] if team in teams else "#6b7280"


def running_figure(
    series: pd.DataFrame,
    keys: Sequence[Counter],
    teams: Sequence[str],
    marks: Sequence[Milestone],
) -> go.Figure:
    """A step chart per running score (one row each, named by its y axis), with a dotted line at
    every flag or set, named just above each row's plot: there no line of the chart runs through
    the name, whatever the scores (inside the plot it sat on a score's line on a phone)."""
    figure = make_subplots(
        rows=len(keys),
        cols=1,
        shared_xaxes=True,
        vertical_spacing=0.14,
        row_heights=[2.0, *([1.0] * (len(keys) - 1))],
    )
    for row, key in enumerate(keys, start=1):
        label = RUNNING_LABELS[key]
        for team in teams:
            rows = series[series["team"] == team].sort_values("hand")
            figure.add_trace(
                go.Scatter(
                    x=rows["hand"],
                    y=rows[key],
                    name=escape(team),
                    legendgroup=escape(team),
                    showlegend=row == 1,
                    mode="lines+markers",
                    line={"shape": "hv", "color": team_colour(teams, team), "width": 3},
                    hovertemplate=f"{label} after hand %{{x}}: %{{y}}<extra>{escape(team)}</extra>",
                ),
                row=row,
                col=1,
            )
        figure.update_yaxes(
            title_text=label, rangemode="tozero", dtick=count_ticks(series[key]), row=row, col=1
        )
    for mark in marks:
        figure.add_vline(
            x=mark.hand,
            line_dash="dot",
            line_color=team_colour(teams, mark.team),
            annotation_text=f"{escape(mark.team)} {mark.name}",
            annotation_position="top",  # above the plot, where the line ends
            annotation_xanchor="right",  # every name to the left of its line: none faces another
        )
    figure.update_xaxes(
        title_text="after hand", dtick=hand_ticks(series["hand"]), row=len(keys), col=1
    )
    figure.update_layout(
        height=160 + 180 * len(keys),
        margin={"l": 40, "r": 20, "t": 40, "b": 40},
        legend={"orientation": "h", "y": -0.15},
        hovermode="x unified",
    )
    return figure


def points_axis(calls: pd.DataFrame, total: int) -> dict[str, object]:
    """The callers' points axis: from 0 to the game's ``total`` (the most a side can take, higher
    if a count in the file is), ending on a tick, so that the scale is the game's and not the
    best hand's (29's axis stopped at its top bar, 22 of 29)."""
    top = max(total, *calls["points"], *calls["target"])
    step = nice_step(top / 6)
    end = math.ceil(top / step) * step
    return {
        "title": "callers' points",
        "range": [0, max(end, top * (1 + PAD))],  # the top's mark drawn whole
        "tick0": 0,
        "dtick": step,
    }


def calls_figure(calls: pd.DataFrame, total: int) -> go.Figure:
    """The callers' points in every hand as bars coloured by outcome, against the target needed:
    one bar a hand, centred on it, on an axis that holds only the hands charted; the points'
    axis runs to the game's ``total`` (``points_axis``)."""
    figure = go.Figure()
    for outcome, rows in calls.groupby("outcome", sort=False):
        figure.add_trace(
            go.Bar(
                x=rows["hand"],
                y=rows["points"],
                width=BAR_WIDTH,
                name=f"points taken ({outcome})",
                marker_color=outcome_colour(outcome),
                customdata=rows[["caller", "call"]].map(escape),
                hovertemplate="hand %{x}: %{customdata[0]} called %{customdata[1]}, "
                "took %{y}<extra></extra>",
            )
        )
    figure.add_trace(
        go.Scatter(
            x=calls["hand"],
            y=calls["target"],
            name="target",
            mode="markers",
            marker={"symbol": "line-ew-open", "size": 26, "color": "#111827", "line": {"width": 3}},
            hovertemplate="hand %{x}: target %{y}<extra></extra>",
        )
    )
    figure.update_layout(
        height=360,
        barmode="overlay",
        margin=CHART_MARGIN,
        legend={"orientation": "h", "y": -0.2},
        xaxis=hand_axis("hand", calls["hand"]),
        yaxis=points_axis(calls, total),
    )
    return figure


SEVERITY_COLOURS = {"error": "#dc2626", "warning": "#f59e0b", "note": "#6b7280"}


def levels_figure(calls: pd.DataFrame) -> go.Figure:
    """One player's calls by level: made and lost side by side (the game named when several)."""
    several = calls["game"].nunique() > 1
    labels = [
        f"{g}: {lv}" if several else lv for g, lv in zip(calls["game"], calls["level"], strict=True)
    ]
    figure = go.Figure(
        [
            go.Bar(x=labels, y=calls[column], name=column, marker_color=OUTCOME_COLOURS[column])
            for column in ("made", "lost")
        ]
    )
    figure.update_layout(
        barmode="group",
        height=320,
        margin=CHART_MARGIN,
        xaxis={"title": "call", "type": "category"},
        yaxis={
            "title": "calls",
            "dtick": count_ticks(calls[["made", "lost"]].stack()),
            "rangemode": "tozero",
        },
        legend={"orientation": "h", "y": -0.25},
    )
    return figure


def margin_figure(points: pd.DataFrame) -> go.Figure:
    """Points taken against the target of every call, with the line where the call is just made."""
    figure = go.Figure()
    for outcome, rows in points.groupby("outcome", sort=False):
        figure.add_trace(
            go.Scatter(
                x=rows["target"],
                y=rows["points"],
                mode="markers",
                name=str(outcome),
                marker={
                    "size": 11,
                    "color": outcome_colour(outcome),
                },
                customdata=rows[["session", "hand", "call"]].assign(
                    session=rows["session"].map(escape)
                ),
                hovertemplate="%{customdata[0]} hand %{customdata[1]}: called %{customdata[2]}, "
                "took %{y} for %{x}<extra></extra>",
            )
        )
    if len(points):
        low, high = int(points["target"].min()), int(points["target"].max())
        figure.add_trace(
            go.Scatter(
                x=[low, high],
                y=[low, high],
                mode="lines",
                name="just made",
                line={"dash": "dot", "color": "#111827"},
                hoverinfo="skip",
            )
        )
    figure.update_layout(
        height=340,
        margin=CHART_MARGIN,
        xaxis={"title": "target"},
        yaxis={"title": "points taken", "rangemode": "tozero"},
        legend={"orientation": "h", "y": -0.25},
    )
    return figure


def findings_figure(findings: pd.DataFrame) -> go.Figure:
    """How often each finding code named the player, coloured by severity."""
    ordered = findings.sort_values("count")
    figure = go.Figure(
        go.Bar(
            x=ordered["count"],
            y=ordered["code"],
            orientation="h",
            marker_color=[
                SEVERITY_COLOURS.get(s, OTHER_OUTCOME_COLOUR) for s in ordered["severity"]
            ],
            hovertemplate="%{y}: %{x}<extra></extra>",
        )
    )
    figure.update_layout(
        height=120 + 28 * max(len(ordered), 1),
        margin=CHART_MARGIN,
        xaxis={"title": "findings", "dtick": count_ticks(ordered["count"])},
    )
    return figure


PERCENT_TICKS = [0, 20, 40, 60, 80, 100]
"""The ticks of a share in percent: the axis's room past 100 holds the bars' counts, unlabelled."""
SUCCESS_TOP = 12
"""How many players the calls-made chart shows: those with the most calls (the table lists all)."""


def success_figure(summary: pd.DataFrame) -> go.Figure:
    """The share of calls made of the players with the most calls (``SUCCESS_TOP``; the table
    above it lists every player), with the number of calls on each bar: one horizontal bar a
    player, best at the top, so that every name is written in full on a phone's width."""
    called = summary[summary["calls"] > 0].sort_values(["calls", "player"], ascending=[False, True])
    rows = called.head(SUCCESS_TOP).sort_values(["made %", "player"], ascending=[True, False])
    figure = go.Figure(
        go.Bar(
            y=rows["player"].map(escape),
            x=rows["made %"],
            orientation="h",
            text=[
                f"{made}/{calls}" for made, calls in zip(rows["made"], rows["calls"], strict=True)
            ],
            textposition="outside",
            marker_color="#2563eb",
            hovertemplate="%{y}: %{x}% of calls made<extra></extra>",
        )
    )
    figure.update_layout(
        height=120 + 24 * max(len(rows), 1),
        margin=CHART_MARGIN,
        xaxis={
            "title": "calls made (%)"
            + (f", the {SUCCESS_TOP} who called most" if len(called) > SUCCESS_TOP else ""),
            "range": [0, 125],  # room for the count written beside a full bar
            "tickvals": PERCENT_TICKS,  # a share ends at 100: no tick at 120
        },
        yaxis={"type": "category"},
    )
    return figure


def every_kind_figure() -> go.Figure:
    """A figure with every kind of trace, axis, line and note the dashboard's figures use (lines
    and bars on shared-axis rows, lines across with notes, unified hover, legends). Plotly imports
    the class behind each of these on its first use, a quarter of a second in all: the server
    builds this once before it answers, so that no visitor's first chart waits for it."""
    figure = make_subplots(rows=2, cols=1, shared_xaxes=True, subplot_titles=["a", "b"])
    figure.add_trace(
        go.Scatter(
            x=[1, 2],
            y=[0, 1],
            name="a",
            legendgroup="a",
            mode="lines+markers",
            line={"shape": "hv", "color": "#111827", "width": 3},
            marker={"symbol": "line-ew-open", "size": 26, "line": {"width": 3}},
            hovertemplate="%{x}: %{y}<extra>a</extra>",
        ),
        row=1,
        col=1,
    )
    figure.add_trace(
        go.Bar(
            x=[1, 2],
            y=[1, 2],
            width=0.8,
            name="b",
            marker_color="#111827",
            customdata=[["a"], ["b"]],
            text=["1", "2"],
            orientation="v",
            hovertemplate="%{customdata[0]}<extra></extra>",
        ),
        row=2,
        col=1,
    )
    figure.add_vline(x=1, line_dash="dot", annotation_text="a", annotation_position="top left")
    figure.add_hline(y=1, line_dash="dot", annotation_text="b")
    figure.update_xaxes(title_text="a", dtick=1, range=[0, 3])
    figure.update_yaxes(title_text="b", rangemode="tozero")
    figure.update_layout(
        height=300,
        barmode="overlay",
        margin={"l": 40, "r": 20, "t": 40, "b": 40},
        legend={"orientation": "h", "y": -0.15},
        hovermode="x unified",
        xaxis={"title": "a"},
        yaxis={"title": "b"},
    )
    return figure
