"""A visitor's 45 MB upload keeps to its share of the server: a keyless local server, a club
session being recorded on its Record page (driven over the websocket as a phone's taps are,
``benchmarks.live_clients``), and a visitor who uploads a club's whole export (45 MB, generated
from the bundled data's hands) then the largest file an upload may be, and meanwhile puts a
second file in the uploader. Measured from ``/proc``: the server's and the worker's peak memory
(``VmHWM``), the uploads' disk in the server's temporary folder, and the taps' times without and
during the reading."""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import threading
import time
from pathlib import Path

from playwright.sync_api import Browser

from benchmarks.bench_live import MATCH, Step, match_steps, pad_tap, prepare_archive
from benchmarks.live_clients import Client, TapSender, trigger
from dashboard.server.launch import streamlit_command
from dashboard.server.replay_store import CACHE_ENV
from dashboard.server.upload_worker import MAX_UPLOAD_HANDS, UPLOAD_DISK_MB, WORKER_MEMORY_MB
from recorder.archive import ARCHIVE_ENV
from tests.apart import run_apart
from tests.browser.conftest import DESKTOP, free_port, running_server
from tests.uploads import megabytes_of_hands, repeated_session

TAPS = 8
PACE_SECONDS = 0.5
"""Between two taps, as a scorer at a table taps: the taps during an upload span its reading."""
SLACK_MB = 40
"""What a worker may grow between two looks of the server's watch (``POLL_SECONDS``)."""
SERVER_GROWTH_MB = 400
"""The most the server itself may grow while taking two 45 MB uploads and a small one: Streamlit
receives each whole (the request's body, the file parsed out of it), about 150 MB apiece."""


def peak_mb(pid: int) -> float:
    """A process's peak resident memory in MB (``VmHWM``; 0 once it has ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    line = next((line for line in status.splitlines() if line.startswith("VmHWM:")), "")
    return int(line.split()[1]) / 1024 if line else 0.0


def descendants(pid: int) -> list[int]:
    """A process's children (started by any of its threads), theirs, and so on: the upload
    worker among them."""
    listed = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            listed += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
    return [*listed, *(grandchild for child in listed for grandchild in descendants(child))]


class Watch:
    """The server's and its workers' peak memory and the uploads' peak disk, looked at every
    20 ms from a thread, with the workers' niceness."""

    def __init__(self, server: int, temp: Path) -> None:
        self.server, self.temp = server, temp
        self.worker_mb = self.disk_mb = 0.0
        self.niceness: dict[int, int] = {}  # each worker's, as last seen
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def uploads_mb(self) -> float:
        files = [f for f in self.temp.glob("thuruppu-upload-*/**/*") if f.is_file()]
        return sum(f.stat().st_size for f in files if f.exists()) / 1_000_000

    def _run(self) -> None:
        while not self._stop.wait(0.02):
            for child in descendants(self.server):
                self.worker_mb = max(self.worker_mb, peak_mb(child))
                with contextlib.suppress(OSError):
                    self.niceness[child] = os.getpriority(os.PRIO_PROCESS, child)
            with contextlib.suppress(OSError):
                self.disk_mb = max(self.disk_mb, self.uploads_mb())

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


def tap_times(url: str, session_id: int, steps: list[Step], sender: TapSender) -> list[float]:
    """The seconds each tap takes on the session's Record page, a fresh tab's: the tap sent as
    the tap pad sends it (``POST /_tap``) until the archive holds it, then the page's run the pad
    asks for (the next hand's button is a button of the page), in a thread of its own; the taps
    are the table's one phone's (``sender``), its numbers going on from one tab to the next."""

    async def taps() -> list[float]:
        client = Client(url, "record", f"session={session_id}")
        drawn = await client.open()
        times = []
        try:
            for step in steps:
                await asyncio.sleep(PACE_SECONDS)
                started = time.perf_counter()
                if step.kind == "next":
                    drawn = await client.run([trigger(drawn, "rec-next-hand")])
                else:
                    status, answer = await sender.send(pad_tap(step))
                    assert status == 200 and answer.get("outcome") == "stored", answer
                    drawn = await client.run()
                times.append(time.perf_counter() - started)
                assert not drawn.exception, drawn.exception
        finally:
            await client.close()
        return times

    times = run_apart(taps())
    assert len(times) == len(steps), "the taps failed: see the output above"
    return times


