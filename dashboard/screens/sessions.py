"""The Sessions page: every session (the folder's, the archive's, this browser's uploads), what
could be read of each, opening one by clicking its row, and uploading, removing and importing."""

from __future__ import annotations

import streamlit as st
from streamlit.runtime.memory_uploaded_file_manager import MemoryUploadedFileManager
from streamlit.runtime.scriptrunner import get_script_run_ctx

from dashboard import state
from dashboard.library import LoadedSession, digest, is_upload
from dashboard.printing.button import csv_button
from dashboard.screens.stepper import SEVERITY_ICONS
from dashboard.server.launch import MAX_UPLOAD_ENV
from dashboard.server.upload_worker import (
    MAX_UPLOAD_HANDS,
    POLL_SECONDS,
    Reading,
    UploadFailed,
    UploadRefused,
)
from dashboard.views.finding_links import finding_moments
from dashboard.views.sessions import (
    problems_table,
    reading_verdict,
    sessions_caption,
    sessions_table,
)
from dashboard.views.stepping import Position
from dashboard.views.text import escape_markdown
from recorder.archive import ArchiveError

BOXES = {"success": st.success, "warning": st.warning, "error": st.error}
TABLE = "sessions-table"
UPLOADER = "sessions-upload"
HANDLED = "sessions-uploads-handled"  # the uploader's files already read, so a removal sticks
SHOWN = "sessions-upload-shown"  # the key of the upload read last, shown under the uploader
NOTICE = "sessions-notice"  # what the last import or removal did, shown once
MAX_LINKS = 30  # findings listed as links under a session


def show_session(session: LoadedSession, where: str) -> None:
    """What could and could not be read of a session, its problems, and what can be done with it."""
    kind, sentence = reading_verdict(session)
    BOXES[kind](f"**{escape_markdown(session.label)}**: {escape_markdown(sentence)}")
    if session.problems:
        st.dataframe(problems_table(session), hide_index=True, width="stretch", key=f"{where}-p")
    actions = st.container(horizontal=True, gap="small")
    draw_finding_links(session, where)
    if session.playable and session.hands:
        if actions.button("Open in Replay", key=f"{where}-replay", icon=":material/style:"):
            st.switch_page("screens/replay.py", query_params=Position(session.key).to_params())
        if actions.button("Open its scores", key=f"{where}-scores", icon=":material/show_chart:"):
            st.switch_page("screens/scores.py", query_params={"session": session.key})
    if is_upload(session.key):
        refused = state.import_refusal()
        if refused is None:
            actions.button(
                "Import into the archive",
                key=f"{where}-import",
                icon=":material/archive:",
                disabled=bool(session.problems),
                help="Fix the file's problems first: only a file read whole is archived."
                if session.problems
                else "Keep it in the archive, for every visitor of this server.",
                on_click=import_upload,
                args=(session.key,),
            )
        else:
            st.caption(escape_markdown(f"Viewed only, not imported: {refused}."))
        actions.button(
            "Remove",
            key=f"{where}-remove",
            icon=":material/delete:",
            help="Forget this upload (only this browser had it).",
            on_click=remove_upload,
            args=(session.key,),
        )


def draw_finding_links(session: LoadedSession, where: str) -> None:
    """Each finding of a session as a link to the moment of Replay that shows it (a session
    without findings is not loaded: an upload's record and replay stay in its folder)."""
    if not session.summary.findings:
        return
    record, replay = session.record, session.replay
    if record is None or replay is None or not session.playable or not replay.findings:
        return
    moments = finding_moments(replay, lambda index: state.hand_replay(session, record, index))
    box = st.container(key=f"{where}-findings")
    box.markdown("**Findings**: each opens its moment in Replay")
    for moment in moments[:MAX_LINKS]:
        box.page_link(
            "screens/replay.py",
            label=escape_markdown(moment.label),
            icon=SEVERITY_ICONS[moment.finding.severity],
            query_params=Position(session.key, moment.hand, moment.step).to_params(),
        )
    if len(moments) > MAX_LINKS:
        box.caption(f"and {len(moments) - MAX_LINKS} more: see them on the Replay page.")


def import_upload(key: str) -> None:
    label = state.uploads()[key].session.label
    try:
        session_id = state.import_upload(key)
    except ArchiveError as error:
        st.session_state[NOTICE] = ("error", f"{label} could not be archived: {error}")
        return
    st.session_state[NOTICE] = ("success", f"{label} is now archive #{session_id}.")


def remove_upload(key: str) -> None:
    label = state.uploads()[key].session.label
    state.remove_upload(key)
    st.session_state[NOTICE] = ("success", f"{label} was removed.")


