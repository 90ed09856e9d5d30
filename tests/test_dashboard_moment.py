"""A moment of a replayed hand as the Replay page draws it: seats, trick, trump, points."""

from __future__ import annotations

from pathlib import Path

import pytest

from dashboard.library import load
from dashboard.views.tricks.moment import (
    findings_by_step,
    headline,
    step_tricks,
    table_view,
)
from dashboard.views.tricks.sight import sight, trick_table, tricks_seen
from dashboard.views.tricks.table import table_html
from recorder.games import GAMES
from recorder.model import Record
from replay.tricks import HandReplay, replay_hand

REPOSITORY = Path(__file__).resolve().parent.parent
EXAMPLE = REPOSITORY / "data" / "tgn-example-40.tgn"
CLUB = REPOSITORY / "tests" / "browser" / "sessions" / "club-night-40.tgn"


def read(path: Path) -> Record:
    """A sample file read, normalized and checked readable, as the dashboard loads it."""
    session = load(path.name, path.name, path.read_bytes())
    assert session.record is not None and session.playable
    return session.record


@pytest.fixture(scope="module")
def example() -> tuple[Record, HandReplay]:
    record = read(EXAMPLE)
    return record, replay_hand(record, 0)


def step_of(hand: HandReplay, kind: str, token: str) -> int:
    """The index of the first step whose event has this kind and token."""
    return next(
        i for i, s in enumerate(hand.steps or []) if (s.event.kind, s.event.token) == (kind, token)
    )


def test_the_ask_turns_the_trump_up_with_who_and_when(example: tuple[Record, HandReplay]) -> None:
    record, hand = example
    before = table_view(record, hand, step_of(hand, "card", "3S"), None)
    assert before.trump is not None and not before.trump.revealed
    assert before.trump.card is not None and before.trump.card.code == "9H"  # the referee knows
    after = table_view(record, hand, step_of(hand, "action", "ask"), None)
    trump = after.trump
    assert trump is not None and trump.revealed
    assert (trump.revealed_by, trump.revealed_in, trump.how) == ("Biju", 2, "ask")
    assert headline(record, hand, step_of(hand, "action", "ask")) == "Trick 2: Biju says ask"


def test_a_seat_sees_only_its_own_cards(example: tuple[Record, HandReplay]) -> None:
    record, hand = example
    index = step_of(hand, "trump", "9H")
    everyone = table_view(record, hand, index, None)
    biju = table_view(record, hand, index, 2)
    assert biju.bottom == 2 and biju.viewer == "Biju (seat 2)"
    assert len(biju.seats[1].cards) == 6 and biju.seats[1].unknown == 0
    for other in (0, 2, 3, 4, 5):
        assert (
            biju.seats[other].cards == ()
            and biju.seats[other].unknown
            == len(everyone.seats[other].cards) + everyone.seats[other].unknown
        )
    assert biju.trump is not None and biju.trump.card is None  # only the caller knows it
    chitra = table_view(record, hand, index, 3)
    assert chitra.trump is not None and chitra.trump.card is not None


def test_a_complete_trick_shows_its_winner_and_counts_its_points(
    example: tuple[Record, HandReplay],
) -> None:
    record, hand = example
    tricks = step_tricks(hand)
    end_of_first = max(i for i, trick in enumerate(tricks) if trick == 1)
    view = table_view(record, hand, end_of_first, None)
    winners = [seat.name for seat in view.seats if seat.won_trick]
    first = hand.tricks[0]
    assert winners == [record.player(first.winner or 0)]
    red, blue = view.teams
    assert (red.points, red.tricks, blue.points) == (first.points, 1, 0)
    assert all(seat.played is not None for seat in view.seats)
    last = table_view(record, hand, len(tricks) - 1, None)
    assert sum(team.points for team in last.teams) == sum(t.points or 0 for t in hand.tricks)


def test_trick_table_lists_leader_cards_winner_points(example: tuple[Record, HandReplay]) -> None:
    record, hand = example
    table = trick_table(record, tricks_seen(hand, sight(hand, 0, None)))
    assert list(table["Trick"]) == [t.number for t in hand.tricks]
    assert table.iloc[0]["Leader"] == "Anil" and table.iloc[0]["Cards"].startswith("Anil J♠")
    assert sum(int(points) for points in table["Points"]) == sum(t.points or 0 for t in hand.tricks)
    assert table.iloc[1]["Trump turned up"] == "Biju"


def test_findings_are_placed_at_the_step_they_arise() -> None:
    record = read(CLUB)
    hand = replay_hand(record, 1)
    placed = findings_by_step(hand)
    assert [at.finding.code for at in placed] == ["revoke", "unfinished-hand"]
    revoke = placed[0]
    assert revoke.step == step_of(hand, "card", "QC")
    assert revoke.summary == "did not follow suit"
    assert (hand.steps or [])[revoke.step].findings == (revoke.finding,)
    view = table_view(record, hand, revoke.step, None)
    assert "Faiz plays Q♣" in view.headline


def test_every_step_of_every_sample_hand_is_drawn_with_every_card_accounted_for() -> None:
    for path in sorted((REPOSITORY / "data").glob("*.tgn")):
        if path.name.startswith("rummy"):  # a Rummy game has no trick table
            continue
        record = read(path)
        size = GAMES[record.game].hand_size
        for index in range(len(record.hands)):
            hand = replay_hand(record, index)
            played: dict[int, int] = {}
            for step, moment in enumerate(hand.steps or []):
                if moment.event.kind == "card" and moment.event.seat:
                    played[moment.event.seat] = played.get(moment.event.seat, 0) + 1
                view = table_view(record, hand, step, None)
                assert table_html(view) and headline(record, hand, step)
                if hand.result.outcome == "redeal" or moment.state.over:
                    continue
                for seat in view.seats:
                    held = len(seat.cards) + seat.unknown + played.get(seat.seat, 0)
                    face_down = (
                        view.trump is not None
                        and not view.trump.revealed
                        and record.player(seat.seat) == view.trump.caller
                    )
                    assert held + face_down == size, (path.name, index, step, seat.seat)
