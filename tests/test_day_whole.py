"""A whole tournament day run through the day's actions, the functions the organiser's, director's
and Record pages call (TOURNAMENT.md §8–§12): set-up from a CSV roster, the group stage with a
walkover and a withdrawal, a tie settled by the organiser, the quarter finals scheduled by slot, a
duplicate voided, a finished hand corrected after the quarter finals were drawn (the bracket
follows, the stale match flagged, then voided and played again), a level knockout match played
on, Rummy tables started from a chair draw, a correction that unseats a semi-finalist, the fees and
the places. Every figure is checked against a count the test makes itself."""

from __future__ import annotations

import codecs
import random
from pathlib import Path

import pytest

from dashboard.day import actions
from dashboard.day.history import history_lines
from dashboard.day.source import Day, DayError, open_day
from dashboard.library import archive_key
from recorder import dumps, read
from recorder.archive import Archive, Author, HandStarted, events_from_record, open_archive
from recorder.model import Record
from replay.tournament import ScheduledMatch, match_length, read_draw
from tests.test_tournament_rummy import all_out, rummy_table
from tests.tournament_helpers import Sessions, roster, team_names

EVENT = "Onam Cup"
TEAMS = team_names(16)
RUMMY = ["Anu", "Babu", "Cini", "Deepu", "Eli", "Faiz"]
ORGANISER = Author("organiser", "set-up")
DIRECTOR = Author("director", "")
DESCRIPTION = f"""name = "{EVENT}"
date = "2026-09-05"
[28]
shuffles = 3
final_shuffles = 3
group_games = 1
[rummy]
semi_qualify = 1
[fees]
registration = 50
team = 20
"""
WINNERS = {  # group match: (winner, loser, winner's points, loser's points)
    "G1": (TEAMS[0], TEAMS[1], 30, 10),
    "G2": (TEAMS[2], TEAMS[3], 28, 10),
    "G3": (TEAMS[4], TEAMS[5], 26, 10),
    "G4": (TEAMS[6], TEAMS[7], 24, 10),
    "G5": (TEAMS[8], TEAMS[9], 22, 10),
    "G6": (TEAMS[10], TEAMS[11], 20, 10),
}


def by(why: str, who: str = "director") -> Author:
    return Author(who, why)


def roster_csv() -> bytes:
    rows = ["team,player"] + [f"{team},{name}" for team in TEAMS for name in roster(team)]
    rows += [f",{name}" for name in ()]  # no Rummy rows in the 28 sheet
    return codecs.BOM_UTF8 + ("\r\n".join(rows) + "\r\n").encode()


def record_at_table(
    day: Day, match_id: str, record: Record, table_author: Author, draw: str = ""
) -> int:
    """A table starts its scheduled match (a Rummy table from its chair draw) and records
    ``record``'s hands into it, event by event; starting wrote hand 1's start already."""
    entry = next(e for e in day.tournament().schedule if e.scheduled.id == match_id)
    chairs = () if draw else tuple(record.players)
    dealer = record.hands[0].dealer or 0
    session = actions.start_match(day, entry, table_author, chairs, dealer, draw)
    events = events_from_record(record)[1:]
    first = next(i for i, event in enumerate(events) if isinstance(event, HandStarted))
    for event in events[first + 1 :]:
        day.archive.append(session, event, table_author)
    return session


def played(sessions: Sessions, teams: tuple[str, str], stage: str, points=None) -> Record:  # type: ignore[no-untyped-def]
    return sessions.play(stage, teams, points=points).record


