"""The Record page for Rummy in a real headless Chromium at both sizes: a whole deal recorded by
taps (the joker, two drops and two counts on the tap pad, a declaration picked card by card
and recorded by the pad) exports the expected TGN; a reload in the middle of the deal, and of the
pick, loses nothing; a hostile name set up at the table is shown as text; a player out is offered
on the pad the re-entry the engine allows."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from recorder.archive import HandStarted, RummyLineWritten, open_archive
from recorder.model import Tag
from tests.browser.conftest import screenshot
from tests.browser.test_record_browser import (  # noqa: F401  (recorder: the fixture)
    WAIT_MS,
    Recorder,
    click_recorded,
    exported,
    pad,
    recorder,
    wait_for_events,
)

pytestmark = pytest.mark.browser

EXPECTED = Path(__file__).resolve().parent / "expected" / "recorded-rummy.tgn"
PLAYERS = ["Anu", "Babu", "Cini", "Deepu", "Eapen"]
DECLARED = ["AS KS QS", "2C 3C 4C", "4C 5C 6C 7C", "9D 9H 9S"]
HOSTILE = "<script>alert(1)</script>"


def set_up_table(page: Page, url: str, players: list[str]) -> None:
    """Fill in the Rummy set-up form as the expected file's tags say, and start the table."""
    page.goto(f"{url}/record")
    page.locator(".st-key-rec-game").get_by_role("radio", name="rummy", exact=True).click()
    page.locator(".st-key-rmy-players").get_by_role(
        "radio", name=str(len(players)), exact=True
    ).click()
    for seat, name in enumerate(players, start=1):
        page.locator(f".st-key-rmy-name-{seat} input").fill(name)
    page.locator(".st-key-rmy-stage input").fill("first round")
    page.locator(".st-key-rmy-table input").fill("4")
    page.locator(".st-key-rmy-event input").fill("Kerala House Rummy")
    page.locator(".st-key-rmy-rule-packs input").fill("2")
    page.locator(".st-key-rmy-date input").fill("2026-03-21")
    page.locator(".st-key-rmy-date input").press("Enter")
    page.locator(".st-key-rmy-event input").click()
    page.locator(".st-key-rmy-event input").press("Tab")
    page.locator(".st-key-rmy-start button").click()
    wait_for_events(page, 2)  # the session and its first deal
    expect(page.locator('.rec-status[data-phase="joker"]')).to_have_count(1, timeout=WAIT_MS)


def choose_seat(page: Page, seat: int) -> None:
    """The seat whose cards are picked (the picker's seat, a widget of the page)."""
    name = f"{PLAYERS[seat - 1]} ({seat})"
    button = page.locator(".st-key-rmy-seats").get_by_role("radio", name=name, exact=True)
    if button.get_attribute("aria-checked") != "true":  # a tap on the chosen one unchooses it
        button.click()
    pressed = page.locator('.st-key-rmy-seats button[aria-checked="true"]')
    expect(pressed).to_have_text(name, timeout=WAIT_MS)


def pad_seat(page: Page, seat: int) -> None:
    """The seat the pad's next outcome is for."""
    page.locator(pad(f"seat-{seat}")).click()
    expect(page.locator(pad(f"seat-{seat}"))).to_have_attribute("aria-pressed", "true")


def tap(page: Page, seat: int, outcome: str) -> None:
    """A one-tap outcome of ``seat`` on the pad (``drop``, ``middle-drop`` ...)."""
    pad_seat(page, seat)
    click_recorded(page, pad(f"outcome-{outcome}"))


def count(page: Page, seat: int, points: int) -> None:
    """A count typed in for ``seat`` on the pad."""
    pad_seat(page, seat)
    page.locator(pad("count-points")).fill(str(points))
    click_recorded(page, pad("count"))


def pick_card(page: Page, code: str, cards: int) -> None:
    """Tap a card of the grid and wait until the pick holds ``cards`` cards."""
    page.locator(f".st-key-rmy-grid-{code} button").click()
    expect(page.locator(f'.rmy-pick[data-cards="{cards}"]')).to_have_count(1, timeout=WAIT_MS)


def pick_groups(page: Page, groups: list[str], picked: int = 0) -> int:
    for group in groups:
        for code in group.split():
            picked += 1
            pick_card(page, code, picked)
        page.locator(".st-key-rmy-pick-group button").click()
        expect(page.locator(".rmy-group-kind").last).to_have_text("new group", timeout=WAIT_MS)
    return picked


def shown(page: Page) -> dict[str, str]:
    """What the page shows of the recording: the status, the table and the pick."""
    return {
        "status": page.locator(".rec-status").inner_html(),
        "table": page.locator(".rmy-table").inner_html(),
        "pick": page.locator(".rmy-pick").inner_html(),
    }


