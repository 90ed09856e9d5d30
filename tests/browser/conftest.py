"""Browser-test fixtures: the dashboard served on a free port, and Debian's headless Chromium.

The server runs the same command as ``thuruppu dashboard`` on a folder of fixture sessions; the
browser is Playwright's Chromium driver pointed at ``/usr/bin/chromium`` (never a downloaded one),
installed by ``scripts/test-deps.sh`` when missing. Screenshots go to ``test-output/screenshots``.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from dashboard.server.launch import streamlit_command
from recorder.archive import ARCHIVE_ENV

REPOSITORY = Path(__file__).resolve().parents[2]
SESSIONS = Path(__file__).resolve().parent / "sessions"
SCREENSHOTS = REPOSITORY / "test-output" / "screenshots"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
STARTUP_SECONDS = 60


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_healthy(
    url: str,
    process: subprocess.Popen[bytes],
    log: Path | None = None,
    seconds: float = STARTUP_SECONDS,
) -> None:
    """Poll Streamlit's health endpoint until it answers ``ok``; fail if the server dies first or
    has not answered within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            output = log.read_text(errors="replace") if log and log.exists() else ""
            pytest.fail(f"the dashboard exited with {process.returncode}:\n{output}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                if answer.read().strip() == b"ok":
                    return
        except OSError:
            time.sleep(0.1)
    pytest.fail(f"the dashboard did not answer within {seconds} s")


@contextmanager
def running_server(
    command: list[str],
    port: int,
    environment: dict[str, str] | None = None,
    log: Path | None = None,
    startup_seconds: float = STARTUP_SECONDS,
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Run a dashboard server ``command`` listening on ``port`` from the repository, with
    ``environment`` (else this process's) and its output appended to ``log`` (else dropped); give
    its address and process once it answers. The server stops on leaving, killed if it lingers."""
    with log.open("ab") if log else nullcontext(subprocess.DEVNULL) as output:
        process = subprocess.Popen(
            command, cwd=REPOSITORY, env=environment, stdout=output, stderr=subprocess.STDOUT
        )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_healthy(url, process, log, startup_seconds)
        yield url, process
    finally:
        stop_server(process)


def stop_server(process: subprocess.Popen[bytes]) -> None:
    """Ask a server to stop, and kill it if it has not within 10 s."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextmanager
def run_dashboard(
    target: Path, environment: dict[str, str], log: Path, keys: bool = False
) -> Iterator[str]:
    """Start ``thuruppu dashboard``'s server on ``target`` (a folder or an archive) at a free port,
    its output in ``log``, and give its address once it answers; the server stops on leaving.
    With ``keys`` every write needs a key (as ``thuruppu dashboard`` runs it)."""
    port = free_port()
    command = streamlit_command(str(target), port, keys=keys)
    with running_server(command, port, environment, log) as (url, _):
        yield url


@contextmanager
def serve_dashboard(sessions: Path, data: Path) -> Iterator[str]:
    """Serve a copy of the ``.tgn`` files of ``sessions`` (in ``data``, with no archive) and give
    the dashboard's address; the server stops on leaving."""
    for source in sessions.glob("*.tgn"):
        shutil.copy(source, data / source.name)
    no_archive = {**os.environ, ARCHIVE_ENV: str(data / "no-archive.sqlite")}
    with run_dashboard(data, no_archive, data.parent / f"{data.name}-dashboard.log") as url:
        yield url


@pytest.fixture(scope="session")
def dashboard_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder the shared dashboard serves."""
    return tmp_path_factory.mktemp("sessions")


@pytest.fixture(scope="session")
def dashboard_url(dashboard_folder: Path) -> Iterator[str]:
    """The address of a dashboard serving a copy of the fixture sessions (and no archive)."""
    with serve_dashboard(SESSIONS, dashboard_folder) as url:
        yield url


def ensure_chromium() -> Path:
    """Debian's Chromium, installed by the test setup when missing; skips when it cannot be."""
    if not CHROMIUM.exists():
        subprocess.run(["bash", str(REPOSITORY / "scripts" / "test-deps.sh")], check=False)
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed and could not be installed")
    return CHROMIUM


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """A headless Chromium driven by Playwright's sync API."""
    executable = ensure_chromium()
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(executable), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="session")
def contexts(browser: Browser) -> Iterator[dict[str, BrowserContext]]:
    """One browser context per screen size, so that pages share the cache of scripts."""
    made = {
        "desktop": browser.new_context(viewport=DESKTOP),  # type: ignore[arg-type]
        "phone": browser.new_context(viewport=PHONE),  # type: ignore[arg-type]
    }
    try:
        yield made
    finally:
        for context in made.values():
            context.close()


@pytest.fixture
def desktop(contexts: dict[str, BrowserContext]) -> Iterator[Page]:
    """A new tab of 1280×800."""
    page = contexts["desktop"].new_page()
    try:
        yield page
    finally:
        page.close()


@pytest.fixture(params=["desktop", "phone"])
def screen(contexts: dict[str, BrowserContext], request: pytest.FixtureRequest) -> Iterator[Page]:
    """A new tab at each of the two screen sizes the dashboard must be readable on."""
    page = contexts[request.param].new_page()
    try:
        yield page
    finally:
        page.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    """A phone of its own: a 390 px browser context, its storage empty."""
    context = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    try:
        yield context
    finally:
        context.close()


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def fresh_screen(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A tab in a browser context of its own (no cookies or cache shared, downloads accepted) at
    each of the two screen sizes: a visit that starts from nothing, as a scorer's first does."""
    context = browser.new_context(viewport=request.param, accept_downloads=True)
    try:
        yield context.new_page()
    finally:
        context.close()


def screenshot(page: Page, name: str, selector: str | None = None) -> Path:
    """Save what the screen shows (or one element of it) under ``test-output/screenshots``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    width = page.viewport_size["width"] if page.viewport_size else 0
    path = SCREENSHOTS / f"{name}-{width}.png"
    if selector is None:
        page.screenshot(path=str(path))
    else:
        page.locator(selector).first.screenshot(path=str(path))
    return path
