"""The projector's pure builders: the address read, what is on now, panels cut to the screen's
lines, places as soon as they are known, and the turning keyed to the wall clock."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

from dashboard.day.sessions import from_folder
from dashboard.views.tournament.on_now import LiveMatch, LiveTable, Seat, sessions_in_progress
from dashboard.views.tournament.projector import (
    DEFAULT_TURN,
    PANEL_LINES,
    PANELS,
    Block,
    ProjectorOptions,
    pack,
    projector_html,
    projector_options,
    projector_panels,
)
from replay.tournament import StandingRow, Tally, Tournament, build_tournament
from replay.tournament.description import Description, TwentyEightFormat
from replay.tournament.rummy_stages import RummyTournament
from tests.test_tournament_rummy import all_out, rummy_table
from tests.tournament_helpers import Sessions

TOURNAMENT = Path(__file__).resolve().parent.parent / "data" / "tournament"


def test_the_address_names_the_panels_and_the_turn() -> None:
    assert projector_options({}) == ProjectorOptions(PANELS, DEFAULT_TURN, ())
    chosen = projector_options({"panels": "Now, bracket,now", "turn": "20"})
    assert chosen == ProjectorOptions(("now", "bracket"), 20, ())
    wrong = projector_options({"panels": "now,scores", "turn": "4"})
    assert wrong.panels == ("now",) and wrong.turn == DEFAULT_TURN
    assert wrong.problems == (
        "panels=now,scores: no panel 'scores'; expected some of standings, bracket, now, rummy, "
        "places, final",
        "turn=4: expected whole seconds from 5 to 600",
    )
    assert projector_options({"panels": "x"}).panels == PANELS


def test_blocks_are_shared_over_columns_and_go_on_to_more_panels() -> None:
    blocks = [Block(f"<p>{number}</p>", 6) for number in range(7)]
    panels = pack("now", "On now", blocks, 2)
    assert [panel.title for panel in panels] == ["On now (1/2)", "On now (2/2)"]
    shape = [[len(column) for column in panel.columns] for panel in panels]
    assert shape == [[2, 2], [2, 1]]
    for panel in panels:
        for column in panel.columns:
            assert sum(block.lines for block in column) <= PANEL_LINES
    side_by_side = pack("standings", "Standings", blocks[:2], 2)
    assert [len(column) for column in side_by_side[0].columns] == [1, 1]
    assert pack("now", "On now", [], 2) == []


def row(rank: int, team: str) -> StandingRow:
    return StandingRow(rank, team, Tally(won=1, level=1, lost=1), False)


def test_a_long_group_goes_on_in_a_second_block_with_draws_shown() -> None:
    rows = [row(rank, f"T{rank}") for rank in range(1, 17)]
    tournament = Tournament(
        "Cup", {"all": rows}, [], [None] * 4, [], [], RummyTournament({}, [], {})
    )
    (panel,) = projector_panels(tournament, [], ["standings"])
    html = "".join(block.html for column in panel.columns for block in column)
    assert "<h2>All teams</h2>" in html and "<h2>All teams (continued)</h2>" in html
    assert html.count("<tr><td>") == 16
    assert "<th>P</th><th>W</th><th>Lv</th><th>L</th>" in html
    assert "<td>3</td><td>1</td><td>1</td><td>1</td><td>3</td>" in html  # P W Lv L Pts


def test_what_is_on_now_is_every_match_unfinished_and_every_table_still_played() -> None:
    sessions = Sessions(random.Random(3), 4)
    sessions.play("group", ("Team A", "Team B"), round_=1)
    unfinished = sessions.play("group", ("Team C", "Team D"), round_=1, shuffles=2)
    playing = rummy_table(["Anu", "Babu", "Cini"], [{"Babu": 80}] * 4, "first round", 2)
    done = rummy_table(["Eli", "Gopi"], all_out(["Gopi"]), "first round", 1)
    short = Description(twenty_eight=TwentyEightFormat(shuffles=4))
    tournament = build_tournament([*sessions.made, playing, done], short)
    on_now = sessions_in_progress(tournament)
    match, table = on_now
    assert isinstance(match, LiveMatch) and isinstance(table, LiveTable)
    assert match.teams == ("Team C", "Team D") and match.key == unfinished.key
    assert (match.shuffles, match.due, match.progress) == (2, 4, "2 of 4 shuffles")
    assert (table.table, table.deals) == ("2", 4)
    assert table.seats == (Seat("Anu", 0, False), Seat("Babu", 320, True), Seat("Cini", 0, False))
    (now,) = projector_panels(tournament, on_now, ["now"])
    html = "".join(block.html for column in now.columns for block in column)
    assert "Group · 2 of 4 shuffles" in html
    assert '<div class="pj-side pj-out"><span>Babu</span><b>320 out</b></div>' in html


def test_places_show_once_known_and_the_final_with_its_teams() -> None:
    sources = from_folder(TOURNAMENT)
    decided = build_tournament(sources.sessions, sources.description)
    kinds = [panel.kind for panel in projector_panels(decided, [])]
    assert kinds == ["standings", "bracket", "rummy", "places", "final"]
    (places,) = projector_panels(decided, [], ["places"])
    html = "".join(block.html for column in places.columns for block in column)
    assert "<li><span>1.</span> Vallams</li>" in html
    early = [s for s in sources.sessions if "final" not in s.source or "rummy" in s.source]
    kinds = [
        panel.kind for panel in projector_panels(build_tournament(early, sources.description), [])
    ]
    assert "places" not in kinds and "final" not in kinds


def test_each_panel_turns_on_the_wall_clock() -> None:
    panels = pack("now", "On now", [Block("<p>a</p>", 10), Block("<p>b</p>", 10)], 1)
    at = datetime.fromtimestamp(30 * 1000 + 7, tz=UTC)
    html = projector_html("Cup <1>", panels, 15, at)
    assert ".pj-panel[data-panel='0']{animation:pj-turn 30s step-end -7.00s infinite}" in html
    assert ".pj-panel[data-panel='1']{animation:pj-turn 30s step-end -22.00s infinite}" in html
    assert "Cup &lt;1&gt;" in html and "as of " in html
    later = projector_html("Cup", panels, 15, datetime.fromtimestamp(30 * 1000 + 9, tz=UTC))
    assert "-9.00s infinite" in later  # two seconds on, the same panel two seconds further
    single = projector_html("Cup", panels[:1], 15, at)
    assert "pj-turn" not in single.split("</style>")[0].split("}")[-1] and "pj-only" in single
