"""The Rummy deal view's builders on their own: the steps and rounds of a turn log, what a seat
may see of the table and of the findings, turns in words, and Rummy cards drawn as cards."""

from __future__ import annotations

from dashboard.views.cards import card_face, card_label
from dashboard.views.rummy.deal import (
    deal_findings,
    deal_steps,
    deal_table,
    laid_hands,
    rummy_symbols,
    step_rounds,
)
from recorder import loads
from recorder.rummy.cards import PRINTED_JOKER, RummyCard
from replay.rummy import replay_rummy

# Anu takes the open 9C; Babu draws JC (written) and throws a KD he was not dealt (not-held);
# Cini takes 9C although KD is on top (not-on-pile); Anu declares; Babu's count is entered
# wrong (count-mismatch).
TEXT = """[Game "rummy"]
[Players "Anu, Babu, Cini"]

[Hand "1"]
[Dealer "3"]
joker 7H
open 9C
deal 1: AS 2S 3S 4H 5H 6H 8C 8D 8S QC KC 9D 2D
deal 2: 4S 5S 9S TS 2C 3C 4C 6D 7D TD JH QH KH
deal 3: 5C 6C 7C 9H TH AH 3D 4D 5D 6S 7S QS KS
turns 1:9C>9D 2:cJC>KD 3:9C>KS 1:c>declare
declare 1: AS 2S 3S | 4H 5H 6H | 8C 8D 8S | JC QC KC 7H / 2D
show 2: 4S 5S 9S TS 2C 3C 4C 6D 7D TD JH QH JC = 5
show 3: 5C 6C 7C | 3D 4D 5D | 9H TH AH 6S 7S QS 9C
"""
RECORD = loads(TEXT)
GAME = replay_rummy(RECORD)


def codes(cards: tuple[RummyCard, ...]) -> list[str]:
    return [card.code for card in cards]


def test_a_turn_log_has_a_step_for_the_deal_each_turn_and_the_end() -> None:
    steps = deal_steps(GAME, 0)
    assert [step.kind for step in steps] == ["deal", "turn", "turn", "turn", "turn", "end"]
    assert step_rounds(steps) == [None, 1, 1, 1, 2, None]


def test_the_referee_knows_each_finding_from_its_turn_and_the_rest_at_the_end() -> None:
    seen = [(shown.finding.code, shown.step) for shown in deal_findings(RECORD, GAME, 0, None)]
    assert seen == [("not-held", 2), ("not-on-pile", 3), ("count-mismatch", 5)]


def test_a_finding_naming_a_seat_s_cards_is_for_that_seat_alone() -> None:
    for seat, expected in (
        (1, [("not-on-pile", 3), ("count-mismatch", 5)]),
        (2, [("not-held", 2), ("not-on-pile", 3), ("count-mismatch", 5)]),
        (3, [("not-on-pile", 3), ("count-mismatch", 5)]),
    ):
        seen = [(shown.finding.code, shown.step) for shown in deal_findings(RECORD, GAME, 0, seat)]
        assert seen == expected, seat


def test_a_seat_sees_its_own_cards_and_the_cards_taken_from_the_pile() -> None:
    table = deal_table(RECORD, GAME, 0, 2, 3)
    seats = {seat.name: seat for seat in table.seats}
    assert codes(seats["Anu"].cards) == ["9C"] and seats["Anu"].unknown == 12
    assert codes(seats["Babu"].cards) == [] and seats["Babu"].unknown == 13
    assert len(seats["Cini"].cards) == 13 and seats["Cini"].unknown == 0
    assert table.headline == "Turn 2 (round 1): Babu draws from the deck and throws K♦"
    assert codes(table.pile) == ["9D", "KD"]
    own = deal_table(RECORD, GAME, 0, 2, 2)
    assert own.headline == "Turn 2 (round 1): Babu draws J♣ from the deck and throws K♦"


def test_the_deal_step_shows_the_open_card_and_the_dealt_hands() -> None:
    table = deal_table(RECORD, GAME, 0, 0, 1)
    assert codes(table.pile) == ["9C"]
    assert table.headline == "Deal 1: Cini shuffles; the joker cut is 7♥; the open card is 9♣"
    seats = {seat.name: seat for seat in table.seats}
    assert len(seats["Anu"].cards) == 13 and seats["Babu"].unknown == 13


def test_a_declaration_s_face_down_card_is_its_declarer_s() -> None:
    assert laid_hands(RECORD, GAME, 0, 1)[0].face_down == RummyCard.parse("2D")
    assert laid_hands(RECORD, GAME, 0, 2)[0].face_down is None
    assert laid_hands(RECORD, GAME, 0)[0].face_down == RummyCard.parse("2D")


def test_an_ungrouped_show_is_laid_out_at_its_lowest() -> None:
    babu = laid_hands(RECORD, GAME, 0)[1]
    assert not babu.grouped and babu.lowest is not None
    assert babu.points == babu.lowest.points == 54
    assert babu.verdict == "count 54"
    assert [group.kind for group in babu.groups] == ["pure", "impure", "none"]


def test_card_codes_in_messages_are_drawn_but_a_name_is_left_alone() -> None:
    assert rummy_symbols("KC (seat 1) took TS and PJ", "KC") == "KC (seat 1) took 10♠ and Joker"


def test_rummy_cards_and_the_printed_joker_are_drawn_as_cards() -> None:
    ten = card_face(RummyCard.parse("TH"), wild=True)
    assert 'data-card="TH"' in ten and ">10<" in ten and "tp-wild" in ten
    joker = card_face(PRINTED_JOKER)
    assert 'data-card="PJ"' in joker and "tp-printed-joker" in joker and "JOKER" in joker
    assert card_label(PRINTED_JOKER) == "Joker" and card_label(RummyCard.parse("AS")) == "A♠"
