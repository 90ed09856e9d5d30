"""The Coaching page's fair section in Chromium: Anil's one hand (the TGN.md §8 example) analysed
fairly on a few deals, the score and the ranked decisions shown, and the drill answered right and
wrong, at desktop and phone sizes."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import screenshot
from tests.browser.test_analysis_browser import (
    SOLVING_MS,
    bundled_url,  # noqa: F401  (the shared fixture)
)
from tests.browser.test_dashboard_browser import open_page, settle

pytestmark = pytest.mark.browser

COACHED = "Eli"  # he plays only the example hand
DEALS = "8"


def test_the_drill_is_answered_right_and_wrong(screen: Page, bundled_url: str) -> None:  # noqa: F811
    open_page(screen, bundled_url, f"coaching?player={COACHED}", "h1")
    deals = screen.get_by_label("Deals a decision")
    deals.fill(DEALS)
    deals.press("Enter")
    settle(screen)
    button = screen.get_by_role("button", name=re.compile(r"^Fair analysis of 1 hand"))
    drill = screen.get_by_text("Find the better card")
    for _ in range(10):  # the page redraws while the server answers: click the button it shows
        if drill.count() or not button.count():
            break
        try:
            button.click(timeout=3000)
            break
        except PlaywrightTimeout:
            continue
    expect(drill).to_be_visible(timeout=SOLVING_MS * 5)
    settle(screen)
    section = screen.locator(".st-key-fair-section")
    expect(section).to_contain_text("Score")
    screenshot(screen, "fair-coaching")
    options = section.locator('[class*="st-key-fair-choice"] label:has(input[type="radio"])')
    assert options.count() >= 2
    verdicts = []
    for place in range(options.count()):
        options.nth(place).click()
        settle(screen)
        section.get_by_role("button", name="Check").click()
        settle(screen)
        right = section.get_by_text(re.compile(r"^Right: "))
        wrong = section.get_by_text(re.compile(r"^Not quite: "))
        expect(right.or_(wrong)).to_be_visible()
        verdicts.append("right" if right.count() else "wrong")
        solution = section.get_by_text(re.compile("Best on what you could know"))
        expect(solution).to_be_visible()
        solution.scroll_into_view_if_needed()
        screenshot(screen, f"fair-drill-{verdicts[-1]}")
    assert "right" in verdicts and "wrong" in verdicts
    section.get_by_role("button", name="Skip").click()
    settle(screen)
