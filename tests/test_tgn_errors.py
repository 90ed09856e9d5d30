"""Broken inputs: every problem is reported with its exact line, column and message, not raised."""

from __future__ import annotations

from typing import Any

import pytest

from recorder.tgn import ReadError, TGNError, loads, read, read_bytes
from recorder.tgn.errors import MAX_ERRORS, MAX_ERRORS_PER_LINE

S40 = '[Game "40"]\n[Players "A, B, C, D, E, F"]\n[Teams "Red, Blue"]\n'
S28 = S40.replace('"40"', '"28"')
S29 = '[Game "29"]\n[Players "A, B, C, D"]\n[Teams "Red, Blue"]\n'
H = '\n[Hand "1"]\n[Dealer "6"]\n'  # the body starts on line 7 after S40
RANKS_40 = "(ranks J 3 9 A T K Q 8 7)"
ACTIONS = "ask, show, jodi, jodi?=yes, jodi?=no, kot, kot?=yes or kot?=no"
EMPTY = "empty file: a TGN file needs at least a [Game] and a [Players] tag"

KEYWORDS = "deal, bid, trump, a trick number such as 1., pair, redeal or penalty"
KEYS_40 = (
    "three-rank, retro-trump, thani-lead, flag-carry, coolies.20-24, coolies.25-29, "
    "coolies.honours, coolies.h5-h9, coolies.h10, coolies.jodi, coolies.thani"
)
THREE_RANK = "below-jack or equal-first or above-jack"
REASONS = "no-points, no-trump, same-suit, four-jacks, misdeal, all-passed"
NO_CARD = "has no card (only a turn ending with jodi?=no or kot?=no has none)"
TEAMS = 'expected two different names, team 1 first, such as "Red, Blue"'


def case(name: str, text: str, *errors: tuple[int, int, str]) -> tuple[str, str, list[Any]]:
    return name, text, list(errors)


