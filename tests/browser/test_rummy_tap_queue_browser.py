"""The Rummy table's tap pad in a real Chromium at 390 px: a deal's joker and outcomes tapped while
the Wi-Fi is down (Playwright's offline switch) are shown at once as kept on the phone and stored
once, in order, when it is back; a reload while offline keeps them; a declaration picked card by
card on the page and recorded by the pad while offline is kept, then stored once and shown as the
seat's outcome; a tap the archive refuses stops the queue and says which and why; every button a
finger's size (issue 42).

Each test records into its own SQLite archive through the real server, the table set up
beforehand in this process as the Rummy set-up form makes it (the five chairs of
tests/browser/expected/recorded-rummy.tgn); what was stored is read from the archive itself. The
set-up is the trick games' pad's too (``tap_pads``).
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from recorder.archive import Archive, RummyLineWritten, open_archive
from recorder.archive.fold import effective_events
from tests.browser.conftest import screenshot
from tests.browser.tap_pads import (
    BACK_ONLINE_SECONDS,
    QUEUE,
    TAPS,
    WAIT_MS,
    button_sizes,
    device_of,
    open_pad,
    record_url,
    reload_offline,
    wait_until_stored,
)
from tests.browser.test_record_rummy_browser import DECLARED, choose_seat, pick_card, pick_groups
from tests.tap_client import TapServer
from tests.test_rummy_recording import table

pytestmark = pytest.mark.browser

DEAL = [
    ("joker-7H", None),
    ("outcome-drop", 2),
    ("outcome-middle-drop", 5),
    ("winner", 3),
    ("count", (1, 28)),
    ("count", (4, 30)),
]
"""A deal of the five chairs as the scorer taps it: the joker, two drops, the winner named, two
counts typed in (a chair picked first, then its outcome)."""
LINES = [
    ("joker", {"card": "7H"}),
    ("outcome", {"kind": "drop", "seat": 2, "middle": False}),
    ("outcome", {"kind": "drop", "seat": 5, "middle": True}),
    ("outcome", {"kind": "count", "seat": 1, "entered": 28}),
    ("outcome", {"kind": "count", "seat": 4, "entered": 30}),
]
"""The lines the deal stores (the named winner writes none: he is the one left)."""


def lines(archive: Archive, session: int) -> list[tuple[str, dict[str, object]]]:
    """The Rummy lines standing (undos applied), in order."""
    return [
        (entry.event.part, entry.event.content)
        for entry in effective_events(archive.events(session))
        if isinstance(entry.event, RummyLineWritten)
    ]


def rummy_pad(phone: BrowserContext, served: TapServer) -> tuple[int, Page]:
    """A five-chair Rummy table at its first deal's joker, the server started on it, and its pad
    open in a new tab of ``phone``."""
    session = table(open_archive(served.archive))
    served.start()
    return session, open_pad(phone, served, session, "joker-7H")


def tap(page: Page, name: str, target: object) -> None:
    """One tap of the deal: the chair picked first, a count typed in."""
    if isinstance(target, tuple):
        seat, points = target
        page.locator(f'[data-tap="seat-{seat}"]').click()
        page.locator('[data-tap="count-points"]').fill(str(points))
    elif isinstance(target, int):
        page.locator(f'[data-tap="seat-{target}"]').click()
    page.locator(f'[data-tap="{name}"]').click()


def wait_for_lines(served: TapServer, session: int, count: int, seconds: float) -> float:
    """Poll the archive until it holds ``count`` Rummy lines; the seconds it took."""
    return wait_until_stored(
        lambda: len(lines(open_archive(served.archive), session)), count, "lines", seconds
    )


def test_a_deal_tapped_offline_is_kept_and_stored_once_in_order_back_online(
    phone: BrowserContext, tap_server: TapServer
) -> None:
    session, page = rummy_pad(phone, tap_server)
    phone.set_offline(True)
    for count, (name, target) in enumerate(DEAL, start=1):
        tap(page, name, target)
        expect(page.locator(QUEUE)).to_contain_text(
            f"Kept on this phone, not yet sent: {count}", timeout=1000
        )
    # each chair tapped is off the choices at once; every chair has an outcome kept here
    expect(page.locator('[data-tap^="seat-"]')).to_have_count(0)
    screenshot(page, "rummy-pad-offline")
    assert lines(open_archive(tap_server.archive), session) == []
    phone.set_offline(False)
    took = wait_for_lines(tap_server, session, len(LINES), BACK_ONLINE_SECONDS)
    print(f"{len(DEAL)} Rummy taps kept offline stored {took:.2f} s after the phone was online")
    archive = open_archive(tap_server.archive)
    assert lines(archive, session) == LINES
    expect(page.locator(QUEUE)).not_to_contain_text("not yet sent", timeout=WAIT_MS)
    expect(page.locator('[data-tap="next-deal"]')).to_have_text("Start deal 2", timeout=WAIT_MS)
    assert archive.tap_state(session, device_of(page)).held == len(DEAL)
    expect(page.locator('.rec-status[data-phase="complete"]')).to_have_count(1, timeout=WAIT_MS)


def test_a_reload_while_offline_keeps_the_rummy_taps_not_yet_sent(
    phone: BrowserContext, tap_server: TapServer
) -> None:
    session, page = rummy_pad(phone, tap_server)
    phone.set_offline(True)
    phone.route(TAPS, lambda route: route.abort("internetdisconnected"))
    for name, target in DEAL[:3]:
        tap(page, name, target)
    expect(page.locator(QUEUE)).to_contain_text("not yet sent: 3")
    kept = json.loads(page.evaluate(f"localStorage.getItem('thuruppu-taps-{session}')"))
    assert [item["tap"]["kind"] for item in kept["queue"]] == ["joker", "outcome", "outcome"]
    reload_offline(page)
    assert lines(open_archive(tap_server.archive), session) == []
    phone.unroute(TAPS)
    phone.set_offline(False)
    page.goto(record_url(tap_server, session))
    wait_for_lines(tap_server, session, 3, WAIT_MS / 1000)
    assert lines(open_archive(tap_server.archive), session) == LINES[:3]
    expect(page.locator(QUEUE)).not_to_contain_text("not yet sent", timeout=WAIT_MS)


def test_a_declaration_recorded_offline_is_kept_and_stored_once_back_online(
    phone: BrowserContext, tap_server: TapServer
) -> None:
    session, page = rummy_pad(phone, tap_server)
    tap(page, "joker-7H", None)
    expect(page.locator('.rec-status[data-phase="outcomes"]')).to_have_count(1, timeout=WAIT_MS)
    choose_seat(page, 3)
    page.locator(".st-key-rmy-pick-declare button").click()
    picked = pick_groups(page, DECLARED)
    pick_card(page, "KD", picked + 1)
    page.locator(".st-key-rmy-pick-face-down button").click()
    expect(page.locator(".rmy-verdict")).to_have_text("a valid declaration", timeout=WAIT_MS)
    record = page.locator('[data-tap="pick"]')
    expect(record).to_have_text("Record Cini's declaration (13 cards)", timeout=WAIT_MS)
    phone.set_offline(True)
    record.click()
    expect(page.locator(QUEUE)).to_contain_text("Kept on this phone, not yet sent: 1", timeout=1000)
    expect(page.locator(QUEUE)).to_contain_text("Cini (3): declaration (13 cards)")
    # no second Record of Cini's cards while the first is kept, nor another outcome of his
    expect(page.locator('[data-tap="pick"]')).to_have_count(0)
    expect(page.locator('[data-tap="pick-kept"]')).to_be_visible()
    expect(page.locator('[data-tap="seat-3"]')).to_have_count(0)
    screenshot(page, "rummy-pad-pick-offline")
    assert lines(open_archive(tap_server.archive), session) == LINES[:1]
    phone.set_offline(False)
    took = wait_for_lines(tap_server, session, 2, BACK_ONLINE_SECONDS)
    print(f"a declaration kept offline stored {took:.2f} s after the phone was online")
    archive = open_archive(tap_server.archive)
    groups = [group.split() for group in DECLARED]
    declared = {"kind": "declare", "seat": 3, "middle": False, "groups": groups}
    assert lines(archive, session) == [
        LINES[0],
        ("outcome", {**declared, "grouped": True, "face_down": "KD", "entered": None}),
    ]
    expect(page.locator('.rmy-table tr[data-seat="3"] .rmy-entry')).to_have_text(
        "won 0", timeout=WAIT_MS
    )
    expect(page.locator(".rmy-pick")).to_have_count(0)
    expect(page.locator(QUEUE)).not_to_contain_text("not yet sent")
    assert archive.tap_state(session, device_of(page)).held == 2


def test_a_void_deal_is_a_tap_of_the_pad_with_its_reason(
    phone: BrowserContext, tap_server: TapServer
) -> None:
    session, page = rummy_pad(phone, tap_server)
    phone.set_offline(True)
    page.locator('[data-tap="redeal"]').click()
    page.locator('[data-tap="redeal-not-13-cards"]').click()
    expect(page.locator(QUEUE)).to_contain_text("deal 1 void: Not 13 cards", timeout=1000)
    expect(page.locator('[data-tap^="joker-"]')).to_have_count(0)  # the deal is void here
    phone.set_offline(False)
    wait_for_lines(tap_server, session, 1, BACK_ONLINE_SECONDS)
    assert lines(open_archive(tap_server.archive), session) == [
        ("redeal", {"reason": "not-13-cards"})
    ]
    expect(page.locator('[data-tap="next-deal"]')).to_have_text("Start deal 2", timeout=WAIT_MS)


def test_a_refused_rummy_tap_stops_the_queue_and_says_which_and_why(
    phone: BrowserContext, tap_server: TapServer
) -> None:
    session, page = rummy_pad(phone, tap_server)
    tap(page, "joker-7H", None)
    expect(page.locator('[data-tap="seat-2"]')).to_be_visible(timeout=WAIT_MS)
    phone.set_offline(True)
    tap(page, "count", (2, 12))
    tap(page, "outcome-drop", 3)
    expect(page.locator(QUEUE)).to_contain_text("not yet sent: 2")
    archive = open_archive(tap_server.archive)  # meanwhile Babu's drop is entered elsewhere
    drop = {"kind": "drop", "seat": 2, "middle": False}
    archive.append(session, RummyLineWritten(part="outcome", content=drop))
    phone.set_offline(False)
    stop = page.locator(QUEUE)
    expect(stop).to_contain_text(
        'Tap "Babu (2): count 12" was refused: Babu (2) already has an outcome in this deal',
        timeout=WAIT_MS,
    )
    expect(stop).to_contain_text("not yet sent: 1")  # the tap after it waits for the scorer
    screenshot(page, "rummy-pad-refused")
    assert lines(open_archive(tap_server.archive), session)[1:] == [
        ("outcome", {"kind": "drop", "seat": 2, "middle": False})
    ]
    page.locator('[data-tap="go-on"]').click()
    wait_for_lines(tap_server, session, 3, WAIT_MS / 1000)
    assert lines(open_archive(tap_server.archive), session)[2:] == [
        ("outcome", {"kind": "drop", "seat": 3, "middle": False})
    ]


def test_every_rummy_pad_button_is_a_fingers_size_at_390_px(
    phone: BrowserContext, tap_server: TapServer
) -> None:
    _, page = rummy_pad(phone, tap_server)
    page.locator('[data-tap="redeal"]').click()  # the void deal's reasons, folded away
    expect(page.locator('[data-tap="redeal-misdeal"]')).to_be_visible()
    seen = button_sizes(page)
    for name, target in DEAL:
        tap(page, name, target)
        if name == "joker-7H":  # measured once the page is drawn again from the archive
            expect(page.locator('.rec-status[data-phase="outcomes"]')).to_have_count(1)
            expect(page.locator('[data-tap="seat-1"]')).to_be_visible(timeout=WAIT_MS)
            seen += button_sizes(page)
            field = page.locator('[data-tap="count-points"]').bounding_box()
            assert field is not None and field["height"] >= 44
            screenshot(page, "rummy-pad-outcomes")
    expect(page.locator('[data-tap="dealer-1"]')).to_be_visible(timeout=WAIT_MS)
    seen += button_sizes(page)
    screenshot(page, "rummy-pad-next-deal")
    kinds = {entry["tap"].split("-")[0] for entry in seen}
    wanted = {"joker", "redeal", "seat", "outcome", "winner", "count", "next", "dealer", "undo"}
    assert wanted <= kinds, (wanted - kinds, seen)
    small = [entry for entry in seen if entry["width"] < 44 or entry["height"] < 44]
    assert small == []
