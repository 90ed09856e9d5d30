"""The Coaching page in Chromium on the bundled club night: the headline totals agree with the
chart and the "by kind" table (the one definition stated on the page), every costly decision links
to its Replay moment, and a hand the server has solved shows at once in a new tab."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from replay.solver.coaching import POINTS_GIVEN_AWAY
from tests.browser.conftest import screenshot
from tests.browser.test_analysis_browser import (
    SOLVING_MS,
    bundled_url,  # noqa: F401  (the shared fixture)
)
from tests.browser.test_dashboard_browser import WAIT_MS, draw_chart, open_page, settle
from tests.tables import table_of

pytestmark = pytest.mark.browser

CLUB = "club-night-40.tgn"
COACHED = "Suma"  # her 3♠-first hands: main's headline said 20 beside a breakdown of 24

CHART_SUM = """(chart) => chart.querySelector('.js-plotly-plot').data
    .reduce((total, trace) => total + trace.y.reduce((a, b) => a + b, 0), 0)"""


def metric(page: Page, label: str) -> str:
    """The value shown by the headline metric of that label."""
    box = page.get_by_test_id("stMetric").filter(has_text=label)
    return str(box.get_by_test_id("stMetricValue").inner_text())


def analysed_page(page: Page, url: str) -> None:
    """Open Suma's coaching on the club night and analyse it (at once when the server has)."""
    open_page(page, url, f"coaching?player={COACHED}", "h1")
    button = page.get_by_role("button", name=re.compile(r"^Analyse \d+ hand"))
    if button.count():
        button.click()
    draw_chart(page, ".st-key-coaching-figure", SOLVING_MS * 3)
    settle(page)


def test_the_headline_agrees_with_the_chart_and_the_tables(screen: Page, bundled_url: str) -> None:  # noqa: F811
    analysed_page(screen, bundled_url)
    expect(screen.get_by_text(POINTS_GIVEN_AWAY)).to_be_visible()
    given_away = int(metric(screen, "Points given away"))
    screenshot(screen, "coaching-totals")
    by_kind = table_of(screen, "Kind", "Decisions")
    assert sum(int(points) for points in by_kind["Points"]) == given_away
    by_trick = table_of(screen, "Trick", "Decisions")
    assert sum(int(points) for points in by_trick["Points"]) == given_away
    chart = screen.locator(".st-key-coaching-figure")
    assert chart.evaluate(CHART_SUM) == given_away
    chart.scroll_into_view_if_needed()
    screenshot(screen, "coaching-totals-chart")
    decisions = table_of(screen, "Played", "Label")  # every row and column, at both sizes
    assert sum(int(cost) for cost in decisions["Cost"]) == given_away
    labels = list(decisions["Label"])
    for label, title in (
        ("inaccuracy", "Inaccuracies"),
        ("mistake", "Mistakes"),
        ("blunder", "Blunders"),
    ):
        assert int(metric(screen, title)) == labels.count(label), title


def test_a_costly_decision_opens_its_moment_and_a_new_tab_needs_no_analysis(
    contexts: dict[str, BrowserContext],
    bundled_url: str,  # noqa: F811
) -> None:
    context = contexts["desktop"]
    first = context.new_page()
    try:
        analysed_page(first, bundled_url)
    finally:
        first.close()
    page = context.new_page()
    try:
        open_page(page, bundled_url, f"coaching?player={COACHED}", ".st-key-coaching-figure")
        expect(page.get_by_role("button", name=re.compile(r"^Analyse"))).to_have_count(0)
        page.locator(".tp-frame").filter(has_text="referee's view").scroll_into_view_if_needed()
        screenshot(page, "coaching-decisions")
        first = table_of(page, "Played", "Label").iloc[0]
        link, hand, trick, kind, played = (
            first[column] for column in ("Replay", "Hand", "Trick", "Kind", "Played")
        )
        assert kind == "card play" or kind == "trump timing"
        assert link.startswith(f"replay?session={CLUB}&hand={hand}&step=")
        assert "seat=" not in link
    finally:
        page.close()
    replay = context.new_page()  # the link, opened as a new tab does
    try:
        open_page(replay, bundled_url, link, ".tp-wrap")
        expect(replay.locator(".tp-headline")).to_have_text(
            f"Trick {trick}: {COACHED} plays {played.split()[-1]}", timeout=WAIT_MS
        )
        expect(replay.get_by_role("button", name="Analyse this hand")).to_have_count(0)
        verdict = replay.get_by_test_id("stAlert").filter(has_text=f"{COACHED},")
        expect(verdict).to_contain_text(f"{played}: cost", timeout=WAIT_MS)
        screenshot(replay, "coaching-decision-in-replay")
    finally:
        replay.close()
