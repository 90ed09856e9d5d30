"""What both Replay screens (the trick games' hand, a Rummy deal) share: the widget keys of the
moment shown, the step controls with their keyboard shortcuts, and the heading of the findings.

Not a page: ``replay.py`` and ``rummy/replay.py`` import it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import streamlit as st

from dashboard.views.stepping import Control, Move, move

if TYPE_CHECKING:
    from streamlit.delta_generator import DeltaGenerator

SESSION, HAND, STEP, SEAT, WRITTEN = (
    "replay-session",
    "replay-hand",
    "replay-step",
    "replay-seat",
    "replay-url",
)
EVERYONE = 0  # the seat selector's value for the referee's view of the whole record
WRAP_CSS = (  # a finding's link wraps on a phone instead of cutting its message off
    ".st-key-replay-findings [data-testid=stPageLink] *"
    "{white-space:normal;overflow:visible;text-overflow:clip}"
)
SEVERITY_ICONS = {
    "error": ":material/error:",
    "warning": ":material/warning:",
    "note": ":material/info:",
}


def step_to(how: Move, units: Sequence[int | None]) -> None:
    """Move the step shown (a button's callback)."""
    st.session_state[STEP] = move(st.session_state[STEP], how, units)


def step_controls(controls: Sequence[Control], help_text: str, units: Sequence[int | None]) -> int:
    """Draw the step buttons (with their keys) and the slider over steps grouped in ``units``
    (a trick or round per step, ``None`` outside one); gives the step chosen."""
    last = max(len(units) - 1, 0)
    st.session_state[STEP] = min(max(int(st.session_state.get(STEP) or 0), 0), last)
    row = st.container(horizontal=True, gap="small")
    for control in controls:
        row.button(
            control.label,
            key=control.move.value,
            icon=control.icon,
            help=control.help,
            shortcut=control.shortcut,
            on_click=step_to,
            args=(control.move, list(units)),
            width="stretch",
        )
    return int(st.slider("Step", 0, last, key=STEP, help=help_text)) if last else 0


def findings_list(unit: str, number: int, known: int, seat: int | None) -> DeltaGenerator:
    """The heading of the findings of a hand or deal (``unit``) that the viewer knows of so far
    (``known``), a line saying so when there are none (none yet, for one seat's view), and the
    container their links go in (its key lets ``WRAP_CSS`` wrap them on a phone)."""
    st.html(f"<style>{WRAP_CSS}</style>")
    st.subheader(f"Findings of {unit} {number} ({known})")
    if not known:
        st.caption(
            f"Nothing against the rules in this {unit}."
            if seat is None
            else "Nothing against the rules that this seat can know of so far."
        )
    return st.container(key="replay-findings")
