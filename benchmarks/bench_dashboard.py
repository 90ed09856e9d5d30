"""What a dashboard user waits for: every page's first load in a fresh browser tab, moving from
page to page, on the bundled data and on 2,000 hands, and again after the server restarts.

Each first load opens the page in a new Chromium context (an empty cache, as a new visitor has) and
takes, in the page, the time from the navigation's start to the frame that paints what the page
shows in view, charts included, with its script finished (on a chart page, also when its chart in
view is interactive, taken over by plotly.js); the browser itself is started before (a visitor's
browser is running already), and the server counts as up when it answers, which it does once warmed
(``dashboard.server.warm``). Page to page clicks the navigation bar in one tab. The 2,000 hands are
copies of the sample sessions in ``data/``; the server keeps its replay cache in a temporary folder,
so the first start replays everything and the restart reads the cache. Also printed: the loading
alone (read, replay, score without the app) in processor seconds, each page's script alone in
processor seconds (the server's share of a load), a bare Streamlit page's first load (the floor
under every page, no app code) and the machine's load average, since a busy machine's figures are
not a quiet one's. Run with ``python -m benchmarks bench_dashboard`` (or ``make bench``). Aims:
every page under 2 s in a fresh tab on the bundled data, under 1.5 s on 2,000 hands (also after a
restart), under 1 s from page to page.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from dashboard.library import discover, load, load_file
from dashboard.server.launch import APP, streamlit_command
from dashboard.server.replay_store import CACHE_ENV, ReplayStore
from dashboard.state import DATA_ENVIRONMENT
from recorder.archive import ARCHIVE_ENV
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, free_port, running_server

HANDS = 2_000
REPEAT = 2
TIMEOUT_MS = 120_000
SERVER_START_SECONDS = 600
"""How long a server may take to answer: a first start on the 2,000 hands replays them all."""
REPOSITORY = Path(__file__).resolve().parent.parent
SAMPLES = sorted((REPOSITORY / "data").glob("*.tgn"))
IDLE = (
    '[data-testid="stApp"][data-test-script-state="notRunning"]'
    '[data-test-connection-state="CONNECTED"]'
)


@dataclass(frozen=True)
class Screen:
    """A page of the dashboard: its name in the navigation, its address, what shows it drawn and,
    on a page with charts, what shows its chart in view taken over by plotly.js (interactive)."""

    name: str
    path: str
    ready: str
    """A CSS selector of what shows the page drawn."""
    text: str = ""
    """Text that element holds, when the selector alone does not tell."""
    interactive: str | None = None


def screens(club: str) -> list[Screen]:
    """Every page, opened on the club night session ``club`` where a page shows one session. A
    page counts as drawn when what is in view is drawn, charts included (drawn by plotly.js,
    ``dashboard/charts/chart.js``); the time it is interactive is printed beside. Players waits for
    its first chart, the one in view at 1280x800."""
    chart = ".thuruppu-chart svg"
    return [
        Screen("Sessions", "", "h3", "Upload a session"),
        Screen("Replay", f"replay?session={club}&hand=1&step=8", ".tp-wrap"),
        Screen("Scores", f"scores?session={club}", chart, interactive=".js-plotly-plot"),
        Screen(
            "Players",
            "players",
            f".st-key-players-success {chart}",
            interactive=".st-key-players-success .js-plotly-plot",
        ),
        Screen("Coaching", "coaching", "h1", "Coaching"),
        Screen("Record", "record", '[data-testid="stMainBlockContainer"] h2, h3'),
    ]


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


BARE_APP = 'import streamlit as st\nst.title("A bare page")\nst.write("Streamlit alone.")\n'
BARE_SERVER = (
    "import sys; from dashboard.server.warm import send_at_once; send_at_once(); "
    "from streamlit.web.cli import main; sys.argv = ['streamlit', *sys.argv[1:]]; "
    "main(prog_name='streamlit')"
)
"""A bare page and its server: Streamlit as the dashboard's server runs it (same options, same
sockets), with nothing of the app, so that its load is the floor under every page's."""


def bare_command(app: Path, port: int) -> list[str]:
    """The command serving the bare page ``app`` on ``port`` with the dashboard's options."""
    command = streamlit_command(".", port)
    options = command[command.index(str(APP)) + 1 : command.index("--")]
    return [sys.executable, "-c", BARE_SERVER, "run", str(app), *options]


