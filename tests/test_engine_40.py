"""40: every finding of the catalogue that applies to 40, broken and kept (RULES.md §3–§10).

Each case is a TGN snippet read with the real reader; a broken case names the finding's code, the
trick and seat it must carry, and a marker whose place in the text is the finding's line and column.
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
deal 1: JS 3S KD QD 7C 8C
deal 2: JC 3C 9C AC TC KH
deal 3: JH 3H 9H AH AS 7D
deal 4: 9S TS KS TH QH 8H
deal 5: JD 3D 9D QS 8S 7S
deal 6: AD TD 8D QC KC 7H
"""
BID = "bid 1:20 2:22 3:24 4:pass 6:pass 5:pass\n"
TRUMP = "trump 9H\n"
TRICKS = [
    "1. 1:JS 2:KH 3:AS 4:KS 5:QS 6:QC\n",
    "2. 1:3S 2:ask TC 3:9H 4:TS 5:8S 6:8D\n",
    "3. 3:JH 4:8H 5:7S 6:7H 1:7C 2:AC\n",
    "4. 3:3H 4:QH 5:9D 6:KC 1:KD 2:9C\n",
    "5. 3:AH 4:TH 5:JD 6:TD 1:QD 2:3C\n",
    "6. 3:7D 4:9S 5:3D 6:AD 1:8C 2:JC\n",
]
HAND = DEAL + BID + TRUMP + "".join(TRICKS)

# Seat 1 calls and puts down 8C; the odd team holds every diamond (for no-trump redeals).
ODD_DIAMONDS = """\
deal 1: JD 3D 9D JS 3S 9S
deal 2: AS TS KS QS 8S 7S
deal 3: AD TD KD JH 3H 9H
deal 4: AH TH KH QH 8H 7H
deal 5: QD 8D 7D JC 3C 9C
deal 6: AC TC KC QC 8C 7C
bid 1:20 2:pass 4:pass 6:pass 3:pass 5:pass
"""


def tricks(*lines: str) -> str:
    return "".join(lines)


