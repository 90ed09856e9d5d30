"""Rummy notation (RUMMY.md §4-§5): lenient input, one canonical form, JSON both ways, and every
read error with its exact line, column and message."""

from __future__ import annotations

import json

import pytest

from recorder.rummy.cards import PRINTED_JOKER, RummyCard
from recorder.tgn import dumps, from_json, json_schema, loads, read, to_json

SESSION = '[Game "rummy"]\n[Players "Anu, Babu, Cini, Deepu"]\n\n[Hand "1"]\n[Dealer "4"]\n'
CARDS = "(ranks A 2 3 4 5 6 7 8 9 T J Q K, suits S H D C, or PJ)"
KEYWORDS = (
    "joker, open, deal, turns, drop, absent, declare, show, count, no-show, redeal, rejoin "
    "or penalty"
)
TURNS = "S:c>X, S:cY>X, S:Y>X, S:drop, S:c>declare or S:Y>declare"

CANONICAL = (
    SESSION
    + """rejoin 2
joker 7H ; the cut card
open 9C
deal 3: AS KS QS 5D 6D 7D 8D 9C 9H 9S 2C 3C 7S
turns 1:c>KD 2:KD>5S 3:c4D>4D 4:drop 3:c>declare
drop 2 middle
absent 4
declare 3: AS KS QS | 5D 6D 7D 8D | 9C 9H 9S | 2C 3C 7S / KD
show 1: 2D 3D 4D | 9H TH JH | KC KH KS | QC 8S 5H 5C = 28
count 2: 38
no-show 1
penalty 1 10 spoke about the cards
"""
)

LENIENT = (
    SESSION
    + """JOKER 7h ; the cut card
Open 9♣
Rejoin 2
deal 3 AS ks qs 5d 6♦ 7D 8D 9C 9H 9S 2C 3C 7S
turns 1:C>kd 2:KD>5s 3:c4d>4D 4:DROP 3:c>Declare
DROP 2 MIDDLE
absent 4
declare 3:AS KS QS|5D 6D 7D 8D|9C 9H 9S|2C 3C 7S/KD
show 1: 2D 3D 4D | 9H 10H JH | K♣ KH KS | QC 8S 5H 5C =28
count 2 38
no-show 1
penalty 1 10 spoke about the cards
"""
)


def test_the_canonical_form_reads_and_writes_back_the_same_bytes() -> None:
    record = loads(CANONICAL)
    assert dumps(record) == CANONICAL
    body = record.hands[0].rummy
    assert body is not None
    assert body.joker is not None and body.joker.card == RummyCard.parse("7H")
    assert body.rejoin is not None and body.rejoin.seat == 2
    declare = body.outcomes[2]
    assert (declare.kind, declare.seat, declare.grouped) == ("declare", 3, True)
    assert [len(group) for group in declare.groups] == [3, 4, 3, 3]
    assert declare.face_down == RummyCard.parse("KD")
    assert body.outcomes[3].entered == 28
    turns = body.all_turns
    assert [(t.seat, t.source, t.end) for t in turns] == [
        (1, "closed", "discard"),
        (2, "pile", "discard"),
        (3, "closed", "discard"),
        (4, None, "drop"),
        (3, "closed", "declare"),
    ]
    assert turns[2].drawn == RummyCard.parse("4D")
    assert (turns[1].line, turns[1].column) == (10, 14)


def test_lenient_input_reads_as_its_canonical_form() -> None:
    assert loads(LENIENT) == loads(CANONICAL)
    assert dumps(loads(LENIENT)) == CANONICAL


def test_joker_is_the_printed_joker_in_any_case() -> None:
    record = loads(SESSION + "joker Joker\nshow 1: pj JOKER AS\n")
    body = record.hands[0].rummy
    assert body is not None and body.joker is not None
    assert body.joker.card == PRINTED_JOKER
    assert body.outcomes[0].cards[:2] == [PRINTED_JOKER, PRINTED_JOKER]
    assert dumps(record).endswith("joker PJ\nshow 1: PJ PJ AS\n")


def test_an_ungrouped_show_stays_ungrouped() -> None:
    text = SESSION + "show 4: TS JS QS 8C 8H PJ 2H 3H 4H 6S 6C AC AD\n"
    body = loads(text).hands[0].rummy
    assert body is not None
    assert body.outcomes[0].grouped is False
    assert dumps(loads(text)) == text


def test_json_both_ways_and_the_schema_covers_rummy() -> None:
    record = loads(CANONICAL)
    again = from_json(to_json(record))
    assert again == record
    assert dumps(again) == CANONICAL
    schema = json.loads(json_schema())
    assert {"RummyBody", "Outcome", "RummyTurn", "TurnsLine"} <= set(schema["$defs"])
    assert schema["$defs"]["Outcome"]["properties"]["kind"]["enum"] == [
        "drop",
        "absent",
        "declare",
        "show",
        "count",
        "no-show",
    ]


