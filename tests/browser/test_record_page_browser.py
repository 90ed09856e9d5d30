"""What the Record page shows the scorer, in Chromium at both sizes: the calls so far, the winning
call and the face-down card, a finished trick's winner and points, played cards that look played in
every suit (disabled, grey, struck through), the tap pad's buttons a finger's size (44 x 44 px) on
a phone, each suit's cards together within the screen's width, Undo in view naming the last card,
the Resume list's names, and the date asked at set-up and written to the ``Date`` tag."""

from __future__ import annotations

import itertools

import pytest
from playwright.sync_api import Browser, Page, expect

from dashboard.views.cards import card_label
from recorder.archive import TurnPlayed, open_archive
from recorder.cards import Card
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
    pad,
    play_turn,
    recorder,
    set_up_session,
)

pytestmark = pytest.mark.browser

SUITS = {
    "S": "JS QS KS AS TS 9S 8S 7S 3S",
    "H": "JH QH KH AH TH 9H 8H 7H 3H",
    "C": "JC QC KC AC TC 9C 8C 7C 3C",
    "D": "JD QD KD AD TD 9D 8D 7D 3D",
}
"""The pack as the pad draws it, a suit's cards together."""
SPOTS = ("3S", "7H", "3C", "7D")
"""Cards of each suit, none played in the first trick: where they are drawn is watched."""
FINGER = 44
"""The smallest touch target on a phone, in CSS pixels (issue 42)."""

LOOK = """(button) => {
    const style = getComputedStyle(button);
    return {opacity: style.opacity, colour: style.color, disabled: button.disabled,
            struck: style.textDecorationLine.includes('line-through')};
}"""


def look(page: Page, card: str) -> dict[str, object]:
    """How a card button of the pad is drawn: opacity, colour, strike-through, disabled."""
    return dict(page.locator(pad(f"card-{card}")).evaluate(LOOK))


def events_before_play() -> int:
    """The events logged before the first card: the session, the hand, the calls, the card."""
    return 2 + len(expected_calls()) + 1


def to_top(page: Page) -> None:
    """Scroll the page to its top (Streamlit scrolls its main section, not the window)."""
    page.evaluate("window.scrollTo(0, 0)")
    page.locator('[data-testid="stMain"]').evaluate("(main) => main.scrollTo(0, 0)")


def spots(page: Page) -> dict[str, object]:
    """Where the watched cards are drawn, each measured once it is visible (the page's own
    redraw, as its connection drops, may take a card out of view for a moment)."""
    boxes = {}
    for code in SPOTS:
        card = page.locator(pad(f"card-{code}"))
        expect(card).to_be_visible(timeout=WAIT_MS)
        boxes[code] = card.bounding_box()
    return boxes


def undo_words(seat: int, card: str) -> str:
    """What the pad's Undo says for a card just held: "Undo Faiz (6)'s Q♣"."""
    return f"Undo {PLAYERS[seat - 1]} ({seat})'s {card_label(Card.parse(card))}"


def check_phone_layout(page: Page) -> None:
    """On a phone every button of the pad is at least a finger's size, every card within the
    screen; a suit's cards stand together, in at most two rows (nine 44 px targets do not fit in
    one row at 390 px), no suit's rows among another's."""
    buttons = page.locator("button[data-tap]")  # seats, actions, cards, answers, Undo
    sizes = [buttons.nth(index).bounding_box() for index in range(buttons.count())]
    assert len(sizes) > 36 and all(sizes), sizes
    small = [box for box in sizes if box and (box["width"] < FINGER or box["height"] < FINGER)]
    assert small == [], small
    spans = []
    for suit, codes in SUITS.items():
        boxes = [page.locator(pad(f"card-{code}")).bounding_box() for code in codes.split()]
        assert all(boxes), suit
        sized = [box for box in boxes if box]
        assert all(box["width"] >= FINGER and box["height"] >= FINGER for box in sized), sized
        assert all(box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] for box in sized)
        tops = sorted({round(box["y"]) for box in sized})
        assert len(tops) <= 2, (suit, tops)
        spans.append((tops[0], round(max(box["y"] + box["height"] for box in sized)), suit))
    spans.sort()
    for (_, bottom, above), (top, _, below) in itertools.pairwise(spans):
        assert top >= bottom, (above, below, spans)  # a suit's rows below the one before


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
        click_recorded(page, pad(f"call-{call}"))
    expect(page.locator(".rec-calls-so-far")).to_have_text(
        "Calls: Anil (1) 20 · Biju (2) 22 · Chitra (3) 24"
    )
    screenshot(page, "record-calls-so-far")
    for _seat, call in calls[3:]:
        click_recorded(page, pad(f"call-{call}"))
    expect(page.locator(".rec-winning-call")).to_have_text("Chitra (3) called 24")
    click_recorded(page, pad("trump-9H"))
    expect(page.locator(".rec-winning-call")).to_have_text(
        "Chitra (3) called 24; face-down card 9♥"
    )
    turns = expected_turns()
    for seat, action, card in turns[:6]:
        play_turn(page, seat, action, card)
    finished = page.locator(".rec-finished")
    expect(finished).to_have_text("Trick 1 won by Anil (1), 4 points.")
    to_top(page)
    screenshot(page, "record-trick-won")

    played = {card: look(page, card) for _, _, card in turns[:6]}  # J♠ K♥ A♠ K♠ Q♠ Q♣
    assert all(shown["disabled"] and shown["struck"] for shown in played.values()), played
    assert len({shown["colour"] for shown in played.values()}) == 1, played  # grey, any suit
    assert all(float(str(shown["opacity"])) < 0.6 for shown in played.values()), played
    unplayed = look(page, "JH")
    assert not unplayed["disabled"] and not unplayed["struck"]
    assert unplayed["colour"] != played["KH"]["colour"]

    if page.viewport_size == PHONE:
        check_phone_layout(page)
    undo = page.locator(pad("undo"))
    expect(undo).to_have_text(undo_words(*turns[5][::2]))  # the last card held: Q♣
    to_top(page)
    assert in_view(page, pad("undo"))

    seat, action, card = turns[6]
    play_turn(page, seat, action, card)
    expect(finished).to_have_count(0)  # trick 2 has begun
    to_top(page)
    assert in_view(page, pad("undo"))
    expect(undo).to_have_text(undo_words(seat, card))
    screenshot(page, "record-played-cards")

    assert f'[Date "{DATE}"]' in exported(page)
    page.goto(f"{recorder.url}/record")
    resume = page.locator('[class*="st-key-rec-open-"] button').first
    expect(resume).to_have_text(
        f"Session 1 · 40 · {DATE} · {', '.join(PLAYERS)} · 1 hand", timeout=WAIT_MS
    )
    expect(page.locator(".st-key-rec-date input")).to_be_visible()
    screenshot(page, "record-resume")


