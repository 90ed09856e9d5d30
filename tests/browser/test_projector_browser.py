"""The projector (``tournament?view=projector``) in a real headless Chromium at 1920×1080 and
1280×720, on a 16-team cup in the middle of its quarter finals with three Rummy tables under way
and on a day with a group match in progress: every panel inside the screen, its smallest text
measured, the panels turning by themselves and the page redrawn without a flicker."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import SCREENSHOTS, serve_dashboard
from tests.browser.test_dashboard_browser import WAIT_MS
from tests.tournament_day import CUP, GROUP_DAY, write_cup, write_group_day

pytestmark = pytest.mark.browser

SIZES = {"1920": {"width": 1920, "height": 1080}, "1280": {"width": 1280, "height": 720}}
SMALLEST_PX = 28

MEASURE = """() => {
  const width = window.innerWidth, height = window.innerHeight, found = [];
  for (const panel of document.querySelectorAll('.projector .pj-panel')) {
    let smallest = Infinity, outside = [], texts = 0;
    const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      if (!node.textContent.trim()) continue;
      texts += 1;
      smallest = Math.min(smallest, parseFloat(getComputedStyle(node.parentElement).fontSize));
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) {
        if (box.left < -0.5 || box.top < -0.5 || box.right > width + 0.5
            || box.bottom > height + 0.5) outside.push(node.textContent.trim());
      }
    }
    for (const element of panel.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width && (box.right > width + 0.5 || box.bottom > height + 0.5))
        outside.push('<' + element.tagName + ' ' + element.className + '>');
      if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth)
        outside.push('overflowing ' + element.tagName + ' ' + element.className);
    }
    found.push({kind: panel.dataset.kind, title: panel.querySelector('.pj-head').textContent,
                smallest, outside, texts});
  }
  return found;
}"""

SHOW_PANEL = """(index) => {
  let style = document.getElementById('pj-test-show');
  if (!style) { style = document.createElement('style'); style.id = 'pj-test-show';
                document.head.appendChild(style); }
  style.textContent = '.pj-panel{visibility:hidden !important;animation:none !important}'
    + `.pj-panel[data-panel="${index}"]{visibility:visible !important}`;
}"""

VISIBLE = """() => [...document.querySelectorAll('.projector .pj-panel')]
  .filter(panel => getComputedStyle(panel).visibility === 'visible')
  .map(panel => panel.dataset.panel)"""

WATCH = """() => {
  window.pjWatch = {samples: 0, bad: [], mutations: 0};
  new MutationObserver(list => { window.pjWatch.mutations += list.length; })
    .observe(document.body, {subtree: true, childList: true, characterData: true});
  const look = () => {
    const projector = document.querySelector('.projector');
    window.pjWatch.samples += 1;
    if (!projector) { window.pjWatch.bad.push('no projector'); }
    else {
      let opacity = 1;
      for (let node = projector; node && node.nodeType === 1; node = node.parentElement)
        opacity *= parseFloat(getComputedStyle(node).opacity);
      const shown = [...projector.querySelectorAll('.pj-panel')]
        .filter(panel => getComputedStyle(panel).visibility === 'visible').length;
      if (opacity < 1) window.pjWatch.bad.push('opacity ' + opacity);
      if (shown !== 1) window.pjWatch.bad.push(shown + ' panels shown');
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


@pytest.fixture(scope="module")
def day_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A dashboard serving the cup and the group day, each with its description."""
    sessions = tmp_path_factory.mktemp("day-sessions")
    write_cup(sessions)
    write_group_day(sessions)
    data = tmp_path_factory.mktemp("day")
    for description in sessions.glob("*/tournament.toml"):
        (data / description.parent.name).mkdir()
        (data / description.parent.name / "tournament.toml").write_bytes(description.read_bytes())
    with serve_dashboard(sessions, data) as url:
        yield url


@pytest.fixture(params=sorted(SIZES))
def hall(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A tab of a projector's screen: 1920×1080 and 1280×720."""
    context = browser.new_context(viewport=SIZES[request.param])  # type: ignore[arg-type]
    try:
        yield context.new_page()
    finally:
        context.close()


def open_projector(page: Page, url: str, **params: str) -> None:
    page.goto(f"{url}/tournament?" + urlencode({"view": "projector", **params}))
    page.locator(".projector .pj-panel").first.wait_for(state="attached", timeout=WAIT_MS)


def screenshots(page: Page, name: str, count: int) -> list[Path]:
    """Each panel shown in turn and saved (``<name>-<panel>-<width>.png``)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    width = page.viewport_size["width"] if page.viewport_size else 0
    paths = []
    for index in range(count):
        page.evaluate(SHOW_PANEL, index)
        path = SCREENSHOTS / f"{name}-{index}-{width}.png"
        page.screenshot(path=str(path))
        paths.append(path)
    return paths


def test_every_panel_of_the_cup_fits_the_screen_in_large_print(hall: Page, day_url: str) -> None:
    open_projector(hall, day_url, event=CUP)
    expect(hall.locator('[data-testid="stException"]')).to_have_count(0)
    panels = hall.evaluate(MEASURE)
    kinds = [panel["kind"] for panel in panels]
    assert kinds == ["standings", "bracket", "now"], kinds
    for panel in panels:
        assert panel["texts"] > 0
        assert panel["outside"] == [], (panel["title"], panel["outside"])
        assert panel["smallest"] >= SMALLEST_PX, (panel["title"], panel["smallest"])
    report = {panel["title"]: panel["smallest"] for panel in panels}
    print(f"smallest text by panel at {hall.viewport_size}: {json.dumps(report)}")
    scrolled = hall.evaluate(
        "() => [document.scrollingElement.scrollHeight - window.innerHeight,"
        " document.scrollingElement.scrollWidth - window.innerWidth]"
    )
    assert scrolled[0] <= 0 and scrolled[1] <= 0
    now = hall.locator('.pj-panel[data-kind="now"]')
    expect(now.locator(".pj-match")).to_have_count(1)
    expect(now.locator(".pj-match")).to_contain_text("QF3")
    expect(now.locator(".pj-rummy")).to_have_count(3)
    babu = now.locator(".pj-rummy .pj-side", has_text="Babu")
    expect(babu).to_have_text("Babu160")
    expect(now.locator(".pj-rummy .pj-out", has_text="Deepu")).to_have_text("Deepu280 out")
    standings = hall.locator('.pj-panel[data-kind="standings"] thead').first
    expect(standings).to_have_text("TeamPWLvLPtsDiff")
    screenshots(hall, "projector-cup", len(panels))


def test_a_group_match_in_progress_is_on_now(hall: Page, day_url: str) -> None:
    open_projector(hall, day_url, event=GROUP_DAY, panels="now,standings")
    panels = hall.evaluate(MEASURE)
    assert [panel["kind"] for panel in panels] == ["now", "standings"]
    for panel in panels:
        assert panel["outside"] == [] and panel["smallest"] >= SMALLEST_PX, panel
    match = hall.locator('.pj-panel[data-kind="now"] .pj-match')
    expect(match).to_have_count(1)
    expect(match.locator(".pj-card-head")).to_have_text("Group · 2 of 4 shuffles")
    expect(match.locator(".pj-side").first).to_contain_text("Tuskers")
    screenshots(hall, "projector-group-day", len(panels))


def test_the_panels_turn_and_the_redraws_never_flicker(browser: Browser, day_url: str) -> None:
    context = browser.new_context(viewport=SIZES["1280"])  # type: ignore[arg-type]
    page = context.new_page()
    try:
        open_projector(page, day_url, event=CUP, panels="now,standings", turn="5")
        page.evaluate(WATCH)
        shown = [page.evaluate(VISIBLE)]
        for _ in range(14):
            time.sleep(0.5)
            shown.append(page.evaluate(VISIBLE))
        watch = page.evaluate("() => window.pjWatch")
    finally:
        context.close()
    assert all(len(now) == 1 for now in shown), shown
    assert {now[0] for now in shown} == {"0", "1"}, shown  # turned within 7 s of a 5 s turn
    assert watch["mutations"] > 0  # redrawn meanwhile (every 2 s)
    assert watch["samples"] > 100 and watch["bad"] == [], watch