def take_upload() -> LoadedSession | None:
    """The session of the file in the uploader (read and kept the first time it is seen); its
    twin already listed when the file holds the same; ``None`` once removed or imported, or
    when it was refused (the page says why, the limit and what to do).

    A file is copied to the upload worker's folder (``upload_worker.kept_file``), then dropped
    from Streamlit's uploaded files, which would keep its bytes in the server's memory as long
    as the browser session lasts; later runs find the upload by ``SHOWN``. While this browser's
    upload is read, every run of the page follows it with a progress bar (a file put in the
    uploader meanwhile is refused) and the run that sees it done keeps it."""
    upload = st.session_state.get(UPLOADER)
    handled: set[str] = st.session_state.setdefault(HANDLED, set())
    if upload is not None and upload.file_id not in handled:
        handled.add(upload.file_id)
        try:
            started = state.add_upload(upload.name, upload)
        except UploadRefused as refusal:
            st.error(escape_markdown(f"{upload.name} was not read: {refusal}"))
            started = None
        finally:
            let_go(upload.file_id)
        if isinstance(started, LoadedSession):
            st.session_state[SHOWN] = started.key
            return started
    reading = state.upload_reading()
    if reading is None:
        kept = state.uploads().get(st.session_state.get(SHOWN, ""))
        return kept.session if kept else None
    return follow(reading)


def follow(reading: Reading) -> LoadedSession | None:
    """Draw an upload's progress until it is read, then keep it (``None`` when it failed or was
    refused: the page says why)."""
    bar = st.progress(0.0, text=f"Reading {escape_markdown(reading.name)}…")
    told: tuple[float, str] | None = None
    while not reading.wait(POLL_SECONDS):
        if reading.progress != told:  # only news: each call redraws the bar
            told = reading.progress
            bar.progress(told[0], text=escape_markdown(told[1]))
    bar.empty()
    try:
        session = state.collect_upload(reading)
    except UploadRefused as refusal:
        st.error(escape_markdown(f"{reading.name} was not read: {refusal}"))
        return None
    except UploadFailed as error:  # the worker did not finish
        st.error(
            escape_markdown(f"{reading.name} could not be read: {type(error).__name__}: {error}")
        )
        return None
    st.session_state[SHOWN] = session.key
    return session


def let_go(file_id: str) -> None:
    """Drop an uploaded file from Streamlit's uploaded files (its bytes in the server's memory);
    the uploader then gives a deleted file, which ``take_upload`` knows it has handled."""
    context = get_script_run_ctx()
    if context is not None and isinstance(context.uploaded_file_mgr, MemoryUploadedFileManager):
        context.uploaded_file_mgr.remove_file(context.session_id, file_id)


def draw_page() -> None:
    """The page. Its names are a function's, gone when the run ends: Streamlit keeps the last
    run's widget callbacks, and with them the page script's globals, so a session named at the
    top level (an upload just removed, with its score of every hand) would outlive its removal."""
    st.title("Sessions")
    just_read = take_upload()
    root = state.data_address()
    files, archived = state.shared_sessions()
    uploaded = [upload.session for upload in state.uploads().values()]
    loaded = [*files, *archived, *uploaded]
    st.caption(escape_markdown(sessions_caption(root, files, state.archives(), archived, uploaded)))
    if NOTICE in st.session_state:
        kind, text = st.session_state.pop(NOTICE)
        BOXES[kind](escape_markdown(text))

    if loaded:
        listed = digest("\0".join(session.key for session in loaded).encode())
        table = sessions_table(loaded)
        selection = st.dataframe(
            table,
            hide_index=True,
            width="stretch",
            on_select="rerun",
            selection_mode="single-row",
            key=f"{TABLE}-{listed}",  # a new list starts with no row chosen
        )
        csv_button(table, "sessions.csv", key="sessions-csv")
        rows = selection.selection.rows
        if rows and rows[0] < len(loaded):
            show_session(loaded[rows[0]], "chosen")
        else:
            st.caption("Click a row to open its session.")
    else:
        st.info("No .tgn files here yet. Upload one below.")

    st.subheader("Upload a session")
    st.caption(
        "Only this browser sees its uploads, until you import one into the archive. "
        f"A file may hold up to {MAX_UPLOAD_HANDS:,} hands and "
        f"{st.get_option('server.maxUploadSize')} MB (the server's {MAX_UPLOAD_ENV}); one is "
        "read at a time, apart, so the other visitors' pages stay quick meanwhile. Split a larger "
        'file, or import it on the archive\'s machine with "thuruppu archive import".'
    )
    st.file_uploader("A .tgn file", type=["tgn"], key=UPLOADER)
    if just_read is not None:
        if not is_upload(just_read.key):
            twin = escape_markdown(just_read.label)
            st.info(f"This file holds the same as {twin}, already listed.")
        show_session(just_read, "upload")


draw_page()
