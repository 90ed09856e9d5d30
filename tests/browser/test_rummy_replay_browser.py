"""A Rummy deal on the Replay page in Chromium at 1280×800 and 390×844: stepping its turn log
with the keyboard, and a seat's view that sends the browser no card the seat could not know.

Deal 6 of the bundled ``rummy-first-round.tgn`` records every seat's 13 cards and 14 turns. What a
seat may know is worked out here from the record itself, apart from the dashboard's own filter:
its own dealt cards and the cards it drew that the record names, the cut joker, the open card,
every card thrown and every card taken from the open pile so far, and at the end of the deal the
declared and shown hands (a declaration's face-down card only for its declarer).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from dashboard.library import load
from dashboard.views.cards import card_label
from recorder.model import Record
from recorder.rummy.cards import RummyCard
from recorder.rummy.model import RummyBody
from tests.browser.conftest import REPOSITORY, screenshot, serve_dashboard
from tests.browser.test_dashboard_browser import WAIT_MS, keys_ready, open_page, open_replay
from tests.browser.test_seat_view_browser import leaks, listen

pytestmark = pytest.mark.browser

RUMMY = "rummy-first-round.tgn"
HOSTILE = REPOSITORY / "tests" / "browser" / "rummy" / "escaping-rummy.tgn"
DEAL = 6


@pytest.fixture(scope="module")
def rummy_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder the Rummy dashboard serves."""
    return tmp_path_factory.mktemp("rummy-data")


@pytest.fixture(scope="module")
def rummy_url(rummy_folder: Path) -> Iterator[str]:
    """A dashboard serving the bundled data and the Rummy game with HTML in its names."""
    shutil.copy(HOSTILE, rummy_folder / HOSTILE.name)
    with serve_dashboard(REPOSITORY / "data", rummy_folder) as url:
        yield url


def record() -> Record:
    path = REPOSITORY / "data" / RUMMY
    session = load(RUMMY, RUMMY, path.read_bytes())
    assert session.record is not None
    return session.record


def body_of(game: Record) -> RummyBody:
    body = game.hands[DEAL - 1].rummy
    assert body is not None
    return body


def written_cards(body: RummyBody) -> list[tuple[RummyCard, int | None]]:
    """Every card the deal writes that someone may hold hidden, with its holder."""
    cards: list[tuple[RummyCard, int | None]] = []
    for deal in body.deals:
        cards += [(card, deal.seat) for card in deal.cards]
    for turn in body.all_turns:
        if turn.source == "closed" and turn.drawn is not None:
            cards.append((turn.drawn, turn.seat))
    for line in body.outcomes:
        cards += [(card, line.seat) for card in line.cards]
        if line.face_down is not None:
            cards.append((line.face_down, line.seat))
    return cards


def known_to(body: RummyBody, seat: int, step: int, end: int) -> set[RummyCard]:
    """The cards ``seat`` may know after ``step`` (0: the deal, then one per turn, then the end)."""
    known: set[RummyCard] = set()
    if body.joker is not None:
        known.add(body.joker.card)
    if body.open is not None:
        known.add(body.open.card)
    own = body.deal_of(seat)
    known.update(own.cards if own is not None else [])
    for turn in body.all_turns[:step]:
        if turn.discard is not None:
            known.add(turn.discard)
        if turn.drawn is not None and (turn.source == "pile" or turn.seat == seat):
            known.add(turn.drawn)
    if step == end:
        for line in body.outcomes:
            known.update(line.cards)
            if line.face_down is not None and line.seat == seat:
                known.add(line.face_down)
    return known


def hidden_pattern(body: RummyBody, seat: int, step: int, end: int) -> re.Pattern[str] | None:
    """A pattern for the cards of others that ``seat`` cannot know after ``step``, as a code
    (``7H``) or as drawn (``7♥``)."""
    known = known_to(body, seat, step, end)
    hidden = {card for card, holder in written_cards(body) if holder != seat} - known
    if not hidden:
        return None
    words = sorted({card.code for card in hidden} | {card_label(card) for card in hidden})
    alternatives = "|".join(re.escape(word) for word in words)
    return re.compile(rf"(?<![A-Za-z0-9])({alternatives})(?![A-Za-z0-9])")


def pile_of(page: Page) -> str:
    return page.locator(".tp-pile").first.get_attribute("data-pile") or ""


