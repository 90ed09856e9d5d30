"""The keys of the tournament day (TOURNAMENT.md §10): issued, replaced, and resolved to a writer.

A key is 192 random bits (``secrets``) written as URL-safe text; the archive keeps only its
SHA-256, in a ``key`` event of its tournament's day log with its role, label, table and the moment
it ends: the end of the tournament's date in the tournament's time zone (``key_end``). A new key of
a label first ends the one in force (a ``key-revoke`` event), so a replaced link stops working the
moment its successor is printed. ``resolve`` turns a key presented by a page into the ``Author``
its writes carry (label, role, table and the tournament it was issued for), or refuses it:
unknown, replaced, or ended.

A club night has no tournament: ``issue_club`` gives its table keys (label ``club table 4``),
kept in the day log under ``CLUB``, a name no tournament can take (a name may not hold braces), so
that a phone records a plain club session over the network; ``is_club`` tells such a writer.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import secrets
import zoneinfo
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


def key_end(date: str | None, zone: str | None, now: datetime.datetime) -> str:
    """When a key ends, as an ISO 8601 moment with its offset: the midnight that ends the
    tournament's ``date`` in its time zone ``zone`` (an IANA name such as ``Asia/Kolkata``; the
    machine's own zone without one). Without a date, or one that cannot be read, the day of
    ``now`` in that zone ends it."""
    tz = zoneinfo.ZoneInfo(zone) if zone else None
    try:
        day = datetime.date.fromisoformat(date) if date else None
    except ValueError:
        day = None
    if day is None:
        day = now.astimezone(tz).date()
    midnight = datetime.datetime.combine(day + datetime.timedelta(days=1), datetime.time())
    end = midnight.replace(tzinfo=tz) if tz else midnight.astimezone()  # the machine's own rules
    return end.isoformat()


def ended(expires: str, now: datetime.datetime) -> bool:
    """Whether a key that ends at ``expires`` has ended at ``now`` (an aware moment). A key of
    an older archive holds its last day, a date: it ends when that day ends in UTC."""
    if len(expires) == len("2026-03-21"):
        last = datetime.date.fromisoformat(expires) + datetime.timedelta(days=1)
        end = datetime.datetime.combine(last, datetime.time(), datetime.UTC)
    else:
        end = datetime.datetime.fromisoformat(expires)
    return now >= end


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


def resolve(archive: Archive, key: str, now: datetime.datetime) -> Author:
    """The writer a presented key stands for at ``now`` (an aware moment), bound to the
    tournament that issued it; ``ArchiveError`` when it is not a key in force."""
    wanted = key_hash(key.strip())
    found: tuple[str, KeyIssued] | None = None
    states: dict[str, DayState] = {}
    for entry in archive.day_log():
        states.setdefault(entry.event_name, DayState()).add(entry)
    for tournament, state in states.items():
        for issued in state.keys.values():
            if hmac.compare_digest(issued.hash, wanted):
                found = tournament, issued
    if found is None:
        raise ArchiveError(
            "this key is not in force (mistyped, replaced by a newer one, or revoked): "
            "ask the director for the current link"
        )
    tournament, issued = found
    if ended(issued.expires, now):
        raise ArchiveError(
            f"this key ({issued.label}) ended at {issued.expires}: ask the director for a new link"
        )
    bound = None if tournament == CLUB else tournament  # a club key's reach is the guard's to judge
    return Author(issued.label, "", issued.role, issued.table, bound)


def _replaced(label: str) -> Author:
    return Author(LOCAL.who, f"a new key for {label} replaces this one")
