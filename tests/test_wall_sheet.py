"""The wall sheet (TOURNAMENT.md §8): the schedule by table, each match in the order its table
plays it with where it stands, and where each team plays next; a day without a schedule says so."""

from __future__ import annotations

import dataclasses
import re
from datetime import datetime

from dashboard.printing.wall_sheet import next_matches, wall_printable
from replay.tournament import build_tournament
from replay.tournament.day import ScheduledMatch
from replay.tournament.schedule import ScheduleEntry
from tests.test_tournament_day import DAY, cup, group_day

NOW = datetime(2026, 3, 21, 14, 5)


def crowded_schedule() -> list[ScheduleEntry]:
    """A long day's schedule: four 28 tables of twelve matches between ten teams with long names,
    one table of forty-five, and a Rummy table of six players a round."""
    teams = [f"Team {chr(65 + i) * 2} Kathakali" for i in range(10)]
    players = tuple(f"{name}kutty" for name in ("Anu", "Babu", "Cini", "Deepu", "Eli", "Faiz"))
    entries = []
    for table, count in ((1, 12), (2, 12), (3, 12), (4, 12), (5, 45)):
        for number in range(count):
            pair = (teams[number % 10], teams[(number * 3 + table) % 10])
            time = f"{9 + number // 2}:{30 * (number % 2):02d}"
            match = ScheduledMatch(f"t{table}m{number}", "28", "group A", number + 1, table)
            match = dataclasses.replace(match, teams=pair, time=time)
            entries.append(ScheduleEntry(match, pair, None, "scheduled"))
    for number in range(6):
        match = ScheduledMatch(f"r{number}", "rummy", "rummy first round", number + 1, 6)
        match = dataclasses.replace(match, players=players, time="11:00")
        entries.append(ScheduleEntry(match, None, None, "scheduled"))
    return entries


def _text(html: str) -> str:
    """The page's words, cells apart by ``|``."""
    body = re.sub(r"<[^>]+>", " | ", html.split("</style>", 1)[1])
    return re.sub(r"(\s*\|\s*)+", " | ", body)


def test_each_table_lists_its_matches_in_the_order_played_with_their_results() -> None:
    _, made = group_day()
    tournament = build_tournament(made, cup('"Team D"'), DAY)
    text = _text(wall_printable(tournament, NOW))
    assert "Test Cup | Schedule by table · as of 14:05" in text
    table_1 = text[text.index("Table 1") : text.index("Table 2")]
    assert re.findall(r"Team \w v Team \w", table_1) == [
        "Team A v Team D", "Team A v Team C", "Team A v Team B", "Team B v Team D",
    ]  # fmt: skip
    assert "Team A v Team D | finished 20–10" in table_1
    assert "Team A v Team C | decided by the director 8–11" in table_1
    assert "semi final · SF1 | Team B v Team D | walkover" in table_1
    table_2 = text[text.index("Table 2") : text.index("Where each plays next")]
    assert "Team B v Team D | finished 15–15" in table_2
    assert "15:00 | semi final · SF2 | Team C v Team A | to play" in table_2
    assert text.split("Plays next")[1].startswith(
        " | Table | Time | Match | Team A | 2 | 15:00 | Team C v Team A | Team C | 2 | 15:00 |"
    )
    assert [(name, entry.scheduled.id) for name, entry in next_matches(tournament.schedule)] == [
        ("Team A", "sf2"),
        ("Team C", "sf2"),
    ]


def test_a_day_without_a_schedule_says_where_the_schedule_is_kept() -> None:
    _, made = group_day()
    text = _text(wall_printable(build_tournament(made, cup()), NOW))
    assert "No match is scheduled: the schedule is kept in the archive." in text


def test_a_table_longer_than_a_sheet_goes_on_under_its_heading_marked_continued() -> None:
    _, made = group_day()
    tournament = dataclasses.replace(
        build_tournament(made, cup('"Team D"'), DAY), schedule=crowded_schedule()
    )
    text = _text(wall_printable(tournament, NOW))
    count = int(re.findall(r"sheet 1 of (\d+)", text)[0])
    assert [f"sheet {n} of {count}" in text for n in range(1, count + 1)] == [True] * count
    assert text.count("Table 5 (continued)") == 1  # 45 rows: a sheet and more
    assert len(re.findall(r"group A · round \d+", text)) == 93
