"""Every lenient input form is read, and written back as the exact canonical text."""

from __future__ import annotations

import pytest

from recorder.tgn import dumps, loads, read, read_bytes

SESSION = {
    "40": '[Game "40"]\n[Players "A, B, C, D, E, F"]\n[Teams "Red, Blue"]\n',
    "28": '[Game "28"]\n[Players "A, B, C, D, E, F"]\n[Teams "Red, Blue"]\n',
    "29": '[Game "29"]\n[Players "A, B, C, D"]\n[Teams "Red, Blue"]\n',
}
HAND = '\n[Hand "1"]\n[Dealer "6"]\n'


def canonical_body(game: str, body: str) -> str:
    """The canonical text of a one-hand session around ``body``, without the tags."""
    dealer = HAND if game != "29" else HAND.replace('"6"', '"4"')
    text = dumps(loads(SESSION[game] + dealer + body))
    prefix = SESSION[game] + dealer
    assert text.startswith(prefix)
    return text[len(prefix) :]


@pytest.mark.parametrize(
    ("game", "lenient", "canonical"),
    [
        ("40", "1. 1:js 2:kh 3:as 4:Ks 5:qS 6:QC\n", "1. 1:JS 2:KH 3:AS 4:KS 5:QS 6:QC\n"),
        ("40", "1. 1:10S 2:10h 3:AS\n", "1. 1:TS 2:TH 3:AS\n"),
        ("40", "1. 1:J♠ 2:K♥ 3:A♦ 4:7♣ 5:9♥\ufe0f\n", "1. 1:JS 2:KH 3:AD 4:7C 5:9H\n"),
        ("40", "bid 1:20 2:p 3:P 4:PASS\n", "bid 1:20 2:pass 3:pass 4:pass\n"),
        ("40", "bid 1:20 2:30 3:31 4:40 5:h 6:h3\n", "bid 1:20 2:H 3:H1 4:H10 5:H 6:H3\n"),
        ("28", "bid 1:16 2:adi 3:THANI\n", "bid 1:16 2:thani 3:thani\n"),
        ("40", "1. JS KH AS KS QS QC\n", "1. JS KH AS KS QS QC\n"),
        ("40", "1. 1:JS 2: KH 3:\tAS\n", "1. 1:JS 2:KH 3:AS\n"),
        ("40", "1.   1:JS\t\t2:KH    3:AS  \n", "1. 1:JS 2:KH 3:AS\n"),
        ("40", "1.1:JS 2:KH\n", "1. 1:JS 2:KH\n"),
        ("40", "DEAL 1: js 3s\nBid 1:20\nTRUMP 9h\n", "deal 1: JS 3S\nbid 1:20\ntrump 9H\n"),
        ("40", "deal 1:JS 3S\ndeal 2 JC 3C\n", "deal 1: JS 3S\ndeal 2: JC 3C\n"),
        ("40", "bid 1:20 2:22\nbid 3:24\nbid 4:pass\n", "bid 1:20 2:22 3:24 4:pass\n"),
        ("40", "trump ?h\n", "trump ?H\n"),
        ("40", "trump ?♦\n", "trump ?D\n"),
        ("40", "1. 1:3S 2:ASK TC 3:Show 9H\n", "1. 1:3S 2:ask TC 3:show 9H\n"),
        ("40", "1. 1:JODI JS 2:Jodi?=YES KH\n", "1. 1:jodi JS 2:jodi?=yes KH\n"),
        ("28", "1. 3:KOT JS 4:7S\n2. 3:Kot?=No\n", "1. 3:kot JS 4:7S\n2. 3:kot?=no\n"),
        ("40", "1. 1:js! 2:kh?? 3:^as!? 4:-\n", "1. 1:JS! 2:KH?? 3:^AS!? 4:-\n"),
        ("40", "redeal NO-POINTS\n", "redeal no-points\n"),
        ("28", "penalty red   1  bid   out of turn\n", "penalty Red 1 bid out of turn\n"),
        ("29", "deal 2: JS 9S AH TH KD 7C 8D QC\n", "deal 2: JS 9S AH TH | KD 7C 8D QC\n"),
        ("29", "deal 2: JS 9S AH TH|KD 7C 8D QC\n", "deal 2: JS 9S AH TH | KD 7C 8D QC\n"),
        ("29", "deal 2: js 9s ah th |kd\n", "deal 2: JS 9S AH TH | KD\n"),
        ("29", "deal 2: JS - AH TH | - - - -\n", "deal 2: JS - AH TH | - - - -\n"),
        ("29", "1. 1:JS\nPAIR 3\n", "1. 1:JS\npair 3\n"),
        ("40", "1. 1:JS 2:KH *\n2. 3:QS\n", "1. 1:JS 2:KH *\n2. 3:QS\n"),
    ],
)
def test_lenient_forms_become_canonical(game: str, lenient: str, canonical: str) -> None:
    assert canonical_body(game, lenient) == canonical


def test_lines_in_another_order_are_put_in_canonical_order() -> None:
    body = (
        "1. 1:JS\npenalty Blue 2 slow\ntrump 9H\n2. 2:KH\ndeal 3: AS\nredeal no-trump\nbid 1:20\n"
    )
    expected = (
        "deal 3: AS\nbid 1:20\ntrump 9H\nredeal no-trump\n1. 1:JS\n2. 2:KH\npenalty Blue 2 slow\n"
    )
    assert canonical_body("40", body) == expected


def test_hand_tags_after_the_body_and_in_any_case_are_placed_first() -> None:
    text = (
        SESSION["40"] + '\n[hand "1"]\n1. 1:JS\n[RESULT "Made  26"]\n[dealer " 6 "]\n[note "x"]\n'
    )
    assert dumps(loads(text)) == (
        SESSION["40"] + '\n[Hand "1"]\n[Dealer "6"]\n[Result "made 26"]\n[Note "x"]\n1. 1:JS\n'
    )


def test_session_tags_in_any_order_and_case_are_written_in_table_order() -> None:
    text = '[teams "Red, Blue"]\n[GAME " 40 "]\n[Players "A, B, C, D, E, F"]\n'
    assert dumps(loads(text)) == SESSION["40"]


def test_crlf_bom_and_missing_final_newline_are_accepted() -> None:
    text = (SESSION["40"] + HAND + "1. 1:JS 2:KH").replace("\n", "\r\n")
    expected = SESSION["40"] + HAND + "1. 1:JS 2:KH\n"
    assert dumps(loads("\ufeff" + text)) == expected
    result = read_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert result.record is not None and not result.errors
    assert dumps(result.record) == expected


def test_old_mac_line_ends_count_as_lines() -> None:
    result = read((SESSION["40"] + HAND + "1. 1:ZS\n").replace("\n", "\r"))
    assert [(error.line, error.column) for error in result.errors] == [(7, 6)]


def test_omitted_seats_are_left_for_the_engine() -> None:
    hand = loads(SESSION["40"] + HAND + "1. JS 2:KH AS\n").hands[0]
    assert [turn.seat for turn in hand.tricks[0].turns] == [None, 2, None]
