"""Streamlit's own widgets and text in the fonts the package ships, in Chromium (DASHBOARD.md, *The
same look on every machine*): on the Players page of a session whose players are named in
Malayalam and Bengali, the player picker (a Streamlit selectbox), the page's title, caption and
the picker's label name the shipped families first (as does the Sessions page's data grid), and
Chromium draws the Malayalam name in the shipped Noto Sans Malayalam, loaded from the dashboard's
static serving (a caller's Malayalam name in the chart of calls made too, whose letters are in
Streamlit's Source Sans); no font is asked of any other host. In a light and a dark system setting
alike: the page still follows it. Code (the Record page's TGN text) keeps Streamlit's monospace
face for its Latin letters and draws the names in the shipped faces: no glyph of the picker's name
or of the code is drawn in a font of the machine's."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import Browser, Page, Request, Response, expect

from dashboard.views.fonts import CODE_FONT, FONT_STACK, SERVED
from recorder import read
from recorder.archive import ARCHIVE_ENV, events_from_record, open_archive
from tests.archive_sessions import stored_event_by_event
from tests.browser.conftest import DESKTOP, run_dashboard, screenshot, serve_dashboard
from tests.browser.test_dashboard_browser import WAIT_MS, draw_chart, open_page

pytestmark = pytest.mark.browser

EXAMPLE = Path(__file__).resolve().parents[2] / "data" / "tgn-example-40.tgn"
MALAYALAM = "അനിൽ"
BENGALI = "বিজু"
CALLER = "ചിത്ര"
"""The only player of the hand who called: the Players page's chart of calls made names him."""
SHIPPED = [family.strip('"') for family in FONT_STACK.split(",") if family.startswith('"')]
"""The shipped families, in the order every page names them."""
MALAYALAM_FILE = "noto-sans-malayalam-malayalam-400-normal.woff2"

FAMILIES = """(element) => getComputedStyle(element).fontFamily
    .split(',').map((family) => family.trim().replace(/^["']|["']$/g, ''))"""
"""The families an element's ``font-family`` names, in order, unquoted."""
GRID_FAMILIES = """(element) => getComputedStyle(element).getPropertyValue('--gdg-font-family')
    .split(',').map((family) => family.trim().replace(/^["']|["']$/g, ''))"""
"""The families Streamlit's data grid draws its canvas in, in order, unquoted."""
FACES = """async () => {
    await document.fonts.ready;
    return [...document.fonts].map((face) => [face.family.replace(/^["']|["']$/g, ''),
                                              face.weight, face.status]);
}"""
"""Every face the page declares, once every face it has begun loading is loaded: family (unquoted),
weight and status."""
DARK = """() => {
    const [red, green, blue] = getComputedStyle(document.querySelector('[data-testid="stApp"]'))
        .backgroundColor.match(/\\d+/g).map(Number);
    return 0.299 * red + 0.587 * green + 0.114 * blue < 128;
}"""
"""Whether the app's background is dark."""


def named_session() -> str:
    """TGN.md's example hand with its first three players named in Malayalam and Bengali."""
    text = EXAMPLE.read_text(encoding="utf-8").replace(
        "Anil, Biju, Chitra", f"{MALAYALAM}, {BENGALI}, {CALLER}"
    )
    assert MALAYALAM in text
    return text


