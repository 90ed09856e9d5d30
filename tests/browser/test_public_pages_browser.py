"""A room's page (``/public/session/ID``, ``/public/standings``) in a real headless Chromium on a
served SQLite archive: it follows a table's taps by itself (the event stream, then the page read
again and put in place), never shows the face-down card, needs no key, and draws its text in the
shipped faces, loaded from the dashboard."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from recorder.archive import ARCHIVE_ENV, open_archive
from tests.browser.conftest import run_dashboard
from tests.test_public_routes import EVENTS, HIDDEN, IN_PLAY, live_session

pytestmark = pytest.mark.browser

FOLLOWS_MS = 8000
"""The archive's positions read every second, a page built every second, read again 1 s after a
notice: well within this."""


def test_a_public_page_follows_the_taps_without_a_key(desktop: Page, tmp_path: Path) -> None:
    location = tmp_path / "day.sqlite"
    session = live_session(str(location))
    environment = {**os.environ, ARCHIVE_ENV: str(location)}
    with run_dashboard(location, environment, tmp_path / "server.log", keys=True) as url:
        desktop.goto(f"{url}/public/session/{session}")
        position = desktop.locator(".position")
        expect(position).to_have_attribute("data-position", str(IN_PLAY))
        archive = open_archive(str(location))
        archive.append(session, EVENTS[IN_PLAY])  # the second trick's fifth card
        expect(position).to_have_attribute("data-position", str(IN_PLAY + 1), timeout=FOLLOWS_MS)
        shown = desktop.locator("pre").inner_text()
        assert [card for card in HIDDEN if card in shown] == []
        archive.append(session, EVENTS[IN_PLAY + 1])  # its last: the asked card is turned up
        expect(position).to_have_attribute("data-position", str(IN_PLAY + 2), timeout=FOLLOWS_MS)
        expect(desktop.locator("pre")).to_contain_text("trump 8C")
        fonts: list[tuple[str, int]] = []
        desktop.on("response", lambda answer: fonts.append((answer.url, answer.status)))
        desktop.goto(f"{url}/public/standings")
        expect(desktop.locator("table.standings").first).to_be_visible()
        expect(desktop.locator("h1")).to_contain_text("standings")
        loaded = desktop.evaluate(LOADED_FACES)
        assert "Noto Sans" in loaded, loaded
        served = [(address, status) for address, status in fonts if ".woff2" in address]
        assert served and all(
            address.startswith(f"{url}/app/static/fonts/") and status == 200
            for address, status in served
        ), served
        desktop.set_viewport_size({"width": 390, "height": 844})  # a family's phone at home
        widths = desktop.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert widths[0] <= widths[1], widths  # a wide table scrolls in itself, not the page


LOADED_FACES = """async () => {
  await document.fonts.ready;
  return [...document.fonts].filter((face) => face.status === 'loaded')
    .map((face) => face.family.replaceAll('"', ''));
}"""
"""The families of the faces the page has loaded, once it has loaded those its text needs."""
