"""29 with ``auction=hold``: the duel auction, its holds and raises, who speaks next, the caller
and the target, broken bids where they were spoken, and random legal duels.

The deal and the play are the legal base hand of ``test_engine_29``; only the calling changes.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recorder.cards import Call
from replay.tricks import GAME_RULES
from replay.tricks.knowledge import Knowledge
from tests.engine_helpers import at, codes, only, replay_one, where
from tests.test_engine_29 import DEAL, TRICKS, TRUMP

HOLD = "auction=hold"
UNFINISHED = "unfinished-hand"


def _calling_findings(body: str, rules: str = HOLD) -> tuple[list[str], int | None, str | None]:
    """The calling's findings (the hand stops before the play), the caller and his call."""
    hand, _ = replay_one("29", DEAL + body, rules=rules)
    result = hand.result
    found = [f.code for f in hand.findings if f.code != UNFINISHED]
    return found, result.caller, result.call.token if result.call else None


def _expected_after(tokens: str, rules: dict[str, str] | None = None) -> int | None:
    """Who the duel expects to speak after ``tokens`` (``seat:call``), the dealer being seat 4."""
    game = GAME_RULES["29"]
    switches = {"auction": "hold", **(rules or {})}
    knowledge = Knowledge(game.card_table(switches), 4, 8)
    run = game.calling_for(switches).start(1, 4, game.min_bid(switches), knowledge)
    for token in tokens.split():
        seat, call = token.split(":")
        run.speak(int(seat), Call.parse(call, False))
    return run.expected()


@dataclass(frozen=True)
class Duel:
    """A legal duel: its calls, the speaker expected after each call, the caller and his bid."""

    name: str
    bids: str
    speakers: str
    """The seat expected after each call, ``-`` once the calling is over."""
    caller: int
    call: str


DUELS = [
    Duel("won by holding", "1:16 2:17 1:17 2:pass 3:pass 4:pass", "2 1 2 3 4 -", 1, "17"),
    Duel(
        "the challenger raises",
        "1:16 2:17 1:17 2:18 1:pass 3:pass 4:pass",
        "2 1 2 1 3 4 -",
        2,
        "18",
    ),
    Duel(
        "a pass brings in the next player",
        "1:16 2:pass 3:17 1:17 3:18 1:pass 4:19 3:19 4:pass",
        "2 3 1 3 1 4 3 4 -",
        3,
        "19",
    ),
    Duel("the holder raises", "1:16 2:17 1:19 2:pass 3:pass 4:pass", "2 1 2 3 4 -", 1, "19"),
    Duel(
        "the first speaker passes: the next opens",
        "1:pass 2:16 3:17 2:17 3:pass 4:pass",
        "2 3 2 3 4 -",
        2,
        "17",
    ),
    Duel("the last player opens alone", "1:pass 2:pass 3:pass 4:16", "2 3 4 -", 4, "16"),
    Duel("28 held by equalling", "1:16 2:28 1:28 2:pass 3:pass 4:pass", "2 1 2 3 4 -", 1, "28"),
    Duel("an opening at the minimum", "1:16 2:pass 3:pass 4:pass", "2 3 4 -", 1, "16"),
]


@pytest.mark.parametrize("duel", DUELS, ids=lambda duel: duel.name)
def test_a_legal_duel_gives_no_finding_and_its_caller_and_target(duel: Duel) -> None:
    hand, _ = replay_one("29", f"{DEAL}bid {duel.bids}\n", rules=HOLD)
    assert codes(hand.findings) == [UNFINISHED]
    result = hand.result
    assert (result.caller, result.call and result.call.token) == (duel.caller, duel.call)
    assert result.target == int(duel.call)


@pytest.mark.parametrize("duel", DUELS, ids=lambda duel: duel.name)
def test_the_duel_expects_each_speaker_in_turn(duel: Duel) -> None:
    tokens = duel.bids.split()
    expected = [_expected_after(" ".join(tokens[: i + 1])) for i in range(len(tokens))]
    assert " ".join("-" if seat is None else str(seat) for seat in expected) == duel.speakers
    assert _expected_after("") == 1


