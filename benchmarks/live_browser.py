"""A real scorer in Chromium at 390 px, for ``bench_live``: what a phone's page waits for.

``bench_live``'s light clients time what the server does: a tap from its request to its answer,
the Record page's run after it. A scorer's phone waits for more: the page's script reacting to
the click, the answer, the page's run again, its deltas sent over the websocket and drawn. A
harness that timed click to redraw in Chromium read several times the light clients' figures
at (20, 100); to find where the two measures part, one table of a load is tapped in Chromium
while the light clients tap the others, in the same minutes, and each tap is timed in the page
three ways: the click to the pad's first change of the page (*local echo*), to the pad's "not
yet sent" box gone (*acknowledged*: the archive holds the tap) and to the Record page drawn again
with the tap's events (``.rec-status``'s event count: what a scorer reads as recorded).

``local_echo`` times the echo alone, one scorer on a quiet server, after the loads.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE

ECHO_SCRIPT = """
() => {
  window.thuruppuEcho = [];
  window.thuruppuExpect = 0;
  const status = () => {
    const shown = document.querySelector(".rec-status");
    return Number(shown ? shown.dataset.events : 0);
  };
  const sending = (root) => [...root.querySelectorAll('[data-tap="queue"]')]
    .some((box) => box.textContent.includes("not yet sent"));
  document.addEventListener("click", (event) => {
    const target = event.composedPath()[0];
    const tap = target && target.dataset ? target.dataset.tap || "" : "";
    if (!/^(card|call|trump|joker|outcome)-/.test(tap)) return;
    const start = event.timeStamp;
    const root = target.getRootNode();
    const entry = { tap, changed: null, frame: null, acknowledged: null, drawn: null };
    window.thuruppuEcho.push(entry);
    const look = () => {
      const now = performance.now() - start;
      if (entry.changed === null) {
        entry.changed = now;
        requestAnimationFrame(() => { entry.frame = performance.now() - start; });
      }
      if (entry.acknowledged === null && !sending(root)) entry.acknowledged = now;
      if (entry.drawn === null && status() >= window.thuruppuExpect) entry.drawn = now;
      if (entry.acknowledged !== null && entry.drawn !== null) {
        padWatch.disconnect();
        pageWatch.disconnect();
      }
    };
    const padWatch = new MutationObserver(look);
    const pageWatch = new MutationObserver(look);
    const watched = { subtree: true, childList: true, attributes: true, characterData: true };
    padWatch.observe(root, watched);
    pageWatch.observe(document.body, watched);
  }, true);
}
"""
"""Timed in the page, from a tap's click event: to the pad's first change of the page (the card
greyed, the queue box counting it: the *local echo*) and to the next frame drawn after it; to the
pad's "not yet sent" box gone (*acknowledged*); to the Record page's event count reaching the
tap's (``window.thuruppuExpect``, set before the click: *drawn*). Mutation observers on the pad's
root and on the page, so the times are the page's own, not the driver's polling. The listener runs
before the pad's own (the capture phase), so the pad's work is inside the time."""
WAIT_MS = 60_000
BUTTON = {"card": "card", "turn": "card", "call": "call", "trump": "trump"}
"""The pad's ``data-tap`` prefix of each kind of step."""


@dataclass
class BrowserTimes:
    """One Chromium scorer's taps: seconds from the click to acknowledged and to drawn, and the
    echoes the page timed itself."""

    acknowledged: list[float] = field(default_factory=list)
    drawn: list[float] = field(default_factory=list)
    echoes: list[dict[str, float]] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)

    def take(self, entries: list[dict[str, float | None]]) -> None:
        """The page's own times of its taps (``ECHO_SCRIPT``), in seconds."""
        for entry in entries:
            if entry["changed"] is not None:
                self.echoes.append({"changed": entry["changed"], "frame": entry["frame"] or 0.0})
            if entry["acknowledged"] is not None:
                self.acknowledged.append(entry["acknowledged"] / 1000)
            if entry["drawn"] is not None:
                self.drawn.append(entry["drawn"] / 1000)


def available() -> bool:
    """Whether Debian's Chromium is there to drive."""
    return CHROMIUM.exists()