BROKEN = [
    # the calling
    Broken("out of turn", DEAL + "bid 2:20 1:20\n", "bid-out-of-turn", None, 2, "2:20", 2),
    Broken("twice", DEAL + BID.strip() + " 1:25\n", "spoke-twice", None, 1, "1:25", 2),
    Broken("first passed", DEAL + "bid 1:pass 2:20\n", "first-caller-passed", None, 1, "1:pass", 2),
    Broken("not above", DEAL + "bid 1:20 2:20\n", "bid-too-low", None, 2, "2:20", 2),
    Broken("below minimum", DEAL + "bid 1:19\n", "bid-too-low", None, 1, "1:19", 2),
    Broken("above H10", DEAL + "bid 1:41\n", "bid-too-high", None, 1, "1:41", 2),
    Broken(
        "partner raises a number",
        DEAL + "bid 1:20 2:pass 4:pass 6:pass 3:25\n",
        "partner-overcall",
        None,
        3,
        "3:25",
        2,
    ),
    Broken("false signal", DEAL + "bid 1:21\n", "false-jack-signal", None, 1, "1:21", 2),
    # redeals
    Broken(
        "first caller without points played on",
        DEAL.replace("JS 3S KD", "QS 8S KD").replace("QS 8S 7S", "JS 3S 7S")
        + BID
        + TRUMP
        + TRICKS[0].replace("1:JS", "1:QS").replace("5:QS", "5:JS"),
        "missed-redeal",
        None,
        1,
        "deal 1:",
    ),
    Broken(
        "other team without trumps played on",
        ODD_DIAMONDS + "trump 9D\n1. 1:JS 2:AS 3:JH 4:AH 5:JC 6:AC\n",
        "missed-redeal",
        None,
        1,
        "deal 1:",
    ),
    Broken(
        "no-points but points",
        DEAL + BID + "redeal no-points\n",
        "unjustified-redeal",
        None,
        1,
        "redeal",
    ),
    Broken(
        "no-trump but trumps",
        DEAL + BID + TRUMP + "redeal no-trump\n",
        "unjustified-redeal",
        None,
        2,
        "redeal",
    ),
    Broken(
        "not a 40 reason",
        DEAL + BID + "redeal same-suit\n",
        "unjustified-redeal",
        None,
        None,
        "redeal",
    ),
    # order of play
    Broken(
        "wrong leader",
        DEAL + BID + TRUMP + "1. 2:KH 3:AS 4:KS 5:QS 6:QC 1:JS\n",
        "lead-out-of-turn",
        1,
        2,
        "2:KH",
        2,
    ),
    Broken(
        "skips a seat",
        DEAL + BID + TRUMP + "1. 1:JS 3:AS 2:KH 4:KS 5:QS 6:QC\n",
        "play-out-of-turn",
        1,
        3,
        "3:AS",
        2,
    ),
    # following suit, proven by the deal
    Broken(
        "revoke",
        DEAL + BID + TRUMP + "1. 1:JS 2:KH 3:AS 4:8H 5:QS 6:QC\n",
        "revoke",
        1,
        4,
        "4:8H",
        2,
    ),
    # asks and shows
    Broken(
        "ask holding the suit",
        DEAL + BID + TRUMP + TRICKS[0] + "2. 1:3S 2:TC 3:7D 4:ask TS 5:8S 6:8D\n",
        "ask-while-following",
        2,
        4,
        "4:ask",
        2,
    ),
    Broken(
        "show holding the suit",
        DEAL + BID + TRUMP + "1. 1:JS 2:KH 3:show 9H 4:KS 5:QS 6:QC\n",
        "show-while-following",
        1,
        3,
        "3:show",
        2,
    ),
    Broken(
        "ask then no trump",
        DEAL + BID + TRUMP + "1. 1:JS 2:TC 3:AS 4:KS 5:QS 6:QC\n2. 1:3S 2:ask AC 3:9H\n",
        "failed-to-cut",
        2,
        2,
        "2:ask AC",
        6,
    ),
    Broken(
        "show then no trump",
        DEAL + BID + TRUMP + TRICKS[0] + "2. 1:3S 2:TC 3:show 7D\n",
        "failed-to-cut",
        2,
        3,
        "3:show 7D",
        7,
    ),
    Broken(
        "show then not the face-down card",
        DEAL + BID + TRUMP + TRICKS[0] + "2. 1:3S 2:TC 3:show JH\n",
        "show-wrong-card",
        2,
        3,
        "3:show JH",
        7,
    ),
    # the hidden trump
    Broken(
        "caller leads the hidden trump below Honours",
        DEAL + "bid 1:20 2:pass 4:pass 6:pass 3:pass 5:pass\ntrump 8C\n1. 1:7C\n",
        "illegal-trump-lead",
        1,
        1,
        "1:7C",
        2,
    ),
    Broken(
        "caller throws a hidden trump",
        DEAL + BID + TRUMP + TRICKS[0] + "2. 1:3S 2:TC 3:JH\n",
        "hidden-trump-discard",
        2,
        3,
        "3:JH",
        2,
    ),
    Broken(
        "caller opens to follow a trump lead",
        "deal 3: 9H AS 7D QD 8D 7S\n" + BID + TRUMP + "1. 1:KH 2:QH 3:show 9H 4:8H\n",
        "opened-to-follow",
        1,
        3,
        "3:show",
        2,
    ),
    Broken(
        "caller plays the face-down card to follow",
        "deal 3: 9H AS 7D QD 8D 7S\n" + BID + TRUMP + "1. 1:KH 2:QH 3:9H 4:8H\n",
        "opened-to-follow",
        1,
        3,
        "3:9H",
        2,
    ),
    # Jodi
    Broken(
        "Jodi by the other team",
        DEAL + BID + TRUMP + TRICKS[0].replace("2:KH", "2:jodi KH"),
        "jodi-not-allowed",
        1,
        2,
        "2:jodi",
        2,
    ),
    Broken(
        "Jodi on Honours",
        DEAL + "bid 1:20 2:22 3:H 4:pass 6:pass 5:pass\n" + TRUMP + "1. 1:jodi JS\n",
        "jodi-not-allowed",
        1,
        1,
        "1:jodi",
        2,
    ),
    Broken(
        "Jodi in round 5",
        DEAL + BID + TRUMP + "".join(TRICKS[:4]) + TRICKS[4].replace("3:AH", "3:jodi AH"),
        "jodi-too-late",
        5,
        3,
        "3:jodi",
        2,
    ),
    Broken(
        "jodi? by the callers",
        DEAL + BID + TRUMP + TRICKS[0].replace("3:AS", "3:jodi?=yes AS"),
        "jodi-not-allowed",
        1,
        3,
        "3:jodi?",
        2,
    ),
    # record errors
    Broken(
        "a card dealt twice",
        DEAL.replace("deal 2: JC", "deal 2: JS"),
        "duplicate-card",
        None,
        2,
        "deal 2: JS",
        8,
    ),
    Broken(
        "a card played twice",
        DEAL + BID + TRUMP + TRICKS[0] + "2. 1:JS\n",
        "duplicate-card",
        2,
        1,
        "2. 1:JS",
        5,
    ),
    Broken(
        "a card of another seat",
        DEAL + BID + TRUMP + "1. 1:9S\n",
        "not-held",
        1,
        1,
        "1:9S",
        2,
    ),
    Broken(
        "seven cards dealt",
        DEAL.replace("7C 8C", "7C 8C 7S").replace("QS 8S 7S", "QS 8S -"),
        "too-many-cards",
        None,
        1,
        "8C 7S",
        3,
    ),
    Broken(
        "a short trick",
        DEAL + BID + TRUMP + "1. 1:JS 2:KH 3:AS 4:KS 5:QS\n" + TRICKS[1],
        "short-trick",
        1,
        None,
        "1. 1:JS",
    ),
    Broken(
        "face-down card of another seat",
        DEAL + BID + "trump 9S\n",
        "trump-card",
        None,
        3,
        "trump 9S",
    ),
    Broken(
        "kot in 40",
        DEAL + BID + TRUMP + TRICKS[0].replace("1:JS", "1:kot JS"),
        "action-misplaced",
        1,
        1,
        "1:kot",
        2,
    ),
    Broken(
        "show by another player",
        DEAL + BID + TRUMP + TRICKS[0].replace("2:KH", "2:show KH"),
        "action-misplaced",
        1,
        2,
        "2:show",
        2,
    ),
    Broken(
        "ask after the reveal",
        DEAL + BID + TRUMP + TRICKS[0] + TRICKS[1] + TRICKS[2].replace("5:7S", "5:ask 7S"),
        "action-misplaced",
        3,
        5,
        "5:ask",
        2,
    ),
    Broken(
        "the record stops",
        DEAL + BID + TRUMP + "".join(TRICKS[:3]),
        "unfinished-hand",
        None,
        None,
        "3. 3:JH",
    ),
    Broken(
        "cards after jodi?=no",
        DEAL + BID + TRUMP + "".join(TRICKS[:2]) + "3. 3:JH 4:jodi?=no 5:7S\n",
        "played-after-end",
        3,
        5,
        "5:7S",
        2,
    ),
]