def test_a_45_mb_upload_keeps_to_its_share_and_taps_stay_quick(
    browser: Browser, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    archive = tmp_path / "club.sqlite"
    (session_id,) = prepare_archive(archive, 1)
    temp = tmp_path / "temp"
    temp.mkdir()
    export = tmp_path / "club-export.tgn"
    export.write_bytes(megabytes_of_hands(45))
    season = tmp_path / "club-season.tgn"
    season.write_bytes(repeated_session(MAX_UPLOAD_HANDS))
    steps = match_steps(MATCH.read_text(encoding="utf-8"), 1)
    environment = {
        **os.environ,
        ARCHIVE_ENV: str(archive),
        CACHE_ENV: str(tmp_path / "cache"),
        "TMPDIR": str(temp),
    }
    port = free_port()
    command = streamlit_command(str(archive), port)
    with running_server(command, port, environment, tmp_path / "server.log") as (url, server):
        phone = TapSender(url, session_id, "upload-share-phone")  # the table's one phone
        tap_times(url, session_id, steps[:2], phone)  # the page's first draw, not counted
        quiet = tap_times(url, session_id, steps[2 : 2 + TAPS], phone)
        before_mb = peak_mb(server.pid)
        watch = Watch(server.pid, temp)
        visitor = browser.new_context(viewport=DESKTOP)
        page = visitor.new_page()
        page.goto(url)
        uploader = page.locator('input[type="file"]')
        uploader.set_input_files(str(export))
        refusal = page.get_by_text("club-export.tgn was not read: it holds")
        deadline = time.monotonic() + 300
        while not refusal.count() and time.monotonic() < deadline:
            assert watch.worker_mb <= WORKER_MEMORY_MB + SLACK_MB, watch.worker_mb
            time.sleep(0.5)
        expect(refusal).to_contain_text(f"at most {MAX_UPLOAD_HANDS:,} hands")
        expect(refusal).to_contain_text("thuruppu archive import")

        uploader.set_input_files(str(season))
        page.locator('[data-testid="stProgress"]').wait_for()
        reading_started = time.perf_counter()
        uploader.set_input_files(str(export))  # a second file while the first is read
        expect(page.get_by_text("club-season.tgn is still being read")).to_be_visible()
        busy = tap_times(url, session_id, steps[2 + TAPS : 2 + 2 * TAPS], phone)
        taps_ended = time.perf_counter() - reading_started
        remove = page.locator(".st-key-upload-remove button").first
        remove.wait_for(timeout=300_000)
        read_seconds = time.perf_counter() - reading_started
        assert watch.uploads_mb() > 0
        visitor.close()  # the tab goes
        gone = time.monotonic() + 15
        while watch.uploads_mb() and time.monotonic() < gone:
            time.sleep(0.2)
        left_mb = watch.uploads_mb()
        watch.stop()
        server_mb = peak_mb(server.pid)
    print(
        f"\ntaps: median {statistics.median(quiet):.3f} s without an upload, "
        f"{statistics.median(busy):.3f} s during it (taps over {taps_ended:.1f} s of a "
        f"{read_seconds:.1f} s reading); server {before_mb:.0f} MB -> peak {server_mb:.0f} MB, "
        f"worker peak {watch.worker_mb:.0f} MB, uploads' disk peak {watch.disk_mb:.1f} MB"
    )
    assert watch.worker_mb <= WORKER_MEMORY_MB + SLACK_MB
    assert server_mb - before_mb <= SERVER_GROWTH_MB
    assert watch.disk_mb <= UPLOAD_DISK_MB
    assert left_mb == 0, "the uploads' folders stayed after the tab went"
    assert watch.niceness and set(watch.niceness.values()) == {19}
    assert statistics.median(busy) <= 3 * statistics.median(quiet) + 0.25
