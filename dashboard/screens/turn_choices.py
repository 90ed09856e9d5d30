"""The Record pages' pickers that start afresh at every event: the seat whose turn it is, the
actions before a card, the next dealer, a count.

Each keeps one widget key for the page's whole life, and is set to its preselected value
whenever the session has moved on since it was last drawn (a new event, here or at another tab).
A key per event would also start afresh, but Streamlit keeps the metadata of every widget it has
ever registered in a browser session, its ``format_func`` and callbacks with whatever they hold:
one more picker (and, through its ``format_func``, one more copy of the position) for every event
recorded, walked by the garbage collector after every run. The labels a picker shows are given as
text (``labelled``), so that nothing it keeps holds a position.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping

import streamlit as st

MOMENT_SUFFIX = "-moment"


def start_afresh(key: str, moment: Hashable, value: object) -> None:
    """Set the picker ``key`` to ``value`` when the page is drawn at a new ``moment`` (the session
    and its number of events), or when the picker has no state (it was not drawn in the last run,
    as after a visit to another page, and Streamlit dropped it); at the same moment it keeps what
    the scorer chose. Call it before drawing the picker, which is then given no default."""
    marker = key + MOMENT_SUFFIX
    if st.session_state.get(marker) != moment or key not in st.session_state:
        st.session_state[key] = value
        st.session_state[marker] = moment


def labelled(labels: Mapping[int, str]) -> Callable[[int], str]:
    """A ``format_func`` showing each option's label, holding the labels alone."""
    return dict(labels).__getitem__
