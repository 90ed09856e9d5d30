"""What the day's pages and commands say of the accounts and a roster read, word by word: an
overpayment shows its amount, each fee line names its own table (a table number plays round after
round), a 28 roster read counts its players and its teams, a penalty in a session's history says
its team, points and why."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from dashboard.day import actions
from dashboard.day.history import history_lines
from dashboard.day.source import open_day
from dashboard.views.tournament.day import accounts_html, accounts_rows, roster_read
from recorder.archive import Author, open_archive
from replay.tournament import accounts_text, build_tournament, read_roster
from tests.day_setup import played_match, set_up
from tests.test_tournament_day_rummy import DAY, description, first_round, with_tags


def test_an_overpayment_shows_the_amount_over() -> None:
    fees = build_tournament(first_round(), description(), DAY).fees
    assert fees is not None
    gopi = fees.people["Gopi"]  # registration 100 and a re-entry 30; paid 200
    assert (gopi.owed, gopi.over, gopi.balance("$")) == (0, 70, "paid $70 over")
    text = accounts_text(fees)
    assert "Gopi: due $130, paid $200, paid $70 over" in text.splitlines()
    assert next(row for row in accounts_rows(fees) if row["Who"] == "Gopi")["Over"] == 70
    assert "<th>Over</th>" in accounts_html(fees, "Test Cup")
    assert text.splitlines()[-1].endswith("still owed $730, paid over $70")


def test_each_fee_line_names_its_own_table_by_round() -> None:
    sessions = first_round()
    sessions[-1] = with_tags(sessions[-1], "t4", Round="2")  # table 5 again, in round 2
    sessions[0] = with_tags(sessions[0], "t1", Round="1")
    fees = build_tournament(sessions, description(), replace(DAY, voids={})).fees
    assert fees is not None
    text = accounts_text(fees).splitlines()
    assert "  entry (first round, round 2, table 5): $50" in text
    assert [line.where for line in fees.people["Cini"].lines] == [
        "",
        " (first round, round 2, table 5)",
    ]
    assert fees.people["Cini"].lines[1].to_json()["round"] == "2"


def test_a_28_roster_read_counts_its_players_and_teams() -> None:
    rows = "team,player\n" + "".join(f"T{n % 3},P{n}\n" for n in range(7))
    assert roster_read(read_roster(rows, "teams.csv")) == "7 players of 3 teams read"
    assert roster_read(read_roster("player\nAnu\n", "rummy.csv")) == "1 Rummy player read"


def test_a_penalty_shows_in_the_history_with_its_team_points_and_why(tmp_path: Path) -> None:
    archive = open_archive(tmp_path / "day.sqlite")
    set_up(archive)
    session = played_match(archive, 2, "group-a-round-1-vallams-chendas.tgn")
    why = Author("director", "signalling across the table (rule E.3)")
    actions.penalty(open_day(archive), session, 3, "Chendas", 1, why)
    last = history_lines(archive, session)[-1]
    assert "rewrite hand 3: penalty 1 to Chendas (signalling across the table (rule E.3))" in last
