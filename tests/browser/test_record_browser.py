"""The Record page in a real headless Chromium: a whole 40 hand recorded by taps on the page's tap
pad on both screen sizes, its TGN export, refusals, and a server killed with SIGKILL in the middle
of a hand.

The helpers here (``pad``, ``click_recorded``, ``record_calls``, ``play_turn`` ...) are shared by
the other Record page tests: a tap on the pad is kept on the phone, sent over HTTP and, once the
archive holds it, the page is drawn again from the archive; a helper waits for both."""

from __future__ import annotations

import os
import re
import signal
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from dashboard.server.launch import streamlit_command
from recorder.archive import open_archive
from tests.browser.conftest import (
    REPOSITORY,
    SESSIONS,
    free_port,
    screenshot,
    stop_server,
    wait_until_healthy,
)

pytestmark = pytest.mark.browser

WAIT_MS = 30_000
EXPECTED = Path(__file__).resolve().parent / "expected" / "recorded-40.tgn"
PLAYERS = ["Anil", "Biju", "Chitra", "Dev", "Eli", "Faiz"]
DATE = "2026-11-28"  # the expected file's Date tag
TURN = re.compile(r"(\d):(?:(ask) )?(\w\w)")


@dataclass
class Recorder:
    """A dashboard server recording into its own SQLite archive; ``restart`` starts it again on
    the same port and archive."""

    archive: Path
    port: int
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = streamlit_command(str(SESSIONS), self.port, str(self.archive))
        self.process = subprocess.Popen(
            command, cwd=REPOSITORY, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        wait_until_healthy(self.url, self.process)

    def kill(self) -> None:
        """SIGKILL: the server gets no chance to flush or close anything."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            stop_server(self.process)


@pytest.fixture
def recorder(tmp_path: Path) -> Iterator[Recorder]:
    """A fresh server on a temporary archive."""
    server = Recorder(tmp_path / "archive.sqlite", free_port())
    server.start()
    try:
        yield server
    finally:
        server.stop()


def events_shown(page: Page) -> int:
    """The number of logged events the page was drawn from."""
    status = page.locator(".rec-status")
    expect(status).to_have_count(1, timeout=WAIT_MS)
    return int(status.get_attribute("data-events") or 0)


def wait_for_events(page: Page, count: int) -> None:
    """Wait until the page is drawn from ``count`` events and nothing of an older run is left."""
    expect(page.locator(f'.rec-status[data-events="{count}"]')).to_have_count(1, timeout=WAIT_MS)
    expect(page.locator('[data-stale="true"]')).to_have_count(0, timeout=WAIT_MS)


def pad(name: str) -> str:
    """The tap pad's button ``name`` (``call-20``, ``trump-9H``, ``card-QC``, ``seat-3``,
    ``action-ask``, ``undo`` ...) as a CSS selector (Playwright's CSS reaches into the pad's
    shadow root)."""
    return f'[data-tap="{name}"]'


def wait_held(page: Page) -> None:
    """Wait until no tap is kept on this phone unsent and none stopped the pad's queue."""
    queue = page.locator(pad("queue"))
    expect(queue).to_have_count(1, timeout=WAIT_MS)
    expect(queue).not_to_contain_text("not yet sent", timeout=WAIT_MS)
    expect(queue).not_to_contain_text("refused", timeout=WAIT_MS)


def click_recorded(page: Page, selector: str) -> None:
    """Tap a button that records one tap and wait until the archive holds it and the page shows
    it: one event, or two when the tap ends the hand's play (its end is written with it)."""
    before = events_shown(page)
    page.locator(selector).click()
    page.wait_for_function(
        "(before) => { const shown = Number(document.querySelector('.rec-status')"
        "?.dataset.events); return shown === before + 1 || shown === before + 2; }",
        arg=before,
        timeout=WAIT_MS,
    )
    expect(page.locator('[data-stale="true"]')).to_have_count(0, timeout=WAIT_MS)
    if selector.startswith("[data-tap="):  # a tap of the pad (Rummy's page has none)
        wait_held(page)


def set_up_session(page: Page, url: str) -> None:
    """Fill in the set-up form for the 40 session of the expected file and start it."""
    page.goto(f"{url}/record")
    page.locator(".st-key-rec-start button").wait_for(timeout=WAIT_MS)
    for seat, name in enumerate(PLAYERS, start=1):
        page.locator(f".st-key-rec-name-{seat} input").fill(name)
    page.locator(".st-key-rec-team-1 input").fill("Red")
    page.locator(".st-key-rec-team-2 input").fill("Blue")
    page.locator(".st-key-rec-date input").fill(DATE)
    page.locator(".st-key-rec-date input").press("Enter")
    page.locator(".st-key-rec-team-2 input").click()
    page.locator(".st-key-rec-team-2 input").press("Tab")
    page.locator(".st-key-rec-start button").click()
    expect(page.locator('.rec-status[data-phase="calling"]')).to_have_count(1, timeout=WAIT_MS)
    expect(page).to_have_url(re.compile(r"/record\?session=\d+$"))


def expected_calls() -> list[tuple[int, str]]:
    line = next(line for line in EXPECTED.read_text().splitlines() if line.startswith("bid "))
    return [(int(seat), call) for seat, call in (token.split(":") for token in line.split()[1:])]