BROKEN = [
    case("unknown card", S40 + H + "1. 1:JS 2:ZS\n", (7, 11, f"unknown card 'ZS' {RANKS_40}")),
    case(
        "a glyph mark before the card",
        S40 + H + "1. 1:JS 2:?D 3:!9S!\n",
        (7, 11, f"unknown card '?D' {RANKS_40}"),
        (7, 16, f"unknown card '!9S' {RANKS_40}"),
    ),
    case(
        "card outside the pack",
        S40 + H + "deal 1: JS 6H\n",
        (7, 12, f"card '6H' is not in the pack of 40 {RANKS_40}"),
    ),
    case("seat outside", S40 + H + "1. 1:JS 7:KH\n", (7, 9, "seat 7 outside 1..6")),
    case(
        "unknown action",
        S40 + H + "1. 1:JS 2:asks KH\n",
        (7, 11, f"unknown action 'asks' (expected {ACTIONS})"),
    ),
    case(
        "unknown keyword",
        S40 + H + "dael 1: JS\n",
        (7, 1, f"unknown keyword 'dael' (expected {KEYWORDS})"),
    ),
    case(
        "unknown call",
        S40 + H + "bid 1:20 2:xx\n",
        (7, 12, "unknown call 'xx' (expected pass, thani, a number, H, H1 ... H10)"),
    ),
    case(
        "Honours in 28",
        S28 + H + "bid 1:16 2:H\n",
        (7, 12, "unknown call 'H' (expected pass, thani, a number)"),
    ),
    case(
        "unknown Rules key",
        S40 + '[Rules "three-rank=equal-first, colour=red"]\n',
        (4, 33, f"unknown Rules key 'colour' (keys for 40: {KEYS_40})"),
    ),
    case(
        "bad Rules value",
        S40 + '[Rules "three-rank=bogus"]\n',
        (4, 9, f"bad value 'bogus' for Rules key 'three-rank' (expected {THREE_RANK})"),
    ),
    case(
        "Rules item without =",
        S29 + '[Rules "min-bid"]\n',
        (4, 9, "bad Rules item 'min-bid' (expected key=value)"),
    ),
    case(
        "missing Game",
        '[Players "A, B, C, D, E, F"]\n',
        (1, 1, 'missing [Game] tag (expected a line such as [Game "40"])'),
    ),
    case(
        "unknown game",
        '[Game "41"]\n[Players "A, B, C, D, E, F"]\n',
        (1, 8, "unknown game '41' (expected 40, 28, 29 or rummy)"),
    ),
    case(
        "wrong number of Players",
        '[Game "29"]\n[Players "A, B, C, D, E, F"]\n',
        (2, 11, "wrong number of Players: 6 for 29 (expected 4)"),
    ),
    case(
        "Teams not two names",
        S40.replace("Red, Blue", "Red"),
        (3, 9, f"bad Teams 'Red' ({TEAMS})"),
    ),
    case(
        "trick number out of order",
        S40 + H + "1. 1:JS\n3. 1:KS\n",
        (8, 1, "trick 3 out of order (expected 2.: tricks count 1., 2., ...)"),
    ),
    case(
        "trick number not a number",
        S40 + H + "one. 1:JS\n",
        (7, 1, "bad trick number 'one.' (expected 1., 2., 3., ...)"),
    ),
    case(
        "trick number without its dot",
        S40 + H + "1 1:JS\n",
        (7, 1, "bad trick number '1' (expected 1., 2., 3., ...)"),
    ),
    case(
        "unclosed brace",
        S40 + H + "1. 1:JS {oops 2:KH\n",
        (7, 9, "unclosed '{': a comment must end with '}' and may not contain one"),
    ),
    case(
        "stray closing brace",
        S40 + H + "1. 1:JS } 2:KH\n",
        (7, 9, "unexpected '}' with no '{' before it"),
    ),
    case(
        "hand tag before any hand",
        S40 + '[Dealer "3"]\n',
        (4, 1, "[Dealer] is a hand tag: it must follow a [Hand] tag"),
    ),
    case(
        "Result before any hand",
        S40 + '[Result "made"]\n',
        (4, 1, "[Result] is a hand tag: it must follow a [Hand] tag"),
    ),
    case(
        "hand numbers not counting",
        S40 + H + '\n[Hand "3"]\n',
        (8, 8, 'hand 3 out of order: expected [Hand "2"] (hands count 1, 2, 3, ...)'),
    ),
    case(
        "hand number not a number",
        S40 + '\n[Hand "one"]\n[Dealer "1"]\n',
        (5, 8, "bad hand number 'one' (expected [Hand \"1\"])"),
    ),
    case(
        "Dealer missing on hand 1",
        S40 + '\n[Hand "1"]\n',
        (5, 1, 'hand 1 needs a [Dealer] tag (the dealer\'s seat, such as [Dealer "6"])'),
    ),
    case(
        "Dealer not a seat",
        S40 + '\n[Hand "1"]\n[Dealer "7"]\n',
        (6, 10, "bad Dealer '7' (expected a seat 1..6)"),
    ),
    case(
        "bad Date",
        S40 + '[Date "28-11-2026"]\n',
        (4, 8, "bad Date '28-11-2026' (expected YYYY-MM-DD, such as 2026-11-28)"),
    ),
    case(
        "impossible Date",
        S40 + '[Date "2026-02-30"]\n',
        (4, 8, "bad Date '2026-02-30' (expected YYYY-MM-DD, such as 2026-11-28)"),
    ),
    case(
        "malformed tag line",
        S40 + "[Event Club night]\n",
        (4, 1, "malformed tag line '[Event Club night]' (expected [Name \"value\"])"),
    ),
    case(
        "text after a tag",
        S40 + '[Event "x"] y\n',
        (4, 13, "unexpected 'y' after the tag (a tag line holds one tag)"),
    ),
    case(
        "body line before any hand",
        S40 + "deal 1: JS\n",
        (4, 1, "'deal' before the first [Hand] tag (body lines belong to a hand)"),
    ),
    case(
        "session tag inside a hand",
        S40 + H + '[Event "x"]\n',
        (7, 1, "[Event] is a session tag: it must come before the first [Hand]"),
    ),
    case(
        "second Game tag",
        S40 + '[Game "28"]\n',
        (4, 1, "second [Game] tag (the first is on line 1)"),
    ),
    case(
        "redeal reason",
        S40 + H + "redeal bored\n",
        (7, 8, f"unknown redeal reason 'bored' (expected one of {REASONS})"),
    ),
    case(
        "penalty team",
        S28 + H + "penalty Green 1 revoke\n",
        (7, 9, "unknown team 'Green' in penalty (teams: Red, Blue)"),
    ),
    case(
        "penalty points",
        S28 + H + "penalty Red x revoke\n",
        (7, 13, "bad penalty points 'x' (expected a whole number)"),
    ),
    case(
        "jodi? without answer",
        S40 + H + "1. 1:JS 2:jodi? KH\n",
        (7, 11, "'jodi?' needs its answer: jodi?=yes or jodi?=no"),
    ),
    case(
        "kot? with a bad answer",
        S28 + H + "1. 1:kot?=maybe JS\n",
        (7, 6, "'kot?=maybe' needs its answer: kot?=yes or kot?=no"),
    ),
    case(
        "two cards in a turn",
        S40 + H + "1. 1:JS 2:KH,AS\n",
        (7, 11, "two cards in one turn 'KH,AS' (a turn has exactly one card)"),
    ),
    case(
        "turn without a card", S40 + H + "1. 1:JS 2:ask 3:KH\n", (7, 9, f"seat 2's turn {NO_CARD}")
    ),
    case(
        "bad glyph",
        S40 + H + "1. 1:JS!!! 2:KH\n",
        (7, 8, "bad glyph '!!!' (expected one of ! ? !! ?? !? ?!)"),
    ),
    case(
        "card after the star",
        S40 + H + "1. 1:JS * 2:KH\n",
        (7, 11, "unexpected '2:KH' after '*' (the '*' ends the trick line)"),
    ),
    case(
        "Coolies naming an unknown team",
        S40 + '[Coolies "Red=2, Green=1"]\n',
        (4, 18, "unknown team 'Green' in Coolies (teams: Red, Blue)"),
    ),
    case(
        "Flags not a number",
        S40 + '[Flags "Red=1, Blue=two"]\n',
        (4, 16, "bad number 'two' for Blue (expected a whole number)"),
    ),
    case("Points in 40", S40 + '[Points "Red=1"]\n', (4, 10, "[Points] is for 28 and 29, not 40")),
    case(
        "bar in a 40 deal",
        S40 + H + "deal 1: JS 3S | 9S\n",
        (7, 15, "'|' in a deal line: 40 deals no cards before the calling"),
    ),
    case(
        "bar in the wrong place",
        S29 + H.replace('"6"', '"4"') + "deal 1: JS 9S AS | TS\n",
        (7, 18, "'|' after 3 cards (it comes after the first 4)"),
    ),
    case(
        "second trump line",
        S40 + H + "trump 9H\ntrump 9H\n",
        (8, 1, "second trump line in this hand (the first is on line 7)"),
    ),
    case(
        "second deal line for a seat",
        S40 + H + "deal 1: JS\ndeal 1: 3S\n",
        (8, 1, "second deal line for seat 1 in this hand (the first is on line 7)"),
    ),
    case(
        "call without its seat",
        S40 + H + "bid 20\n",
        (7, 5, "call '20' without its seat (expected seat:call, such as 1:20)"),
    ),
    case(
        "trump without a card",
        S40 + H + "trump\n",
        (7, 1, "trump line without a card (expected trump 9H, trump ?H or trump -)"),
    ),
    case(
        "control character",
        S40 + H + "1. 1:JS \x07 2:KH\n",
        (7, 9, "unexpected control character U+0007: a TGN file is text"),
    ),
    case(
        "binary junk",
        S40 + H + "1. 1:JS \x00\x01\x02 2:KH\n",
        (7, 9, "binary data (a NUL byte): a TGN file is UTF-8 text"),
    ),
    case("empty file", "", (1, 1, EMPTY)),
    case("blank and comment lines only", "\n  \n; nothing here\n\t\n", (1, 1, EMPTY)),
]


