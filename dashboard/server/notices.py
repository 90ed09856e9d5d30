"""Where the archive's logs stand, as one server process hears it, and the spectators' event
stream (server-sent events) fed from it.

A process keeps one ``Positions``: each session's log length and each tournament's last day-log
entry. On PostgreSQL one thread holds a ``LISTEN`` connection on the archive's
channel (``recorder.archive.notices``: every write notifies, in its own transaction, the session
and its new position); it reads every position once after it starts listening, and again after
any reconnection, so a notice missed while the connection was down costs nothing. On SQLite (one
process, no notices) the thread reads the positions every ``POLL_SECONDS`` instead. The same
following (``follow``) feeds the background's fair analyses (``dashboard.server.fair_background``).

An event stream (``/public/events``) sends each change as an event ``session`` (``{"session": id,
"position": n}``) or ``day`` (``{"event": name, "day": n}``), with the process's *total* as its id:
the sum of every position, which only grows. A client reconnecting sends the last id it saw
(``Last-Event-ID``); it is sent what it missed from the recent changes kept, or, when they no
longer reach back that far, one ``positions`` event with every position, so it catches up by
position and then reads what changed. Only positions travel: never a card.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from functools import partial
from typing import Any

import psycopg
from psycopg import sql

from recorder.archive import Archive, ArchiveError, open_archive
from recorder.archive.database import is_postgres
from recorder.archive.notices import CHANNEL, Notice, read_notice

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

POLL_SECONDS = 1.0
"""How often a SQLite archive's positions are read."""
RETRY_SECONDS = 2.0
"""How long the listener waits before connecting again after losing its connection."""
KEEP_ALIVE_SECONDS = 15.0
"""A comment line sent on an idle stream, so that no proxy closes it as dead."""
KEPT_CHANGES = 2048
"""Recent changes kept for a client catching up; further back it gets every position."""
STREAM_HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-store"),
    (b"x-accel-buffering", b"no"),  # nginx passes each event on at once
]


class Positions:
    """Every log's position as this process heard it, the recent changes, and a way to wait for
    the next one. Changed on the event loop only (the listening thread hands its notices over)."""

    def __init__(self, location: str) -> None:
        self.location = location
        self.sessions: dict[int, int] = {}
        self.days: dict[str, int] = {}
        self.total = 0
        self.changes: deque[tuple[int, int, Notice]] = deque(maxlen=KEPT_CHANGES)
        """Each recent change: the total before it, the total after it, the notice."""
        self.ready = asyncio.Event()
        self._changed = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None

    def start(self) -> None:
        """Start listening (or polling) on a thread of its own, once, from the event loop."""
        if self._loop is not None:
            return
        self._loop = asyncio.get_running_loop()
        follow_archive = partial(follow, self.location, self._hand_over)
        threading.Thread(target=follow_archive, name="thuruppu-notices", daemon=True).start()

    def heard(self, notices: Iterable[Notice]) -> None:
        """Take notices in (on the loop): those that move a position forward are kept as changes,
        and the streams waiting are woken."""
        moved = False
        for notice in notices:
            if notice.session is not None:
                kept, name = self.sessions, notice.session
            else:
                kept, name = self.days, notice.event  # type: ignore[assignment]
            before = kept.get(name, 0)
            if notice.position <= before:
                continue
            kept[name] = notice.position
            self.changes.append((self.total, self.total + notice.position - before, notice))
            self.total += notice.position - before
            moved = True
        self.ready.set()
        if moved:
            self._changed.set()
            self._changed = asyncio.Event()

    async def changed(self, timeout: float) -> None:
        """Wait for the next change, at most ``timeout`` seconds."""
        waiting = self._changed
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(waiting.wait(), timeout)

    def since(self, total: int) -> list[tuple[int, Notice]] | None:
        """The changes after ``total``; ``None`` when the kept ones do not reach back that far."""
        if total >= self.total:
            return []
        if not self.changes or self.changes[0][0] > total:
            return None
        return [(after, notice) for _, after, notice in self.changes if after > total]

    def snapshot(self) -> dict[str, object]:
        """Every position: what a client that missed too much starts again from."""
        return {"sessions": {str(k): v for k, v in self.sessions.items()}, "days": self.days}

    def _hand_over(self, notices: list[Notice]) -> None:
        if notices and self._loop is not None:
            self._loop.call_soon_threadsafe(self.heard, notices)


