"""The 28 day with a schedule (TOURNAMENT.md §8–§10): only scheduled sessions count, a void one
counts for nothing, walkovers (a session, ``none``, a withdrawal), the director's decision, the
knockout scheduled by slot with its teams from the bracket, each table's current match and the tags
a scheduled match starts with, a corrected group result flagging the later match, match length."""

from __future__ import annotations

import random
from dataclasses import replace

from dashboard.views.tournament.overview import slot_lines, slot_status
from recorder import dumps, read
from recorder.model import Tag
from replay.tournament import (
    DayLog,
    ScheduledMatch,
    Tournament,
    TournamentSession,
    build_tournament,
    change_problems,
    current_matches,
    match_length,
    read_description,
    schedule_problems,
    start_tags,
)
from replay.tournament.description import Description
from tests.tournament_helpers import Sessions, roster, running

A, B, C, D = "Team A", "Team B", "Team C", "Team D"


def cup(withdrawn: str = "") -> Description:
    lines = [
        'name = "Test Cup"',
        'date = "2026-03-21"',
        'rules = "auto-penalties=yes, count=literal"',
        "[28]",
        "shuffles = 3",
        "final_shuffles = 4",
        "group_games = 3",
        f"withdrawn = [{withdrawn}]",
    ]
    for team in (A, B, C, D):
        players = ", ".join(f'"{name}"' for name in roster(team))
        lines += ["[[28.teams]]", f'name = "{team}"', f"players = [{players}]"]
    description, findings = read_description("\n".join(lines) + "\n")
    assert findings == []
    return description


def tagged(session: TournamentSession, key: str, **tags: str) -> TournamentSession:
    """The session with more tags, read back from its text (so that findings have lines)."""
    record = session.record
    extra = [Tag(name=name, value=value) for name, value in tags.items()]
    text = dumps(record.model_copy(update={"tags": [*record.tags, *extra]}))
    read_back = read(text, f"{key}.tgn").record
    assert read_back is not None
    return TournamentSession.scored(key, f"{key}.tgn", read_back)


def no_play(
    key: str, teams: tuple[str, str], round_: int, stage: str = "group", **tags: str
) -> TournamentSession:
    """A session of tags only (a walkover), through its text."""
    lines = ['[Game "28"]', f'[Teams "{teams[0]}, {teams[1]}"]', '[Event "Test Cup"]']
    lines += [f'[Round "{round_}"]', f'[Stage "{stage}"]']
    lines += [f'[{name} "{value}"]' for name, value in tags.items()]
    result = read("\n".join(lines) + "\n", f"{key}.tgn")
    assert result.errors == [] and result.record is not None
    return TournamentSession.scored(key, f"{key}.tgn", result.record)


GROUP = (
    ScheduledMatch("g1", "28", "group", 1, 1, teams=(A, D)),
    ScheduledMatch("g2", "28", "group", 1, 2, teams=(B, C)),
    ScheduledMatch("g3", "28", "group", 2, 1, teams=(A, C)),
    ScheduledMatch("g4", "28", "group", 2, 2, teams=(B, D)),
    ScheduledMatch("g5", "28", "group", 3, 1, teams=(A, B)),
    ScheduledMatch("g6", "28", "group", 3, 2, teams=(C, D)),
)
KNOCKOUT = (
    ScheduledMatch("sf1", "28", "semi final", None, 1, match="SF1"),
    ScheduledMatch("sf2", "28", "semi final", None, 2, match="SF2", time="15:00"),
    ScheduledMatch("lf", "28", "losers final", None, 2, match="LF"),
    ScheduledMatch("f", "28", "final", None, 1, match="F"),
)


def group_day() -> tuple[Sessions, list[TournamentSession]]:
    """The group stage as played: g1 A v D 20–10 (and a copy recorded twice, to be voided), g2 a
    walkover to B, g3 A v C stopped after 2 of 3 shuffles at 8–11 and decided for C, g4 B v D
    level 15–15, g5 A v B 12–14, g6 never played (D withdrew); and an A v B session nobody
    scheduled."""
    sessions = Sessions(random.Random(5), 3)
    made = [
        tagged(sessions.play("group", (A, D), round_=1, points=(20, 10)), "s1", Schedule="g1"),
        tagged(sessions.play("group", (A, D), round_=1), "s1-copy", Schedule="g1"),
        no_play("s2", (B, C), 1, Schedule="g2", Walkover=B),
        tagged(
            sessions.play("group", (A, C), round_=2, points=(8, 11), shuffles=2),
            "s3",
            Schedule="g3",
            Decision=C,
        ),
        tagged(sessions.play("group", (B, D), round_=2, points=(15, 15)), "s4", Schedule="g4"),
        tagged(sessions.play("group", (A, B), round_=3, points=(12, 14)), "s5", Schedule="g5"),
        tagged(sessions.play("group", (A, B), round_=3), "u1"),
    ]
    return sessions, made


