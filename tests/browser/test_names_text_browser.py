"""Names are text on every page (TOURNAMENT.md §10), in Chromium: player and team names holding
Markdown, HTML and URLs (in a session and in a tournament's description) are shown as typed on the
Record, Replay, Scores, Sessions, Players, Coaching, Tournament, Organiser and Director pages; the
page's HTML holds no image, link, bold or maths made from them, and no request leaves for the image
a name points at."""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, Request

from dashboard.day import actions
from recorder import read
from recorder.archive import ARCHIVE_ENV, Author, events_from_record, open_archive
from tests.archive_sessions import stored_event_by_event
from tests.browser.conftest import DESKTOP, run_dashboard
from tests.browser.test_dashboard_browser import settle

pytestmark = pytest.mark.browser

EXAMPLE = Path(__file__).resolve().parents[2] / "data" / "tgn-example-40.tgn"
NAMES = [
    "![x](http://127.0.0.1:9/x.png)",
    "<b>Bold</b>",
    "**Star**",
    "http://evil.example/a",
    "[link](http://evil.example/b)",
    "$x^2$",
]
TEAMS = ["<i>Red</i>", "_Blue_"]
PAGES = [
    "record?session=1",
    "replay?session=archive:1",
    "scores?session=archive:1",
    "",
    "players",
    f"coaching?player={quote(NAMES[0])}",
    "tournament",
    "organiser",
    "director?session=1",
]
#: The pages that list the names in a grid (drawn on a canvas, not in the page's text).
GRIDS = ("", "players")
#: The names a tournament's description holds (a name there may hold no colon, so no URL scheme).
ENTERED = ["![x](x.png)", "<b>Bold</b>", "**Star**", "[link](//evil.example/b)", "$x^2$", "Plain"]
#: A tournament whose teams and players bear the names (organiser and director pages list them).
DESCRIPTION = f"""name = "Names cup"
date = "2026-11-28"

[28]
group_games = 1

[[28.teams]]
name = "{TEAMS[0]}"
players = [{", ".join(f'"{name}"' for name in ENTERED[:3])}]
group = "A"

[[28.teams]]
name = "{TEAMS[1]}"
players = [{", ".join(f'"{name}"' for name in ENTERED[3:])}]
group = "A"
"""


def test_names_with_markdown_html_and_urls_are_text(desktop: Page, tmp_path: Path) -> None:
    record = read(EXAMPLE.read_text(encoding="utf-8"), str(EXAMPLE)).record
    assert record is not None
    tags = [
        tag.model_copy(update={"value": ", ".join(NAMES if tag.name == "Players" else TEAMS)})
        if tag.name in ("Players", "Teams")
        else tag
        for tag in record.tags
    ]
    record = record.model_copy(update={"tags": tags, "hands": record.hands[:1]})
    location = tmp_path / "names.sqlite"
    archive = open_archive(str(location))
    stored_event_by_event(archive, events_from_record(record))
    actions.set_description(archive, DESCRIPTION, Author("organiser", "set-up"))
    requested: list[str] = []

    def note(request: Request) -> None:
        if request.resource_type != "document":  # not the page's own address, which names him
            requested.append(request.url)

    desktop.on("request", note)
    environment = {**os.environ, ARCHIVE_ENV: str(location)}
    with run_dashboard(location, environment, tmp_path / "server.log") as url:
        for path in PAGES:
            desktop.goto(f"{url}/{path}")
            desktop.locator('[data-testid="stMain"]').wait_for(timeout=60_000)
            settle(desktop)
            html = desktop.locator('[data-testid="stMain"]').inner_html()
            assert "x.png" not in " ".join(requested), path
            assert not re.search(r'href="[^"]*evil\.example', html), path
            assert "<b>Bold</b>" not in html and "<i>Red</i>" not in html, path
            assert "<strong>Star</strong>" not in html and "katex" not in html, path
            if path not in GRIDS:
                text = desktop.locator('[data-testid="stMain"]').inner_text()
                boxes = desktop.locator('[data-testid="stSelectbox"]')  # a chosen name is in one
                text += " ".join(boxes.all_inner_texts())
                text += " ".join(
                    boxes.locator("input").evaluate_all("els => els.map(e => e.value)")
                )
                assert any(name in text for name in NAMES + ENTERED + TEAMS), (path, text[:300])


def test_every_page_of_a_hostile_day_sends_no_request_outside_the_dashboard(
    browser: Browser, tmp_path: Path
) -> None:
    """Every page of ``tests.test_names_as_text`` (the hostile day: every team, player and the
    event named with Markdown, HTML and directives; a hand in play; a table's page of a 28 match
    and of a Rummy table not started) opened in Chromium: no request leaves for any host but the
    dashboard's, whatever a name points at; and every *Download as CSV* on them (names starting
    with ``@``, ``+``, ``-``, ``=`` included) holds no cell a spreadsheet would run as a formula."""
    import csv
    import io
    from urllib.parse import urlencode, urlsplit

    from tests.hostile_names import hostile_day
    from tests.test_names_as_text import PAGES as WALKED

    location = tmp_path / "hostile.sqlite"
    ids = hostile_day(open_archive(str(location)))
    requested: list[str] = []
    downloads: list[str] = []
    desktop = browser.new_context(viewport=DESKTOP, accept_downloads=True).new_page()
    desktop.on("request", lambda request: requested.append(request.url))
    environment = {**os.environ, ARCHIVE_ENV: str(location)}
    with run_dashboard(location, environment, tmp_path / "server.log") as url:
        home = urlsplit(url).netloc
        for page, params in WALKED:
            query = urlencode({name: value.format(**ids) for name, value in params.items()})
            address = "" if page == "sessions" else page  # the Sessions page is the app's root
            desktop.goto(f"{url}/{address}" + (f"?{query}" if query else ""))
            desktop.locator('[data-testid="stMain"]').wait_for(timeout=60_000)
            settle(desktop)
            tabs = desktop.get_by_role("tab")
            for tab in range(max(1, tabs.count())):  # a tab's tables show when it is chosen
                if tabs.count():
                    tabs.nth(tab).click()
                    settle(desktop)  # choosing a tab runs the page again
                    desktop.wait_for_timeout(500)
                    settle(desktop)
                buttons = desktop.get_by_role("button", name="Download as CSV")
                for index in range(buttons.count()):
                    if not buttons.nth(index).is_visible():
                        continue  # another tab's
                    with desktop.expect_download(timeout=60_000) as download:
                        buttons.nth(index).click()
                    text = Path(download.value.path()).read_text(encoding="utf-8-sig")
                    downloads.append(text)
                    cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
                    formulas = [cell for cell in cells if cell[:1] in ("=", "+", "@", "\t", "\r")]
                    formulas += [cell for cell in cells if cell[:1] == "-" and not _number(cell)]
                    assert formulas == [], (page, tab, index, formulas)
        outside = [  # a blob: or data: address is the page's own (a download, an image made)
            address
            for address in requested
            if urlsplit(address).scheme not in ("blob", "data") and urlsplit(address).netloc != home
        ]
    desktop.context.close()
    assert len(requested) > 100 and outside == []
    assert len(downloads) >= 5 and any("'@SUM(1+1)" in text for text in downloads)


def _number(cell: str) -> bool:
    """Whether a CSV cell is a number (a negative number is no formula)."""
    try:
        float(cell)
    except ValueError:
        return False
    return True
