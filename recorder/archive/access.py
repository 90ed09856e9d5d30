"""Who may write what into the archive (TOURNAMENT.md §10), checked where every write goes.

A write's ``Author`` carries the role of the key it was made with and the tournament it was
issued for. ``local`` (a machine that needs no key: the command line, a club night's Record page
on 127.0.0.1) writes anything; a ``director`` key anything of its own tournament; a ``table`` key
only the play of its tournament's sessions whose ``Table`` tag is its table, never a director's
kinds (``rewrite``, ``tag``) nor the day's log, and its Undo stops at the start of the hand being
played; a ``desk`` key only its tournament's payments. Keys themselves are issued from the
command line only (``local``). What needs the engine as well (that the session is the table's
*current* match) is checked by ``dashboard.day.guard`` before the write reaches here. A refusal
is an ``ArchiveError`` naming the key and what it may do.
"""

from __future__ import annotations

from collections.abc import Sequence

from recorder.archive.day import DayEvent, KeyIssued, KeyRevoked, PaymentMade
from recorder.archive.events import (
    DIRECTOR_KINDS,
    ArchiveError,
    Author,
    Event,
    HandStarted,
    LoggedEvent,
    Undone,
)
from recorder.archive.fold import surviving_events

#: The roles that write anything (a director's key: anything of its own tournament).
FULL = frozenset({"local", "director"})


def tournament_refusal(author: Author, tournament: str | None) -> str | None:
    """Why ``author``'s key may not write into ``tournament`` (a session's ``Event``, a day log's
    name): a key writes only into the tournament it was issued for."""
    if author.role == "local" or author.event is None or author.event == tournament:
        return None
    where = f"belongs to {tournament!r}" if tournament else "belongs to no tournament"
    return (
        f"{author.who} of {author.event!r}: a key writes only into its own tournament; this {where}"
    )


def session_refusal(
    author: Author, table: str | None, event: Event | None = None, tournament: str | None = None
) -> str | None:
    """Why ``author`` may not write ``event`` into a session of ``tournament`` (its ``Event``)
    whose ``Table`` tag is ``table`` (``event`` ``None``: start the session), or ``None``."""
    bound = tournament_refusal(author, tournament)
    if bound or author.role in FULL:
        return bound
    if author.role != "table":
        return f"{author.who}: a {author.role} key marks fees paid and records no play"
    if event is not None and event.kind in DIRECTOR_KINDS:
        return f"{author.who}: a {event.kind} is the director's to write, not a table's"
    if table is None or table.strip() != str(author.table):
        where = f"is at table {table}" if table else "has no table"
        return f"{author.who}: this session {where}; a table key records only at its own table"
    return None


def undo_refusal(author: Author, log: Sequence[LoggedEvent]) -> str | None:
    """Why ``author`` may not undo the latest event of ``log`` (§10): a table key's Undo stops
    at the start of the hand being played; what came before is the director's to correct."""
    if author.role != "table":
        return None
    survivors = surviving_events(log)
    starts = [entry for entry in survivors if isinstance(entry.event, HandStarted)]
    if len(starts) < 2 or survivors[-1].seq > starts[-1].seq:
        return None
    return (
        f"{author.who}: Undo stops at the start of hand {len(starts)}; the hands before it are "
        "the director's to correct"
    )


def write_refusal(
    author: Author,
    log: Sequence[LoggedEvent],
    table: str | None,
    tournament: str | None,
    event: Event,
) -> str | None:
    """Why ``author`` may not append ``event`` to a session's ``log``, or ``None`` when it may."""
    refused = session_refusal(author, table, event, tournament)
    if refused is None and isinstance(event, Undone):
        return undo_refusal(author, log)
    return refused


def day_refusal(author: Author, event: DayEvent, tournament: str) -> str | None:
    """Why ``author`` may not write ``event`` into ``tournament``'s day log, or ``None``."""
    if isinstance(event, KeyIssued | KeyRevoked):
        if author.role != "local":
            return f"{author.who}: keys are issued and revoked from the command line only"
        return None
    bound = tournament_refusal(author, tournament)
    if bound:
        return bound
    if author.role in FULL or (author.role == "desk" and isinstance(event, PaymentMade)):
        return None
    if author.role == "desk":
        return f"{author.who}: a desk key marks fees paid and nothing else"
    return f"{author.who}: a {author.role} key records play only; the day is the director's"


def import_refusal(author: Author) -> str | None:
    """Why ``author`` may not store a whole record, or ``None`` when it may (whose tournament it
    may be is checked once its tags are read, ``session_refusal``)."""
    if author.role in FULL:
        return None
    return f"{author.who}: only the director imports a whole session"


def refuse(refused: str | None) -> None:
    """Raise the refusal as an ``ArchiveError`` saying nothing was stored."""
    if refused:
        raise ArchiveError(f"not allowed: {refused}; nothing was stored")
