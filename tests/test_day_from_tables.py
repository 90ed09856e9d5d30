"""The whole day from the tables alone (TOURNAMENT.md §8–§10): six teams in two groups, semi
finals and a final, each match played only through its table's flow with the table's key, as the
``record?table=N`` page does it: the table's current match started from the schedule
(``actions.start_match``), every call and card tapped (``clicks``, appended as ``page_writer``
does through ``guard.append_all``), the next hand started only while the match goes on. No
director or desk writes. Every match finishes at its table, each table then starts its next one,
and the day's standings, bracket and places equal the exported sessions scored afresh."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from dashboard.cli.commands import app
from dashboard.day import actions, guard
from dashboard.day.source import open_day
from dashboard.recording.table import match_finished, table_match
from dashboard.recording.tricks import clicks
from dashboard.recording.tricks.position import Position, locate
from recorder.archive import Archive, Author, open_archive
from recorder.model import Hand
from replay.tournament import ScheduledMatch
from replay.tricks.simulate import played_session
from tests.tournament_helpers import roster, seat_players

EVENT = "Table Cup"
GROUPS = {"A": ("Alpha", "Bravo", "Charlie"), "B": ("Delta", "Echo", "Foxtrot")}
ORGANISER = Author("organiser", "set-up")


def description() -> str:
    lines = [f'name = "{EVENT}"', "[28]", "shuffles = 1", "final_shuffles = 2", "group_games = 2"]
    for group, teams in GROUPS.items():
        for team in teams:
            players = ", ".join(f'"{name}"' for name in roster(team))
            lines += ["[[28.teams]]", f'name = "{team}"', f"players = [{players}]"]
            lines.append(f'group = "{group}"')
    return "\n".join(lines) + "\n"


def set_up(archive: Archive) -> None:
    """The description and the schedule: group A at table 1, group B at table 2, a semi final
    at each table, the final at table 1."""
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


def dealt(rng: random.Random) -> Hand:
    """A random legal hand that is played (not thrown in)."""
    while True:
        hand = played_session("28", rng, 1)[0].hands[0]
        if hand.redeal is None and hand.bidding is not None:
            return hand


class TableScorer:
    """A table's scorer: taps through the table's flow with the table's key."""

    def __init__(self, archive: Archive, table: int, rng: random.Random) -> None:
        self.archive = archive
        self.author = Author(f"table {table}", role="table", table=table)
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
        for trick in hand.tricks:
            for turn in trick.turns:
                position = self.at(session)
                if position.phase != "play":
                    break
                assert turn.card is not None and turn.seat is not None
                tokens = [action.token for action in turn.actions]
                self.tap(session, clicks.turn_click(position, turn.seat, tokens, turn.card.code))
        assert self.at(session).phase == "over"


def test_the_whole_day_runs_from_the_tables_alone(tmp_path: Path) -> None:
    archive = open_archive(tmp_path / "day.sqlite")
    set_up(archive)
    rng = random.Random(39)
    scorers = {table: TableScorer(archive, table, rng) for table in (1, 2)}
    played = [scorers[1].play_match(), scorers[2].play_match()]  # round 1
    for _ in range(2):  # rounds 2 and 3 of the groups
        played += [scorers[1].play_match(), scorers[2].play_match()]
    played += [scorers[1].play_match(), scorers[2].play_match()]  # the semi finals
    played.append(scorers[1].play_match())  # the final
    assert played == ["A1", "B1", "A2", "B2", "A3", "B3", "SF1", "SF2", "F"]
    assert all(entry.who.startswith("table ") for entry in _writes(archive))
    day = open_day(archive).tournament()
    assert [entry.state for entry in day.schedule] == ["finished"] * 9
    assert table_match(archive, 1).entry is None and table_match(archive, 2).entry is None

    folder = tmp_path / "exported"
    folder.mkdir()
    (folder / "tournament.toml").write_text(description(), encoding="utf-8")
    for summary in archive.sessions():
        text = archive.export_tgn(summary.id)
        (folder / f"session-{summary.id:03d}.tgn").write_text(text, encoding="utf-8")
    fresh = _tournament_json(str(folder))
    live = _tournament_json(str(tmp_path / "day.sqlite"))
    assert live["28"]["groups"] == fresh["28"]["groups"]
    assert _teams(live["28"]["bracket"]) == _teams(fresh["28"]["bracket"])
    assert live["28"]["places"] == fresh["28"]["places"] == day.places
    assert None not in day.places[:2]  # no losers' final is scheduled


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
