"""A tab's key kept across reloads of that browser tab (TOURNAMENT.md §10).

``dashboard.page_writer`` reads a page's ``key=`` from its link once, keeps it in the tab's
server session and clears it from the address bar. A reload of the tab starts a new server
session, which would have lost it: so the key is also kept in the tab's own ``sessionStorage``
(``kept_key.js``, a Streamlit component run in the page, drawing nothing). The server sends it
there once, on the run that read it from the link, to that tab alone; after a reload the script
hands the kept key back once, and the new session takes it unless a link brought one. The key
is never in a later URL or link and never in what another visitor receives; each tab keeps its
own (a table-4 tab and a table-5 tab in one browser each keep theirs). A key kept in a tab is
checked afresh at every write like any other: once replaced or revoked, it is refused.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from dashboard import page_writer

SCRIPT = (Path(__file__).resolve().parent / "kept_key.js").read_text(encoding="utf-8")
COMPONENT = "thuruppu.kept_key"
KEEPER_KEY = "tab-key-keeper"
SENT_STATE = "tab-key-sent"
HIDDEN_CSS = (
    f".st-key-{KEEPER_KEY},"
    f"[data-testid=stLayoutWrapper]:has(> .st-key-{KEEPER_KEY}){{display:none}}"
)
"""The keeper's container and its wrapper take no room (nor a gap) on the page."""

_mount = st.components.v2.component(COMPONENT, js=SCRIPT, isolate_styles=False)


def _handed_back() -> None:
    """Nothing to do here: Streamlit keeps a component's state value only for a name that has an
    ``on_<name>_change`` callback; the key handed back is read from the mount's result."""


def keep_tab_key() -> None:
    """Read this run's link key (if any), send a key read from a link to the tab's storage once,
    and take the key the tab hands back after a reload when the session has none yet. Called
    once a run, before the page, on a server that needs keys."""
    key = page_writer.tab_key()
    send = key is not None and st.session_state.get(SENT_STATE) != key
    with st.container(key=KEEPER_KEY):
        st.html(f"<style>{HIDDEN_CSS}</style>")
        result = _mount(
            key=f"{KEEPER_KEY}-component",
            data={"keep": key} if send else None,
            on_kept_change=_handed_back,
        )
    if send:
        st.session_state[SENT_STATE] = key
    kept = result.get("kept")
    if key is None and isinstance(kept, str):
        page_writer.take_key(kept)
        st.session_state[SENT_STATE] = kept  # the tab has it already
