"""The whole day from the tables alone (TOURNAMENT.md §8–§10): six teams in two groups, semi
finals and a 28 final, two Rummy first-round tables and a Rummy final, played only on the tables'
Record pages, served as ``thuruppu record --host 0.0.0.0`` serves them (every write needs a key).
Each table is one phone's tab (``tests.table_pages``: Streamlit's own websocket messages, as the
browser sends them) opened once with the link ``thuruppu day keys`` printed for it: it starts the
match its page shows (a 28 table picks the seats' players and the first dealer, a Rummy table
enters its chair draw), taps every call, face-down card and card (28) or joker and outcome
(Rummy), the next hand or deal while the page offers one, and, once the page says the match is
over, the next match the page offers. The tables of a round play at once. No director or desk
writes, and nothing but the pages: the test only reads the archive.

Every match must finish at its table on its last tap: the page says the result, offers the
table's key no Undo nor correction, and offers the table's next match, which opens; the day's
standings, bracket, places and Rummy stages and places then equal the exported sessions scored
afresh. Run against the code before the day was played from the tables (issue 39), it fails at
the first round's ends: a hand's end was written only by the "Start hand N+1" tap (a Rummy deal's
by "Start deal N+1"), which the page rightly does not offer after a match's last shuffle, so the
last hand stayed open: the page kept the table key's Undo and corrections, offered no next match,
and the schedule kept the match "playing" for ever.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Coroutine, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from typer.testing import CliRunner

from dashboard.cli.commands import app
from dashboard.day import actions
from dashboard.day.source import open_day
from dashboard.library import ARCHIVE_PREFIX
from dashboard.recording.table import session_length, table_match
from dashboard.server.launch import streamlit_command
from recorder.archive import ARCHIVE_ENV, Archive, Author, open_archive
from recorder.games import GAMES
from recorder.model import Hand
from replay.rummy import replay_rummy
from replay.tournament import ScheduledMatch
from replay.tricks.simulate import played_session
from tests.apart import run_apart
from tests.browser.conftest import free_port, running_server
from tests.day_rummy_plan import DRAW_CARDS, Deal, plan_table, standing
from tests.table_pages import TablePage
from tests.tournament_helpers import roster

EVENT = "Table Cup"
GROUPS = {"A": ("Alpha", "Bravo", "Charlie"), "B": ("Delta", "Echo", "Foxtrot")}
RUMMY_TABLES = {3: ("Anu", "Babu", "Cini", "Deepu"), 4: ("Eli", "Fathima", "Gopi", "Hari")}
ORGANISER = Author("organiser", "set-up")
RUMMY_PLANS = {
    table: plan_table(players, random.Random(f"rummy {table}"))
    for table, players in RUMMY_TABLES.items()
}
"""Each first-round table's deals, known before the day so that its final can be scheduled."""
FINALISTS = tuple(
    name
    for table, players in RUMMY_TABLES.items()
    for name in standing(players, RUMMY_PLANS[table])[:2]
)
MOST_HANDS = 8
"""More hands than any match of the day needs (one or two shuffles, and a level knockout
match's deciding ones)."""
FINAL_DEALS = plan_table(FINALISTS, random.Random("rummy final"))


def description() -> str:
    lines = [f'name = "{EVENT}"', "[28]", "shuffles = 1", "final_shuffles = 2", "group_games = 2"]
    for group, teams in GROUPS.items():
        for team in teams:
            players = ", ".join(f'"{name}"' for name in roster(team))
            lines += ["[[28.teams]]", f'name = "{team}"', f"players = [{players}]"]
            lines.append(f'group = "{group}"')
    names = ", ".join(f'"{name}"' for players in RUMMY_TABLES.values() for name in players)
    lines += ["[rummy]", f"players = [{names}]", "first_round_qualify = 2"]
    return "\n".join(lines) + "\n"