@pytest.fixture(scope="module")
def named_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A dashboard serving the named hand as a file."""
    sessions = tmp_path_factory.mktemp("named-sessions")
    (sessions / "names-40.tgn").write_text(named_session(), encoding="utf-8")
    with serve_dashboard(sessions, tmp_path_factory.mktemp("named")) as url:
        yield url


def drawn_in(page: Page, selector: str) -> list[tuple[str, bool]]:
    """The fonts Chromium drew the first ``selector``'s text in (DevTools' platform fonts): each
    font's family and whether it is a web font (``@font-face``) rather than the machine's."""
    devtools = page.context.new_cdp_session(page)
    try:
        devtools.send("DOM.enable")
        devtools.send("CSS.enable")
        root = devtools.send("DOM.getDocument", {"depth": -1, "pierce": True})["root"]
        found = devtools.send("DOM.querySelector", {"nodeId": root["nodeId"], "selector": selector})
        fonts = devtools.send("CSS.getPlatformFontsForNode", {"nodeId": found["nodeId"]})["fonts"]
        return [(font["familyName"], font["isCustomFont"]) for font in fonts]
    finally:
        devtools.detach()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_malayalam_name_in_a_streamlit_widget_is_drawn_in_the_shipped_face(
    browser: Browser, named_url: str, scheme: str
) -> None:
    context = browser.new_context(viewport=DESKTOP, color_scheme=scheme)  # type: ignore[arg-type]
    try:
        page = context.new_page()
        requested: list[str] = []
        fonts: list[tuple[str, int]] = []

        def note_request(request: Request) -> None:
            requested.append(request.url)

        def note_font(response: Response) -> None:
            if response.request.resource_type == "font":
                fonts.append((response.url, response.status))

        page.on("request", note_request)
        page.on("response", note_font)
        open_page(page, named_url, f"players?player={quote(MALAYALAM)}", "h1")
        picker = page.get_by_role("combobox", name="Player")
        expect(picker).to_have_value(MALAYALAM, timeout=WAIT_MS)
        faces = page.evaluate(FACES)
        for element in (
            picker,
            page.locator("h1").first,
            page.locator('[data-testid="stCaptionContainer"]').first,
            page.locator('[data-testid="stWidgetLabel"] p').first,
        ):
            assert element.evaluate(FAMILIES)[: len(SHIPPED)] == SHIPPED
        assert drawn_in(page, '[data-testid="stSelectbox"] input') == [
            ("Noto Sans Malayalam", True)  # a web font: the shipped face, not the machine's
        ]
        draw_chart(page, ".st-key-players-success")  # its letters in Streamlit's Source Sans
        assert drawn_in(page, ".st-key-players-success .ytick text") == [
            ("Noto Sans Malayalam", True)
        ]
        loaded = {family for family, _, status in faces if status == "loaded"}
        assert {"Noto Sans", "Noto Sans Malayalam", "Noto Sans Bengali"} <= loaded
        assert (f"{named_url}/{SERVED}/{MALAYALAM_FILE}", 200) in fonts
        host = urlsplit(named_url).netloc
        assert [url for url, _ in fonts if urlsplit(url).netloc != host] == []
        outside = [  # a blob: or data: address is the page's own
            url
            for url in requested
            if urlsplit(url).scheme not in ("blob", "data") and urlsplit(url).netloc != host
        ]
        assert outside == []
        assert page.evaluate(DARK) == (scheme == "dark")  # the theme follows the system's setting
        screenshot(page, f"widget-fonts-{scheme}")
    finally:
        context.close()


def test_names_in_streamlits_data_grid_are_drawn_in_the_shipped_faces(
    desktop: Page, named_url: str
) -> None:
    """The Sessions page's list is Streamlit's data grid, drawn on a canvas: its font names the
    shipped families first, and the Malayalam and Bengali faces are loaded for its names."""
    open_page(desktop, named_url, "", '[data-testid="stDataFrame"]')
    grid = desktop.locator('[data-testid="stDataFrame"] [style*="--gdg-font-family"]').first
    assert grid.evaluate(GRID_FAMILIES)[: len(SHIPPED)] == SHIPPED
    loaded = {family for family, _, status in desktop.evaluate(FACES) if status == "loaded"}
    assert {"Noto Sans Malayalam", "Noto Sans Bengali"} <= loaded
    screenshot(desktop, "widget-fonts-grid", '[data-testid="stDataFrame"]')


def test_names_in_code_are_drawn_in_the_shipped_faces_beside_streamlits_monospace(
    desktop: Page, tmp_path: Path
) -> None:
    record = read(named_session(), "names-40.tgn").record
    assert record is not None
    location = tmp_path / "names.sqlite"
    archive = open_archive(str(location))
    session = stored_event_by_event(archive, events_from_record(record))
    environment = {**os.environ, ARCHIVE_ENV: str(location)}
    with run_dashboard(location, environment, tmp_path / "server.log") as url:
        open_page(desktop, url, f"record?session={session}", '[data-testid="stExpander"]')
        desktop.get_by_text("TGN", exact=True).first.click()  # the expander of the session's text
        code = desktop.locator('[data-testid="stCode"] code').first
        expect(code).to_contain_text(f'[Players "{MALAYALAM}, {BENGALI}, ', timeout=WAIT_MS)
        assert code.evaluate(FAMILIES)[: len(SHIPPED)] == [CODE_FONT, *SHIPPED[1:]]
        desktop.evaluate(FACES)  # every face begun is loaded
        drawn = drawn_in(desktop, '[data-testid="stCode"] code')
        assert {("Noto Sans Malayalam", True), ("Noto Sans Bengali", True)} <= set(drawn)
        assert [family for family, web in drawn if not web] == []  # none of the machine's
        screenshot(desktop, "widget-fonts-code", '[data-testid="stCode"]')
