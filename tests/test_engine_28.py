"""28: every finding of the catalogue that applies to 28, broken and kept, and its undertakings.

The base hand below is legal: seat 3 calls 18 with diamonds, seat 4 asks in trick 2, and the
callers take 20 of the 28 points.
"""

from __future__ import annotations

import pytest

from tests.engine_helpers import (
    Broken,
    assert_found_where_it_happened,
    at,
    codes,
    only,
    replay_one,
    where,
)

DEAL = """\
deal 1: JS 9S AS TC KC 6D
deal 2: JH 9H AH TS KS 6C
deal 3: JD 9D AD TH KH 6S
deal 4: JC 9C AC TD KD 6H
deal 5: QS 8S 7S QH 8H 7H
deal 6: QD 8D 7D QC 8C 7C
"""
BID = "bid 1:16 2:17 3:18 4:pass 6:pass 5:pass\n"
TRUMP = "trump AD\n"
TRICKS = [
    "1. 1:JS 2:TS 3:6S 4:6H 5:QS 6:QD\n",
    "2. 1:9S 2:KS 3:KH 4:ask TD 5:8S 6:8D\n",
    "3. 4:JC 5:7S 6:QC 1:TC 2:6C 3:9D\n",
    "4. 3:JD 4:KD 5:7H 6:7D 1:6D 2:AH\n",
    "5. 3:TH 4:9C 5:QH 6:8C 1:KC 2:9H\n",
    "6. 2:JH 3:AD 4:AC 5:8H 6:7C 1:AS\n",
]
HAND = DEAL + BID + TRUMP + "".join(TRICKS)
SEAT_ONE_CALLS = "bid 1:16 2:pass 4:pass 6:pass 3:pass 5:pass\n"

# Seat 3 calls Thani and leads spades; seat 4 holds four of them.
THANI_DEAL = """\
deal 1: JD 9D AD TD KC QC
deal 2: JC 9C AC TC KD QD
deal 3: JS 9S AS JH 9H TH
deal 4: TS KS QS 8S 6C 7C
deal 5: 7S 6S AH KH QH 8H
deal 6: 8D 7D 6D 8C 7H 6H
bid 1:16 2:pass 4:pass 6:pass 3:thani 5:pass
"""
THANI_TRICKS = [
    "1. 3:JS 4:8S 5:6S 6:8C 1:QC 2:QD\n",
    "2. 3:9S 4:QS 5:7S 6:7H 1:KC 2:KD\n",
    "3. 3:AS 4:KS 5:8H 6:6H 1:TD 2:TC\n",
    "4. 3:JH 4:TS 5:QH 6:8D 1:JD 2:JC\n",
]

# Seat 1 holds six diamonds.
SIX_DIAMONDS = THANI_DEAL.replace("JD 9D AD TD KC QC", "JD 9D AD TD KD QD").replace(
    "JC 9C AC TC KD QD", "JC 9C AC TC KC QC"
)

# The odd team holds every diamond.
ODD_DIAMONDS = """\
deal 1: JD 9D AD JS 9S TH
deal 2: AS TS KS QS 8S 6H
deal 3: TD KD QD JH 9H AH
deal 4: 6S KH QH 8H 7H 6C
deal 5: 8D 7D 6D JC 9C AC
deal 6: TC KC QC 8C 7C 7S
"""


