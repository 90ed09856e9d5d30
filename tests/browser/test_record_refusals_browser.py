"""On a phone, a refusal of the Record page appears next to the control that caused it, in view:
a bad set-up under the Start button, a typed card already played under the typed turn."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PHONE, screenshot
from tests.browser.test_record_browser import (  # noqa: F401  (recorder: the fixture)
    WAIT_MS,
    Recorder,
    click_recorded,
    expected_calls,
    pad,
    recorder,
    set_up_session,
)

pytestmark = pytest.mark.browser


def below_and_in_view(page: Page, control: str, message: str) -> None:
    """The message lies just under the control, and both are in the window once the message is
    brought to the window's middle (as far up as the page lets it: a box still growing when it
    was scrolled to the window's edge could end past it)."""
    error = page.locator(message)
    expect(error).to_be_visible(timeout=WAIT_MS)
    error.evaluate("(box) => box.scrollIntoView({block: 'center'})")
    control_box = page.locator(control).bounding_box()
    error_box = error.bounding_box()
    height = (page.viewport_size or PHONE)["height"]
    assert control_box is not None and error_box is not None
    assert 0 <= error_box["y"] - (control_box["y"] + control_box["height"]) < 200, (
        control_box,
        error_box,
    )
    assert control_box["y"] >= 0 and error_box["y"] + error_box["height"] <= height


def test_a_bad_set_up_and_a_card_already_played_are_refused_beside_their_controls(
    browser: Browser,
    recorder: Recorder,  # noqa: F811
) -> None:
    context = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    page = context.new_page()
    try:
        page.goto(f"{recorder.url}/record")
        start = page.locator(".st-key-rec-start button")
        start.wait_for(timeout=WAIT_MS)
        page.locator(".st-key-rec-name-1 input").fill("Anil")
        page.locator(".st-key-rec-rules input").fill("no-such-rule=yes")
        page.locator(".st-key-rec-rules input").press("Tab")
        start.click()
        below_and_in_view(page, ".st-key-rec-start", '.stAlert:has-text("no-such-rule")')
        screenshot(page, "record-refused-set-up-phone")

        set_up_session(page, recorder.url)
        for _seat, call in expected_calls():
            click_recorded(page, pad(f"call-{call}"))
        click_recorded(page, pad("trump-9H"))
        typed = page.locator(".st-key-rec-typed-text input")
        typed.fill("1:JS")
        typed.press("Enter")
        expect(page.locator(pad("card-JS"))).to_be_disabled(timeout=WAIT_MS)
        expect(typed).to_have_value("", timeout=WAIT_MS)  # recorded: the field is free
        typed.fill("2:JS")
        typed.press("Enter")
        below_and_in_view(
            page, '[data-testid="stForm"]', '.stAlert:has-text("JS is already played")'
        )
        expect(typed).to_have_value("2:JS")  # refused: kept to be mended
        typed.fill("ZS")
        typed.press("Enter")
        expect(page.locator('.stAlert:has-text("ZS")')).to_be_visible(timeout=WAIT_MS)
        expect(typed).to_have_value("ZS")
        screenshot(page, "record-refused-typed-phone")
    finally:
        context.close()
