"""The Rummy engine (RUMMY.md §3-§7): for every finding a record that breaks the rule (found at
the right hand and seat, line and column) and one that keeps it; outcomes, points, totals,
re-entries, the finishing order and every Rules key, from the file and from ``--rules``."""

from __future__ import annotations

import pytest

from recorder.tgn import loads
from replay.findings import CATALOGUE
from replay.rummy import RummyGame, replay_rummy

PLAYERS = '[Game "rummy"]\n[Players "Anu, Babu, Cini, Deepu"]\n'
HAND = '\n[Hand "1"]\n[Dealer "4"]\n'
#: Cini's valid declaration of RUMMY.md §9 (sevens are jokers).
WIN = "declare 3: AS KS QS | 5D 6D 7D 8D | 9C 9H 9S | 2C 3C 7S / KD"
REST = "drop 1\ndrop 2\ndrop 4"
DEAL_1 = "deal 1: 2S 3S 4S 6H 7H 8H 9D TD JD KC KH KS 4C"


def game(body: str, session: str = "", rules: dict[str, str] | None = None) -> RummyGame:
    """Replay a one-or-more-deal record whose first deal's body starts on line 6 (without
    ``session`` tags)."""
    return replay_rummy(loads(PLAYERS + session + HAND + body + "\n"), rules)


def found(result: RummyGame, code: str) -> list[tuple[int, int | None, int, int]]:
    return [(f.hand, f.seat, f.line, f.column) for f in result.findings if f.code == code]


def message(result: RummyGame, code: str) -> str:
    return next(f.message for f in result.findings if f.code == code)


def test_every_rummy_code_is_in_the_catalogue() -> None:
    codes = {
        "too-many-copies": ("error", "record"),
        "not-13-cards": ("error", "record"),
        "missing-outcome": ("warning", "record"),
        "two-outcomes": ("error", "record"),
        "two-winners": ("error", "record"),
        "missing-joker": ("error", "record"),
        "not-held": ("error", "record"),
        "not-on-pile": ("error", "record"),
        "count-mismatch": ("warning", "record"),
        "drop-kind": ("warning", "record"),
        "invalid-declaration": ("error", "violation"),
        "joker-pickup": ("error", "violation"),
        "played-after-drop": ("error", "violation"),
        "played-while-out": ("error", "violation"),
        "rejoin-not-allowed": ("error", "violation"),
        "dealer-after-rejoin": ("note", "violation"),
    }
    for code, (severity, kind) in codes.items():
        rule = CATALOGUE[code]
        assert (rule.severity, rule.kind) == (severity, kind), code
        assert "rummy" in rule.games


def test_the_rummy_md_example_gives_its_totals() -> None:
    body = (
        "joker 7H\ndrop 2\n" + WIN + "\n"
        "show 1: 2D 3D 4D | 9H TH JH | KC KH KS | QC 8S 5H 5C = 28\n"
        "show 4: TS JS QS 8C 8H PJ 2H 3H 4H 6S 6C AC AD"
    )
    result = game(body)
    assert result.findings == []
    deal = result.deals[0]
    assert deal.totals == {"Anu": 28, "Babu": 25, "Cini": 0, "Deepu": 28}
    assert deal.winner == "Cini"
    assert {name: (o.kind, o.points) for name, o in deal.outcomes.items()} == {
        "Anu": ("shown", 28),
        "Babu": ("drop", 25),
        "Cini": ("winner", 0),
        "Deepu": ("shown", 28),
    }


# -- record errors -------------------------------------------------------------------------


def test_too_many_copies() -> None:
    broken = game(
        f"joker 7H\n{WIN}\nshow 1: AS AS AS 2D 3D 4D 5D 6D 8D 9D TD JD QD\ndrop 2\ndrop 4"
    )
    assert found(broken, "too-many-copies") == [(1, 3, 7, 1)]
    assert message(broken, "too-many-copies") == (
        "AS is held 4 times in this deal, more than 3 packs have (3): Anu (seat 1), Cini (seat 3)"
    )
    kept = game(f"joker 7H\n{WIN}\nshow 1: AS AS 2D 3D 4D 5D 6D 8D 9D TD JD QD KD\ndrop 2\ndrop 4")
    assert found(kept, "too-many-copies") == []


