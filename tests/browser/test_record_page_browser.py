"""What the Record page shows the scorer, in Chromium at both sizes: the calls so far, the winning
call and the face-down card, a finished trick's winner and points, played cards that look played in
every suit, a suit's cards in one row on a phone with Undo in view, the Resume list's names, and
the date asked at set-up and written to the ``Date`` tag."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE, screenshot
from tests.browser.test_record_browser import (  # noqa: F401  (recorder: the fixture)
    DATE,
    PLAYERS,
    WAIT_MS,
    Recorder,
    click_recorded,
    expected_calls,
    expected_turns,
    exported,
    play_turn,
    recorder,
    set_up_session,
)

pytestmark = pytest.mark.browser

SUIT_ROWS = {"S": "JS QS KS AS TS 9S 8S 7S 3S", "H": "JH QH KH AH TH 9H 8H 7H 3H"}

LOOK = """(button) => {
    const label = button.querySelector('p') || button;
    const inner = label.querySelector('span') || label;
    return {opacity: getComputedStyle(button).opacity, colour: getComputedStyle(inner).color,
            struck: !!button.querySelector('del, s')};
}"""


def look(page: Page, card: str) -> dict[str, object]:
    """How a card button of the grid is drawn: its opacity, label colour and strike-through."""
    return dict(page.locator(f".st-key-rec-grid-{card} button").evaluate(LOOK))


def in_view(page: Page, selector: str) -> bool:
    """Whether the element lies wholly inside the window as it is scrolled now."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size or {"width": 0, "height": 0}
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


def test_the_scorer_sees_the_calls_the_trick_winner_and_what_is_played(
    fresh_screen: Page,
    recorder: Recorder,  # noqa: F811
) -> None:
    page = fresh_screen
    set_up_session(page, recorder.url)
    calls = expected_calls()
    for _seat, call in calls[:3]:
        click_recorded(page, f".st-key-rec-call-{call} button")
    expect(page.locator(".rec-calls-so-far")).to_have_text(
        "Calls: Anil (1) 20 · Biju (2) 22 · Chitra (3) 24"
    )
    screenshot(page, "record-calls-so-far")
    for _seat, call in calls[3:]:
        click_recorded(page, f".st-key-rec-call-{call} button")
    expect(page.locator(".rec-winning-call")).to_have_text("Chitra (3) called 24")
    click_recorded(page, ".st-key-rec-trump-9H button")
    expect(page.locator(".rec-winning-call")).to_have_text(
        "Chitra (3) called 24; face-down card 9♥"
    )
    turns = expected_turns()
    for seat, action, card in turns[:6]:
        play_turn(page, seat, action, card)
    finished = page.locator(".rec-finished")
    expect(finished).to_have_text("Trick 1 won by Anil (1), 4 points.")
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, "record-trick-won")

    played = {card: look(page, card) for _, _, card in turns[:6]}  # J♠ K♥ A♠ K♠ Q♠ Q♣
    assert all(shown["struck"] for shown in played.values()), played
    assert len({shown["colour"] for shown in played.values()}) == 1, played  # grey, any suit
    assert all(float(str(shown["opacity"])) < 0.6 for shown in played.values()), played
    unplayed = look(page, "JH")
    assert not unplayed["struck"] and unplayed["colour"] != played["KH"]["colour"]

    if page.viewport_size == PHONE:
        for suit, codes in SUIT_ROWS.items():
            boxes = [
                page.locator(f".st-key-rec-grid-{code} button").bounding_box()
                for code in codes.split()
            ]
            tops = {round(box["y"]) for box in boxes if box}
            assert len(tops) == 1, (suit, tops)  # one row per suit
            assert all(box and box["x"] + box["width"] <= PHONE["width"] for box in boxes)
    assert in_view(page, ".st-key-rec-undo button")

    seat, action, card = turns[6]
    play_turn(page, seat, action, card)
    expect(finished).to_have_count(0)  # trick 2 has begun
    page.evaluate("window.scrollTo(0, 0)")
    assert in_view(page, ".st-key-rec-undo button")
    screenshot(page, "record-played-cards")

    assert f'[Date "{DATE}"]' in exported(page)
    page.goto(f"{recorder.url}/record")
    resume = page.locator('[class*="st-key-rec-open-"] button').first
    expect(resume).to_have_text(
        f"Session 1 · 40 · {DATE} · {', '.join(PLAYERS)} · 1 hand", timeout=WAIT_MS
    )
    expect(page.locator(".st-key-rec-date input")).to_be_visible()
    screenshot(page, "record-resume")
