"""A small HTTP proxy that loses, delays and repeats requests at random, for the taps' fault tests.

A scorer's phone reaches the server over a hall's Wi-Fi: a request may never arrive, its answer
may be lost after the server acted on it, it may wait seconds, or it may arrive twice (a phone's
network stack or a proxy sending it again). ``FaultProxy`` sits in front of a server and does all
of that on purpose, from a seeded random generator, one request per connection (the clients send
``Connection: close``): what a tap's write path must survive without losing or doubling a tap.
It runs an asyncio loop in a thread of its own, so the test's clients and server stay plain.
"""

from __future__ import annotations

import asyncio
import random
import threading
from collections import Counter
from dataclasses import dataclass

from tests.browser.conftest import free_port

HEADERS_END = b"\r\n\r\n"
UPSTREAM_SECONDS = 30.0


@dataclass(frozen=True)
class Faults:
    """How often each fault strikes a request (each a probability, drawn per request): the request
    dropped before the server sees it, delayed by up to ``longest_delay`` seconds, its answer
    dropped after the server acted on it, or sent a second time (at once, or up to
    ``longest_delay`` seconds later, its answer thrown away)."""

    drop_request: float = 0.0
    delay: float = 0.0
    drop_answer: float = 0.0
    repeat: float = 0.0
    longest_delay: float = 3.0
    late_repeats: bool = True
    """A repeat may come after the answer (and after later requests); else it is sent before the
    first answer is given, so that a test knows it has been handled."""


class FaultProxy:
    """Forward HTTP requests on ``port`` to ``127.0.0.1:upstream``, striking them with ``faults``
    drawn from ``random.Random(seed)``; ``counts`` says how often each fault struck."""

    def __init__(self, upstream: int, faults: Faults, seed: int) -> None:
        self.upstream = upstream
        self.faults = faults
        self.random = random.Random(seed)
        self.port = free_port()
        self.counts: Counter[str] = Counter()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._serve, name="fault-proxy", daemon=True)
        self.ready = threading.Event()
        self.pending: set[asyncio.Task[None]] = set()

    def __enter__(self) -> FaultProxy:
        self.thread.start()
        if not self.ready.wait(10):
            raise RuntimeError("the fault proxy did not start")
        return self

    def __exit__(self, *exc: object) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _serve(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(asyncio.start_server(self._handle, "127.0.0.1", self.port))
        self.ready.set()
        self.loop.run_forever()

    def _strikes(self, probability: float, name: str) -> bool:
        struck = self.random.random() < probability
        if struck:
            self.counts[name] += 1
        return struck

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One client connection: one request, struck by the faults drawn for it."""
        try:
            request = await read_request(reader)
            if request is None:
                return
            self.counts["requests"] += 1
            faults = self.faults
            if self._strikes(faults.drop_request, "requests dropped"):
                return
            if self._strikes(faults.delay, "requests delayed"):
                await asyncio.sleep(self.random.uniform(0.0, faults.longest_delay))
            repeat = self._strikes(faults.repeat, "requests repeated")
            late = faults.late_repeats and self.random.random() < 0.5
            answer = await self._forward(request)
            if repeat and late:
                wait = self.random.uniform(0.0, faults.longest_delay)
                task = asyncio.ensure_future(self._repeat_later(request, wait))
                self.pending.add(task)
                task.add_done_callback(self.pending.discard)
            elif repeat:
                await self._forward(request)
            if answer is None:
                self.counts["server unreachable"] += 1
                return
            if self._strikes(faults.drop_answer, "answers dropped"):
                return
            writer.write(answer)
            await writer.drain()
        except (TimeoutError, OSError, asyncio.IncompleteReadError):
            self.counts["client connections broken"] += 1
        finally:
            writer.close()

    async def _repeat_later(self, request: bytes, wait: float) -> None:
        await asyncio.sleep(wait)
        await self._forward(request)

    async def _forward(self, request: bytes) -> bytes | None:
        """Send ``request`` to the server and give its whole answer, or ``None`` when the server
        cannot be reached or breaks the connection (killed meanwhile)."""
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.upstream)
        except OSError:
            return None
        try:
            writer.write(request)
            await writer.drain()
            answer = await asyncio.wait_for(reader.read(-1), UPSTREAM_SECONDS)
            return answer or None
        except (TimeoutError, OSError):
            return None
        finally:
            writer.close()


async def read_request(reader: asyncio.StreamReader) -> bytes | None:
    """One HTTP request with its body (by its ``Content-Length``), or ``None`` at end of input."""
    try:
        head = await reader.readuntil(HEADERS_END)
    except asyncio.IncompleteReadError:
        return None
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    body = await reader.readexactly(length) if length else b""
    return head + body
