"""The 28 tournament: standings, ranking, the bracket and its findings, on generated tournaments
whose matches are real sessions of random legal hands scored by the engine."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import pytest

from recorder import dumps, read
from replay.tournament import Tournament, TournamentSession, build_tournament, read_description
from tests.tournament_helpers import Sessions, roster, round_robin, running, team_names

SHUFFLES, FINAL_SHUFFLES = 3, 4
STAGE_OF = {"QF": "quarter final", "SF": "semi final", "LF": "losers final", "F": "final"}


def description_text(
    teams: Sequence[str],
    group_games: int,
    groups: dict[str, str] | None = None,
    decided: Sequence[str] = (),
) -> str:
    lines = [
        'name = "Test Cup"',
        "[28]",
        f"shuffles = {SHUFFLES}",
        f"final_shuffles = {FINAL_SHUFFLES}",
        f"group_games = {group_games}",
        "decided = [" + ", ".join(f'"{team}"' for team in decided) + "]",
    ]
    for team in teams:
        lines += ["[[28.teams]]", f'name = "{team}"']
        lines.append("players = [" + ", ".join(f'"{name}"' for name in roster(team)) + "]")
        if groups:
            lines.append(f'group = "{groups[team]}"')
    return "\n".join(lines) + "\n"


def build(sessions: Sessions, toml: str) -> Tournament:
    description, problems = read_description(toml)
    assert problems == []
    return build_tournament(sessions.made, description)


def decision(session: TournamentSession, due: int, knockout: bool) -> tuple[tuple[int, int], int]:
    """The test's own reading of a match: the points after the shuffle that decided it."""
    points = running(session.record)
    shuffle = due
    while knockout and points[shuffle - 1][0] == points[shuffle - 1][1]:
        shuffle += 1
    return points[shuffle - 1], shuffle


def count_group(sessions: Sequence[TournamentSession]) -> dict[str, list[int]]:
    """Played, won, level, lost, match points, for, against of every team, counted here."""
    table: dict[str, list[int]] = {}
    for session in sessions:
        teams = session.record.teams
        (first, second), _ = decision(session, SHUFFLES, knockout=False)
        for team, scored, conceded in ((teams[0], first, second), (teams[1], second, first)):
            row = table.setdefault(team, [0] * 7)
            row[0] += 1
            row[1 + (0 if scored > conceded else 1 if scored == conceded else 2)] += 1
            row[4] += 2 if scored > conceded else 1 if scored == conceded else 0
            row[5] += scored
            row[6] += conceded
    return table


SIZES = {8: (2, 3), 12: (1, 4), 16: (4, 3), 20: (1, 4)}
"""Teams: (groups, group games) of each generated tournament."""


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_generated_tournament_from_groups_to_places(size: int) -> None:
    group_count, games = SIZES[size]
    rng = random.Random(size)
    teams = team_names(size)
    groups = (
        {team: "ABCD"[index % group_count] for index, team in enumerate(teams)}
        if group_count > 1
        else None
    )
    decided = rng.sample(teams, len(teams))
    toml = description_text(teams, games, groups, decided)
    sessions = Sessions(rng, SHUFFLES)
    members = [[t for t in teams if (groups or {}).get(t, "A") == g] for g in "ABCD"[:group_count]]
    for group in members:
        for round_, pairs in enumerate(round_robin(group, games), start=1):
            for pair in pairs:
                sessions.play("group", pair, round_=round_)
    group_sessions = list(sessions.made)
    tournament = build(sessions, toml)
    counted = count_group(group_sessions)
    for rows in tournament.groups.values():
        assert [row.rank for row in rows] == list(range(1, len(rows) + 1))
        for row in rows:
            tally = row.tally
            shown = [
                tally.played,
                tally.won,
                tally.level,
                tally.lost,
                tally.match_points,
                tally.points_for,
                tally.points_against,
            ]
            assert shown == counted[row.team]
        keys = [(r.tally.match_points, r.tally.difference, r.tally.points_for) for r in rows]
        assert keys == sorted(keys, reverse=True)
    places = max(len(rows) for rows in tournament.groups.values())
    seeds: list[str] = []
    for place in range(places):
        at_place = [rows[place].team for rows in tournament.groups.values()]

        def key(team: str) -> tuple[int, int, int, int]:
            _, _, _, _, points, scored, conceded = counted[team]
            return (-points, conceded - scored, -scored, decided.index(team))

        seeds.extend(sorted(at_place, key=key))
    quarter = size >= 16
    expected = (
        {
            "QF1": (seeds[0], seeds[7]),
            "QF2": (seeds[1], seeds[6]),
            "QF3": (seeds[2], seeds[5]),
            "QF4": (seeds[3], seeds[4]),
        }
        if quarter
        else {"SF1": (seeds[0], seeds[3]), "SF2": (seeds[1], seeds[2])}
    )
    winners: dict[str, tuple[str, str]] = {}

    def play_round(pairs: dict[str, tuple[str, str]]) -> None:
        for label, pair in pairs.items():
            due = FINAL_SHUFFLES if label == "F" else SHUFFLES
            session = sessions.play(STAGE_OF[label.rstrip("1234")], pair, label=label, shuffles=due)
            (first, second), _ = decision(session, due, knockout=True)
            winners[label] = (pair[0], pair[1]) if first > second else (pair[1], pair[0])

    def play_drawn_round(pairs: dict[str, tuple[str, str]]) -> None:
        """Check that the bracket draws ``pairs`` from the winners so far, then play them."""
        slots = {slot.label: slot.teams for slot in build(sessions, toml).bracket}
        assert {label: slots[label] for label in pairs} == pairs
        play_round(pairs)

    rounds = [expected]
    play_round(expected)
    if quarter:
        semis = {
            "SF1": (winners["QF1"][0], winners["QF4"][0]),
            "SF2": (winners["QF2"][0], winners["QF3"][0]),
        }
        play_drawn_round(semis)
        rounds.append(semis)
    finals = {
        "LF": (winners["SF1"][1], winners["SF2"][1]),
        "F": (winners["SF1"][0], winners["SF2"][0]),
    }
    play_drawn_round(finals)
    tournament = build(sessions, toml)
    bracket = {slot.label: slot for slot in tournament.bracket}
    assert {label: bracket[label].teams for label in expected} == expected
    assert tournament.places == [*winners["F"], *winners["LF"]]
    assert [slot.winner for slot in tournament.bracket] == [
        winners[slot.label][0] for slot in tournament.bracket
    ]
    assert tournament.to_play == []
    assert tournament.findings == []


