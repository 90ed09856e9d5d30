"""A spectator's view of a hand being played (TOURNAMENT.md §10), in Chromium: on the Replay,
Scores, Record, Tournament and projector pages of a dashboard over the archive that needs keys (as
``thuruppu dashboard`` serves it), a visitor without one: neither the page nor any
websocket message carries the face-down card before it is shown, a card of the trick in progress,
or a card of a deal not yet played; once the hand has ended, the Replay page shows it whole."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page

from dashboard.views.cards import card_label
from recorder.archive import ARCHIVE_ENV, events_from_record, open_archive
from recorder.cards import Card
from tests.archive_sessions import stored_event_by_event
from tests.browser.conftest import run_dashboard
from tests.browser.test_dashboard_browser import settle
from tests.browser.test_seat_view_browser import leaks, listen, patterns
from tests.test_archive_public import first_hand

pytestmark = pytest.mark.browser

PAGES = ["replay?session=archive:1", "scores?session=archive:1", "record?session=1", "tournament"]
PAGES.append("tournament?view=projector")
#: The face-down card, the four cards of trick 1 so far, and cards of deals still in hand.
HIDDEN = {Card.parse(code) for code in ("9H", "JS", "KH", "AS", "KS", "JC", "AC", "TD", "QH")}


def seen(page: Page, url: str, path: str, received: list[str]) -> list[str]:
    """Every hidden card the page shows or was sent, opening it afresh."""
    received.clear()
    page.goto(f"{url}/{path}")
    page.locator('[data-testid="stMain"]').wait_for(timeout=60_000)
    settle(page)
    page.wait_for_timeout(1500)  # the projector's fragment reruns; its messages come too
    return leaks(patterns(HIDDEN), [page.content(), *received])


def test_the_room_sees_no_card_the_table_hides(desktop: Page, tmp_path: Path) -> None:
    location = tmp_path / "live.sqlite"
    archive = open_archive(str(location))
    events = events_from_record(first_hand())
    # the deal, the calls, the face-down card, four cards of trick 1
    session = stored_event_by_event(archive, events, 20)
    environment = {**os.environ, ARCHIVE_ENV: str(location)}
    received: list[str] = []
    listen(desktop, received)
    with run_dashboard(location, environment, tmp_path / "server.log", keys=True) as url:
        for path in PAGES:
            assert seen(desktop, url, path, received) == [], path
            if path.startswith("record"):  # the scorer's page: nothing of the hand without a key
                assert "this page only reads" in desktop.content()
        for event in events[20:]:
            archive.append(session, event)
        shown = seen(desktop, url, "replay?session=archive:1&hand=1&step=40", received)
        missing = [c.code for c in HIDDEN if not {c.code, card_label(c)} & set(shown)]
        assert missing == []  # the hand ended: all of it
