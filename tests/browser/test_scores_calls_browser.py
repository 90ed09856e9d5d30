"""The Scores page's "Calls against points taken" chart as Chromium draws it, on the bundled 40, 28
and 29 sessions at both screen sizes: one bar a hand, one hand wide at most, centred on its hand,
on an axis that ends half a hand past the last hand charted."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from dashboard.library import load
from dashboard.views.tricks.scores import call_points
from tests.browser.conftest import REPOSITORY, screenshot
from tests.browser.test_analysis_browser import bundled_url  # noqa: F401  (the shared fixture)
from tests.browser.test_dashboard_browser import WAIT_MS, open_page

pytestmark = pytest.mark.browser

DATA = REPOSITORY / "data"

MEASURE = """(chart) => {
    const plot = chart.querySelector('.js-plotly-plot');
    const axis = plot._fullLayout.xaxis;
    const origin = plot.querySelector('.main-svg').getBoundingClientRect().left + axis._offset;
    const hand = axis.l2p(1) - axis.l2p(0);
    const bars = [...plot.querySelectorAll('.barlayer .point path')].map((path) => {
        const box = path.getBoundingClientRect();
        return {centre: axis.p2l(box.left + box.width / 2 - origin), width: box.width / hand};
    });
    return {range: axis.range, bars: bars};
}"""


@pytest.mark.parametrize("name", ["club-night-40.tgn", "rubber-29.tgn", "tournament-28.tgn"])
def test_each_call_is_one_bar_on_its_own_hand(screen: Page, bundled_url: str, name: str) -> None:  # noqa: F811
    loaded = load(name, name, (DATA / name).read_bytes())
    assert loaded.score is not None and loaded.record is not None
    hands = sorted(int(hand) for hand in call_points(loaded.score, loaded.record)["hand"])

    open_page(screen, bundled_url, f"scores?session={name}", ".st-key-scores-calls")
    chart = screen.locator(".st-key-scores-calls")
    chart.scroll_into_view_if_needed()  # a chart is drawn once near the view
    expect(chart.locator(".barlayer .point path")).to_have_count(len(hands), timeout=WAIT_MS)
    measured: dict[str, Any] = chart.evaluate(MEASURE)
    screenshot(screen, f"scores-calls-{name.removesuffix('.tgn')}", ".st-key-scores-calls")

    assert measured["range"] == pytest.approx([hands[0] - 0.5, hands[-1] + 0.5])
    bars = sorted(measured["bars"], key=lambda bar: bar["centre"])
    assert [bar["centre"] for bar in bars] == pytest.approx(hands, abs=0.02)
    assert all(bar["width"] == pytest.approx(0.8, abs=0.02) for bar in bars)