def test_not_13_cards() -> None:
    broken = game(f"joker 7H\n{WIN}\nshow 1: 2D 3D 4D 5D\ndrop 2\ndrop 4")
    assert found(broken, "not-13-cards") == [(1, 1, 8, 1)]
    assert message(broken, "not-13-cards") == "Anu (seat 1) showed 4 cards: 2D 3D 4D 5D (not 13)"
    short = game("joker 7H\ndeclare 3: AS KS QS | 5D 6D 7D 8D / KD\n" + REST)
    assert found(short, "not-13-cards") == [(1, 3, 7, 1)]
    assert short.deals[0].outcomes["Cini"].kind == "wrong-declaration"
    assert found(game(f"joker 7H\n{WIN}\n{REST}"), "not-13-cards") == []


def test_missing_outcome() -> None:
    broken = game(f"joker 7H\n{WIN}\ndrop 1\ndrop 2")
    assert found(broken, "missing-outcome") == [(1, 4, 4, 1)]
    assert "Deepu" not in broken.deals[0].outcomes
    assert found(game(f"joker 7H\n{WIN}\n{REST}"), "missing-outcome") == []


def test_two_outcomes_the_first_counts() -> None:
    broken = game(f"joker 7H\n{WIN}\n{REST}\ndrop 1 middle")
    assert found(broken, "two-outcomes") == [(1, 1, 11, 1)]
    assert broken.deals[0].outcomes["Anu"].points == 25
    assert found(game(f"joker 7H\n{WIN}\n{REST}"), "two-outcomes") == []


def test_two_winners_the_first_wins() -> None:
    second = "declare 1: 2S 3S 4S | 6H 7H 8H | 9D TD JD | KC KH KS 7C / 5C"
    broken = game(f"joker 7H\n{WIN}\n{second}\ndrop 2\ndrop 4")
    assert found(broken, "two-winners") == [(1, 1, 8, 1)]
    assert broken.deals[0].winner == "Cini"
    assert broken.deals[0].outcomes["Anu"].points == 0
    assert found(game(f"joker 7H\n{WIN}\n{REST}"), "two-winners") == []


def test_missing_joker_judges_with_printed_jokers_only() -> None:
    broken = game(f"{WIN}\n{REST}")
    assert found(broken, "missing-joker") == [(1, None, 6, 1)]
    # without sevens as jokers, 2C 3C 7S is no group: the declaration is wrong
    assert broken.deals[0].outcomes["Cini"].kind == "wrong-declaration"
    assert found(game(f"joker 7H\n{WIN}\n{REST}"), "missing-joker") == []


def test_not_held() -> None:
    broken = game(f"joker 7H\nopen 9C\n{DEAL_1}\nturns 1:9C>QD\n{WIN}\ndrop 1\ndrop 2\ndrop 4")
    assert found(broken, "not-held") == [(1, 1, 9, 7)]
    assert message(broken, "not-held").startswith(
        "Anu (seat 1) discarded QD, which the record shows he did not hold (he held 2S 3S 4S"
    )
    kept = game(f"joker 7H\nopen 9C\n{DEAL_1}\nturns 1:9C>9D 2:c>QD\n{WIN}\n{REST}")
    assert found(kept, "not-held") == []


def test_not_on_pile() -> None:
    broken = game(f"joker 7H\nopen 9C\nturns 1:c>QD 2:8C>3D\n{WIN}\n{REST}")
    assert found(broken, "not-on-pile") == [(1, 2, 8, 14)]
    assert message(broken, "not-on-pile") == (
        "Babu (seat 2) took 8C from the open pile, but the last discard was QD"
    )
    kept = game(f"joker 7H\nopen 9C\nturns 1:c>QD 2:QD>3D\n{WIN}\n{REST}")
    assert found(kept, "not-on-pile") == []


