"""The dashboard's charts in Chromium at both screen sizes: each chart page draws the traces its
script sent, with plotly.js's basic bundle fetched once per tab (never Streamlit's full plotly
script), across the page's width, each once it comes near the view (a chart far below the fold is
drawn only when scrolled to), and names from a file stay text in a chart."""

from __future__ import annotations

import base64
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from playwright.sync_api import Browser, Page, expect
from streamlit.testing.v1 import AppTest

from dashboard.state import DATA_ENVIRONMENT
from recorder.archive import ARCHIVE_ENV
from tests.browser.conftest import DESKTOP, PHONE, SESSIONS, screenshot
from tests.browser.test_analysis_browser import DATA, bundled_url  # noqa: F401  (the fixture)
from tests.browser.test_dashboard_browser import CLUB, WAIT_MS, open_page, settle
from tests.charts import charts
from tests.test_dashboard_app import fresh_app
from tests.test_dashboard_app import open_page as open_script

pytestmark = pytest.mark.browser

FETCHED = """(part) => performance.getEntriesByType('resource')
    .filter((entry) => entry.name.includes(part)).length"""
BUNDLE = "/app/static/plotly-basic.min.js"
FULL_PLOTLY = "/static/js/PlotlyChart."
DRAWN = """() => Object.fromEntries([...document.querySelectorAll('.thuruppu-chart')].map(
    (plot) => {
        const holder = plot.closest('[class*="st-key-"]');
        const key = [...holder.classList].find((name) => name.startsWith('st-key-')).slice(7);
        return [key, plot.data.map((trace) => [trace.type, trace.name ?? null])];
    }))"""
FIRST_DRAWN = """() => {
    const main = '[data-testid="stMainBlockContainer"] [data-testid="stVerticalBlock"]';
    const block = document.querySelector(main);
    const shown = [...block.children].filter((child) => getComputedStyle(child).display !== 'none');
    return shown[0].innerText.split('\\n')[0];
}"""
WIDTHS = """() => [...document.querySelectorAll('.thuruppu-chart')].map((plot) =>
    [plot.querySelector('.main-svg').getBoundingClientRect().width,
     plot.closest('[data-testid="stElementContainer"]').getBoundingClientRect().width])"""
PLOTTED = """(plot) => plot._fullData.map((trace) =>
    [trace.type, [...trace.x].map(String), [...trace.y].map(String)])"""
"""What plotly.js drew of a chart: each trace's type and its x and y values."""
ROOM = """(holder) => {
    const box = holder.querySelector('.thuruppu-chart').getBoundingClientRect();
    return [box.top, box.height];
}"""
"""Where a chart's room starts on the screen, and its height."""
PAGES = {
    "scores-40": ("scores", {"session": CLUB}),
    "scores-29": ("scores", {"session": "escaping-29.tgn"}),
    "players": ("players", {"player": "Chitra"}),
}


