"""The standings' columns are named once: the Tournament page, the terminal's report, the printed
standings and the projector (by the same columns' short heads) say Played, Won, Drawn, Lost, in
that order, where they said Won/Level/Lost, Won/Lost/Drawn and W L D."""

from __future__ import annotations

import re

from dashboard.printing.tournament import standings_printable
from dashboard.views.tournament.overview import STANDING_COLUMNS, standings_records
from dashboard.views.tournament.projector import projector_panels
from dashboard.views.tournament.report import render_tournament
from tests.test_printables import AT, groups_of_four

WORDS = ["Played", "Won", "Drawn", "Lost"]


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
        assert [word for word in named if word in (*WORDS, "Level")] == WORDS
    assert projected[2:6] == [word[0] for word in WORDS]  # P W D L
    record = standings_records(rows)[0]
    assert (record["Won"], record["Drawn"], record["Lost"]) == ("2", "1", "0")
