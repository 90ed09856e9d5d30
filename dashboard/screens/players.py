"""The Players page: every player over all loaded sessions, then one player in detail."""

from __future__ import annotations

import streamlit as st

from dashboard import state
from dashboard.views.figures import findings_figure, levels_figure, margin_figure, success_figure
from dashboard.views.players import (
    PlayedSession,
    caller_points,
    calls_by_level,
    findings_by_code,
    overview,
    specials,
)

st.title("Players")
played = [
    PlayedSession(session.label, session.record, session.score, tuple(session.findings))
    for session in state.sessions()
    if session.record is not None and session.score is not None
]
summary = overview(played)
if summary.empty:
    st.info("No readable session yet. Open the Sessions page to see why.")
    st.stop()

st.caption(f"{len(summary)} player(s) over {len(played)} session(s)")
st.dataframe(summary, hide_index=True, width="stretch")
if summary["calls"].sum():
    st.plotly_chart(success_figure(summary), key="players-success", width="stretch")

names = list(summary["player"])
wanted = st.query_params.get("player")
player = st.selectbox(
    "Player", names, index=names.index(wanted) if wanted in names else 0, key="players-player"
)
st.query_params["player"] = player

calls = calls_by_level(played)
points = caller_points(played)
undertakings = specials(played)
findings = findings_by_code(played)
mine = {
    "calls": calls[calls["player"] == player],
    "points": points[points["player"] == player],
    "specials": undertakings[undertakings["player"] == player],
    "findings": findings[findings["player"] == player],
}

left, right = st.columns(2)
with left:
    st.subheader("Calls by level")
    if len(mine["calls"]):
        st.plotly_chart(levels_figure(mine["calls"]), key="players-levels", width="stretch")
    else:
        st.caption("No call played out.")
with right:
    st.subheader("Points as caller")
    if len(mine["points"]):
        st.plotly_chart(margin_figure(mine["points"]), key="players-margin", width="stretch")
    else:
        st.caption("No call with a known count.")

left, right = st.columns(2)
with left:
    st.subheader("Jodi, Thani, Kott")
    if len(mine["specials"]):
        st.dataframe(mine["specials"].drop(columns="player"), hide_index=True, width="stretch")
    else:
        st.caption("None undertaken.")
with right:
    st.subheader("Findings by code")
    if len(mine["findings"]):
        st.plotly_chart(findings_figure(mine["findings"]), key="players-findings", width="stretch")
    else:
        st.caption("No finding names this player.")