def test_the_cards_stay_where_they_are_while_taps_are_kept_on_the_phone(
    browser: Browser,
    recorder: Recorder,  # noqa: F811
) -> None:
    """A scorer taps card after card without looking back: a tap kept on the phone (listed as
    not yet sent) must not move the cards, or the next finger lands on another card."""
    context = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    page = context.new_page()
    try:
        set_up_session(page, recorder.url)
        for _seat, call in expected_calls():
            click_recorded(page, pad(f"call-{call}"))
        click_recorded(page, pad("trump-9H"))
        to_top(page)
        placed = spots(page)
        context.set_offline(True)  # nothing reaches the server: every tap stays kept
        for count, (_, _, card) in enumerate(expected_turns()[:3], start=1):
            page.locator(pad(f"card-{card}")).click()
            expect(page.locator(pad("queue"))).to_contain_text(f"not yet sent: {count}")
            assert spots(page) == placed, count
        context.set_offline(False)
        expect(page.locator(".rec-status")).to_have_attribute(
            "data-events", str(events_before_play() + 3), timeout=WAIT_MS
        )
    finally:
        context.close()


HOLD_RERUNS = """() => {
    const send = WebSocket.prototype.send;
    window.heldBack = [];
    window.holdBack = false;
    WebSocket.prototype.send = function (message) {
        if (window.holdBack) { window.heldBack.push([this, message]); return; }
        return send.call(this, message);
    };
    window.letGo = () => {
        window.holdBack = false;
        for (const [socket, message] of window.heldBack.splice(0)) send.call(socket, message);
    };
}"""
"""Holds back what the page sends over its websocket (the page run a held tap asks for) until
``letGo``: the moment between a tap held by the server and the page drawn again, made long."""


def test_a_card_held_before_the_page_is_drawn_again_stays_played_and_the_next_goes_to_its_seat(
    browser: Browser,
    recorder: Recorder,  # noqa: F811
) -> None:
    """A tap held by the server, its page run not yet come: the card stays greyed (a second tap
    on it would be refused and stop the pad), and the next card, tapped then, is stored for the
    seat the archive says is to play, not the seat the page still shows."""
    context = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    context.add_init_script(f"({HOLD_RERUNS})()")
    page = context.new_page()
    try:
        set_up_session(page, recorder.url)
        for _seat, call in expected_calls():
            click_recorded(page, pad(f"call-{call}"))
        click_recorded(page, pad("trump-9H"))
        before = events_before_play()
        (seat, _, card), (seat2, _, card2) = expected_turns()[:2]
        page.evaluate("window.holdBack = true")
        page.locator(pad(f"card-{card}")).click()
        expect(page.locator(pad("queue"))).to_contain_text("All taps held", timeout=WAIT_MS)
        expect(page.locator(".rec-status")).to_have_attribute("data-events", str(before))
        expect(page.locator(pad(f"card-{card}"))).to_be_disabled()
        page.locator(pad(f"card-{card2}")).click()
        expect(page.locator(pad("queue"))).to_contain_text("All taps held", timeout=WAIT_MS)
        page.evaluate("window.letGo()")
        expect(page.locator(".rec-status")).to_have_attribute(
            "data-events", str(before + 2), timeout=WAIT_MS
        )
        session = open_archive(recorder.archive).sessions()[0].id
        turns = [
            (entry.event.seat, entry.event.card.code if entry.event.card else "")
            for entry in open_archive(recorder.archive).events(session)
            if isinstance(entry.event, TurnPlayed)
        ]
        assert turns == [(seat, card), (seat2, card2)]
    finally:
        context.close()