def test_count_mismatch() -> None:
    shown = "show 1: 2D 3D 4D | 9H TH JH | KC KH KS | QC 8S 5H 5C"
    broken = game(f"joker 7H\n{WIN}\n{shown} = 30\ndrop 2\ndrop 4")
    assert found(broken, "count-mismatch") == [(1, 1, 8, 1)]
    assert broken.deals[0].outcomes["Anu"].points == 28
    over = game(f"joker 7H\n{WIN}\ncount 1: 120\ndrop 2\ndrop 4")
    assert found(over, "count-mismatch") == [(1, 1, 8, 1)]
    assert over.deals[0].outcomes["Anu"].points == 100
    kept = game(f"joker 7H\n{WIN}\n{shown} = 28\ncount 2: 40\ndrop 4")
    assert found(kept, "count-mismatch") == []


def test_drop_kind() -> None:
    broken = game(f"joker 7H\nturns 1:c>QD 2:c>3D 1:drop\n{WIN}\n{REST}")
    assert found(broken, "drop-kind") == [(1, 1, 9, 1)]
    assert broken.deals[0].outcomes["Anu"].points == 25  # the line still scores
    kept = game(f"joker 7H\nturns 1:c>QD 2:c>3D 1:drop\n{WIN}\ndrop 1 middle\ndrop 2\ndrop 4")
    assert found(kept, "drop-kind") == []


# -- violations ----------------------------------------------------------------------------


def test_invalid_declaration_names_what_is_missing() -> None:
    wrong = "declare 3: AS KS QS | 5D 5H 5C | 9C 9H 9S | 2C 2D 2H 2S / KD"
    broken = game(f"joker 7H\n{wrong}\n{REST}")
    assert found(broken, "invalid-declaration") == [(1, 3, 7, 1)]
    assert message(broken, "invalid-declaration") == (
        "Cini (seat 3) declared wrong: one sequence only: AS KS QS; 5D 5H 5C, 9C 9H 9S and "
        "2C 2D 2H 2S are sets"
    )
    assert broken.deals[0].outcomes["Cini"] == broken.deals[0].outcomes["Cini"].__class__(
        "wrong-declaration", 100
    )
    assert found(game(f"joker 7H\n{WIN}\n{REST}"), "invalid-declaration") == []


def test_after_a_wrong_declaration_the_deal_goes_on() -> None:
    wrong = "declare 1: AS KS QS | 5D 5H 5C | 9C 9H 9S | 2C 2D 2H 2S / KD"
    result = game(f"joker 7H\n{wrong}\n{WIN}\ndrop 2\ndrop 4")
    deal = result.deals[0]
    assert deal.winner == "Cini"
    assert deal.totals == {"Anu": 100, "Babu": 25, "Cini": 0, "Deepu": 25}


def test_joker_pickup() -> None:
    used_wrong = "declare 1: AS KS QS | 5D 6D 7S 8D | 9C 9H 9S | 2C 3C 4C / KD"
    broken = game(f"joker 7H\nopen 7S\nturns 1:7S>2D 1:c>declare\n{used_wrong}\n{REST[7:]}\ndrop 3")
    assert found(broken, "joker-pickup") == [(1, 1, 8, 7)]
    assert message(broken, "joker-pickup") == (
        "Anu (seat 1) took the discarded joker 7S and did not use it as itself in a pure "
        "sequence or Thennaali of his declaration"
    )
    printed = game(f"joker 7H\nopen PJ\nturns 1:PJ>2D\n{WIN}\n{REST}")
    assert found(printed, "joker-pickup") == [(1, 1, 8, 7)]
    used_right = "declare 1: AS KS QS | 5S 6S 7S | 9C 9H 9S | 2C 3C 4C 5C 6C / KD"
    kept = game(
        f"joker 7H\nopen 7S\nturns 1:7S>2D 1:c>declare\n{used_right}\ndrop 2\ndrop 3\ndrop 4"
    )
    assert found(kept, "joker-pickup") == []


def test_played_after_drop() -> None:
    broken = game(f"joker 7H\nturns 1:drop 2:c>3D 1:c>4D\n{WIN}\n{REST}")
    assert found(broken, "played-after-drop") == [(1, 1, 7, 21)]
    kept = game(f"joker 7H\nturns 1:drop 2:c>3D\n{WIN}\n{REST}")
    assert found(kept, "played-after-drop") == []


