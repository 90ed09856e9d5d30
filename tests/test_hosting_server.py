"""A hosted day end to end: two dashboard workers behind nginx (both from Debian's packages) on
one PostgreSQL archive. Scorers record on both workers through the proxy; a spectator's cached
page and the event stream show every tap within 3 s and never a card the room may not see; one
worker killed, its scorer carries on through the other with nothing lost or doubled."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from benchmarks.bench_live import MATCH, match_steps, pad_steps
from benchmarks.hosted_day import (
    Acks,
    HostedDay,
    cookies_by_worker,
    free_block,
    http_get,
    prepare_day,
    read_events,
    scorer,
)
from dashboard.server.hosting import Hosting, nginx_binary
from recorder.archive import open_archive
from tests.apart import run_apart
from tests.browser.conftest import REPOSITORY, free_port

pytest_plugins = ["tests.pg_server"]
pytestmark = [pytest.mark.postgres]

TEXT = MATCH.read_text(encoding="utf-8")
STEPS = pad_steps(match_steps(TEXT, 1))[:15]
"""The calls, the face-down card, the first trick and two cards of the second: a hand in play."""
FIRST_HAND = TEXT.split("[Hand ")[1]
DEALT = set(
    re.findall(r"\b[2-9TJQKA][SHDC]\b", "\n".join(re.findall(r"^deal .*", FIRST_HAND, re.M)))
)
FIRST_TRICK = set(re.findall(r"\d:(\w\w)", re.search(r"^1\. .*", FIRST_HAND, re.M)[0]))  # type: ignore[index]
HIDDEN = DEALT - FIRST_TRICK
"""Every card not yet public once the steps are done: the face-down card (never shown in them),
the cards in hand and those of the trick being played."""
FRESH_SECONDS = 3.0
T = TypeVar("T")


def hidden_in(text: str) -> set[str]:
    """The hidden cards a page, JSON or event names (as a card, not inside a word)."""
    return {card for card in HIDDEN if re.search(rf"(?<![\w]){card}(?![\w])", text)}


@pytest.fixture
def hosted(postgres_archive_url: str, tmp_path: Path):
    if nginx_binary() is None:
        pytest.skip("nginx is not installed: run scripts/test-deps.sh")
    listen = free_port()
    hosting = Hosting(postgres_archive_url, 2, free_block(2, listen), listen, insecure=True)
    sessions, key = prepare_day(postgres_archive_url, 2)
    day = HostedDay(hosting, tmp_path)
    try:
        day.start()
        yield day, sessions, key
    finally:
        day.stop()


async def spectate(
    day: HostedDay, sessions: list[int], stop: asyncio.Event, pages: list[tuple[int, int, float]]
) -> list[str]:
    """Poll each session's public page (JSON, and now and then its HTML) through the proxy until
    stopped; keep each position seen and when, and return every body read."""
    bodies: list[str] = []
    tags: dict[str, str] = {}
    for round_ in range(10**6):
        if stop.is_set():
            break
        for session in sessions:
            path = f"/public/session/{session}" + ("" if round_ % 8 == 7 else ".json")
            status, headers, body = await http_get(
                "127.0.0.1", day.hosting.listen, path, tags.get(path)
            )
            if status == 200:
                tags[path] = headers["etag"]
                bodies.append(body.decode())
                if path.endswith(".json"):
                    pages.append((session, json.loads(body)["position"], time.time()))
            else:
                assert status == 304, (status, body[:300])
        await asyncio.sleep(0.2)
    return bodies


def late(acks: Acks, seen: list[tuple[int, int, float]]) -> list[tuple[int, int, float]]:
    """Each acknowledged position not seen within ``FRESH_SECONDS``: (session, position, delay)."""
    missed = []
    for session, position, at in acks.positions:
        times = [when for s, p, when in seen if s == session and p >= position]
        delay = max(0.0, min(times) - at) if times else float("inf")  # seen once committed
        if delay > FRESH_SECONDS:
            missed.append((session, position, delay))
    return missed


def heard_positions(
    events: list[tuple[str, dict[str, object], float]],
) -> list[tuple[int, int, float]]:
    """Each session's position as the event stream told it: by a notice, or by the positions a
    reconnected stream catches up with."""
    heard = []
    for kind, data, at in events:
        if kind == "session":
            heard.append((int(str(data["session"])), int(str(data["position"])), at))
        elif kind == "positions":
            listed = data["sessions"]
            assert isinstance(listed, dict)
            heard += [(int(session), int(position), at) for session, position in listed.items()]
    return heard


def test_two_workers_behind_nginx_one_killed(hosted) -> None:
    day, sessions, key = hosted
    cookies = cookies_by_worker(day.url, 2, 1)
    acks = Acks()
    pages: list[tuple[int, int, float]] = []
    events: list[tuple[str, dict[str, object], float]] = []

    async def run() -> list[str]:
        stop = asyncio.Event()
        listening = asyncio.create_task(read_events("127.0.0.1", day.hosting.listen, events))
        watching = asyncio.create_task(spectate(day, sessions, stop, pages))
        scorers = [
            asyncio.create_task(
                scorer(day.url, session, key, cookies[worker][0], STEPS, (0.3, 0.6), acks)
            )
            for session, worker in zip(sessions, (1, 2), strict=True)
        ]
        while len([a for a in acks.positions if a[0] == sessions[0]]) < 5:
            await asyncio.sleep(0.1)
            assert not scorers[0].done(), acks.wrong
        os.kill(day.workers[1].pid, signal.SIGKILL)  # the first scorer's worker
        await asyncio.wait_for(asyncio.gather(*scorers), 90)
        await asyncio.sleep(FRESH_SECONDS)
        stop.set()
        listening.cancel()
        return await watching

    bodies = run_apart(run())
    assert not acks.wrong
    assert acks.reconnects >= 1  # the first scorer lost its worker and came back through nginx
    archive = open_archive(day.hosting.db)
    expected = 2 + sum(step.logs for step in STEPS)  # created, the hand started, then the taps
    for session in sessions:
        logged = archive.events(session)
        assert [entry.seq for entry in logged] == list(range(1, expected + 1))
        assert archive.public_view(session).hand_open
    # every tap acknowledged at most once; a tap whose answer died with its worker is found
    # stored when its scorer comes back (the archive's log above holds it once)
    acknowledged = [(session, position) for session, position, _ in acks.positions]
    assert len(set(acknowledged)) == len(acknowledged)
    assert 2 * len(STEPS) - acks.reconnects <= len(acknowledged) <= 2 * len(STEPS)
    assert late(acks, pages) == []
    heard = heard_positions(events)
    assert late(acks, heard) == []
    assert any("<pre>" in body for body in bodies)  # the HTML page was read too
    shown = set().union(*(hidden_in(body) for body in bodies))
    assert shown == set(), f"hidden cards shown: {shown}"
    assert hidden_in(json.dumps([data for _, data, _ in events])) == set()


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def answered(url: str) -> dict[str, str] | None:
    """The headers of a 200 answer from ``url`` (``None`` when it does not answer so)."""
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return dict(answer.headers) if answer.status == 200 else None
    except OSError:
        return None


def until(check: Callable[[], T | None], seconds: float) -> T:
    """Wait until ``check`` gives something; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.3)
    pytest.fail(f"nothing within {seconds} s")