@pytest.mark.parametrize(
    ("text", "expected"), [case[1:] for case in BROKEN], ids=[case[0] for case in BROKEN]
)
def test_each_problem_is_reported_exactly(text: str, expected: list[tuple[int, int, str]]) -> None:
    result = read(text, "bad.tgn")
    assert [(error.line, error.column, error.message) for error in result.errors] == expected
    with pytest.raises(TGNError) as raised:
        loads(text, "bad.tgn")
    assert raised.value.errors == result.errors


def test_read_error_prints_like_a_compiler() -> None:
    error = ReadError("hands.tgn", 14, 9, "unknown card 'ZS' (ranks J 3 9 A T K Q 8 7)")
    assert str(error) == "hands.tgn:14:9: unknown card 'ZS' (ranks J 3 9 A T K Q 8 7)"


def test_meaningless_session_gives_no_record_but_every_hand_problem() -> None:
    hands = '\n[Hand "1"]\n[Dealer "6"]\n1. 1:JS 2:ZZ\n\n[Hand "2"]\n1. 9:JS\n'
    text = '[Players "A, B, C, D, E, F"]\n' + hands
    result = read(text)
    assert result.record is None
    assert [(error.line, error.column, error.message) for error in result.errors] == [
        (1, 1, 'missing [Game] tag (expected a line such as [Game "40"])'),
        (5, 11, "unknown card 'ZZ' (ranks J 3 9 A T K Q 8 7 6)"),
        (8, 4, "seat 9 outside 1..6"),
    ]


