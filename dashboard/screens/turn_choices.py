"""The Record pages' pickers that start afresh at every event: the seat whose turn it is, the
actions before a card, the next dealer, a count; and the seat picker they draw the seats with.

A picker must start afresh, with its preselected value, whenever the session has moved on: the
browser keeps a widget's value for as long as the widget keeps its key, so the key has to change.
A new key per event did that, but Streamlit keeps the metadata of every widget it has ever
registered in a browser session, its ``format_func`` and callbacks with whatever they hold: one
more picker (and, through its ``format_func``, one more copy of the position) for every event
recorded, walked by the garbage collector after every run and held until the session ended. So a
picker takes turns between two keys (``afresh``): the other one at each new moment, the same one
while the session has not moved, which the browser then keeps as the scorer chose it; each key's
metadata is replaced when it comes back. The labels a picker shows are given as text
(``labelled``), so that nothing it keeps holds a position.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping

import streamlit as st

MOMENT_SUFFIX = "-moment"


def afresh(key: str, moment: Hashable) -> str:
    """The widget key of the picker ``key`` at ``moment`` (the session and its number of events):
    ``key-0`` or ``key-1``, the other one than before whenever the moment is new (an event here or
    at another tab), so the picker is drawn anew with its default."""
    marker = key + MOMENT_SUFFIX
    held = st.session_state.get(marker)
    if held is None or held[0] != moment:
        held = (moment, 0 if held is None else 1 - held[1])
        st.session_state[marker] = held
    return f"{key}-{held[1]}"


def labelled(labels: Mapping[int, str]) -> Callable[[int], str]:
    """A ``format_func`` showing each option's label, holding the labels alone."""
    return dict(labels).__getitem__


def seat_picker(
    question: str, labels: Mapping[int, str], default: int | None, key: str
) -> int | None:
    """A picker of seats drawn as buttons with their labels, ``default`` chosen until the scorer
    picks another (``key``, from ``afresh``); gives the seat chosen, ``None`` when none is."""
    return st.segmented_control(
        question, list(labels), default=default, format_func=labelled(labels), key=key
    )
