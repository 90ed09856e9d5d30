"""Rummy on the day (TOURNAMENT.md §8–§11): the chair draw (ties drawn again, the printed joker
lowest), a table whose Players or Dealer do not follow its draw, a semi-finalist who no longer
qualifies, a withdrawn player's place, and the day's accounts with entries, re-entries, a void
table and payments."""

from __future__ import annotations

from dataclasses import replace

from recorder import dumps, read
from recorder.model import Tag
from replay.tournament import (
    DayLog,
    Payment,
    ScheduledMatch,
    TournamentSession,
    accounts_text,
    build_tournament,
    read_description,
    read_draw,
    start_tags,
)
from replay.tournament.description import Description
from tests.test_tournament_rummy import Deal, all_out, rummy_table, semi_table


def test_the_chair_draw_orders_by_rank_then_suit_and_ties_draw_again() -> None:
    draw = read_draw("Anu=AS/3C, Babu=AS/2D, Cini=KD, Deepu=PJ")
    assert (draw.chairs, draw.dealer, draw.problems) == (("Anu", "Babu", "Cini", "Deepu"), 4, ())
    suits = read_draw("Eli=KD, Fathima=KS, Gopi=KC, Hari=KH, Indu=2S")
    assert suits.chairs == ("Fathima", "Hari", "Gopi", "Eli", "Indu")
    jokers = read_draw("Anu=PJ/TD, Babu=PJ/PJ/9C, Cini=PJ/PJ/9H, Deepu=2D")
    assert jokers.chairs == ("Deepu", "Anu", "Cini", "Babu")
    assert read_draw("Anu=PJ, Babu=PJ, Cini=3D").problems == (
        "Anu and Babu drew the same card PJ: they draw again",
    )
    assert read_draw("Anu=AS/KD, Babu=QS").problems == (
        "Anu drew again without a tie (AS was alone)",
    )
    assert read_draw("Anu=1S, Babu").problems == (
        "Anu: '1S' is no card (such as AS, TD, PJ)",
        "'Babu': expected NAME=CARD/CARD...",
    )


def with_tags(session: TournamentSession, key: str, **tags: str) -> TournamentSession:
    record = session.record
    extra = [Tag(name=name, value=value) for name, value in tags.items()]
    text = dumps(record.model_copy(update={"tags": [*record.tags, *extra]}))
    result = read(text, f"{key}.tgn")
    assert result.errors == [] and result.record is not None
    return TournamentSession.scored(key, f"{key}.tgn", result.record)


ROSTER = ("Anu", "Babu", "Cini", "Deepu", "Eli", "Fathima", "Gopi", "Hari", "Indu")
SCHEDULE = (
    ScheduledMatch("r1", "rummy", "first round", 1, 5, players=("Anu", "Babu", "Cini")),
    ScheduledMatch("r2", "rummy", "first round", 1, 6, players=("Deepu", "Anu", "Eli")),
    ScheduledMatch("r3", "rummy", "first round", 1, 7, players=ROSTER[5:]),
    ScheduledMatch("r4", "rummy", "first round", 2, 5, players=("Babu", "Cini")),
    ScheduledMatch("s1", "rummy", "semi final", 1, 5, players=("Anu", "Deepu", "Fathima", "Gopi")),
)


def description(withdrawn: str = "") -> Description:
    names = ", ".join(f'"{name}"' for name in ROSTER)
    text = (
        'name = "Test Cup"\nrules = "auto-penalties=yes, count=literal"\n'
        f"[rummy]\nplayers = [{names}]\nsemi_qualify = 2\n"
        f"withdrawn = [{withdrawn}]\n"
        "[fees]\nregistration = 100\nentry = 50\nrejoin = 30\n"
    )
    read_back, findings = read_description(text)
    assert findings == []
    return read_back


def first_round() -> list[TournamentSession]:
    """Table 5: Anu wins (drawn Anu, Babu, Cini; but hand 1 is dealt by seat 1). Table 6: Deepu
    wins, Eli out last, Anu's second entry. Table 7: Fathima wins, Gopi re-enters once. Table 5
    again: Babu v Cini, voided."""
    first = rummy_table(("Anu", "Babu", "Cini"), all_out(["Babu", "Cini"]), "first round", 5)
    second_deals: list[Deal] = [
        {"Anu": 100, "Eli": 100},
        {"Anu": 100, "Eli": 100},
        {"Anu": 100, "Eli": 20},
        {"Eli": 100},
    ]
    second = rummy_table(("Deepu", "Anu", "Eli"), second_deals, "first round", 6)
    third_deals: list[Deal] = [
        {"Hari": 100, "Gopi": 100, "Indu": 100},
        {"Hari": 100, "Gopi": 100, "Indu": 100},
        {"Hari": 40, "Gopi": 100, "Indu": 20},
        {"Gopi": "rejoin 19", "Hari": 5, "Indu": 100},
        {"Hari": 100},
    ]
    third = rummy_table(("Fathima", "Hari", "Gopi", "Indu"), third_deals, "first round", 7)
    again = rummy_table(("Babu", "Cini"), all_out(["Cini"]), "first round", 5)
    return [
        with_tags(first, "t1", Schedule="r1", Draw="Anu=AS/3C, Babu=AS/2D, Cini=KD"),
        with_tags(second, "t2", Schedule="r2"),
        with_tags(third, "t3", Schedule="r3"),
        with_tags(again, "t4", Schedule="r4"),
    ]


