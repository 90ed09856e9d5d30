"""The whole day from the tables alone (TOURNAMENT.md §8–§10): six teams in two groups, semi
finals and a 28 final, two Rummy first-round tables and a Rummy final, each match played only
at its table with the key ``thuruppu day keys`` printed for it, resolved as the page resolves it
(``guard.page_author``). Tables 1, 2 and 4 tap through their page's flow: the table's current
match started from the schedule (``actions.start_match``), every call and card (28) or joker and
outcome (Rummy) tapped (``clicks``, appended as ``page_writer`` does through
``guard.append_all``), the next hand or deal started only while the match goes on. Table 3 is
the real Record page (``record?table=3`` with its key, under Streamlit's AppTest): the chair
draw, every joker, outcome and next deal tapped on its buttons, then the next match it offers.
No director or desk writes. Every match finishes at its table, each table then starts its next
one, and the day's standings, bracket, places and Rummy stages and places equal the exported
sessions scored afresh."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from streamlit.testing.v1 import AppTest
from typer.testing import CliRunner

from dashboard.cli.commands import app
from dashboard.day import actions, guard
from dashboard.day.source import open_day
from dashboard.page_writer import KEYS_ARGUMENT
from dashboard.recording.rummy import clicks as rummy_clicks
from dashboard.recording.rummy.position import RummyPosition
from dashboard.recording.rummy.position import locate as rummy_locate
from dashboard.recording.table import match_finished, table_match
from dashboard.recording.tricks import clicks
from dashboard.recording.tricks.position import Position, locate
from dashboard.state import DATA_ENVIRONMENT
from recorder.archive import ARCHIVE_ENV, Archive, Author, open_archive
from recorder.model import Hand
from replay.rummy import replay_rummy
from replay.tournament import ScheduledMatch
from replay.tricks.simulate import played_session
from tests.day_rummy_plan import Deal, draw_of, plan_table, standing
from tests.test_dashboard_app import fresh_app, open_page
from tests.tournament_helpers import roster, seat_players

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


def key_writer(archive: Archive, key: str, table: int) -> Author:
    """The writer a page with this key writes as (``keys_on``: a server open to the network)."""
    author = guard.page_author(archive, key, keys_on=True)
    assert author is not None and (author.role, author.table) == ("table", table), author
    return author


def dealt(rng: random.Random) -> Hand:
    """A random legal hand that is played (not thrown in)."""
    while True:
        hand = played_session("28", rng, 1)[0].hands[0]
        if hand.redeal is None and hand.bidding is not None:
            return hand


class TableScorer:
    """A 28 table's scorer: taps through the table's flow with the table's key."""

    def __init__(self, archive: Archive, table: int, key: str, rng: random.Random) -> None:
        self.archive = archive
        self.author = key_writer(archive, key, table)
        self.table = table
        self.rng = rng
        self.taps = 0

    def at(self, session: int) -> Position:
        return locate(session, self.archive.events(session))

    def tap(self, session: int, decision: clicks.Decision) -> None:
        assert isinstance(decision, clicks.Accepted), decision
        guard.append_all(self.archive, session, decision.events, self.author)
        self.taps += 1

    def play_match(self) -> str:
        """Start the table's current match and play it to its end; its id."""
        found = table_match(self.archive, self.table)
        assert found.entry is not None and found.day is not None, found.problem
        entry = found.entry
        assert entry.teams is not None and None not in entry.teams, entry
        first, second = entry.teams
        chairs = tuple(seat_players(roster(first or ""), roster(second or "")))
        hand = dealt(self.rng)
        session = actions.start_match(
            found.day, entry, self.author, chairs, hand.dealer or len(chairs)
        )
        while True:
            self.play_hand(session, hand)
            record = self.archive.record(session)
            if match_finished(self.archive, session, record):
                return entry.scheduled.id
            hand = dealt(self.rng)
            self.tap(session, clicks.next_hand_click(self.at(session), hand.dealer))

    def play_hand(self, session: int, hand: Hand) -> None:
        """Every call, the face-down card and every card of ``hand``, until the hand is over."""
        assert hand.bidding is not None and hand.trump is not None
        for bid in hand.bidding.bids:
            self.tap(session, clicks.call_click(self.at(session), bid.seat, bid.call.token))
        trump = hand.trump
        code = trump.card.code if trump.card else None
        suit = trump.suit.value if trump.suit and not trump.card else None
        self.tap(session, clicks.trump_click(self.at(session), code, suit))
        # a hand being played is no shuffle yet: the match goes on, Undo and corrections with it
        assert not match_finished(self.archive, session, self.archive.record(session))
        for trick in hand.tricks:
            for turn in trick.turns:
                position = self.at(session)
                if position.phase != "play":
                    break
                assert turn.card is not None and turn.seat is not None
                tokens = [action.token for action in turn.actions]
                self.tap(session, clicks.turn_click(position, turn.seat, tokens, turn.card.code))
        assert self.at(session).phase == "over"


