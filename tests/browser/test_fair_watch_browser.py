"""An open Coaching page in Chromium redraws itself as the fair analyses arrive, never reloaded: the
page opened while Anil's hand is being played shows the hand ended once its last event is
recorded, then its fair analysis once the result is in the replay store; then, waiting for
nothing, it asks the server for nothing more.

The server is worker 2 of several (``THURUPPU_WORKER``): the background is on, run by worker 1,
whose results reach this one through the replay store they share. So no worker process judges the
hand here (minutes of pure Python): the test puts the result where worker 1 would
(``tests.test_fair_watch_app``: the hand's all-hands analysis with no decision sampled)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, WebSocket, expect

from dashboard.server.fair_background import BACKGROUND_ENV
from dashboard.server.public_routes import WORKER_ENV
from dashboard.server.replay_store import CACHE_ENV
from recorder.archive import ARCHIVE_ENV
from tests.browser.conftest import run_dashboard
from tests.browser.test_dashboard_browser import open_page, settle
from tests.test_fair_watch_app import PLAYER, recorded

pytestmark = pytest.mark.browser

REDRAWN_MS = 30_000
"""The most the page may take to redraw itself: its fragment looks every 2 s, a busy machine."""
QUIET_MS = 5_000
"""Longer than two of the fragment's looks."""


def count_sent(page: Page, sent: list[int]) -> None:
    """Count the websocket messages the page sends the server (a rerun asked, of the page or of
    a fragment), in ``sent[0]``."""

    def on_socket(socket: WebSocket) -> None:
        socket.on("framesent", lambda _: sent.__setitem__(0, sent[0] + 1))

    page.on("websocket", on_socket)


def test_an_open_coaching_page_shows_the_fair_analysis_as_it_arrives(
    desktop: Page, tmp_path: Path
) -> None:
    club = recorded(tmp_path, held_back=1)
    environment = {
        **{name: value for name, value in os.environ.items() if name != BACKGROUND_ENV},
        ARCHIVE_ENV: club.archive.location,
        CACHE_ENV: str(tmp_path / "cache"),
        WORKER_ENV: "2",
    }
    sent = [0]
    count_sent(desktop, sent)
    with run_dashboard(Path(club.archive.location), environment, tmp_path / "server.log") as url:
        open_page(desktop, url, f"coaching?player={PLAYER}", "h1")
        section = desktop.locator(".st-key-fair-section")
        expect(section).to_contain_text("1 hand(s) being played")
        desktop.evaluate("window.notReloaded = true")

        club.end_the_hand()
        waiting = "1 hand(s) waiting for the server's own fair analysis"  # worker 1's, not asked
        expect(section).to_contain_text(waiting, timeout=REDRAWN_MS)
        expect(section.get_by_role("button", name=re.compile("^Fair analysis"))).to_have_count(0)
        expect(section).not_to_contain_text("being played")
        before = sent[0]
        desktop.wait_for_timeout(QUIET_MS)
        assert sent[0] > before  # waiting: the fragment looks

        club.store.put_result(club.key(), club.result())
        expect(section.get_by_text("Find the better card")).to_be_visible(timeout=REDRAWN_MS)
        assert desktop.evaluate("window.notReloaded") is True
        settle(desktop)  # the page's own run, finished
        before = sent[0]
        desktop.wait_for_timeout(QUIET_MS)
        assert sent[0] == before  # waiting for nothing: no fragment looks
