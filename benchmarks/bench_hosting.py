"""A hosted day under load: scorers recording at every table and a room of spectators on the
cached public pages, served by one, two and four dashboard workers behind nginx on one
PostgreSQL archive (``dashboard.server.hosting``, docs/HOSTING.md).

Each table is a scorer on the Record page (Streamlit's websocket, ``benchmarks.hosted_day``)
recording the bundled match's first hand, a tap every 3-5 s, timed from the click's message
until its page is drawn again with the new event. Each spectator is a light HTTP client on a kept
connection through nginx, asking for one page every ``SPECTATOR_SECONDS`` with the ``ETag`` it
holds (``If-None-Match``): a third watch a table's session (``/public/session/ID.json``), a third
the standings, a third the projector. A spectator of a session is *fresh* when it first reads a
position at least the one a tap was acknowledged at: its freshness is the time since that
acknowledgement (its polling period included). The workers' CPU time and memory are read from
``/proc`` every second.

Printed for each load: taps and their median / p95, the spectators' requests (and how many were
``304``) and their p95, freshness p95 and max, the workers' CPU (seconds over the run, and as a
share of one core) and memory (summed, start -> peak), and whether the archive holds every tap
once. Loads: ``$THURUPPU_HOSTING_LOADS`` as ``tables:spectators:workers`` items separated by
commas, else 40 tables and 1,000 spectators on 1, 2 and 4 workers; ``$THURUPPU_HOSTING_TAPS``
taps a table (default 8: a short run, some five minutes; the full hand is 43). PostgreSQL: a
throwaway server from the Debian binaries, or ``$THURUPPU_TEST_PG_URL``.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import psycopg

from benchmarks.bench_live import MATCH, match_steps, pad_steps, process_reading, quantile
from benchmarks.hosted_day import Acks, HostedDay, free_block, prepare_day, scorer
from dashboard.server.hosting import Hosting, nginx_binary
from recorder.archive import open_archive
from tests.browser.conftest import free_port
from tests.pg_server import TEST_URL_ENV, ThrowawayServer, postgres_bin

LOADS_ENV = "THURUPPU_HOSTING_LOADS"
TAPS_ENV = "THURUPPU_HOSTING_TAPS"
DEFAULT_LOADS = "40:1000:1,40:1000:2,40:1000:4"
DEFAULT_TAPS = 8
SPECTATOR_SECONDS = 2.0
PACE = (3.0, 5.0)


@dataclass
class Watched:
    """What the spectators saw: each request's seconds and whether it was a 304, and each
    session position read (session, position, when)."""

    requests: list[tuple[float, bool]] = field(default_factory=list)
    positions: list[tuple[int, int, float]] = field(default_factory=list)
    failed: int = 0


class KeptConnection:
    """An HTTP/1.1 connection kept open to the proxy, one request at a time."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def get(self, path: str, etag: str) -> tuple[int, str, bytes]:
        """GET ``path`` (``If-None-Match: etag`` when it has one): status, ETag, body."""
        if self.streams is None:
            self.streams = await asyncio.open_connection("127.0.0.1", self.port)
        reader, writer = self.streams
        match = f"If-None-Match: {etag}\r\n" if etag else ""
        writer.write(f"GET {path} HTTP/1.1\r\nHost: day\r\n{match}\r\n".encode())
        await writer.drain()
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        headers = {
            name.strip().lower(): value.strip()
            for name, _, value in (line.partition(":") for line in head[1:] if line)
        }
        body = await reader.readexactly(int(headers.get("content-length", "0")))
        return int(head[0].split()[1]), headers.get("etag", etag), body

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


async def spectator(
    port: int, path: str, session: int | None, stop: asyncio.Event, watched: Watched
) -> None:
    """Ask for ``path`` every ``SPECTATOR_SECONDS`` until stopped, keeping what was read."""
    connection = KeptConnection(port)
    etag = ""
    await asyncio.sleep(random.uniform(0, SPECTATOR_SECONDS))
    while not stop.is_set():
        started = time.perf_counter()
        try:
            status, etag, body = await connection.get(path, etag)
        except (OSError, asyncio.IncompleteReadError, ValueError):
            watched.failed += 1
            connection.close()
            await asyncio.sleep(SPECTATOR_SECONDS)
            continue
        watched.requests.append((time.perf_counter() - started, status == 304))
        if status == 200 and session is not None:
            position = int(body.split(b'"position":', 1)[1].split(b",", 1)[0])
            watched.positions.append((session, position, time.time()))
        await asyncio.sleep(max(0.0, SPECTATOR_SECONDS - (time.perf_counter() - started)))
    connection.close()