def app_on(sessions: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    """The app run by AppTest on a copy of the ``.tgn`` files of ``sessions`` (no archive)."""
    data = tmp_path / "data"
    data.mkdir()
    for source in sessions.glob("*.tgn"):
        shutil.copy(source, data / source.name)
    monkeypatch.setenv(DATA_ENVIRONMENT, str(data))
    monkeypatch.setenv(ARCHIVE_ENV, str(tmp_path / "none.sqlite"))
    return fresh_app()


@pytest.fixture
def sent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    """The app run by AppTest on the fixture sessions the browser's dashboard serves."""
    return app_on(SESSIONS, tmp_path, monkeypatch)


@pytest.fixture
def bundled_sent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    """The app run by AppTest on the bundled sessions (``bundled_url``'s)."""
    return app_on(DATA, tmp_path, monkeypatch)


def values(column: Any) -> list[str]:
    """A trace's values as text, whether sent as a list or as plotly's typed array
    (``{"dtype", "bdata"}``: base64 of the array's bytes)."""
    if isinstance(column, dict):
        column = np.frombuffer(base64.b64decode(column["bdata"]), dtype=column["dtype"]).tolist()
    return [str(value) for value in column]


def sent_traces(figure: dict[str, Any]) -> list[list[Any]]:
    """What the browser must draw of a sent figure, as ``PLOTTED`` reads it."""
    return [[trace["type"], values(trace["x"]), values(trace["y"])] for trace in figure["data"]]


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def fresh(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A tab in a new context: an empty cache, as a first visitor has."""
    context = browser.new_context(viewport=request.param)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.mark.parametrize("name", list(PAGES))
def test_a_chart_page_draws_the_traces_its_script_sent(
    name: str, screen: Page, dashboard_url: str, sent: AppTest
) -> None:
    page, query = PAGES[name]
    expected = {
        key: [[trace["type"], trace.get("name")] for trace in figure["data"]]
        for key, figure in charts(open_script(sent, page, **query)).items()
    }
    assert expected  # the page has charts
    address = f"{page}?" + "&".join(f"{key}={value}" for key, value in query.items())
    open_page(screen, dashboard_url, address, ".thuruppu-chart .svg-container")
    for room in screen.locator(".thuruppu-chart").all():  # each drawn once near the view
        room.scroll_into_view_if_needed()
    expect(screen.locator(".thuruppu-chart .svg-container")).to_have_count(
        len(expected), timeout=WAIT_MS
    )
    assert screen.evaluate(DRAWN) == expected
    for drawn, room in screen.evaluate(WIDTHS):
        assert abs(drawn - room) < 2  # across the page's width, at both sizes
    screenshot(screen, f"chart-{name}")


def test_the_chart_script_is_fetched_once_per_tab(fresh: Page, dashboard_url: str) -> None:
    open_page(fresh, dashboard_url, "", "text=Upload a session")
    fresh.wait_for_function(f"({FETCHED})('{BUNDLE}') === 1", timeout=WAIT_MS)  # ahead, once drawn
    assert fresh.evaluate(FIRST_DRAWN) == "Sessions"  # and nothing of it shows above the title
    if (fresh.viewport_size or DESKTOP)["width"] < DESKTOP["width"]:
        open_page(fresh, dashboard_url, f"scores?session={CLUB}", ".thuruppu-chart .svg-container")
    else:  # the desktop's navigation bar is clicked; a phone's is folded into a menu
        for name, drawn in [("Scores", "scores-calls"), ("Players", "players-levels")]:
            fresh.locator('[data-testid="stTopNavLink"]').filter(has_text=name).first.click()
            fresh.locator(f".st-key-{drawn}").scroll_into_view_if_needed(timeout=WAIT_MS)
            fresh.locator(f".st-key-{drawn} .svg-container").wait_for(timeout=WAIT_MS)
    expect(fresh.locator(".thuruppu-chart .svg-container").first).to_be_visible(timeout=WAIT_MS)
    assert fresh.evaluate(FETCHED, BUNDLE) == 1
    assert fresh.evaluate(FETCHED, FULL_PLOTLY) == 0
    assert fresh.evaluate(FIRST_DRAWN) in {"Scores", "Players"}
    screenshot(fresh, "chart-fetched-once")


def test_names_from_a_file_stay_text_in_a_chart(screen: Page, dashboard_url: str) -> None:
    open_page(
        screen, dashboard_url, "scores?session=escaping-29.tgn", ".st-key-scores-running .main-svg"
    )
    legend = screen.locator(".st-key-scores-running .legendtext")
    expect(legend.first).to_have_text("<b>Us</b>", timeout=WAIT_MS)  # the team's name, as typed
    assert screen.locator(".st-key-scores-running .legendtext [style*='bold']").count() == 0
    assert screen.locator(".thuruppu-chart script").count() == 0
    screenshot(screen, "chart-escaping")


def test_a_chart_far_below_the_fold_is_drawn_when_scrolled_to(
    fresh: Page,
    bundled_url: str,  # noqa: F811
    bundled_sent: AppTest,
) -> None:
    sent = charts(open_script(bundled_sent, "players", player="Suma"))  # her finding: 4 charts
    open_page(fresh, bundled_url, "players?player=Suma", ".st-key-players-success .js-plotly-plot")
    screen = (fresh.viewport_size or DESKTOP)["height"]
    shown, near, far = (
        fresh.locator(f".st-key-players-{name}") for name in ("success", "levels", "findings")
    )
    assert shown.evaluate(ROOM)[0] < screen  # in view on load
    assert screen < near.evaluate(ROOM)[0] < 2 * screen  # within a screen below the fold
    far_top, far_height = far.evaluate(ROOM)
    assert far_top > 2 * screen  # far below it
    expect(shown.locator(".js-plotly-plot .main-svg").first).to_be_visible()
    near.locator(".js-plotly-plot").wait_for(state="attached", timeout=WAIT_MS)  # drawn ahead
    expect(far.locator(".js-plotly-plot")).to_have_count(0)
    assert far_height == pytest.approx(sent["players-findings"]["layout"]["height"])  # its room
    screenshot(fresh, "chart-lazy-first")
    far.scroll_into_view_if_needed()
    far.locator(".js-plotly-plot").wait_for(state="attached", timeout=WAIT_MS)
    assert far.locator(".js-plotly-plot").evaluate(PLOTTED) == sent_traces(sent["players-findings"])
    screenshot(fresh, "chart-lazy-scrolled")


def test_a_drawn_chart_redraws_at_once_when_its_figure_changes(
    fresh: Page,
    bundled_url: str,  # noqa: F811
    bundled_sent: AppTest,
) -> None:
    sent = charts(open_script(bundled_sent, "players", player="Cyril"))["players-levels"]
    open_page(fresh, bundled_url, "players?player=Suma", ".st-key-players-success .js-plotly-plot")
    levels = fresh.locator(".st-key-players-levels")
    levels.scroll_into_view_if_needed()
    plot = levels.locator(".js-plotly-plot")
    plot.wait_for(state="attached", timeout=WAIT_MS)
    assert plot.evaluate(PLOTTED) != sent_traces(sent)  # Suma's calls are not Cyril's
    chooser = fresh.get_by_role("combobox", name="Player")
    chooser.click()
    chooser.press_sequentially("Cyril")  # typed, as a phone's list may move under a click
    expect(fresh.get_by_role("option", name="Cyril", exact=True)).to_be_visible(timeout=WAIT_MS)
    chooser.press("Enter")
    expect(fresh).to_have_url(f"{bundled_url}/players?player=Cyril", timeout=WAIT_MS)
    settle(fresh)
    fresh.wait_for_function(
        f"(traces) => JSON.stringify(({PLOTTED})(document.querySelector("
        "'.st-key-players-levels .js-plotly-plot'))) === JSON.stringify(traces)",
        arg=sent_traces(sent),
        timeout=WAIT_MS,
    )
    screenshot(fresh, "chart-redrawn")
