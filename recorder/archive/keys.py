"""The keys of the tournament day (TOURNAMENT.md §10): issued, replaced, and resolved to a writer.

A key is 192 random bits (``secrets``) written as URL-safe text; the archive keeps only its
SHA-256, in a ``key`` event of the day's log with its role, label, table and last day. A new key of
a label first ends the one in force (a ``key-revoke`` event), so a replaced link stops working the
moment its successor is printed. ``resolve`` turns a key presented by a page into the ``Author``
its writes carry (label, role, table), or refuses it: unknown, replaced, or past its last day.

A club night has no tournament: ``issue_club`` gives its table keys (label ``club table 4``),
kept in the day log under ``CLUB``, a name no tournament can take (a name may not hold braces), so
that a phone records a plain club session over the network; ``is_club`` tells such a writer.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import secrets
from dataclasses import dataclass

from recorder.archive.day import DayState, KeyIssued, KeyRevoked
from recorder.archive.events import LOCAL, ArchiveError, Author
from recorder.archive.store import Archive

#: Random bytes in a key: 192 bits, above the 128 the contract asks for.
KEY_BYTES = 24


@dataclass(frozen=True, slots=True)
class IssuedKey:
    """A key as issued: shown once, then only its hash is kept."""

    role: str
    label: str
    table: int | None
    key: str
    expires: str


def key_hash(key: str) -> str:
    """The SHA-256 of a key, as the archive keeps it."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def label_of(role: str, table: int | None = None, name: str | None = None) -> str:
    """The label a key's writes carry: ``table 4``, ``desk``, ``director`` or ``director NAME``."""
    if role == "table":
        return f"table {table}"
    if role == "director" and name and name.strip() and name.strip() != "director":
        return f"director {name.strip()}"
    return role


def last_day(date: str | None, today: datetime.date) -> str:
    """A key's last day: the day after the tournament's ``date`` (the day after issue without
    one, or when the date cannot be read as an ISO date)."""
    try:
        day = datetime.date.fromisoformat(date) if date else today
    except ValueError:
        day = today
    return (day + datetime.timedelta(days=1)).isoformat()


def issue(
    archive: Archive,
    event_name: str,
    role: str,
    expires: str,
    table: int | None = None,
    name: str | None = None,
) -> IssuedKey:
    """Issue a key for ``event_name``, ending the one of the same label; returns it (once)."""
    label = label_of(role, table, name)
    if role == "table" and (table is None or table < 1):
        raise ArchiveError(f"table {table}: tables are numbered from 1; nothing was stored")
    if label in archive.day_state(event_name).keys:
        archive.append_day(event_name, KeyRevoked(label=label), _replaced(label))
    key = secrets.token_urlsafe(KEY_BYTES)
    issued = KeyIssued.model_validate(
        {"role": role, "label": label, "table": table, "hash": key_hash(key), "expires": expires}
    )
    archive.append_day(event_name, issued, LOCAL)
    return IssuedKey(role, label, table, key, expires)


CLUB = "{club night}"
"""The day log's name for a club night's keys: no tournament, no schedule."""
CLUB_LABEL = "club table"
"""The label of a club table key, before its table number."""


def issue_club(archive: Archive, table: int, expires: str) -> IssuedKey:
    """Issue a club night's key for ``table`` (a ``table`` role whose label says ``club``),
    ending the one of the same table; it writes only sessions with that ``Table`` tag that are no
    tournament's scheduled match (``dashboard.day.guard``)."""
    if table < 1:
        raise ArchiveError(f"table {table}: tables are numbered from 1; nothing was stored")
    label = f"{CLUB_LABEL} {table}"
    if label in archive.day_state(CLUB).keys:
        archive.append_day(CLUB, KeyRevoked(label=label), _replaced(label))
    key = secrets.token_urlsafe(KEY_BYTES)
    issued = KeyIssued.model_validate(
        {"role": "table", "label": label, "table": table, "hash": key_hash(key), "expires": expires}
    )
    archive.append_day(CLUB, issued, LOCAL)
    return IssuedKey("table", label, table, key, expires)


def is_club(author: Author) -> bool:
    """Whether ``author`` writes with a club night's table key."""
    return author.role == "table" and author.who == f"{CLUB_LABEL} {author.table}"


def revoke(archive: Archive, event_name: str, label: str, why: str) -> None:
    """End the key of ``label`` (from the command line only)."""
    archive.append_day(event_name, KeyRevoked(label=label), Author(LOCAL.who, why))


def resolve(archive: Archive, key: str, today: datetime.date) -> Author:
    """The writer a presented key stands for; ``ArchiveError`` when it is not a key in force."""
    wanted = key_hash(key.strip())
    found: KeyIssued | None = None
    states: dict[str, DayState] = {}
    for entry in archive.day_log():
        states.setdefault(entry.event_name, DayState()).add(entry)
    for state in states.values():
        for issued in state.keys.values():
            if hmac.compare_digest(issued.hash, wanted):
                found = issued
    if found is None:
        raise ArchiveError(
            "this key is not in force (mistyped, replaced by a newer one, or revoked): "
            "ask the director for the current link"
        )
    if today.isoformat() > found.expires:
        raise ArchiveError(
            f"this key ({found.label}) expired after {found.expires}: "
            "ask the director for a new link"
        )
    return Author(found.label, "", found.role, found.table)


def _replaced(label: str) -> Author:
    return Author(LOCAL.who, f"a new key for {label} replaces this one")
