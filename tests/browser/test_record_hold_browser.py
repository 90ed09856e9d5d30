"""The Record page in a real headless Chromium: a 29 duel (``auction=hold``) shows the Hold button
to the earlier of the pair only, and pressing it records the equal bid."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from dashboard.recording.tricks.setup import SessionSetup
from recorder.archive import HandStarted, open_archive
from tests.browser.conftest import screenshot
from tests.browser.test_record_browser import (
    WAIT_MS,
    Recorder,
    click_recorded,
    expect_seat,
    pad,
    recorder,
)

pytestmark = pytest.mark.browser

__all__ = ["recorder"]

HOLD_BUTTON = '[data-tap^="call-"]:has-text("Hold")'
"""The tap pad's hold offer: a call button (its token the equal bid's) saying "Hold 17"."""


def open_duel(page: Page, server: Recorder) -> int:
    """A 29 session under ``auction=hold`` (dealer seat 4) opened on the Record page."""
    setup = SessionSetup(
        "29", ("Anil", "Biju", "Chitra", "Dev"), ("Red", "Blue"), 4, "auction=hold"
    )
    archive = open_archive(server.archive)
    session = archive.create_session(setup.tags())
    archive.append(session, HandStarted.numbered(1, dealer=4))
    page.goto(f"{server.url}/record?session={session}")
    expect(page.locator('.rec-status[data-phase="calling"]')).to_have_count(1, timeout=WAIT_MS)
    return session


def call(page: Page, seat: int, token: str) -> None:
    """The call ``token`` tapped on the pad for ``seat``, the seat the pad shows chosen."""
    expect_seat(page, seat)
    click_recorded(page, pad(f"call-{token}"))


def test_the_hold_button_comes_and_goes_with_the_holders_turn(
    desktop: Page, recorder: Recorder
) -> None:
    session = open_duel(desktop, recorder)
    expect(desktop.locator(HOLD_BUTTON)).to_have_count(0)
    call(desktop, 1, "16")
    expect(desktop.locator(HOLD_BUTTON)).to_have_count(0)
    call(desktop, 2, "17")
    expect_seat(desktop, 1)
    expect(desktop.locator(HOLD_BUTTON)).to_have_text("Hold 17", timeout=WAIT_MS)
    expect(desktop.locator(HOLD_BUTTON)).to_have_attribute("data-tap", "call-17")
    screenshot(desktop, "record-hold")
    click_recorded(desktop, HOLD_BUTTON)
    expect_seat(desktop, 2)
    expect(desktop.locator(HOLD_BUTTON)).to_have_count(0)
    for seat in (2, 3, 4):
        call(desktop, seat, "pass")
    expect(desktop.locator('.rec-status[data-phase="trump"]')).to_have_attribute(
        "data-seat", "1", timeout=WAIT_MS
    )
    exported = open_archive(recorder.archive).export_tgn(session)
    assert "bid 1:16 2:17 1:17 2:pass 3:pass 4:pass\n" in exported
