"""29: the rotating auction, the face-down card, the pair and the last-trick point, broken and kept.

The base hand is legal: seat 1 bids 18 and puts down 9H from his first four; seat 4 asks in
trick 1; seat 3 declares King and Queen of hearts after trick 4, so the callers need 18 - 4,
but never less than the minimum bid, 16.
"""

from __future__ import annotations

import pytest

from tests.engine_helpers import (
    Broken,
    assert_found_where_it_happened,
    codes,
    replay_one,
)

DEAL = """\
deal 1: JH 9H AS TS | JD 9D 7C 8C
deal 2: JS 9S KS QS | AD TD 8D 7D
deal 3: KH QH AC 7S | 8S KD QD TC
deal 4: AH TH 8H 7H | JC 9C KC QC
"""
BID = "bid 1:16 2:17 3:pass 4:pass 1:18 2:pass\n"
TRUMP = "trump 9H\n"
TRICKS = [
    "1. 1:JD 2:7D 3:QD 4:ask 7H\n",
    "2. 4:JC 1:7C 2:8D 3:TC\n",
    "3. 4:9C 1:8C 2:TD 3:AC\n",
    "4. 4:KC 1:JH 2:AD 3:KD\npair 3\n",
    "5. 1:AS 2:QS 3:7S 4:QC\n",
    "6. 1:TS 2:JS 3:8S 4:8H\n",
    "7. 4:AH 1:9H 2:9S 3:QH\n",
    "8. 1:9D 2:KS 3:KH 4:TH\n",
]
HAND = DEAL + BID + TRUMP + "".join(TRICKS)
NO_PAIR = HAND.replace("pair 3\n", "")


BROKEN = [
    Broken("out of rotation", DEAL + "bid 2:16\n", "bid-out-of-turn", None, 2, "2:16", 2),
    Broken(
        "after passing",
        DEAL + "bid 1:16 2:pass 3:17 4:pass 2:18\n",
        "bid-out-of-turn",
        None,
        2,
        "2:18",
        2,
    ),
    Broken("below 16", DEAL + "bid 1:15\n", "bid-too-low", None, 1, "1:15", 2),
    Broken("below 15", DEAL + "bid 1:14\n", "bid-too-low", None, 1, "1:14", 2, "min-bid=15"),
    Broken("not above", DEAL + "bid 1:17 2:17\n", "bid-too-low", None, 2, "2:17", 2),
    Broken("above 28", DEAL + "bid 1:29\n", "bid-too-high", None, 1, "1:29", 2),
    Broken("no Thani in 29", DEAL + "bid 1:thani\n", "bid-too-high", None, 1, "1:thani", 2),
    Broken(
        "everyone passed, played on",
        DEAL + "bid 1:pass 2:pass 3:pass 4:pass\n1. 1:JD\n",
        "missed-redeal",
        None,
        None,
        "bid 1:pass",
    ),
    Broken(
        "thrown in though a call stood",
        DEAL + BID + "redeal all-passed\n",
        "unjustified-redeal",
        None,
        None,
        "redeal",
    ),
    Broken(
        "thrown in though all had points",
        DEAL + "redeal no-points\n",
        "unjustified-redeal",
        None,
        None,
        "redeal",
    ),
    Broken(
        "face-down card from the last four",
        DEAL + BID + "trump 9D\n",
        "trump-card",
        None,
        1,
        "trump 9D",
    ),
    Broken(
        "not the seventh card",
        DEAL + BID + TRUMP,
        "trump-card",
        None,
        1,
        "trump 9H",
        0,
        "seventh-card=yes",
    ),
    Broken(
        "face-down card before the reveal",
        DEAL + BID + TRUMP + "1. 1:9H\n",
        "face-down-too-early",
        1,
        1,
        "1:9H",
        2,
    ),
    Broken(
        "pair before the reveal",
        DEAL + BID + TRUMP + "1. 1:JD 2:7D 3:QD 4:7H\npair 3\n",
        "pair-invalid",
        1,
        3,
        "pair 3",
    ),
    Broken(
        "pair before the team won a trick since the reveal",
        DEAL + BID + TRUMP + TRICKS[0] + "pair 3\n",
        "pair-invalid",
        1,
        3,
        "pair 3",
    ),
    Broken(
        "pair without the cards",
        NO_PAIR.replace("3:KD\n", "3:KD\npair 1\n"),
        "pair-invalid",
        4,
        1,
        "pair 1",
    ),
    Broken(
        "a second pair",
        HAND.replace("3:7S 4:QC\n", "3:7S 4:QC\npair 3\n"),
        "pair-invalid",
        5,
        3,
        "4:QC\npair 3",
        5,
    ),
    Broken(
        "revoke",
        DEAL + BID + TRUMP + "1. 1:JD 2:KS\n",
        "revoke",
        1,
        2,
        "2:KS",
        2,
    ),
    Broken(
        "wrong leader",
        DEAL + BID + TRUMP + "1. 2:7D\n",
        "lead-out-of-turn",
        1,
        2,
        "2:7D",
        2,
    ),
    Broken(
        "skips a seat",
        DEAL + BID + TRUMP + "1. 1:JD 3:QD\n",
        "play-out-of-turn",
        1,
        3,
        "3:QD",
        2,
    ),
    Broken(
        "ask holding the suit",
        DEAL + BID + TRUMP + "1. 1:JD 2:ask 7D\n",
        "ask-while-following",
        1,
        2,
        "2:ask",
        2,
    ),
    Broken(
        "ask then no trump",
        DEAL + BID + TRUMP + "1. 1:JD 2:7D 3:QD 4:ask JC\n",
        "failed-to-cut",
        1,
        4,
        "4:ask JC",
        6,
    ),
    Broken(
        "show by another player",
        DEAL + BID + TRUMP + "1. 1:JD 2:7D 3:QD 4:show 7H\n",
        "action-misplaced",
        1,
        4,
        "4:show",
        2,
    ),
    Broken(
        "show holding the suit",
        DEAL + BID + TRUMP + "1. 1:7C 2:8D 3:TC 4:JC\n2. 4:9C 1:show 8C\n",
        "show-while-following",
        2,
        1,
        "1:show",
        2,
    ),
    Broken("the record stops", NO_PAIR.split("6. ")[0], "unfinished-hand", None, None, "5. 1:AS"),
]