class RummyScorer:
    """A Rummy table's scorer: the chair draw, then every deal's joker and outcomes tapped through
    the Rummy Record page's flow with the table's key."""

    def __init__(self, archive: Archive, table: int, key: str) -> None:
        self.archive = archive
        self.author = key_writer(archive, key, table)
        self.table = table

    def at(self, session: int) -> RummyPosition:
        return rummy_locate(session, self.archive.events(session))

    def tap(self, session: int, decision: clicks.Decision) -> None:
        assert isinstance(decision, clicks.Accepted), decision
        guard.append_all(self.archive, session, decision.events, self.author)

    def play_match(self, deals: Sequence[Deal]) -> str:
        found = table_match(self.archive, self.table)
        assert found.entry is not None and found.day is not None, found.problem
        players = found.entry.scheduled.players or ()
        session = actions.start_match(found.day, found.entry, self.author, draw=draw_of(players))
        for number, deal in enumerate(deals, start=1):
            if number > 1:
                self.tap(session, rummy_clicks.next_deal_click(self.at(session)))
            self.tap(session, rummy_clicks.joker_click(self.at(session), deal.joker))
            for name, outcome in deal.outcomes.items():
                position, seat = self.at(session), players.index(name) + 1
                if outcome.kind == "winner":
                    self.tap(session, rummy_clicks.winner_click(position, seat))
                elif outcome.kind == "count":
                    self.tap(session, rummy_clicks.count_click(position, seat, outcome.points))
                else:
                    self.tap(session, rummy_clicks.outcome_click(position, seat, outcome.kind))
        assert self.at(session).phase == "ended"
        assert match_finished(self.archive, session, self.archive.record(session))
        return found.entry.scheduled.id


def shown(page: AppTest) -> str:
    boxes = [*page.error, *page.success, *page.info, *page.warning, *page.markdown]
    return "\n".join(str(box.value) for box in boxes).replace("\\", "")


def picked(page: AppTest, prefix: str) -> Any:
    (widget,) = [w for w in page.get("button_group") if str(w.key).startswith(prefix)]
    return widget


class RummyPage:
    """A Rummy table's scorer on the real Record page: ``record?table=N`` opened with the table's
    key, each tap a button of the page (Streamlit's AppTest runs ``dashboard/app.py``)."""

    def __init__(self, table: int, key: str) -> None:
        self.table = table
        self.page = open_page(fresh_app(), "record", table=str(table), key=key)
        self.runs = 0

    def click(self, key: str) -> None:
        self.page = self.page.button(key=key).click().run()
        self.runs += 1
        assert not self.page.exception, [e.value for e in self.page.exception]
        assert not self.page.error, (key, [e.value for e in self.page.error])

    def play_match(self, archive: Archive, deals: Sequence[Deal]) -> str:
        """Draw the chairs, start the table's current match and tap every deal to its end; the
        match's id. The page then says who won, offers no Undo, and offers the next match."""
        found = table_match(archive, self.table)
        assert found.entry is not None, found.problem
        players = found.entry.scheduled.players or ()
        assert f"**{found.entry.scheduled.id}**" in self.page.markdown[0].value
        for name, card in zip(players, draw_of(players).split(", "), strict=True):
            self.page.selectbox(key=f"tbl-draw-{name}-0").set_value(card.partition("=")[2])
            self.page = self.page.run()
        self.click("tbl-start")
        session = int(self.page.query_params["session"])
        for number, deal in enumerate(deals, start=1):
            if number > 1:
                self.click("rmy-next-deal")
            self.click(f"rmy-joker-grid-{deal.joker}")
            assert "rec-undo" in {str(button.key) for button in self.page.button}  # goes on
            for name, outcome in deal.outcomes.items():
                picked(self.page, "rmy-seat-").set_value(players.index(name) + 1)
                if outcome.kind == "count":
                    (count,) = [
                        box
                        for box in self.page.number_input
                        if str(box.key).startswith("rmy-count-")
                    ]
                    count.set_value(outcome.points)
                    self.click("rmy-count-record")
                else:
                    self.click(
                        f"rmy-tap-{outcome.kind}" if outcome.kind != "winner" else "rmy-tap-winner"
                    )
        game = replay_rummy(archive.record(session))
        assert f"{game.winner} won the table" in shown(self.page)
        keys = {str(button.key) for button in self.page.button}
        assert "rec-undo" not in keys and "rmy-correct" not in keys  # §10: it goes to the director
        assert "rmy-next-deal" not in keys
        return found.entry.scheduled.id

    def next_match(self, expected: str) -> None:
        """The finished match's page offers the table's next match: tapped, it opens there."""
        (offered,) = [b for b in self.page.button if b.key == "tbl-next-match"]
        assert f"Next match: {expected}" in str(offered.label).replace("\\", "")
        self.click("tbl-next-match")
        assert dict(self.page.query_params) == {"table": str(self.table)}


