"""The keys on a server listening on the network address (``--host 0.0.0.0``, keys on), in
Chromium (TOURNAMENT.md §10): a table's tab keeps its key across a reload of that tab (and records
a card after it, stored as that table's), each tab its own, and the key is never in the address
bar after load nor in the page; a key replaced meanwhile is refused at the tab's next write. A
visitor without a key clicks every button and submits every form of the Record (also a table's
and a match's), Organiser and Director pages and the archive's event count does not change. The
director corrects a finished hand with his link (stored with his label, which ``thuruppu day
history`` prints); his old link, once replaced, is refused. Screenshots of the gated pages without
a key, with a table's and with a director's key go to ``test-output/screenshots`` (keys-*)."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from dashboard.day import actions
from dashboard.day.source import open_day
from dashboard.server.launch import streamlit_command
from recorder.archive import Author, open_archive
from recorder.archive.events import TurnPlayed
from replay.tournament import ScheduledMatch
from tests.browser.conftest import (
    DESKTOP,
    PHONE,
    SESSIONS,
    free_port,
    running_server,
    screenshot,
)
from tests.browser.test_dashboard_browser import rerun, settle
from tests.browser.test_record_browser import click_recorded, pad, wait_held
from tests.day_setup import ORGANISER, description_text, played_match
from tests.test_cli import run

pytestmark = pytest.mark.browser

WAIT_MS = 30_000
#: Every control of a page but a table's own toolbar (search, download, full screen: reading only).
CONTROLS = "button:not([kind=elementToolbar]), [role=tab], summary"
CALL = "[data-tap^='call-'] >> nth=0"
#: A recording tap of the tap pad in any phase: a call, or a card not yet played.
TAP = "[data-tap^='call-'], [data-tap^='card-']:not([disabled]) >> nth=0"
NOT_IN_FORCE = "this key is not in force"
PLAYED_TABLE = 5
PLAYED_SOURCE = "group-b-round-1-pulikali-periyar.tgn"
MATCHES = (("G1-1", 1, "Tuskers", "Theyyams"), ("G1-2", 2, "Vallams", "Chendas"))
SEATS = {1: ("Arun", "Kiran", "Bindu", "Lekha", "Cyril", "Manoj"),
         2: ("Eapen", "Hari", "Fathima", "Indu", "Gopan", "Jose")}  # fmt: skip


@dataclass
class Network:
    """The served dashboard, its archive, the keys issued (by label) and the finished match."""

    url: str
    location: Path
    keys: dict[str, str]
    played: int

    def issue(self, *choice: str) -> dict[str, str]:
        """New keys (``--table 1``, ``--director LABEL``), replacing those of their labels."""
        _, out, _ = run("day", "keys", "--url", "http://x", *choice, "--db", str(self.location))
        issued = {line.split(": ")[0]: re.findall(r"key=([\w-]+)", line)[0]
                  for line in out.splitlines() if "key=" in line}  # fmt: skip
        self.keys.update(issued)
        return issued


def stored(location: Path) -> int:
    """Every event the archive holds, of sessions and of the day."""
    archive = open_archive(str(location))
    return sum(s.events for s in archive.sessions()) + len(archive.day_log())


@pytest.fixture(scope="module")
def network(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Network]:
    """``thuruppu record --host 0.0.0.0``'s server on a tournament archive: two 28 matches
    started at tables 1 and 2, a finished one at table 5, keys for tables 1 and 2 and a director."""
    folder = tmp_path_factory.mktemp("network")
    location = folder / "day.sqlite"
    archive = open_archive(location)
    today = datetime.datetime.now(datetime.UTC).date().isoformat()  # the keys work today
    text = re.sub(r'(?m)^date = ".*"$', f'date = "{today}"', description_text())
    actions.set_description(archive, text, ORGANISER)
    for match_id, table, first, second in (*MATCHES, ("G1-3", PLAYED_TABLE, "Pulikali", "Periyar")):
        match = ScheduledMatch(match_id, "28", "group", 1, table, teams=(first, second))
        actions.schedule_match(open_day(archive), match, ORGANISER)
    played = played_match(archive, PLAYED_TABLE, PLAYED_SOURCE)
    for _, table, _, _ in MATCHES:
        entry = actions.table_match(open_day(archive), table)
        actions.start_match(open_day(archive), entry, Author("director", "start"), SEATS[table])
    served = Network("", location, {}, played)
    served.issue("--table", "1", "--table", "2", "--director", "referee Mathew")
    port = free_port()
    command = streamlit_command(str(SESSIONS), port, str(location), host="0.0.0.0", keys=True)
    with running_server(command, port) as (url, _):
        served.url = url
        yield served


def opened(page: Page, address: str, ready: str = "text=only reads") -> None:
    """Open ``address`` and wait for one of its elements, its script's end and no placeholder."""
    page.goto(address)
    page.locator(ready).first.wait_for(timeout=WAIT_MS)
    settle(page)