def test_the_minimum_follows_the_min_bid_switch() -> None:
    assert _calling_findings("bid 1:15 2:pass 3:pass 4:pass\n", f"{HOLD}, min-bid=15") == (
        [],
        1,
        "15",
    )
    assert _calling_findings("bid 1:15\n") == (["bid-too-low"], None, None)


@dataclass(frozen=True)
class WrongBid:
    """A bid against the duel's order: the finding, its message, and the caller after it all."""

    name: str
    bids: str
    marker: str
    code: str
    message: str
    caller: int | None
    call: str | None


WRONG = [
    WrongBid(
        "a hold by the challenger",
        "1:16 2:16 2:17 1:pass 3:pass 4:pass",
        "2:16",
        "bid-too-low",
        "Biju (seat 2) called 16, not above the highest call 16; only seat 1, the earlier of the "
        "pair, may hold",
        2,
        "17",
    ),
    WrongBid(
        "a hold by the newcomer",
        "1:16 2:pass 3:16 3:pass 4:pass",
        "3:16",
        "bid-too-low",
        "Chitra (seat 3) called 16, not above the highest call 16; only seat 1, the earlier of the "
        "pair, may hold",
        1,
        "16",
    ),
    WrongBid(
        "the holder below the challenger",
        "1:16 2:18 1:17 1:pass 3:pass 4:pass",
        "1:17",
        "bid-too-low",
        "Anil (seat 1) called 17, below the highest call 18",
        2,
        "18",
    ),
    WrongBid(
        "a third player in the duel",
        "1:16 3:17 2:pass 3:pass 4:pass",
        "3:17",
        "bid-out-of-turn",
        "Chitra (seat 3) called 17 out of turn; seat 2 was to speak",
        1,
        "16",
    ),
    WrongBid(
        "the holder speaks twice",
        "1:16 1:17 2:pass 3:pass 4:pass",
        "1:17",
        "bid-out-of-turn",
        "Anil (seat 1) called 17 out of turn; seat 2 was to speak",
        1,
        "16",
    ),
    WrongBid(
        "a bid after passing",
        "1:16 2:pass 2:17 3:pass 4:pass",
        "2:17",
        "bid-out-of-turn",
        "Biju (seat 2) called 17 after passing",
        1,
        "16",
    ),
    WrongBid(
        "above 28 over a held 28",
        "1:16 2:28 1:28 2:29 2:pass 3:pass 4:pass",
        "2:29",
        "bid-too-high",
        "Biju (seat 2) called 29, above the highest call 28",
        1,
        "28",
    ),
    WrongBid(
        "a bid after the calling ended",
        "1:16 2:pass 3:pass 4:pass 2:17",
        "4:pass 2:17",
        "bid-out-of-turn",
        "Biju (seat 2) called 17 after the calling had ended",
        1,
        "16",
    ),
]


@pytest.mark.parametrize("case", WRONG, ids=lambda case: case.name)
def test_a_bid_against_the_duel_is_found_where_it_was_said(case: WrongBid) -> None:
    hand, text = replay_one("29", f"{DEAL}bid {case.bids}\n", rules=HOLD)
    finding = only(hand.findings, case.code)
    spoken = case.marker.split()[-1]
    offset = len(case.marker) - len(spoken) + len("n:")
    assert at(finding) == where(text, case.marker, offset)
    assert finding.seat == int(spoken.split(":")[0])
    assert finding.message == case.message
    assert finding.trick is None
    assert codes(hand.findings) == [case.code, UNFINISHED]
    result = hand.result
    assert (result.caller, result.call and result.call.token) == (case.caller, case.call)


DOCS_EXAMPLE = "bid 1:16 2:17 1:17 2:18 1:18 2:pass 3:19 1:19 3:pass 4:pass\n"


