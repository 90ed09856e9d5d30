"""The Record page's tap pad: the calls, the face-down card, the seat, the actions, the cards
and Undo of a trick game, drawn by a script in the page (``tap_pad.js``) that keeps every tap on
the phone until the server holds it (``dashboard.server.tap_route``).

Streamlit's own buttons send a tap over the page's websocket: when the Wi-Fi drops, the screen
locks or the server restarts, a tap made then is lost, and a tap made while a page run is in
progress can land on the next turn. The pad's taps go by plain HTTP requests instead, each with
this phone's id and number, kept in the phone's storage and sent again until answered; the archive
stores each once (``Archive.append_tap``). When a tap is held, the pad asks for a page run (its
``held`` trigger), which redraws the page from the archive.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

HERE = Path(__file__).resolve().parent
COMPONENT = "thuruppu.tap_pad"
PAD_KEY = "rec-pad"

_mount = st.components.v2.component(
    COMPONENT,
    js=(HERE / "tap_pad.js").read_text(encoding="utf-8"),
    css=(HERE / "tap_pad.css").read_text(encoding="utf-8"),
)


def _held() -> None:
    """Nothing to do: a held tap only asks for a page run, which reads the archive afresh."""


def draw_pad(data: dict[str, object]) -> None:
    """The pad drawn from ``data`` (``dashboard.recording.tricks.pad.pad_data``)."""
    _mount(key=PAD_KEY, data=data, on_held_change=_held)
