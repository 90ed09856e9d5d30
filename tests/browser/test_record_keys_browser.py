"""The Record page with keys and with two tabs, in Chromium (TOURNAMENT.md §10).

On a server that needs keys a visitor without one is offered no control and the archive does not
change; the director's link is read once, cleared from the address bar, and every event it writes
carries its label. On any server a second tab of the phone on the same table, drawn from an older
position, records its call for the seat the archive says is to call (not the older seat it shows),
and its Undo, naming an event that is no longer the latest, is refused with nothing undone; the
tab then catches up."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from dashboard.day import actions
from dashboard.day.source import open_day
from dashboard.server.launch import streamlit_command
from recorder.archive import Author, CallMade, open_archive
from recorder.archive.fold import effective_events
from tests.browser.conftest import (
    SESSIONS,
    free_port,
    running_server,
)
from tests.browser.test_record_browser import (  # noqa: F401  (recorder: the fixture)
    PLAYERS,
    WAIT_MS,
    Recorder,
    click_recorded,
    events_shown,
    expected_calls,
    pad,
    recorder,
    set_up_session,
    wait_for_events,
    wait_held,
)
from tests.test_cli import run
from tests.test_day_cli import CUP, ROSTER

pytestmark = pytest.mark.browser


def stored(archive: Path) -> int:
    """Every event the archive holds, of sessions and of the day."""
    opened = open_archive(str(archive))
    return sum(s.events for s in opened.sessions()) + len(opened.day_log())


def calls_stored(archive: Path) -> list[tuple[int, str]]:
    """The calls the archive's one session holds, undone ones left out: seat and call."""
    opened = open_archive(str(archive))
    (session,) = opened.sessions()
    return [
        (entry.event.seat, entry.event.call.token)
        for entry in effective_events(opened.events(session.id))
        if isinstance(entry.event, CallMade)
    ]


def test_a_stale_tab_records_for_the_seat_to_act_and_its_undo_is_refused(
    browser: Browser,
    recorder: Recorder,  # noqa: F811
) -> None:
    context = browser.new_context()  # one phone, two tabs: its id and kept taps are shared
    first, second = context.new_page(), context.new_page()
    try:
        set_up_session(first, recorder.url)
        second.goto(first.url)
        wait_for_events(second, events_shown(first))
        calls = expected_calls()
        click_recorded(first, pad(f"call-{calls[0][1]}"))
        drawn = events_shown(second)  # still the older position: seat 1 shown to call
        expect(second.locator(pad(f"seat-{calls[0][0]}"))).to_have_attribute("aria-pressed", "true")
        click_recorded(second, pad(f"call-{calls[1][1]}"))
        assert calls_stored(recorder.archive) == calls[:2]  # seat 2's call, as the archive says
        count = stored(recorder.archive)
        first.locator(pad("undo")).click()  # drawn before seat 2's call: it names seat 1's
        queue = first.locator(pad("queue"))
        expect(queue).to_contain_text("was refused", timeout=WAIT_MS)
        expect(queue).to_contain_text("nothing was undone")
        assert stored(recorder.archive) == count
        wait_for_events(first, drawn + 2)  # the page is brought up to date
        first.locator(pad("go-on")).click()
        wait_held(first)
        click_recorded(first, pad(f"call-{calls[2][1]}"))  # now it records
        assert calls_stored(recorder.archive) == calls[:3]
    finally:
        context.close()


@pytest.fixture
def keyed(tmp_path: Path) -> Iterator[tuple[str, Path, dict[str, str]]]:
    """A server that needs keys, on an archive with the Onam Cup set up; its keys by label."""
    archive = tmp_path / "day.sqlite"
    today = datetime.datetime.now(datetime.UTC).date().isoformat()  # the keys work today
    (tmp_path / "cup.toml").write_text(CUP.replace("2026-09-05", today), encoding="utf-8")
    (tmp_path / "roster.csv").write_text(ROSTER + "Vallams,Hari\n", encoding="utf-8")
    assert run("day", "init", "--description", str(tmp_path / "cup.toml"),
               "--roster", str(tmp_path / "roster.csv"), "--db", str(archive))[0] == 0  # fmt: skip
    _, out, _ = run("day", "keys", "--url", "http://x", "--director", "referee Mathew",
                       "--table", "4", "--db", str(archive))  # fmt: skip
    keys = {line.split(": ")[0]: re.findall(r"key=([\w-]+)", line)[0] for line in out.splitlines()}
    port = free_port()
    command = streamlit_command(str(SESSIONS), port, str(archive), host="127.0.0.1", keys=True)
    with running_server(command, port) as (url, _):
        yield url, archive, keys


def fill_set_up(page: Page) -> None:
    """``set_up_session`` on the page as it is (a new visit would start a new tab session)."""
    for seat, name in enumerate(PLAYERS, start=1):
        page.locator(f".st-key-rec-name-{seat} input").fill(name)
    page.locator(".st-key-rec-team-1 input").fill("Red")
    page.locator(".st-key-rec-team-2 input").fill("Blue")
    page.locator(".st-key-rec-team-2 input").press("Tab")
    page.locator(".st-key-rec-start button").click()
    expect(page.locator('.rec-status[data-phase="calling"]')).to_have_count(1, timeout=WAIT_MS)
    expect(page).to_have_url(re.compile(r"/record\?session=\d+$"))


