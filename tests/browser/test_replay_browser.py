"""The Replay page as a referee, a player and a coach use it, at 1280×800 and 390×844.

Hand 2 of the club night: Faiz (seat 6) throws Q♣ on a heart lead at step 12 while holding 7♥,
which he plays at step 17; the record stops after trick 2.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.conftest import DESKTOP, REPOSITORY, screenshot, serve_dashboard
from tests.browser.test_dashboard_browser import WAIT_MS, keys_ready, open_page, open_replay

pytestmark = pytest.mark.browser

CLUB = "club-night-40.tgn"
REVOKE_STEP, PROOF_STEP = 12, 17
REVOKE = "trick 1: Faiz (seat 6) threw Q♣ on a heart lead but held 7♥, played in trick 2"
BUTTONS = ("Deal", "Trick back", "Back", "Next", "Next trick", "Result")
REVOKE_LINK = "/replay?session=club-night-40.tgn&hand=6&step=16"
DOCS = (REPOSITORY / "docs" / "DASHBOARD.md", REPOSITORY / "README.md")


def alerts(page: Page, text: str) -> Locator:
    """The alert boxes that hold ``text``."""
    return page.locator('[data-testid="stAlert"]').filter(has_text=text)


def test_the_finding_is_flagged_on_the_table_and_seen_first(
    screen: Page, dashboard_url: str
) -> None:
    open_replay(screen, dashboard_url, f"session={CLUB}&hand=2&step={REVOKE_STEP}")
    alert = alerts(screen, "revoke")
    expect(alert).to_have_count(1, timeout=WAIT_MS)
    expect(alert).to_contain_text(f"error · revoke: {REVOKE}")
    played = screen.locator('[data-played="6"] [data-card="QC"][data-flag="finding"]')
    expect(played).to_be_visible()
    proof = screen.locator('.tp-seat[data-seat="6"] [data-card="7H"][data-flag="proof"]')
    expect(proof).to_be_visible()
    box, table = alert.bounding_box(), screen.locator(".tp-table").bounding_box()
    height = screen.viewport_size["height"] if screen.viewport_size else 0
    assert box is not None and table is not None
    assert box["y"] + box["height"] <= height and box["y"] < table["y"]
    screenshot(screen, "replay-finding-flagged")


def test_a_seat_learns_of_the_revoke_when_its_proof_is_played(
    screen: Page, dashboard_url: str
) -> None:
    open_replay(screen, dashboard_url, f"session={CLUB}&hand=2&step={REVOKE_STEP}&seat=1")
    expect(screen.get_by_text("Findings of hand 2 (0)")).to_be_visible(timeout=WAIT_MS)
    expect(alerts(screen, "revoke")).to_have_count(0)
    expect(screen.locator("[data-flag]")).to_have_count(0)
    open_replay(screen, dashboard_url, f"session={CLUB}&hand=2&step={PROOF_STEP}&seat=1")
    expect(alerts(screen, "revoke")).to_contain_text(REVOKE, timeout=WAIT_MS)
    expect(screen.locator('[data-played="6"] [data-card="7H"][data-flag="proof"]')).to_be_visible()
    expect(screen.get_by_text("Findings of hand 2 (1)")).to_be_visible()
    screenshot(screen, "replay-seat-learns-revoke")


def test_buttons_say_what_they_do_and_the_end_says_the_result(
    screen: Page, dashboard_url: str
) -> None:
    open_replay(screen, dashboard_url, f"session={CLUB}&hand=2&step=0&seat=2")
    for label in BUTTONS:
        button = screen.get_by_role("button", name=re.compile(rf"^\W*{label}\b"))
        expect(button.first).to_be_visible()
    screen.get_by_role("button", name=re.compile(r"^\W*Result\b")).click()
    end = alerts(screen, "called 24")
    expect(end).to_contain_text(
        "Dev called 24 for Blue (Biju, Dev, Faiz): they needed 24 and took 0 points before the "
        "record stops: unfinished.",
        timeout=WAIT_MS,
    )
    expect(end).to_contain_text("Score: unfinished: no score.")
    expect(end).to_contain_text(
        "The revoke by Faiz (seat 6) changed nothing in the score: no penalty was scored for it."
    )
    open_replay(screen, dashboard_url, f"session={CLUB}&hand=1&step=45")
    made = alerts(screen, "Chitra called 24")
    expect(made).to_contain_text(
        "Chitra called 24 for Red (Anil, Chitra, Eli): they needed 24 and took 40 points: made.",
        timeout=WAIT_MS,
    )
    expect(made).to_contain_text("Score: Red made 24: Blue take 1.")
    screenshot(screen, "replay-end-of-hand")


def test_arrow_keys_work_after_a_dropdown(screen: Page, dashboard_url: str) -> None:
    open_replay(screen, dashboard_url, f"session={CLUB}&hand=1&step=0")
    screen.locator('[data-testid="stSelectbox"]').filter(has_text="Hand").click()
    screen.get_by_role("option", name="2 · ⚠ 2 findings", exact=True).click()  # marked
    expect(screen).to_have_url(re.compile(r"hand=2&step=0$"), timeout=WAIT_MS)
    keys_ready(screen)
    screen.keyboard.press("ArrowRight")
    expect(screen).to_have_url(re.compile(r"hand=2&step=1$"), timeout=WAIT_MS)
    expect(screen.locator(".tp-headline")).to_have_text("Biju calls 20", timeout=WAIT_MS)
    keys_ready(screen)
    screen.locator('[data-testid="stSelectbox"]').filter(has_text="Seen by").click()
    screen.get_by_role("option", name="Dev (seat 4)").click()
    expect(screen).to_have_url(re.compile(r"step=1&seat=4$"), timeout=WAIT_MS)
    keys_ready(screen)
    screen.keyboard.press("End")
    expect(screen).to_have_url(re.compile(r"step=20&seat=4$"), timeout=WAIT_MS)


def test_a_seats_hand_list_is_unmarked_and_the_line_by_the_step_follows_what_he_knows(
    screen: Page, dashboard_url: str
) -> None:
    """Chosen in *Seen by*, Anil (seat 1) gets a Hand box without marks, the same at every step,
    and a line by the step that names hand 2's revoke only from step 17, when its proof is
    played; the step keys keep working (End, then ← goes one step back)."""
    open_replay(screen, dashboard_url, f"session={CLUB}&hand=2&step=16")
    hand_box = screen.get_by_role("combobox", name="Hand")
    expect(hand_box).to_have_value("2 · ⚠ 2 findings")  # the referee's list
    screen.locator('[data-testid="stSelectbox"]').filter(has_text="Seen by").click()
    screen.get_by_role("option", name="Anil (seat 1)").click()
    expect(screen).to_have_url(re.compile(r"step=16&seat=1$"), timeout=WAIT_MS)
    expect(hand_box).to_have_value("2", timeout=WAIT_MS)
    line = screen.get_by_text("Findings this seat knows of so far")
    expect(line).to_have_text("Findings this seat knows of so far: none.", timeout=WAIT_MS)
    keys_ready(screen)
    screen.keyboard.press("ArrowRight")
    expect(screen).to_have_url(re.compile(r"step=17&seat=1$"), timeout=WAIT_MS)
    expect(line).to_have_text("Findings this seat knows of so far: hand 2 · ⚠ 1 finding.")
    expect(hand_box).to_have_value("2")
    keys_ready(screen)
    screen.keyboard.press("End")
    expect(screen).to_have_url(re.compile(r"step=20&seat=1$"), timeout=WAIT_MS)
    keys_ready(screen)
    screen.keyboard.press("ArrowLeft")
    expect(screen).to_have_url(re.compile(r"step=19&seat=1$"), timeout=WAIT_MS)
    expect(hand_box).to_have_value("2")
    screenshot(screen, "replay-seat-marks-by-the-step")


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("session=nowhere.tgn&hand=1", "The link names the session 'nowhere.tgn', which is not"),
        (f"session={CLUB}&hand=9", "The link asks for hand 9, but club-night-40.tgn"),
        (f"session={CLUB}&hand=2&step=99", "The link asks for step 99, but hand 2 has steps 0"),
        (f"session={CLUB}&hand=2&step=3&seat=7", "The link asks for seat 7, but club-night"),
    ],
)
def test_a_link_to_what_is_not_here_says_so(
    screen: Page, dashboard_url: str, query: str, message: str
) -> None:
    open_page(screen, dashboard_url, f"replay?{query}", '[data-testid="stAlert"]')
    expect(alerts(screen, message)).to_have_count(1)
    expect(screen.locator(".tp-wrap")).to_have_count(0)
    expect(screen.get_by_role("link", name=re.compile("^Open hand 1 of"))).to_be_visible()
    screenshot(screen, "replay-unknown-link")


def doc_links() -> list[str]:
    """Every Replay link the docs give as an example."""
    return sorted(
        {link for doc in DOCS for link in re.findall(r"`(/replay\?[^`\s]+)`", doc.read_text())}
    )


def test_the_docs_links_open_what_the_bundled_data_holds(browser: Browser, tmp_path: Path) -> None:
    links = doc_links()
    assert REVOKE_LINK in links
    data = tmp_path / "data"
    data.mkdir()
    page = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
    try:
        with serve_dashboard(REPOSITORY / "data", data) as url:
            for link in links:
                open_page(page, url, link.lstrip("/"), '[data-testid="stAlert"], .tp-wrap')
                expect(page.locator(".tp-wrap")).to_have_count(1)
                expect(alerts(page, "The link")).to_have_count(0)
            open_replay(page, url, REVOKE_LINK.removeprefix("/replay?"))
            expect(alerts(page, "revoke")).to_contain_text("Suma (seat 2) threw 9♣")
            expect(page.locator('[data-card="7H"][data-flag="proof"]')).to_be_visible()
    finally:
        page.close()
