"""Who may write what into the archive (TOURNAMENT.md §10), checked where every write goes.

A write's ``Author`` carries the role of the key it was made with. ``local`` (a machine that needs
no key: the command line, a club night's Record page on 127.0.0.1) and ``director`` write
anything; a ``table`` key writes only the play of sessions whose ``Table`` tag is its table, never
a director's kinds (``rewrite``, ``tag``) nor the day's log; a ``desk`` key only payments. Keys
themselves are issued from the command line only (``local``). What needs the engine as well (that
the session is the table's *current* match) is checked by ``dashboard.day.guard`` before the write
reaches here. A refusal is an ``ArchiveError`` naming the key and what it may do.
"""

from __future__ import annotations

from recorder.archive.day import DayEvent, KeyIssued, KeyRevoked, PaymentMade
from recorder.archive.events import DIRECTOR_KINDS, ArchiveError, Author, Event

#: The roles that write anything.
FULL = frozenset({"local", "director"})


def session_refusal(author: Author, table: str | None, event: Event | None = None) -> str | None:
    """Why ``author`` may not write ``event`` into a session whose ``Table`` tag is ``table``
    (``event`` ``None``: start the session), or ``None`` when it may."""
    if author.role in FULL:
        return None
    if author.role != "table":
        return f"{author.who}: a {author.role} key marks fees paid and records no play"
    if event is not None and event.kind in DIRECTOR_KINDS:
        return f"{author.who}: a {event.kind} is the director's to write, not a table's"
    if table is None or table.strip() != str(author.table):
        where = f"is at table {table}" if table else "has no table"
        return f"{author.who}: this session {where}; a table key records only at its own table"
    return None


def day_refusal(author: Author, event: DayEvent) -> str | None:
    """Why ``author`` may not write ``event`` into the day's log, or ``None`` when it may."""
    if isinstance(event, KeyIssued | KeyRevoked):
        if author.role != "local":
            return f"{author.who}: keys are issued and revoked from the command line only"
        return None
    if author.role in FULL or (author.role == "desk" and isinstance(event, PaymentMade)):
        return None
    if author.role == "desk":
        return f"{author.who}: a desk key marks fees paid and nothing else"
    return f"{author.who}: a {author.role} key records play only; the day is the director's"


def import_refusal(author: Author) -> str | None:
    """Why ``author`` may not store a whole record, or ``None`` when it may."""
    if author.role in FULL:
        return None
    return f"{author.who}: only the director imports a whole session"


def refuse(refused: str | None) -> None:
    """Raise the refusal as an ``ArchiveError`` saying nothing was stored."""
    if refused:
        raise ArchiveError(f"not allowed: {refused}; nothing was stored")