def set_up(archive: Archive) -> None:
    """The description and the schedule: group A at table 1, group B at table 2, a semi final
    at each table, the final at table 1; Rummy's first round at tables 3 and 4, its final (the
    first two of each table) at table 3."""
    actions.set_description(archive, description(), ORGANISER)
    for table, (group, (a, b, c)) in enumerate(GROUPS.items(), start=1):
        for number, pair in enumerate(((a, b), (a, c), (b, c)), start=1):
            match = ScheduledMatch(f"{group}{number}", "28", "group", number, table, teams=pair)
            actions.schedule_match(open_day(archive), match, ORGANISER)
    for label, stage, table in (("SF1", "semi final", 1), ("SF2", "semi final", 2)):
        match = ScheduledMatch(label, "28", stage, None, table, match=label)
        actions.schedule_match(open_day(archive), match, ORGANISER)
    final = ScheduledMatch("F", "28", "final", None, 1, match="F")
    actions.schedule_match(open_day(archive), final, ORGANISER)
    for table, players in RUMMY_TABLES.items():
        first = ScheduledMatch(f"R{table}", "rummy", "first round", 1, table, players=players)
        actions.schedule_match(open_day(archive), first, ORGANISER)
    rummy_final = ScheduledMatch("RF", "rummy", "final", None, 3, players=FINALISTS)
    actions.schedule_match(open_day(archive), rummy_final, ORGANISER)


def issued_keys(location: Path) -> dict[int, str]:
    """Every table's key, as ``thuruppu day keys`` prints their links."""
    result = CliRunner().invoke(
        app, ["day", "keys", "--url", "http://192.0.2.7:8501", "--db", str(location)]
    )
    assert result.exit_code == 0, result.output
    keys = {}
    for line in result.stdout.splitlines():
        label, _, link = line.partition(": ")
        if label.startswith("table "):
            query = parse_qs(urlparse(link).query)
            assert query["table"] == [label.removeprefix("table ")]
            keys[int(query["table"][0])] = query["key"][0]
    assert sorted(keys) == [1, 2, 3, 4], result.stdout
    return keys


def dealt(rng: random.Random, dealer: int | None = None) -> Hand:
    """A random legal hand that is played (not thrown in), dealt by ``dealer`` when given."""
    while True:
        hand = played_session("28", rng, 1, first_dealer=dealer)[0].hands[0]
        if hand.redeal is None and hand.bidding is not None:
            return hand