@contextmanager
def server(data: Path, cache: Path, log: Path, bare: bool = False) -> Iterator[tuple[str, float]]:
    """The dashboard served on ``data`` with its replay cache in ``cache`` (or, when ``bare``,
    the bare page ``data``); gives its address and the seconds until it answered."""
    port = free_port()
    environment = {
        **os.environ,
        ARCHIVE_ENV: str(cache / "no-archive.sqlite"),
        CACHE_ENV: str(cache),
    }
    command = bare_command(data, port) if bare else streamlit_command(str(data), port)
    started = time.perf_counter()
    with running_server(command, port, environment, log, SERVER_START_SECONDS) as (url, _):
        yield url, time.perf_counter() - started


WATCH = """([ready, text, idle, interactive]) => {
    const drawn = () => document.querySelector(idle) &&
        [...document.querySelectorAll(ready)].some((node) => node.textContent.includes(text));
    const stamp = (name) => requestAnimationFrame((now) => { window[name] = now; });
    const watch = new MutationObserver(() => {
        if (window.thuruppuDrawn === undefined && drawn()) {
            window.thuruppuDrawn = true;
            stamp('thuruppuDrawnAt');
        }
        if (interactive && window.thuruppuInteractive === undefined &&
            document.querySelector(interactive)) {
            window.thuruppuInteractive = true;
            stamp('thuruppuInteractiveAt');
        }
    });
    watch.observe(document, {subtree: true, childList: true, attributes: true});
}"""
"""Run in a page before its own scripts: the times (ms since the navigation started) of the frames
that first paint the page drawn with its script finished, and its chart in view interactive,
taken in the page itself, so that neither waits for whatever the page runs next (plotly.js
taking a chart over) as a check from outside the page would."""


def drawn(page: object, screen: Screen) -> None:
    """Wait until the page shows its content and its script has finished."""
    shows = page.locator(screen.ready).filter(has_text=screen.text)  # type: ignore[attr-defined]
    shows.first.wait_for(timeout=TIMEOUT_MS)
    page.locator(IDLE).wait_for(timeout=TIMEOUT_MS)  # type: ignore[attr-defined]


def first_load(browser: object, url: str, screen: Screen) -> tuple[float, float | None]:
    """Seconds from opening the page in a fresh context (empty cache) until it is drawn, and
    until its chart in view is interactive (``None`` on a page without charts)."""
    context = browser.new_context(viewport=DESKTOP)  # type: ignore[attr-defined]
    page = context.new_page()
    watched = [screen.ready, screen.text, IDLE, screen.interactive]
    page.add_init_script(f"({WATCH})({json.dumps(watched)})")
    page.goto(f"{url}/{screen.path}")
    drawn(page, screen)
    stamps = ["thuruppuDrawnAt"] + (["thuruppuInteractiveAt"] if screen.interactive else [])
    for stamp in stamps:
        page.wait_for_function(f"() => window.{stamp} !== undefined", timeout=TIMEOUT_MS)
    elapsed, *interactive = (page.evaluate(f"window.{stamp}") / 1000 for stamp in stamps)
    context.close()
    return elapsed, interactive[0] if interactive else None


def page_to_page(browser: object, url: str, pages: list[Screen]) -> dict[str, float]:
    """Seconds from a click on each page's name in the navigation bar until it is drawn."""
    context = browser.new_context(viewport=DESKTOP)  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(f"{url}/{pages[0].path}")
    drawn(page, pages[0])
    times = {}
    for screen in [*pages[1:], pages[0]]:
        link = page.locator('[data-testid="stTopNavLink"]').filter(has_text=screen.name).first
        started = time.perf_counter()
        link.click()
        page.wait_for_url(f"{url}/{screen.path.split('?')[0]}*", timeout=TIMEOUT_MS)
        drawn(page, screen)
        times[screen.name] = time.perf_counter() - started
    context.close()
    return times


def report(
    browser: object,
    url: str,
    pages: list[Screen],
    title: str,
    repeat: int,
    floor: float | None = None,
) -> float:
    """Print every page's first load (the first visit, then the median of ``repeat`` more) and,
    given the floor (the bare page's median), the page's own share beyond it: steadier than the
    whole time on a shared machine whose speed changes. Gives the last page's median."""
    print(f"   {title}")
    again = 0.0
    for screen in pages:
        first, first_interactive = first_load(browser, url, screen)
        later = [first_load(browser, url, screen) for _ in range(repeat)]
        again = statistics.median(drawn for drawn, _ in later)
        share = "" if floor is None else f" ({again - floor:+.2f} s beyond the floor)"
        if first_interactive is not None:
            interactive = statistics.median(ready or 0.0 for _, ready in later)
            share += f"; chart interactive {first_interactive:.2f} / {interactive:.2f} s"
        print(
            f"     {screen.name:<9} first tab {first:6.2f} s, fresh tabs after it {again:6.2f} s"
            + share
        )
    return again