@pytest.mark.parametrize("case", BROKEN, ids=lambda case: case.name)
def test_broken_rule_is_found_where_it_happened(case: Broken) -> None:
    assert_found_where_it_happened("40", case)


KEPT = [
    ("the example", HAND, None),
    (
        "a Jack signal with three",
        DEAL.replace("JS 3S KD", "JS 3S JC").replace("JC 3C 9C", "KD 3C 9C") + "bid 1:21\n",
        "false-jack-signal",
    ),
    ("a signal the record cannot judge", "deal 1: JS - - - - -\nbid 1:21\n", "false-jack-signal"),
    (
        "partner calls Honours",
        DEAL + "bid 1:20 2:pass 4:pass 6:pass 3:H 5:pass\n",
        "partner-overcall",
    ),
    (
        "partner calls Thani",
        DEAL + "bid 1:20 2:pass 4:pass 6:pass 3:thani 5:pass\n",
        "partner-overcall",
    ),
    ("H10 is the top", DEAL + "bid 1:H10\n", "bid-too-high"),
    (
        "justified no-points",
        DEAL.replace("JS 3S KD", "QS 8S KD").replace("QS 8S 7S", "JS 3S 7S") + "redeal no-points\n",
        "unjustified-redeal",
    ),
    ("justified no-trump", ODD_DIAMONDS + "trump 9D\nredeal no-trump\n", "unjustified-redeal"),
    ("misdeal cannot be checked", DEAL + "redeal misdeal\n", "unjustified-redeal"),
    (
        "revoke the record cannot prove",
        BID + TRUMP + "1. 1:JS 2:KH 3:AS 4:8H 5:QS 6:QC\n",
        "revoke",
    ),
    (
        "void caller whose only trump is face down",
        "deal 3: 9H AS 7D QD 8D 7S\n" + BID + TRUMP + "1. 1:KH 2:QH 3:7S 4:8H\n",
        "revoke",
    ),
    (
        "caller shows when void",
        DEAL + BID + TRUMP + TRICKS[0] + "2. 1:3S 2:TC 3:show 9H 4:TS 5:8S 6:8D *\n",
        None,
    ),
    (
        "Honours may lead the hidden trump",
        DEAL + "bid 1:H 2:pass 4:pass 6:pass 3:pass 5:pass\ntrump 8C\n1. 1:7C\n",
        "illegal-trump-lead",
    ),
    (
        "only trumps left to lead",
        "deal 1: JC 3C 9C AC TC 8C\n" + ODD_DIAMONDS.splitlines()[-1] + "\ntrump 8C\n1. 1:JC\n",
        "illegal-trump-lead",
    ),
    (
        "caller throws another suit",
        DEAL + BID + TRUMP + TRICKS[0] + "2. 1:3S 2:TC 3:7D\n",
        "hidden-trump-discard",
    ),
    (
        "caller plays another card on a trump lead",
        "deal 3: 9H AS 7D QD 8D 7S\n" + BID + TRUMP + "1. 1:KH 2:QH 3:7S 4:8H\n",
        "opened-to-follow",
    ),
    (
        "Jodi by the callers in round 1",
        DEAL + BID + TRUMP + TRICKS[0].replace("1:JS", "1:jodi JS") + "".join(TRICKS[1:]),
        None,
    ),
    (
        "a short last trick with *",
        DEAL + BID + TRUMP + TRICKS[0] + "2. 1:3S 2:ask TC *\n",
        "short-trick",
    ),
    ("matching result", DEAL + BID + TRUMP + "".join(TRICKS), "result-mismatch"),
]


