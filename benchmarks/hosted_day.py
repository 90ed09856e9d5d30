"""A hosted day on this machine, for the hosting test and ``bench_hosting``: a PostgreSQL archive
holding a tournament and one live session a table, N dashboard workers and nginx in front
(``dashboard.server.hosting``), scorers that record through the proxy and carry on through
another worker when theirs dies, and light HTTP clients: a spectator polling a cached page and an
event stream's reader.

A scorer is a Record page over Streamlit's websocket (``benchmarks.live_clients``), holding a
director's key (sent in the page's query as its link would bring it) and nginx's routing cookie,
so it stays on one worker. When its connection drops it opens the page again through the proxy,
reads from the page how many events the session holds, and goes on from the tap that follows
them: what the archive stored is the truth, so a tap whose answer was lost is not tapped twice.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import socket
import subprocess
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.bench_live import MATCH, Step, pad_tap
from benchmarks.live_clients import Client, Drawn, TapSender, trigger
from dashboard.day import actions
from dashboard.server.hosting import Hosting, nginx_binary, start_worker, write_config
from recorder.archive import HandStarted, open_archive
from recorder.archive.keys import issue
from recorder.model import Tag
from tests.browser.conftest import free_port
from tests.day_setup import EVENT, ORGANISER, description_text

EXPIRES = "2099-12-31T00:00:00+00:00"
STARTUP_SECONDS = 120
COOKIE = "thuruppu_route"


def prepare_day(location: str, tables: int) -> tuple[list[int], str]:
    """The tournament set up in the archive, one live session a table (its first hand started)
    and a director's key; gives the sessions' ids and the key."""
    archive = open_archive(location)
    actions.set_description(archive, description_text(), ORGANISER)
    text = MATCH.read_text(encoding="utf-8")
    template = [
        Tag(name=name, value=value)
        for name, value in re.findall(r'^\[(\w+) "([^"]*)"\]', text, re.MULTILINE)
        if name not in ("Hand", "Dealer", "Event", "Table", "Round")
    ]
    dealer = int(re.search(r'\[Dealer "(\d)"\]', text)[1])  # type: ignore[index]
    sessions = []
    for table in range(1, tables + 1):
        tags = [
            *template,
            Tag(name="Event", value=EVENT),
            Tag(name="Table", value=str(table)),
            Tag(name="Round", value="1"),
        ]
        session = archive.create_session(tags)
        archive.append(session, HandStarted.numbered(1, dealer=dealer))
        sessions.append(session)
    return sessions, issue(archive, EVENT, "director", EXPIRES).key


def free_block(count: int, avoid: int = 0) -> int:
    """The first of ``count`` consecutive ports nobody listens on (none of them ``avoid``)."""
    for _ in range(200):
        first = free_port()
        block = range(first, first + count)
        if avoid not in block and all(_free(port) for port in block):
            return first
    raise RuntimeError(f"no {count} consecutive free ports")


def _free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def wait_for(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    """Wait until ``url`` answers (``RuntimeError`` with the log if the process dies first)."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(log.read_text(errors="replace")[-3000:])
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {STARTUP_SECONDS} s")


@dataclass
class HostedDay:
    """The workers and nginx running, and where to reach them."""

    hosting: Hosting
    folder: Path
    workers: dict[int, subprocess.Popen[bytes]] = field(default_factory=dict)
    proxy: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.hosting.listen}"

    def start(self) -> None:
        """Start every worker, then nginx, and wait until all answer."""
        _, whole = write_config(self.hosting, self.folder)
        for index in range(1, self.hosting.workers + 1):
            log = self.folder / f"worker-{index}.log"
            self.workers[index] = start_worker(self.hosting, index, log)
        for index, port in enumerate(self.hosting.ports, start=1):
            health = f"http://127.0.0.1:{port}/_stcore/health"
            wait_for(health, self.workers[index], self.folder / f"worker-{index}.log")
        log = self.folder / "error.log"
        self.proxy = subprocess.Popen([str(nginx_binary()), "-c", str(whole), "-g", "daemon off;"])
        wait_for(f"{self.url}/_stcore/health", self.proxy, log)

    def stop(self) -> None:
        """Stop nginx and every worker still running."""
        for process in [*self.workers.values(), *([self.proxy] if self.proxy else [])]:
            if process.poll() is None:
                process.terminate()
        for process in [*self.workers.values(), *([self.proxy] if self.proxy else [])]:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def pids(self) -> list[int]:
        """The workers' process ids."""
        return [process.pid for process in self.workers.values()]


