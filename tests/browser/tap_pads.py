"""What the tap pads' browser tests share (a trick game's, ``test_tap_queue_browser``, and a Rummy
table's, ``test_rummy_tap_queue_browser``): the pad opened on a session of the test's own server
(``tap_server``) in a phone of its own (``phone``), the archive polled until it holds what the
taps stand for, and what the pad keeps and shows.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.tap_client import TapServer

WAIT_MS = 30_000
BACK_ONLINE_SECONDS = 2.0
"""The issue's figure: the taps kept on the phone are stored within 2 s of its being back online."""
QUEUE = '[data-tap="queue"]'
TAPS = "**/_tap"
"""The pad's requests: also refused while offline in the reload tests, since in a first try two of
three taps reached the server through Chromium's offline switch while the page was reloaded."""


STOP_TIMERS = """() => {
  const last = setTimeout(() => {}, 0);
  for (let id = 0; id <= last; id += 1) { clearTimeout(id); clearInterval(id); }
}"""
"""Clears every timer of the page: the pad's resending of its queue among them."""


def reload_offline(page: Page) -> None:
    """Reload the pad's page while offline (the load fails), with no request of the page being
    unloaded left to go: a resend the pad started as the reload began reached the server once in
    a full run through both the offline switch and the route (Playwright lets a request of a
    document being unloaded through). So the pad's timers are cleared, a send already under way
    is given time to fail (and to schedule its retry), and the timers are cleared again."""
    page.evaluate(STOP_TIMERS)
    page.wait_for_timeout(500)
    page.evaluate(STOP_TIMERS)
    with pytest.raises(Exception, match="ERR_INTERNET_DISCONNECTED"):
        page.reload(timeout=WAIT_MS)


def record_url(server: TapServer, session: int) -> str:
    """The session's Record page on ``server``."""
    return f"http://127.0.0.1:{server.port}/record?session={session}"


def open_pad(phone: BrowserContext, server: TapServer, session: int, ready: str) -> Page:
    """A new tab of ``phone`` on the session's Record page, once its pad shows the button
    ``ready``."""
    page = phone.new_page()
    page.goto(record_url(server, session))
    expect(page.locator(f'[data-tap="{ready}"]')).to_be_visible(timeout=WAIT_MS)
    return page


def wait_until_stored(
    stored: Callable[[], int], count: int, what: str, seconds: float, page: Page | None = None
) -> float:
    """Poll ``stored`` (how many of ``what`` the archive holds) until it gives ``count``; the
    seconds it took (fails after ``seconds``). With ``page``, wait in it, so that the test's
    request handlers run."""
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        if stored() >= count:
            return time.monotonic() - started
        if page is None:
            time.sleep(0.05)
        else:
            page.wait_for_timeout(50)
    pytest.fail(f"{stored()} of {count} {what} stored after {seconds} s")


def device_of(page: Page) -> str:
    """This phone's id, as the pad keeps it."""
    kept: str = json.loads(page.evaluate("localStorage.getItem('thuruppu-device')"))
    return kept


def button_sizes(page: Page) -> list[dict[str, Any]]:
    """Every pad button shown: its data-tap and its size in CSS pixels."""
    sizes: list[dict[str, Any]] = page.locator("button[data-tap]").evaluate_all(
        "(buttons) => buttons.filter((b) => b.offsetParent !== null).map((b) => {"
        " const r = b.getBoundingClientRect();"
        " return {tap: b.dataset.tap, width: r.width, height: r.height}; })"
    )
    return sizes