@pytest.fixture
def location(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The day's archive, served by a dashboard that needs keys (a server open to the network)."""
    path = tmp_path / "day.sqlite"
    monkeypatch.setenv(DATA_ENVIRONMENT, str(path))
    monkeypatch.setenv(ARCHIVE_ENV, str(path))
    monkeypatch.setattr(sys, "argv", [*sys.argv, KEYS_ARGUMENT])
    return path


def test_the_whole_day_runs_from_the_tables_alone(location: Path, tmp_path: Path) -> None:
    archive = open_archive(location)
    set_up(archive)
    keys = issued_keys(location)
    rng = random.Random(39)
    scorers = {table: TableScorer(archive, table, keys[table], rng) for table in (1, 2)}
    page = RummyPage(3, keys[3])
    rummy = RummyScorer(archive, 4, keys[4])
    played = [scorers[1].play_match(), scorers[2].play_match()]  # round 1
    played.append(page.play_match(archive, RUMMY_PLANS[3]))
    page.next_match("RF")
    played.append(rummy.play_match(RUMMY_PLANS[4]))
    for _ in range(2):  # rounds 2 and 3 of the groups
        played += [scorers[1].play_match(), scorers[2].play_match()]
    played += [scorers[1].play_match(), scorers[2].play_match()]  # the semi finals
    final_deals = plan_table(FINALISTS, random.Random("rummy final"))
    played.append(page.play_match(archive, final_deals))
    played.append(scorers[1].play_match())  # the final
    assert played == ["A1", "B1", "R3", "R4", "A2", "B2", "A3", "B3", "SF1", "SF2", "RF", "F"]
    assert all(entry.who.startswith("table ") for entry in _writes(archive))
    for summary in archive.sessions():  # each table's key wrote its own matches only
        table = archive.record(summary.id).tag("Table")
        assert table is not None
        assert {entry.who for entry in archive.events(summary.id)} == {f"table {table.value}"}
    day = open_day(archive).tournament()
    assert [entry.state for entry in day.schedule] == ["finished"] * 12
    assert all(table_match(archive, table).entry is None for table in (1, 2, 3, 4))
    assert "table 3 has no match to play" in shown(page.page)  # the final's page says so

    folder = tmp_path / "exported"
    folder.mkdir()
    (folder / "tournament.toml").write_text(description(), encoding="utf-8")
    for summary in archive.sessions():
        text = archive.export_tgn(summary.id)
        (folder / f"session-{summary.id:03d}.tgn").write_text(text, encoding="utf-8")
    fresh = _tournament_json(str(folder))
    live = _tournament_json(str(location))
    assert live["28"]["groups"] == fresh["28"]["groups"]
    assert _teams(live["28"]["bracket"]) == _teams(fresh["28"]["bracket"])
    assert live["28"]["places"] == fresh["28"]["places"] == day.places
    assert None not in day.places[:2]  # no losers' final is scheduled
    assert live["rummy"] == fresh["rummy"]
    assert live["rummy"]["places"] == standing(FINALISTS, final_deals)
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
