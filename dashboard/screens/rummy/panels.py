"""The Rummy sections of the Scores, Players and Coaching pages, drawn with Streamlit from the pure
builders in ``dashboard.views.rummy.sheet``, ``rummy_figures`` and ``rummy_players``.

Kept apart from the page scripts so that each page only hands a Rummy session or player here.
Every text from a file goes through ``st.html`` escaped, a data frame, or escaped Markdown.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import streamlit as st

from dashboard.charts.chart import chart
from dashboard.charts.rummy import totals_figure
from dashboard.library import LoadedSession
from dashboard.views.frame_html import frame_html
from dashboard.views.rummy.players import (
    FIGURES,
    GroupingCost,
    RummyTable,
    costs_table,
)
from dashboard.views.rummy.sheet import build_sheet, headline, sheet_html, standing_text
from dashboard.views.text import escape_markdown
from dashboard.views.tricks.players import blank_missing

#: The metrics of a player's Rummy section, in the order shown.
PLAYER_METRICS = (
    "deals played",
    "deals won",
    "first drops",
    "middle drops",
    "wrong declarations",
    "average count when losing",
    "points given away",
)


def rummy_tables(sessions: Sequence[LoadedSession]) -> list[RummyTable]:
    """The loaded sessions that are replayed Rummy games, with their labels."""
    return [
        RummyTable(session.label, game, session.tally().shown)
        for session in sessions
        if session.family == "rummy" and (game := session.rummy) is not None
    ]


def definitions(columns: Sequence[str]) -> str:
    """What each figure shown counts, one sentence each, as escaped Markdown."""
    return "  \n".join(f"**{column}**: {escape_markdown(FIGURES[column])}" for column in columns)


def rummy_scores(session: LoadedSession) -> None:
    """The Scores page of a Rummy game: how it stands, the score sheet, the totals chart."""
    game = session.rummy
    assert game is not None  # only replayed Rummy sessions come here
    sheet = build_sheet(game)
    st.subheader(escape_markdown(headline(sheet)))
    st.caption("Standing: " + escape_markdown(standing_text(sheet)))
    st.subheader("Score sheet")
    st.html(sheet_html(sheet))
    st.subheader("Totals after every deal")
    st.caption(
        f"Out above {sheet.limit}: a cross marks the deal a player went out, a triangle the deal "
        "he re-entered (on the total the sheet shows with ↩)."
    )
    chart(totals_figure(sheet), key="scores-rummy-totals")


def rummy_overview(figures: pd.DataFrame) -> None:
    """Every Rummy player's figures (``player_figures``) in one table, with what each counts."""
    if figures.empty:
        return
    st.subheader("Rummy players")
    st.html(frame_html(blank_missing(figures)))
    with st.expander("What the Rummy figures count"):
        st.markdown(definitions(list(FIGURES)))


def rummy_player(figures: pd.DataFrame, player: str) -> None:
    """One player's Rummy figures (a row of ``player_figures``) as metrics, each defined."""
    mine = figures[figures["player"] == player]
    if mine.empty:
        return
    row = mine.iloc[0]
    st.subheader(f"Rummy: {escape_markdown(player)}")
    metrics = st.container(horizontal=True, gap="medium", key="players-rummy-metrics")
    for column in PLAYER_METRICS:
        value = row[column]
        metrics.metric(column.capitalize(), "–" if pd.isna(value) else format(value, "g"))
    st.caption(definitions(PLAYER_METRICS))


def rummy_coaching(all_costs: Sequence[GroupingCost], player: str) -> None:
    """What a player's own groupings gave away against the lowest count, hand by hand (of every
    hand shown in its player's groups, ``grouping_costs``)."""
    costs = [cost for cost in all_costs if cost.player == player]
    st.subheader("Rummy: groupings")
    if not costs:
        st.caption("No hand of his shown in his own groups.")
        return
    given = sum(cost.given_away for cost in costs)
    metrics = st.container(horizontal=True, gap="medium", key="coaching-rummy-metrics")
    metrics.metric("Hands shown in his groups", len(costs))
    metrics.metric("Points given away", given)
    metrics.metric("Hands that gave points away", sum(cost.given_away > 0 for cost in costs))
    st.caption(definitions(["points given away"]))
    st.html(frame_html(costs_table(costs)))  # a plain table: no toolbar over the caption