def expected_turns() -> list[tuple[int, str | None, str]]:
    lines = [line for line in EXPECTED.read_text().splitlines() if re.match(r"\d+\. ", line)]
    return [(int(s), ask or None, card) for line in lines for s, ask, card in TURN.findall(line)]


def expect_seat(page: Page, seat: int) -> None:
    """The engine's next seat is the one the pad shows chosen."""
    expect(page.locator(".rec-status")).to_have_attribute("data-seat", str(seat), timeout=WAIT_MS)
    expect(page.locator(pad(f"seat-{seat}"))).to_have_attribute(
        "aria-pressed", "true", timeout=WAIT_MS
    )


def record_calls(page: Page) -> None:
    """Every call of the expected hand, each for the seat the pad shows chosen."""
    for seat, call in expected_calls():
        expect_seat(page, seat)
        click_recorded(page, pad(f"call-{call}"))


def play_turn(page: Page, seat: int, action: str | None, card: str) -> None:
    """One turn: the action picked on the pad (kept on the phone, nothing logged), then the
    card; once held, the card is disabled and no action is left picked for the next turn."""
    expect_seat(page, seat)
    if action:
        before = events_shown(page)
        page.locator(pad(f"action-{action}")).click()
        expect(page.locator(pad(f"action-{action}"))).to_have_attribute("aria-pressed", "true")
        assert events_shown(page) == before  # the action goes with its card's tap
    click_recorded(page, pad(f"card-{card}"))
    if page.locator('.rec-status[data-phase="play"]').count():
        expect(page.locator(pad(f"card-{card}"))).to_be_disabled()
        expect(page.locator('[data-tap^="action-"][aria-pressed="true"]')).to_have_count(0)


def record_hand(page: Page, *, shots: str | None = None) -> None:
    """Every call, the face-down card and every card of the expected hand, by taps on the pad."""
    record_calls(page)
    expect(page.locator('.rec-status[data-phase="trump"]')).to_have_count(1, timeout=WAIT_MS)
    click_recorded(page, pad("trump-9H"))
    for index, (seat, action, card) in enumerate(expected_turns()):
        play_turn(page, seat, action, card)
        if shots and index == 8:
            screenshot(page, f"{shots}-play")
    expect(page.locator('.rec-status[data-phase="over"]')).to_have_count(1, timeout=WAIT_MS)


def exported(page: Page) -> str:
    with page.expect_download(timeout=WAIT_MS) as download:
        page.locator(".st-key-rec-export button").click()
    return Path(download.value.path()).read_text(encoding="utf-8")


def test_a_40_hand_recorded_by_clicks_exports_the_expected_tgn(
    fresh_screen: Page,
    recorder: Recorder,
) -> None:
    page = fresh_screen
    set_up_session(page, recorder.url)
    screenshot(page, "record-calling")
    record_hand(page, shots="record")
    expect(page.get_by_text("Hand 1: made, the callers took 40")).to_be_visible()
    expect(page.locator(".st-key-rec-findings [role=alert]")).to_have_count(0)
    screenshot(page, "record-over")
    text = exported(page)
    assert text == EXPECTED.read_text(encoding="utf-8")
    sessions = open_archive(recorder.archive).sessions()
    assert len(sessions) == 1
    assert open_archive(recorder.archive).export_tgn(sessions[0].id) == text


def status(page: Page) -> dict[str, str | None]:
    """What the status line says of the place: events, phase, seat and trick."""
    line = page.locator(".rec-status")
    return {
        name: line.get_attribute(f"data-{name}") for name in ("events", "phase", "seat", "trick")
    }


def test_bad_input_is_refused_and_a_server_killed_mid_hand_resumes_at_the_same_step(
    desktop: Page, recorder: Recorder
) -> None:
    set_up_session(desktop, recorder.url)
    record_calls(desktop)
    click_recorded(desktop, pad("trump-9H"))
    turns = expected_turns()
    for seat, action, card in turns[:9]:
        play_turn(desktop, seat, action, card)
    session_id = open_archive(recorder.archive).sessions()[0].id
    for typed, message in (("ZS", "unknown card 'ZS'"), ("9:TS", "no seat 9"), ("JS", "already")):
        stored = open_archive(recorder.archive).events(session_id)
        desktop.locator(".st-key-rec-typed-text input").fill(typed)
        desktop.locator(".st-key-rec-typed-text input").press("Enter")
        expect(desktop.get_by_role("alert").filter(has_text=message)).to_be_visible(timeout=WAIT_MS)
        assert open_archive(recorder.archive).events(session_id) == stored
    before = status(desktop)
    stored = [entry.event for entry in open_archive(recorder.archive).events(session_id)]
    assert before == {"events": str(len(stored)), "phase": "play", "seat": "4", "trick": "2"}

    recorder.kill()
    recorder.start()
    desktop.reload()
    wait_for_events(desktop, len(stored))
    assert status(desktop) == before
    assert [entry.event for entry in open_archive(recorder.archive).events(session_id)] == stored
    for _, _, card in turns[:9]:
        expect(desktop.locator(pad(f"card-{card}"))).to_be_disabled()
    expect(desktop.locator(pad("card-TS"))).to_be_enabled()
    screenshot(desktop, "record-resumed")

    seat, action, card = turns[9]
    play_turn(desktop, seat, action, card)
    assert len(open_archive(recorder.archive).events(session_id)) == len(stored) + 1