def open_table(page: Page, network: Network, table: int) -> None:
    """Open the table's link and its current match."""
    page.goto(f"{network.url}/record?table={table}&key={network.keys[f'table {table}']}")
    page.locator(".st-key-tbl-open button").click(timeout=WAIT_MS)
    expect(page.locator(TAP)).to_be_visible(timeout=WAIT_MS)
    assert "key=" not in page.url


def play_to_a_card(page: Page) -> None:
    """Call 16, the others pass, the face-down card, then a card played: each tap recorded."""
    click_recorded(page, pad("call-16"))
    for _ in range(12):
        if page.locator('.rec-status[data-phase="calling"]').count() == 0:
            break
        click_recorded(page, pad("call-pass"))
    expect(page.locator('.rec-status[data-phase="trump"]')).to_have_count(1, timeout=WAIT_MS)
    click_recorded(page, "[data-tap^='trump-'] >> nth=0")  # the pack's first card
    click_recorded(page, TAP)


def match_session(network: Network, table: int) -> int:
    """The session of the match started at ``table`` (1 or 2)."""
    schedule = next(match_id for match_id, at, _, _ in MATCHES if at == table)
    archive = open_archive(str(network.location))
    return next(s.id for s in archive.sessions() if s.schedule == schedule)


def last_writer(network: Network, table: int) -> str:
    session = match_session(network, table)
    return open_archive(str(network.location)).events(session)[-1].who


def test_a_tab_keeps_its_key_across_a_reload_each_tab_its_own(
    browser: Browser, network: Network
) -> None:
    context = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
    addresses: list[str] = []
    try:
        tabs = {table: context.new_page() for table in (1, 2)}  # one browser, a tab per table
        for table, page in tabs.items():
            page.on("framenavigated", lambda frame: addresses.append(frame.url))
            open_table(page, network, table)
        for table, page in tabs.items():
            page.reload()
            expect(page.locator(TAP)).to_be_visible(timeout=WAIT_MS)  # its key, handed back
            assert "key=" not in page.url
            before = len(open_archive(str(network.location)).events(match_session(network, table)))
            if table == 1:
                play_to_a_card(page)
            else:
                click_recorded(page, CALL)
            written = open_archive(str(network.location)).events(match_session(network, table))
            assert {event.who for event in written[before:]} == {f"table {table}"}
            assert network.keys[f"table {table}"] not in page.content()
        last = open_archive(str(network.location)).events(match_session(network, 1))[-1]
        assert isinstance(last.event, TurnPlayed)  # a card, recorded after the reload
        screenshot(tabs[1], "keys-table-reloaded")
        for table in tabs:  # ``thuruppu day history`` names each writer
            out = run("day", "history", str(match_session(network, table)),
                      "--db", str(network.location))[1]  # fmt: skip
            assert f"  table {table} " in out.splitlines()[-1], out
        before = stored(network.location)  # table 2's key at table 1's match: refused
        other = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
        try:  # another phone (this one's kept taps of table 1's match are table 1's)
            wrong = other.new_page()
            open_table(wrong, network, 2)
            wrong.goto(f"{network.url}/record?session={match_session(network, 1)}")
            wrong.locator(TAP).click(timeout=WAIT_MS)
            expect(wrong.get_by_text("is not the table's current match")).to_be_visible(
                timeout=WAIT_MS
            )
            assert stored(network.location) == before
        finally:
            other.close()
        stranger = context.new_page()  # a new tab of the same browser: its own (empty) storage
        stranger.goto(tabs[1].url)
        expect(stranger.get_by_text("this page only reads").first).to_be_visible(timeout=WAIT_MS)
        expect(stranger.locator(TAP)).to_have_count(0)

        network.issue("--table", "1")  # table 1's key replaced: the kept one is refused
        before = stored(network.location)
        tabs[1].locator(TAP).click()
        expect(tabs[1].get_by_text(NOT_IN_FORCE).first).to_be_visible(timeout=WAIT_MS)
        tabs[1].reload()
        expect(tabs[1].get_by_text(NOT_IN_FORCE).first).to_be_visible(timeout=WAIT_MS)
        assert stored(network.location) == before
        open_table(tabs[1], network, 1)  # the new link, in the same tab: its key wins, and is kept
        tabs[1].reload()
        tabs[1].locator(pad("go-on")).click(timeout=WAIT_MS)  # the refused tap dropped
        wait_held(tabs[1])
        click_recorded(tabs[1], TAP)
        assert stored(network.location) == before + 1
        assert last_writer(network, 1) == "table 1"
        links = {f"{network.url}/record?table={table}&key=" for table in tabs}
        keyed = {
            address.partition("key=")[0] + "key=" for address in addresses if "key=" in address
        }
        assert keyed <= links  # only the links opened: never a later address
    finally:
        context.close()


