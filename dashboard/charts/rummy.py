"""The Rummy totals chart of the Scores page: each player's total after every deal, the limit, and
the deals each went out and re-entered, from the sheet's ``totals_series`` (one definition with
the score sheet). Names reach Plotly escaped, since it reads tags such as ``<b>`` in text."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
from plotly.colors import qualitative

from dashboard.charts.figures import CHART_MARGIN, hand_axis
from dashboard.views.rummy.sheet import RummySheet, totals_series
from dashboard.views.text import escape

#: One colour per chair, in chair order (seven players at most).
PLAYER_COLOURS = tuple(qualitative.D3)
WENT_OUT, RE_ENTERED = "went out", "re-entered"


def player_colour(sheet: RummySheet, name: str) -> str:
    """The colour of a player's line: by his chair, the same on every chart of the game."""
    chair = sheet.players.index(name) if name in sheet.players else 0
    return PLAYER_COLOURS[chair % len(PLAYER_COLOURS)]


def _marks(
    sheet: RummySheet, name: str, where: pd.DataFrame, at: tuple[str, str], text: list[str]
) -> go.Scatter:
    """The moments of one kind (went out, re-entered) as markers in their players' colours, at
    the columns ``at`` (deal, total) of ``where``."""
    symbol = "x" if name == WENT_OUT else "triangle-up"
    return go.Scatter(
        x=[float(x) for x in where[at[0]]],
        y=[float(y) for y in where[at[1]]],
        name=name,
        mode="markers",
        marker={
            "symbol": symbol,
            "size": 13,
            "color": [player_colour(sheet, player) for player in where["player"]],
            "line": {"width": 2, "color": "#111827"},
        },
        text=text,
        hovertemplate="%{text}<extra></extra>",
    )


def player_line(series: pd.DataFrame, name: str) -> tuple[list[float], list[float | None]]:
    """A player's points: his total after every deal (none while he is out), and before a deal
    he re-entered, half a deal earlier, the total he re-entered on."""
    xs: list[float] = []
    ys: list[float | None] = []
    for deal, total, back_on in series[series["player"] == name][
        ["deal", "total", "rejoined_on"]
    ].itertuples(index=False):
        if not pd.isna(back_on):
            xs.append(deal - 0.5)
            ys.append(float(back_on))
        xs.append(float(deal))
        ys.append(None if pd.isna(total) else float(total))
    return xs, ys


def totals_figure(sheet: RummySheet) -> go.Figure:
    """A line per player (his total after every deal while in the game, dropping to his new total
    where he re-entered), the limit as a dashed line, a cross where a player went out and a
    triangle where he re-entered."""
    series = totals_series(sheet)
    figure = go.Figure()
    for name in sheet.players:
        xs, ys = player_line(series, name)
        shown = escape(name)
        figure.add_trace(
            go.Scatter(
                x=xs,
                y=ys,
                name=shown,
                legendgroup=shown,
                mode="lines+markers",
                connectgaps=False,
                line={"color": player_colour(sheet, name), "width": 3},
                text=[shown] * len(xs),
                hovertemplate="%{text}: %{y} after deal %{x}<extra></extra>",
            )
        )
    out = series[series["went_out"]]
    if len(out):
        text = [
            f"{escape(p)} went out on {int(t)}"
            for p, t in zip(out["player"], out["total"], strict=True)
        ]
        figure.add_trace(_marks(sheet, WENT_OUT, out, ("deal", "total"), text))
    back = series[series["rejoined_on"].notna()]
    back = back.assign(before=back["deal"] - 0.5)
    if len(back):
        text = [
            f"{escape(player)} re-entered on {int(on)} before deal {deal}"
            for player, on, deal in zip(
                back["player"], back["rejoined_on"], back["deal"], strict=True
            )
        ]
        figure.add_trace(_marks(sheet, RE_ENTERED, back, ("before", "rejoined_on"), text))
    figure.add_hline(
        y=sheet.limit,
        line_dash="dash",
        line_color="#b91c1c",
        annotation_text=f"limit {sheet.limit}: out above it",
        annotation_position="top left",
    )
    highest = series["total"].max()
    top = max(float(sheet.limit), 0.0 if pd.isna(highest) else float(highest))
    figure.update_layout(
        height=420,
        margin=CHART_MARGIN,
        legend={"orientation": "h", "y": -0.2},
        xaxis=hand_axis("after deal", series["deal"]),
        yaxis={"title": "total", "range": [0, top * 1.08]},
        hovermode="closest",
    )
    return figure
