"""The keys at the pages (TOURNAMENT.md §10): who a page's visitor is, and whether he may write.

A page that takes writes asks ``page_author`` once for the key its link carried: on a server that
needs no key (a club night's Record page on 127.0.0.1) everyone is ``local``; otherwise a key in
force gives its writer (``table 4``, ``director``, ``desk``) and no key gives ``None``, a visitor
who only reads. Every write of a page then goes through ``append``: the archive checks what the
key's role may write (``recorder.archive.access``); here the engine adds what only it knows, that a
table key writes only into the open session of its table's *current* match and nothing once that
match is finished. A club night's table key (``recorder.archive.keys.issue_club``) writes only
sessions that are no tournament's: a new club session gets its ``Table`` tag (``writer_tags``). A
refusal is an ``ArchiveError`` that says why; nothing is stored.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from dashboard.day.source import DayError, open_day, tournaments
from dashboard.library import archive_key
from recorder.archive import LOCAL, Archive, ArchiveError, Author
from recorder.archive.events import ArchiveUnavailable, Event
from recorder.archive.keys import is_club, resolve
from recorder.model import Tag
from replay.tournament import current_matches
from replay.tournament.schedule import DONE

NO_KEY = (
    "this page only reads: recording needs the table's or the director's link "
    "(ask the director); nothing was stored"
)


def page_author(
    archive: Archive, key: str | None, keys_on: bool, now: datetime.datetime | None = None
) -> Author | None:
    """The writer of a page opened with ``key`` at ``now`` (``None``: the visitor only reads);
    ``local`` when the server needs no key. A key not in force is an ``ArchiveError`` saying
    why; a key in force gives a writer bound to the tournament that issued it."""
    if not keys_on:
        return LOCAL
    if not key:
        return None
    return resolve(archive, key, now or datetime.datetime.now(datetime.UTC))


def table_refusal(archive: Archive, author: Author, session_id: int) -> str | None:
    """Why a table key may not write into ``session_id`` now (not its table's current match, or
    that match finished), or ``None``; other roles are the archive's to check."""
    if author.role != "table":
        return None
    summary = next((s for s in archive.sessions() if s.id == session_id), None)
    if is_club(author):
        if summary is None or summary.schedule is not None:
            return f"{author.who}: session {session_id} is no club session of this archive"
        if summary.event is not None and summary.event in tournaments(archive):
            return f"{author.who}: session {session_id} is of {summary.event}: not a club session"
        return None
    if summary is None or summary.event is None or summary.schedule is None:
        return f"{author.who}: session {session_id} is no scheduled match of the day"
    try:
        schedule = open_day(archive, summary.event).tournament().schedule
    except DayError as error:
        return str(error)
    current = current_matches(schedule).get(author.table or 0)
    if current is not None and current.session == archive_key(session_id):
        return None
    own = next((e for e in schedule if e.session == archive_key(session_id)), None)
    if own is not None and own.state in DONE:
        return (
            f"{author.who}: match {own.scheduled.id} is over and takes no more writes from the "
            "table; a mistake in it goes to the director"
        )
    now = f"its current match is {current.scheduled.id}" if current else "it has no match now"
    return f"{author.who}: session {session_id} is not the table's current match ({now})"


def writer_tags(tags: list[Tag], author: Author) -> list[Tag]:
    """A new session's tags as a key starts it: a club table key's with its ``Table`` tag, so
    that the key records in it and nowhere else; a tournament's key's with its ``Event``, the
    tournament the key writes into (the archive checks both); a keyless machine's as given."""
    if is_club(author):
        table = Tag(name="Table", value=str(author.table))
        return [*(tag for tag in tags if tag.name != "Table"), table]
    if author.event is not None:
        event = Tag(name="Event", value=author.event)
        return [*(tag for tag in tags if tag.name != "Event"), event]
    return tags


def append(
    archive: Archive,
    session_id: int,
    event: Event,
    author: Author | None,
    after: int | None = None,
) -> int:
    """Write one event of a page (``append_all`` of one)."""
    return append_all(archive, session_id, [event], author, after)


def append_all(
    archive: Archive,
    session_id: int,
    events: Sequence[Event],
    author: Author | None,
    after: int | None = None,
) -> int:
    """Write the events of one tap in one transaction: refused without a key, or where the key
    may not write; ``after`` is the position the page was drawn from (a stale page's write is
    refused)."""
    if author is None:
        raise ArchiveError(NO_KEY)
    refused = table_refusal(archive, author, session_id)
    if refused:
        raise ArchiveError(f"not allowed: {refused}; nothing was stored")
    return archive.append_all(session_id, events, author, after)


#: What a database's own message says, in a visitor's words (never its file or address).
TROUBLES = (
    (("readonly", "read-only", "read only"), "read-only"),
    (("disk", "full", "no space"), "disk full"),
    (("locked", "busy"), "busy"),
)


def trouble_of(error: ArchiveUnavailable) -> str:
    """What is wrong with the database, in a visitor's words."""
    reason = error.reason.lower()
    return next(
        (said for words, said in TROUBLES if any(word in reason for word in words)),
        "server not answering",
    )