BROKEN = [
    Broken("out of turn", DEAL + "bid 1:16 3:17\n", "bid-out-of-turn", None, 3, "3:17", 2),
    Broken("twice", DEAL + BID.strip() + " 2:19\n", "spoke-twice", None, 2, "2:19", 2),
    Broken("first passed", DEAL + "bid 1:pass\n", "first-caller-passed", None, 1, "1:pass", 2),
    Broken("below 16", DEAL + "bid 1:15\n", "bid-too-low", None, 1, "1:15", 2),
    Broken("not above", DEAL + "bid 1:16 2:16\n", "bid-too-low", None, 2, "2:16", 2),
    Broken("above 28", DEAL + "bid 1:29\n", "bid-too-high", None, 1, "1:29", 2),
    Broken(
        "partner in the same band",
        DEAL + "bid 1:16 2:pass 4:pass 6:pass 3:19\n",
        "partner-overcall",
        None,
        3,
        "3:19",
        2,
    ),
    Broken(
        "Thani without Jack and Nine",
        DEAL + "bid 1:16 2:pass 4:pass 6:pass 3:pass 5:thani\n",
        "thani-without-adi",
        None,
        5,
        "5:thani",
        2,
    ),
    Broken(
        "sure Thani",
        DEAL.replace("deal 3: JD 9D AD TH KH 6S", "deal 3: JD 9D AD JS 9S AS").replace(
            "deal 1: JS 9S AS TC KC 6D", "deal 1: TH KH 6S TC KC 6D"
        )
        + "bid 1:16 2:pass 4:pass 6:pass 3:thani 5:pass\n",
        "sure-thani",
        None,
        3,
        "3:thani",
        2,
    ),
    Broken(
        "six of a suit played on",
        SIX_DIAMONDS + "1. 3:JS 4:8S 5:6S 6:8C 1:QD 2:QC\n",
        "missed-redeal",
        None,
        1,
        "deal 1:",
    ),
    Broken(
        "four Jacks played on",
        DEAL.replace("JS 9S AS TC KC 6D", "JS JH JD JC KC 6D")
        .replace("JH 9H AH", "9S 9H AH")
        .replace("JD 9D AD", "AS 9D AD")
        .replace("JC 9C AC", "TC 9C AC")
        + BID
        + TRUMP
        + "1. 1:KC\n",
        "missed-redeal",
        None,
        1,
        "deal 1:",
    ),
    Broken(
        "no same-suit, yet thrown in",
        DEAL + "redeal same-suit\n",
        "unjustified-redeal",
        None,
        None,
        "redeal",
    ),
    Broken(
        "no four Jacks, yet thrown in",
        DEAL + "redeal four-jacks\n",
        "unjustified-redeal",
        None,
        None,
        "redeal",
    ),
    Broken(
        "wrong leader",
        DEAL + BID + TRUMP + "1. 2:TS 3:6S 4:6H 5:QS 6:QD 1:JS\n",
        "lead-out-of-turn",
        1,
        2,
        "2:TS",
        2,
    ),
    Broken(
        "skips a seat",
        DEAL + BID + TRUMP + "1. 1:JS 2:TS 4:6H 3:6S\n",
        "play-out-of-turn",
        1,
        4,
        "4:6H",
        2,
    ),
    Broken(
        "revoke",
        DEAL + BID + TRUMP + "1. 1:JS 2:6C\n",
        "revoke",
        1,
        2,
        "2:6C",
        2,
    ),
    Broken(
        "ask holding the suit",
        DEAL + BID + TRUMP + "1. 1:JS 2:ask TS\n",
        "ask-while-following",
        1,
        2,
        "2:ask",
        2,
    ),
    Broken(
        "show holding the suit",
        DEAL + BID + TRUMP + "1. 1:JS 2:TS 3:show 6S\n",
        "show-while-following",
        1,
        3,
        "3:show",
        2,
    ),
    Broken(
        "ask then no trump",
        DEAL + BID + TRUMP + TRICKS[0] + "2. 1:9S 2:KS 3:KH 4:ask JC\n",
        "failed-to-cut",
        2,
        4,
        "4:ask JC",
        6,
    ),
    Broken(
        "caller leads the hidden trump",
        DEAL + SEAT_ONE_CALLS + "trump KC\n1. 1:TC\n",
        "illegal-trump-lead",
        1,
        1,
        "1:TC",
        2,
    ),
    Broken(
        "caller opens to follow a trump lead",
        DEAL + "bid 1:16 2:pass 4:pass 6:pass 3:20 5:pass\ntrump 6S\n1. 1:JS 2:TS 3:show 6S\n",
        "opened-to-follow",
        1,
        3,
        "3:show",
        2,
    ),
    Broken(
        "kot by a player not leading",
        DEAL + BID + TRUMP + TRICKS[0].replace("3:6S", "3:kot 6S"),
        "kot-not-allowed",
        1,
        3,
        "3:kot",
        2,
    ),
    Broken(
        "kot after a lost round",
        DEAL + BID + TRUMP + "".join(TRICKS[:3]) + TRICKS[3].replace("3:JD", "3:kot JD"),
        "kot-not-allowed",
        4,
        3,
        "3:kot",
        2,
    ),
    Broken(
        "kot by the other team",
        DEAL + BID + TRUMP + "".join(TRICKS[:2]) + TRICKS[2].replace("4:JC", "4:kot?=yes JC"),
        "kot-not-allowed",
        3,
        4,
        "4:kot?",
        2,
    ),
    Broken(
        "kot on 20",
        DEAL + "bid 1:16 2:20 3:pass 5:pass 4:pass 6:pass\ntrump KS\n1. 1:kot JS\n",
        "kot-not-allowed",
        1,
        1,
        "1:kot",
        2,
    ),
    Broken(
        "jodi in 28",
        DEAL + BID + TRUMP + TRICKS[0].replace("1:JS", "1:jodi JS"),
        "action-misplaced",
        1,
        1,
        "1:jodi",
        2,
    ),
    Broken(
        "a Thani with a face-down card",
        THANI_DEAL + "trump JS\n",
        "trump-card",
        None,
        3,
        "trump JS",
    ),
    Broken(
        "cards after a lost Thani",
        THANI_DEAL + "".join(THANI_TRICKS),
        "played-after-end",
        4,
        3,
        "3:JH",
        2,
        count=6,
    ),
    Broken("the record stops", HAND.split("3. ")[0], "unfinished-hand", None, None, "2. 1:9S"),
    Broken(
        "a Result that disagrees",
        HAND,
        "result-mismatch",
        None,
        None,
        "[Result",
        tags='[Result "lost 8"]\n',
    ),
]


