"""The Record page offers a hold (a bid equal to the standing one) exactly when the calling system
lets the speaker due hold: the earlier of the pair in a 29 duel (``auction=hold``), never the
challenger, never in the rotating auction, never with no bid standing."""

from __future__ import annotations

from pathlib import Path

import pytest

from dashboard.recording.tricks import clicks
from dashboard.recording.tricks.offers import hold_label, hold_offer
from dashboard.recording.tricks.position import Position, locate
from dashboard.recording.tricks.setup import SessionSetup
from recorder.archive import Archive, HandStarted, open_archive
from recorder.tgn import dumps

PLAYERS = ("Anil", "Biju", "Chitra", "Dev")


@pytest.fixture
def archive(tmp_path: Path) -> Archive:
    return open_archive(tmp_path / "archive.sqlite")


def start(archive: Archive, rules: str) -> int:
    setup = SessionSetup("29", PLAYERS, ("Red", "Blue"), 4, rules=rules)
    assert setup.problems() == []
    session = archive.create_session(setup.tags())
    archive.append(session, HandStarted.numbered(1, dealer=4))
    return session


def at(archive: Archive, session: int) -> Position:
    return locate(session, archive.events(session))


def offers_along(archive: Archive, session: int, calls: str) -> list[str]:
    """Record ``calls`` (``seat:call``) one by one; before each, the seat due and the hold offered
    (``-`` for none), as ``seat=hold``."""
    seen = []
    for token in calls.split():
        seat, call = token.split(":")
        position = at(archive, session)
        offer = hold_offer(position)
        seen.append(f"{position.seat}={offer.token if offer else '-'}")
        assert clicks.commit(archive, session, clicks.call_click(position, int(seat), call)) is None
    return seen


def test_the_hold_is_offered_to_the_earlier_of_the_pair_only(archive: Archive) -> None:
    session = start(archive, "auction=hold")
    seen = offers_along(archive, session, "1:16 2:17 1:17 2:pass 3:18 1:18 3:pass 4:19 1:pass")
    assert seen == ["1=-", "2=-", "1=17", "2=-", "3=-", "1=18", "3=-", "4=-", "1=19"]
    position = at(archive, session)
    assert (position.phase, position.seat, hold_offer(position)) == ("trump", 4, None)


def test_a_held_28_is_offered_and_then_only_passes_are_left(archive: Archive) -> None:
    session = start(archive, "auction=hold")
    seen = offers_along(archive, session, "1:16 2:28 1:28 2:pass 3:pass")
    assert seen == ["1=-", "2=-", "1=28", "2=-", "3=-"]
    position = at(archive, session)
    assert (position.seat, hold_offer(position)) == (4, None)


def test_pressing_the_hold_records_the_equal_bid_and_the_holder_wins(archive: Archive) -> None:
    session = start(archive, "auction=hold")
    offers_along(archive, session, "1:16 2:17")
    position = at(archive, session)
    offer = hold_offer(position)
    assert offer is not None and hold_label(offer) == "Hold 17"
    decision = clicks.call_click(position, position.seat or 0, offer.token)
    assert clicks.commit(archive, session, decision) is None
    offers_along(archive, session, "2:pass 3:pass 4:pass")
    position = at(archive, session)
    assert (position.phase, position.seat) == ("trump", 1)
    assert "bid 1:16 2:17 1:17 2:pass 3:pass 4:pass\n" in dumps(position.record)
    assert position.findings == []


def test_the_rotating_auction_never_offers_a_hold(archive: Archive) -> None:
    session = start(archive, "")
    seen = offers_along(archive, session, "1:16 2:17 3:18 4:pass 1:19 2:pass 3:pass")
    assert seen == ["1=-", "2=-", "3=-", "4=-", "1=-", "2=-", "3=-"]