def test_played_while_out() -> None:
    out = '[Totals "Anu=260"]\n'
    broken = game(f"joker 7H\n{WIN}\n{REST}", out)
    assert found(broken, "played-while-out") == [(1, 1, 9, 1)]
    assert "Anu" not in broken.deals[0].outcomes
    kept = game(f"joker 7H\n{WIN}\ndrop 2\ndrop 4", out)
    assert found(kept, "played-while-out") == []


def test_a_rejoin_comes_back_on_the_highest_total_plus_one_and_shuffles() -> None:
    totals = '[Totals "Anu=260, Babu=100, Cini=50, Deepu=0"]\n'
    first = f'[Hand "1"]\n[Dealer "2"]\njoker 7H\n{WIN}\ndrop 2\ndrop 4'
    second = f'[Hand "2"]\nrejoin 1\njoker 7H\n{WIN}\n{REST}'
    result = replay_rummy(loads(PLAYERS + totals + "\n" + first + "\n\n" + second + "\n"))
    deal = result.deals[1]
    assert result.findings == []
    assert deal.rejoined == ["Anu"]
    assert deal.dealer == 1  # the re-entrant shuffles
    assert deal.totals["Anu"] == 126 + 25  # Babu's 125 plus one, then his drop
    assert result.rejoins["Anu"] == 1
    highest = replay_rummy(
        loads(PLAYERS + totals + "\n" + first + "\n\n" + second + "\n"), {"rejoin-score": "highest"}
    )
    assert highest.deals[1].totals["Anu"] == 125 + 25


def test_dealer_after_rejoin() -> None:
    totals = '[Totals "Anu=260"]\n'
    broken = game(f"rejoin 1\njoker 7H\n{WIN}\n{REST}", totals)  # Dealer 4 is written
    assert found(broken, "dealer-after-rejoin") == [(1, 4, 5, 1)]
    assert message(broken, "dealer-after-rejoin") == (
        "Deepu (seat 4) shuffles after Anu (seat 1) re-entered (the re-entrant shuffles)"
    )
    text = PLAYERS + totals + f'\n[Hand "1"]\n[Dealer "1"]\nrejoin 1\njoker 7H\n{WIN}\n{REST}\n'
    assert found(replay_rummy(loads(text)), "dealer-after-rejoin") == []


REFUSED = [
    (
        "not out",
        '[Totals "Anu=10"]\n',
        {},
        "Anu (seat 1) may not re-enter: Anu is not out of the game",
    ),
    (
        "compel state",
        '[Totals "Anu=260, Babu=230, Cini=240, Deepu=251"]\n',
        {},
        "Anu (seat 1) may not re-enter: every player still in is in compel state (above 225: "
        "Babu 230, Cini 240)",
    ),
    (
        "game over",
        '[Totals "Anu=260, Babu=300, Cini=255"]\n',
        {},
        "Anu (seat 1) may not re-enter: the game has already ended",
    ),
    (
        "no re-entries allowed",
        '[Totals "Anu=260"]\n',
        {"rejoins": "0"},
        "Anu (seat 1) may not re-enter: Anu has already re-entered 0 times",
    ),
]


@pytest.mark.parametrize(("why", "totals", "rules", "text"), REFUSED, ids=[r[0] for r in REFUSED])
def test_rejoin_not_allowed(why: str, totals: str, rules: dict[str, str], text: str) -> None:
    result = game(f"rejoin 1\njoker 7H\n{WIN}\n{REST}", totals, rules)
    assert found(result, "rejoin-not-allowed") == [(1, 1, 7, 1)]
    assert message(result, "rejoin-not-allowed") == text
    assert result.deals[0].rejoined == []