def test_serve_runs_its_workers_and_nginx_and_starts_a_dead_worker_again(
    postgres_archive_url: str,
    tmp_path: Path,
) -> None:
    if nginx_binary() is None:
        pytest.skip("nginx is not installed: run scripts/test-deps.sh")
    prepare_day(postgres_archive_url, 1)
    listen = free_port()
    command = [
        sys.executable, "-c", "from dashboard.cli.commands import main; main()", "serve",
        "--db", postgres_archive_url, "--workers", "1", "--port", str(free_port()),
        "--listen", str(listen), "--insecure", "--nginx", "--config", str(tmp_path / "proxy"),
    ]  # fmt: skip
    serving = subprocess.Popen(command, cwd=REPOSITORY)
    try:
        page = f"http://127.0.0.1:{listen}/public/sessions.json"
        first = until(lambda: answered(page), 120)
        assert first["x-thuruppu-worker"] == "1"
        until(lambda: (answered(page) or {}).get("X-Cache") == "HIT", 20)  # nginx's cache
        worker = next(pid for pid in children(serving.pid) if b"warm" in _command_line(pid))
        os.kill(worker, signal.SIGKILL)
        until(
            lambda: [
                pid
                for pid in children(serving.pid)
                if pid != worker and b"warm" in _command_line(pid)
            ],
            30,
        )
        until(lambda: answered(f"http://127.0.0.1:{listen}/_stcore/health"), 120)
        serving.send_signal(signal.SIGTERM)
        assert serving.wait(timeout=30) == 0
        assert children(serving.pid) == []
        assert answered(page) is None  # nginx stopped with it
    finally:
        if serving.poll() is None:  # a failed check: stop it as a service manager would
            serving.send_signal(signal.SIGTERM)
            try:
                serving.wait(timeout=30)
            except subprocess.TimeoutExpired:
                for pid in children(serving.pid):
                    os.kill(pid, signal.SIGKILL)
                serving.kill()
                serving.wait()


def _command_line(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""