def rows(tournament: Tournament) -> list[list[object]]:
    return [
        [
            row.rank,
            row.team,
            row.tally.played,
            row.tally.won,
            row.tally.level,
            row.tally.lost,
            row.tally.match_points,
            row.tally.points_for,
            row.tally.points_against,
        ]
        for row in tournament.groups["all"]
    ]


DAY = DayLog(schedule=GROUP + KNOCKOUT, voids={"s1-copy": "recorded twice"})


def test_the_group_stage_with_a_walkover_a_decision_a_withdrawal_a_void_and_a_stray() -> None:
    _, made = group_day()
    tournament = build_tournament(made, cup('"Team D"'), DAY)
    # played, won, level, lost, match points, for, against, counted from the docstring's results
    assert rows(tournament) == [
        [1, B, 3, 2, 1, 0, 5, 0 + 15 + 14, 0 + 15 + 12],
        [2, C, 3, 2, 0, 1, 4, 0 + 11 + 0, 0 + 8 + 0],
        [3, A, 3, 1, 0, 2, 2, 20 + 8 + 12, 10 + 11 + 14],
        [4, D, 3, 0, 1, 2, 1, 10 + 15 + 0, 20 + 15 + 0],
    ]
    assert [str(finding) for finding in tournament.findings] == [
        "u1.tgn:4: warning unscheduled: started from no scheduled match (no Schedule tag): left out"
    ]
    assert [entry.to_json() for entry in tournament.void] == [
        {"session": "s1-copy", "why": "recorded twice"}
    ]
    report = tournament.to_json()
    sf1, sf2, lf, final = report["28"]["bracket"]
    assert sf1 == {
        "match": "SF1",
        "teams": [B, D],
        "from": ["group 1", "group 4"],
        "points": None,
        "winner": B,
        "shuffles": 0,
        "walkover": True,
    }
    assert (sf2["teams"], sf2["winner"], sf2["walkover"]) == ([C, A], None, False)
    assert (lf["teams"], final["teams"]) == ([D, None], [B, None])
    states = {entry["id"]: (entry["session"], entry["state"]) for entry in report["schedule"]}
    assert states == {
        "g1": ("s1", "finished"),
        "g2": ("s2", "walkover"),
        "g3": ("s3", "decided"),
        "g4": ("s4", "finished"),
        "g5": ("s5", "finished"),
        "g6": (None, "walkover"),
        "sf1": (None, "walkover"),
        "sf2": (None, "scheduled"),
        "lf": (None, "waiting"),
        "f": (None, "waiting"),
    }
    assert report["schedule"][7] == {
        "id": "sf2",
        "stage": "semi final",
        "round": None,
        "table": 2,
        "match": "SF2",
        "teams": [C, A],
        "time": "15:00",
        "session": None,
        "state": "scheduled",
    }
    current = current_matches(tournament.schedule)
    assert {table: entry.scheduled.id for table, entry in current.items()} == {1: "f", 2: "sf2"}
    tags = start_tags(current[2], cup('"Team D"'))
    assert dict(tags.tags) == {
        "Game": "28",
        "Event": "Test Cup",
        "Date": "2026-03-21",
        "Table": "2",
        "Stage": "semi final",
        "Match": "SF2",
        "Teams": f"{C}, {A}",
        "Schedule": "sf2",
        "Rules": "auto-penalties=yes",
    }
    assert tags.problems == ()
    assert start_tags(current[1], cup('"Team D"')).problems == ("f: the teams are not known yet",)


