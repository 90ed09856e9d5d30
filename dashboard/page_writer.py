"""Who a browser tab writes as, and every write of a recording page (TOURNAMENT.md §10).

A page's link may carry ``key=``: the first run of the tab reads it, keeps it in the tab's own
session state and takes it out of the address bar, so it is never in a later URL, a link the page
draws, or anything another visitor receives; ``dashboard.server.kept_key`` keeps it across a reload
of that tab. Each write then asks again who the key stands for
(``dashboard.day.guard``): a key replaced meanwhile stops working at the next tap.

A recording page notes the position (the log's event count) it was drawn from; a tap writes only
when the log still stands there, so a second tab on the same table that recorded meanwhile is not
overwritten: the stale tab's tap is refused with ``STALE`` and its page redraws from the archive.
The server says whether keys are needed: ``--keys`` on the app's command line (any server but a
club night's Record page on this machine alone, see ``dashboard.server.launch``).
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Collection

import streamlit as st

from dashboard.day import guard
from dashboard.day.guard import trouble_of
from dashboard.recording.tricks.clicks import Decision, Refused
from recorder.archive import Archive, ArchiveError, Author
from recorder.archive.events import ArchiveUnavailable
from recorder.archive.store import StaleWrite

KEY_STATE = "page-key"
DRAWN_STATE = "page-drawn"
KEYS_ARGUMENT = "--keys"
STALE = "another device recorded here: the page is brought up to date"
#: The longest key a link may carry (an issued key is 32 characters).
LONGEST_KEY = 64


def keys_on() -> bool:
    """Whether this server needs a key to write (``--keys`` on the app's command line)."""
    return KEYS_ARGUMENT in sys.argv[1:]


def tab_key() -> str | None:
    """The key this tab was opened with: read from the link once, then kept for the tab only and
    cleared from the address bar."""
    if "key" in st.query_params:
        given = st.query_params["key"]
        del st.query_params["key"]
        take_key(given)
    key = st.session_state.get(KEY_STATE)
    return key if isinstance(key, str) else None


def take_key(given: str) -> None:
    """Keep ``given`` as this tab's key (from its link, or kept by the tab across a reload,
    ``dashboard.server.kept_key``); a blank or overlong one is not a key and is not kept."""
    given = given.strip()
    if given and len(given) <= LONGEST_KEY:
        st.session_state[KEY_STATE] = given


def tab_writer(archive: Archive) -> Author | None:
    """Who this tab writes as (``None``: it only reads); a key not in force is an
    ``ArchiveError`` that says why."""
    return guard.page_author(archive, tab_key(), keys_on())


def required_writer(archive: Archive) -> Author:
    """Who this tab writes as; an ``ArchiveError`` when it only reads."""
    writer = tab_writer(archive)
    if writer is None:
        raise ArchiveError(guard.NO_KEY)
    return writer


#: What the Record page says to a visitor without a key: what the page is and how to get a key.
READING = (
    "this page only reads: it is where a table's scorer records the hands, opened with the "
    "table's link (or the director's) from the key sheet; ask the director for it. The Replay, "
    "Scores and Tournament pages follow the games."
)


def may_write(archive: Archive) -> str | None:
    """Why this tab may not write (no key, a key not in force), or ``None`` when it may."""
    try:
        writer = tab_writer(archive)
    except ArchiveError as error:
        return shown(error, reading=True)
    return READING if writer is None else None


#: The roles that write on the day's pages: the director's page, the organiser's set-up and
#: schedule (``local``, a machine that needs no key, writes everything, see ``access``).
DIRECTING = frozenset({"director"})
#: The roles that mark fees paid on the Organiser page.
PAYING = frozenset({"director", "desk"})


def page_refusal(archive: Archive, roles: Collection[str], needed: str) -> str | None:
    """Why this tab may not write what a page offers to ``roles`` (no key, a key not in force, a
    key of another role), or ``None`` when it may; ``needed`` names the key it takes."""
    try:
        writer = tab_writer(archive)
    except ArchiveError as error:
        return shown(error, reading=True)
    if writer is None:
        return f"this page only reads: its changes need {needed} (ask the director)"
    if writer.role != "local" and writer.role not in roles:
        return f"{writer.who}: this page's changes need {needed}; it only reads here"
    return None


def writer_as(archive: Archive, label: str, why: str = "", roles: Collection[str] = ()) -> Author:
    """Who a write of this tab is made by, with ``why``: its key's writer, read afresh (one of
    ``roles`` when given), or ``label`` on a machine that needs no key; an ``ArchiveError``
    saying why when the tab may not write it, so that nothing is stored."""
    writer = required_writer(archive)
    if writer.role == "local":
        return Author(label, why)
    if roles and writer.role not in roles:
        raise ArchiveError(f"not allowed: {writer.who} may not write this; nothing was stored")
    return dataclasses.replace(writer, why=why)


def drawn(session_id: int, events: int) -> None:
    """Note that this tab's page of ``session_id`` was drawn from its first ``events`` events."""
    st.session_state[DRAWN_STATE] = (session_id, events)


def commit(archive: Archive, session_id: int, decide: Callable[[], Decision]) -> str | None:
    """Decide a tap against the stored position and append its accepted events as this tab's
    writer in one transaction, only if the log still stands where the page was drawn (a hand's
    last card and its end are stored together or not at all); the message of a refusal, or of
    an archive that cannot be read or written."""
    seen = st.session_state.get(DRAWN_STATE)
    after = seen[1] if isinstance(seen, tuple) and seen[0] == session_id else None
    try:
        if after is not None and len(archive.events(session_id)) != after:
            return STALE  # drawn before another device recorded: nothing is decided from it
        decision = decide()
        if isinstance(decision, Refused):
            return decision.message
        guard.append_all(archive, session_id, decision.events, tab_writer(archive), after)
        if after is not None:  # the tab's own events: a tap before its page is drawn again
            drawn(session_id, after + len(decision.events))  # (a toggle, then a card) is not stale
    except StaleWrite:
        return STALE
    except ArchiveError as error:
        return shown(error)
    return None


def shown(error: ArchiveError, reading: bool = False) -> str:
    """An archive's refusal as a page shows it: a database in trouble in a visitor's words."""
    if not isinstance(error, ArchiveUnavailable):
        return str(error)
    if reading:
        return f"the archive cannot be read ({trouble_of(error)}): try again"
    return not_written(error)


def not_written(error: ArchiveUnavailable) -> str:
    """The message of a write the database could not take: nothing was stored; try again."""
    return f"the archive cannot be written ({trouble_of(error)}): nothing was stored; try again"
