"""The dashboard in a real headless Chromium: keys, links, charts, escaping, both screen sizes."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import screenshot

pytestmark = pytest.mark.browser

WAIT_MS = 30_000
CLUB = "club-night-40.tgn"


IDLE = (
    '[data-testid="stApp"][data-test-script-state="notRunning"]'
    '[data-test-connection-state="CONNECTED"]'
)


def settle(page: Page) -> None:
    """Wait until the app is connected, its script has finished and no element is still drawn
    as a grey placeholder."""
    page.locator(IDLE).wait_for(timeout=WAIT_MS)
    expect(page.locator('[data-testid="stSkeleton"]')).to_have_count(0, timeout=WAIT_MS)


#: Counts the app's script runs begun from now on (``window.thuruppuRuns``): every change of its
#: state that leaves "running" or enters it, read from the change records, so a run drawn too fast
#: to be seen between two checks is still counted.
COUNT_RUNS = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  window.thuruppuRuns = 0;
  if (window.thuruppuWatch) window.thuruppuWatch.disconnect();
  window.thuruppuWatch = new MutationObserver((changes) => {
    for (const change of changes) {
      const now = app.getAttribute('data-test-script-state');
      if (change.oldValue === 'running' || now === 'running') window.thuruppuRuns += 1;
    }
  });
  window.thuruppuWatch.observe(
    app, {attributes: true, attributeOldValue: true, attributeFilter: ['data-test-script-state']});
}"""


def rerun(page: Page, act: Callable[[], object]) -> None:
    """Do ``act`` (a value committed: Enter in a field) and wait for the script run it starts
    to end: what the page draws next is drawn from the archive as it is after ``act``, before
    anything the test changes afterwards."""
    page.evaluate(COUNT_RUNS)
    act()
    page.wait_for_function("() => window.thuruppuRuns > 0", timeout=WAIT_MS)
    settle(page)


def open_page(page: Page, url: str, path: str, ready: str) -> None:
    """Open a page and wait for one of its elements and for the script to finish."""
    page.goto(f"{url}/{path}")
    page.locator(ready).first.wait_for(timeout=WAIT_MS)
    settle(page)


def draw_chart(page: Page, holder: str, timeout: int = WAIT_MS) -> None:
    """Have the chart under the element ``holder`` drawn (a chart is drawn once near the view):
    scroll it into view, wait for plotly.js's plot, then scroll the page back where it was."""
    main = page.locator('[data-testid="stMain"]')
    top = main.evaluate("(main) => main.scrollTop")
    page.locator(holder).first.scroll_into_view_if_needed(timeout=timeout)
    page.locator(f"{holder} .js-plotly-plot").first.wait_for(timeout=timeout)
    main.evaluate("(main, top) => main.scrollTo(0, top)", top)


SHORTCUTS_READY = '.st-key-step-next-card [data-has-shortcut="true"]'


def keys_ready(page: Page) -> None:
    """Wait until the script has finished and the step buttons have their keyboard shortcuts."""
    settle(page)
    page.locator(SHORTCUTS_READY).first.wait_for(state="attached", timeout=WAIT_MS)


def open_replay(page: Page, url: str, query: str) -> None:
    """Open the Replay page on a moment and wait until the table and its shortcuts are there."""
    open_page(page, url, f"replay?{query}", ".tp-wrap")
    keys_ready(page)


def test_right_arrow_shows_the_next_card(desktop: Page, dashboard_url: str) -> None:
    open_replay(desktop, dashboard_url, f"session={CLUB}&hand=1&step=8")
    headline = desktop.locator(".tp-headline")
    expect(headline).to_have_text("Trick 1: Anil plays J♠", timeout=WAIT_MS)
    expect(desktop.locator('[data-played="2"]')).to_have_count(0)
    desktop.keyboard.press("ArrowRight")
    expect(headline).to_have_text("Trick 1: Biju plays K♥", timeout=WAIT_MS)
    expect(desktop.locator('[data-played="2"] [data-card="KH"]')).to_be_visible()
    expect(desktop).to_have_url(f"{dashboard_url}/replay?session={CLUB}&hand=1&step=9")
    keys_ready(desktop)
    desktop.keyboard.press("Shift+ArrowRight")
    expect(headline).to_contain_text("Anil wins the trick", timeout=WAIT_MS)


def test_a_finding_link_opens_its_moment(desktop: Page, dashboard_url: str) -> None:
    open_replay(desktop, dashboard_url, f"session={CLUB}&hand=2&step=0")
    link = desktop.get_by_role("link", name="revoke", exact=False)
    expect(link).to_have_count(1, timeout=WAIT_MS)
    link.click()
    expect(desktop).to_have_url(f"{dashboard_url}/replay?session={CLUB}&hand=2&step=12")
    expect(desktop.locator(".tp-headline")).to_have_text("Trick 1: Faiz plays Q♣", timeout=WAIT_MS)
    alert = desktop.get_by_role("alert").filter(has_text="revoke")
    expect(alert).to_contain_text("Faiz (seat 6) threw Q♣", timeout=WAIT_MS)
    screenshot(desktop, "replay-finding")


def test_scores_chart_opens(desktop: Page, dashboard_url: str) -> None:
    open_page(desktop, dashboard_url, f"scores?session={CLUB}", ".js-plotly-plot")
    chart = desktop.locator(".js-plotly-plot").first
    expect(chart.locator(".scatterlayer .trace").first).to_be_attached(timeout=WAIT_MS)
    expect(desktop.get_by_text("Coolies and Flags after every hand")).to_be_visible()


def test_names_from_files_are_text(desktop: Page, dashboard_url: str) -> None:
    dialogs: list[str] = []
    desktop.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    open_replay(desktop, dashboard_url, "session=escaping-29.tgn&hand=1&step=0")
    hostile = "<script>alert(1)</script>"
    expect(desktop.locator(".tp-name").filter(has_text=hostile)).to_have_count(1)
    expect(desktop.locator(".tp-seat").filter(has_text="<b>Us</b>").first).to_be_visible()
    open_page(desktop, dashboard_url, "players?player=Cy", "text=Calls by level")
    assert dialogs == []
    screenshot(desktop, "escaping")


@pytest.mark.parametrize(
    ("name", "path", "ready"),
    [
        ("sessions", "", "text=Upload a session"),
        ("replay", f"replay?session={CLUB}&hand=1&step=17", ".tp-wrap"),
        ("replay-29", "replay?session=escaping-29.tgn&hand=1&step=5", ".tp-wrap"),
        ("scores", f"scores?session={CLUB}", ".js-plotly-plot"),
        ("players", "players?player=Chitra", ".js-plotly-plot"),
    ],
)
def test_every_page_at_both_sizes(
    screen: Page, dashboard_url: str, name: str, path: str, ready: str
) -> None:
    open_page(screen, dashboard_url, path, ready)
    expect(screen.locator('[data-testid="stException"]')).to_have_count(0)
    assert screenshot(screen, name).stat().st_size > 0
    if name.startswith("replay"):
        screenshot(screen, f"{name}-table", ".tp-wrap")
        table = screen.locator(".tp-table").bounding_box()
        width = screen.viewport_size["width"] if screen.viewport_size else 0
        assert table is not None and table["x"] >= 0 and table["x"] + table["width"] <= width