def controls(page: Page) -> int:
    return page.locator("[data-testid='stMain'] button, [data-testid='stMain'] input").count()


def test_without_a_key_nothing_is_offered_and_the_directors_link_is_kept_per_tab(
    browser: Browser, keyed: tuple[str, Path, dict[str, str]]
) -> None:
    url, archive, keys = keyed
    before = stored(archive)
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(f"{url}/record")
        expect(page.get_by_text("this page only reads")).to_be_visible(timeout=WAIT_MS)
        assert controls(page) == 0
        page.goto(f"{url}/record?key=not-a-key")
        expect(page.get_by_text("this key is not in force")).to_be_visible(timeout=WAIT_MS)
        assert controls(page) == 0
        assert stored(archive) == before

        page.goto(f"{url}/record?key={keys['director referee Mathew']}")
        page.locator(".st-key-rec-start button").wait_for(timeout=WAIT_MS)
        assert "key=" not in page.url
        fill_set_up(page)  # the tab keeps its key for its own session (a reload would not)
        assert keys["director referee Mathew"] not in page.content()
        click_recorded(page, pad(f"call-{expected_calls()[0][1]}"))
        session = open_archive(str(archive)).sessions()[-1].id
        assert {e.who for e in open_archive(str(archive)).events(session)} == {
            "director referee Mathew"
        }
        out = run("day", "history", str(session), "--db", str(archive))[1]
        assert all("director referee Mathew" in line for line in out.splitlines()[1:])

        other = context.new_page()  # another tab (or visitor) of the same browser: no key
        other.goto(page.url)
        expect(other.get_by_text("this page only reads")).to_be_visible(timeout=WAIT_MS)
        assert controls(other) == 0
    finally:
        context.close()


def test_a_table_key_records_at_its_table_and_is_refused_at_another(
    browser: Browser, keyed: tuple[str, Path, dict[str, str]]
) -> None:
    url, location, keys = keyed
    for match, table in (("G1", "4"), ("G2", "5")):
        assert run("day", "schedule", "--id", match, "--stage", "group", "--round", "1",
                   "--table", table, "--teams", "Tuskers, Vallams",
                   "--db", str(location))[0] == 0  # fmt: skip
    archive = open_archive(str(location))
    players = ("Arun", "Eapen", "Bindu", "Gopan", "Cyril", "Hari")
    sessions = {}
    for entry in open_day(archive).tournament().schedule:
        sessions[entry.scheduled.table] = actions.start_match(
            open_day(archive), entry, Author("director", "start"), players, dealer=6
        )
    context = browser.new_context()
    call = "[data-tap^='call-'] >> nth=0"  # the match starts with its first hand
    try:
        for table in (5, 4):  # a tab each, opened with table 4's link, then its session chosen
            page = context.new_page()
            page.goto(f"{url}/record?key={keys['table 4']}")
            page.locator(f".st-key-rec-open-{sessions[table]} button").click(timeout=WAIT_MS)
            expect(page.locator(".rec-status")).to_have_count(1, timeout=WAIT_MS)
            assert "key=" not in page.url
            before = stored(location)
            if table == 5:
                page.locator(call).click()
                expect(page.get_by_text("is not the table's current match")).to_be_visible(
                    timeout=WAIT_MS
                )
                assert stored(location) == before
            else:
                click_recorded(page, call)
                assert stored(location) == before + 1
                assert [e.who for e in archive.events(sessions[4])][-1] == "table 4"
    finally:
        context.close()


def test_a_keyed_link_leaves_the_address_before_the_page_and_is_kept_nowhere(
    browser: Browser, keyed: tuple[str, Path, dict[str, str]]
) -> None:
    """The keyed address is answered by the hand-off alone (no cache, no referrer); the page
    itself is never loaded at an address with the key, and the tab still writes with it."""
    url, _, keys = keyed
    key = keys["table 4"]
    context = browser.new_context()
    page = context.new_page()
    documents: list[tuple[str, dict[str, str]]] = []
    page.on(
        "response",
        lambda response: (
            documents.append((response.url, response.headers))
            if response.request.resource_type == "document"
            else None
        ),
    )
    try:
        page.goto(f"{url}/record?table=4&key={key}")
        page.wait_for_url(re.compile(r"/record\?table=4$"), timeout=WAIT_MS)
        expect(page.get_by_text("this page only reads")).to_have_count(0, timeout=WAIT_MS)
        first, *later = documents
        assert key in first[0] and first[1]["cache-control"] == "no-store"
        assert first[1]["referrer-policy"] == "no-referrer"
        assert later and all(key not in address for address, _ in later)
        assert all(answer["referrer-policy"] == "no-referrer" for _, answer in later)
        assert key not in page.content()
        assert page.evaluate("sessionStorage.getItem('thuruppu-tab-key')") == key
    finally:
        context.close()