@pytest.mark.parametrize("case", BROKEN, ids=lambda case: case.name)
def test_broken_rule_is_found_where_it_happened(case: Broken) -> None:
    assert_found_where_it_happened("28", case)


KEPT = [
    ("the base hand", HAND, None),
    (
        "partner raises a band",
        DEAL + "bid 1:16 2:pass 4:pass 6:pass 3:20 5:pass\n",
        "partner-overcall",
    ),
    ("a Thani with Adi", THANI_DEAL, "thani-without-adi"),
    ("a Thani that can lose", THANI_DEAL, "sure-thani"),
    ("Thani is the top call", DEAL + "bid 1:28 2:thani\n", "bid-too-high"),
    (
        "six of a suit thrown in",
        SIX_DIAMONDS.split("bid")[0] + "redeal same-suit\n",
        "unjustified-redeal",
    ),
    (
        "void caller shows on another suit",
        DEAL + BID + TRUMP + "1. 1:JS 2:TS 3:6S 4:6H 5:QS 6:QD\n2. 1:9S 2:KS 3:show JD\n",
        None,
    ),
    (
        "a trump lead with only trumps",
        "deal 1: JC 9C AC TC KC QC\n" + SEAT_ONE_CALLS + "trump KC\n1. 1:JC\n",
        "illegal-trump-lead",
    ),
    (
        "the face-down card as the last card",
        DEAL
        + "bid 1:16 2:pass 4:pass 6:pass 3:20 5:pass\ntrump 6S\n"
        + "".join(
            f"{n}. 1:- 2:- 3:{card} 4:- 5:- 6:-\n"
            for n, card in enumerate(["JD", "9D", "AD", "TH", "KH"], 1)
        )
        + "6. 1:JS 2:- 3:6S 4:- 5:- 6:-\n",
        "opened-to-follow",
    ),
    (
        "kot by the caller's leader in round 1",
        DEAL + BID + TRUMP + TRICKS[0].replace("1:JS", "1:kot JS"),
        "kot-not-allowed",
    ),
    ("a matching Result", HAND, "result-mismatch"),
]


