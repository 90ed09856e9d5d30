"""An upload that stalls nobody: another visitor's Sessions and Record pages while the largest
upload is read, and the server's memory before, during and after it.

The dashboard serves the bundled sessions; one browser uploads the TGN.md §8 hand repeated
``MAX_UPLOAD_HANDS`` times (the largest upload a server reads: ``BENCH_UPLOAD_HANDS`` sets
another count, and a file over it is refused, so the bench then waits in vain) on the Sessions
page, and meanwhile another browser opens Sessions
and Record afresh five times each (``bench_dashboard.first_load``: a new context, from the
navigation's start to the page drawn with its script finished). Printed: each page's median
without the upload and during it (the aim: within 25%), and the server process's resident memory
(``/proc``, the server alone, not the worker reading the upload) before the upload, once the
upload is read, and 30 s after it is removed (the aim: back within 100 MB of before).
"""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.bench_cli import repeated_example
from benchmarks.bench_dashboard import (
    SAMPLES,
    SERVER_START_SECONDS,
    TIMEOUT_MS,
    Screen,
    first_load,
    screens,
)
from dashboard.server.launch import streamlit_command
from dashboard.server.replay_store import CACHE_ENV
from dashboard.server.upload_worker import MAX_UPLOAD_HANDS
from recorder.archive import ARCHIVE_ENV
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, free_port, running_server

HANDS = int(os.environ.get("BENCH_UPLOAD_HANDS", str(MAX_UPLOAD_HANDS)))
LOADS = 5
WATCHED = ("Sessions", "Record")
"""The other visitor's pages."""
SETTLE_SECONDS = 30
READ_TIMEOUT_SECONDS = 1800


def resident_mb(pid: int) -> float:
    """A process's resident memory in MB (``VmRSS``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def medians(browser: object, url: str, pages: list[Screen]) -> dict[str, float]:
    """Each page's median first load (seconds) over ``LOADS`` loads, the pages taken in turn."""
    times: dict[str, list[float]] = {page.name: [] for page in pages}
    for _ in range(LOADS):
        for page in pages:
            times[page.name].append(first_load(browser, url, page)[0])
    return {name: statistics.median(values) for name, values in times.items()}


def main() -> None:
    """Print the pages' medians without and during the upload, and the server's memory."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        (folder / "data").mkdir()
        for sample in SAMPLES:
            shutil.copy(sample, folder / "data" / sample.name)
        archive = folder / "archive-export.tgn"
        archive.write_text(repeated_example(HANDS), encoding="utf-8")
        megabytes = archive.stat().st_size / 1_000_000
        print(f"   upload: {HANDS:,} hands, {megabytes:.1f} MB", flush=True)
        port = free_port()
        environment = {
            **os.environ,
            ARCHIVE_ENV: str(folder / "club.sqlite"),
            CACHE_ENV: str(folder / "cache"),
        }
        command = streamlit_command(str(folder / "data"), port)
        log = folder / "server.log"
        served = running_server(command, port, environment, log, SERVER_START_SECONDS)
        with served as (url, server):
            pages = [
                page for page in screens("club-night-40.tgn") if page.name in ("Sessions", "Record")
            ]
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
                )
                medians(browser, url, pages)  # the pages' first loads ever, not counted
                quiet = medians(browser, url, pages)
                before = resident_mb(server.pid)
                uploader = browser.new_context(viewport=DESKTOP).new_page()
                uploader.goto(url)
                uploader.locator('input[type="file"]').set_input_files(str(archive))
                uploader.locator('[data-testid="stProgress"]').wait_for(timeout=TIMEOUT_MS)
                started = time.perf_counter()
                busy = medians(browser, url, pages)
                still_reading = uploader.locator('[data-testid="stProgress"]').count() > 0
                print_loads(quiet, busy, still_reading)
                remove = uploader.locator(".st-key-upload-remove button").first
                remove.wait_for(timeout=READ_TIMEOUT_SECONDS * 1000)
                read_seconds = time.perf_counter() - started
                with_upload = resident_mb(server.pid)
                remove.click()
                time.sleep(SETTLE_SECONDS)
                after = resident_mb(server.pid)
                browser.close()
    print(f"   upload read in {read_seconds:.0f} s")
    back = after - before
    print(
        f"   server memory: {before:,.0f} MB before, {with_upload:,.0f} MB with the upload read, "
        f"{after:,.0f} MB {SETTLE_SECONDS} s after removing it ({back:+,.0f} MB, "
        f"{'within' if back <= 100 else 'OVER'} 100 MB)"
    )


def print_loads(quiet: dict[str, float], busy: dict[str, float], still_reading: bool) -> None:
    """Each page's median without and during the upload (printed as soon as measured)."""
    for name, seconds in quiet.items():
        ratio = busy[name] / seconds
        verdict = "within" if ratio <= 1.25 else "OVER"
        print(
            f"   {name}, median of {LOADS}: {seconds:.2f} s without the upload, "
            f"{busy[name]:.2f} s during it ({ratio:.2f}x, {verdict} 1.25x)"
            + ("" if still_reading else " (the upload was read before the loads ended)"),
            flush=True,
        )


if __name__ == "__main__":
    main()