@pytest.mark.parametrize(("name", "body", "code"), KEPT, ids=[case[0] for case in KEPT])
def test_kept_rule_gives_no_such_finding(name: str, body: str, code: str | None) -> None:
    hand, _ = replay_one("40", body, tags='[Result "made 40"]\n')
    if code is None:
        assert hand.findings == []
    else:
        assert code not in codes(hand.findings)


def test_revoke_proven_only_by_a_later_play_names_the_trick_and_the_card() -> None:
    body = BID + TRUMP + "1. 1:JS 2:KH 3:AS 4:8H 5:QS 6:QC\n2. 1:3S 2:TC 3:7D 4:TS 5:8S 6:8D\n"
    hand, text = replay_one("40", body)
    revoke = only(hand.findings, "revoke")
    assert (revoke.trick, revoke.seat, revoke.player) == (1, 4, "Dev")
    assert at(revoke) == where(text, "4:8H", 2)
    assert (
        revoke.message
        == "trick 1: Dev (seat 4) threw 8H on a spade lead but held TS, played in trick 2"
    )


def test_revoke_by_the_deal_says_so() -> None:
    hand, _ = replay_one("40", DEAL + BID + TRUMP + "1. 1:JS 2:KH 3:AS 4:8H 5:QS 6:QC\n")
    assert only(hand.findings, "revoke").message.endswith("but held 9S, as the deal shows")


@pytest.mark.parametrize(("retro", "winner", "trumps"), [("yes", 2, [2]), ("no", 1, [])])
def test_a_discard_of_the_trump_suit_becomes_a_trump_by_a_later_ask(
    retro: str, winner: int, trumps: list[int]
) -> None:
    body = BID + TRUMP + "1. 1:JS 2:KH 3:AS 4:ask 7C 5:QS 6:QC\n"
    hand, _ = replay_one("40", body, rules=f"retro-trump={retro}")
    trick = hand.tricks[0]
    assert trick.revealed and trick.revealed_by == 4
    assert trick.winner == winner
    assert [play.seat for play in trick.plays if play.trump] == trumps


def test_retro_trump_switch_from_the_command_line_overrides_the_file() -> None:
    from tests.engine_helpers import replay_text, tgn

    text = tgn("40", BID + TRUMP + "1. 1:JS 2:KH 3:AS 4:ask 7C 5:QS 6:QC\n", rules="retro-trump=no")
    assert replay_text(text).hands[0].tricks[0].winner == 1
    assert replay_text(text, {"retro-trump": "yes"}).hands[0].tricks[0].winner == 2


HONOURS = DEAL + "bid 1:20 2:22 3:H 4:pass 6:pass 5:pass\n" + TRUMP


def test_honours_stops_when_decided_without_unfinished_hand() -> None:
    hand, _ = replay_one("40", HONOURS + "".join(TRICKS[:5]))
    assert hand.findings == []
    result = hand.result
    assert (result.outcome, result.callers_points, result.target) == ("made", 31, 30)