def test_a_third_rejoin_is_refused() -> None:
    deals = []
    for number in (1, 2, 3):
        dealer = '[Dealer "1"]\n' if number == 1 else ""
        deals.append(
            f'[Hand "{number}"]\n{dealer}rejoin 1\njoker 7H\n{WIN}\n{REST}\npenalty 1 300 fraud'
        )
    text = PLAYERS + '[Totals "Anu=260"]\n\n' + "\n\n".join(deals) + "\n"
    result = replay_rummy(loads(text))
    assert [f.hand for f in result.findings if f.code == "rejoin-not-allowed"] == [3]
    assert message(result, "rejoin-not-allowed") == (
        "Anu (seat 1) may not re-enter: Anu has already re-entered 2 times"
    )
    assert result.rejoins["Anu"] == 2


def test_the_last_player_left_wins_without_a_line() -> None:
    result = game("joker 7H\ndrop 1\ndrop 2 middle\nno-show 4")
    deal = result.deals[0]
    assert deal.winner == "Cini"
    assert deal.outcomes["Cini"].kind == "winner"
    assert deal.totals == {"Anu": 25, "Babu": 50, "Cini": 0, "Deepu": 100}


def test_absences_score_25_or_50() -> None:
    result = game(f"joker 7H\n{WIN}\nabsent 1\nabsent 2 middle\ndrop 4")
    kinds = {name: (o.kind, o.points) for name, o in result.deals[0].outcomes.items()}
    assert kinds["Anu"] == ("absent", 25)
    assert kinds["Babu"] == ("absent-middle", 50)


def test_a_count_of_zero_scores_two_or_three_when_twos_are_jokers() -> None:
    shown = "show 1: 2S 3S 4S | 6H 7H 8H | 9D TD JD | KC KH KS KD"
    two = game(f"joker 7H\n{WIN}\n{shown} = 2\ndrop 2\ndrop 4")
    assert two.deals[0].outcomes["Anu"].points == 2
    assert found(two, "count-mismatch") == []
    twos_wild = "declare 3: AS KS QS | 5D 6D 7D 8D | 9C 9H 9S | 3C 4C 2S / KD"
    three = game(f"joker 2H\n{twos_wild}\n{shown} = 3\ndrop 2\ndrop 4")
    assert three.deals[0].outcomes["Anu"].points == 3


@pytest.mark.parametrize("source", ["file", "option"])
def test_count_cap(source: str) -> None:
    shown = "show 1: KH KD KC | QH QD QC | JH JD JC | 9S 9D 8C 8H"
    session, rules = (
        ('[Rules "count-cap=80"]\n', None) if source == "file" else ("", {"count-cap": "80"})
    )
    result = game(f"joker 7H\n{WIN}\n{shown}\ndrop 2\ndrop 4", session, rules)
    assert result.deals[0].outcomes["Anu"].points == 80
    assert game(f"joker 7H\n{WIN}\n{shown}\ndrop 2\ndrop 4").deals[0].outcomes["Anu"].points == 100


@pytest.mark.parametrize("source", ["file", "option"])
def test_count_life_and_literal(source: str) -> None:
    # a pure sequence and a set, but no second sequence: the set counts under life
    shown = "show 1: 2S 3S 4S | KC KH KD | 9D 5C 6H 8S 2H 3D 4H"
    life = game(f"joker 7H\n{WIN}\n{shown}\ndrop 2\ndrop 4")
    assert life.deals[0].outcomes["Anu"].points == 30 + 9 + 5 + 6 + 8 + 2 + 3 + 4
    session, rules = (
        ('[Rules "count=literal"]\n', None) if source == "file" else ("", {"count": "literal"})
    )
    literal = game(f"joker 7H\n{WIN}\n{shown}\ndrop 2\ndrop 4", session, rules)
    assert literal.deals[0].outcomes["Anu"].points == 9 + 5 + 6 + 8 + 2 + 3 + 4


@pytest.mark.parametrize("source", ["file", "option"])
def test_packs(source: str) -> None:
    body = f"joker 7H\n{WIN}\nshow 1: AS AS 2D 3D 4D 5D 6D 8D 9D TD JD QD KD\ndrop 2\ndrop 4"
    session, rules = ('[Rules "packs=2"]\n', None) if source == "file" else ("", {"packs": "2"})
    line = 8 if source == "file" else 7
    assert found(game(body, session, rules), "too-many-copies") == [(1, 3, line, 1)]
    assert found(game(body), "too-many-copies") == []


