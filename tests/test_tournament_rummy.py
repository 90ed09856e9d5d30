"""The Rummy stages (TOURNAMENT.md §6) from Rummy games replayed by the engine: first-round
winners (a player with two entries qualifies once), the semi finals' standing across tables with
its ties, the final's places and each player's figures."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from dashboard.day.sessions import from_folder
from dashboard.views.tournament.report import render_tournament, report_html
from recorder import read
from replay.tournament import TournamentSession, build_tournament
from replay.tournament.description import Description, RummyFormat

Deal = dict[str, int | str]
"""A deal: the players who lost it, with their count or ``drop`` (``rejoin 19``: he re-enters
before the deal and loses 19); the one left without a count or drop wins it (RUMMY.md §3)."""


def rummy_table(
    players: Sequence[str], deals: Sequence[Deal], stage: str, table: int
) -> TournamentSession:
    """A Rummy game of these deals, read from its text and replayed by the engine."""
    lines = [
        '[Game "rummy"]',
        f'[Players "{", ".join(players)}"]',
        '[Event "Test Cup"]',
        f'[Table "{table}"]',
        f'[Stage "{stage}"]',
    ]
    for number, deal in enumerate(deals, start=1):
        seats = {name: players.index(name) + 1 for name in deal}
        lines += ["", f'[Hand "{number}"]', *(['[Dealer "1"]'] if number == 1 else [])]
        lines += [
            f"rejoin {seats[name]}" for name, p in deal.items() if str(p).startswith("rejoin")
        ]
        lines.append("joker 7H")
        for name, points in deal.items():
            seat, count = seats[name], str(points).removeprefix("rejoin ")
            lines.append(f"drop {seat}" if count == "drop" else f"count {seat}: {count}")
    source = f"{stage.replace(' ', '-')}-{table}.tgn"
    result = read("\n".join(lines) + "\n", source)
    assert result.errors == [] and result.record is not None
    return TournamentSession.scored(source, source, result.record)


def all_out(losers: Sequence[str], deals: int = 3) -> list[Deal]:
    """Deals in which the same players lose 100 each until they are out together."""
    return [dict.fromkeys(losers, 100) for _ in range(deals)]


def semi_table(players: Sequence[str], winner_total: int, table: int) -> TournamentSession:
    """players[0] wins with ``winner_total``; players[1] goes out last (300); players[2] (260)
    and players[3] (300) go out together before him."""
    a, b, c, d = players
    deals: list[Deal] = [
        {a: winner_total, c: 100, d: 100},
        {b: 100, c: 100, d: 100},
        {b: 100, c: 60, d: 100},
        {b: 100},
    ]
    return rummy_table(players, deals, "semi final", table)


FIRST_ROUND = [
    ("Anu", "Babu", "Cini"),
    ("Deepu", "Anu", "Eli"),
    ("Fathima", "Gopi", "Hari"),
]


def tournament_of(
    sessions: list[TournamentSession], description: Description | None = None
) -> dict[str, Any]:
    """The ``rummy`` part of ``thuruppu tournament --json`` for these tables."""
    return build_tournament(sessions, description).to_json()["rummy"]


def first_round() -> list[TournamentSession]:
    first = rummy_table(FIRST_ROUND[0], all_out(["Babu", "Cini"]), "first round", 1)
    second = rummy_table(FIRST_ROUND[1], all_out(["Deepu", "Eli"]), "first round", 2)
    third_deals: list[Deal] = [{"Fathima": "drop", "Hari": 100}, *all_out(["Fathima", "Hari"])]
    third = rummy_table(FIRST_ROUND[2], third_deals, "first round", 3)
    return [first, second, third]


def test_first_round_winners_qualify_and_two_entries_qualify_once() -> None:
    rummy = tournament_of(first_round())
    stage = rummy["stages"]["first round"]
    assert [(t["table"], t["winner"]) for t in stage["tables"]] == [
        ("1", "Anu"),
        ("2", "Anu"),
        ("3", "Gopi"),
    ]
    assert stage["tables"][0]["standing"] == ["Anu", "Babu", "Cini"]
    assert stage["qualified"] == ["Anu", "Gopi"]


SEMI = [("Anil", "Bala", "Cyril", "Dev"), ("Eapen", "Faiz", "Gita", "Hema")]


def semi_finals() -> list[TournamentSession]:
    return [semi_table(SEMI[0], 40, 1), semi_table(SEMI[1], 30, 2)]


def test_the_semi_finals_standing_across_tables_sends_the_top_six_on() -> None:
    rummy = tournament_of(semi_finals())
    stage = rummy["stages"]["semi final"]
    assert [t["standing"] for t in stage["tables"]] == [list(SEMI[0]), list(SEMI[1])]
    # winners by their lower total (Eapen 30, Anil 40); then the seconds, level on 300 and on
    # re-entries, by name; then the thirds (260 each) by name
    assert stage["qualified"] == ["Eapen", "Anil", "Bala", "Faiz", "Cyril", "Gita"]


def test_the_final_gives_the_places_and_every_player_has_figures() -> None:
    finalists = ["Eapen", "Anil", "Bala", "Faiz", "Cyril", "Gita"]
    others = finalists[2:]
    deals: list[Deal] = [
        {"Anil": 100, **dict.fromkeys(others, 100)},
        {"Anil": 100, **dict.fromkeys(others, 100)},
        {"Anil": 40, **dict.fromkeys(others, 100)},
        {"Anil": 100},
    ]
    final = rummy_table(finalists, deals, "final", 1)
    rummy = tournament_of([*first_round(), *semi_finals(), final])
    assert rummy["places"] == ["Eapen", "Anil", "Bala", "Faiz", "Cyril", "Gita"]
    players = rummy["players"]
    assert players["Anu"] == {
        "tables": 2,
        "rejoins": 0,
        "deals_won": 6,
        "drops": 0,
        "middle_drops": 0,
        "wrong_declarations": 0,
    }
    assert players["Fathima"]["drops"] == 1 and players["Fathima"]["deals_won"] == 0
    assert players["Eapen"]["tables"] == 2 and players["Eapen"]["deals_won"] == 3 + 4


def test_a_tie_on_place_and_total_goes_to_fewer_re_entries_before_the_name() -> None:
    # Aby comes third at his table with 260 like Cyril and Gita, but after one re-entry
    deals: list[Deal] = [
        {"Xena": 100, "Aby": 100, "Zara": 100},
        {"Xena": 100, "Aby": 100, "Zara": 100},
        {"Xena": 40, "Aby": 100, "Zara": 20},
        {"Aby": "rejoin 19", "Xena": 5, "Zara": 100},
        {"Xena": 100},
    ]
    third = rummy_table(["Wren", "Xena", "Aby", "Zara"], deals, "semi final", 3)
    assert third.rummy is not None and third.rummy.findings == []
    assert third.rummy.standing == ["Wren", "Xena", "Aby", "Zara"]
    description = Description(rummy=RummyFormat(semi_qualify=8))
    rummy = tournament_of([*semi_finals(), third], description)
    assert rummy["stages"]["semi final"]["qualified"] == [
        "Wren", "Eapen", "Anil", "Bala", "Faiz", "Xena", "Cyril", "Gita"
    ]  # fmt: skip
    assert rummy["players"]["Aby"]["rejoins"] == 1


def test_the_json_has_the_shape_of_section_7() -> None:
    rummy = tournament_of(first_round())
    assert set(rummy) == {"stages", "places", "players"}
    assert rummy["places"] == []
    assert set(rummy["stages"]) == {"first round"}
    stage = rummy["stages"]["first round"]
    assert set(stage) == {"tables", "qualified"}
    assert all(set(table) == {"table", "winner", "standing"} for table in stage["tables"])
    assert set(rummy["players"]) == {
        "Anu",
        "Babu",
        "Cini",
        "Deepu",
        "Eli",
        "Fathima",
        "Gopi",
        "Hari",
    }
    assert all(
        set(figures)
        == {"tables", "rejoins", "deals_won", "drops", "middle_drops", "wrong_declarations"}
        for figures in rummy["players"].values()
    )


TOURNAMENT = Path(__file__).resolve().parent.parent / "data" / "tournament"


def test_the_bundled_tournament_has_its_rummy_stages_in_the_terminal_and_the_report() -> None:
    sources = from_folder(TOURNAMENT)
    tournament = build_tournament(sources.sessions, sources.description)
    rummy = tournament.to_json()["rummy"]
    assert rummy["stages"]["first round"]["qualified"] == ["Abu", "Ganga"]
    # Abu and Ganga go out together on 260 with no re-entry: by name
    assert rummy["stages"]["semi final"]["qualified"] == ["Ivy", "Abu", "Ganga", "Jomon"]
    assert rummy["players"]["Hamid"]["drops"] == 1
    assert rummy["players"]["Hamid"]["middle_drops"] == 1
    text = render_tournament(tournament)
    assert (
        "Rummy: first round\nTable  Winner  Standing\n1      Abu     Abu, Dinesh, Chacko, Beena\n"
        in text
    )
    assert "Qualified: Ivy, Abu, Ganga, Jomon\n" in text
    assert "<h2>Rummy: semi final</h2>" in report_html(tournament)


def test_a_hostile_name_at_a_rummy_table_is_shown_as_text() -> None:
    hostile = "<script>x</script>"
    table = rummy_table([hostile, "Babu"], all_out(["Babu"]), "first round", 1)
    report = report_html(build_tournament([table]))
    assert hostile not in report
    assert "<td>&lt;script&gt;x&lt;/script&gt;</td>" in report