def test_the_knockout_follows_the_schedule_and_a_withdrawn_team_gives_walkovers() -> None:
    sessions, made = group_day()
    semi = sessions.play("semi final", (C, A), label="SF2", points=(15, 9))
    made.append(tagged(semi, "k1", Schedule="sf2"))
    tournament = build_tournament(made, cup('"Team D"'), DAY)
    bracket = {slot.label: slot for slot in tournament.bracket}
    assert (bracket["SF2"].winner, bracket["SF2"].points) == (C, (15, 9))
    assert (bracket["LF"].teams, bracket["LF"].winner, bracket["LF"].walkover) == ((D, A), A, True)
    assert slot_lines(bracket["LF"]) == [(D, "", False), (A, "w/o", True)]
    assert (slot_status(bracket["LF"]), slot_status(bracket["SF2"])) == ("walkover", "3 shuffles")
    assert bracket["F"].teams == (B, C)
    current = current_matches(tournament.schedule)
    assert {table: entry.scheduled.id for table, entry in current.items()} == {1: "f"}
    assert dict(start_tags(current[1], cup('"Team D"')).tags)["Teams"] == f"{B}, {C}"
    level = sessions.play(
        "final", (B, C), label="F", points=(14, 14), shuffles=4, knockout_goes_on=False
    )
    playing = build_tournament([*made, tagged(level, "k2", Schedule="f")], cup('"Team D"'), DAY)
    current = current_matches(playing.schedule)
    assert {table: (e.scheduled.id, e.state) for table, e in current.items()} == {
        1: ("f", "playing")
    }
    assert start_tags(current[1], cup('"Team D"')).problems == ("f has a session already (k2)",)
    final = sessions.play("final", (B, C), label="F", points=(14, 14), shuffles=4)
    made.append(tagged(final, "k2", Schedule="f"))
    tournament = build_tournament(made, cup('"Team D"'), DAY)
    score = running(final.record)
    decider = next(n for n in range(4, len(score) + 1) if score[n - 1][0] != score[n - 1][1])
    first, second = score[decider - 1]
    champion, runner_up = (B, C) if first > second else (C, B)
    assert tournament.places == [champion, runner_up, A, D]
    assert current_matches(tournament.schedule) == {}
    assert [entry.state for entry in tournament.schedule][-4:] == [
        "walkover",
        "finished",
        "walkover",
        "finished",
    ]


def test_a_corrected_group_result_flags_the_scheduled_semi_final_until_it_stands() -> None:
    sessions, made = group_day()
    semi = tagged(
        sessions.play("semi final", (C, A), label="SF2", points=(15, 9)), "k1", Schedule="sf2"
    )
    made.append(semi)
    corrected = tagged(
        sessions.play("group", (A, B), round_=3, points=(16, 14)), "s5", Schedule="g5"
    )
    made = [corrected if session.key == "s5" else session for session in made]
    tournament = build_tournament(made, cup('"Team D"'), DAY)
    assert [row[1] for row in rows(tournament)] == [A, C, B, D]
    assert [str(f) for f in tournament.findings if f.code == "wrong-pairing"] == [
        "k1.tgn:5: error wrong-pairing: semi final Team C v Team A is no match of the bracket, "
        "which pairs SF1 Team A v Team D, SF2 Team C v Team B"
    ]
    states = {entry.scheduled.id: (entry.session, entry.state) for entry in tournament.schedule}
    assert states["sf2"] == ("k1", "stale")
    assert states["sf1"] == (None, "walkover")
    standing = build_tournament(made, cup('"Team D"'), replace(DAY, stands=frozenset({"k1"})))
    assert [str(f) for f in standing.findings if f.code in ("stands", "wrong-pairing")] == [
        "k1.tgn:5: note stands: semi final Team C v Team A stands as played in SF2 "
        "(the bracket pairs SF2 Team C v Team B)"
    ]
    slots = {slot.label: slot for slot in standing.bracket}
    assert (slots["SF2"].teams, slots["SF2"].winner) == ((C, A), C)
    assert slots["F"].teams == (A, C)
    assert {e.scheduled.id: e.state for e in standing.schedule}["sf2"] == "finished"


def test_without_a_schedule_every_session_of_the_event_counts_as_before() -> None:
    _, made = group_day()
    tournament = build_tournament(made, cup())
    assert tournament.schedule == [] and tournament.void == []
    assert [str(finding) for finding in tournament.findings] == [
        "s1.tgn:5: note rematch: group Team A v Team D: the two teams met before in the group "
        "stage",
        "s5.tgn:5: error too-many-games: group Team A v Team B: Team A has played its 3 group "
        "games already; this match does not count",
        "u1.tgn:5: error too-many-games: group Team A v Team B: Team A has played its 3 group "
        "games already; this match does not count",
    ]
    assert rows(tournament)[0] == [1, B, 2, 1, 1, 0, 3, 15, 15]


