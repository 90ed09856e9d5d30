"""The dealers after a director inserts a hand (TOURNAMENT.md §10, RULES.md §8). A table played
its hands in turn, but its scorer missed hand 3: the Record page, knowing only the hands
recorded, preselected each later dealer one seat short, and the scorer tapped the calls and cards
as they came (so the engine found them out of turn). Once the director inserts hand 3, every later
hand's dealer that only repeated the rotation follows the rotation after it, in the same
transaction: the session is the one played, dealers and findings alike. A dealer the table chose
against the rotation is kept, and so is the dealer of a hand being played (the director is told).
Before, every later hand kept its old ``Dealer``: hand 4 was dealt by the same seat as the
inserted hand 3, with no finding to say so."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dashboard.day import actions, guard
from dashboard.day.source import open_day
from dashboard.recording.tricks import clicks
from dashboard.recording.tricks.position import locate, next_dealer
from recorder import dumps, loads
from recorder.archive import Archive, Author, open_archive
from recorder.games import GAMES
from recorder.model import Hand, Record, Tag
from replay.tricks import normalize, replay_session
from tests.day_setup import TOURNAMENT, set_up
from tests.test_day_from_tables import dealt

DIRECTOR = Author("director", "hand 3 was played but not recorded")
TABLE = Author("table 2", role="table", table=2)
SEATS = GAMES["28"].players
MISSED = 2
"""The index of the hand the scorer missed."""


def missing_hand_3(hands: list[Hand]) -> list[int]:
    """The played hands' indexes as recorded with hand 3 missed."""
    return [index for index in range(len(hands)) if index != MISSED]


@pytest.fixture
def archive(tmp_path: Path) -> Archive:
    opened = open_archive(tmp_path / "day.sqlite")
    set_up(opened)
    return opened


def dealt_as(hand: Hand, number: int, dealer: int | None) -> Hand:
    """``hand`` numbered ``number``, its ``Dealer`` tag ``dealer`` (none for ``None``)."""
    tags = [tag for tag in hand.tags if tag.name not in ("Hand", "Dealer")]
    dealing = [Tag(name="Dealer", value=str(dealer))] if dealer is not None else []
    return hand.model_copy(update={"tags": [Tag(name="Hand", value=str(number)), *dealing, *tags]})


def played(hands: int, chosen: dict[int, int] | None = None) -> list[Hand]:
    """The hands as the table played them: dealt in turn from seat 1, except where ``chosen``
    gives a hand's index the seat the table had deal it (the turn going on from him)."""
    rng = random.Random(3)
    dealer, kept = 1, []
    for index in range(hands):
        dealer = (chosen or {}).get(index, dealer)
        kept.append(dealt_as(dealt(rng, dealer), index + 1, dealer))
        dealer = dealer % SEATS + 1
    return kept


def recorded(
    archive: Archive, hands: list[Hand], order: list[int], chosen: dict[int, int] | None = None
) -> int:
    """Table 2's match as its scorer recorded it: the played hands of ``order`` (their indexes),
    each later hand dealt by the seat the page preselected (``next_dealer``: the rotation from the
    hands recorded) unless the table chose one (by the played hand's index)."""
    bundled = loads((TOURNAMENT / "group-a-round-1-vallams-chendas.tgn").read_text("utf-8"))
    day = open_day(archive)
    session = actions.start_match(day, actions.table_match(day, 2), TABLE, tuple(bundled.players))
    record = archive.record(session)
    kept: list[Hand] = []
    for index in order:
        hand = hands[index]
        so_far = record.model_copy(update={"hands": kept})
        preselected = next_dealer(so_far) if kept else hand.dealer
        kept.append(dealt_as(hand, len(kept) + 1, (chosen or {}).get(index, preselected)))
    text = dumps(record.model_copy(update={"hands": kept}))
    actions.correct(open_day(archive), session, 1, text, Author("director", "the paper sheet"))
    return session