def test_hands_are_read_against_the_known_game_even_when_the_players_are_wrong() -> None:
    text = '[Game "29"]\n[Players "A, B"]\n\n[Hand "1"]\n[Dealer "4"]\n1. 1:6S 5:JS\n'
    result = read(text)
    assert result.record is None
    assert [(error.line, error.column, error.message) for error in result.errors] == [
        (2, 11, "wrong number of Players: 2 for 29 (expected 4)"),
        (6, 6, "card '6S' is not in the pack of 29 (ranks J 9 A T K Q 8 7)"),
        (6, 9, "seat 5 outside 1..4"),
    ]


def test_one_bad_hand_does_not_stop_the_good_ones() -> None:
    hands = [f'\n[Hand "{n}"]\n[Dealer "{n}"]\n1. {n}:JS {n % 6 + 1}:KH\n' for n in range(1, 5)]
    hands[1] = hands[1].replace("KH", "XX")
    result = read(S40 + "".join(hands))
    assert [str(error) for error in result.errors] == [
        "<string>:11:11: unknown card 'XX' (ranks J 3 9 A T K Q 8 7)"
    ]
    assert result.record is not None
    assert [hand.number for hand in result.record.hands] == [1, 3, 4]
    assert [hand.dealer for hand in result.record.hands] == [1, 3, 4]


def test_a_broken_hand_tag_spoils_only_its_own_hand() -> None:
    hands = [f'\n[Hand "{n}"]\n[Dealer "1"]\n1. 1:JS\n' for n in range(1, 5)]
    hands[1] = hands[1].replace('[Hand "2"]', "[Hand 2]")
    hands[2] = hands[2].replace('[Hand "3"]', '[Hand "3"] junk')
    result = read(S40 + "".join(hands))
    assert [(error.line, error.column) for error in result.errors] == [(9, 1), (13, 12)]
    assert result.errors[0].message == "malformed tag line '[Hand 2]' (expected [Name \"value\"])"
    assert result.record is not None
    assert [hand.number for hand in result.record.hands] == [1, 4]


