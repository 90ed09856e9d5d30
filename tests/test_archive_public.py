"""What the room sees of a hand being played (TOURNAMENT.md §10): recorded event by event into an
archive, the example's first hand shows, while it is open, no deal line, no face-down card until
the trump is asked for, and no card of the trick in progress; once it has ended, all of it. The
pages read archived sessions through ``load_archived``, which shows the same; the day's standings
count a hand only once it has ended."""

from __future__ import annotations

from pathlib import Path

from dashboard.library import load_archived
from recorder import read
from recorder.archive import HandEnded, TurnPlayed, events_from_record, open_archive
from recorder.model import Record
from tests.archive_sessions import stored_event_by_event

EXAMPLE = Path(__file__).resolve().parent.parent / "data" / "tgn-example-40.tgn"


def first_hand() -> Record:
    record = read(EXAMPLE.read_text(encoding="utf-8"), str(EXAMPLE)).record
    assert record is not None
    return record.model_copy(update={"hands": record.hands[:1]})


def test_a_hand_being_played_shows_only_what_the_table_has_shown(tmp_path: Path) -> None:
    archive = open_archive(str(tmp_path / "a.sqlite"))
    events = events_from_record(first_hand())
    session = archive.create_session(events[0].tags)  # type: ignore[union-attr]
    seen: list[tuple[int, int, str | None, int]] = []  # deals, tricks, trump, cards in view
    for event in events[1:]:
        archive.append(session, event)
        hand = archive.public_record(session).hands[0]
        cards = sum(1 for trick in hand.tricks for turn in trick.turns if turn.card)
        trump = hand.trump.card.code if hand.trump and hand.trump.card else None
        seen.append((len(hand.deals), len(hand.tricks), trump, cards))
        if isinstance(event, HandEnded):
            break
        full = archive.record(session).hands[0]
        assert len(hand.deals) == 0
        assert cards == 6 * len(hand.tricks) and len(hand.tricks) >= len(full.tricks) - 1
        asked = any(a.kind == "ask" for t in full.tricks[:2] for tn in t.turns for a in tn.actions)
        if trump is not None:
            assert asked and len(hand.tricks) >= 2  # shown once trick 2's ask is finished
        if isinstance(event, TurnPlayed) and len(full.tricks) == 2 and len(hand.tricks) == 1:
            assert trump is None  # the ask is in the trick in progress: not yet for the room
    assert seen[-1] == (6, 6, "9H", 36)  # the hand ended: all of it
    assert (None in {trump for _, _, trump, _ in seen}) and ("9H" in {t for _, _, t, _ in seen})
    assert archive.public_record(session) == archive.record(session)


def test_the_pages_and_the_standings_read_the_public_and_the_ended_hands(tmp_path: Path) -> None:
    archive = open_archive(str(tmp_path / "a.sqlite"))
    # the deal, the calls, the trump and part of trick 1
    session = stored_event_by_event(archive, events_from_record(first_hand()), 20)
    summary = archive.sessions()[0]
    shown = load_archived(archive, summary).record
    assert shown is not None and shown.hands[0].deals == []
    trump = shown.hands[0].trump  # put down, as the room saw, but not which card
    assert trump is not None and trump.card is None and trump.suit is None
    assert archive.ended_record(session).hands == []
    assert len(archive.record(session).hands[0].deals) == 6