def test_a_tap_is_sent_with_the_key_of_the_tab_it_was_made_in(
    browser: Browser, network: Network
) -> None:
    """One browser, two tabs on table 1's match: table 1's, and one holding table 2's key. The
    tabs share the phone's kept taps; a tap made in table 2's tab is never sent by table 1's tab
    (it would be stored as table 1's), only by its own, which is refused."""
    context = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
    try:
        mine, other = context.new_page(), context.new_page()
        open_table(mine, network, 1)
        open_table(other, network, 2)
        other.goto(f"{network.url}/record?session={match_session(network, 1)}")
        expect(other.locator(TAP)).to_be_visible(timeout=WAIT_MS)
        sent: list[str] = []
        mine.on("request", lambda asked: sent.append(asked.url) if "/_tap" in asked.url else None)
        other.route("**/_tap", lambda route: route.abort())  # its own sending fails for now
        before = stored(network.location)
        other.locator(TAP).click()
        expect(other.locator(pad("queue"))).to_contain_text("not yet sent: 1", timeout=WAIT_MS)
        mine.evaluate("window.dispatchEvent(new Event('online'))")  # table 1's tab sends now
        mine.locator("[data-tap^='seat-'] >> nth=0").click()  # and draws the kept taps again
        expect(mine.locator(pad("queue"))).to_contain_text("not yet sent: 1", timeout=WAIT_MS)
        assert sent == [] and stored(network.location) == before
        other.unroute("**/_tap")
        other.evaluate("window.dispatchEvent(new Event('online'))")
        expect(other.get_by_text("is not the table's current match")).to_be_visible(timeout=WAIT_MS)
        assert stored(network.location) == before
        other.locator(pad("drop-all")).click()  # nothing of it left for table 1's tab
        expect(other.locator(pad("queue"))).not_to_contain_text("not yet sent", timeout=WAIT_MS)
    finally:
        context.close()


PAGES = ("record", "record?table=1", "record?table={played_table}", "record?session={session}",
         "organiser", "director", "director?session={played}")  # fmt: skip


def click_everything(page: Page) -> int:
    """Click every button, tab and expander the page shows and submit every form (Enter in each
    of its fields), re-reading the page after each (a tab or an expander shows more); the number
    of controls used."""
    used = 0
    index = 0
    main = page.locator('[data-testid="stMain"]')
    while index < main.locator(CONTROLS).count():
        control = main.locator(CONTROLS).nth(index)
        index += 1
        if control.is_visible() and control.is_enabled():
            control.click(timeout=WAIT_MS)
            used += 1
            settle(page)
            page.keyboard.press("Escape")  # a list a select box opened closes again
    forms = main.locator("[data-testid='stForm']")
    for form in range(forms.count()):
        for field in range(forms.nth(form).locator("input, textarea").count()):
            forms.nth(form).locator("input, textarea").nth(field).press("Enter")
            used += 1
            settle(page)
    return used