def test_a_walkover_to_none_and_walkovers_the_engine_refuses() -> None:
    made = [
        no_play("w1", (A, B), 1, Walkover="none"),
        no_play("w2", (C, D), 1, Walkover="Team E"),
        no_play("w3", (A, C), 2, stage="semi final", Walkover="Team A"),
    ]
    sessions = Sessions(random.Random(3), 3)
    hands = sessions.play("group", (B, D), round_=2)
    made.append(tagged(hands, "w4", Walkover=B))
    decided = tagged(sessions.play("group", (C, D), round_=3), "d1", Decision="Team Z")
    made.append(decided)
    tournament = build_tournament(made, cup())
    tallies = {row.team: row.tally for row in tournament.groups["all"]}
    assert (tallies[A].played, tallies[A].lost, tallies[A].match_points) == (1, 1, 0)
    assert (tallies[B].played, tallies[B].lost, tallies[B].match_points) == (1, 1, 0)
    assert [str(f) for f in tournament.findings if f.code.startswith("bad-")] == [
        "w2.tgn:6: error bad-walkover: group Team C v Team D: walkover to Team E, "
        "who is no team of the match (Team C, Team D)",
        "w4.tgn:7: error bad-walkover: group Team B v Team D: a walkover has no hands, "
        "this session has 3",
        "d1.tgn:7: error bad-decision: group Team C v Team D: decision for Team Z, who is no "
        "team of the match; the match stands as recorded",
    ]
    assert "w3" not in {match.session.key for match in tournament.matches}


def test_match_length_on_the_record_page() -> None:
    description = cup()
    sessions = Sessions(random.Random(5), 3)
    group = sessions.play("group", (A, D), round_=1, points=(20, 10))
    length = match_length(group, description)
    assert (length.due, length.ended, length.over, length.another_shuffle) == (3, 3, True, False)
    assert length.sentence == "match over: Team A win 20\u201310"
    level = sessions.play("group", (B, C), round_=1, points=(9, 9))
    assert match_length(level, description).sentence == "match over: level 9\u20139"
    semi = sessions.play("semi final", (A, B), points=(7, 7), knockout_goes_on=False)
    semi_length = match_length(semi, description)
    assert (semi_length.over, semi_length.sentence) == (False, "level 7\u20137: one more shuffle")
    short = sessions.play("final", (A, B), points=(20, 14), shuffles=3, knockout_goes_on=False)
    assert match_length(short, description).sentence == "shuffle 3 of 4: 1 to play"
    assert match_length(short.record, description) == match_length(short, description)
    _, made = group_day()
    by_key = {session.key: session for session in made}
    assert match_length(by_key["s2"], description).sentence == "match over: walkover, Team B win"
    stopped = match_length(by_key["s3"], description)
    assert (stopped.over, stopped.sentence) == (
        True,
        "match over: Team C win by decision at 11\u20138",
    )


def test_a_walkover_session_reads_and_writes_with_the_new_tags_in_their_order() -> None:
    text = (
        '[Decision "Team A"] ; time ran out\n[Walkover "Team A"]\n[Draw "x=AS"]\n'
        '[Schedule "g7"]\n[Match "SF1"]\n[Stage "semi final"]\n[Event "Test Cup"]\n'
        '[Teams "Team A, Team B"]\n[Game "28"]\n'
    )
    result = read(text, "w.tgn")
    assert result.errors == [] and result.record is not None
    assert dumps(result.record) == (
        '[Game "28"]\n[Teams "Team A, Team B"]\n[Event "Test Cup"]\n[Stage "semi final"]\n'
        '[Match "SF1"]\n[Schedule "g7"]\n[Draw "x=AS"]\n[Walkover "Team A"]\n'
        '[Decision "Team A"] ; time ran out\n'
    )
    missing = read('[Game "28"]\n[Teams "Team A, Team B"]\n', "p.tgn")
    assert [error.message for error in missing.errors] == [
        'missing [Players] tag (expected a line such as [Players "Anil, Biju, ..."])'
    ]


