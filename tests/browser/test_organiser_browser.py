"""The Organiser page in Chromium, on an archive set up through its own actions: a write (Paid,
Schedule) leaves the page on the tab it was made from, and the page printed leaves its forms out
and prints each table whole."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from recorder.archive import ARCHIVE_ENV, open_archive
from tests.browser.conftest import run_dashboard
from tests.day_setup import GROUP_MATCHES, RUMMY_TABLES, set_up

pytestmark = pytest.mark.browser

WAIT_MS = 30_000


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("organiser")
    location = folder / "day.sqlite"
    set_up(open_archive(location))
    environment = {**os.environ, ARCHIVE_ENV: str(location)}
    with run_dashboard(location, environment, folder / "dashboard.log") as address:
        yield address


def open_tab(page: Page, url: str, name: str) -> None:
    page.goto(f"{url}/organiser")
    page.get_by_role("tab", name=name).click()
    expect(page.get_by_role("tab", name=name)).to_have_attribute(
        "aria-selected", "true", timeout=WAIT_MS
    )


def test_a_write_leaves_the_page_on_its_tab(url: str, desktop: Page) -> None:
    open_tab(desktop, url, "Fees")
    desktop.locator(".st-key-org-pay button").click()
    expect(desktop.get_by_text("paid", exact=False).first).to_be_visible(timeout=WAIT_MS)
    expect(desktop.locator('[data-testid="stAlertContentSuccess"]')).to_be_visible(timeout=WAIT_MS)
    expect(desktop.get_by_role("tab", name="Fees")).to_have_attribute("aria-selected", "true")
    open_tab(desktop, url, "Schedule")
    desktop.locator(".st-key-org-schedule button").click()
    expect(desktop.locator('[data-testid="stAlert"]')).to_be_visible(timeout=WAIT_MS)
    expect(desktop.get_by_role("tab", name="Schedule")).to_have_attribute("aria-selected", "true")


def test_the_printed_page_has_no_forms_and_the_whole_schedule(url: str, desktop: Page) -> None:
    open_tab(desktop, url, "Schedule")
    expect(desktop.locator(".st-key-org-schedule button")).to_be_visible(timeout=WAIT_MS)
    desktop.emulate_media(media="print")
    try:
        expect(desktop.locator(".st-key-org-schedule button")).to_be_hidden()
        expect(desktop.locator('[data-testid="stSelectbox"]').first).to_be_hidden()
        expect(desktop.locator('[data-testid="stDataFrame"]').first).to_be_hidden()
        panel = desktop.get_by_role("tabpanel", name="Schedule")
        schedule = panel.locator(".org-print table").last
        expect(schedule).to_be_visible()
        ids = [match_id for match_id, *_ in GROUP_MATCHES + RUMMY_TABLES]
        for match_id in ids:
            expect(schedule.get_by_text(match_id, exact=True)).to_be_visible()
        frame = schedule.locator("xpath=ancestor::div[contains(@class,'tp-frame')]")
        assert frame.evaluate("e => getComputedStyle(e).maxHeight") == "none"
    finally:
        desktop.emulate_media(media="screen")
    expect(desktop.locator(".org-print").first).to_be_hidden()
