"""The Tournament page and its projector view in a real headless Chromium at both screen sizes;
the projector follows an archive that grows while it is open."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from recorder.archive import ARCHIVE_ENV, open_archive
from tests.browser.conftest import REPOSITORY, run_dashboard, screenshot, serve_dashboard
from tests.browser.test_dashboard_browser import WAIT_MS, open_page

pytestmark = pytest.mark.browser

TOURNAMENT = REPOSITORY / "data" / "tournament"
BRACKET = "svg.bracket-svg"
SHOWN_WITHIN_MS = 5_000
"""A session recorded into the archive is on the projector within 5 s (TOURNAMENT.md §7)."""


@pytest.fixture(scope="module")
def tournament_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A dashboard serving a copy of the bundled tournament with its description."""
    data = tmp_path_factory.mktemp("tournament")
    shutil.copy(TOURNAMENT / "tournament.toml", data / "tournament.toml")
    with serve_dashboard(TOURNAMENT, data) as url:
        yield url


def test_the_tournament_page_and_its_bracket_at_both_sizes(
    screen: Page, tournament_url: str
) -> None:
    open_page(screen, tournament_url, "tournament", BRACKET)
    expect(screen.locator('[data-testid="stException"]')).to_have_count(0)
    expect(screen.locator(f"{BRACKET} g.slot")).to_have_count(4)
    screenshot(screen, "tournament")
    path = screenshot(screen, "tournament-bracket", "div.bracket")
    assert path.stat().st_size > 0
    team = screen.locator(f"{BRACKET} text.team").first.bounding_box()
    assert team is not None and team["height"] >= 12  # readable, not shrunk to fit a phone


def test_the_rummy_stages_show_below_the_places(screen: Page, tournament_url: str) -> None:
    open_page(screen, tournament_url, "tournament", BRACKET)
    heading = screen.get_by_role("heading", name="Rummy: semi final")
    heading.scroll_into_view_if_needed()
    expect(heading).to_be_visible()
    expect(screen.get_by_text("Qualified: Ivy, Abu, Ganga, Jomon")).to_be_visible()
    screenshot(screen, "tournament-rummy")


def test_a_bracket_box_opens_the_scores_of_its_match(desktop: Page, tournament_url: str) -> None:
    open_page(desktop, tournament_url, "tournament", BRACKET)
    with desktop.expect_popup() as opened:  # Streamlit opens Markdown links in a new tab
        desktop.locator(f'{BRACKET} a.scores-link:has(g[data-match="F"])').click()
    scores = opened.value
    scores.locator(".js-plotly-plot").first.wait_for(timeout=WAIT_MS)
    assert scores.url.endswith("/scores?session=final.tgn")
    scores.close()


def test_the_projector_view_at_both_sizes(screen: Page, tournament_url: str) -> None:
    open_page(screen, tournament_url, "tournament?view=projector", ".projector")
    expect(screen.locator('[data-testid="stException"]')).to_have_count(0)
    header = screen.locator('[data-testid="stHeader"]')
    assert header.count() == 0 or not header.first.is_visible()
    cell = screen.locator(".projector td").first.bounding_box()
    assert cell is not None and cell["height"] >= 30  # large print
    screenshot(screen, "tournament-projector")


@pytest.fixture
def archive_server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A dashboard on an archive with the description beside it: its address and the archive."""
    location = tmp_path / "archive.sqlite"
    shutil.copy(TOURNAMENT / "tournament.toml", tmp_path / "tournament.toml")
    open_archive(location)
    environment = {**os.environ, ARCHIVE_ENV: str(location)}
    with run_dashboard(location, environment, tmp_path / "dashboard.log") as url:
        yield url, location


def test_the_projector_shows_a_session_added_to_the_archive_while_open(
    desktop: Page, archive_server: tuple[str, Path]
) -> None:
    url, location = archive_server
    archive = open_archive(location)
    first, second = sorted(TOURNAMENT.glob("group-a-round-1-*.tgn"))
    archive.import_tgn(first.read_text(encoding="utf-8"), first.name)
    open_page(desktop, url, "tournament?view=projector", ".projector")
    played = desktop.locator(".projector td:nth-child(3)", has_text="1")
    expect(played).to_have_count(2)
    archive.import_tgn(second.read_text(encoding="utf-8"), second.name)
    expect(played).to_have_count(4, timeout=SHOWN_WITHIN_MS)
    screenshot(desktop, "tournament-projector-grown")
