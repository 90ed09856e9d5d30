"""The pure builders of the Rummy score sheet, totals chart and player figures, on small games
that hold each case: out from the start, a penalty that puts a player out, a void deal, a
re-entry with its new total, a player without an outcome, a grouping that gives points away."""

from __future__ import annotations

import html

import pandas as pd

from dashboard.charts.rummy import RE_ENTERED, WENT_OUT, totals_figure
from dashboard.views.rummy.players import (
    FIGURES,
    RummyTable,
    costs_table,
    grouping_costs,
    player_figures,
)
from dashboard.views.rummy.sheet import (
    NO_OUTCOME,
    OUT,
    PLAYED,
    VOID,
    build_sheet,
    headline,
    sheet_html,
    standing_text,
    totals_series,
)
from recorder.tgn import loads
from replay.rummy import RummyGame, replay_rummy

WIN = "declare 3: AS KS QS | 5D 6D 7D 8D | 9C 9H 9S | 2C 3C 7S / KD"
GAME = f"""[Game "rummy"]
[Players "Anu, Babu, Cini, Deepu"]
[Totals "Anu=200, Babu=0, Cini=0, Deepu=260"]

[Hand "1"]
[Dealer "3"]
joker 7H
{WIN}
drop 1 middle
count 2: 30
penalty 1 10 looked at the deck

[Hand "2"]
redeal misdeal

[Hand "3"]
rejoin 1
joker 7H
{WIN}
drop 1
"""


def replayed(text: str = GAME) -> RummyGame:
    return replay_rummy(loads(text))


def cells(game: RummyGame) -> list[list[tuple[str, str, int, bool, int | None]]]:
    """Each row's cells as (state, mark, total, went out, re-entered on)."""
    return [
        [(c.state, c.mark, c.total, c.went_out, c.rejoined_on) for c in row.cells]
        for row in build_sheet(game).rows
    ]


def test_each_cell_is_the_outcome_its_points_and_the_running_total() -> None:
    assert cells(replayed()) == [
        [
            (PLAYED, "MD 50", 260, True, None),
            (PLAYED, "30", 30, False, None),
            (PLAYED, "W 0", 0, False, None),
            (OUT, "out", 260, False, None),
        ],
        [
            (OUT, "out", 260, False, None),
            (VOID, "void", 30, False, None),
            (VOID, "void", 0, False, None),
            (OUT, "out", 260, False, None),
        ],
        [
            (PLAYED, "D 25", 56, False, 31),  # back on Babu's 30 + 1, then a first drop
            (NO_OUTCOME, "–", 30, False, None),
            (PLAYED, "W 0", 0, False, None),
            (OUT, "out", 260, False, None),
        ],
    ]


def test_a_penalty_and_the_findings_are_on_their_cells() -> None:
    sheet = build_sheet(replayed())
    anu = sheet.rows[0].cells[0]
    assert anu.penalty == 10 and anu.meaning == (
        "Anu: middle drop: 50; penalty 10; went out; total 260"
    )
    babu = sheet.rows[2].cells[1]
    (note,) = sheet.notes
    assert (note.number, note.hand, note.player, note.finding.code) == (
        1,
        3,
        "Babu",
        "missing-outcome",
    )
    assert babu.notes == (1,) and all(not c.notes for row in sheet.rows[:2] for c in row.cells)
    assert sheet.rows[2].cells[0].meaning == ("Anu: first drop: 25; re-entered on 31; total 56")


def test_the_headline_and_standing() -> None:
    sheet = build_sheet(replayed())
    assert headline(sheet) == "Still in: Anu 56, Babu 30, Cini 0"
    assert standing_text(sheet) == "1. Cini 0, 2. Babu 30, 3. Anu 56, 4. Deepu 260 (out)"
    assert sheet.limit == 250 and sheet.result == "still in: Anu, Babu, Cini"
    won = build_sheet(replayed(GAME.replace("Anu=200, Babu=0", "Anu=200, Babu=240")))
    assert headline(won) == "Won by Cini" and won.winner == "Cini"


def test_the_series_leaves_a_player_out_blank_and_marks_out_and_re_entry() -> None:
    series = totals_series(build_sheet(replayed()))
    anu = series[series["player"] == "Anu"]
    assert [None if pd.isna(v) else int(v) for v in anu["total"].tolist()] == [
        260,
        None,
        56,
    ]
    assert list(anu["went_out"]) == [True, False, False]
    assert [None if pd.isna(v) else int(v) for v in anu["rejoined_on"].tolist()] == [
        None,
        None,
        31,
    ]


