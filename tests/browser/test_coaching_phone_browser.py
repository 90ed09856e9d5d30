"""The Coaching page's tables on a phone (390 px), in Chromium on the bundled data: each decision's
own columns (the card played, its label, what it cost, the better card) on the first screen, and
no table toolbar over the caption or heading above a table, even with a finger on the table.

Biju plays only the TGN.md example's one hand: its analyses, with every card known and fair on a
few deals, take seconds."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import screenshot
from tests.browser.test_analysis_browser import (
    SOLVING_MS,
    bundled_url,  # noqa: F401  (the shared fixture)
)
from tests.browser.test_dashboard_browser import open_page, settle

pytestmark = pytest.mark.browser

COACHED = "Biju"
DEALS = "2"
DECISIONS = {
    "Label": ("Played", "Label", "Cost", "Better"),
    "Fair label": ("Played", "Fair label", "Chance lost", "Better"),
}
"""Each coaching table of decisions (the costliest with every card known, the fair one), by the
column of its label: the decision's own columns, which must be on the first screen."""
TABLES = "[data-testid=stDataFrame], .tp-frame"
"""A table as Streamlit's data grid or as a plain HTML table draws it."""
COLUMNS = """(table) => {
    table.scrollLeft = 0;
    return [...table.querySelectorAll('th, [role=columnheader]')].map((cell) => {
        const box = cell.getBoundingClientRect();
        return [cell.textContent.trim(), box.left, box.right];
    });
}"""
"""A table's column headers, scrolled to its start, with their left and right edges."""
COVERED = """(table) => {
    const shown = (element) => getComputedStyle(element).visibility !== 'hidden'
        && parseFloat(getComputedStyle(element).opacity) > 0;
    const boxes = (selector, within = document) => [...within.querySelectorAll(selector)]
        .map((element) => [element, element.getBoundingClientRect()])
        .filter(([element, box]) => box.width > 0 && box.height > 0 && shown(element));
    const over = (one, other) => Math.min(one.right, other.right) - Math.max(one.left, other.left)
        > 1 && Math.min(one.bottom, other.bottom) - Math.max(one.top, other.top) > 1;
    const texts = boxes('[data-testid=stCaptionContainer], [data-testid=stHeading]');
    const holder = table.closest('[data-testid=stElementContainer]') || table;
    return boxes('[data-testid=stElementToolbar]', holder).flatMap(([, toolbar]) => texts
        .filter(([, box]) => over(toolbar, box))
        .map(([text]) => text.textContent.trim().slice(0, 60)));
}"""
"""The captions and headings of the page that the table's toolbar, if shown, lies over."""


@pytest.fixture
def phone(contexts: dict[str, BrowserContext]) -> Iterator[Page]:
    page = contexts["phone"].new_page()
    try:
        yield page
    finally:
        page.close()


def press_until_gone(page: Page, name: str, then: Any) -> None:
    """Press the button called ``name`` (the page redraws while the server answers: press the one
    it shows) until ``then`` is drawn or the button is gone."""
    button = page.get_by_role("button", name=re.compile(name))
    for _ in range(10):
        if then.count() or not button.count():
            return
        try:
            button.click(timeout=3000)
            return
        except PlaywrightTimeout:
            continue


def analysed(page: Page, url: str) -> None:
    """Biju's Coaching page with both analyses of his hand drawn."""
    open_page(page, url, f"coaching?player={COACHED}", "h1")
    deals = page.get_by_label("Deals a decision")
    deals.fill(DEALS)
    deals.press("Enter")
    settle(page)
    drill = page.get_by_text("Find the better card")
    press_until_gone(page, r"^Fair analysis of 1 hand", drill)
    expect(drill).to_be_visible(timeout=SOLVING_MS)
    settle(page)
    chart = page.locator(".st-key-coaching-figure")
    press_until_gone(page, r"^Analyse 1 hand", chart)
    chart.wait_for(timeout=SOLVING_MS)
    settle(page)


def test_a_decisions_columns_come_first_and_no_toolbar_covers_a_caption(
    phone: Page,
    bundled_url: str,  # noqa: F811
) -> None:
    analysed(phone, bundled_url)
    width = (phone.viewport_size or {"width": 0})["width"]
    tables = phone.locator(TABLES)
    assert tables.count() >= 4  # scores, fair, by kind, by trick, costliest
    covered = []
    for place in range(tables.count()):
        table = tables.nth(place)
        table.scroll_into_view_if_needed()
        table.hover()  # a finger on the table: the data grid shows its toolbar
        phone.wait_for_timeout(300)
        covered += table.evaluate(COVERED)
    assert covered == []
    found = {}
    for place in range(tables.count()):
        headers = tables.nth(place).evaluate(COLUMNS)
        names = [name for name, _, _ in headers]
        for label, columns in DECISIONS.items():
            if label in names:
                found[label] = {name: right for name, _, right in headers if name in columns}
    assert set(found) == set(DECISIONS)
    for label, rights in found.items():
        assert set(rights) == set(DECISIONS[label]), label
        assert all(right <= width for right in rights.values()), (label, rights)
    for name, label in (("fair", "Fair label"), ("decisions", "Label")):
        phone.locator(TABLES).filter(has_text=label).last.scroll_into_view_if_needed()
        screenshot(phone, f"coaching-phone-{name}")