def test_a_session_tag_error_keeps_the_hands_and_leaves_the_bad_tag_out() -> None:
    result = read(S40 + '[Date "yesterday"]\n' + H + "1. 1:JS\n")
    assert [error.message[:8] for error in result.errors] == ["bad Date"]
    assert result.record is not None and result.record.tag("Date") is None
    assert len(result.record.hands) == 1


def test_every_problem_of_a_line_is_reported_up_to_a_cap() -> None:
    cards = " ".join(f"{seat}:Z{seat}" for seat in range(1, 7)) + " 1:Q1 2:Q2"
    result = read(S40 + H + f"1. {cards}\n")
    assert len(result.errors) == MAX_ERRORS_PER_LINE + 1
    assert result.errors[0].message == f"unknown card 'Z1' {RANKS_40}"
    last = result.errors[-1]
    assert (last.line, last.column, last.message) == (7, 31, "... and 3 more on this line")


def test_the_errors_of_a_file_are_capped_and_counted() -> None:
    body = "".join(f"{n}. 1:ZS\n" for n in range(1, 301))
    result = read(S40 + H + body)
    assert len(result.errors) == MAX_ERRORS + 1
    assert result.errors[MAX_ERRORS - 1].line == 7 + MAX_ERRORS - 1
    last = result.errors[-1]
    assert (last.line, last.column, last.message) == (7 + MAX_ERRORS, 8, "... and 200 more errors")


def test_reading_stops_when_a_text_is_hopeless() -> None:
    body = "1. " + " ".join(["ZS"] * 5) + "\n"  # 5 bad cards, and from line 8 a trick out of order
    result = read(S40 + H + body * 5000)
    assert len(result.errors) == MAX_ERRORS + 1
    last = result.errors[-1]
    # 5 problems on line 7, then 6 a line: 1001 after line 173, of which 100 are shown or summed up
    assert last.message == "... and 901 more errors (too many: reading stopped at line 174)"


def test_a_ten_megabyte_line_gives_one_clear_error() -> None:
    line = "1. " + "1:JS 2:KH " * 1_048_576
    result = read(S40 + H + line + "\n")
    assert len(result.errors) == 1
    error = result.errors[0]
    assert (error.line, error.column) == (7, 1)
    assert error.message == (
        f"line too long: {len(line)} characters (at most 100000); "
        "it is skipped: '1. 1:JS 2:KH 1:JS 2:KH 1:JS 2:KH 1:JS...'"
    )
    assert result.record is not None and result.record.hands == []


def test_non_utf8_bytes_give_one_error_at_their_line_and_column() -> None:
    data = (S40 + H + "1. 1:JS 2:KH ; café\n").encode("utf-8") + b"2. 1:\xff\xfeS\n"
    result = read_bytes(data, "latin.tgn")
    assert result.record is None
    offset = data.index(b"\xff")
    assert [str(error) for error in result.errors] == [
        f"latin.tgn:8:6: not UTF-8: byte 0xFF at offset {offset} cannot be decoded "
        "(a TGN file is UTF-8 text)"
    ]


def test_the_column_of_a_bad_byte_counts_characters_not_bytes() -> None:
    result = read_bytes('[Note "née\u00e9"]'.encode() + b"\x80", "x.tgn")
    assert [(error.line, error.column) for error in result.errors] == [(1, 14)]


def test_utf16_text_is_named() -> None:
    result = read_bytes(S40.encode("utf-16"), "wide.tgn")
    assert [str(error) for error in result.errors] == [
        "wide.tgn:1:1: the file is UTF-16 text: save it as UTF-8"
    ]


def test_random_binary_junk_is_one_error() -> None:
    junk = bytes((n * 7919 + 13) % 256 for n in range(100_000))
    result = read_bytes(junk, "junk.bin")
    assert result.record is None and len(result.errors) == 1
    assert result.errors[0].message.startswith("not UTF-8: byte 0x")
