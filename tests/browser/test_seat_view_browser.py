"""Seen by one seat, the Replay page sends the browser nothing that seat could not know.

Every step of a hand is walked as each seat, with the arrow key; at each step the page's HTML and
every websocket message the browser received for that step (the data behind a ``st.dataframe``
included, which is drawn on a canvas) are searched for the cards the seat cannot know. What the
seat knows is worked out here from the record itself, apart from the dashboard's own filter: his
own cards, the cards played so far, and the face-down card once turned up (the caller always).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, WebSocket, expect

from dashboard.library import load
from dashboard.views.cards import card_label
from dashboard.views.tricks.sight import shown_findings
from recorder.cards import Card
from recorder.model import Record
from recorder.tgn import loads
from replay.tricks import HandReplay, normalize, replay_hand
from tests.browser.conftest import SESSIONS, screenshot, serve_dashboard
from tests.browser.test_dashboard_browser import WAIT_MS, keys_ready, open_replay

pytestmark = pytest.mark.browser


def read(name: str) -> Record:
    path = SESSIONS / name
    session = load(name, name, path.read_bytes())
    assert session.record is not None
    return session.record


def read_file(path: Path) -> Record:
    return normalize(loads(path.read_text(encoding="utf-8")))


def recorded_cards(record: Record, index: int) -> dict[Card, int | None]:
    """Every card the record writes in a hand, with the seat that holds it (dealt or played)."""
    hand = record.hands[index]
    cards: dict[Card, int | None] = {}
    for deal in hand.deals:
        cards.update((entry.card, deal.seat) for entry in deal.cards if entry.card is not None)
    for trick in hand.tricks:
        for turn in trick.turns:
            if turn.card is not None:
                cards.setdefault(turn.card, turn.seat)
    if hand.trump is not None and hand.trump.card is not None:
        cards.setdefault(hand.trump.card, None)
    return cards


def hidden_from(record: Record, index: int, hand: HandReplay, seat: int, step: int) -> set[Card]:
    """The cards of the hand that ``seat`` cannot know after ``step``."""
    steps = hand.steps or []
    played = {Card.parse(s.event.token) for s in steps[: step + 1] if s.event.kind == "card"}
    own = {
        card
        for s in steps
        if s.event.kind == "card" and s.event.seat == seat
        for card in [Card.parse(s.event.token)]
    }
    state = steps[step].state
    cards = recorded_cards(record, index)
    face_down = record.hands[index].trump
    hidden = set()
    for card, holder in cards.items():
        mine = holder == seat or card in own
        if face_down is not None and face_down.card == card:
            mine = hand.result.caller == seat or state.revealed
        if not mine and card not in played:
            hidden.add(card)
    return hidden


def patterns(cards: set[Card]) -> re.Pattern[str] | None:
    """A pattern matching any of these cards as a code (``7H``) or as drawn (``7♥``)."""
    if not cards:
        return None
    words = sorted({card.code for card in cards} | {card_label(card) for card in cards})
    alternatives = "|".join(re.escape(word) for word in words)
    return re.compile(rf"(?<![A-Za-z0-9])({alternatives})(?![A-Za-z0-9])")


def listen(page: Page, received: list[str]) -> None:
    """Collect the text of every websocket message the page receives."""

    def on_socket(socket: WebSocket) -> None:
        socket.on(
            "framereceived",
            lambda payload: received.append(
                payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
            ),
        )

    page.on("websocket", on_socket)


def leaks(pattern: re.Pattern[str] | None, texts: list[str]) -> list[str]:
    if pattern is None:
        return []
    return sorted({match for text in texts for match in pattern.findall(text)})


@pytest.mark.parametrize(
    ("session", "index", "seats"),
    [("club-night-40.tgn", 1, range(1, 7)), ("escaping-29.tgn", 0, range(1, 5))],
)
def test_every_step_as_every_seat_sends_no_hidden_card(
    desktop: Page, dashboard_url: str, session: str, index: int, seats: range
) -> None:
    record = read(session)
    hand = replay_hand(record, index)
    last = len(hand.steps or []) - 1
    received: list[str] = []
    listen(desktop, received)
    for seat in seats:
        received.clear()
        open_replay(
            desktop, dashboard_url, f"session={session}&hand={index + 1}&step=0&seat={seat}"
        )
        for step in range(last + 1):
            if step:
                received.clear()
                desktop.keyboard.press("ArrowRight")
                expect(desktop).to_have_url(
                    re.compile(rf"step={step}&seat={seat}$"), timeout=WAIT_MS
                )
                keys_ready(desktop)
            pattern = patterns(hidden_from(record, index, hand, seat, step))
            found = leaks(pattern, [desktop.content(), *received])
            assert found == [], f"seat {seat}, step {step} shows hidden cards {found}"
        screenshot(desktop, f"seat-view-{session}-seat{seat}")


REVOKE_29 = Path(__file__).resolve().parent.parent / "tgn_cases" / "revoke-29.tgn"


@pytest.fixture(scope="module")
def revoke_29_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A dashboard serving one 29 session: full deals written ``first four | last four``, and a
    revoke that the offender knows at once and the others only when the proving card is played."""
    sessions = tmp_path_factory.mktemp("sight-sessions")
    shutil.copy(REVOKE_29, sessions / REVOKE_29.name)
    with serve_dashboard(sessions, tmp_path_factory.mktemp("sight-data")) as url:
        yield url


def test_a_29_seat_sees_only_its_first_four_cards_in_the_calling_and_findings_when_public(
    desktop: Page, revoke_29_url: str
) -> None:
    """Every step of the hand as each seat: in the calling, the page and the websocket traffic
    hold no card but the seat's first four; later, nothing the seat cannot know; the revoke is
    listed from the step its proof is public to the seat, the terminal's step for it too."""
    name = REVOKE_29.name
    record = read_file(REVOKE_29)
    hand = replay_hand(record, 0)
    steps = hand.steps or []
    everything = set(recorded_cards(record, 0))
    received: list[str] = []
    listen(desktop, received)
    for seat in range(1, 5):
        (revoke,) = shown_findings(hand, seat)
        deal = next(deal for deal in record.hands[0].deals if deal.seat == seat)
        first_four = {entry.card for entry in deal.cards[:4] if entry.card is not None}
        received.clear()
        open_replay(desktop, revoke_29_url, f"session={name}&hand=1&step=0&seat={seat}")
        for step in range(len(steps)):
            if step:
                received.clear()
                desktop.keyboard.press("ArrowRight")
                expect(desktop).to_have_url(
                    re.compile(rf"step={step}&seat={seat}$"), timeout=WAIT_MS
                )
                keys_ready(desktop)
            calling = steps[step].event.kind in ("deal", "bid")
            hidden = (
                everything - first_four if calling else hidden_from(record, 0, hand, seat, step)
            )
            found = leaks(patterns(hidden), [desktop.content(), *received])
            assert found == [], f"seat {seat}, step {step} shows cards it cannot know: {found}"
            if calling:
                backs = desktop.locator(f'.tp-seat[data-seat="{seat}"] .tp-back')
                expect(backs).to_have_count(0)
                faces = desktop.locator(f'.tp-seat[data-seat="{seat}"] [data-card]')
                expect(faces).to_have_count(4)
            listed = desktop.locator(".st-key-replay-findings").get_by_text("revoke")
            expect(listed).to_have_count(1 if step >= revoke.step else 0, timeout=WAIT_MS)
            if step == 2:
                screenshot(desktop, f"seat-view-29-calling-seat{seat}")
