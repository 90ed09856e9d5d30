"""Canonical text comes back byte for byte; records survive TGN, JSON and files; vendor tags too."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import recorder
from recorder.cards import Call, CallKind, Card, Suit
from recorder.model import Record
from recorder.tgn import TGNError, dump, dumps, from_json, json_schema, load, loads, read, to_json

CASES = Path(__file__).parent / "tgn_cases"
CANONICAL = sorted(CASES.glob("*.tgn"))


def test_the_spec_example_comes_back_byte_for_byte() -> None:
    text = (CASES / "example-40.tgn").read_text(encoding="utf-8")
    record = loads(text, "example-40.tgn")
    assert dumps(record) == text
    assert [hand.number for hand in record.hands] == [1]
    assert record.players[2] == "Chitra" and record.teams == ["Red", "Blue"]


def test_the_spec_example_is_read_into_typed_positioned_nodes() -> None:
    record = loads((CASES / "example-40.tgn").read_text(encoding="utf-8"))
    hand = record.hands[0]
    assert (hand.line, hand.column, hand.dealer, hand.result) == (7, 1, 6, "made 40")
    assert [bid.call for bid in hand.bids] == [
        Call(CallKind.NUMBER, 20),
        Call(CallKind.NUMBER, 22),
        Call(CallKind.NUMBER, 24),
        Call(CallKind.PASS),
        Call(CallKind.PASS),
        Call(CallKind.PASS),
    ]
    assert [(bid.seat, bid.column) for bid in hand.bids][:2] == [(1, 7), (2, 12)]
    assert hand.trump is not None and hand.trump.card == Card("9", Suit.HEARTS)
    second = hand.tricks[1]
    assert (second.number, second.line, second.column) == (2, 19, 1)
    asked = second.turns[1]
    assert (asked.seat, asked.card, asked.line, asked.column) == (2, Card("T", Suit.CLUBS), 19, 15)
    assert [(action.kind, action.column) for action in asked.actions] == [("ask", 11)]
    assert hand.deal_of(4) is not None and hand.deal_of(4).cards[0].column == 9  # type: ignore[union-attr]


@pytest.mark.parametrize("path", CANONICAL, ids=lambda path: path.name)
def test_canonical_files_are_fixed_points(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert dumps(loads(text, path.name)) == text


def test_unknown_tags_are_kept_and_written_back_unchanged() -> None:
    text = (
        '[Game "40"]\n'
        '[Players "A, B, C, D, E, F"]\n'
        '[X-App "tally "2" C:\\path\\to\\file\\"]\n'
        '[Weather "rain ; {not a comment} [at] 9"]\n'
        "\n"
        '[Hand "1"]\n'
        '[Dealer "1"]\n'
        '[Umpire "Mr. K \\\\ sons"] ; the umpire\n'
    )
    record = loads(text)
    assert record.tag("X-App") is not None
    assert record.tag("X-App").value == 'tally "2" C:\\path\\to\\file\\'  # type: ignore[union-attr]
    assert record.tag("Weather").value == "rain ; {not a comment} [at] 9"  # type: ignore[union-attr]
    umpire = record.hands[0].tag("Umpire")
    assert (
        umpire is not None and umpire.value == "Mr. K \\\\ sons" and umpire.remark == "the umpire"
    )
    assert dumps(record) == text


def test_tags_and_body_lines_are_written_in_canonical_order() -> None:
    text = (
        '[Event "Club night"]\n[Rules "retro-trump=no"]\n[X-First "1"]\n'
        '[Players "A, B, C, D, E, F"]\n'
        '[Date "2026-11-28"]\n[Game "40"]\n[X-Second "2"]\n[Teams "Red, Blue"]\n\n'
        '[Hand "1"]\n[Note "n"]\n[Result "lost"]\n[Dealer "1"]\n'
        "penalty Blue 1 slow play\n1. 2:JS\ntrump -\n2. 3:QS\nbid 2:20\ndeal 6: 7C\ndeal 2: JS\n"
    )
    assert dumps(loads(text)) == (
        '[Game "40"]\n[Players "A, B, C, D, E, F"]\n[Teams "Red, Blue"]\n[Event "Club night"]\n'
        '[Date "2026-11-28"]\n[Rules "retro-trump=no"]\n[X-First "1"]\n[X-Second "2"]\n\n'
        '[Hand "1"]\n[Dealer "1"]\n[Result "lost"]\n[Note "n"]\n'
        "deal 2: JS\ndeal 6: 7C\nbid 2:20\ntrump -\n1. 2:JS\n2. 3:QS\npenalty Blue 1 slow play\n"
    )


def test_pair_lines_stay_after_the_trick_they_follow() -> None:
    body = "1. 1:JS\npair 3\n2. 2:9S\n3. 3:AS\npair 1\n"
    text = f'[Game "29"]\n[Players "A, B, C, D"]\n\n[Hand "1"]\n[Dealer "4"]\n{body}'
    hand = loads(text).hands[0]
    assert [(pair.seat, pair.after_trick) for pair in hand.pairs] == [(3, 1), (1, 3)]
    assert dumps(loads(text)) == text


def test_json_round_trip_keeps_everything_positions_included() -> None:
    for path in CANONICAL:
        record = loads(path.read_text(encoding="utf-8"))
        again = from_json(to_json(record))
        assert again == record
        assert again.model_dump() == record.model_dump()  # positions too
        assert json.loads(to_json(record, indent=2)) == json.loads(record.model_dump_json())


def test_json_schema_is_json_with_the_model_definitions() -> None:
    schema = json.loads(json_schema())
    assert schema["title"] == "Record"
    assert {
        "Hand",
        "Tag",
        "DealLine",
        "Bidding",
        "Bid",
        "TrumpLine",
        "Trick",
        "Turn",
        "Action",
    } <= set(schema["$defs"])
    assert schema["$defs"]["Turn"]["properties"]["card"]["anyOf"][0]["pattern"].startswith("^[J39")
    assert schema == Record.model_json_schema()


def test_load_and_dump_take_paths_and_open_files(tmp_path: Path) -> None:
    record = loads((CASES / "rubber-29.tgn").read_text(encoding="utf-8"))
    target = tmp_path / "out.tgn"
    dump(record, target)
    assert target.read_bytes() == (CASES / "rubber-29.tgn").read_bytes()
    assert load(target) == record
    assert load(str(target)) == record
    with open(target, "rb") as binary:
        assert load(binary) == record
    with open(target, encoding="utf-8") as text:
        assert load(text) == record
    buffer = io.BytesIO()
    dump(record, buffer)
    assert buffer.getvalue() == target.read_bytes()
    written = io.StringIO()
    dump(record, written)
    assert written.getvalue() == target.read_text(encoding="utf-8")


def test_load_reports_the_path_in_its_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.tgn"
    bad.write_text(
        '[Game "40"]\n[Players "A, B, C, D, E, F"]\n\n[Hand "1"]\n[Dealer "1"]\n1. 1:ZS\n'
    )
    with pytest.raises(TGNError) as raised:
        load(bad)
    assert [str(error) for error in raised.value.errors] == [
        f"{bad}:6:6: unknown card 'ZS' (ranks J 3 9 A T K Q 8 7)"
    ]
    assert str(raised.value) == f"{bad}:6:6: unknown card 'ZS' (ranks J 3 9 A T K Q 8 7)"


def test_the_package_re_exports_the_api() -> None:
    assert recorder.read is read and recorder.loads is loads and recorder.dumps is dumps
    assert recorder.TGNError is TGNError
    result = recorder.read_bytes((CASES / "example-40.tgn").read_bytes(), "example-40.tgn")
    assert result.ok and result.record is not None and len(result.record.hands) == 1
