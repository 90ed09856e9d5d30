"""A match ends at its table, in Chromium at 390 px (TOURNAMENT.md §8, §10): on a server open to
the network (keys on), table 1's key opens its current match one card before its end and plays
that card; the page says the match is over with its result, offers the table key no Undo (nor
corrections), and offers the table's next scheduled match, which it opens. A projector watching
the standings shows the result within its period (``PROJECTOR_SECONDS``, plus the shared build's
``SHARED_SECONDS``). Screenshots: ``match-end-*`` in ``test-output/screenshots``."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from dashboard.day import actions, guard
from dashboard.day.source import open_day
from dashboard.recording.table import session_length
from dashboard.recording.tricks import clicks
from dashboard.recording.tricks.position import locate
from dashboard.screens.tournament import PROJECTOR_SECONDS, SHARED_SECONDS
from dashboard.server.launch import streamlit_command
from recorder.archive import Author, HandEnded, open_archive
from replay.tournament import ScheduledMatch
from tests.browser.conftest import DESKTOP, PHONE, SESSIONS, free_port, running_server, screenshot
from tests.browser.test_record_browser import events_shown, pad, wait_for_events
from tests.test_cli import run
from tests.test_day_from_tables import dealt
from tests.tournament_helpers import roster, seat_players

pytestmark = pytest.mark.browser

WAIT_MS = 30_000
EVENT = "Table Cup"
TEAMS = ("Alpha", "Bravo", "Charlie")
SLACK_SECONDS = 2
"""What a shared test machine may add to the projector's period: the browser's own drawing."""


def description() -> str:
    lines = [f'name = "{EVENT}"', "[28]", "shuffles = 1", "group_games = 2"]
    for team in TEAMS:
        players = ", ".join(f'"{name}"' for name in roster(team))
        lines += ["[[28.teams]]", f'name = "{team}"', f"players = [{players}]"]
    return "\n".join(lines) + "\n"


@dataclass
class Table:
    """The served day: its archive, table 1's key, its match's session and the last card."""

    url: str
    location: Path
    key: str
    session: int
    seat: int
    card: str


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    """A group of three at table 1 (A1 Alpha v Bravo, then A2 Alpha v Charlie), table 1's key
    from ``thuruppu day keys``, and A1 (one shuffle) played by that key up to its last card."""
    location = tmp_path_factory.mktemp("match-end") / "day.sqlite"
    archive = open_archive(location)
    organiser = Author("organiser", "set-up")
    actions.set_description(archive, description(), organiser)
    for number, pair in enumerate((TEAMS[:2], (TEAMS[0], TEAMS[2])), start=1):
        match = ScheduledMatch(f"A{number}", "28", "group", number, 1, teams=pair)
        actions.schedule_match(open_day(archive), match, organiser)
    out = run("day", "keys", "--url", "http://x", "--table", "1", "--db", str(location))[1]
    key = out.split("key=")[1].split()[0]
    author = guard.page_author(archive, key, keys_on=True)
    assert author is not None and author.who == "table 1"
    hand = dealt(random.Random(8))
    day = open_day(archive)
    chairs = tuple(seat_players(roster(TEAMS[0]), roster(TEAMS[1])))
    session = actions.start_match(
        day, actions.table_match(day, 1), author, chairs, hand.dealer or 6
    )

    def tap(decision: clicks.Decision) -> None:
        assert isinstance(decision, clicks.Accepted), decision
        guard.append_all(archive, session, decision.events, author)

    assert hand.bidding is not None and hand.trump is not None
    for bid in hand.bidding.bids:
        tap(clicks.call_click(locate(session, archive.events(session)), bid.seat, bid.call.token))
    trump = hand.trump
    code = trump.card.code if trump.card else None
    suit = trump.suit.value if trump.suit and not trump.card else None
    tap(clicks.trump_click(locate(session, archive.events(session)), code, suit))
    turns = [turn for trick in hand.tricks for turn in trick.turns]
    for turn in turns:
        assert turn.card is not None and turn.seat is not None
        position = locate(session, archive.events(session))
        tokens = [action.token for action in turn.actions]
        decision = clicks.turn_click(position, turn.seat, tokens, turn.card.code)
        assert isinstance(decision, clicks.Accepted), decision
        if any(isinstance(event, HandEnded) for event in decision.events):
            assert not tokens  # the page's tap: the card alone
            last = (turn.seat, turn.card.code)  # the card that ends the match: left to the page
            break
        tap(decision)
    port = free_port()
    command = streamlit_command(str(SESSIONS), port, str(location), host="0.0.0.0", keys=True)
    with running_server(command, port) as (url, _):
        yield Table(url, location, key, session, *last)


def test_the_last_card_ends_the_match_at_its_table_and_the_projector_follows(
    browser: Browser, table: Table
) -> None:
    hall = browser.new_context(viewport=DESKTOP).new_page()  # type: ignore[arg-type]
    phone = browser.new_context(viewport=PHONE).new_page()  # type: ignore[arg-type]
    try:
        hall.goto(f"{table.url}/tournament?view=projector&event={EVENT}&panels=standings")
        rows = hall.locator(".projector .pj-standings tbody tr")
        expect(rows).to_have_count(3, timeout=WAIT_MS)
        expect(rows.first.locator("td").nth(2)).to_have_text("0")  # nobody has played yet

        phone.goto(f"{table.url}/record?table=1&key={table.key}")
        phone.locator(".st-key-tbl-open button").click(timeout=WAIT_MS)
        card = phone.locator(pad(f"card-{table.card}"))
        expect(card).to_be_enabled(timeout=WAIT_MS)
        chosen = phone.locator('[data-tap^="seat-"][aria-pressed="true"]')
        expect(chosen).to_have_attribute("data-tap", f"seat-{table.seat}")  # whose turn it is
        screenshot(phone, "match-end-last-card")
        expect(phone.locator(pad("undo"))).to_be_visible()
        before = events_shown(phone)
        card.click()
        tapped = time.monotonic()
        wait_for_events(phone, before + 2)  # the card and the hand's end, one tap
        expect(phone.locator(pad("queue"))).to_have_count(0)  # the finished match: no pad

        archive = open_archive(str(table.location))
        record = archive.record(table.session)
        length = session_length(archive, table.session, record)
        assert length is not None and length.over and length.sentence.startswith("match over: ")
        result = length.sentence[len("match over: ") :]
        said = phone.locator('[data-testid="stAlert"]', has_text="Match over")
        expect(said).to_contain_text(result, timeout=WAIT_MS)
        expect(phone.locator(pad("undo"))).to_have_count(0)  # §10: to the director
        expect(phone.locator(".st-key-rec-correct-turn")).to_have_count(0)
        expect(phone.get_by_text("Correct an earlier card")).to_have_count(0)
        expect(phone.locator(".st-key-rec-next-hand")).to_have_count(0)
        offered = phone.locator(".st-key-tbl-next-match button")
        expect(offered).to_contain_text("Next match: A2")
        expect(offered).to_contain_text("Alpha v Charlie")
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        screenshot(phone, "match-end-over")

        leader = open_day(archive).tournament().groups["all"][0]  # a team of the match
        row = hall.locator(".projector .pj-standings tbody tr", has_text=leader.team)
        expect(row.locator("td").nth(2)).to_have_text("1", timeout=WAIT_MS)  # played
        expect(row.locator("td").nth(3)).to_have_text(str(leader.tally.won))
        seen = time.monotonic() - tapped
        print(f"the projector showed the result {seen:.1f} s after the tap")
        assert seen <= PROJECTOR_SECONDS + SHARED_SECONDS + SLACK_SECONDS, seen
        screenshot(hall, "match-end-projector")

        offered.click()
        expect(phone.locator(".st-key-tbl-start button")).to_be_visible(timeout=WAIT_MS)
        expect(phone.get_by_text("A2").first).to_be_visible()
        assert "session=" not in phone.url and "key=" not in phone.url
        screenshot(phone, "match-end-next-match")
    finally:
        hall.context.close()
        phone.context.close()