def test_the_chart_draws_each_total_the_limit_and_the_moments() -> None:
    figure = totals_figure(build_sheet(replayed()))
    lines = {
        t.name: list(zip(t.x, t.y, strict=True)) for t in figure.data if t.mode == "lines+markers"
    }
    assert lines == {
        "Anu": [(1, 260), (2, None), (2.5, 31), (3, 56)],  # down to 31 on re-entering
        "Babu": [(1, 30), (2, 30), (3, 30)],
        "Cini": [(1, 0), (2, 0), (3, 0)],
        "Deepu": [(1, None), (2, None), (3, None)],
    }
    marks = {t.name: list(zip(t.x, t.y, strict=True)) for t in figure.data if t.mode == "markers"}
    assert marks == {WENT_OUT: [(1, 260)], RE_ENTERED: [(2.5, 31)]}
    (limit,) = figure.layout.shapes
    assert limit.y0 == limit.y1 == 250
    assert figure.layout.annotations[0].text == "limit 250: out above it"


def test_markup_in_names_is_escaped_on_the_sheet_and_the_chart() -> None:
    hostile = GAME.replace("Anu", "<script>alert(1)</script>").replace("Babu", "<b>x</b>")
    sheet = build_sheet(replayed(hostile))
    drawn = sheet_html(sheet)
    assert "<script>alert" not in drawn and "<b>x" not in drawn
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in drawn and "&lt;b&gt;x&lt;/b&gt;" in drawn
    names = [t.name for t in totals_figure(sheet).data if t.mode == "lines+markers"]
    assert names == [
        html.escape("<script>alert(1)</script>"),
        "&lt;b&gt;x&lt;/b&gt;",
        "Cini",
        "Deepu",
    ]


def test_the_sheet_html_has_a_sticky_header_of_names_and_a_footer_of_totals() -> None:
    drawn = sheet_html(build_sheet(replayed()))
    assert ".rs-sheet thead th{position:sticky;top:0" in drawn
    assert '<th scope="col" class="rs-name-out" data-chair="4">Deepu</th>' in drawn
    assert '<td data-chair="1" data-total="56">56</td>' in drawn
    assert '<sup class="rs-note">⚑1</sup>' in drawn
    assert '<span class="rs-rejoin">↩ 31</span>' in drawn


SHOWN = f"""[Game "rummy"]
[Players "Anu, Babu, Cini, Deepu"]

[Hand "1"]
[Dealer "4"]
joker 7H
{WIN}
drop 2
show 1: 2D 3D 4D | 9H TH JH KC KH KS QC 8S 5H 5C
show 4: TS JS QS 8C 8H PJ 2H 3H 4H 6S 6C AC AD

[Hand "2"]
joker 7H
declare 2: AS KS QS | 5D 6D 7D 8D | 9C 9H 9S | 2C 3C 7S / KD
show 1: 2D 3D 4D | 9H TH JH | KC KH KS | QC 8S 5H 5C
declare 3: 4S 5S 6S | TS TC TD TH | 9H 9S 9C | JH JD JS / PJ
count 4: 40
"""


def test_the_players_figures_count_the_outcomes() -> None:
    figures = player_figures([RummyTable("t", replayed(SHOWN))]).set_index("player")
    assert list(figures.columns) == list(FIGURES)
    assert figures.loc["Anu"].to_dict() == {
        "games": 1,
        "deals played": 2,
        "deals won": 0,
        "first drops": 0,
        "middle drops": 0,
        "wrong declarations": 0,
        "average count when losing": (87 + 28) / 2,
        "points given away": 59,  # deal 1: 87 on his groups, 28 at the lowest; deal 2: none
    }
    assert figures.loc["Cini", "wrong declarations"] == 1
    assert figures.loc["Cini", "deals won"] == 1 and figures.loc["Babu", "deals won"] == 1
    assert figures.loc["Babu", "first drops"] == 1
    assert figures.loc["Deepu", "average count when losing"] == (28 + 40) / 2
    assert figures.loc["Deepu", "points given away"] == 0  # ungrouped: counted at its lowest
    assert figures["average count when losing"].isna().tolist() == [False, True, True, False]


def test_grouping_costs_name_the_lowest_grouping_costliest_first() -> None:
    costs = grouping_costs([RummyTable("t", replayed(SHOWN))])
    assert [(c.hand, c.player, c.counted, c.lowest, c.given_away) for c in costs] == [
        (1, "Anu", 87, 28, 59),
        (2, "Anu", 28, 28, 0),
    ]
    assert costs[0].grouping == "9H TH JH pure; 2D 3D 4D pure; KS KH KC a set; 8S 5H 5C QC no group"
    table = costs_table(list(reversed(costs)))
    assert list(table["given away"]) == [59, 0] and list(table["deal"]) == [1, 2]