def test_a_new_scheduled_match_is_checked_against_the_description_and_the_schedule() -> None:
    description = cup('"Team D"')
    check = [
        ScheduledMatch("g1", "28", "group", 1, 0, teams=(A, "Team Z")),
        ScheduledMatch("x", "28", "groups", 1, 3, teams=(A, B)),
        ScheduledMatch("y", "28", "group", 1, 3, teams=(A, D)),
        ScheduledMatch("z", "28", "semi final", None, 3, match="QF1"),
        ScheduledMatch("r", "rummy", "first round", 1, 4, players=("Anu", "Anu")),
        ScheduledMatch("k", "28", "final", None, 1, match="F", teams=(A, B)),
        ScheduledMatch("m", "rummy", "semi final", 1, 4, players=("Anu", "Zed")),
    ]
    assert [schedule_problems(new, description, GROUP) for new in check] == [
        [
            "id g1 is taken",
            "table 0: expected a table number, 1 or more",
            "Team Z is no team of the description (teams: Team A, Team B, Team C, Team D)",
        ],
        ["stage 'groups': expected one of group, quarter final, semi final, losers final, final"],
        ["Team D has withdrawn from the tournament"],
        ["a semi final is scheduled by its slot: expected one of SF1, SF2"],
        ["Anu is listed twice"],
        ["a final takes its teams from the bracket: schedule its slot only"],
        [],
    ]
    roster = replace(
        description, rummy=replace(description.rummy, players=("Anu", "Babu"), withdrawn=("Anu",))
    )
    assert schedule_problems(check[-1], roster, GROUP) == [
        "Zed is not on the Rummy roster",
        "Anu has withdrawn",
    ]


def test_a_scheduled_match_goes_to_json_and_back() -> None:
    for scheduled in (*GROUP, *KNOCKOUT):
        assert ScheduledMatch.from_json(scheduled.to_json()) == scheduled
    table = ScheduledMatch("r1", "rummy", "first round", 1, 5, players=("Anu", "Babu"))
    assert table.to_json() == {
        "id": "r1",
        "game": "rummy",
        "stage": "first round",
        "round": 1,
        "table": 5,
        "match": None,
        "teams": None,
        "players": ["Anu", "Babu"],
        "time": None,
    }
    assert ScheduledMatch.from_json(table.to_json()) == table


def test_each_team_owes_the_team_fee() -> None:
    _, made = group_day()
    priced = replace(cup('"Team D"'), fees=replace(cup().fees, team=300, currency="Rs "))
    fees = build_tournament(made, priced, DAY).to_json()["fees"]
    assert (fees["currency"], fees["total_due"], fees["total_paid"]) == ("Rs ", 1200, 0)
    assert list(fees["people"]) == [A, B, C, D]
    assert fees["people"][A] == {
        "due": 300,
        "paid": 0,
        "lines": [
            {"what": "team", "stage": None, "round": None, "table": None, "amount": 300, "paid": 0}
        ],
    }


def test_a_decision_written_with_its_reason_in_quotes_names_its_team() -> None:
    sessions = Sessions(random.Random(5), 3)
    stopped = sessions.play("group", (A, C), round_=2, points=(8, 11), shuffles=2)
    text = dumps(stopped.record).replace(
        '[Stage "group"]', '[Stage "group"]\n[Decision "Team A" "time ran out"]'
    )
    result = read(text, "d.tgn")
    assert result.errors == [] and result.record is not None
    session = TournamentSession.scored("d", "d.tgn", result.record)
    (match,) = build_tournament([session], cup()).matches
    assert (match.decision, match.winner, match.points, match.shuffles) == (A, A, (8, 11), 2)


def test_the_name_and_a_used_team_are_fixed_once_a_session_uses_them() -> None:
    _, made = group_day()
    old = cup()
    renamed = replace(
        old,
        name="Other Cup",
        twenty_eight=replace(old.twenty_eight, teams=old.twenty_eight.teams[1:]),
    )
    assert change_problems(old, renamed, made) == [
        "name 'Test Cup' is fixed: sessions use it as their Event",
        "team Team A is fixed: a session or the schedule names it",
    ]
    assert change_problems(old, replace(old, rules=None), made) == []
    fresh = replace(old, twenty_eight=replace(old.twenty_eight, teams=old.twenty_eight.teams[:3]))
    assert change_problems(old, fresh, [], GROUP) == [
        "team Team D is fixed: a session or the schedule names it"
    ]