DAY = DayLog(
    schedule=SCHEDULE,
    voids={"t4": "started by mistake"},
    payments=(Payment("Anu", 120, "cash"), Payment("Gopi", 200, "card")),
)


def test_a_semi_finalist_who_does_not_qualify_is_stale_until_the_table_stands() -> None:
    semi = with_tags(semi_table(["Anu", "Deepu", "Fathima", "Gopi"], 100, 5), "t5", Schedule="s1")
    sessions = [*first_round(), semi]
    tournament = build_tournament(sessions, description(), DAY)
    rummy = tournament.to_json()["rummy"]
    assert rummy["stages"]["first round"]["qualified"] == ["Anu", "Deepu", "Fathima"]
    assert [str(f) for f in tournament.findings] == [
        "t1.tgn:10: warning draw-order: hand 1 Dealer 1: the draw gives seat 3 (Cini, the lowest "
        "card)",
        "t5.tgn:2: error stale-qualifier: semi final table 5: Gopi does not qualify from the "
        "first round (qualified: Anu, Deepu, Fathima)",
    ]
    states = {entry.scheduled.id: (entry.session, entry.state) for entry in tournament.schedule}
    assert states == {
        "r1": ("t1", "finished"),
        "r2": ("t2", "finished"),
        "r3": ("t3", "finished"),
        "r4": (None, "void"),
        "s1": ("t5", "stale"),
    }
    standing = build_tournament(sessions, description(), replace(DAY, stands=frozenset({"t5"})))
    assert [f.code for f in standing.findings] == ["draw-order", "stands"]
    assert {e.scheduled.id: e.state for e in standing.schedule}["s1"] == "finished"


def test_a_table_is_started_with_the_players_in_the_order_of_the_draw() -> None:
    tournament = build_tournament(first_round(), description(), DAY)
    entry = next(e for e in tournament.schedule if e.scheduled.id == "s1")
    draw = read_draw("Gopi=9H, Anu=PJ, Deepu=9S, Fathima=QC")
    tags = start_tags(entry, description(), draw.chairs, draw.dealer)
    assert dict(tags.tags) == {
        "Game": "rummy",
        "Event": "Test Cup",
        "Table": "5",
        "Round": "1",
        "Stage": "semi final",
        "Players": "Fathima, Deepu, Gopi, Anu",
        "Schedule": "s1",
        "Rules": "count=literal",
    }
    assert (tags.dealer, tags.problems) == (4, ())
    entered = start_tags(entry, description(), draw="Gopi=9H, Anu=PJ, Deepu=9S, Fathima=QC")
    assert dict(entered.tags) == {
        **tags.tags,
        "Draw": "Gopi=9H, Anu=PJ, Deepu=9S, Fathima=QC",
    }
    assert list(entered.tags)[-2:] == ["Draw", "Rules"] and entered.dealer == 4
    tied = start_tags(entry, description(), draw="Gopi=9H, Anu=9H, Deepu=9S, Fathima=QC")
    assert tied.problems == ("the draw: Gopi and Anu drew the same card 9H: they draw again",)
    wrong = start_tags(entry, description(), ("Anu", "Babu"), 2)
    assert wrong.problems == (
        "the draw's players (Anu, Babu) are not the table's (Anu, Deepu, Fathima, Gopi)",
    )


def test_a_withdrawn_player_gives_his_place_to_the_next_of_his_table() -> None:
    tournament = build_tournament(first_round(), description('"Deepu"'), DAY)
    assert tournament.rummy.stages["first round"].qualified == ["Anu", "Eli", "Fathima"]


def test_the_days_accounts_from_the_records_and_the_payments() -> None:
    tournament = build_tournament(first_round(), description(), DAY)
    fees = tournament.to_json()["fees"]
    # registration 9 x 100; Anu's second first-round table 50; Gopi's re-entry 30; t4 is void
    assert (fees["currency"], fees["total_due"], fees["total_paid"]) == ("$", 980, 320)
    assert fees["people"]["Anu"] == {
        "due": 150,
        "paid": 120,
        "lines": [
            {
                "what": "registration",
                "stage": None,
                "round": None,
                "table": None,
                "amount": 100,
                "paid": 100,
            },
            {
                "what": "entry",
                "stage": "first round",
                "round": None,
                "table": "6",
                "amount": 50,
                "paid": 20,
            },
        ],
    }
    assert fees["people"]["Gopi"]["lines"][1] == {
        "what": "rejoin",
        "stage": "first round",
        "round": None,
        "table": "7",
        "amount": 30,
        "paid": 30,
    }
    assert fees["people"]["Babu"] == {
        "due": 100,
        "paid": 0,
        "lines": [
            {
                "what": "registration",
                "stage": None,
                "round": None,
                "table": None,
                "amount": 100,
                "paid": 0,
            }
        ],
    }
    assert tournament.fees is not None
    text = accounts_text(tournament.fees)
    assert text.splitlines()[:4] == [
        "Anu: due $150, paid $120, owes $30",
        "  registration: $100, paid",
        "  entry (first round, table 6): $50, $20 paid",
        "Babu: due $100, paid $0, owes $100",
    ]
    assert text.splitlines()[-1] == "total due $980, paid $320, still owed $730, paid over $70"