def test_a_rummy_deal_recorded_by_taps_exports_the_expected_tgn(
    fresh_screen: Page,
    recorder: Recorder,  # noqa: F811
) -> None:
    page = fresh_screen
    set_up_table(page, recorder.url, PLAYERS)
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, "record-rummy-joker")
    click_recorded(page, pad("joker-7H"))
    tap(page, 2, "drop")
    tap(page, 5, "middle-drop")
    expect(page.locator('.rmy-table tr[data-seat="5"] .rmy-entry')).to_have_text(
        "mid-drop 50", timeout=WAIT_MS
    )
    choose_seat(page, 3)
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, "record-rummy-outcomes")
    page.locator(".st-key-rmy-pick-declare button").click()
    picked = pick_groups(page, DECLARED[:1])
    expect(page.locator(".rmy-verdict")).to_have_text(
        "3 cards, not 13, and one sequence only: AS KS QS", timeout=WAIT_MS
    )
    picked = pick_groups(page, DECLARED[1:3], picked)
    expect(page.locator(".st-key-rmy-grid-4C button")).to_be_disabled()  # both packs' 4C
    before = shown(page)
    screenshot(page, "record-rummy-pick")

    events = int(page.locator(".rec-status").get_attribute("data-events") or 0)
    page.reload()
    wait_for_events(page, events)
    expect(page.locator(f'.rmy-pick[data-cards="{picked}"]')).to_have_count(1, timeout=WAIT_MS)
    assert shown(page) == before

    picked = pick_groups(page, DECLARED[3:], picked)
    pick_card(page, "KD", picked + 1)
    page.locator(".st-key-rmy-pick-face-down button").click()
    expect(page.locator(".rmy-verdict")).to_have_text("a valid declaration", timeout=WAIT_MS)
    kinds = page.locator(".rmy-group-kind").all_inner_texts()
    assert kinds == [
        "pure sequence",
        "pure sequence",
        "pure sequence",
        "set",
        "new group",
        "face down",
    ]
    screenshot(page, "record-rummy-declared")
    expect(page.locator(pad("pick"))).to_have_text(
        "Record Cini's declaration (13 cards)", timeout=WAIT_MS
    )
    click_recorded(page, pad("pick"))
    expect(page.locator('.rmy-table tr[data-seat="3"] .rmy-entry')).to_have_text(
        "won 0", timeout=WAIT_MS
    )
    expect(page.locator(".rmy-pick")).to_have_count(0)  # recorded: the picker is closed
    assert "pick=" not in page.url
    count(page, 1, 28)
    count(page, 4, 30)
    expect(page.locator('.rec-status[data-phase="complete"]')).to_have_count(1, timeout=WAIT_MS)
    totals = page.locator(".rmy-table td.rmy-total").all_inner_texts()
    assert totals == ["28", "25", "0", "30", "50"]
    expect(page.get_by_text("Deal 1 won by Cini")).to_be_visible(timeout=WAIT_MS)
    expect(page.locator(".st-key-rmy-findings [role=alert]")).to_have_count(0)
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, "record-rummy-complete")
    text = exported(page)
    assert text == EXPECTED.read_text(encoding="utf-8")
    archive = open_archive(recorder.archive)
    assert archive.export_tgn(archive.sessions()[0].id) == text


def test_a_hostile_name_is_shown_as_text(
    desktop: Page,
    recorder: Recorder,  # noqa: F811
) -> None:
    dialogs: list[str] = []
    desktop.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    set_up_table(desktop, recorder.url, [HOSTILE, *PLAYERS[1:]])
    expect(desktop.locator('.rmy-table tr[data-seat="1"] .rmy-name')).to_have_text(
        HOSTILE, timeout=WAIT_MS
    )
    click_recorded(desktop, pad("joker-7H"))
    expect(desktop.locator(pad("seat-1"))).to_have_text(f"{HOSTILE} (1)", timeout=WAIT_MS)
    seats = desktop.locator(".st-key-rmy-seats")
    expect(seats.get_by_role("radio", name=f"{HOSTILE} (1)", exact=True)).to_be_visible(
        timeout=WAIT_MS
    )
    expect(desktop.locator(".rec-status")).to_have_text(
        f"Deal 1: {HOSTILE} (1) to enter", timeout=WAIT_MS
    )
    screenshot(desktop, "record-rummy-hostile")
    assert dialogs == []
    assert desktop.locator("script", has_text="alert(1)").count() == 0


def test_a_player_out_is_offered_the_reentry_the_engine_allows(
    desktop: Page,
    recorder: Recorder,  # noqa: F811
) -> None:
    archive = open_archive(recorder.archive)
    tags = [
        Tag(name="Game", value="rummy"),
        Tag(name="Players", value="Anu, Babu, Cini"),
        Tag(name="Totals", value="Anu=240, Babu=0, Cini=230"),
    ]
    session = archive.create_session(tags)
    archive.append(session, HandStarted.numbered(1, dealer=3))
    for part, content in (
        ("joker", {"card": "7H"}),
        ("outcome", {"kind": "count", "seat": 1, "entered": 20}),
        ("outcome", {"kind": "drop", "seat": 2}),
    ):
        archive.append(session, RummyLineWritten(part=part, content=content))
    archive.append(session, HandStarted.numbered(2))
    desktop.goto(f"{recorder.url}/record?session={session}")
    wait_for_events(desktop, 6)
    row = desktop.locator('.rmy-table tr[data-seat="1"]')
    expect(row.locator(".rmy-badge")).to_have_text("out", timeout=WAIT_MS)
    expect(desktop.locator('.rmy-table tr[data-seat="3"] .rmy-badge')).to_have_text("compel")
    expect(desktop.locator(pad("rejoin-1"))).to_have_text(
        "Anu re-enters at 231 and shuffles", timeout=WAIT_MS
    )
    screenshot(desktop, "record-rummy-rejoin")
    click_recorded(desktop, pad("rejoin-1"))
    expect(row.locator(".rmy-total")).to_have_text("231", timeout=WAIT_MS)
    expect(row.locator(".rmy-badge")).to_have_text("compel", timeout=WAIT_MS)
    expect(desktop.locator(".rec-status")).to_have_text(
        "Deal 2, dealt by Anu (1): the cut joker", timeout=WAIT_MS
    )
    expect(desktop.locator('[data-tap^="rejoin-"]')).to_have_count(0, timeout=WAIT_MS)
    assert archive.export_tgn(session).endswith('[Hand "2"]\nrejoin 1\n')
