"""Every chart of the dashboard readable on a phone (390 px), on the bundled data (33 players):
each category written under its axis (never every other one), no two labels of an axis over each
other nor cut at the chart's edge, no title or flag's name over another or crossed by a line (a
trace's or a flag's dotted one), no text below a readable size (no 5 px bar labels), and no
plotly toolbar (mode bar) over a chart's title, even when a finger rests on the chart.

The charts: Scores (the running score and the calls against points, of a 40, a 29 and a 28
session, and a Rummy table's totals), Players (calls made, calls by level, points as caller,
findings by code) and Coaching (points given away per trick). The Tournament page draws none."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from recorder.archive import ARCHIVE_ENV
from tests.browser.conftest import PHONE, run_dashboard, screenshot, serve_dashboard
from tests.browser.test_analysis_browser import DATA, SOLVING_MS
from tests.browser.test_dashboard_browser import WAIT_MS, open_page, settle
from tests.browser.test_widget_fonts_browser import drawn_in

pytestmark = pytest.mark.browser

SMALLEST_PX = 11
"""The smallest text a chart may write on a phone, in CSS pixels (plotly's own default is 12)."""
CHARTS = {
    "scores?session=club-night-40.tgn": ["scores-running", "scores-calls"],
    "scores?session=rubber-29.tgn": ["scores-running", "scores-calls"],
    "scores?session=tournament-28.tgn": ["scores-running", "scores-calls"],
    "scores?session=rummy-first-round.tgn": ["scores-rummy-totals"],
    "players?player=Suma": [
        "players-success",
        "players-levels",
        "players-margin",
        "players-findings",
    ],
    "players?player=Jose": ["players-levels", "players-margin"],
}
COACHING = "coaching?player=Biju"  # the one hand of TGN.md's example, solved in seconds
READ = """(holder) => {
    const plot = holder.querySelector('.js-plotly-plot');
    const frame = plot.getBoundingClientRect();
    const layout = plot._fullLayout;
    const categories = {};
    for (const name of Object.keys(layout)) {
        const axis = layout[name];
        if (/^[xy]axis\\d*$/.test(name) && axis.type === 'category' && axis.visible !== false)
            categories[axis._id] = axis._categories.length;
    }
    const texts = [...plot.querySelectorAll(
        '[class$="axislayer-above"] text, .bartext, .legendtext, .gtitle, '
        + '.g-xtitle text, .g-ytitle text, .annotation-text')];
    const labels = texts.filter((text) => text.textContent.trim()).map((text) => {
        const box = text.getBoundingClientRect();
        const tick = text.closest('g[class$="tick"]');
        const scale = text.getScreenCTM();  // plotly shrinks a bar's text by a transform
        return {
            text: text.textContent,
            axis: tick ? tick.getAttribute('class').replace('tick', '') : null,
            note: text.classList.contains('annotation-text'),
            size: parseFloat(getComputedStyle(text).fontSize) * Math.hypot(scale.a, scale.b),
            left: box.left, right: box.right, top: box.top, bottom: box.bottom,
        };
    });
    const lines = [...plot.querySelectorAll('.scatterlayer .js-line, .shapelayer path')]
        .filter((path) => path.getTotalLength() > 0).map((path) => {
            const scale = path.getScreenCTM();
            const length = path.getTotalLength();
            const points = [];
            for (let at = 0; at <= length; at += 2) {
                const point = path.getPointAtLength(at);
                points.push([scale.a * point.x + scale.c * point.y + scale.e,
                             scale.b * point.x + scale.d * point.y + scale.f]);
            }
            const kind = path.closest('.shapelayer') ? 'shape line' : 'line';
            return {kind, points};
        });
    return {frame: {left: frame.left, right: frame.right}, categories, labels, lines};
}"""
"""What plotly.js wrote in a chart: every label with its axis (``x``, ``y2`` ...; none for bar
texts, legends and titles), its font size as drawn (scaled as plotly scales a bar's text) and its
box, the chart's edges, how many categories each category axis holds, and the points (every 2 px,
on the screen) of each line it drew: a trace's line, or a shape's (a flag's dotted line)."""
TITLES = """(holder) => [...holder.querySelectorAll(
        '.gtitle, .annotation-text, .g-xtitle text, .g-ytitle text')]
    .filter((title) => title.textContent.trim())
    .map((title) => {
        const box = title.getBoundingClientRect();
        const [x, y] = [(box.left + box.right) / 2, (box.top + box.bottom) / 2];
        const top = document.elementFromPoint(x, y);
        return [title.textContent, !!top && !!top.closest('.modebar, .modebar-container')];
    })"""
"""Each title of a chart, and whether the element drawn over its middle is the mode bar."""


def overlapping(labels: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The pairs of labels of one axis whose boxes cover each other (by more than a pixel)."""
    pairs = []
    for index, one in enumerate(labels):
        for other in labels[index + 1 :]:
            wide = min(one["right"], other["right"]) - max(one["left"], other["left"])
            high = min(one["bottom"], other["bottom"]) - max(one["top"], other["top"])
            if wide > 1 and high > 1:
                pairs.append((one["text"], other["text"]))
    return pairs


def drawn(page: Page, key: str) -> dict[str, Any]:
    """The chart under ``key`` scrolled into view, drawn by plotly.js, and what it wrote."""
    holder = page.locator(f".st-key-{key}")
    holder.scroll_into_view_if_needed(timeout=WAIT_MS)
    holder.locator(".js-plotly-plot .main-svg").first.wait_for(timeout=WAIT_MS)
    page.wait_for_timeout(300)  # plotly's second pass, which places the automatic margins
    written: dict[str, Any] = holder.evaluate(READ)
    return written


def unreadable(written: dict[str, Any]) -> list[str]:
    """Everything that keeps a chart from being read on a phone, in words (empty: readable)."""
    problems = []
    labels = written["labels"]
    for label in labels:
        if label["size"] < SMALLEST_PX:
            problems.append(f"{label['text']!r} is {label['size']} px")
        if (
            label["left"] < written["frame"]["left"] - 1
            or label["right"] > written["frame"]["right"] + 1
        ):
            problems.append(f"{label['text']!r} is cut at the chart's edge")
    for axis, count in written["categories"].items():
        ticks = [label for label in labels if label["axis"] == axis]
        if len(ticks) != count:
            problems.append(f"{len(ticks)} of the {count} categories written under {axis}")
    for axis in {label["axis"] for label in labels if label["axis"]}:
        ticks = [label for label in labels if label["axis"] == axis]
        problems += [f"{one!r} over {other!r} on {axis}" for one, other in overlapping(ticks)]
    notes = [label for label in labels if label["note"]]  # subplot titles, a flag's name
    problems += [f"{one!r} over {other!r}" for one, other in overlapping(notes)]
    problems += [
        f"{note['text']!r} over a {line['kind']}"
        for note in notes
        for line in written["lines"]
        if crossing(note, line["points"])
    ]
    return problems


def crossing(label: dict[str, Any], points: list[list[float]]) -> bool:
    """Whether a line passes through a label's box (more than a pixel inside it)."""
    return any(
        label["left"] + 1 < x < label["right"] - 1 and label["top"] + 1 < y < label["bottom"] - 1
        for x, y in points
    )


def coaching_drawn(page: Page, url: str) -> None:
    """Coaching of a player of the one-hand example, analysed (at once when the server has)."""
    open_page(page, url, COACHING, "h1")
    button = page.get_by_role("button", name=re.compile(r"^Analyse \d+ hand"))
    if button.count():
        button.click()
    page.locator(".st-key-coaching-figure").wait_for(timeout=SOLVING_MS)
    settle(page)


LONG = "long-night-40.tgn"
LONG_HANDS = 36


def long_session() -> str:
    """The club night's nine hands played four times over: a session of ``LONG_HANDS`` hands."""
    text = (DATA / "club-night-40.tgn").read_text(encoding="utf-8")
    head, *hands = re.split(r'(?=\[Hand "\d+"\])', text)
    return head + "".join(
        re.sub(r'\[Hand "\d+"\]', f'[Hand "{number}"]', hands[(number - 1) % len(hands)])
        for number in range(1, LONG_HANDS + 1)
    )


@pytest.fixture(scope="module")
def data_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A dashboard serving a copy of the whole bundled ``data/`` folder, its tournament's
    sessions included (33 players), with no archive."""
    data = tmp_path_factory.mktemp("whole") / "data"
    shutil.copytree(DATA, data)
    no_archive = {**os.environ, ARCHIVE_ENV: str(data.parent / "no-archive.sqlite")}
    with run_dashboard(data, no_archive, data.parent / "dashboard.log") as url:
        yield url


@pytest.fixture(scope="module")
def long_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A dashboard serving one session of ``LONG_HANDS`` hands."""
    sessions = tmp_path_factory.mktemp("long-sessions")
    (sessions / LONG).write_text(long_session(), encoding="utf-8")
    with serve_dashboard(Path(sessions), tmp_path_factory.mktemp("long")) as url:
        yield url


@pytest.fixture
def phone(browser: Browser) -> Any:
    context = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    try:
        yield context.new_page()
    finally:
        context.close()


def test_every_chart_is_readable_on_a_phone(phone: Page, data_url: str) -> None:
    problems: dict[str, list[str]] = {}
    for address, keys in CHARTS.items():
        open_page(phone, data_url, address, f".st-key-{keys[0]}")
        for key in keys:
            written = drawn(phone, key)
            assert written["labels"], (address, key)
            problems[f"{address} {key}"] = unreadable(written)
            name = re.sub(r"\W+", "-", f"{address}-{key}")
            screenshot(phone, f"chart-phone-{name}", f".st-key-{key}")
    coaching_drawn(phone, data_url)
    problems["coaching"] = unreadable(drawn(phone, "coaching-figure"))
    screenshot(phone, "chart-phone-coaching", ".st-key-coaching-figure")
    assert {chart: found for chart, found in problems.items() if found} == {}


def test_a_long_sessions_hand_numbers_do_not_run_into_each_other(
    phone: Page, long_url: str
) -> None:
    open_page(phone, long_url, f"scores?session={LONG}", ".st-key-scores-running")
    for key in ("scores-running", "scores-calls"):
        written = drawn(phone, key)
        hands = [label for label in written["labels"] if label["axis"] and label["axis"][0] == "x"]
        assert 4 <= len(hands) < LONG_HANDS, key  # numbered, every few hands
        assert unreadable(written) == [], key
        screenshot(phone, f"chart-phone-long-{key}", f".st-key-{key}")


def test_the_success_chart_names_every_player_in_its_table_or_its_bars(
    phone: Page,
    data_url: str,
) -> None:
    """The players with the most calls in the chart (a top twelve), every player in the table."""
    open_page(phone, data_url, "players", ".st-key-players-success")
    written = drawn(phone, "players-success")
    named = [label["text"] for label in written["labels"] if label["axis"] == "y"]
    table = phone.locator(".tp-frame table").first
    players = table.locator("tbody tr").count()
    assert players > len(named) == 12
    for name in named:
        expect(table).to_contain_text(name)


def test_no_toolbar_lies_over_a_charts_titles_on_a_phone(
    phone: Page,
    data_url: str,
) -> None:
    open_page(phone, data_url, "scores?session=club-night-40.tgn", ".st-key-scores-running")
    for key in ("scores-running", "scores-calls"):
        drawn(phone, key)
        holder = phone.locator(f".st-key-{key}")
        holder.locator(".js-plotly-plot .nsewdrag").first.hover()  # a finger on the chart
        phone.wait_for_timeout(300)
        covered = [title for title, under in holder.evaluate(TITLES) if under]
        assert covered == [], key
        expect(holder.locator(".modebar-btn")).to_have_count(0)
        screenshot(phone, f"chart-phone-hovered-{key}", f".st-key-{key}")


COACHED = "Jose"  # the club night's Jose: costly decisions of all three kinds, so a long legend
WIDE_FONT = '"DejaVu Sans", sans-serif'
"""A font wider than the charts' own: a phone's system font, as a chart may be drawn in before its
font (Streamlit's Source Sans, ``chart.js``) has come; the Coaching chart's legend then wraps onto
two rows at 390 px."""
SOURCE_SANS = "**/static/media/SourceSans*"
"""Streamlit's Source Sans files, kept from the wide font's page so that its charts fall back."""
ROOMS = """(holder) => {
    const box = (element) => {
        const edges = element.getBoundingClientRect();
        return {left: edges.left, right: edges.right, top: edges.top, bottom: edges.bottom};
    };
    const plot = holder.querySelector('.js-plotly-plot');
    const legend = plot.querySelector('.legend .bg');
    return {
        chart: box(plot.querySelector('.main-svg')),
        plot: box(plot.querySelector('.nsewdrag')),
        legend: legend ? box(legend) : null,
        titles: [...plot.querySelectorAll('.g-xtitle text, .g-ytitle text')]
            .map((title) => [title.textContent, box(title)]),
    };
}"""
"""Where plotly.js drew a chart's parts: its box, its plot area, its legend and its axis titles."""


def inside(inner: dict[str, float], outer: dict[str, float]) -> bool:
    """Whether a box lies within another (a pixel's rounding allowed)."""
    return (
        inner["left"] >= outer["left"] - 1
        and inner["right"] <= outer["right"] + 1
        and inner["top"] >= outer["top"] - 1
        and inner["bottom"] <= outer["bottom"] + 1
    )


def over(one: dict[str, float], other: dict[str, float]) -> bool:
    """Whether two boxes cover each other by more than a pixel."""
    wide = min(one["right"], other["right"]) - max(one["left"], other["left"])
    high = min(one["bottom"], other["bottom"]) - max(one["top"], other["top"])
    return wide > 1 and high > 1


@pytest.fixture(scope="module")
def club_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A dashboard serving the bundled club night alone (nine hands, solved in seconds)."""
    sessions = tmp_path_factory.mktemp("club-sessions")
    shutil.copy(DATA / "club-night-40.tgn", sessions / "club-night-40.tgn")
    with serve_dashboard(sessions, tmp_path_factory.mktemp("club")) as url:
        yield url


@pytest.mark.parametrize("font", [None, WIDE_FONT], ids=["page-font", "wide-font"])
def test_the_coaching_charts_axis_titles_are_inside_its_box_on_a_phone(
    phone: Page, club_url: str, font: str | None
) -> None:
    """At 390 px, in the charts' font and in a wider one (Source Sans never comes, and the page's
    fonts after it are the wide one): both axis titles whole inside the chart's box, and the legend
    in a room of its own, over neither the plot nor a title."""
    if font is not None:
        style = f"*{{--st-font:{font} !important}}"
        phone.add_init_script(
            "document.addEventListener('DOMContentLoaded', () => {"
            "const style = document.createElement('style');"
            f"style.textContent = {style!r}; document.head.appendChild(style);}});"
        )
        phone.route(SOURCE_SANS, lambda route: route.abort())
    open_page(phone, club_url, f"coaching?player={COACHED}", "h1")
    button = phone.get_by_role("button", name=re.compile(r"^Analyse \d+ hand"))
    if button.count():
        button.click()
    phone.locator(".st-key-coaching-figure").wait_for(timeout=5 * SOLVING_MS)
    settle(phone)
    drawn(phone, "coaching-figure")
    rooms = phone.locator(".st-key-coaching-figure").evaluate(ROOMS)
    titles = dict(rooms["titles"])
    assert set(titles) == {"Trick (0: the trump choice)", "Points given away"}
    assert [title for title, box in titles.items() if not inside(box, rooms["chart"])] == []
    legend = rooms["legend"]
    assert legend is not None and inside(legend, rooms["chart"])
    assert not over(legend, rooms["plot"]), (legend, rooms["plot"])
    assert [title for title, box in titles.items() if over(legend, box)] == []
    legend_fonts = {family for family, _ in drawn_in(phone, ".st-key-coaching-figure .legendtext")}
    if font is None:  # Streamlit's Source Sans (its file's own name)
        assert legend_fonts and all(name.startswith("SourceSans") for name in legend_fonts)
    else:
        assert legend_fonts == {"DejaVu Sans"}, legend_fonts
    name = "coaching-axis-titles" + ("-wide-font" if font else "")
    screenshot(phone, f"chart-phone-{name}", ".st-key-coaching-figure")