def four_team_group(
    points: dict[tuple[str, str], tuple[int, int]], decided: Sequence[str] = ()
) -> Tournament:
    teams = sorted({team for pair in points for team in pair})
    sessions = Sessions(random.Random(7), SHUFFLES)
    for round_, (pair, score) in enumerate(points.items(), start=1):
        sessions.play("group", pair, round_=(round_ + 1) // 2, points=score)
    return build(sessions, description_text(teams, 3, decided=decided))


HEAD_TO_HEAD = {
    ("Team A", "Team B"): (42, 40), ("Team C", "Team D"): (40, 42),
    ("Team A", "Team C"): (40, 42), ("Team B", "Team D"): (42, 40),
    ("Team A", "Team D"): (42, 40), ("Team B", "Team C"): (42, 40),
}  # fmt: skip
CYCLE = {**HEAD_TO_HEAD, ("Team C", "Team D"): (42, 40)}
"""A, B and C all 4 match points and 124-122 in games; A beat B, B beat C, C beat A."""


def ranks(tournament: Tournament) -> list[tuple[int, str, bool]]:
    return [(row.rank, row.team, row.unresolved) for row in tournament.groups["all"]]


def test_teams_level_on_points_are_ranked_by_head_to_head() -> None:
    tournament = four_team_group(HEAD_TO_HEAD)
    assert ranks(tournament) == [
        (1, "Team A", False), (2, "Team B", False), (3, "Team D", False), (4, "Team C", False)
    ]  # fmt: skip
    rows = tournament.groups["all"]
    assert [(r.tally.match_points, r.tally.points_for, r.tally.points_against) for r in rows] == [
        (4, 124, 122), (4, 124, 122), (2, 122, 124), (2, 122, 124)
    ]  # fmt: skip


def test_a_tie_head_to_head_cannot_break_is_unresolved_and_the_seeds_it_touches_are_open() -> None:
    tournament = four_team_group(CYCLE)
    assert ranks(tournament) == [
        (1, "Team A", True), (1, "Team B", True), (1, "Team C", True), (4, "Team D", False)
    ]  # fmt: skip
    assert [slot.teams for slot in tournament.bracket[:2]] == [(None, "Team D"), (None, None)]
    assert tournament.to_json()["28"]["groups"]["all"][0]["unresolved"] is True


def test_decided_orders_a_tie_nothing_else_breaks() -> None:
    tournament = four_team_group(CYCLE, decided=["Team C", "Team A", "Team B"])
    assert ranks(tournament) == [
        (1, "Team C", False), (2, "Team A", False), (3, "Team B", False), (4, "Team D", False)
    ]  # fmt: skip
    assert [slot.teams for slot in tournament.bracket[:2]] == [
        ("Team C", "Team D"),
        ("Team A", "Team B"),
    ]


def semi_final_setup(seed: int = 11) -> tuple[Sessions, str]:
    """Four teams whose group stage ends A, B, D, C (the head-to-head table above)."""
    sessions = Sessions(random.Random(seed), SHUFFLES)
    for round_, (pair, score) in enumerate(HEAD_TO_HEAD.items(), start=1):
        sessions.play("group", pair, round_=(round_ + 1) // 2, points=score)
    return sessions, description_text(team_names(4), 3)


def test_a_level_knockout_match_is_decided_by_the_first_shuffle_that_breaks_the_tie() -> None:
    sessions, toml = semi_final_setup()
    session = sessions.play("semi final", ("Team A", "Team C"), points=(40, 40), extra=2)
    points = running(session.record)
    decided = next(
        n for n in range(SHUFFLES, len(points) + 1) if points[n - 1][0] != points[n - 1][1]
    )
    assert decided > SHUFFLES and points[SHUFFLES - 1] == (40, 40)
    slot = build(sessions, toml).bracket[0]
    assert slot.label == "SF1" and slot.shuffles == decided
    assert slot.points == points[decided - 1]
    assert slot.winner == (
        "Team A" if points[decided - 1][0] > points[decided - 1][1] else "Team C"
    )
    findings = [(f.code, f.file, f.message) for f in build(sessions, toml).findings]
    assert findings == [
        (
            "match-length",
            session.source,
            f"semi final Team A v Team C: decided after {decided} shuffles; "
            "the 2 after do not count",
        )
    ]


def test_a_knockout_session_between_the_wrong_teams_is_reported_and_not_used() -> None:
    sessions, toml = semi_final_setup()
    wrong = sessions.play("semi final", ("Team A", "Team B"), label="SF1")
    tournament = build(sessions, toml)
    assert [slot.match for slot in tournament.bracket] == [None] * 4
    (finding,) = tournament.findings
    assert (finding.code, finding.severity, finding.file, finding.line) == (
        "wrong-pairing",
        "error",
        wrong.source,
        5,
    )
    assert finding.message == (
        "semi final Team A v Team B is no match of the bracket, which pairs "
        "SF1 Team A v Team C, SF2 Team B v Team D"
    )


def test_a_result_corrected_after_the_final_was_drawn_shows_the_final_as_wrong_pairing() -> None:
    sessions, toml = semi_final_setup()
    semi = sessions.play("semi final", ("Team A", "Team C"), points=(45, 40))
    sessions.play("semi final", ("Team B", "Team D"), points=(45, 40))
    final = sessions.play("final", ("Team A", "Team B"), points=(50, 45), shuffles=FINAL_SHUFFLES)
    assert build(sessions, toml).places[:2] == ["Team A", "Team B"]
    corrected = sessions.play("semi final", ("Team A", "Team C"), points=(40, 45))
    sessions.made.remove(corrected)
    sessions.made[sessions.made.index(semi)] = replace(corrected, key=semi.key, source=semi.source)
    tournament = build(sessions, toml)
    slot = tournament.bracket[-1]
    assert (slot.label, slot.teams, slot.match, tournament.places) == (
        "F",
        ("Team C", "Team B"),
        None,
        [None] * 4,
    )
    (finding,) = tournament.findings
    assert (finding.code, finding.file) == ("wrong-pairing", final.source)
    assert (
        finding.message
        == "final Team A v Team B is no match of the bracket, which pairs F Team C v Team B"
    )


def test_a_player_in_two_teams_and_too_many_group_games() -> None:
    sessions = Sessions(random.Random(3), SHUFFLES)
    toml = description_text(team_names(4), 1)
    borrowed = (["A1", "B2", "B3"], roster("Team A"))
    sessions.play("group", ("Team B", "Team A"), round_=1, players=borrowed)
    sessions.play("group", ("Team C", "Team D"), round_=1)
    extra = sessions.play("group", ("Team C", "Team D"), round_=2)
    found = [(f.code, f.file, f.message) for f in build(sessions, toml).findings]
    first = sessions.made[0].source
    assert found == [
        ("not-on-roster", first, "A1 played for Team B but is not on its roster (B1, B2, B3)"),
        ("two-teams", first, "A1 played for Team B but belongs to Team A"),
        (
            "too-many-games",
            extra.source,
            "group Team C v Team D: Team C has played its 1 group game already; "
            "this match does not count",
        ),
    ]


def test_group_games_still_to_play_are_listed() -> None:
    sessions = Sessions(random.Random(4), SHUFFLES)
    sessions.play("group", ("Team A", "Team B"), round_=1)
    sessions.play("group", ("Team C", "Team D"), round_=1, shuffles=2)
    tournament = build(sessions, description_text(team_names(4), 1))
    assert [p.text for p in tournament.to_play] == [
        "group Team C v Team D: 2 of 3 shuffles",
        "SF1 group 1 v group 4",
        "SF2 group 2 v group 3",
        "LF loser of SF1 v loser of SF2",
        "F winner of SF1 v winner of SF2",
    ]
    assert Counter(row.tally.played for row in tournament.groups["all"]) == {1: 2, 0: 2}


def test_a_rematch_is_noted_and_no_knockout_counts_before_the_group_stage_ends() -> None:
    sessions, _ = semi_final_setup()
    again = sessions.play("group", ("Team B", "Team A"), round_=4)
    semi = sessions.play("semi final", ("Team C", "Team A"), label="SF2")
    twice = sessions.play("semi final", ("Team A", "Team C"))
    tournament = build(sessions, description_text(team_names(4), 4))
    found = [(f.code, f.severity, f.file, f.message) for f in tournament.findings]
    assert found[:1] == [
        (
            "rematch",
            "note",
            again.source,
            "group Team B v Team A: the two teams met before in the group stage",
        )
    ]
    assert tournament.bracket[0].match is None  # the group stage is not over: no seeds yet
    assert {code for code, *_ in found[1:]} == {"wrong-pairing"}
    assert {file for _, _, file, _ in found[1:]} == {semi.source, twice.source}


def test_the_knockout_label_and_a_second_recording_are_reported() -> None:
    sessions, toml = semi_final_setup()
    semi = sessions.play("semi final", ("Team C", "Team A"), label="SF2")
    twice = sessions.play("semi final", ("Team A", "Team C"))
    tournament = build(sessions, toml)
    found = [(f.code, f.file, f.message) for f in tournament.findings]
    assert found == [
        (
            "duplicate-match",
            twice.source,
            f"semi final Team A v Team C is recorded twice; {semi.source} counts",
        ),
        ("match-label", semi.source, "semi final Team C v Team A is SF1 of the bracket, not SF2"),
    ]
    slot = tournament.bracket[0]
    assert slot.teams == ("Team A", "Team C") and slot.match is not None
    assert slot.match.session == semi and slot.points == semi_points(semi)


def semi_points(session: TournamentSession) -> tuple[int, int]:
    """The points of a Team C v Team A session from Team A's side, as the test reads them."""
    (c, a), _ = decision(session, SHUFFLES, knockout=True)
    return a, c


def test_a_bad_description_is_reported_and_its_defaults_stand() -> None:
    text = '[28]\nshuffles = "twelve"\ntiebreak = ["match-points", "coin-toss"]\n'
    description, problems = read_description(text, "cup/tournament.toml")
    assert [(p.code, p.file, p.line, p.column) for p in problems] == [
        ("bad-description", "cup/tournament.toml", 2, 1),
        ("bad-description", "cup/tournament.toml", 3, 1),
    ]
    assert [p.message for p in problems] == [
        "28.shuffles = 'twelve': expected a whole number above 0",
        "28.tiebreak: unknown rule 'coin-toss' "
        "(known: match-points, point-difference, points-for, head-to-head)",
    ]
    assert description.twenty_eight.shuffles == 12
    assert description.twenty_eight.tiebreak == ("match-points",)
    _, broken = read_description("name = \n", "t.toml")
    assert [(p.line, p.column, p.message) for p in broken] == [
        (1, 8, "not TOML: Invalid value (at line 1, column 8)")
    ]


def test_stage_and_match_tags_are_written_in_canonical_order() -> None:
    text = (
        '[Match "SF1"]\n[stage "semi final"]\n[Game "28"]\n[Scorer "Uma"]\n'
        '[Players "A1, B1, A2, B2, A3, B3"]\n[Event "Cup"]\n[Teams "Team A, Team B"]\n'
    )
    result = read(text)
    assert result.errors == [] and result.record is not None
    assert dumps(result.record) == (
        '[Game "28"]\n[Players "A1, B1, A2, B2, A3, B3"]\n[Teams "Team A, Team B"]\n'
        '[Event "Cup"]\n[Scorer "Uma"]\n[Stage "semi final"]\n[Match "SF1"]\n'
    )