def test_a_whole_day(tmp_path: Path) -> None:
    archive: Archive = open_archive(str(tmp_path / "day.sqlite"))
    rng = Sessions(random.Random(28), shuffles=3, event=EVENT)

    # set-up: the description and the 28 roster from a spreadsheet; then the Rummy roster
    said = actions.set_description(
        archive, DESCRIPTION, ORGANISER, actions.RosterFile(roster_csv(), "roster.csv")
    )
    assert said == f"{EVENT}: description stored (16 teams)"
    rummy_sheet = ("player\n" + "\n".join(RUMMY) + "\n").encode()
    day = open_day(archive)
    text = archive.day_state(EVENT).description or ""
    actions.set_description(archive, text, ORGANISER, actions.RosterFile(rummy_sheet, "r.csv"))
    day = open_day(archive)
    assert [team.name for team in day.description.twenty_eight.teams] == TEAMS
    assert day.description.twenty_eight.team(TEAMS[3]).players == tuple(roster(TEAMS[3]))  # type: ignore[union-attr]
    assert day.description.rummy.players == tuple(RUMMY)

    # the group stage: eight matches, one a table each
    pairs = [(TEAMS[2 * i], TEAMS[2 * i + 1]) for i in range(8)]
    for number, teams in enumerate(pairs, start=1):
        match = ScheduledMatch(f"G{number}", "28", "group", 1, number, teams=teams)
        actions.schedule_match(day, match, ORGANISER)
    day = open_day(archive)
    assert {e.scheduled.id: e.state for e in day.tournament().schedule} == {
        f"G{n}": "scheduled" for n in range(1, 9)
    }
    for match_id, (winner, loser, high, low) in WINNERS.items():
        record = played(rng, (winner, loser), "group", (high, low))
        table = int(match_id[1:])
        record_at_table(day, match_id, record, by("", f"table {table}"))
    # Team N withdraws before G7; Team P does not come to G8
    said = actions.withdraw(open_day(archive), TEAMS[13], by("went home"))
    assert said == f"{TEAMS[13]} withdrawn"
    said = actions.walkover(open_day(archive), TEAMS[14], TEAMS[15], "G8", by("did not come"))
    assert said.endswith(
        f"walkover in G8: {TEAMS[14]} wins, {TEAMS[15]} did not come (by director)"
    )
    with pytest.raises(DayError, match=r"G8 is over \(walkover\): nothing to start"):
        actions.walkover(open_day(archive), TEAMS[14], TEAMS[15], "G8", by("again"))

    tournament = open_day(archive).tournament()
    rows = {row.team: row for row in tournament.groups["all"]}
    for winner, loser, high, low in WINNERS.values():
        assert (rows[winner].tally.won, rows[winner].tally.points_for) == (1, high)
        assert (rows[loser].tally.lost, rows[loser].tally.points_against) == (1, high)
        assert rows[winner].tally.difference == high - low
    for winner, loser in ((TEAMS[12], TEAMS[13]), (TEAMS[14], TEAMS[15])):
        assert (rows[winner].tally.won, rows[winner].tally.match_points) == (1, 2)
        assert (rows[loser].tally.lost, rows[loser].tally.points_for) == (1, 0)
    states = {e.scheduled.id: e.state for e in tournament.schedule}
    assert states == {
        **{f"G{n}": "finished" for n in range(1, 7)},
        "G7": "walkover",
        "G8": "walkover",
    }
    # M and O: both won without play, level on everything: the seeds 7 and 8 wait for the organiser
    assert rows[TEAMS[12]].unresolved and rows[TEAMS[14]].unresolved

    described = (archive.day_state(EVENT).description or "").replace(
        "[28]\n", f'[28]\ndecided = ["{TEAMS[12]}", "{TEAMS[14]}"]\n', 1
    )
    actions.set_description(archive, described, by("tie: coin toss", "organiser"))
    day = open_day(archive)
    seeds = [TEAMS[i] for i in (0, 2, 4, 6, 8, 10, 12, 14)]  # by difference, then decided
    for label, table in (("QF1", 1), ("QF2", 2), ("QF3", 3), ("QF4", 4)):
        actions.schedule_match(
            day, ScheduledMatch(label, "28", "quarter final", 1, table, match=label), ORGANISER
        )
    day = open_day(archive)
    teams_of = {e.scheduled.id: e.teams for e in day.tournament().schedule}
    assert teams_of["QF1"] == (seeds[0], seeds[7])
    assert teams_of["QF2"] == (seeds[1], seeds[6])
    assert teams_of["QF3"] == (seeds[2], seeds[5])
    assert teams_of["QF4"] == (seeds[3], seeds[4])

    # QF4 is played (Team G beats Team I); QF1 too, and imported again by mistake
    qf4 = record_at_table(
        day, "QF4", played(rng, (seeds[3], seeds[4]), "quarter final", (30, 14)), by("", "table 4")
    )
    qf1_record = played(rng, (seeds[0], seeds[7]), "quarter final", (31, 14))
    day = open_day(archive)
    qf1 = record_at_table(day, "QF1", qf1_record, by("", "table 1"))
    duplicate = archive.import_record(archive.record(qf1), by("paper sheet typed in"))
    actions.void(open_day(archive), duplicate, by("recorded twice"))

    # the director corrects G4's last hand: Team H was given 20 points of penalties in it
    g4 = next(s.id for s in archive.sessions() if s.schedule == "G4")
    hands = len(archive.record(g4).hands)
    said = actions.penalty(open_day(archive), g4, hands, TEAMS[7], 20, by("cardinal rule: Team G"))
    assert said.startswith(f"session {g4}: hand {hands} corrected (by director")
    tournament = open_day(archive).tournament()
    rows = {row.team: row for row in tournament.groups["all"]}
    assert rows[TEAMS[7]].tally.won == 1 and rows[TEAMS[7]].tally.points_for == 30
    assert rows[TEAMS[6]].tally.lost == 1
    seeds = [TEAMS[i] for i in (0, 2, 4, 8, 10, 7, 12, 14)]  # H (+6) in, G out
    entries = {e.scheduled.id: e for e in tournament.schedule}
    assert entries["QF3"].teams == (seeds[2], seeds[5])
    assert entries["QF4"].teams == (seeds[3], seeds[4])
    assert entries["QF4"].state == "stale"
    assert any(f.code == "wrong-pairing" for f in tournament.findings)
    assert [(v.session, v.why) for v in tournament.void] == [
        (archive_key(duplicate), "recorded twice")
    ]

    # the stale quarter final is voided and played again between the right teams
    actions.void(open_day(archive), qf4, by("wrong pairing after the correction of G4"))
    day = open_day(archive)
    assert {e.scheduled.id: e.state for e in day.tournament().schedule}[
        "QF4"
    ] == "void"  # may be started anew
    record_at_table(
        day, "QF4", played(rng, (seeds[3], seeds[4]), "quarter final", (25, 14)), by("", "table 4")
    )

    # QF2 is level after its three shuffles and goes on, one shuffle at a time
    level = played(rng, (seeds[1], seeds[6]), "quarter final", (20, 20))
    day = open_day(archive)
    qf2 = record_at_table(day, "QF2", level, by("", "table 2"))
    assert len(level.hands) > 3
    short = open_day(archive).sessions()
    sessions = {s.key: s for s in short}
    assert match_length(sessions[archive_key(qf2)], day.description).over
    three = level.model_copy(update={"hands": level.hands[:3]})
    from replay.tournament import TournamentSession

    level_now = TournamentSession.scored("x", "x", read(dumps(three)).record)  # type: ignore[arg-type]
    assert match_length(level_now, day.description).sentence == "level 20–20: one more shuffle"
    qf2_winner = open_day(archive).tournament().bracket[1].winner
    record_at_table(
        open_day(archive),
        "QF3",
        played(rng, (seeds[2], seeds[5]), "quarter final", (28, 14)),
        by("", "table 3"),
    )

    # semi finals, losers' final and final, scheduled by slot
    day = open_day(archive)
    for label, stage, table in (
        ("SF1", "semi final", 1),
        ("SF2", "semi final", 2),
        ("LF", "losers final", 2),
        ("F", "final", 1),
    ):
        actions.schedule_match(
            day, ScheduledMatch(label, "28", stage, 1, table, match=label), ORGANISER
        )
    day = open_day(archive)
    sf = {e.scheduled.id: e.teams for e in day.tournament().schedule}
    assert sf["SF1"] == (seeds[0], seeds[3])  # winners of QF1 and QF4
    assert sf["SF2"] == (qf2_winner, seeds[2])
    record_at_table(day, "SF1", played(rng, sf["SF1"], "semi final", (26, 14)), by("", "table 1"))  # type: ignore[arg-type]
    record_at_table(
        open_day(archive), "SF2", played(rng, sf["SF2"], "semi final", (14, 27)), by("", "table 2")
    )  # type: ignore[arg-type]
    day = open_day(archive)
    final = {e.scheduled.id: e.teams for e in day.tournament().schedule}
    assert final["F"] == (seeds[0], seeds[2]) and final["LF"] == (seeds[3], qf2_winner)
    record_at_table(
        day, "LF", played(rng, final["LF"], "losers final", (22, 14)), by("", "table 2")
    )  # type: ignore[arg-type]
    record_at_table(
        open_day(archive), "F", played(rng, final["F"], "final", (14, 29)), by("", "table 1")
    )  # type: ignore[arg-type]
    tournament = open_day(archive).tournament()
    assert tournament.places == [seeds[2], seeds[0], seeds[3], qf2_winner]

    # Rummy: two first-round tables started from a chair draw, the winners to the semi final
    day = open_day(archive)
    actions.schedule_match(
        day,
        ScheduledMatch("R1", "rummy", "first round", 1, 9, players=("Cini", "Anu", "Babu")),
        ORGANISER,
    )
    actions.schedule_match(
        day,
        ScheduledMatch("R2", "rummy", "first round", 1, 10, players=("Deepu", "Eli", "Faiz")),
        ORGANISER,
    )
    actions.schedule_match(
        day, ScheduledMatch("S1", "rummy", "semi final", 1, 9, players=("Anu", "Deepu")), ORGANISER
    )
    drawn = "Babu=KD/5H, Anu=AS, Cini=KD/2C"
    draw = read_draw(drawn)
    assert draw.chairs == (
        "Anu",
        "Babu",
        "Cini",
    )  # Babu and Cini both drew KD, and again: 5H beats 2C
    r1_deals = [{"Babu": 100, "Cini": 100}, {"Babu": 100, "Cini": 100}, {"Babu": 60, "Cini": 60}]
    r1 = rummy_table(draw.chairs, r1_deals, "first round", 9).record
    day = open_day(archive)
    record_at_table(day, "R1", r1, by("", "table 9"), drawn)
    r2 = rummy_table(("Deepu", "Eli", "Faiz"), all_out(["Eli", "Faiz"]), "first round", 10).record
    record_at_table(open_day(archive), "R2", r2, by("", "table 10"), "Deepu=AS, Eli=KS, Faiz=QS")
    semi = rummy_table(("Anu", "Deepu"), all_out(["Deepu"]), "semi final", 9).record
    record_at_table(open_day(archive), "S1", semi, by("", "table 9"), "Anu=AS, Deepu=KS")
    rummy = open_day(archive).tournament().rummy
    assert rummy.stages["first round"].qualified == ["Anu", "Deepu"]
    assert rummy.stages["semi final"].qualified == ["Anu"]

    # the director corrects R1: Babu's count in deal 3 was 40; three more deals were not written
    r1_session = next(s.id for s in archive.sessions() if s.schedule == "R1")
    deals = [{"Babu": 40, "Cini": 60}, *all_out(["Anu"])]
    corrected = rummy_table(draw.chairs, [*r1_deals[:2], *deals], "first round", 9).record
    text = actions.correction_text(archive.record(r1_session), 2, corrected.hands[2:])
    actions.correct(open_day(archive), r1_session, 3, text, by("count misread; deals missing"))
    assert len(archive.record(r1_session).hands) == 6
    tournament = open_day(archive).tournament()
    assert tournament.rummy.stages["first round"].qualified == ["Babu", "Deepu"]
    stale = [f for f in tournament.findings if f.code == "stale-qualifier"]
    assert len(stale) == 1 and "Anu" in stale[0].message
    assert {e.scheduled.id: e.state for e in tournament.schedule}["S1"] == "stale"

    # the fees: 16 teams at 20, six Rummy players at 50; Anu pays
    day = open_day(archive)
    actions.pay(day, "Anu", 50, "cash", Author("desk"))
    fees = open_day(archive).tournament().fees
    assert fees is not None
    assert fees.to_json()["total_due"] == 16 * 20 + len(RUMMY) * 50
    assert fees.to_json()["total_paid"] == 50
    assert fees.to_json()["people"]["Anu"]["paid"] == 50
    with pytest.raises(DayError, match="'Nobody' owes nothing"):
        actions.pay(open_day(archive), "Nobody", 5, "", Author("desk"))

    # the history of the corrected group match names every author and reason
    lines = history_lines(archive, g4)
    assert any("table 4" in line for line in lines)
    assert any("director" in line and "cardinal rule: Team G" in line for line in lines)
    voided = history_lines(archive, qf4)
    assert "wrong pairing after the correction of G4" in voided[-1]
