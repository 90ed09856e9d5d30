"""The dashboard with 2,000 hands loaded: the Sessions page, cold and warm, one replay step, and
the loading alone (read, replay, score without the app) in processor seconds, steadier on a busy
machine.

The sample sessions in ``data/`` (40, 28, 29 and the TGN example) are copied into a temporary
folder until it holds 2,000 hands, then the app runs headless under Streamlit's AppTest. Run with
``python -m benchmarks bench_dashboard`` (or ``make bench``); aims: under 2 s and under 150 ms.
"""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import streamlit as st
from streamlit.testing.v1 import AppTest

from dashboard.library import discover, load, load_file
from dashboard.state import DATA_ENVIRONMENT
from recorder.archive import ARCHIVE_ENV

HANDS = 2_000
STEPS = 20
REPOSITORY = Path(__file__).resolve().parent.parent
APP = REPOSITORY / "dashboard" / "app.py"
SAMPLES = sorted((REPOSITORY / "data").glob("*.tgn"))


def fill(folder: Path, hands: int = HANDS) -> tuple[int, int]:
    """Copy the samples into ``folder`` until it holds ``hands`` hands; gives (files, hands)."""
    counts = {path: load(path.name, path.name, path.read_bytes()).hands for path in SAMPLES}
    files = total = 0
    while total < hands:
        for path, count in counts.items():
            if total >= hands:
                break
            shutil.copy(path, folder / f"{files:04d}-{path.name}")
            files += 1
            total += count
    return files, total


def timed_run(app: AppTest) -> float:
    """Seconds one run of the app's script takes."""
    started = time.perf_counter()
    app.run()
    elapsed = time.perf_counter() - started
    if app.exception:
        raise RuntimeError(app.exception[0].value)
    return elapsed


def loading_seconds(folder: Path, repeat: int = 3) -> float:
    """Processor seconds to read, replay and score every file of ``folder`` without the app (the
    best of a few runs): the part of the first load the project's own code spends."""
    paths = discover(folder)
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        for path in paths:
            load_file(folder, path)
        best = min(best, time.process_time() - started)
    return best


def main() -> None:
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        files, hands = fill(folder)
        os.environ[DATA_ENVIRONMENT] = str(folder)
        os.environ[ARCHIVE_ENV] = str(folder / "no-archive.sqlite")
        print(f"   {hands} hands in {files} files")

        st.cache_resource.clear()
        app = AppTest.from_file(str(APP), default_timeout=600)
        cold = timed_run(app)
        warm = statistics.median(timed_run(app) for _ in range(5))
        print(f"   Sessions page, first load (read, replay, score): {cold:8.3f} s")
        print(f"   Sessions page, loaded again:                    {warm:8.3f} s   (aim < 2 s)")

        club = next(path.name for path in sorted(folder.glob("*club-night*")))
        app.query_params.update({"session": club, "hand": "1", "step": "0"})
        app.switch_page("screens/replay.py")
        opened = timed_run(app)
        times = []
        for _ in range(STEPS):
            app.button(key="step-next-card").click()
            times.append(timed_run(app))
        step = statistics.median(times)
        print(f"   Replay page, opening a hand:                    {opened * 1000:8.1f} ms")
        print(
            f"   Replay page, one step (median of {STEPS}):            {step * 1000:8.1f} ms"
            "   (aim < 150 ms)"
        )
        seconds = loading_seconds(folder)
        print(f"   Reading, replaying and scoring alone (no app):  {seconds:8.3f} s of CPU")
