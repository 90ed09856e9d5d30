"""Live recording speed: events per second written the way the Record page writes them (read the
log, locate, decide, commit), and the time from a click on a card to the page showing it.

Run with ``python -m benchmarks bench_recorder`` (or ``make bench``). The click timing drives the
real page in Debian's headless Chromium and is skipped, saying so, when that is not installed.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from dashboard.recording.tricks import clicks
from dashboard.recording.tricks.position import locate
from dashboard.recording.tricks.setup import SessionSetup
from recorder.archive import HandStarted, open_archive
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, free_port

SESSIONS = 5
PLAYERS = ("Anil", "Biju", "Chitra", "Dev", "Eli", "Faiz")


def recorded_hand(folder: Path) -> tuple[int, float]:
    """Record the expected 40 hand ``SESSIONS`` times through the recorder's own path; returns
    the events written and the seconds it took."""
    from tests.test_recording import expected_calls, expected_turns

    archive = open_archive(folder / "bench.sqlite")
    setup = SessionSetup("40", PLAYERS, ("Red", "Blue"), 6)
    written = 0
    started = time.perf_counter()
    for _ in range(SESSIONS):
        session = archive.create_session(setup.tags())
        archive.append(session, HandStarted.numbered(1, dealer=6))
        written += 2
        decisions = [
            *(
                lambda p, s=seat, c=call: clicks.call_click(p, s, c)
                for seat, call in expected_calls()
            ),
            lambda p: clicks.trump_click(p, "9H"),
            *(
                lambda p, s=seat, a=actions, c=card: clicks.turn_click(p, s, a, c)
                for seat, actions, card in expected_turns()
            ),
        ]
        for decide in decisions:
            position = locate(session, archive.events(session))
            message = clicks.commit(archive, session, decide(position))
            assert message is None, message
            written += 1
    return written, time.perf_counter() - started


def click_to_card(folder: Path) -> list[float]:
    """Seconds from a click on a card to the page showing it played, for every card of a hand."""
    from playwright.sync_api import sync_playwright

    from tests.browser.test_record_browser import (
        Recorder,
        click_recorded,
        expected_turns,
        record_calls,
        set_up_session,
    )

    server = Recorder(folder / "pages.sqlite", free_port())
    server.start()
    timings = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            page = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
            set_up_session(page, server.url)
            record_calls(page)
            click_recorded(page, ".st-key-rec-trump-9H button")
            for _, action, card in expected_turns():
                if action:
                    page.locator(".st-key-rec-actions").get_by_role("button", name=action).click()
                    page.locator('.st-key-rec-actions button[aria-pressed="true"]').wait_for()
                started = time.perf_counter()
                click_recorded(page, f".st-key-rec-grid-{card} button")
                page.locator(f'.rec-trick [data-card="{card}"]').wait_for(state="attached")
                timings.append(time.perf_counter() - started)
            browser.close()
    finally:
        server.stop()
    return timings


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        events, seconds = recorded_hand(Path(folder))
        print(
            f"recorder path (read log, locate, decide, commit), SQLite: "
            f"{events / seconds:,.0f} events/s ({events} events in {seconds:.2f} s)"
        )
        if not CHROMIUM.exists():
            print("click to card shown: skipped (Debian's chromium is not installed)")
            return
        timings = sorted(click_to_card(Path(folder)))
        p95 = timings[int(0.95 * (len(timings) - 1))]
        print(
            f"click to card shown in the page ({len(timings)} cards, headless Chromium): "
            f"median {statistics.median(timings) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
            f"max {timings[-1] * 1000:.0f} ms"
        )