def test_the_example_of_the_rules_doc() -> None:
    assert _calling_findings(DOCS_EXAMPLE) == ([], 1, "19")
    assert _calling_findings(DOCS_EXAMPLE, "") == (["bid-out-of-turn"] * 6, 3, "19")


def test_the_rotating_auction_still_refuses_a_hold() -> None:
    found, caller, call = _calling_findings("bid 1:16 2:17 1:17 2:pass 3:pass 4:pass\n", "")
    assert found == ["bid-out-of-turn", "bid-out-of-turn"]
    assert (caller, call) == (2, "17")


def test_all_four_passing_throws_the_hand_in() -> None:
    passed = "bid 1:pass 2:pass 3:pass 4:pass\n"
    hand, _ = replay_one("29", DEAL + passed + "redeal all-passed\n", rules=HOLD)
    assert (hand.findings, hand.result.outcome, hand.result.caller) == ([], "redeal", None)
    played_on, _ = replay_one("29", DEAL + passed + TRICKS[0], rules=HOLD)
    assert "missed-redeal" in codes(played_on.findings)
    assert _expected_after("1:pass 2:pass 3:pass 4:pass") is None


DUEL_BID = "bid 1:16 2:17 1:17 2:18 1:18 2:pass 3:pass 4:pass\n"


def test_a_whole_hand_with_a_duel_auction_checks_clean() -> None:
    hand, _ = replay_one("29", DEAL + DUEL_BID + TRUMP + "".join(TRICKS), rules=HOLD)
    assert hand.findings == []
    result = hand.result
    assert (result.caller, result.call and result.call.token, result.trump) == (1, "18", "H")
    assert (result.target, result.callers_points, result.outcome) == (16, 10, "lost")


def test_the_same_hand_under_the_rotating_auction_gets_a_wrong_caller_and_false_findings() -> None:
    hand, _ = replay_one("29", DEAL + DUEL_BID + TRUMP + "".join(TRICKS))
    assert (hand.result.caller, hand.result.call and hand.result.call.token) == (2, "17")
    assert codes(hand.findings) == ["bid-out-of-turn"] * 4 + ["trump-card", "trump-card", "revoke"]


@st.composite
def duel_auctions(draw: st.DrawFn) -> tuple[list[str], int | None, int]:
    """A legal duel auction as the rule is spoken at the table, the dealer being seat 4: the
    calls (``seat:call``), the seat that wins it (``None``: all passed) and the winning bid."""
    waiting = [1, 2, 3, 4]
    calls: list[str] = []
    bid: int | None = None
    holder = waiting.pop(0)

    def say(seat: int, lowest: int) -> int | None:
        if lowest > 28 or draw(st.booleans()):
            calls.append(f"{seat}:pass")
            return None
        value = draw(st.integers(lowest, min(28, lowest + 3)))
        calls.append(f"{seat}:{value}")
        return value

    while True:
        if bid is None:
            opened = say(holder, 16)
            if opened is None:
                if not waiting:
                    return calls, None, 0
                holder = waiting.pop(0)
                continue
            bid = opened
        if not waiting:
            return calls, holder, bid
        challenger = waiting.pop(0)
        while True:
            raised = say(challenger, bid + 1)
            if raised is None:
                break
            bid = raised
            held = say(holder, bid)
            if held is None:
                holder = challenger
                break
            bid = held


@settings(max_examples=150, deadline=None)
@given(duel_auctions())
def test_random_legal_duels_give_no_finding_and_the_generators_winner(
    auction: tuple[list[str], int | None, int],
) -> None:
    calls, winner, value = auction
    redeal = "redeal all-passed\n" if winner is None else ""
    hand, _ = replay_one("29", f"{DEAL}bid {' '.join(calls)}\n{redeal}", rules=HOLD)
    assert [f.code for f in hand.findings if f.code != UNFINISHED] == []
    result = hand.result
    assert result.caller == winner
    assert (result.call.value if result.call else 0) == value
    assert _expected_after(" ".join(calls)) is None
