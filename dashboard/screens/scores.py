"""The Scores page: a trick game's running score in step charts, the hands, calls against points;
a Rummy game's score sheet and totals chart (``dashboard.screens.rummy.panels``)."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from dashboard import state
from dashboard.charts.chart import chart
from dashboard.charts.figures import calls_figure, running_figure
from dashboard.library import LoadedSession
from dashboard.printing.button import print_session
from dashboard.screens.rummy.panels import rummy_scores
from dashboard.views.finding_links import finding_moments
from dashboard.views.frame_html import frame_html
from dashboard.views.stepping import Position
from dashboard.views.text import escape_markdown
from dashboard.views.tricks.scores import (
    RUNNING_LABELS,
    call_points,
    chart_keys,
    hand_table,
    milestones,
    running_series,
)
from recorder.games import GAMES


def trick_scores(session: LoadedSession) -> None:
    """The running scores, the hands table and the calls chart of a 40, 28 or 29 session."""
    score, record = session.score, session.record
    assert score is not None and record is not None  # both checked when ``scored`` was built
    counters = chart_keys(score)
    series = running_series(score)
    marks = milestones(series)
    st.subheader(" and ".join(RUNNING_LABELS[key] for key in counters) + " after every hand")
    if marks:
        said = ", ".join(f"{m.team} won a {m.name} after hand {m.hand}" for m in marks)
        st.caption(escape_markdown(said))
    teams = score.teams
    running = state.derived(
        session, "scores-running", lambda: running_figure(series, counters, teams, marks)
    )
    chart(running, key="scores-running")

    st.subheader("Hands")
    table = hand_table(score, record)
    if len(table):
        table.insert(
            0,
            "Replay",
            [f"replay{Position(session.key, hand).query()}" for hand in table["Hand"]],
        )
        replay = session.replay
        first: dict[int, int] = {}
        if replay is not None:
            stepped = lambda index: state.hand_replay(session, record, index)  # noqa: E731
            for moment in reversed(finding_moments(replay, stepped)):
                first[moment.hand] = moment.step
        positions = range(1, len(table) + 1)
        table.insert(
            1,
            "Finding",
            [
                f"replay{Position(session.key, hand, first[hand]).query()}"
                if hand in first
                else None
                for hand in positions
            ],
        )
    st.html(frame_html(table, links={"Replay": "open", "Finding": "see it"}))

    st.subheader("Calls against points taken")
    calls = call_points(score, record)
    if len(calls):
        total = GAMES[record.game].total_points
        figure = state.derived(session, "scores-calls", lambda: calls_figure(calls, total))
        chart(figure, key="scores-calls")
    else:
        st.caption("No hand with a caller and a known count of points yet.")


#: How each family of games (``recorder.games.FAMILIES``) draws its scores.
SCORES: dict[str, Callable[[LoadedSession], None]] = {"trick": trick_scores, "rummy": rummy_scores}

st.title("Scores")
scored = [s for s in state.sessions() if s.summary.scored and s.family in SCORES]
if not scored:
    st.info("No readable session to score. Open the Sessions page to see why.")
    st.stop()

titles = {session.key: session.title for session in scored}
keys = list(titles)
wanted = st.query_params.get("session")
chosen = st.selectbox(
    "Session",
    keys,
    index=keys.index(wanted) if wanted in keys else 0,
    format_func=titles.__getitem__,
    key="scores-session",
)
st.query_params["session"] = chosen
session = next(s for s in scored if s.key == chosen)
print_session(session, key="print-scores")
SCORES[session.family](session)
