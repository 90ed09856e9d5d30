"""The Sessions page: every session under the data path, its problems, and uploading a file."""

from __future__ import annotations

import streamlit as st

from dashboard import state
from dashboard.library import LoadedSession
from dashboard.views.sessions import problems_table, sessions_table
from dashboard.views.stepping import Position
from dashboard.views.text import escape_markdown


def show_problems(session: LoadedSession) -> None:
    """A session's read problems as a table of line, column and message."""
    st.error(f"{escape_markdown(session.label)}: {len(session.problems)} problem(s) reading it")
    st.dataframe(problems_table(session), hide_index=True, width="stretch")


def open_buttons(session: LoadedSession, where: str) -> None:
    """Buttons that open a readable session on the Replay and Scores pages."""
    if not session.playable:
        return
    replay, scores = st.columns(2)
    if replay.button(
        "Open in Replay", key=f"{where}-replay", icon=":material/style:", width="stretch"
    ):
        params = Position(session.key).to_params()
        st.switch_page("screens/replay.py", query_params=params)
    if scores.button(
        "Open its scores", key=f"{where}-scores", icon=":material/show_chart:", width="stretch"
    ):
        st.switch_page("screens/scores.py", query_params={"session": session.key})


st.title("Sessions")
root = state.data_root()
loaded = state.sessions()
chosen: str | None = None
st.caption(f"{len(loaded)} session(s) from {escape_markdown(root)}")

if loaded:
    st.dataframe(sessions_table(loaded), hide_index=True, width="stretch")
    chosen = st.selectbox(
        "Session",
        [session.key for session in loaded],
        format_func=lambda key: next(s.title for s in loaded if s.key == key),
        key="sessions-chosen",
    )
    picked = next(session for session in loaded if session.key == chosen)
    if picked.problems:
        show_problems(picked)
    open_buttons(picked, "chosen")
else:
    st.info("No .tgn files here yet. Upload one below.")

for session in loaded:
    if session.problems and session.key != chosen:
        with st.expander(f"{escape_markdown(session.label)}: {len(session.problems)} problem(s)"):
            st.dataframe(problems_table(session), hide_index=True, width="stretch")

st.subheader("Upload a session")
upload = st.file_uploader("A .tgn file", type=["tgn"], key="sessions-upload")
if upload is not None:
    uploaded = state.add_upload(upload.name, upload.getvalue())
    if uploaded.problems:
        show_problems(uploaded)
    if uploaded.record is not None:
        st.success(
            f"{escape_markdown(uploaded.label)}: game {escape_markdown(uploaded.record.game)}, "
            f"{uploaded.hands} hand(s), {len(uploaded.findings)} finding(s)"
        )
        open_buttons(uploaded, "upload")
