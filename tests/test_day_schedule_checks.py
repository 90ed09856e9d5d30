"""The schedule refuses what the day could never play (TOURNAMENT.md §5, §8): a knockout slot the
bracket of the description's teams has not, and a group match between teams of two groups; each
refusal says why and stores nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from dashboard.day import actions
from dashboard.day.source import DayError, open_day
from recorder.archive import open_archive
from replay.tournament import ScheduledMatch, schedule_problems
from replay.tournament.description import TeamEntry
from tests.day_setup import ORGANISER, description_text
from tests.test_tournament_day import GROUP, cup


def test_a_slot_the_bracket_has_not_is_refused_with_the_reason() -> None:
    description = cup()
    ten = replace(
        description,
        twenty_eight=replace(
            description.twenty_eight,
            teams=tuple(TeamEntry(f"Team {number}") for number in range(1, 11)),
        ),
    )
    quarter = ScheduledMatch("qf1", "28", "quarter final", None, 3, match="QF1")
    assert schedule_problems(quarter, ten, ()) == [
        "QF1: the bracket of 10 teams has no QF1 (its slots: SF1, SF2, LF, F; quarter finals "
        "take 16 teams or more)"
    ]
    semi = ScheduledMatch("sf1", "28", "semi final", None, 3, match="SF1")
    assert schedule_problems(semi, ten, ()) == []
    three = replace(
        description,
        twenty_eight=replace(description.twenty_eight, teams=description.twenty_eight.teams[:3]),
    )
    assert schedule_problems(semi, three, ()) == [
        "SF1: the description lists 3 teams; a bracket needs four or more"
    ]


def test_a_group_match_between_two_groups_is_refused_with_the_reason() -> None:
    description = cup()
    grouped = tuple(
        replace(team, group="A" if number < 2 else "B")
        for number, team in enumerate(description.twenty_eight.teams)
    )
    two_groups = replace(description, twenty_eight=replace(description.twenty_eight, teams=grouped))
    across = ScheduledMatch("x", "28", "group", 1, 3, teams=("Team A", "Team C"))
    assert schedule_problems(across, two_groups, GROUP) == [
        "Team A (group A) and Team C (group B) are in different groups: a group match is "
        "between two teams of one group"
    ]
    within = ScheduledMatch("y", "28", "group", 1, 3, teams=("Team C", "Team D"))
    assert schedule_problems(within, two_groups, GROUP) == []


def test_the_organisers_schedule_refuses_them_and_stores_nothing(tmp_path) -> None:
    archive = open_archive(str(tmp_path / "day.sqlite"))
    actions.set_description(archive, description_text(), ORGANISER)
    refused = [
        ScheduledMatch("QF1", "28", "quarter final", None, 3, match="QF1"),
        ScheduledMatch("G9", "28", "group", 1, 2, teams=("Tuskers", "Periyar")),
    ]
    for match in refused:
        with pytest.raises(DayError, match="nothing was stored") as caught:
            actions.schedule_match(open_day(archive), match, ORGANISER)
        assert "bracket of 8 teams has no QF1" in str(caught.value) or (
            "Tuskers (group A) and Periyar (group B) are in different groups" in str(caught.value)
        )
    assert open_day(archive).log.schedule == ()
