"""The chart script loaded ahead, in a fresh Chromium context at both screen sizes: a page without
charts fetches it once drawn (a module preload, not run) and shows nothing of it; a page with
charts loads it as it starts and draws them; moving on to charts uses the module fetched ahead."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, PHONE, screenshot
from tests.browser.test_dashboard_browser import CLUB, WAIT_MS, open_page

pytestmark = pytest.mark.browser

FETCHED = """() => performance.getEntriesByType('resource')
    .filter((entry) => entry.name.includes('/static/js/PlotlyChart.')).length"""
AHEAD = 'link[rel="modulepreload"][href*="/static/js/PlotlyChart."]'
FIRST_DRAWN = """() => {
    const main = '[data-testid="stMainBlockContainer"] [data-testid="stVerticalBlock"]';
    const block = document.querySelector(main);
    const shown = [...block.children].filter((child) => getComputedStyle(child).display !== 'none');
    return shown[0].innerText.split('\\n')[0];
}"""


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def fresh(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A tab in a new context: an empty cache, as a first visitor has."""
    context = browser.new_context(viewport=request.param)
    try:
        yield context.new_page()
    finally:
        context.close()


def test_a_page_without_charts_fetches_the_chart_script_once_drawn(
    fresh: Page, dashboard_url: str
) -> None:
    open_page(fresh, dashboard_url, "", "text=Upload a session")
    expect(fresh.locator(AHEAD)).to_have_count(1, timeout=WAIT_MS)
    fresh.wait_for_function(f"({FETCHED})() === 1", timeout=WAIT_MS)
    screenshot(fresh, "sessions-chart-preload")
    expect(fresh.locator(".st-key-chart-preload")).to_be_hidden()
    assert fresh.evaluate(FIRST_DRAWN) == "Sessions"  # nothing drawn above the title

    if (fresh.viewport_size or DESKTOP)["width"] < DESKTOP["width"]:
        return  # a phone's navigation bar is folded into a menu; the desktop's is clicked
    fresh.locator('[data-testid="stTopNavLink"]').filter(has_text="Scores").first.click()
    fresh.locator(".st-key-scores-calls .js-plotly-plot").wait_for(timeout=WAIT_MS)
    assert fresh.evaluate(FETCHED) == 1  # the module fetched ahead, not fetched again


def test_a_page_with_charts_loads_the_chart_script_as_it_starts(
    fresh: Page, dashboard_url: str
) -> None:
    open_page(
        fresh, dashboard_url, f"scores?session={CLUB}", ".st-key-scores-running .js-plotly-plot"
    )
    expect(fresh.locator(".js-plotly-plot")).to_have_count(2, timeout=WAIT_MS)
    assert fresh.evaluate(FETCHED) == 1
    screenshot(fresh, "scores-chart-preload")
    assert fresh.evaluate(FIRST_DRAWN) == "Scores"
