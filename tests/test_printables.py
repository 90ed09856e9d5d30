"""The printables' pure builders: sheets cut as promised, event, stage and "as of" on each, the
paper asked for, names as text, and the findings only in the director's report."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from dashboard.day.sessions import from_folder
from dashboard.library import load_file
from dashboard.printing.button import SESSION_PAGES
from dashboard.printing.frame import cut
from dashboard.printing.rummy_sheet import DEALS_PER_SHEET, rummy_sheet_printable
from dashboard.printing.tournament import bracket_printable, standings_printable
from dashboard.views.tournament.report import report_html
from recorder import read
from replay.rummy import replay_rummy
from replay.tournament import StandingRow, Tally, Tournament, TournamentFinding, build_tournament
from replay.tournament.rummy_stages import RummyTournament
from tests.test_tournament_rummy import all_out, rummy_table
from tests.tournament_day import long_table, rummy_text

TOURNAMENT = Path(__file__).resolve().parent.parent / "data" / "tournament"
AT = datetime(2026, 3, 21, 14, 5)


def sheets(html: str) -> list[str]:
    return html.split('<section class="sheet')[1:]


def test_blocks_are_cut_into_sheets_whole_and_in_order() -> None:
    assert cut([6, 6, 6, 6, 6, 6], 20) == [[0, 1, 2], [3, 4, 5]]
    assert cut([30, 2], 20) == [[0], [1]]
    assert cut([], 20) == []


def groups_of_four(count: int, hostile: str = "") -> Tournament:
    groups = {
        chr(ord("A") + group): [
            StandingRow(rank, f"{hostile}T{group}{rank}", Tally(won=2, level=1), False)
            for rank in range(1, 5)
        ]
        for group in range(count)
    }
    finding = TournamentFinding("unknown-stage", "x.tgn", 3, "stage semi: expected one of ...")
    rummy = RummyTournament({}, [], {})
    return Tournament("Cup", groups, [], [None] * 4, [], [], rummy, [finding])


def test_standings_keep_groups_whole_two_sheets_for_eight_groups() -> None:
    four = sheets(standings_printable(groups_of_four(4), AT))
    assert len(four) == 1 and four[0].count("<h2>Group") == 4
    eight = sheets(standings_printable(groups_of_four(8), AT, "letter"))
    assert [sheet.count("<h2>Group") for sheet in eight] == [5, 3]
    for number, sheet in enumerate(eight, start=1):
        assert "<h1>Cup</h1>" in sheet and f"as of 14:05 · sheet {number} of 2" in sheet
    page = standings_printable(groups_of_four(8), AT, "letter")
    assert "@page{size:letter portrait;margin:12mm}" in page
    assert "<th>Level</th>" in page and "<td>1</td>" in page


def test_no_printable_but_the_directors_report_shows_findings() -> None:
    tournament = groups_of_four(2)
    assert "Findings" in report_html(tournament, AT) and "stage semi" in report_html(tournament, AT)
    for page in (standings_printable(tournament, AT), bracket_printable(tournament, AT)):
        assert "Findings" not in page and "stage semi" not in page


def test_names_are_text_on_paper() -> None:
    page = standings_printable(groups_of_four(1, "<b>"), AT)
    assert "<b>T" not in page and "&lt;b&gt;T01" in page


def test_the_bracket_is_one_landscape_sheet_at_its_stage() -> None:
    sources = from_folder(TOURNAMENT)
    tournament = build_tournament(sources.sessions, sources.description)
    page = bracket_printable(tournament, AT, "a4")
    assert len(sheets(page)) == 1 and "@page{size:A4 landscape" in page
    assert "Knockout: decided · as of 14:05" in page and "<svg" in page
    assert "<li>1. Vallams</li>" in page
    early = [s for s in sources.sessions if "final" not in s.source or "semi" in s.source]
    undecided = bracket_printable(build_tournament(early, sources.description), AT)
    assert "Losers&#x27; final · as of 14:05" in undecided
    assert "@page{size:landscape;" in undecided  # no paper named: the printer's


def test_a_rummy_sheet_of_33_deals_is_three_sheets_each_with_names_and_totals() -> None:
    players = ("Anu", "Babu", "<i>Cini</i>")
    text = rummy_text(players, long_table(players, 33), event="Cup", stage="final", table="2")
    result = read(text, "t.tgn")
    assert result.record is not None
    page = rummy_sheet_printable(replay_rummy(result.record), "t.tgn", AT)
    parts = sheets(page)
    assert DEALS_PER_SHEET == 16 and len(parts) == 3
    for number, sheet in enumerate(parts, start=1):
        assert "Rummy final, table 2 · as of 14:05" in sheet
        assert "<th>Anu</th><th>Babu</th><th>&lt;i&gt;Cini&lt;/i&gt;</th>" in sheet
        last = min(16 * number, 33)
        assert f"total after deal {last}" in sheet
        assert sheet.count("<tr data-deal=") == last - 16 * (number - 1)
    assert '<tr data-deal="33">' in parts[2] and "⚑" not in page


def test_the_print_buttons_print_a_session_of_either_family() -> None:
    data = TOURNAMENT.parent
    rummy = load_file(data, data / "rummy-first-round.tgn")
    sheet = SESSION_PAGES[rummy.family](rummy)
    assert '<table class="print rummy">' in sheet and "as of " in sheet
    match = load_file(TOURNAMENT, TOURNAMENT / "final.tgn")
    scores = SESSION_PAGES[match.family](match)
    assert "Kerala House Card Tournament" in scores and "28, final" in scores
    assert '<pre class="score">' in scores and "Vallams" in scores


def test_a_re_entry_shows_the_total_came_back_on() -> None:
    table = rummy_table(
        ["Anu", "Babu", "Cini"],
        [*all_out(["Babu"]), {"Babu": "rejoin 19", "Cini": 10}],
        "first round",
        1,
    )
    assert table.rummy is not None
    page = rummy_sheet_printable(table.rummy, "t.tgn", AT)
    assert '<span class="rejoin">↩ 1</span><span>19</span><span class="total">20</span>' in page
    assert '<span class="total">300 out</span>' in page and "↩ re-entered on" in page
