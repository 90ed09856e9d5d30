"""What both Record pages (the trick games' and Rummy's) draw alike: the suit colours of card
buttons, the findings proven so far, and the session's TGN to export."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from dashboard.recording.summary import export_name
from dashboard.views.text import escape_markdown
from recorder.archive import Archive
from recorder.cards import Suit
from recorder.model import Record
from replay.findings import Finding

SUIT_COLOURS = {Suit.SPADES: "", Suit.HEARTS: "red", Suit.DIAMONDS: "orange", Suit.CLUBS: "green"}
"""A card button's label colour by suit (Streamlit's Markdown colour names)."""
SEVERITY_BOXES = {"error": st.error, "warning": st.warning, "note": st.info}


def draw_findings(findings: Sequence[Finding], key: str) -> None:
    """The findings proven so far, a box each coloured by its severity."""
    with st.container(key=key):
        for finding in findings:
            box = SEVERITY_BOXES[finding.severity]
            box(f"**{finding.code}**: {escape_markdown(finding.message)}")


def draw_export(archive: Archive, session_id: int) -> None:
    """The session as TGN: a download and the text itself."""
    draw_exported(archive.export_tgn(session_id), archive.record(session_id), session_id)


def draw_exported(text: str, record: Record, session_id: int) -> None:
    """The session's TGN ``text``: a download named after the session, and the text itself."""
    st.download_button(
        "Export TGN",
        text,
        file_name=export_name(record, session_id),
        mime="text/plain",
        key="rec-export",
        icon=":material/download:",
    )
    with st.expander("TGN"):
        st.code(text, language=None)
