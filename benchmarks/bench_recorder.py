"""Live recording speed: events per second written the way the Record page's tap pad writes them
(each tap through ``tap_writer.write_tap``: read, decided against the log the archive holds, stored
once with its events), and, in the real page, the time from a tap on a card to the pad greying it
(the local echo, before the server is asked) and to the page showing it played (the tap held and
the page drawn again).

Run with ``python -m benchmarks bench_recorder`` (or ``make bench``). The click timing drives the
real page in Debian's headless Chromium and is skipped, saying so, when that is not installed.
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path

from dashboard.recording.live import LiveSessions
from dashboard.recording.tap_writer import Sent, write_tap
from dashboard.recording.tricks.setup import SessionSetup
from recorder.archive import HandStarted, open_archive
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, free_port

SESSIONS = 5
ARM = """() => {
    window.tapAt = null;
    window.addEventListener("click", () => { window.tapAt = performance.now(); },
                            {capture: true, once: true});
}"""
"""Notes in the page the moment the next click reaches it (Playwright's own wait before it
clicks is not the scorer's)."""
ECHOED = """(selector) => {
    const hosts = [document, ...Array.from(document.querySelectorAll("*"))
        .filter((element) => element.shadowRoot).map((element) => element.shadowRoot)];
    const button = hosts.map((host) => host.querySelector(selector)).find(Boolean);
    return window.tapAt !== null && button && button.disabled
        ? performance.now() - window.tapAt : false;
}"""
"""Milliseconds from that click to the pad's button drawn disabled (checked every frame)."""
PLAYERS = ("Anil", "Biju", "Chitra", "Dev", "Eli", "Faiz")


def recorded_hand(folder: Path) -> tuple[int, float]:
    """Record the expected 40 hand ``SESSIONS`` times tap by tap through the pad's write path;
    returns the events written and the seconds it took."""
    from tests.test_recording import expected_calls, expected_turns

    archive = open_archive(folder / "bench.sqlite")
    live = LiveSessions()
    setup = SessionSetup("40", PLAYERS, ("Red", "Blue"), 6)
    written = 0
    started = time.perf_counter()
    for _ in range(SESSIONS):
        session = archive.create_session(setup.tags())
        archive.append(session, HandStarted.numbered(1, dealer=6))
        written += 2
        taps = [
            *({"kind": "call", "token": call, "seat": seat} for seat, call in expected_calls()),
            {"kind": "trump", "code": "9H"},
            *(
                {"kind": "card", "code": card, "seat": seat, "actions": actions}
                for seat, actions, card in expected_turns()
            ),
        ]
        for seq, tap in enumerate(taps, start=1):
            sent = Sent(session, "bench-phone-0001", seq, json.dumps(tap))
            answer = write_tap(archive, live, sent, keys_on=False)
            assert answer.body["outcome"] == "stored", answer.body
            written += 1
    return written, time.perf_counter() - started


def click_to_card(folder: Path) -> tuple[list[float], list[float]]:
    """Seconds from a tap on a card to the pad greying it (the local echo, timed in the page from
    the click's arrival) and to the page showing it played (held by the archive, the page drawn
    again; timed from Playwright's click), for every card of a hand."""
    from playwright.sync_api import sync_playwright

    from tests.browser.test_record_browser import (
        Recorder,
        click_recorded,
        expected_turns,
        pad,
        record_calls,
        set_up_session,
        wait_held,
    )

    server = Recorder(folder / "pages.sqlite", free_port())
    server.start()
    echoes, shown = [], []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            page = browser.new_page(viewport=DESKTOP)  # type: ignore[arg-type]
            set_up_session(page, server.url)
            record_calls(page)
            click_recorded(page, pad("trump-9H"))
            for _, action, card in expected_turns():
                if action:
                    page.locator(pad(f"action-{action}")).click()
                    page.locator(f'{pad(f"action-{action}")}[aria-pressed="true"]').wait_for()
                button = page.locator(pad(f"card-{card}"))
                button.wait_for()
                page.evaluate(ARM)
                started = time.perf_counter()
                button.click()
                echoed = page.wait_for_function(ECHOED, arg=pad(f"card-{card}"), polling="raf")
                echoes.append(float(echoed.json_value()) / 1000)
                page.locator(f'.rec-trick [data-card="{card}"]').wait_for(state="attached")
                shown.append(time.perf_counter() - started)
                wait_held(page)
            browser.close()
    finally:
        server.stop()
    return echoes, shown


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        events, seconds = recorded_hand(Path(folder))
        print(
            f"tap write path (read, decide against the archive's log, store once), SQLite: "
            f"{events / seconds:,.0f} events/s ({events} events in {seconds:.2f} s)"
        )
        if not CHROMIUM.exists():
            print("tap to card shown: skipped (Debian's chromium is not installed)")
            return
        echoes, shown = click_to_card(Path(folder))
        for what, timings in (("greyed on the pad (local echo)", echoes),
                              ("shown played in the page", shown)):  # fmt: skip
            timings = sorted(timings)
            p95 = timings[int(0.95 * (len(timings) - 1))]
            print(
                f"tap to card {what} ({len(timings)} cards, headless Chromium): "
                f"median {statistics.median(timings) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
                f"max {timings[-1] * 1000:.0f} ms"
            )
