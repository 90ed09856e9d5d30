"""What one seat knows at one step: the filter of the Replay page's tricks, findings and flags."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from dashboard.library import load
from dashboard.views.tricks.sight import (
    card_flags,
    card_symbols,
    evidence,
    hand_cards,
    shown_findings,
    sight,
    trick_table,
    tricks_seen,
)
from recorder.cards import Card
from recorder.model import Record
from replay.tricks import HandReplay, replay_hand

REPOSITORY = Path(__file__).resolve().parent.parent
CLUB = REPOSITORY / "tests" / "browser" / "sessions" / "club-night-40.tgn"
EXAMPLE = REPOSITORY / "data" / "tgn-example-40.tgn"
FAIZ, ANIL = 6, 1

SHORT_HAND = """[Game "40"]
[Players "Anil, Biju, Chitra, Dev, Eli, Faiz"]
[Teams "Red, Blue"]

[Hand "1"]
[Dealer "1"]
deal 1: JS 3S KD QD 7C 8C
deal 2: JC 3C 9C AC TC KH
deal 3: JH 3H 9H AH AS 7D
deal 4: 9S TS KS TH QH 8H
deal 5: JD 3D 9D QS 8S 7S
deal 6: AD TD 8D QC KC 7H
bid 2:20 3:22 4:24 5:pass 1:pass 6:pass
trump TH
1. 2:KH 3:AH 4:QH 5:9D 6:QC 1:7C
"""


def read_bytes(name: str, data: bytes) -> Record:
    session = load(name, name, data)
    assert session.record is not None and session.playable
    return session.record


@pytest.fixture(scope="module")
def revoke_hand() -> HandReplay:
    """Hand 2 of the club night: Faiz throws Q♣ on a heart lead, and plays 7♥ in trick 2."""
    return replay_hand(read_bytes(CLUB.name, CLUB.read_bytes()), 1)


def step_of(hand: HandReplay, token: str) -> int:
    steps = hand.steps or []
    return next(i for i, s in enumerate(steps) if (s.event.kind, s.event.token) == ("card", token))


def test_a_seat_knows_its_own_cards_and_the_cards_played(revoke_hand: HandReplay) -> None:
    view = sight(revoke_hand, 0, ANIL)
    own = {Card.parse(code) for code in ["JS", "3S", "KD", "QD", "7C", "8C"]}
    assert view.known == own
    later = sight(revoke_hand, step_of(revoke_hand, "AH"), ANIL)
    assert later.known == own | {Card.parse("KH"), Card.parse("AH")}
    assert sight(revoke_hand, 0, None).known is None
    assert len(hand_cards(revoke_hand)) == 36


def test_the_trump_is_known_to_the_caller_and_to_nobody_else_while_hidden(
    revoke_hand: HandReplay,
) -> None:
    after_trump = next(i for i, s in enumerate(revoke_hand.steps or []) if s.event.kind == "trump")
    caller = revoke_hand.result.caller
    assert caller == 4
    assert sight(revoke_hand, after_trump, caller).trump_known
    assert Card.parse("TH") in (sight(revoke_hand, after_trump, caller).known or ())
    assert not sight(revoke_hand, after_trump, ANIL).trump_known
    assert Card.parse("TH") not in (sight(revoke_hand, after_trump, ANIL).known or ())


def test_a_revoke_is_known_where_its_proof_is_public(revoke_hand: HandReplay) -> None:
    revoke = step_of(revoke_hand, "QC")
    proof_played = step_of(revoke_hand, "7H")
    referee = [s for s in shown_findings(revoke_hand, None) if s.finding.code == "revoke"]
    offender = [s for s in shown_findings(revoke_hand, FAIZ) if s.finding.code == "revoke"]
    other = [s for s in shown_findings(revoke_hand, ANIL) if s.finding.code == "revoke"]
    assert [s.step for s in referee] == [revoke]
    assert [s.step for s in offender] == [revoke]
    assert [s.step for s in other] == [proof_played]
    assert other[0].at.step == revoke
    assert other[0].played == Card.parse("QC") and other[0].proof == {Card.parse("7H")}
    assert card_flags(other) == {Card.parse("QC"): "finding", Card.parse("7H"): "proof"}


def test_a_proof_left_in_a_hidden_hand_is_never_shown_to_another_seat() -> None:
    hand = replay_hand(read_bytes("short.tgn", SHORT_HAND.encode()), 0)
    codes = [s.finding.code for s in shown_findings(hand, ANIL)]
    assert codes == ["unfinished-hand"]
    faiz = [s for s in shown_findings(hand, FAIZ) if s.finding.code == "revoke"]
    assert card_symbols(faiz[0].finding) == (
        "trick 1: Faiz (seat 6) threw Q♣ on a heart lead but held 7♥, as the deal shows"
    )
    assert [s.finding.code for s in shown_findings(hand, None)] == ["revoke", "unfinished-hand"]


def test_a_fault_in_a_whole_hand_needs_every_card_of_that_hand(revoke_hand: HandReplay) -> None:
    finding = replace(revoke_hand.findings[0], code="missed-redeal", seat=FAIZ, message="held")
    assert evidence(revoke_hand, finding) == sight(revoke_hand, 0, FAIZ).known


def test_card_symbols_leave_a_name_that_looks_like_a_card_alone(revoke_hand: HandReplay) -> None:
    finding = replace(
        revoke_hand.findings[0],
        player="AS",
        message="trick 1: AS (seat 6) threw QC on a heart lead but held TH, played in trick 2",
    )
    assert card_symbols(finding) == (
        "trick 1: AS (seat 6) threw Q♣ on a heart lead but held 10♥, played in trick 2"
    )


def test_a_seat_sees_the_tricks_up_to_the_card_on_the_table(revoke_hand: HandReplay) -> None:
    record = read_bytes(CLUB.name, CLUB.read_bytes())
    assert tricks_seen(revoke_hand, sight(revoke_hand, 0, ANIL)) == []
    revoke = step_of(revoke_hand, "QC")
    seen = tricks_seen(revoke_hand, sight(revoke_hand, revoke, ANIL))
    assert [len(t.plays) for t in seen] == [5]
    assert seen[0].winner is None and seen[0].points is None
    table = trick_table(record, seen)
    assert table.iloc[0]["Cards"] == "Biju K♥ · Chitra A♥ · Dev Q♥ · Eli 9♦ · Faiz Q♣"
    assert (table.iloc[0]["Winner"], table.iloc[0]["Points"]) == ("", "")
    everything = tricks_seen(revoke_hand, sight(revoke_hand, 0, None))
    assert [len(t.plays) for t in everything] == [6, 6]


def test_trump_marks_wait_for_the_reveal() -> None:
    record = read_bytes(EXAMPLE.name, EXAMPLE.read_bytes())
    hand = replay_hand(record, 0)
    steps = hand.steps or []
    marked = next(i for i, s in enumerate(steps) if any(play.trump for play in s.state.trick_plays))
    caller = hand.result.caller
    assert caller is not None
    other = caller % len(record.players) + 1
    for seat in (caller, other, None):
        seen = tricks_seen(hand, sight(hand, marked, seat))
        assert any(play.trump for trick in seen for play in trick.plays)
    reveal = next(i for i, s in enumerate(steps) if s.state.revealed)
    for index in range(reveal):
        for trick in tricks_seen(hand, sight(hand, index, other)):
            assert not any(play.trump for play in trick.plays)


def test_a_finding_that_names_the_hidden_trump_waits_for_the_trump(
    revoke_hand: HandReplay,
) -> None:
    finding = replace(revoke_hand.findings[0], code="illegal-trump-lead", seat=FAIZ)
    with_trump = replace(
        revoke_hand,
        findings=[finding],
        steps=[replace(step, findings=()) for step in revoke_hand.steps or []],
    )
    caller = revoke_hand.result.caller
    assert [s.step for s in shown_findings(with_trump, caller)] == [len(with_trump.steps or []) - 1]
    assert shown_findings(with_trump, ANIL) == []
