"""29 records of online play, where the caller names the trump (``trump ?H``) instead of putting a
card face down: no finding about a face-down card, the caller's hand kept whole, and the Replay
table, headline and terminal saying "trump named: hearts".
"""

from __future__ import annotations

import pytest

from dashboard.cli.terminal.tricks import render_replay
from dashboard.views.tricks.moment import headline, table_view
from dashboard.views.tricks.table import table_html
from recorder.model import Record
from replay.tricks import HandReplay, replay_hand
from tests import test_engine_28 as twenty_eight
from tests.engine_helpers import codes, read, replay_one, tgn
from tests.test_engine_29 import BID, DEAL, HAND, TRUMP

NAMED = HAND.replace(TRUMP, "trump ?H\n")
UNFINISHED = "unfinished-hand"


def test_a_named_trump_checks_clean_with_the_placed_cards_result() -> None:
    named, _ = replay_one("29", NAMED)
    placed, _ = replay_one("29", HAND)
    assert named.findings == []
    assert named.result == placed.result
    assert [trick.winner for trick in named.tricks] == [trick.winner for trick in placed.tricks]


# Each snippet breaks a rule of the placed card (the first trump line) and is kept when the
# trump was named (the second).
PLACED_ONLY = [
    (
        "a trump-suit card played before the reveal",
        "1. 1:9H 2:7D 3:KH 4:7H\n",
        "trump 9H",
        "trump ?H",
        "face-down-too-early",
        "",
    ),
    (
        "a suit from the last four cards",
        "1. 1:JD 2:7D 3:QD 4:7H\n",
        "trump 7C",
        "trump ?C",
        "trump-card",
        "",
    ),
    (
        "a suit other than the seventh card's",
        "1. 1:JD 2:7D 3:QD 4:7H\n",
        "trump 9H",
        "trump ?H",
        "trump-card",
        "seventh-card=yes",
    ),
]


@pytest.mark.parametrize(
    ("name", "play", "placed", "named", "code", "rules"),
    PLACED_ONLY,
    ids=[case[0] for case in PLACED_ONLY],
)
def test_what_a_placed_card_breaks_is_no_finding_for_a_named_trump(
    name: str, play: str, placed: str, named: str, code: str, rules: str
) -> None:
    with_card, _ = replay_one("29", f"{DEAL}{BID}{placed}\n{play}", rules=rules)
    assert codes(with_card.findings) == [code, UNFINISHED]
    with_suit, _ = replay_one("29", f"{DEAL}{BID}{named}\n{play}", rules=rules)
    assert codes(with_suit.findings) == [UNFINISHED]


def _caller_cards_after_the_trump(game: str, body: str) -> int:
    """The caller's cards in hand (known plus not known) right after the trump line."""
    hand = replay_hand(read(tgn(game, body)), 0)
    step = next(step for step in hand.steps or [] if step.event.kind == "trump")
    caller = hand.result.caller
    assert caller is not None
    return len(step.state.hands[caller - 1]) + step.state.unknown[caller - 1]


def test_a_named_trump_leaves_the_callers_hand_whole() -> None:
    first_four = DEAL.replace("JH 9H AS TS | JD 9D 7C 8C", "JH 9H AS TS")
    assert _caller_cards_after_the_trump("29", first_four + BID + "trump ?H\n") == 8
    assert _caller_cards_after_the_trump("29", first_four + BID + TRUMP) == 7


def test_in_28_a_suit_only_trump_line_is_still_a_card_put_down() -> None:
    deal = twenty_eight.DEAL.replace("deal 3: JD 9D AD TH KH 6S", "deal 3: JD 9D AD")
    body = deal + twenty_eight.BID + "trump ?D\n"
    assert _caller_cards_after_the_trump("28", body) == 5
    hand = replay_hand(read(tgn("28", body)), 0)
    assert not any(step.state.trump_named for step in hand.steps or [])


@pytest.fixture(scope="module")
def named_hand() -> tuple[Record, HandReplay]:
    record = read(tgn("29", NAMED))
    return record, replay_hand(record, 0)


def _index(hand: HandReplay, kind: str, token: str) -> int:
    return next(
        i for i, s in enumerate(hand.steps or []) if (s.event.kind, s.event.token) == (kind, token)
    )


def test_the_replay_table_says_trump_named_hearts(named_hand: tuple[Record, HandReplay]) -> None:
    record, hand = named_hand
    put = _index(hand, "trump", "?H")
    assert headline(record, hand, put) == "Anil names the trump"
    referee = table_html(table_view(record, hand, put, None))
    assert "trump named: hearts" in referee and "named by Anil, hidden" in referee
    assert "face-down" not in referee
    caller = table_html(table_view(record, hand, put, 1))
    assert "trump named: hearts" in caller


def test_other_seats_learn_the_named_suit_only_when_it_is_asked_for(
    named_hand: tuple[Record, HandReplay],
) -> None:
    record, hand = named_hand
    before = table_html(table_view(record, hand, _index(hand, "card", "QD"), 2))
    assert "named by Anil, hidden" in before and "hearts" not in before and "♥" not in before
    after = table_html(table_view(record, hand, _index(hand, "action", "ask"), 2))
    assert "trump named: hearts" in after and "turned up by Dev (ask) in trick 1" in after


def test_the_terminal_replay_says_trump_named_hearts(
    named_hand: tuple[Record, HandReplay],
) -> None:
    record, hand = named_hand
    text = render_replay(record, hand)
    assert "trump named: hearts" in text and "face-down card" not in text
    placed = read(tgn("29", HAND))
    assert "face-down card: 9H" in render_replay(placed, replay_hand(placed, 0))
