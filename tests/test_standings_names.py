"""The standings' columns are named once: the Tournament page, the terminal's report, the printed
standings and the projector (by the same columns' short heads) say Played, Won, Level, Lost, in
that order (the contract's words), where they said Won/Level/Lost, Won/Lost/Drawn and W L D."""

from __future__ import annotations

import re

from dashboard.printing.tournament import standings_printable
from dashboard.views.tournament.overview import STANDING_COLUMNS, standings_records
from dashboard.views.tournament.projector import projector_panels
from dashboard.views.tournament.report import render_tournament
from tests.test_printables import AT, groups_of_four

WORDS = ["Played", "Won", "Level", "Lost"]


def test_every_face_names_the_standings_columns_alike() -> None:
    tournament = groups_of_four(1)
    rows = tournament.groups["A"]
    page = list(standings_records(rows)[0])
    terminal = render_tournament(tournament).splitlines()
    head = next(line for line in terminal if "Team" in line and "Played" in line).split()
    printed = re.findall(r"<th[^>]*>([^<]*)</th>", standings_printable(tournament, AT))
    (panel,) = projector_panels(tournament, [], ["standings"])
    projected = re.findall(
        r"<th>([^<]*)</th>", "".join(block.html for column in panel.columns for block in column)
    )
    for named in (list(STANDING_COLUMNS), page, head, printed):
        assert [word for word in named if word in (*WORDS, "Drawn")] == WORDS
    assert projected[2:6] == ["P", "W", "Lv", "L"]
    record = standings_records(rows)[0]
    assert (record["Won"], record["Level"], record["Lost"]) == ("2", "1", "0")