@pytest.mark.parametrize("source", ["file", "option"])
def test_joker_group(source: str) -> None:
    jokers = "declare 3: AS KS QS | 5D 6D 7D 8D | 9C 9H 9S | PJ PJ PJ / KD"
    assert game(f"joker 7H\n{jokers}\n{REST}").deals[0].outcomes["Cini"].kind == "wrong-declaration"
    session, rules = (
        ('[Rules "joker-group=yes"]\n', None) if source == "file" else ("", {"joker-group": "yes"})
    )
    accepted = game(f"joker 7H\n{jokers}\n{REST}", session, rules)
    assert accepted.deals[0].winner == "Cini"


@pytest.mark.parametrize("source", ["file", "option"])
def test_limit_puts_players_out(source: str) -> None:
    session, rules = ('[Rules "limit=60"]\n', None) if source == "file" else ("", {"limit": "60"})
    deals = "\n\n".join(
        f'[Hand "{n}"]\n[Dealer "4"]\njoker 7H\n{WIN}\ndrop 1 middle\ndrop 2 middle\ndrop 4'
        for n in (1, 2)
    )
    result = replay_rummy(loads(PLAYERS + session + "\n" + deals + "\n"), rules)
    assert result.deals[0].out == []
    assert result.deals[1].out == ["Anu", "Babu"]
    assert result.winner is None  # Cini and Deepu are still in
    assert result.standing == ["Cini", "Deepu", "Anu", "Babu"]


def test_the_finishing_order_and_the_table_winner() -> None:
    totals = '[Totals "Anu=240, Babu=200, Cini=0, Deepu=210"]\n'
    first = f'[Hand "1"]\n[Dealer "4"]\njoker 7H\n{WIN}\ndrop 1 middle\ndrop 2\ndrop 4'
    second = f'[Hand "2"]\njoker 7H\n{WIN}\ndrop 2 middle\ndrop 4 middle'
    after = f'[Hand "3"]\njoker 7H\n{WIN}'
    text = PLAYERS + totals + "\n" + "\n\n".join([first, second, after]) + "\n"
    result = replay_rummy(loads(text))
    assert result.deals[0].out == ["Anu"]
    assert result.deals[1].out == ["Anu", "Babu", "Deepu"]
    assert result.winner == "Cini"
    # Babu (275) and Deepu (285) went out in deal 2, the lower total first; Anu in deal 1
    assert result.standing == ["Cini", "Babu", "Deepu", "Anu"]
    assert [(f.code, f.hand, f.player) for f in result.findings] == [
        ("played-while-out", 3, "Cini")
    ]


def test_a_redeal_scores_nothing_and_the_same_dealer_deals_again() -> None:
    first = '[Hand "1"]\n[Dealer "2"]\nredeal not-13-cards'
    second = f'[Hand "2"]\njoker 7H\n{WIN}\n{REST}'
    result = replay_rummy(loads(PLAYERS + "\n" + first + "\n\n" + second + "\n"))
    assert result.deals[0].void and result.deals[0].outcomes == {}
    assert result.deals[1].dealer == 2
    assert result.deals[0].totals == {"Anu": 0, "Babu": 0, "Cini": 0, "Deepu": 0}


def test_the_dealer_passes_to_the_next_player_still_in() -> None:
    totals = '[Totals "Anu=260"]\n'
    deals = "\n\n".join(
        [
            f'[Hand "1"]\n[Dealer "4"]\njoker 7H\n{WIN}\ndrop 2\ndrop 4',
            f'[Hand "2"]\njoker 7H\n{WIN}\ndrop 2\ndrop 4',
        ]
    )
    result = replay_rummy(loads(PLAYERS + totals + "\n" + deals + "\n"))
    assert result.deals[1].dealer == 2  # seat 1 is out


def test_penalties_add_after_the_deal() -> None:
    result = game(f"joker 7H\n{WIN}\n{REST}\npenalty 3 20 looked at the deck")
    assert result.deals[0].totals["Cini"] == 20
