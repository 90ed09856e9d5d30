"""The Players page in Chromium: opened without a player it shows one who has called something
(charts, not empty panels), and no table cell reads "None"."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import screenshot
from tests.browser.test_dashboard_browser import WAIT_MS, open_page

pytestmark = pytest.mark.browser

MOST_CALLS = "Chitra"  # the only fixture player who called: twice, in the club night


def test_players_opens_on_a_player_who_called_and_shows_no_none(
    screen: Page, dashboard_url: str
) -> None:
    open_page(screen, dashboard_url, "players", ".tp-frame table")
    expect(screen).to_have_url(f"{dashboard_url}/players?player={MOST_CALLS}", timeout=WAIT_MS)
    expect(screen.get_by_role("combobox", name="Player")).to_have_value(MOST_CALLS)
    expect(screen.get_by_text("No call played out.")).to_have_count(0)
    overview = screen.locator(".tp-frame table").first
    cells = overview.locator("tbody td")
    expect(cells.first).to_be_attached(timeout=WAIT_MS)
    texts = cells.all_inner_texts()
    assert texts and "None" not in texts
    if (screen.viewport_size or {"width": 0})["width"] >= 1000:  # every column drawn
        made = overview.locator("thead th").all_inner_texts().index("made %")
        column = [
            row.locator("td").nth(made).inner_text() for row in overview.locator("tbody tr").all()
        ]
        assert "" in column and "100" in column
    screenshot(screen, "players-default")
    screen.locator(".st-key-players-levels").scroll_into_view_if_needed()
    expect(screen.locator(".st-key-players-levels .js-plotly-plot")).to_be_attached()
    screenshot(screen, "players-default-detail")
