"""The Rummy score sheet, totals chart and player figures in Chromium at both screen sizes: the
row of names stays at the top of the sheet while the deals scroll under it, and names that are
markup are drawn as text on the sheet, the chart's legend, Players and Coaching."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import REPOSITORY, screenshot, serve_dashboard
from tests.browser.test_dashboard_browser import WAIT_MS, draw_chart, open_page

pytestmark = pytest.mark.browser

BUNDLED = REPOSITORY / "data" / "rummy-first-round.tgn"
HOSTILE_FOLDER = Path(__file__).resolve().parent / "rummy"
HOSTILE = "hostile-rummy.tgn"
NAMES = ["Anu", "Babu", "Cini", "Deepu", "Eapen", "Fathima"]
HOSTILE_NAMES = ["<script>alert(1)</script>", "<b>x</b>", "Cini", "Deepu"]

BOXES = """(wrap) => {  // the sticky cells of the header row, not its <tr>, carry where it is drawn
    const box = (element) => {
        const r = element.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
    };
    const names = [...wrap.querySelectorAll('thead th')].map(box);
    return {
        wrap: box(wrap),
        header: {
            top: Math.min(...names.map((b) => b.top)),
            bottom: Math.max(...names.map((b) => b.bottom)),
        },
        first: box(wrap.querySelector('tbody tr')),
        scrolled: wrap.scrollTop,
        room: wrap.scrollHeight - wrap.clientHeight,
    };
}"""


@pytest.fixture(scope="module")
def rummy_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A dashboard serving the bundled Rummy table and the table of hostile names."""
    data = tmp_path_factory.mktemp("rummy")
    shutil.copy(BUNDLED, data / BUNDLED.name)
    with serve_dashboard(HOSTILE_FOLDER, data) as url:
        yield url


def test_the_names_stay_at_the_top_while_the_deals_scroll(screen: Page, rummy_url: str) -> None:
    open_page(screen, rummy_url, f"scores?session={BUNDLED.name}", ".rs-sheet")
    wrap = screen.locator(".rs-wrap")
    expect(wrap.locator("thead th[data-chair]")).to_have_text(NAMES)
    expect(wrap.locator("tbody tr")).to_have_count(15)
    wrap.scroll_into_view_if_needed()
    before = wrap.evaluate(BOXES)
    screenshot(screen, "rummy-sheet-top")
    assert before["room"] > 0  # more deals than the sheet's height shows
    assert before["header"]["top"] == pytest.approx(before["wrap"]["top"], abs=2)

    wrap.evaluate("(wrap) => { wrap.scrollTop = wrap.scrollHeight; }")
    screen.wait_for_timeout(200)
    after = wrap.evaluate(BOXES)
    screenshot(screen, "rummy-sheet-scrolled")
    assert after["scrolled"] > 0
    assert after["header"]["top"] == pytest.approx(after["wrap"]["top"], abs=2)
    assert after["first"]["top"] < after["header"]["top"]  # deal 1 went up under the names
    viewport = screen.viewport_size or {"width": 0, "height": 0}
    assert after["header"]["top"] >= 0 and after["header"]["bottom"] <= viewport["height"]
    last = wrap.locator('tr[data-deal="15"]')
    expect(last).to_be_in_viewport()
    expect(last.locator('[data-chair="3"]')).to_have_attribute("data-kind", "winner")
    expect(wrap.locator("tfoot td")).to_have_text(["254", "299", "213", "252", "293", "252"])


def test_the_totals_chart_draws_a_line_per_player(screen: Page, rummy_url: str) -> None:
    open_page(screen, rummy_url, f"scores?session={BUNDLED.name}", ".st-key-scores-rummy-totals")
    chart = screen.locator(".st-key-scores-rummy-totals")
    chart.scroll_into_view_if_needed()
    expect(chart.locator(".legendtext")).to_have_text(
        [*NAMES, "went out", "re-entered"], timeout=WAIT_MS
    )
    screenshot(screen, "rummy-totals-chart", ".st-key-scores-rummy-totals")


def test_markup_in_names_is_text_on_every_rummy_view(screen: Page, rummy_url: str) -> None:
    alerts: list[str] = []
    screen.on("dialog", lambda dialog: (alerts.append(dialog.message), dialog.dismiss()))
    open_page(screen, rummy_url, f"scores?session={HOSTILE}", ".rs-sheet")
    sheet = screen.locator(".rs-wrap")
    expect(sheet.locator("thead th[data-chair]")).to_have_text(HOSTILE_NAMES)
    expect(screen.locator(".rs-sheet b, .rs-sheet script, .rs-notes b")).to_have_count(0)
    expect(screen.locator(".rs-notes li")).to_contain_text(["<b>x</b> (seat 2) declared wrong"])
    draw_chart(screen, ".st-key-scores-rummy-totals")  # below the sheet
    legend = screen.locator(".st-key-scores-rummy-totals .legendtext")
    expect(legend).to_have_text([*HOSTILE_NAMES, "went out", "re-entered"], timeout=WAIT_MS)
    expect(screen.locator(".st-key-scores-rummy-totals .legendtext tspan")).to_have_count(0)
    screenshot(screen, "rummy-sheet-hostile")

    open_page(screen, rummy_url, f"players?player={quote(HOSTILE_NAMES[1])}", ".stMetric")
    expect(screen.get_by_role("combobox", name="Player")).to_have_value(HOSTILE_NAMES[1])
    expect(screen.get_by_test_id("stMetric").first).to_contain_text("Deals played")
    screenshot(screen, "rummy-players-hostile")
    open_page(screen, rummy_url, f"coaching?player={quote(HOSTILE_NAMES[0])}", ".stMetric")
    expect(screen.get_by_role("combobox", name="Player")).to_have_value(HOSTILE_NAMES[0])
    metric = screen.get_by_test_id("stMetric").filter(has_text="Points given away")
    expect(metric).to_contain_text("59")
    screenshot(screen, "rummy-coaching-hostile")
    script = "() => [...document.scripts].some((s) => s.textContent.includes('alert(1)'))"
    assert not screen.evaluate(script)
    assert alerts == []
