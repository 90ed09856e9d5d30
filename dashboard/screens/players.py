"""The Players page: every player over all loaded sessions, then one player in detail (his Rummy
figures too, from ``dashboard.screens.rummy.panels``)."""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from dashboard import state
from dashboard.charts.chart import chart
from dashboard.charts.figures import findings_figure, levels_figure, margin_figure, success_figure
from dashboard.screens.rummy.panels import rummy_overview, rummy_player
from dashboard.views.frame_html import frame_html
from dashboard.views.tricks.players import blank_missing, default_player

st.title("Players")
tables = state.players(state.sessions())
summary = tables.summary
rummy = state.rummy_players(state.sessions()).figures
if summary.empty and rummy.empty:
    st.info("No readable session yet. Open the Sessions page to see why.")
    st.stop()

if not summary.empty:
    st.caption(f"{len(summary)} player(s) over {tables.sessions} session(s)")
    st.html(frame_html(blank_missing(summary)))
    if summary["calls"].sum():
        chart(success_figure(summary), key="players-success")
rummy_overview(rummy)

trick_players = list(summary["player"]) if not summary.empty else []
names = sorted({*trick_players, *rummy["player"]})
wanted = st.query_params.get("player")
default = default_player(summary) if trick_players else names[0]
player = st.selectbox(
    "Player",
    names,
    index=names.index(wanted if wanted in names else default),
    key="players-player",
)
st.query_params["player"] = player
rummy_player(rummy, player)
if player not in trick_players:
    st.stop()

mine = {
    "calls": tables.calls[tables.calls["player"] == player],
    "points": tables.points[tables.points["player"] == player],
    "specials": tables.specials[tables.specials["player"] == player],
    "findings": tables.findings[tables.findings["player"] == player],
}


def panel(
    title: str, frame: pd.DataFrame, draw: Callable[[pd.DataFrame], None], empty: str
) -> None:
    """One titled panel: the frame drawn when it has rows, a short caption when it has none."""
    st.subheader(title)
    if len(frame):
        draw(frame)
    else:
        st.caption(empty)


def charted(
    figure: Callable[[pd.DataFrame], go.Figure], key: str
) -> Callable[[pd.DataFrame], None]:
    """Draw a frame as the plotly figure ``figure`` builds, under a stable key."""

    def draw(frame: pd.DataFrame) -> None:
        chart(figure(frame), key=key)

    return draw


def table(frame: pd.DataFrame) -> None:
    """Draw a frame as a table, without the player column the page already names."""
    st.html(frame_html(blank_missing(frame.drop(columns="player"))))


panels = [
    (
        "Calls by level",
        mine["calls"],
        charted(levels_figure, "players-levels"),
        "No call played out.",
    ),
    (
        "Points as caller",
        mine["points"],
        charted(margin_figure, "players-margin"),
        "No call with a known count.",
    ),
    ("Jodi, Thani, Kott", mine["specials"], table, "None undertaken."),
    (
        "Findings by code",
        mine["findings"],
        charted(findings_figure, "players-findings"),
        "No finding names this player.",
    ),
]
for row in range(0, len(panels), 2):
    for column, args in zip(st.columns(2), panels[row : row + 2], strict=True):
        with column:
            panel(*args)