async def open_pad(playwright: Any, url: str, session_id: int) -> tuple[Any, Any, int]:
    """A phone-sized page on the session's Record page, drawn with its pad and timing echoes:
    the browser, the page and the events the page shows."""
    browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    page = await (await browser.new_context(viewport=PHONE)).new_page()
    await page.goto(f"{url}/record?session={session_id}")
    await page.locator('[data-tap^="call-"]').first.wait_for(timeout=WAIT_MS)
    await page.evaluate(ECHO_SCRIPT)
    events = int(await page.locator(".rec-status").get_attribute("data-events") or 0)
    return browser, page, events


async def tap_in_page(page: Any, step: Any, events: int, times: BrowserTimes) -> int:
    """Tap ``step`` on the pad (its action first), timing it until acknowledged and drawn; the
    events the page shows after it."""
    if step.kind == "next":
        await page.locator(".st-key-rec-next-hand button").click(timeout=WAIT_MS)
        events += step.logs
        await page.locator(f'.rec-status[data-events="{events}"]').wait_for(timeout=WAIT_MS)
        await page.locator('[data-tap^="call-"]').first.wait_for(timeout=WAIT_MS)
        return events
    if step.action:
        await page.locator(f'[data-tap="action-{step.action}"]').click(timeout=WAIT_MS)
    events += step.logs
    await page.evaluate(f"window.thuruppuExpect = {events}")
    await page.locator(f'[data-tap="{BUTTON[step.kind]}-{step.token}"]').click(timeout=WAIT_MS)
    queue = page.locator('[data-tap="queue"]', has_text="not yet sent")
    await queue.wait_for(state="detached", timeout=WAIT_MS)
    await page.locator(f'.rec-status[data-events="{events}"]').wait_for(timeout=WAIT_MS)
    return events


async def browser_scorer(
    url: str, session_id: int, steps: list[Any], pace: tuple[float, float], times: BrowserTimes
) -> int:
    """Tap ``steps`` at ``pace`` in Chromium as one table's scorer, beside the light clients'
    tables; the events the page showed recorded (for the archive's count)."""
    import asyncio
    import random

    from playwright.async_api import async_playwright

    recorded = 0
    async with async_playwright() as playwright:
        browser, page, events = await open_pad(playwright, url, session_id)
        first = events
        try:
            for step in steps:
                await asyncio.sleep(random.uniform(*pace))
                events = await tap_in_page(page, step, events, times)
            times.take(await page.evaluate("window.thuruppuEcho"))
        except Exception as error:  # a timeout names where the page stopped: reported, not raised
            times.wrong.append(f"session {session_id}: Chromium scorer stopped: {error}"[:400])
        finally:
            recorded = events - first
            await browser.close()
    return recorded


def browser_lines(times: BrowserTimes, light_acknowledged: list[float], runs: list[float]) -> None:
    """Print the Chromium scorer's figures beside the light clients' of the same minutes."""
    if not times.acknowledged:
        print("     Chromium scorer: no tap timed")
        for wrong in times.wrong[:2]:
            print(f"     wrong: {wrong}")
        return
    echo = [entry["changed"] / 1000 for entry in times.echoes] or [0.0]
    print(
        f"     Chromium scorer at one table, same minutes ({len(times.acknowledged)} taps): "
        f"local echo {spread(echo)}; click -> acknowledged {spread(times.acknowledged)}; "
        f"click -> page drawn with the tap {spread(times.drawn)}"
    )
    if light_acknowledged and runs:
        print(
            f"     light clients, same minutes: acknowledged {spread(light_acknowledged)}; "
            f"page run after it {spread(runs)}"
        )


def spread(values: list[float]) -> str:
    """Median / p95 / max in seconds."""
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{statistics.median(ordered):.2f} / {p95:.2f} / {ordered[-1]:.2f} s"


def local_echo(url: str, session_id: int, steps: list[Any]) -> list[dict[str, float]]:
    """One scorer taps ``steps`` on the pad, each once the one before is held and the page drawn
    again; the echoes the page timed."""
    import asyncio

    from playwright.async_api import async_playwright

    async def run() -> list[dict[str, float]]:
        times = BrowserTimes()
        async with async_playwright() as playwright:
            browser, page, events = await open_pad(playwright, url, session_id)
            try:
                for step in steps:
                    events = await tap_in_page(page, step, events, times)
                times.take(await page.evaluate("window.thuruppuEcho"))
                return times.echoes
            finally:
                await browser.close()

    return asyncio.run(run())