@pytest.mark.parametrize(("name", "body", "code"), KEPT, ids=[case[0] for case in KEPT])
def test_kept_rule_gives_no_such_finding(name: str, body: str, code: str | None) -> None:
    hand, _ = replay_one("28", body, tags='[Result "made 20"]\n')
    if code is None:
        assert codes(hand.findings) in ([], ["unfinished-hand"])
    else:
        assert code not in codes(hand.findings)


def test_the_base_hand_is_made_with_20() -> None:
    hand, _ = replay_one("28", HAND)
    assert hand.findings == []
    assert (hand.result.caller, hand.result.trump, hand.result.target) == (3, "D", 18)
    assert (hand.result.outcome, hand.result.callers_points) == ("made", 20)
    assert sum(trick.points or 0 for trick in hand.tricks) == 28


def test_thani_is_lost_by_the_starting_suit_rule() -> None:
    hand, _ = replay_one("28", THANI_DEAL + "".join(THANI_TRICKS[:3]))
    assert [trick.winner for trick in hand.tricks] == [3, 3, 3]
    assert (hand.result.special, hand.result.outcome) == ("thani", "lost")
    assert hand.findings == [], "ended by the rule, so the record is not unfinished"


def test_thani_goes_on_when_nobody_else_holds_the_starting_suit() -> None:
    deal = THANI_DEAL.replace("TS KS QS 8S", "8H KS QS 8S").replace("AH KH QH 8H", "AH KH QH TS")
    tricks = "".join(THANI_TRICKS[:3]).replace("5:8H", "5:TS")
    hand, _ = replay_one("28", deal + tricks)
    assert hand.result.outcome == "unfinished" and codes(hand.findings) == ["unfinished-hand"]


def test_kot_lost_at_the_first_round_the_callers_lose() -> None:
    body = DEAL + BID + TRUMP + TRICKS[0].replace("1:JS", "1:kot JS") + "".join(TRICKS[1:])
    hand, _ = replay_one("28", body)
    assert (hand.result.special, hand.result.outcome, hand.result.target) == ("kot", "lost", 28)
    assert codes(hand.findings) == ["played-after-end"] * 24


def test_kot_answered_no_ends_the_hand_made_at_the_call() -> None:
    hand, _ = replay_one("28", DEAL + BID + TRUMP + "1. 1:kot?=no\n")
    assert hand.findings == []
    assert (hand.result.outcome, hand.result.special, hand.result.target) == ("made", None, 18)


def test_other_team_without_trumps_makes_the_hand_void() -> None:
    body = ODD_DIAMONDS + SEAT_ONE_CALLS + "trump 9D\n1. 1:JS 2:AS 3:JH 4:6S 5:JC 6:TC\n"
    hand, text = replay_one("28", body)
    missed = only(hand.findings, "missed-redeal")
    assert missed.seat == 1 and at(missed) == where(text, "deal 1:")
    assert hand.result.outcome == "void"


def test_a_redealt_hand_is_dealt_again_by_the_same_dealer() -> None:
    from tests.engine_helpers import replay_text, tgn

    text = tgn("28", DEAL + "redeal misdeal\n") + '\n[Hand "2"]\n' + HAND
    session = replay_text(text)
    assert [hand.dealer for hand in session.hands] == [6, 6]
    assert session.hands[0].result.outcome == "redeal"
    assert session.hands[1].findings == []


def test_marukott_when_the_other_team_takes_every_round_of_a_16_to_19_call() -> None:
    import random

    from replay.tricks import replay_session
    from replay.tricks.simulate import played_session

    found = 0
    for seed in range(60, 70):
        record, states = played_session("28", random.Random(seed), 1)
        state = states[0]
        callers = None if state.caller is None else state.team(state.caller)
        result = replay_session(record).hands[0].result
        low_call = state.call is not None and state.call.value <= 19 and state.special is None
        if callers is not None and low_call and state.tricks_won[callers] == 0:
            assert (result.special, result.outcome) == ("marukott", "lost")
            found += 1
        else:
            assert result.special != "marukott"
    assert found >= 1
