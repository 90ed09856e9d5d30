"""A table's link on a hosted day, in a real headless Chromium through nginx to one of two
workers on one PostgreSQL archive: the key is handed off out of the address, the Record page is
drawn over the websocket nginx passes on, and nginx's routing cookie keeps the tab on one worker."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from benchmarks.hosted_day import HostedDay, free_block, prepare_day
from dashboard.server.hosting import Hosting, nginx_binary
from tests.browser.conftest import free_port

pytest_plugins = ["tests.pg_server"]
pytestmark = [pytest.mark.browser, pytest.mark.postgres]


@pytest.fixture
def hosted(postgres_archive_url: str, tmp_path: Path) -> Iterator[tuple[HostedDay, int, str]]:
    """Two workers and nginx on a day with one live session; the day, the session, a key."""
    if nginx_binary() is None:
        pytest.skip("nginx is not installed: run scripts/test-deps.sh")
    sessions, key = prepare_day(postgres_archive_url, 1)
    listen = free_port()
    day = HostedDay(
        Hosting(postgres_archive_url, 2, free_block(2, listen), listen, insecure=True), tmp_path
    )
    try:
        day.start()
        yield day, sessions[0], key
    finally:
        day.stop()


def test_a_table_link_draws_the_record_page_through_nginx(
    hosted: tuple[HostedDay, int, str], browser: Browser
) -> None:
    day, session, key = hosted
    context = browser.new_context()  # its own cookies: nginx's stays out of the other tests
    desktop = context.new_page()
    desktop.goto(f"{day.url}/record?session={session}&key={key}")
    expect(desktop.locator(".rec-status")).to_have_attribute("data-events", "2", timeout=30_000)
    assert "key=" not in desktop.url
    cookies = {cookie["name"]: cookie for cookie in desktop.context.cookies()}
    assert cookies["thuruppu_route"]["httpOnly"]
    context.close()