def test_the_keys_step_through_the_turn_log(screen: Page, rummy_url: str) -> None:
    open_replay(screen, rummy_url, f"session={RUMMY}&hand={DEAL}&step=0")
    headline = screen.locator(".tp-headline")
    expect(headline).to_have_text("Deal 6: Eapen shuffles; the joker cut is 10♠", timeout=WAIT_MS)
    screenshot(screen, "rummy-deal-start")
    screen.keyboard.press("ArrowRight")
    expect(screen).to_have_url(re.compile(rf"hand={DEAL}&step=1$"), timeout=WAIT_MS)
    expect(headline).to_have_text(
        "Turn 1 (round 1): Fathima draws from the deck and throws 2♦", timeout=WAIT_MS
    )
    keys_ready(screen)
    assert pile_of(screen) == "2D"
    screen.keyboard.press("Shift+ArrowRight")
    expect(screen).to_have_url(re.compile(r"step=6$"), timeout=WAIT_MS)
    keys_ready(screen)
    screen.keyboard.press("ArrowRight")
    expect(headline).to_have_text(
        "Turn 7 (round 2): Fathima takes 2♠ from the open pile and throws 3♠", timeout=WAIT_MS
    )
    keys_ready(screen)
    assert pile_of(screen) == "2D AC KC 3S"
    expect(screen.locator('.tp-rseat[data-seat="6"] [data-card="2S"]')).to_have_count(2)
    screenshot(screen, "rummy-deal-turn")
    screen.keyboard.press("End")
    expect(screen).to_have_url(re.compile(r"step=15$"), timeout=WAIT_MS)
    expect(headline).to_have_text(
        "Deal 6 is over: Deepu wins; the hands are shown", timeout=WAIT_MS
    )
    keys_ready(screen)
    expect(screen.locator(".tp-laid")).to_have_count(4)
    screen.locator(".tp-laid").first.scroll_into_view_if_needed()
    screenshot(screen, "rummy-deal-hands")
    screen.keyboard.press("Home")
    expect(screen).to_have_url(re.compile(r"step=0$"), timeout=WAIT_MS)


def test_a_seat_is_sent_no_card_it_could_not_know(desktop: Page, rummy_url: str) -> None:
    body = body_of(record())
    end = len(body.all_turns) + 1
    received: list[str] = []
    listen(desktop, received)
    for seat in range(1, 7):
        received.clear()
        open_replay(desktop, rummy_url, f"session={RUMMY}&hand={DEAL}&step=0&seat={seat}")
        for step in range(end + 1):
            if step:
                received.clear()
                desktop.keyboard.press("ArrowRight")
                expect(desktop).to_have_url(
                    re.compile(rf"step={step}&seat={seat}$"), timeout=WAIT_MS
                )
                keys_ready(desktop)
            found = leaks(hidden_pattern(body, seat, step, end), [desktop.content(), *received])
            assert found == [], f"seat {seat}, step {step} shows hidden cards {found}"
            if step == 7:
                screenshot(desktop, f"rummy-seat-view-seat{seat}")
        expect(desktop.locator(".tp-laid")).to_have_count(4)


def test_names_and_comments_in_a_rummy_file_are_text(screen: Page, rummy_url: str) -> None:
    dialogs: list[str] = []
    screen.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    open_page(screen, rummy_url, "replay?session=escaping-rummy.tgn&hand=1&step=4", ".tp-wrap")
    keys_ready(screen)
    expect(screen.locator(".tp-rseat").first).to_contain_text("<script>alert(1)</script>")
    expect(screen.locator(".tp-laid").first).to_contain_text("<script>alert(1)</script>")
    expect(screen.locator(".tp-rseat b")).to_have_count(0)
    screen.get_by_text("The scorer's notes on deal 1").click()
    expect(screen.get_by_text("<b>x</b> watched")).to_be_visible(timeout=WAIT_MS)
    assert dialogs == []
    screenshot(screen, "rummy-deal-escaping")


def test_a_link_to_a_deal_that_is_not_here_says_so(desktop: Page, rummy_url: str) -> None:
    open_page(
        desktop, rummy_url, f"replay?session={RUMMY}&hand=6&step=40", '[data-testid="stAlert"]'
    )
    expect(desktop.locator('[data-testid="stAlert"]')).to_contain_text(
        "The link asks for step 40, but hand 6 has steps 0 to 15."
    )
    expect(desktop.locator(".tp-wrap")).to_have_count(0)


def test_open_in_replay_opens_a_rummy_session_s_first_deal(
    desktop: Page, rummy_url: str, rummy_folder: Path
) -> None:
    open_page(desktop, rummy_url, "", "text=Upload a session")
    row = sorted(path.name for path in rummy_folder.glob("*.tgn")).index(RUMMY)
    grid = desktop.locator('[data-testid="stDataFrame"]').first
    grid.scroll_into_view_if_needed()
    box = grid.bounding_box()
    assert box is not None
    row_height = 35
    desktop.mouse.click(box["x"] + 14, box["y"] + row_height * (row + 1.5))  # the row's marker
    opened = desktop.locator('[data-testid="stAlert"]').filter(has_text=RUMMY).first
    expect(opened).to_contain_text("game rummy: 15 hands read and replayed", timeout=WAIT_MS)
    desktop.get_by_role("button", name="Open in Replay").click()
    expect(desktop).to_have_url(re.compile(rf"session={RUMMY}&hand=1&step=0$"), timeout=WAIT_MS)
    expect(desktop.locator(".tp-headline")).to_have_text(
        "Deal 1 is over: Cini wins; the hands are shown", timeout=WAIT_MS
    )