@pytest.mark.parametrize("case", BROKEN, ids=lambda case: case.name)
def test_broken_rule_is_found_where_it_happened(case: Broken) -> None:
    assert_found_where_it_happened("29", case)


KEPT = [
    ("the base hand", HAND, None, ""),
    ("minimum 15 by the switch", DEAL + "bid 1:15\n", "bid-too-low", "min-bid=15"),
    (
        "all passed, thrown in",
        DEAL + "bid 1:pass 2:pass 3:pass 4:pass\nredeal all-passed\n",
        None,
        "",
    ),
    ("the seventh card", DEAL + BID + "trump 7C\n", "trump-card", "seventh-card=yes"),
    ("a trump lead before the reveal", DEAL + BID + TRUMP + "1. 1:JH\n", "illegal-trump-lead", ""),
    ("face-down card after the reveal", HAND, "face-down-too-early", ""),
    (
        "no point in the first four, played on",
        DEAL.replace("KH QH AC 7S | 8S KD QD TC", "KH QH 8S 7S | AC KD QD TC")
        + BID
        + TRUMP
        + TRICKS[0],
        "missed-redeal",
        "",
    ),
]


@pytest.mark.parametrize(("name", "body", "code", "rules"), KEPT, ids=[case[0] for case in KEPT])
def test_kept_rule_gives_no_such_finding(
    name: str, body: str, code: str | None, rules: str
) -> None:
    hand, _ = replay_one("29", body, rules=rules)
    if code is None:
        assert hand.findings == []
    else:
        assert code not in codes(hand.findings)


def test_the_pair_lowers_the_target_and_the_last_trick_scores_a_point() -> None:
    hand, _ = replay_one("29", HAND)
    assert hand.findings == []
    result = hand.result
    assert (result.caller, result.call and result.call.token, result.trump) == (1, "18", "H")
    assert (result.target, result.callers_points, result.outcome) == (16, 10, "lost")
    assert [trick.points for trick in hand.tricks] == [3, 4, 4, 4, 1, 4, 5, 4]
    assert sum(trick.points or 0 for trick in hand.tricks) == 29


def test_without_the_pair_the_target_is_the_bid() -> None:
    hand, _ = replay_one("29", NO_PAIR)
    assert (hand.result.target, hand.result.outcome) == (18, "lost")


def test_a_pair_of_the_other_team_raises_the_target() -> None:
    deal = DEAL.replace("KH QH AC 7S", "AH TH AC 7S").replace("AH TH 8H 7H", "KH QH 8H 7H")
    tricks = "".join(TRICKS).replace("pair 3", "pair 4").replace("4:AH", "4:KH")
    tricks = tricks.replace("3:QH", "3:AH").replace("3:KH 4:TH", "3:TH 4:QH")
    hand, _ = replay_one("29", deal + BID + TRUMP + tricks)
    assert hand.findings == [] and hand.result.target == 22


def test_last_trick_point_switched_off() -> None:
    hand, _ = replay_one("29", HAND, rules="last-trick=0")
    assert sum(trick.points or 0 for trick in hand.tricks) == 28


def test_pair_steps_show_the_undertaking() -> None:
    from replay.tricks import replay_hand
    from tests.engine_helpers import read, tgn

    hand = replay_hand(read(tgn("29", HAND)), 0)
    assert hand.steps is not None
    pair = next(step for step in hand.steps if step.event.kind == "pair")
    assert pair.event.seat == 3 and pair.event.trick == 4
    assert pair.state.undertakings == ("pair 3",)


def test_a_redealt_29_hand_keeps_its_dealer_and_the_next_one_moves_on() -> None:
    from tests.engine_helpers import replay_text, tgn

    passed = DEAL + "bid 1:pass 2:pass 3:pass 4:pass\nredeal all-passed\n"
    text = tgn("29", passed) + '\n[Hand "2"]\n' + HAND + '\n[Hand "3"]\n' + DEAL
    assert [hand.dealer for hand in replay_text(text).hands] == [4, 4, 1]
