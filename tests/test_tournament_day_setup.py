"""Setting the day up (TOURNAMENT.md §8, §11): the description's keys checked to the letter (an
unknown key with its line, column and the nearest known key), names, the fees, the description
written back as TOML, and rosters from CSV files with their bad rows named by line."""

from __future__ import annotations

import codecs
from dataclasses import replace

from replay.tournament import (
    Description,
    Fees,
    clean_name,
    description_toml,
    merge_roster,
    name_problem,
    read_description,
    read_roster,
)
from replay.tournament.description import TeamEntry

MISTYPED = """\
name = "Onam Cup"
[28]
group_game = 4
decided = ["Tuskers", "Onam stars"]
withdrawn = ["Tusker"]

[[28.teams]]
name = "Tuskers"
nmae = "Vallams"

[[28.team]]
name = "Vallams"

[rummy]
players = ["Anu", "Babu;"]
withdrawn = ["Cini"]

[fees]
entry = -5
curency = "Rs"
"""


def test_every_mistyped_key_and_name_is_an_error_with_its_place_and_the_nearest_key() -> None:
    description, findings = read_description(MISTYPED, "onam.toml")
    assert [str(finding) for finding in findings] == [
        'onam.toml:3:1: error bad-description: "group_game": no such key; '
        'did you mean "group_games"?',
        "onam.toml:4:1: error bad-description: 28.decided: Onam stars is no team (teams: Tuskers)",
        "onam.toml:5:1: error bad-description: 28.withdrawn: Tusker is no team; "
        "did you mean Tuskers?",
        'onam.toml:9:1: error bad-description: "nmae": no such key; did you mean "name"?',
        'onam.toml:11:6: error bad-description: "team": no such key; did you mean "teams"?',
        "onam.toml:15:1: error bad-description: rummy.players: 'Babu;': "
        "a name may not hold ';' (a semicolon)",
        "onam.toml:16:1: error bad-description: rummy.withdrawn: Cini is not on the Rummy roster",
        "onam.toml:19:1: error bad-description: fees.entry = -5: "
        "expected a whole number, 0 or more",
        'onam.toml:20:1: error bad-description: "curency": no such key; did you mean "currency"?',
    ]
    assert {finding.severity for finding in findings} == {"error"}
    fmt = description.twenty_eight
    assert [team.name for team in fmt.teams] == ["Tuskers"]
    assert fmt.decided == ("Tuskers",) and fmt.withdrawn == ()
    assert description.rummy.players == ("Anu",)
    assert description.fees == Fees(registration=50, entry=50, rejoin=50, team=0, currency="$")


def test_a_key_far_from_every_known_one_lists_the_known_keys() -> None:
    _, findings = read_description("[rummy]\nlimit = 201\nxyzzy = 1\n", "t.toml")
    assert [(f.line, f.column, f.message) for f in findings] == [
        (
            3,
            1,
            '"xyzzy": no such key (known here: limit, first_round_qualify, semi_qualify, '
            "players, withdrawn)",
        )
    ]


def test_names_are_trimmed_normalised_and_may_not_hold_structure() -> None:
    assert clean_name("  Cafe\u0301 Kings ") == "Caf\u00e9 Kings"
    assert name_problem("Tuskers") is None
    assert name_problem("Tus,kers") == "a name may not hold ',' (a comma)"
    assert name_problem("A=B") == "a name may not hold '=' (an equals sign)"
    assert name_problem('Big "Tuskers"') == "a name may not hold '\"' (a double quote)"
    assert name_problem("Tab\there") == "a name may not hold U+0009 (a control character)"
    assert name_problem("") == "a name may not be empty"
    text = '[[28.teams]]\nname = " Cafe\u0301 "\n[[28.teams]]\nname = "Val:lams"\n'
    description, findings = read_description(text, "t.toml")
    assert [team.name for team in description.twenty_eight.teams] == ["Caf\u00e9"]
    assert [str(f) for f in findings] == [
        "t.toml:4:1: error bad-description: 28.teams[2].name 'Val:lams': "
        "a name may not hold ':' (a colon)"
    ]


def test_the_new_keys_are_read_with_their_defaults() -> None:
    text = (
        'name = "Onam Cup"\nrules = "retro-trump=no"\n[28]\nwithdrawn = ["Vallams"]\n'
        '[[28.teams]]\nname = "Tuskers"\n[[28.teams]]\nname = "Vallams"\n'
        '[rummy]\nplayers = ["Anu", "Babu"]\nwithdrawn = ["Babu"]\n[fees]\nteam = 300\n'
        'currency = "Rs "\n'
    )
    description, findings = read_description(text)
    assert findings == []
    assert description.rules == "retro-trump=no"
    assert description.twenty_eight.withdrawn == ("Vallams",)
    assert description.rummy.players == ("Anu", "Babu")
    assert description.rummy.withdrawn == ("Babu",)
    assert description.fees == Fees(50, 50, 50, 300, "Rs ")