def worker_of(url: str, cookie: str) -> int:
    """Which worker nginx sends a browser holding routing ``cookie`` to."""
    request = urllib.request.Request(f"{url}/", headers={"Cookie": f"{COOKIE}={cookie}"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return int(answer.headers["x-thuruppu-worker"])


def cookies_by_worker(url: str, workers: int, each: int) -> dict[int, list[str]]:
    """``each`` routing cookies that land on each worker."""
    found: dict[int, list[str]] = {index: [] for index in range(1, workers + 1)}
    for number in itertools.count():
        cookie = f"tab{number}"
        kept = found[worker_of(url, cookie)]
        if len(kept) < each:
            kept.append(cookie)
        if all(len(cookies) >= each for cookies in found.values()) or number > 500:
            return found
    raise AssertionError("unreachable")


@dataclass
class Acks:
    """What the scorers were told: each tap's seconds, and when each position was acknowledged."""

    taps: list[tuple[float, float]] = field(default_factory=list)  # (done at, seconds)
    positions: list[tuple[int, int, float]] = field(default_factory=list)  # session, position, at
    reconnects: int = 0
    wrong: list[str] = field(default_factory=list)


async def scorer(
    url: str,
    session: int,
    key: str,
    cookie: str,
    steps: list[Step],
    pace: tuple[float, float],
    acks: Acks,
) -> None:
    """Record ``steps`` into ``session`` through the proxy, as the tap pad does (each tap a
    ``POST /_tap`` numbered by its place among the taps, the next hand a button of the page),
    opening the page again (and going on from the archive's position) whenever the connection
    drops; a tap sent again after a lost answer keeps its number, so it is stored once. The
    steps are logged as the pad logs them (``pad_steps`` of whole hands, then cut)."""
    starts = list(itertools.accumulate((step.logs for step in steps), initial=0))
    numbers = list(itertools.accumulate((step.kind != "next" for step in steps), initial=0))
    headers = {"Cookie": f"{COOKIE}={cookie}", "X-Thuruppu-Key": key}
    sender = TapSender(url, session, f"hosted-table-{session}", headers)
    base: int | None = None
    done = 0
    while done < len(steps):
        client = Client(
            url, "record", f"session={session}&key={key}", {"Cookie": f"{COOKIE}={cookie}"}
        )
        try:
            drawn: Drawn = await client.open()
            held, _, _ = drawn.status()
            base = held if base is None else base
            if held - base not in starts:
                acks.wrong.append(f"session {session}: {held} events, no tap ends there")
                return
            done = starts.index(held - base)
            while done < len(steps):
                await asyncio.sleep(pace[0] + (pace[1] - pace[0]) * (session % 7) / 7)
                started = time.perf_counter()
                step = steps[done]
                if step.kind == "next":
                    drawn = await client.run([trigger(drawn, "rec-next-hand")])
                else:
                    status, answer = await sender.send(pad_tap(step), numbers[done] + 1)
                    if status >= 500:  # its worker gone mid-tap: ask the archive where it stands
                        raise OSError(f"the tap was answered {status}")
                    if status != 200 or answer.get("outcome") != "stored":
                        acks.wrong.append(f"session {session}: {step} answered {answer}")
                        return
                    drawn = await client.run()
                after, _, _ = drawn.status()
                now = time.perf_counter()
                if after != held + step.logs:
                    acks.wrong.append(f"session {session}: {held} -> {after} events")
                    return
                acks.taps.append((now, now - started))
                acks.positions.append((session, after, time.time()))
                held, done = after, done + 1
        except (OSError, RuntimeError, asyncio.IncompleteReadError) as error:
            if isinstance(error, RuntimeError) and "status line" in str(error):
                acks.wrong.append(f"session {session}: {str(error)[-300:]}")
                return
            acks.reconnects += 1
            await asyncio.sleep(0.5)
        except Exception as error:  # a closed websocket: open the page again
            if "ConnectionClosed" not in type(error).__name__:
                raise
            acks.reconnects += 1
            await asyncio.sleep(0.5)
        finally:
            await client.close()


async def http_get(
    host: str, port: int, path: str, etag: str | None = None
) -> tuple[int, dict[str, str], bytes]:
    """One GET on a fresh connection: status, headers (lower-case names) and body."""
    reader, writer = await asyncio.open_connection(host, port)
    try:
        match = f"If-None-Match: {etag}\r\n" if etag else ""
        request = f"GET {path} HTTP/1.1\r\nHost: {host}\r\n{match}Connection: close\r\n\r\n"
        writer.write(request.encode())
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {
            name.strip().lower(): value.strip()
            for name, _, value in (line.partition(":") for line in lines[1:] if line)
        }
        body = await reader.read()
        return status, headers, body
    finally:
        writer.close()


async def read_events(
    host: str, port: int, seen: list[tuple[str, dict[str, object], float]]
) -> None:
    """Read the event stream until cancelled, keeping each event's name, data and arrival; when
    the stream ends (its worker gone) connect again, sending the last id seen, as a browser's
    ``EventSource`` does."""
    last = ""
    while True:
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError:
            await asyncio.sleep(0.5)
            continue
        try:
            since = f"Last-Event-ID: {last}\r\n" if last else ""
            request = f"GET /public/events HTTP/1.0\r\nHost: {host}\r\n{since}\r\n"
            writer.write(request.encode())
            await writer.drain()
            await reader.readuntil(b"\r\n\r\n")
            kind = ""
            while line := (await reader.readline()).decode():
                line = line.rstrip("\r\n")
                if line.startswith("id: "):
                    last = line[4:]
                elif line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: "):
                    seen.append((kind, json.loads(line[6:]), time.time()))
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.close()
        await asyncio.sleep(0.2)