def insert_hand_3(archive: Archive, session: int, hands: list[Hand]) -> str:
    """The director's correction of hand 2 into hand 2 and the missed hand (its dealer left to
    the rotation, as a file's later hand has it); what the director is told."""
    record = archive.record(session)
    missed = dealt_as(hands[MISSED], 2, None)
    text = actions.correction_text(record, 1, [record.hands[1], missed])
    return actions.correct(open_day(archive), session, 2, text, DIRECTOR)


def judged(record: Record) -> tuple[list[int], list[set[str]]]:
    """Each hand's dealer and the codes of its findings, as the engine gives them."""
    replayed = replay_session(normalize(record)).hands
    return [hand.dealer for hand in replayed], [
        {f.code for f in hand.findings} for hand in replayed
    ]


def test_the_inserted_hand_moves_the_later_dealers_on_to_the_hands_as_played(
    archive: Archive,
) -> None:
    hands = played(12)
    session = recorded(archive, hands, missing_hand_3(hands))
    out_of_turn = judged(archive.record(session))[1][MISSED:]
    assert all(codes & {"bid-out-of-turn", "lead-out-of-turn"} for codes in out_of_turn)
    said = insert_hand_3(archive, session, hands)
    after = archive.record(session)
    whole = archive.record(session).model_copy(update={"hands": hands})
    assert judged(after) == judged(whole)  # the dealers and findings of the match as played
    moved = [hand.dealer for hand in after.hands[MISSED + 1 :]]  # each tag written anew
    assert moved == [hand.dealer for hand in hands[MISSED + 1 :]]
    assert "the dealers of hands 4, 5, 6, 7, 8, 9, 10, 11, 12 follow the rotation after it" in said
    kinds = [entry.event.kind for entry in archive.events(session)]
    assert kinds.count("rewrite") == 1 + 1 + 9  # the import, the insert, each hand moved on


def test_a_dealer_the_table_chose_is_kept_and_the_turn_goes_on_from_him(
    archive: Archive,
) -> None:
    chosen = {6: 2}  # hand 7 was dealt by seat 2, not by seat 1 as the turn gave
    hands = played(10, chosen)
    session = recorded(archive, hands, missing_hand_3(hands), chosen)
    said = insert_hand_3(archive, session, hands)
    after = archive.record(session)
    assert judged(after)[0] == [hand.dealer for hand in hands]
    assert after.hands[6].dealer == 2
    assert "the dealers of hands 4, 5, 6 follow the rotation after it" in said


def test_the_hand_being_played_keeps_its_dealer_and_the_director_is_told(
    archive: Archive,
) -> None:
    hands = played(6)
    session = recorded(archive, hands, missing_hand_3(hands[:5]))
    start = clicks.next_hand_click(locate(session, archive.events(session)))  # hand 5 at table 2
    assert isinstance(start, clicks.Accepted)
    guard.append_all(archive, session, start.events, TABLE)
    playing = archive.record(session).hands[4].dealer
    said = insert_hand_3(archive, session, hands)
    after = archive.record(session)
    assert judged(after)[0][:5] == [hand.dealer for hand in hands[:5]]
    assert after.hands[5].dealer == playing != hands[5].dealer
    assert "the dealers of hands 4, 5 follow the rotation after it" in said
    assert (
        f"hand 6 is being played: its dealer, seat {playing}, is kept "
        f"(the rotation gives seat {hands[5].dealer})"
    ) in said
    assert len(archive.ended_record(session).hands) == 5  # still being played


def test_a_hand_recorded_twice_voided_moves_the_later_dealers_back(archive: Archive) -> None:
    hands = played(8)
    session = recorded(archive, hands, [0, 1, 1, *range(2, 8)])  # hand 2 recorded twice
    nothing = dumps(archive.record(session).model_copy(update={"hands": []}))
    twice = Author("director", "hand 2 was recorded twice")
    said = actions.correct(open_day(archive), session, 3, nothing, twice)
    after = archive.record(session)
    whole = after.model_copy(update={"hands": hands})
    assert judged(after) == judged(whole)
    assert [hand.dealer for hand in after.hands] == [hand.dealer for hand in hands]
    assert "; the dealers of hands 3, " in said
