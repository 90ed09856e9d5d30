"""What a fresh tab of Scores, Replay and Players fetches and shows: their tables are plain HTML
(``dashboard.views.frame_html``), so no script of Streamlit's data grid is fetched for them (it
was 1.5 MB, half a second of a fresh Scores tab), and the tables hold what the grid held."""

from __future__ import annotations

import pandas as pd
import pytest
from playwright.sync_api import Page, expect

from dashboard.library import load
from dashboard.views.tricks.sight import sight, trick_table, tricks_seen
from replay.tricks import replay_hand
from tests.browser.conftest import SESSIONS, screenshot
from tests.browser.test_chart_browser import FETCHED, fresh  # noqa: F401  (the fixture)
from tests.browser.test_dashboard_browser import CLUB, WAIT_MS, open_page
from tests.tables import read_tables

GRID = "/static/js/DataFrame."
"""Where the data grid's script is served from (Streamlit loads it with the first grid drawn)."""

PAGES = {
    "scores": (f"scores?session={CLUB}", "h3:has-text('Hands')"),
    "replay": (f"replay?session={CLUB}&hand=1&step=8", "h3:has-text('Tricks')"),
    "players": ("players", ".st-key-players-levels"),
}


def page_tables(page: Page) -> list[pd.DataFrame]:
    """The page's plain tables, read back from its HTML."""
    return [
        table
        for html in page.locator(".tp-frame").evaluate_all(
            "(blocks) => blocks.map((block) => block.outerHTML)"
        )
        for table in read_tables(html)
    ]


@pytest.mark.parametrize("name", list(PAGES))
def test_a_fresh_tab_fetches_no_data_grid(fresh: Page, dashboard_url: str, name: str) -> None:  # noqa: F811
    path, ready = PAGES[name]
    open_page(fresh, dashboard_url, path, ready)
    expect(fresh.locator(".tp-frame table").first).to_be_visible(timeout=WAIT_MS)
    assert fresh.evaluate(FETCHED, GRID) == 0
    fresh.locator(".tp-frame").first.scroll_into_view_if_needed()
    screenshot(fresh, f"first-load-{name}")


def test_the_hands_table_opens_each_hand_in_replay(fresh: Page, dashboard_url: str) -> None:  # noqa: F811
    open_page(fresh, dashboard_url, f"scores?session={CLUB}", "h3:has-text('Hands')")
    (hands,) = page_tables(fresh)
    assert list(hands["Hand"]) == ["1", "2"]
    assert hands.iloc[1]["Replay"] == f"replay?session={CLUB}&hand=2&step=0"
    link = fresh.locator(".tp-frame a").nth(1)
    expect(link).to_have_text("open")
    with fresh.context.expect_page() as opened:
        link.click()
    replay = opened.value
    replay.locator(".tp-wrap").first.wait_for(timeout=WAIT_MS)
    expect(replay.get_by_role("combobox", name="Hand")).to_have_value("2 · ⚠ 2 findings")


def test_the_tricks_table_lists_the_tricks_played(fresh: Page, dashboard_url: str) -> None:  # noqa: F811
    open_page(fresh, dashboard_url, f"replay?session={CLUB}&hand=1&step=8", "h3:has-text('Tricks')")
    (tricks,) = page_tables(fresh)
    assert list(tricks.columns) == [
        "Trick",
        "Leader",
        "Cards",
        "Winner",
        "Points",
        "Trump turned up",
    ]
    record = load(CLUB, CLUB, (SESSIONS / CLUB).read_bytes()).record  # as the dashboard reads it
    assert record is not None
    hand = replay_hand(record, 0)
    expected = trick_table(record, tricks_seen(hand, sight(hand, 8, None)))
    assert tricks.values.tolist() == expected.astype(str).values.tolist()
