"""The tournament day in Chromium at both sizes, on a dashboard served on an archive set up through
the Organiser's actions: a scorer starts a scheduled 28 match and a Rummy table (its chair draw
card by card) from the table's page without typing a name; the Organiser page shows a mistyped
key at once with its line; the Director corrects a finished hand and the Tournament page changes.
Screenshots go to ``test-output/screenshots`` (day-*)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from dashboard.day import actions
from dashboard.day.source import open_day
from dashboard.views.tournament.projector import STANDING_HEAD
from recorder.archive import ARCHIVE_ENV, open_archive
from replay.tournament import ScheduledMatch
from tests.browser.conftest import run_dashboard, screenshot
from tests.day_setup import ORGANISER, played_match, set_up

pytestmark = pytest.mark.browser

WAIT_MS = 30_000
PLAYED_TABLE = 5
PLAYED_SOURCE = "group-b-round-1-pulikali-periyar.tgn"
TWENTY_EIGHT = {
    "desktop": (1, ("Arun", "Kiran", "Bindu", "Lekha", "Cyril", "Manoj")),
    "phone": (2, ("Eapen", "Hari", "Fathima", "Indu", "Gopan", "Jose")),
}
RUMMY = {
    "desktop": (3, (("Abu", "A♠"), ("Beena", "K♥"), ("Chacko", "9♣"), ("Dinesh", "2♦"))),
    "phone": (4, (("Elsa", "Q♠"), ("Felix", "J♠"), ("Ganga", "10♦"), ("Hamid", "printed joker"))),
}


class Day:
    """The served dashboard and its archive."""

    def __init__(self, url: str, location: Path, played: int) -> None:
        self.url = url
        self.location = location
        self.played = played


@pytest.fixture(scope="module")
def day(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Day]:
    folder = tmp_path_factory.mktemp("day")
    location = folder / "day.sqlite"
    archive = open_archive(location)
    set_up(archive)
    match = ScheduledMatch("G1-3", "28", "group", 1, PLAYED_TABLE, teams=("Pulikali", "Periyar"))
    actions.schedule_match(open_day(archive), match, ORGANISER)
    played = played_match(archive, PLAYED_TABLE, PLAYED_SOURCE)
    environment = {**os.environ, ARCHIVE_ENV: str(location)}
    with run_dashboard(location, environment, folder / "dashboard.log") as url:
        yield Day(url, location, played)


def size_of(page: Page) -> str:
    return "phone" if (page.viewport_size or {"width": 0})["width"] < 600 else "desktop"


def choose(page: Page, label: str, option: str) -> None:
    """Pick an option of the select box with this label (typed in to filter a long list, as a
    scorer would on a phone)."""
    page.locator('[data-testid="stSelectbox"]').filter(has_text=label).first.click()
    page.keyboard.type(option)
    page.get_by_role("option", name=option, exact=True).click()


def test_a_scorer_starts_a_scheduled_28_match_without_typing(day: Day, screen: Page) -> None:
    table, players = TWENTY_EIGHT[size_of(screen)]
    screen.goto(f"{day.url}/record?table={table}")
    expect(screen.get_by_text(f"Table {table}", exact=True)).to_be_visible(timeout=WAIT_MS)
    expect(screen.locator('[data-testid="stTextInput"]')).to_have_count(0)
    for seat, name in enumerate(players, start=1):
        choose(screen, f"Seat {seat} (", name)
    screenshot(screen, "day-table")
    screen.locator(".st-key-tbl-start button").click()
    expect(screen).to_have_url(re.compile(r"session=\d+"), timeout=WAIT_MS)
    session = int(re.search(r"session=(\d+)", screen.url).group(1))  # type: ignore[union-attr]
    expect(screen.locator('[data-tap="seat-1"]')).to_be_visible(timeout=WAIT_MS)  # the tap pad
    screenshot(screen, "day-table-started")
    record = open_archive(day.location).record(session)
    assert record.tag("Players").value == ", ".join(players)  # type: ignore[union-attr]
    assert record.tag("Schedule").value == f"G1-{table}"  # type: ignore[union-attr]
    assert record.tag("Stage").value == "group"  # type: ignore[union-attr]


def test_a_rummy_table_enters_its_chair_draw_and_starts(day: Day, screen: Page) -> None:
    table, draws = RUMMY[size_of(screen)]
    screen.goto(f"{day.url}/record?table={table}")
    expect(screen.get_by_text(f"Table {table}", exact=True)).to_be_visible(timeout=WAIT_MS)
    for name, card in draws:
        choose(screen, name, card)
    names = [name for name, _ in draws]
    expected = ", ".join(f"chair {n}: {name}" for n, name in enumerate(names, start=1))
    expect(screen.get_by_text(expected, exact=False)).to_be_visible(timeout=WAIT_MS)
    screenshot(screen, "day-rummy-draw")
    screen.locator(".st-key-tbl-start button").click()
    expect(screen).to_have_url(re.compile(r"session=\d+"), timeout=WAIT_MS)
    session = int(re.search(r"session=(\d+)", screen.url).group(1))  # type: ignore[union-attr]
    record = open_archive(day.location).record(session)
    assert record.tag("Players").value == ", ".join(names)  # type: ignore[union-attr]
    assert record.hands[0].tag("Dealer").value == "4"  # type: ignore[union-attr]
    screenshot(screen, "day-rummy-started")


def test_the_organiser_sees_a_mistyped_key_at_once(day: Day, screen: Page) -> None:
    screen.goto(f"{day.url}/organiser")
    area = screen.locator(".st-key-org-text textarea")
    expect(area).to_be_visible(timeout=WAIT_MS)
    text = area.input_value()
    typo = text.replace("group_games = ", "group_game = ")
    line = next(n for n, row in enumerate(typo.splitlines(), 1) if row.startswith("group_game "))
    area.fill(typo)
    area.press("Control+Enter")
    finding = screen.locator(".st-key-org-findings").get_by_text(f"line {line}, column 1:")
    expect(finding).to_be_visible(timeout=WAIT_MS)
    expect(finding).to_contain_text('did you mean "group_games"')
    expect(screen.locator(".st-key-org-save button")).to_be_disabled()
    screenshot(screen, "day-organiser-typo")


def projector_difference(page: Page, url: str, team: str) -> Locator:
    """The team's point difference as the Tournament page's projector view shows it."""
    page.goto(f"{url}/tournament?view=projector&panels=standings")
    row = page.locator(".projector tr").filter(has=page.locator("td", has_text=team))
    return row.locator("td").nth(STANDING_HEAD.index("Diff"))


def test_the_director_corrects_a_finished_hand_and_the_tournament_changes(
    day: Day, screen: Page
) -> None:
    archive = open_archive(day.location)
    before = {r.team: r.tally for r in open_day(archive).tournament().groups["B"]}
    hands = len(archive.record(day.played).hands)
    screen.goto(f"{day.url}/tournament")
    expect(screen.get_by_text("Group B", exact=True)).to_be_visible(timeout=WAIT_MS)
    screenshot(screen, "day-tournament-before")
    screen.goto(f"{day.url}/director?session={day.played}")
    area = screen.locator(f'[class*="st-key-dir-text-{day.played}-1-"] textarea')
    expect(area).to_be_visible(timeout=WAIT_MS)
    assert '[Hand "1"]' in area.input_value()
    other = 2 if size_of(screen) == "desktop" else 3  # each size corrects it differently
    area.fill(actions.correction_text(archive.record(day.played), other - 1))
    area.press("Control+Enter")
    why = screen.locator(".st-key-dir-correct-why input")
    why.fill("the sheet's hand 1 was copied from the wrong row")
    why.press("Enter")
    screen.locator(".st-key-dir-correct button").click()
    expect(screen.get_by_text(f"session {day.played}: hand 1 corrected")).to_be_visible(
        timeout=WAIT_MS
    )
    screenshot(screen, "day-director")
    assert len(archive.record(day.played).hands) == hands
    after = {r.team: r.tally for r in open_day(archive).tournament().groups["B"]}
    assert after != before
    for team in ("Pulikali", "Periyar"):
        difference = after[team].difference
        shown = f"{difference:+d}" if difference else "0"
        expect(projector_difference(screen, day.url, team)).to_have_text(shown, timeout=WAIT_MS)
    screen.goto(f"{day.url}/tournament")
    expect(screen.get_by_text("Group B", exact=True)).to_be_visible(timeout=WAIT_MS)
    screenshot(screen, "day-tournament-after")


def test_a_roster_with_bad_rows_names_each_by_its_line(
    day: Day, screen: Page, tmp_path: Path
) -> None:
    roster = tmp_path / "teams.csv"
    roster.write_text(
        "team,player,group\nTuskers,Arun,A\nTuskers\nVallams,Ea=pen,A\nVallams,Fathima,A\n",
        encoding="utf-8",
    )
    screen.goto(f"{day.url}/organiser")
    expect(screen.locator(".st-key-org-text textarea")).to_be_visible(timeout=WAIT_MS)
    upload = screen.locator('.st-key-org-roster [data-testid="stFileUploaderDropzoneInput"]')
    upload.set_input_files(str(roster))
    expect(screen.get_by_text("teams.csv: line 3:", exact=False)).to_be_visible(timeout=WAIT_MS)
    expect(screen.get_by_text("teams.csv: line 4:", exact=False)).to_be_visible()
    expect(screen.locator(".st-key-org-roster-merge")).to_have_count(0)
    screen.locator(".st-key-org-roster").scroll_into_view_if_needed()
    screenshot(screen, "day-organiser-roster")