BROKEN = [
    ("joker ZS", (6, 7, f"unknown card 'ZS' {CARDS}")),
    ("dael 1", (6, 1, f"unknown keyword 'dael' (expected {KEYWORDS})")),
    ("drop 5", (6, 6, "seat 5 outside 1..4")),
    ("drop x", (6, 6, "bad seat 'x' (expected a seat number 1..4)")),
    ("drop 2 early", (6, 8, "unexpected 'early' after the seat (only 'middle' may follow it)")),
    ("no-show 2 middle", (6, 11, "unexpected 'middle' after the seat")),
    ("declare 3: AS KS QS | | 2C", (6, 23, "empty group: '|' with no card of its group before it")),
    ("show 2: AS KS |", (6, 15, "empty group: '|' with no card of its group after it")),
    ("declare 3: AS / KD QD", (6, 20, "unexpected 'QD' after the face-down card")),
    ("declare 3: AS KS /", (6, 18, "'/' without the face-down card after it (/ KD)")),
    ("show 1: AS KS = x", (6, 17, "bad points 'x' (expected a whole number)")),
    ("show 1: AS KS =", (6, 15, "'=' without the points after it (= 28)")),
    ("count 1", (6, 1, "count line without its points (expected count 1: 38)")),
    (
        "declare",
        (6, 1, "declare line without a seat (expected declare 4: AS KS QS | 5H 6H 7H | ... / KD)"),
    ),
    ("turns 1:x>KD", (6, 9, f"unknown card 'x' {CARDS}")),
    ("turns 1:c>ZZ", (6, 11, f"unknown card 'ZZ' {CARDS}")),
    ("turns 1:cAS", (6, 7, f"bad turn '1:cAS' (expected {TURNS})")),
    ("turns 9:c>AS", (6, 7, "seat 9 outside 1..4")),
    ("turns", (6, 1, f"turns line without a turn (expected {TURNS})")),
    ("redeal lost", (6, 8, "unknown redeal reason 'lost' (expected not-13-cards or misdeal)")),
    ("joker 7H\njoker 8H", (7, 1, "second joker line in this hand (the first is on line 6)")),
    ("rejoin 2\nrejoin 3", (7, 1, "second rejoin line in this hand (the first is on line 6)")),
    ("deal 3: AS 1S", (6, 12, f"unknown card '1S' {CARDS}")),
    ("penalty 2 many", (6, 11, "bad penalty points 'many' (expected a whole number)")),
    ("open", (6, 1, "open line without a card (expected open 7H)")),
]


@pytest.mark.parametrize(("body", "error"), BROKEN, ids=[body for body, _ in BROKEN])
def test_every_read_error_is_exact(body: str, error: tuple[int, int, str]) -> None:
    result = read(SESSION + body + "\n")
    assert [(e.line, e.column, e.message) for e in result.errors] == [error]


def test_one_bad_deal_does_not_stop_the_others() -> None:
    text = SESSION + 'drop 9\n\n[Hand "2"]\ndrop 1\n'
    result = read(text)
    assert [(e.line, e.message) for e in result.errors] == [(6, "seat 9 outside 1..4")]
    assert result.record is not None
    assert [hand.number for hand in result.record.hands] == [2]


SESSION_ERRORS = [
    (
        '[Game "rummy"]\n[Players "A"]\n',
        [(2, 11, "wrong number of Players: 1 for rummy (expected 2 to 7)")],
    ),
    (
        '[Game "rummy"]\n[Players "A, B"]\n[Rules "packs=x, count=half, colour=red"]\n',
        [
            (3, 9, "bad value 'x' for Rules key 'packs' (expected a number of packs 1 to 9)"),
            (3, 18, "bad value 'half' for Rules key 'count' (expected life or literal)"),
            (
                3,
                30,
                "unknown Rules key 'colour' (keys for rummy: packs, count, count-cap, "
                "joker-group, limit, rejoins, rejoin-score)",
            ),
        ],
    ),
    (
        '[Game "rummy"]\n[Players "A, B"]\n[Totals "A=3, C=4, B=x"]\n',
        [
            (3, 15, "unknown player 'C' in Totals (players: A, B)"),
            (3, 20, "bad number 'x' for B (expected a whole number)"),
        ],
    ),
    (
        '[Game "rummy"]\n[Players "A, B"]\n[Rules "three-rank=above-jack"]\n',
        [(3, 9, "Rules key 'three-rank' does not apply to rummy")],
    ),
    (
        '[Game "40"]\n[Players "A, B, C, D, E, F"]\n[Rules "packs=2"]\n',
        [(3, 9, "Rules key 'packs' does not apply to 40")],
    ),
]


@pytest.mark.parametrize(("text", "errors"), SESSION_ERRORS)
def test_session_tag_errors_are_exact(text: str, errors: list[tuple[int, int, str]]) -> None:
    assert [(e.line, e.column, e.message) for e in read(text).errors] == errors
