"""A toggled ``ask`` survives a reload of the Record page in Chromium, at both sizes: the toggle
is kept in the archive's log the moment it is tapped, the reloaded page shows it pressed, and the
card tapped next carries it into the export."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import screenshot
from tests.browser.test_record_browser import (  # noqa: F401  (recorder: the fixture)
    WAIT_MS,
    Recorder,
    click_recorded,
    events_shown,
    exported,
    record_calls,
    recorder,
    set_up_session,
    wait_for_events,
)

pytestmark = pytest.mark.browser

PRESSED = '.st-key-rec-actions button[aria-pressed="true"]'


def test_a_toggled_ask_is_pressed_after_a_reload_and_goes_with_the_card(
    fresh_screen: Page,
    recorder: Recorder,  # noqa: F811
) -> None:
    page = fresh_screen
    set_up_session(page, recorder.url)
    record_calls(page)
    click_recorded(page, ".st-key-rec-trump-9H button")
    before = events_shown(page)
    page.locator(".st-key-rec-actions").get_by_role("button", name="ask", exact=True).click()
    wait_for_events(page, before + 1)
    page.reload()
    wait_for_events(page, before + 1)
    expect(page.locator(PRESSED)).to_have_text("ask", timeout=WAIT_MS)
    page.locator(".st-key-rec-actions").scroll_into_view_if_needed()
    screenshot(page, "record-ask-after-reload")
    click_recorded(page, ".st-key-rec-grid-JS button")
    expect(page.locator(PRESSED)).to_have_count(0, timeout=WAIT_MS)
    assert "1:ask JS" in exported(page)