def spectator_path(index: int, sessions: list[int]) -> tuple[str, int | None]:
    """The ``index``-th spectator's page, in turn: a session, the standings, the projector."""
    kind = index % 3
    if kind == 0:
        session = sessions[index // 3 % len(sessions)]
        return f"/public/session/{session}.json", session
    return ("/public/standings.json", None) if kind == 1 else ("/public/projector", None)


async def sample(pids: list[int], stop: asyncio.Event, readings: list[tuple[float, float]]) -> None:
    """Every second: the workers' CPU seconds and memory (MB), summed."""
    while not stop.is_set():
        total_cpu = total_mb = 0.0
        for pid in pids:
            try:
                cpu, mb = process_reading(pid)
            except OSError:
                continue
            total_cpu, total_mb = total_cpu + cpu, total_mb + mb
        readings.append((total_cpu, total_mb))
        await asyncio.sleep(1)


async def drive(
    day: HostedDay, sessions: list[int], key: str, spectators: int, taps: int
) -> tuple[Acks, Watched, list[tuple[float, float]], float]:
    """Run the scorers and spectators at once; the figures and the run's seconds."""
    steps = pad_steps(match_steps(MATCH.read_text(encoding="utf-8"), 1))[:taps]
    acks, watched, readings = Acks(), Watched(), []
    stop = asyncio.Event()
    sampler = asyncio.create_task(sample(day.pids(), stop, readings))
    watchers = [
        asyncio.create_task(
            spectator(day.hosting.listen, *spectator_path(i, sessions), stop, watched)
        )
        for i in range(spectators)
    ]
    await asyncio.sleep(SPECTATOR_SECONDS)
    started = time.perf_counter()
    await asyncio.gather(
        *(
            scorer(day.url, session, key, f"table{session}", steps, PACE, acks)
            for session in sessions
        )
    )
    seconds = time.perf_counter() - started
    await asyncio.sleep(SPECTATOR_SECONDS + 3)
    stop.set()
    await asyncio.gather(*watchers, sampler)
    return acks, watched, readings, seconds


def freshness(acks: Acks, watched: Watched) -> list[float]:
    """For each tap and each spectator of its session, how long until it read that position."""
    seen: dict[int, list[tuple[int, float]]] = {}
    for session, position, when in watched.positions:
        seen.setdefault(session, []).append((position, when))
    delays = []
    for session, position, at in acks.positions:
        times = [when for read, when in seen.get(session, []) if read >= position]
        delays.append(max(0.0, min(times) - at) if times else float("inf"))
    return delays


def run_load(url: str, tables: int, spectators: int, workers: int, taps: int) -> None:
    """Set up a fresh archive, start the workers and nginx, drive them, print the figures."""
    sessions, key = prepare_day(url, tables)
    with tempfile.TemporaryDirectory() as temporary:
        listen = free_port()
        hosting = Hosting(url, workers, free_block(workers, listen), listen, insecure=True)
        day = HostedDay(hosting, Path(temporary))
        try:
            day.start()
            acks, watched, readings, seconds = asyncio.run(
                drive(day, sessions, key, spectators, taps)
            )
        finally:
            day.stop()
    report(url, tables, spectators, workers, sessions, taps, acks, watched, readings, seconds)


def report(
    url: str,
    tables: int,
    spectators: int,
    workers: int,
    sessions: list[int],
    taps: int,
    acks: Acks,
    watched: Watched,
    readings: list[tuple[float, float]],
    seconds: float,
) -> None:
    tapped = [s for _, s in acks.taps]
    load = " ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"   {tables} tables, {spectators} spectators, {workers} workers; load average {load}")
    if len(tapped) < 2:
        print(f"     no table could record: {acks.wrong[:3]}")
        return
    print(
        f"     taps {len(tapped)}: median {statistics.median(tapped):.2f} s, "
        f"p95 {quantile(tapped, 0.95):.2f} s, max {max(tapped):.2f} s"
    )
    asked = [s for s, _ in watched.requests]
    unchanged = sum(1 for _, same in watched.requests if same)
    print(
        f"     spectators' requests {len(asked)} ({len(asked) / seconds:.0f}/s, {unchanged} "
        f"unchanged 304): p95 {quantile(asked, 0.95) * 1000:.0f} ms; failed {watched.failed}"
    )
    fresh = freshness(acks, watched)
    print(
        f"     fresh within p95 {quantile(fresh, 0.95):.2f} s, max {max(fresh):.2f} s of a tap "
        f"(a read every {SPECTATOR_SECONDS:g} s included)"
    )
    cpu = readings[-1][0] - readings[0][0]
    memory = [mb for _, mb in readings]
    print(
        f"     workers' CPU {cpu:.0f} s over {seconds:.0f} s ({cpu / seconds:.2f} of a core); "
        f"memory {memory[0]:.0f} -> {memory[-1]:.0f} MB (peak {max(memory):.0f} MB)"
    )
    archive = open_archive(url)
    stored = sum(len(archive.events(session)) - 2 for session in sessions)
    steps = pad_steps(match_steps(MATCH.read_text(encoding="utf-8"), 1))[:taps]
    expected = tables * sum(step.logs for step in steps)
    verdict = "nothing lost or doubled" if stored == expected and not acks.wrong else "MISMATCH"
    print(f"     archive: {stored} events stored, {expected} expected: {verdict}")
    for wrong in acks.wrong[:3]:
        print(f"     wrong: {wrong}")


def fresh_schema(server_url: str) -> str:
    """A new schema on the server, as an archive address of its own."""
    schema = f"bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(server_url, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    joiner = "&" if "?" in server_url else "?"
    return f"{server_url}{joiner}options={quote(f'-csearch_path={schema}')}"


def main() -> None:
    if nginx_binary() is None:
        print("   skipped: nginx is not installed (scripts/test-deps.sh)")
        return
    given = os.environ.get(TEST_URL_ENV)
    server = None
    if not given:
        binaries = postgres_bin()
        if binaries is None:
            print("   skipped: no PostgreSQL (scripts/test-deps.sh)")
            return
        server = ThrowawayServer(binaries)
        server.start()
    taps = int(os.environ.get(TAPS_ENV) or DEFAULT_TAPS)
    try:
        for item in os.environ.get(LOADS_ENV, DEFAULT_LOADS).split(","):
            tables, spectators, workers = (int(part) for part in item.strip().split(":"))
            url = fresh_schema(given or server.url)  # type: ignore[union-attr]
            run_load(url, tables, spectators, workers, taps)
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