def test_a_description_written_back_reads_to_the_same_values() -> None:
    description = Description(
        name='Kerala "House" Cup',
        date="2026-03-21",
        rules="retro-trump=no, count=literal",
        twenty_eight=replace(
            Description().twenty_eight,
            shuffles=6,
            decided=("Tuskers", "Vallams"),
            withdrawn=("Vallams",),
            teams=(
                TeamEntry("Tuskers", ("Arun", "Bindu"), "A"),
                TeamEntry("Vallams", ("Cyril",), None),
            ),
        ),
        rummy=replace(Description().rummy, players=("Anu", "Babu"), withdrawn=("Babu",)),
        fees=Fees(100, 50, 25, 300, "Rs"),
    )
    text = description_toml(description)
    again, findings = read_description(text)
    assert findings == []
    assert replace(again, text="") == replace(description, text="")
    assert text.splitlines()[:3] == [
        'name = "Kerala \\"House\\" Cup"',
        'date = "2026-03-21"',
        'rules = "retro-trump=no, count=literal"',
    ]
    assert description_toml(again) == text


ROSTER_28 = "team,player,group\nTuskers,Arun,A\nTuskers,Bindu,A\nVallams,Cyril,B\n"


def test_a_28_roster_with_a_byte_order_mark_is_merged_into_the_description() -> None:
    roster = read_roster(codecs.BOM_UTF8 + ROSTER_28.encode(), "teams.csv")
    assert roster.game == "28" and roster.findings == ()
    assert [(r.team, r.player, r.group, r.line) for r in roster.rows] == [
        ("Tuskers", "Arun", "A", 2),
        ("Tuskers", "Bindu", "A", 3),
        ("Vallams", "Cyril", "B", 4),
    ]
    start = Description(
        name="Cup",
        twenty_eight=replace(
            Description().twenty_eight, teams=(TeamEntry("Vallams", ("Deepa",), None),)
        ),
    )
    merged = merge_roster(start, roster)
    assert merged.twenty_eight.teams == (
        TeamEntry("Vallams", ("Deepa", "Cyril"), "B"),
        TeamEntry("Tuskers", ("Arun", "Bindu"), "A"),
    )


def test_a_rummy_roster_adds_players_once() -> None:
    roster = read_roster("player\nAnu\n\n Babu \n", "rummy.csv")
    assert roster.game == "rummy" and roster.findings == ()
    merged = merge_roster(
        Description(rummy=replace(Description().rummy, players=("Babu",))), roster
    )
    assert merged.rummy.players == ("Babu", "Anu")


def test_bad_roster_rows_are_named_by_their_line_and_the_good_ones_kept() -> None:
    text = (
        "team,player\n"
        "Tuskers,Arun\n"
        "Tuskers\n"
        'Vallams,"Cy,ril"\n'
        "Vallams,Arun\n"
        "Vallams,\n"
        "Vallams,Deepa\n"
    )
    roster = read_roster(text, "roster.csv")
    assert [str(finding) for finding in roster.findings] == [
        "roster.csv:3: error bad-roster: 1 cells, the header has 2 (team,player)",
        "roster.csv:4: error bad-roster: player 'Cy,ril': a name may not hold ',' (a comma)",
        "roster.csv:5: error bad-roster: Arun is listed already in Tuskers (line 2)",
        "roster.csv:6: error bad-roster: player '': a name may not be empty",
    ]
    assert [(r.team, r.player) for r in roster.rows] == [("Tuskers", "Arun"), ("Vallams", "Deepa")]


def test_an_unknown_column_and_a_file_that_is_not_utf8() -> None:
    roster = read_roster("team,plaeyr\nTuskers,Arun\n", "roster.csv")
    assert [str(f) for f in roster.findings] == [
        'roster.csv:1: error bad-roster: unknown column "plaeyr"; did you mean "player"?',
        "roster.csv:1: error bad-roster: the header row must be team,player "
        "(28; group optional) or player (Rummy)",
    ]
    assert roster.rows == ()
    latin = read_roster("player\nAnu\nJos\xe9\n".encode("latin-1"), "roster.csv")
    assert [str(f) for f in latin.findings] == [
        "roster.csv:3: error bad-roster: not UTF-8 (byte 0xE9): save the sheet as CSV UTF-8"
    ]
    grouped = read_roster("team,player\nTuskers,Arun\n", "r.csv")
    assert grouped.findings == ()
    twice = read_roster("team,player,group\nTuskers,Arun,A\nTuskers,Bindu,B\n", "r.csv")
    assert [str(f) for f in twice.findings] == [
        "r.csv:3: error bad-roster: Tuskers is in group A already, not B"
    ]


def test_the_rules_text_holds_switches_of_the_tournaments_games_only() -> None:
    text = 'rules = "retro-trump=no, kot=on, three-rank=above-jack, count=maybe, loose"\n'
    description, findings = read_description(text, "t.toml")
    assert [str(f) for f in findings] == [
        "t.toml:1:1: error bad-description: rules: unknown Rules key 'kot' (keys for 28: "
        "retro-trump, thani-lead, auto-penalties)",
        "t.toml:1:1: error bad-description: rules: Rules key 'three-rank' does not apply to 28",
        "t.toml:1:1: error bad-description: rules: bad value 'maybe' for Rules key 'count' "
        "(expected life or literal)",
        "t.toml:1:1: error bad-description: rules: bad Rules item 'loose' (expected key=value)",
    ]
    assert description.rules is not None