def loading_seconds(folder: Path, store: ReplayStore | None = None) -> float:
    """Processor seconds to load every file of ``folder`` without the app (the best of three
    runs): read, replay and score them without a store, or list them from a filled one (what a
    restarted server does for its first page)."""
    paths = discover(folder)
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        for path in paths:
            load_file(folder, path, store)
        best = min(best, time.process_time() - started)
    return best


def script_seconds(folder: Path, cache: Path) -> tuple[float, dict[str, float]]:
    """Processor seconds of a fresh server's warm-up (``dashboard.state.warm``), then of each
    page's script run after it (Streamlit's AppTest, its memory caches emptied first, the replay
    store in ``cache``): the server's share of a first load, steadier than the browser's on a busy
    machine."""
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    from dashboard.server.warm import warm

    app_path = str(REPOSITORY / "dashboard" / "app.py")
    os.environ.update({DATA_ENVIRONMENT: str(folder), CACHE_ENV: str(cache)})
    os.environ[ARCHIVE_ENV] = str(cache / "no-archive.sqlite")
    st.cache_resource.clear()
    started = time.process_time()
    warm(app_path, [])
    warming = time.process_time() - started
    app = AppTest.from_file(app_path, default_timeout=600)
    started = time.process_time()
    app.run()
    times = {"Sessions": time.process_time() - started}
    for name in ("replay", "scores", "players", "coaching", "record"):
        started = time.process_time()
        app.switch_page(f"screens/{name}.py").run()
        times[name.title()] = time.process_time() - started
    return warming, times


def print_scripts(title: str, folder: Path, cache: Path) -> None:
    """Print the warm-up's and each page script's processor seconds."""
    warming, times = script_seconds(folder, cache)
    pages = ", ".join(f"{name} {seconds:.2f} s" for name, seconds in times.items())
    print(f"   {title}: warm-up {warming:.2f} s CPU, then each page's script: {pages}")


def load_average() -> str:
    """The machine's load average over 1, 5 and 15 minutes (how busy it was while measured)."""
    return " ".join(f"{load:.2f}" for load in os.getloadavg())


def main() -> None:
    if not CHROMIUM.exists():
        print("   skipped: Debian's chromium is not installed")
        return
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as temporary, sync_playwright() as playwright:
        root = Path(temporary)
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        browser.new_context().new_page().goto("about:blank")  # the browser is up before any page
        print(f"   load average at the start: {load_average()}")
        log = root / "dashboard.log"
        bare = root / "bare.py"
        bare.write_text(BARE_APP, encoding="utf-8")
        with server(bare, root / "cache-bare", log, bare=True) as (url, _):
            floor = [Screen("Bare page", "", "h1", "A bare page")]
            title = "Streamlit alone (the floor under every page)"
            floor_seconds = report(browser, url, floor, title, REPEAT)
        bundled = screens("club-night-40.tgn")
        with server(REPOSITORY / "data", root / "cache-bundled", log) as (url, up):
            print(f"   bundled data: server up in {up:.2f} s")
            title = "bundled data, fresh browser context per load"
            report(browser, url, bundled, title, REPEAT, floor_seconds)
            moves = page_to_page(browser, url, bundled)
            print("   bundled data, page to page in one tab (click in the navigation bar):")
            print("     " + ", ".join(f"{name} {s:.2f} s" for name, s in moves.items()))

        folder = root / "hands"
        folder.mkdir()
        files, hands = fill(folder)
        club = next(path.name for path in sorted(folder.glob("*club-night*")))
        large = screens(club)
        cache = root / "cache-large"
        for start in ("first start (nothing cached)", "after a restart (replays cached)"):
            with server(folder, cache, log) as (url, up):
                print(f"   {hands} hands in {files} files, {start}: server up in {up:.2f} s")
                title = "fresh browser context per load"
                report(browser, url, large, title, REPEAT, floor_seconds)
        with server(folder, cache, log) as (url, _):
            moves = page_to_page(browser, url, large)
            print(f"   {hands} hands, page to page in one tab:")
            print("     " + ", ".join(f"{name} {s:.2f} s" for name, s in moves.items()))
        browser.close()
        print(f"   load average after the browser: {load_average()}")
        seconds = loading_seconds(folder)
        print(
            f"   reading, replaying and scoring {hands} hands alone (no app): {seconds:.2f} s CPU"
        )
        print_scripts("bundled data, server's share", REPOSITORY / "data", root / "cache-scripts")
        for start in ("first start", "after a restart"):
            print_scripts(f"{hands} hands, {start}", folder, root / "cache-scripts-large")
