"""The complete example of TGN.md §8 replayed: no finding, the 24 made with all 40 points."""

from __future__ import annotations

import pickle
import re

import recorder
from replay.tricks import normalize, replay_hand, replay_session
from tests.engine_helpers import read

EXAMPLE = """\
[Game "40"]
[Players "Anil, Biju, Chitra, Dev, Eli, Faiz"]
[Teams "Red, Blue"]
[Event "Club night"]
[Date "2026-11-28"]

[Hand "1"]
[Dealer "6"]
[Result "made 40"]
deal 1: JS 3S KD QD 7C 8C
deal 2: JC 3C 9C AC TC KH
deal 3: JH 3H 9H AH AS 7D
deal 4: 9S TS KS TH QH 8H
deal 5: JD 3D 9D QS 8S 7S
deal 6: AD TD 8D QC KC 7H
bid 1:20 2:22 3:24 4:pass 6:pass 5:pass
trump 9H
1. 1:JS 2:KH 3:AS 4:KS 5:QS 6:QC
2. 1:3S 2:ask TC 3:9H 4:TS 5:8S 6:8D
3. 3:JH 4:8H 5:7S 6:7H 1:7C 2:AC
4. 3:3H 4:QH 5:9D 6:KC 1:KD 2:9C
5. 3:AH 4:TH 5:JD 6:TD 1:QD 2:3C
6. 3:7D 4:9S 5:3D 6:AD 1:8C 2:JC
"""


def test_example_has_no_finding_and_is_made_with_40_points() -> None:
    session = replay_session(read(EXAMPLE))
    assert session.findings == []
    result = session.hands[0].result
    assert (result.caller, result.call and result.call.token, result.trump) == (3, "24", "H")
    assert (result.outcome, result.callers_points, result.target) == ("made", 40, 24)
    assert result.dealer == 6 and result.special is None and result.all_tricks


def test_example_tricks_winners_points_and_the_reveal() -> None:
    hand = replay_session(read(EXAMPLE)).hands[0]
    assert [trick.winner for trick in hand.tricks] == [1, 3, 3, 3, 3, 5]
    assert [trick.points for trick in hand.tricks] == [4, 7, 4, 7, 9, 9]
    assert [trick.leader for trick in hand.tricks] == [1, 1, 3, 3, 3, 3]
    revealed = [(trick.number, trick.revealed_by) for trick in hand.tricks if trick.revealed]
    assert revealed == [(2, 2)]
    first = hand.tricks[0]
    assert first.plays[1].card is not None and first.plays[1].card.code == "KH"
    assert not first.plays[1].trump, "a heart thrown while the trump is hidden is no trump"
    second = hand.tricks[1]
    assert [play.seat for play in second.plays if play.trump] == [3]


def test_a_pickled_replay_keeps_its_tricks() -> None:
    """The dashboard's replay store keeps replays as pickles, the compiled tricks with them."""
    hand = pickle.loads(pickle.dumps(replay_session(read(EXAMPLE)), protocol=5)).hands[0]
    assert [trick.winner for trick in hand.tricks] == [1, 3, 3, 3, 3, 5]
    assert [trick.points for trick in hand.tricks] == [4, 7, 4, 7, 9, 9]
    assert [(trick.number, trick.revealed_by) for trick in hand.tricks if trick.revealed] == [
        (2, 2)
    ]
    assert [len(trick.plays) for trick in hand.tricks] == [6] * 6


def test_steps_follow_every_event_and_views_hide_what_a_seat_cannot_see() -> None:
    hand = replay_hand(read(EXAMPLE), 0)
    assert hand.steps is not None
    kinds = [step.event.kind for step in hand.steps]
    assert kinds[0] == "deal" and kinds[-1] == "end"
    assert kinds.count("bid") == 6 and kinds.count("card") == 36 and kinds.count("action") == 1
    start = hand.steps[0].state
    assert [len(cards) for cards in start.hands] == [6] * 6 and start.unknown == (0,) * 6
    assert start.face_down is None and start.trump is None
    after_trump = next(step.state for step in hand.steps if step.event.kind == "trump")
    assert [len(cards) for cards in after_trump.hands] == [6, 6, 5, 6, 6, 6]
    assert after_trump.face_down is not None and after_trump.face_down.code == "9H"
    assert after_trump.to_lead == 1 and not after_trump.revealed
    seat_one = after_trump.view(1)
    assert seat_one.trump is None and seat_one.face_down is None
    assert seat_one.hands[1] == () and seat_one.unknown[1] == 6 and len(seat_one.hands[0]) == 6
    caller_view = after_trump.view(3)
    assert caller_view.trump == "H" and caller_view.face_down is not None
    ask = next(step for step in hand.steps if step.event.kind == "action")
    assert (ask.event.seat, ask.event.trick, ask.event.token) == (2, 2, "ask")
    assert (ask.event.line, ask.event.column) == (19, 11)
    assert ask.state.revealed and ask.state.revealed_by == 2 and ask.state.view(1).trump == "H"
    assert len(ask.state.hands[2]) == 5, "the 9H is back in the caller's hand"
    end = hand.steps[-1].state
    assert end.over and end.decided and end.points == (40, 0) and end.tricks_won == (6, 0)


def test_normalize_fills_the_seats_a_record_leaves_out() -> None:
    head, tricks = EXAMPLE.split("trump 9H\n")
    text = head + "trump 9H\n" + re.sub(r"(?<= )[1-6]:", "", tricks)
    assert "3:" not in text.split("trump 9H")[1]
    record = recorder.loads(text)
    assert any(turn.seat is None for turn in record.hands[0].tricks[2].turns)
    filled = normalize(record)
    assert filled == recorder.loads(EXAMPLE)
    assert replay_session(filled).findings == []
