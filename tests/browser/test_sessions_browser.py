"""The Sessions page in Chromium at both screen sizes: a broken upload says what could and could
not be read and replays the rest, uploads belong to the browser that made them and can be
removed, a row opens by clicking it, and the caption counts where the sessions come from."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, SESSIONS, screenshot
from tests.browser.test_dashboard_browser import WAIT_MS, open_page, settle

pytestmark = pytest.mark.browser

CLUB = (SESSIONS / "club-night-40.tgn").read_bytes()
BROKEN_CLUB = CLUB.replace(b"trump 9H", b"trump ZS", 1)  # hand 1 unreadable; hand 2 has a revoke
ALERT = '[data-testid="stAlert"]'
SUCCESS = '[data-testid="stAlertContentSuccess"]'


def open_sessions(page: Page, url: str) -> None:
    open_page(page, url, "", "text=Upload a session")


def upload(page: Page, tmp_path: Path, name: str, data: bytes) -> None:
    """Give the uploader a file and wait until the page has read it."""
    path = tmp_path / name
    path.write_bytes(data)
    page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(path))
    page.locator(ALERT).filter(has_text=f"{name} (uploaded)").first.wait_for(timeout=WAIT_MS)
    settle(page)


def test_a_broken_upload_says_what_could_not_be_read_and_replays_the_rest(
    screen: Page, dashboard_url: str, tmp_path: Path
) -> None:
    open_sessions(screen, dashboard_url)
    upload(screen, tmp_path, "half-broken.tgn", BROKEN_CLUB)
    expect(screen.locator(SUCCESS)).to_have_count(0)
    box = screen.locator(ALERT).filter(has_text="half-broken.tgn (uploaded)")
    expect(box).to_have_text(
        "half-broken.tgn (uploaded): game 40: 1 problem reading it; hand 1 could not be read "
        "and is left out; 1 hand read and replayed, 2 findings."
    )
    screenshot(screen, "sessions-broken-upload")
    screen.get_by_role("button", name="Open in Replay").last.click()
    screen.locator(".tp-wrap").wait_for(timeout=WAIT_MS)
    settle(screen)
    expect(screen.get_by_role("link", name="revoke", exact=False)).to_have_count(1)
    screenshot(screen, "sessions-broken-upload-replay")


def test_uploads_belong_to_the_browser_that_made_them_and_can_be_removed(
    screen: Page, browser: Browser, dashboard_url: str, tmp_path: Path
) -> None:
    open_sessions(screen, dashboard_url)
    caption = screen.get_by_text("uploaded in this browser", exact=False)
    expect(caption).to_contain_text("0 uploaded in this browser")
    upload(screen, tmp_path, "mine.tgn", CLUB + b"; my copy\n")
    expect(caption).to_contain_text("1 uploaded in this browser")
    stranger = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
    try:
        theirs = stranger.new_page()
        open_sessions(theirs, dashboard_url)
        expect(theirs.get_by_text("uploaded in this browser", exact=False)).to_contain_text(
            "0 uploaded in this browser"
        )
        expect(theirs.get_by_text("mine.tgn", exact=False)).to_have_count(0)
    finally:
        stranger.close()
    screenshot(screen, "sessions-own-upload")
    screen.get_by_role("button", name="Remove").last.click()
    expect(screen.get_by_text("mine.tgn (uploaded) was removed.")).to_be_visible(timeout=WAIT_MS)
    settle(screen)
    expect(caption).to_contain_text("0 uploaded in this browser")
    screenshot(screen, "sessions-upload-removed")


def test_a_row_opens_by_clicking_it(screen: Page, dashboard_url: str) -> None:
    open_sessions(screen, dashboard_url)
    grid = screen.locator('[data-testid="stDataFrame"]').first
    grid.scroll_into_view_if_needed()
    box = grid.bounding_box()
    assert box is not None
    row_height = 35
    screen.mouse.click(box["x"] + 14, box["y"] + row_height * 1.5)  # the first row's marker
    opened = screen.locator(ALERT).filter(has_text="club-night-40.tgn").first
    expect(opened).to_contain_text(
        "game 40: 2 hands read and replayed, 2 findings", timeout=WAIT_MS
    )
    settle(screen)
    screenshot(screen, "sessions-row-opened")
    screen.get_by_role("button", name="Open in Replay").click()
    expect(screen).to_have_url(f"{dashboard_url}/replay?session=club-night-40.tgn&hand=1&step=0")


def test_the_caption_counts_the_folder_archive_and_uploads_apart(
    screen: Page, dashboard_url: str, dashboard_folder: Path
) -> None:
    open_sessions(screen, dashboard_url)
    caption = screen.get_by_text("uploaded in this browser", exact=False)
    expect(caption).to_have_text(
        f"2 sessions: 2 from the folder {dashboard_folder.name}; no archive yet; "
        "0 uploaded in this browser."
    )
    screenshot(screen, "sessions-caption")
