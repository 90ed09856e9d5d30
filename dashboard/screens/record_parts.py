"""What both Record pages (the trick games' and Rummy's) draw alike: the suit colours of card
buttons, a refusal under the controls it came from, the findings proven so far, and the
session's TGN to export."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st

from dashboard.recording.tricks.summary import export_name
from dashboard.views.text import escape_markdown
from recorder.archive import Archive
from recorder.cards import Suit
from recorder.model import Record
from replay.findings import Finding

SUIT_COLOURS = {Suit.SPADES: "", Suit.HEARTS: "red", Suit.DIAMONDS: "orange", Suit.CLUBS: "green"}
"""A card button's label colour by suit (Streamlit's Markdown colour names)."""
SEVERITY_BOXES = {"error": st.error, "warning": st.warning, "note": st.info}
MESSAGE_AT = "rec-message-at"  # the controls a refusal came from, to show it beside them
PLACED = "rec-placed"  # this run's refusal, by the controls it is shown under (the tab's own)


def refuse_at(message_key: str, message: str, at: str | None) -> None:
    """Keep a refusal for the next run, to be shown under the controls ``at`` (at the top of the
    page for ``None``)."""
    st.session_state[message_key] = message
    if at is not None:
        st.session_state[MESSAGE_AT] = at


def take_message(message_key: str) -> str | None:
    """At the start of a run: the refusal kept for it, placed under its controls for
    ``draw_message``, or returned when it is to be shown at the top of the page."""
    message = st.session_state.pop(message_key, None)
    at = st.session_state.pop(MESSAGE_AT, None)
    st.session_state[PLACED] = {at: message} if message and at is not None else {}
    return message if at is None else None


def draw_message(at: str) -> None:
    """The refusal of a tap on these controls, right under them (in view on a phone)."""
    message = st.session_state.get(PLACED, {}).pop(at, None)
    if message:
        st.error(escape_markdown(message), icon=":material/block:")


def leftover_messages() -> list[str]:
    """At the end of a run: the refusals whose controls were not drawn this time."""
    return list(st.session_state.pop(PLACED, {}).values())


def draw_findings(findings: Sequence[Finding], key: str, words: Callable[[Finding], str]) -> None:
    """The findings proven so far, a box each coloured by its severity; ``words`` writes a
    finding's message with its cards as the family's tables draw them (8♣, not the engine's 8C),
    as Replay does."""
    with st.container(key=key):
        for finding in findings:
            box = SEVERITY_BOXES[finding.severity]
            box(f"**{finding.code}**: {escape_markdown(words(finding))}")


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