def follow(location: str, take: Callable[[list[Notice]], None]) -> None:
    """Hand ``take`` every position of the archive at ``location``, then each change, as long as
    the process (run it on a thread of its own): on PostgreSQL as notices come, every position read
    again after a reconnection; on SQLite every position every ``POLL_SECONDS``."""
    opened: list[Archive] = []

    def read_all() -> list[Notice]:
        """Every position as the archive holds it now, as notices."""
        if not opened:  # opened once: opening checks the schema in a write
            opened.append(open_archive(location, create=False))
        archive = opened[0]
        found = [Notice(s.id, s.events) for s in archive.sessions()]
        days: dict[str, int] = {}
        for entry in archive.day_log():
            days[entry.event_name] = max(days.get(entry.event_name, 0), entry.seq)
        return [*found, *(Notice(None, seq, name) for name, seq in days.items())]

    if is_postgres(location):
        _listen(location, read_all, take)
    else:
        _poll(read_all, take)


def _poll(read_all: Callable[[], list[Notice]], take: Callable[[list[Notice]], None]) -> None:
    """SQLite: read every position every ``POLL_SECONDS``."""
    while True:  # as long as the process: the thread is a daemon
        with contextlib.suppress(ArchiveError):  # the archive is away: read it again later
            take(read_all())
        time.sleep(POLL_SECONDS)


def _listen(
    location: str, read_all: Callable[[], list[Notice]], take: Callable[[list[Notice]], None]
) -> None:
    """PostgreSQL: one ``LISTEN`` connection, every position read once it listens."""
    while True:  # as long as the process: the thread is a daemon
        try:
            with psycopg.connect(location, autocommit=True, connect_timeout=10) as conn:
                channel = conn.execute(f"SELECT {CHANNEL}").fetchone()
                assert channel is not None
                conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel[0])))
                take(read_all())
                while True:
                    for item in conn.notifies(timeout=1.0):  # each handed over as it comes
                        notice = read_notice(item.payload)
                        take([notice] if notice is not None else [])
        except (psycopg.Error, ArchiveError, OSError):
            time.sleep(RETRY_SECONDS)


def event_text(kind: str, identifier: int, data: object) -> bytes:
    """One server-sent event."""
    return f"id: {identifier}\nevent: {kind}\ndata: {json.dumps(data)}\n\n".encode()


def change_event(total: int, notice: Notice) -> bytes:
    """A change as an event: a session's or a day log's new position."""
    if notice.session is not None:
        data = {"session": notice.session, "position": notice.position}
        return event_text("session", total, data)
    return event_text("day", total, {"event": notice.event, "day": notice.position})


def last_event_id(scope: Scope) -> int | None:
    """The ``Last-Event-ID`` a reconnecting client sent (``None`` without a readable one)."""
    for name, value in scope.get("headers", []):
        if name.lower() == b"last-event-id":
            text = value.decode("latin-1").strip()
            return int(text) if text.isdigit() else None
    return None


async def stream(positions: Positions, scope: Scope, receive: Receive, send: Send) -> None:
    """Serve one event stream until the client leaves: what it missed, then every change."""
    positions.start()
    await positions.ready.wait()
    await send({"type": "http.response.start", "status": 200, "headers": STREAM_HEADERS})
    seen = last_event_id(scope)
    missed = positions.since(seen) if seen is not None else None
    opening = b"retry: 2000\n\n"
    if missed is None:
        opening += event_text("positions", positions.total, positions.snapshot())
    else:
        opening += b"".join(change_event(at, notice) for at, notice in missed)
    await send({"type": "http.response.body", "body": opening, "more_body": True})
    cursor = positions.total
    left = asyncio.ensure_future(_disconnected(receive))
    try:
        while not left.done():
            started = time.monotonic()
            change = asyncio.ensure_future(positions.changed(KEEP_ALIVE_SECONDS))
            await asyncio.wait([left, change], return_when=asyncio.FIRST_COMPLETED)
            change.cancel()
            if left.done():
                break
            news = positions.since(cursor)
            if news is None:
                body = event_text("positions", positions.total, positions.snapshot())
            elif news:
                body = b"".join(change_event(at, notice) for at, notice in news)
            elif time.monotonic() - started >= KEEP_ALIVE_SECONDS - 0.5:
                body = b": still here\n\n"
            else:
                continue
            cursor = positions.total
            await send({"type": "http.response.body", "body": body, "more_body": True})
    except OSError:
        pass  # the client went away mid-send
    finally:
        left.cancel()


async def _disconnected(receive: Receive) -> None:
    """Return once the client has closed the stream."""
    while (await receive()).get("type") != "http.disconnect":
        pass
