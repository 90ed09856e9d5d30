"""On a phone (and a desktop), a refusal of the Rummy Record page appears next to the control
that caused it, in view, never at the top of the page: a bad set-up under *Start recording*, a
second winner under the pad's outcome buttons (where the pad stops its queue), a count not typed
under *Record count*, an empty pick under the pad's button that records it, a correction that is
not a line under *Correct*."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import screenshot
from tests.browser.test_dashboard_browser import settle
from tests.browser.test_record_browser import (  # noqa: F401  (recorder: the fixture)
    WAIT_MS,
    Recorder,
    click_recorded,
    pad,
    recorder,
)
from tests.browser.test_record_refusals_browser import below_and_in_view
from tests.browser.test_record_rummy_browser import PLAYERS, pad_seat, set_up_table

pytestmark = pytest.mark.browser


def test_every_rummy_refusal_is_shown_beside_its_control(
    fresh_screen: Page,
    recorder: Recorder,  # noqa: F811
) -> None:
    page = fresh_screen
    page.goto(f"{recorder.url}/record")
    page.locator(".st-key-rec-game").get_by_role("radio", name="rummy", exact=True).click()
    start = page.locator(".st-key-rmy-start button")
    start.wait_for(timeout=WAIT_MS)
    page.locator(".st-key-rmy-name-1 input").fill("Anu")  # one name of four
    page.locator(".st-key-rmy-name-1 input").press("Tab")
    start.click()
    below_and_in_view(page, ".st-key-rmy-start", '.stAlert:has-text("every chair needs a player")')
    screenshot(page, "record-rummy-refused-set-up")

    set_up_table(page, recorder.url, PLAYERS)
    click_recorded(page, pad("joker-7H"))
    pad_seat(page, 1)
    click_recorded(page, pad("winner"))
    pad_seat(page, 2)
    page.locator(pad("winner")).click()
    below_and_in_view(
        page, pad("winner"), f'{pad("queue")}:has-text("Anu (1) is already named the winner")'
    )
    screenshot(page, "record-rummy-refused-winner")
    page.locator(pad("go-on")).click()
    expect(page.locator(pad("queue"))).not_to_contain_text("refused", timeout=WAIT_MS)

    pad_seat(page, 3)
    page.locator(pad("count")).click()
    below_and_in_view(
        page, pad("count"), f'{pad("count-problem")}:has-text("type the count first")'
    )
    screenshot(page, "record-rummy-refused-count")

    page.locator(".st-key-rmy-pick-declare button").click()
    record = page.locator(pad("pick"))
    record.wait_for(timeout=WAIT_MS)
    record.click()
    below_and_in_view(page, pad("pick"), f'{pad("pick-problem")}:has-text("pick the cards first")')
    screenshot(page, "record-rummy-refused-pick")
    page.locator(".st-key-rmy-pick-cancel button").click()
    expect(page.locator(".st-key-rmy-pick-cancel")).to_have_count(0, timeout=WAIT_MS)
    settle(page)  # the expander opened during the cancel's rerun may be drawn closed again

    page.get_by_text("Correct an earlier entry").click()
    text = page.locator(".st-key-rmy-correct-text input")
    expect(text).to_be_visible(timeout=WAIT_MS)
    text.fill("nonsense")
    text.press("Tab")
    page.locator(".st-key-rmy-correct button").click()
    below_and_in_view(page, ".st-key-rmy-correct", '.stAlert:has-text("nonsense")')
    screenshot(page, "record-rummy-refused-correction")
    expect(page.locator('[data-testid="stMainBlockContainer"] .stAlert')).to_have_count(1)