def test_a_visitor_without_a_key_changes_nothing_whatever_he_clicks(
    browser: Browser, network: Network
) -> None:
    session = match_session(network, 1)
    before = stored(network.location)
    used: dict[str, int] = {}
    context = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
    try:
        page = context.new_page()
        for path in PAGES:
            address = path.format(played_table=PLAYED_TABLE, session=session, played=network.played)
            opened(page, f"{network.url}/{address}")
            used[address] = click_everything(page)
            assert stored(network.location) == before, address
        assert used["organiser"] >= 3, used  # its three tabs, at least
    finally:
        context.close()


def test_the_director_corrects_a_finished_hand_and_his_old_link_is_refused(
    browser: Browser, network: Network
) -> None:
    archive = open_archive(str(network.location))
    context = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
    old = network.keys["director referee Mathew"]
    try:
        page = context.new_page()
        page.goto(f"{network.url}/director?session={network.played}&key={old}")
        area = page.locator(f'[class*="st-key-dir-text-{network.played}-1-"] textarea')
        expect(area).to_be_visible(timeout=WAIT_MS)
        assert "key=" not in page.url
        area.fill(actions.correction_text(archive.record(network.played), 1))
        area.press("Control+Enter")
        why = page.locator(".st-key-dir-correct-why input")
        why.fill("the sheet's hand 1 was copied from the wrong row")
        why.press("Enter")
        expect(page.locator(".st-key-dir-correct button")).to_be_enabled(timeout=WAIT_MS)
        page.locator(".st-key-dir-correct button").click(timeout=2 * WAIT_MS)
        expect(page.get_by_text(f"session {network.played}: hand 1 corrected")).to_be_visible(
            timeout=WAIT_MS
        )
        corrected = archive.events(network.played)[-1]
        assert (corrected.who, corrected.why) == (
            "director referee Mathew",
            "the sheet's hand 1 was copied from the wrong row",
        )
        history = run("day", "history", str(network.played), "--db", str(network.location))[1]
        assert "director referee Mathew" in history.splitlines()[-1]

        area.fill(actions.correction_text(archive.record(network.played), 2))
        area.press("Control+Enter")
        why.fill("a second look")
        # the page drawn anew for the reason typed, with his old key still in force: only then
        # is the key replaced (a run begun after it would draw the page refused, with no button)
        rerun(page, lambda: why.press("Enter"))
        expect(page.locator(".st-key-dir-correct button")).to_be_enabled(timeout=WAIT_MS)
        network.issue("--director", "referee Mathew")  # his link replaced, the page still drawn
        before = stored(network.location)
        page.locator(".st-key-dir-correct button").click()
        expect(page.get_by_text(NOT_IN_FORCE).first).to_be_visible(timeout=WAIT_MS)
        page.goto(f"{network.url}/director?key={old}")  # the old link opened anew
        expect(page.get_by_text(NOT_IN_FORCE).first).to_be_visible(timeout=WAIT_MS)
        assert stored(network.location) == before
    finally:
        context.close()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_gated_pages_read_plainly_with_and_without_a_key(
    browser: Browser, network: Network, size: dict[str, int]
) -> None:
    name = "desktop" if size == DESKTOP else "phone"
    context = browser.new_context(viewport=size)  # type: ignore[arg-type]
    try:
        page = context.new_page()
        for path in ("record", "record?table=2", "organiser", "director"):
            opened(page, f"{network.url}/{path}")
            screenshot(page, f"keys-none-{path.replace('?', '-').replace('=', '')}-{name}")
        opened(
            page, f"{network.url}/record?table=2&key={network.keys['table 2']}", ".st-key-tbl-open"
        )
        page.locator(".st-key-tbl-open button").click()
        expect(page.locator(TAP)).to_be_visible(timeout=WAIT_MS)
        settle(page)
        screenshot(page, f"keys-table-record-{name}")
        for path in ("organiser", "director"):
            opened(page, f"{network.url}/{path}")
            screenshot(page, f"keys-table-{path}-{name}")
        director = network.issue("--director", f"screens {name}")[f"director screens {name}"]
        for path, ready in (("record", ".st-key-rec-start"), ("organiser", ".st-key-org-text"),
                            ("director", "h1")):  # fmt: skip
            page = context.new_page()
            opened(page, f"{network.url}/{path}?key={director}", ready)
            screenshot(page, f"keys-director-{path}-{name}")
    finally:
        context.close()