def test_cards_after_honours_is_decided_count_for_nobody() -> None:
    hand, _ = replay_one("40", HONOURS + "".join(TRICKS))
    assert codes(hand.findings) == ["played-after-end"] * 6
    assert all(finding.trick == 6 for finding in hand.findings)
    assert hand.result.callers_points == 31


def test_a_20_to_29_call_is_played_to_the_end() -> None:
    hand, _ = replay_one("40", DEAL + BID + TRUMP + "".join(TRICKS[:5]))
    assert codes(hand.findings) == ["unfinished-hand"] and hand.result.outcome == "unfinished"


def test_jodi_no_ends_the_hand_and_the_callers_win_at_their_call() -> None:
    body = DEAL + BID + TRUMP + "".join(TRICKS[:2]) + "3. 3:JH 4:jodi?=no\n"
    hand, _ = replay_one("40", body)
    assert hand.findings == []
    assert (hand.result.outcome, hand.result.special, hand.result.target) == ("made", None, 24)


def test_jodi_yes_makes_it_a_jodi_lost_at_the_first_round_the_callers_lose() -> None:
    lost = TRICKS[2].replace("4:8H", "4:jodi?=yes 8H").replace("3:JH", "3:7D")
    body = DEAL + BID + TRUMP + TRICKS[0] + TRICKS[1] + lost
    hand, _ = replay_one("40", body)
    assert hand.result.special == "jodi"
    assert hand.tricks[2].winner == 4
    assert (hand.result.outcome, hand.result.target) == ("lost", 40)
    assert "unfinished-hand" not in codes(hand.findings)


def test_a_jodi_taken_in_every_round_is_made() -> None:
    body = DEAL + BID + TRUMP + TRICKS[0].replace("1:JS", "1:jodi JS") + "".join(TRICKS[1:])
    hand, _ = replay_one("40", body)
    assert (hand.result.special, hand.result.outcome, hand.result.callers_points) == (
        "jodi",
        "made",
        40,
    )


def test_result_tag_that_disagrees_is_reported_on_the_tag() -> None:
    hand, text = replay_one("40", HAND, tags='[Result "lost 18"]\n')
    mismatch = only(hand.findings, "result-mismatch")
    assert at(mismatch) == where(text, '[Result "lost 18"]')
    assert mismatch.severity == "warning" and "made 40" in mismatch.message


@pytest.mark.parametrize(("result", "outcome"), [("", "unfinished"), ('[Result "made"]\n', "made")])
def test_a_star_leaves_an_open_hand_to_the_result_tag(result: str, outcome: str) -> None:
    body = DEAL + BID + TRUMP + "".join(TRICKS[:2]).replace("6:8D", "6:8D *")
    hand, _ = replay_one("40", body, tags=result)
    assert hand.findings == [] and hand.result.outcome == outcome


def test_a_star_after_the_callers_reach_their_call_is_made_on_the_points() -> None:
    body = DEAL + BID + TRUMP + "".join(TRICKS[:5]).replace("2:3C", "2:3C *")
    hand, _ = replay_one("40", body)
    assert hand.findings == []
    assert (hand.result.outcome, hand.result.callers_points) == ("made", 31)


def test_a_thani_is_lost_at_the_first_round_another_player_wins() -> None:
    body = (
        DEAL + "bid 1:20 2:22 3:thani 4:pass 6:pass 5:pass\n" + "1. 3:AS 4:KS 5:QS 6:QC 1:JS 2:KH\n"
    )
    hand, _ = replay_one("40", body)
    assert hand.result.special == "thani" and hand.result.outcome == "lost"
    assert hand.tricks[0].leader == 3 and hand.findings == []


def test_the_thani_lead_switch_gives_the_first_lead_to_the_dealers_right() -> None:
    body = DEAL + "bid 1:20 2:22 3:thani 4:pass 6:pass 5:pass\n" + "1. 3:AS\n"
    hand, _ = replay_one("40", body, rules="thani-lead=normal")
    assert only(hand.findings, "lead-out-of-turn").seat == 3


@pytest.mark.parametrize(
    ("order", "winner"), [("below-jack", 1), ("above-jack", 2), ("equal-first", 1)]
)
def test_the_three_rank_switch_orders_jack_and_three(order: str, winner: int) -> None:
    hand, _ = replay_one("40", "1. 1:JS 2:3S 3:AS 4:KS 5:QS 6:8S\n", rules=f"three-rank={order}")
    assert hand.tricks[0].winner == winner
