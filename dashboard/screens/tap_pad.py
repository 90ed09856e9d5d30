"""The Record page's tap pad: a trick game's calls, face-down card, seat, actions, cards and
Undo, or a Rummy table's joker, void deal, outcomes, counts, declaration or shown hand, next deal
and Undo, drawn by a script in the page that keeps every tap on the phone until the server holds
it (``dashboard.server.tap_route``).

The script is one component made of three files: ``tap_queue.js`` keeps, numbers, sends and
resends the taps and shows what is kept and why a tap was refused, for every game, and holds what
every family's buttons are drawn with; each family's buttons are drawn by its own file
(``tap_pad_trick.js``, ``tap_pad_rummy.js``), chosen by the ``family`` the pad's data names
(``dashboard.recording.tricks.pad``, ``dashboard.recording.rummy.pad``).

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

SCRIPTS = ("tap_queue.js", "tap_pad_trick.js", "tap_pad_rummy.js")
"""The pad's script, in this order: the queue first, which the families' files register in."""

_mount = st.components.v2.component(
    COMPONENT,
    js="\n".join((HERE / name).read_text(encoding="utf-8") for name in SCRIPTS),
    css=(HERE / "tap_pad.css").read_text(encoding="utf-8"),
)


def _held() -> None:
    """Nothing to do: a held tap only asks for a page run, which reads the archive afresh."""


def draw_pad(data: dict[str, object]) -> None:
    """The pad drawn from ``data`` (a family's ``pad_data``)."""
    _mount(key=PAD_KEY, data=data, on_held_change=_held)
