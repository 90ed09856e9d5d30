"""The Thuruppu dashboard: Sessions, Replay, Scores, Players, Coaching, Record, Tournament and,
on an archive, the tournament day's Organiser and Director pages (``streamlit run`` this file).

Started by ``thuruppu dashboard`` (``dashboard.server.launch``) with ``-- --data PATH``, its
command line setting Streamlit's theme that puts the shipped fonts on every page
(``dashboard.views.fonts``); the pages are thin and draw what ``replay`` and the view builders in
``dashboard.views`` compute.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPOSITORY = str(Path(__file__).resolve().parent.parent)
if REPOSITORY not in sys.path:  # so the packages import when the project is not installed
    sys.path.insert(0, REPOSITORY)

import streamlit as st  # noqa: E402

from dashboard.charts.chart import load_charts_ahead  # noqa: E402
from dashboard.page_writer import keys_on  # noqa: E402
from dashboard.server.kept_key import keep_tab_key  # noqa: E402
from dashboard.state import day_location, fair_background  # noqa: E402

SCREENS = Path(__file__).resolve().parent / "screens"

APP_CSS = '[data-testid="stMainBlockContainer"]{padding-top:3.5rem;padding-bottom:2rem}'

st.set_page_config(page_title="Thuruppu", page_icon="♠", layout="wide")
st.html(f"<style>{APP_CSS}</style>")
# The tournament day's pages, shown when the dashboard serves an archive (TOURNAMENT.md §8).
DAY_PAGES = [
    st.Page(
        SCREENS / "organiser.py",
        title="Organiser",
        icon=":material/event_note:",
        url_path="organiser",
    ),
    st.Page(
        SCREENS / "director.py", title="Director", icon=":material/gavel:", url_path="director"
    ),
]

navigation = st.navigation(
    [
        st.Page(
            SCREENS / "sessions.py",
            title="Sessions",
            icon=":material/folder_open:",
            default=True,
        ),
        st.Page(SCREENS / "replay.py", title="Replay", icon=":material/style:", url_path="replay"),
        st.Page(
            SCREENS / "scores.py", title="Scores", icon=":material/show_chart:", url_path="scores"
        ),
        st.Page(
            SCREENS / "players.py", title="Players", icon=":material/group:", url_path="players"
        ),
        st.Page(
            SCREENS / "coaching.py", title="Coaching", icon=":material/school:", url_path="coaching"
        ),
        st.Page(SCREENS / "record.py", title="Record", icon=":material/edit:", url_path="record"),
        st.Page(
            SCREENS / "tournament.py",
            title="Tournament",
            icon=":material/emoji_events:",
            url_path="tournament",
        ),
        *(DAY_PAGES if day_location() is not None else []),
    ],
    position="top",
)
load_charts_ahead()
fair_background()  # started once, with the server (already, when the server was warmed)
if keys_on():
    keep_tab_key()  # the tab's key, kept across a reload of the tab (before the page asks for it)
navigation.run()