class TableScorer:
    """A 28 table's scorer on the table's page: starts the match the page shows (each seat's
    player picked from its team's roster, the first dealer), taps every call, the face-down card
    and every card, and the next hand while the page offers one, its dealer as preselected."""

    def __init__(self, page: TablePage, rng: random.Random) -> None:
        self.page = page
        self.rng = rng

    async def play_match(self, match: str) -> str:
        """Play ``match``, the one the table's page shows, to its end; the page's result."""
        drawn = await self.page.run([])  # the page as it stands when the round is called
        assert f"**{match}**" in drawn.text(), drawn.text()
        seats = range(1, GAMES["28"].players + 1)
        chairs = tuple(drawn.widgets[f"tbl-seat-{s}"][1].options[(s - 1) // 2] for s in seats)
        hand = dealt(self.rng)
        assert hand.dealer is not None
        await self.page.start_28(chairs, hand.dealer)
        for _ in range(MOST_HANDS):
            await self.play_hand(hand)
            if "rec-next-hand" not in self.page.drawn.widgets:
                return finished(self.page, "Match over: ")
            hand = dealt(self.rng, self.page.drawn.preselected("rec-next-dealer"))
            await self.page.next_hand()
        raise AssertionError(f"{match} is not over after {MOST_HANDS} hands")

    async def play_hand(self, hand: Hand) -> None:
        """Every call, the face-down card and every card of ``hand``, until the hand is over."""
        assert hand.bidding is not None and hand.trump is not None
        for bid in hand.bidding.bids:
            await self.page.call(bid.seat, bid.call.token)
        trump = hand.trump
        code = trump.card.code if trump.card else None
        await self.page.trump(code, trump.suit.value if trump.suit and not code else None)
        pad = self.page.drawn.pad  # a hand being played: the match goes on, Undo offered
        assert pad is not None and pad["undo"] is not None, self.page.drawn.text()
        for turn in (turn for trick in hand.tricks for turn in trick.turns):
            if self.page.drawn.status()[1] != "play":
                break
            assert turn.card is not None and turn.seat is not None
            actions = [action.token for action in turn.actions]
            await self.page.card(turn.seat, turn.card.code, actions)
        assert self.page.drawn.status()[1] == "over"


class RummyScorer:
    """A Rummy table's scorer on the table's page: the chair draw (the players as the page lists
    them draw from the highest card down, so the chairs follow that order), then every deal's
    joker and outcomes, and the next deal while the table goes on."""

    def __init__(self, page: TablePage) -> None:
        self.page = page

    async def play_match(self, match: str, deals: Sequence[Deal]) -> str:
        """Play ``match``, the one the table's page shows, deal by deal; the page's result."""
        drawn = await self.page.run([])
        assert f"**{match}**" in drawn.text(), drawn.text()
        players = [
            key.removeprefix("tbl-draw-").removesuffix("-0")
            for key in drawn.widgets
            if key.startswith("tbl-draw-") and key.endswith("-0")
        ]
        await self.page.start_rummy(dict(zip(players, DRAW_CARDS, strict=False)))
        for number, deal in enumerate(deals, start=1):
            if number > 1:
                await self.page.next_deal()
            await self.page.joker(deal.joker)
            pad = self.page.drawn.pad  # the table goes on: the pad's Undo offered
            assert pad is not None and pad["undo"] is not None, self.page.drawn.text()
            for name, outcome in deal.outcomes.items():
                await self.page.outcome(name, outcome.kind, outcome.points)
        return finished(self.page, " won the table. Finishing order: ")


def finished(page: TablePage, said: str) -> str:
    """The page at a match's end: it says so with the result, and offers the table's key no
    Undo, no correction and no more hands (a mistake goes to the director, §10). What it says."""
    text = page.drawn.text()
    assert said in text, text
    over = {"rec-correct", "rmy-correct", "rec-next-hand"}
    assert not over & set(page.drawn.widgets), sorted(page.drawn.widgets)
    assert page.drawn.pad is None  # no tap pad, so no Undo nor next deal, on a finished match
    return next(line for line in text.splitlines() if said in line)


async def next_match(page: TablePage, expected: str | None) -> None:
    """The finished match's page offers the table's next match, which the scorer taps: the
    table's own page opens on it; or, with none left (``None``), it says the table has none."""
    if expected is None:
        assert f"table {page.table} has no match to play" in page.drawn.text()
        return
    assert "tbl-next-match" in page.drawn.widgets, page.drawn.text()
    _, offered = page.drawn.widgets["tbl-next-match"]
    assert f"Next match: {expected}" in offered.label.replace("\\", ""), offered.label
    await page.next_match()
    assert page.query == f"table={page.table}"  # no session, no key in the address
    assert f"**{expected}**" in page.drawn.text()


ROUNDS = (
    {1: "A1", 2: "B1", 3: "R3", 4: "R4"},
    {1: "A2", 2: "B2", 3: "RF"},
    {1: "A3", 2: "B3"},
    {1: "SF1", 2: "SF2"},
    {1: "F"},
)
"""Each round's match at each table, as the schedule (``set_up``) has them."""


@dataclass
class Served:
    """The day's archive, every table's key, and the address of the server recording into it."""

    location: Path
    keys: dict[int, str]
    url: str


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    """The day set up in an archive and its keys printed, served as ``thuruppu record --host
    0.0.0.0`` serves it: every write needs a key."""
    location = tmp_path / "day.sqlite"
    monkeypatch.setenv(ARCHIVE_ENV, str(location))
    set_up(open_archive(location))
    keys = issued_keys(location)
    port = free_port()
    command = streamlit_command(str(location), port, str(location), host="0.0.0.0", keys=True)
    with running_server(command, port, log=tmp_path / "server.log") as (url, _):
        yield Served(location, keys, url)


async def play_the_day(served: Served) -> tuple[list[dict[int, str]], int]:
    """Every table's phone opens its link and plays its matches round by round, the tables of a
    round at once; each finished match's page then opens the table's next. What the pages said
    at each match's end, by round and table, and how many times the pages were run."""
    pages = {table: TablePage(served.url, table, key) for table, key in served.keys.items()}
    await asyncio.gather(*(page.open() for page in pages.values()))
    tables = {table: TableScorer(pages[table], random.Random(f"table {table}")) for table in (1, 2)}
    rummy = {table: RummyScorer(pages[table]) for table in RUMMY_TABLES}
    deals = {"R3": RUMMY_PLANS[3], "R4": RUMMY_PLANS[4], "RF": FINAL_DEALS}

    def play(table: int, match: str) -> Coroutine[Any, Any, str]:
        if table in tables:
            return tables[table].play_match(match)
        return rummy[table].play_match(match, deals[match])

    results = []
    try:
        for number, matches in enumerate(ROUNDS):
            said = await asyncio.gather(*(play(table, match) for table, match in matches.items()))
            results.append(dict(zip(matches, said, strict=True)))
            for table in matches:
                later = [r[table] for r in ROUNDS[number + 1 :] if table in r]
                await next_match(pages[table], later[0] if later else None)
    finally:
        await asyncio.gather(*(page.close() for page in pages.values()))
    return results, sum(page.runs for page in pages.values())


def test_the_whole_day_runs_from_the_tables_alone(served: Served, tmp_path: Path) -> None:
    results, runs = run_apart(play_the_day(served))
    archive = open_archive(served.location)
    assert all(entry.who.startswith("table ") for entry in _writes(archive))
    for summary in archive.sessions():  # each table's key wrote its own matches only
        table = archive.record(summary.id).tag("Table")
        assert table is not None
        assert {entry.who for entry in archive.events(summary.id)} == {f"table {table.value}"}
    day = open_day(archive).tournament()
    assert [entry.state for entry in day.schedule] == ["finished"] * 12
    assert all(table_match(archive, table).entry is None for table in (1, 2, 3, 4))
    said = {
        match: texts[table]
        for matches, texts in zip(ROUNDS, results, strict=True)
        for table, match in matches.items()
    }
    for entry in day.schedule:  # each table's page said the match's own result
        assert entry.session is not None
        session = int(entry.session.removeprefix(ARCHIVE_PREFIX))
        record = archive.record(session)
        length = session_length(archive, session, record)
        if length is None:
            winner = replay_rummy(record).winner
            assert said[entry.scheduled.id].startswith(f"{winner} won the table")
        else:
            assert said[entry.scheduled.id] == length.sentence[0].upper() + length.sentence[1:]
    print(f"{runs} runs of the table pages")

    folder = tmp_path / "exported"
    folder.mkdir()
    (folder / "tournament.toml").write_text(description(), encoding="utf-8")
    for summary in archive.sessions():
        text = archive.export_tgn(summary.id)
        (folder / f"session-{summary.id:03d}.tgn").write_text(text, encoding="utf-8")
    fresh = _tournament_json(str(folder))
    live = _tournament_json(str(served.location))
    assert live["28"]["groups"] == fresh["28"]["groups"]
    assert _teams(live["28"]["bracket"]) == _teams(fresh["28"]["bracket"])
    assert live["28"]["places"] == fresh["28"]["places"] == day.places
    assert None not in day.places[:2]  # no losers' final is scheduled
    assert live["rummy"] == fresh["rummy"]
    assert live["rummy"]["places"] == standing(FINALISTS, FINAL_DEALS)
    assert live["rummy"]["stages"]["first round"]["qualified"] == list(FINALISTS)
    assert [
        (t["table"], t["standing"]) for t in live["rummy"]["stages"]["first round"]["tables"]
    ] == [
        (str(table), standing(players, RUMMY_PLANS[table]))
        for table, players in RUMMY_TABLES.items()
    ]


def _teams(bracket: list[dict]) -> list[tuple]:
    """The bracket without where its sessions are kept (an archive's or a file's name)."""
    return [
        tuple(value for key, value in sorted(slot.items()) if key not in ("session", "source"))
        for slot in bracket
    ]


def _writes(archive: Archive) -> list:
    return [entry for summary in archive.sessions() for entry in archive.events(summary.id)]


def _tournament_json(path: str) -> dict:
    result = CliRunner().invoke(app, ["tournament", path, "--json", "--event", EVENT])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)
