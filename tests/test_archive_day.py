"""The archive's day: the day's log (description, schedule, voids, stands, payments), scheduled
starts refused twice, the director's corrections of whole hands and session tags, who wrote each
event, a stale page's write refused, and an archive of the first schema brought up to date; in
SQLite and PostgreSQL alike."""

from __future__ import annotations

import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from recorder import dumps, loads
from recorder.archive import (
    Archive,
    ArchiveError,
    Author,
    DescriptionSet,
    HandsRewritten,
    MatchScheduled,
    MatchUnscheduled,
    PaymentMade,
    SessionStands,
    SessionTagged,
    SessionVoided,
    Undone,
    open_archive,
)
from recorder.model import Tag
from tests.test_archive_store import location  # noqa: F401  (the SQLite/PostgreSQL fixture)

pytest_plugins = ["tests.pg_server"]

EVENT = "Kerala House Card Tournament"
DIRECTOR = Author("director", "the scorer put two cards in the wrong tricks")
MATCH = Path(__file__).resolve().parent.parent / "data" / "tournament" / "semi-final-sf1.tgn"


@pytest.fixture
def archive(location: str) -> Archive:  # noqa: F811
    return open_archive(location)


def _tags(schedule: str) -> list[Tag]:
    return [
        Tag(name="Game", value="28"),
        Tag(name="Players", value="a, b, c, d, e, f"),
        Tag(name="Event", value=EVENT),
        Tag(name="Schedule", value=schedule),
    ]


def test_the_day_log_keeps_each_entry_with_its_author_and_folds_to_what_stands(
    archive: Archive,
) -> None:
    archive.append_day(EVENT, DescriptionSet(text='name = "x"'), Author("director", "set up"))
    archive.append_day(EVENT, DescriptionSet(text=f'name = "{EVENT}"'), Author("director"))
    archive.append_day(
        EVENT, MatchScheduled(id="G1", game="28", stage="group", round=1, table=3, teams=["A", "B"])
    )
    archive.append_day(EVENT, MatchScheduled(id="G2", game="28", stage="group", round=1, table=4))
    archive.append_day(EVENT, MatchUnscheduled(id="G2"), Author("director", "table broken"))
    session = archive.create_session(_tags("G1"))
    archive.append_day(EVENT, SessionVoided(session=session), Author("referee Mathew", "twice"))
    archive.append_day(EVENT, SessionStands(session=session), Author("director"))
    archive.append_day(EVENT, PaymentMade(person="Anu", amount=50, note="cash"), Author("desk"))
    archive.append_day("Another day", DescriptionSet(text='name = "Another day"'))

    entries = archive.day_log(EVENT)
    assert [entry.event.kind for entry in entries] == [
        "description", "description", "schedule", "schedule", "unschedule", "void", "stand", "pay"
    ]  # fmt: skip
    assert [(entry.who, entry.why) for entry in entries][4:6] == [
        ("director", "table broken"),
        ("referee Mathew", "twice"),
    ]
    assert entries[5].session_id == session
    assert len(archive.day_log()) == 9
    state = archive.day_state(EVENT)
    assert state.description == f'name = "{EVENT}"'
    assert list(state.schedule) == ["G1"]
    assert state.voids == {session: "twice"}
    assert state.stands == {session}
    assert [(p.person, p.amount) for p in state.payments] == [("Anu", 50)]


@pytest.mark.parametrize(
    ("event", "why", "message"),
    [
        (MatchScheduled(id="G1", game="28", stage="group", table=2), "", "match id G1 is taken"),
        (MatchScheduled(id="G9", game="28", stage="group", table=0), "", "table 0: tables are"),
        (MatchUnscheduled(id="G7"), "", "match G7 is not on the schedule"),
        (SessionVoided(session=1), "", "a void needs a reason"),
        (SessionVoided(session=99), "why", "archive has no session 99"),
    ],
)
def test_the_day_log_refuses_what_cannot_stand_and_stores_nothing(
    archive: Archive, event: object, why: str, message: str
) -> None:
    archive.append_day(EVENT, MatchScheduled(id="G1", game="28", stage="group", table=1))
    archive.create_session(_tags("G1"))
    before = len(archive.day_log())
    with pytest.raises(ArchiveError, match=message) as caught:
        archive.append_day(EVENT, event, Author("director", why))  # type: ignore[arg-type]
    assert str(caught.value).endswith("nothing was stored")
    assert len(archive.day_log()) == before


def test_a_scheduled_match_starts_once_until_its_session_is_void(archive: Archive) -> None:
    first = archive.start_scheduled(_tags("QF1"), "QF1", Author("table 3"))
    with pytest.raises(ArchiveError, match=f"match QF1 has been started already .session {first}"):
        archive.start_scheduled(_tags("QF1"), "QF1", Author("table 3"))
    archive.append_day(EVENT, SessionVoided(session=first), Author("director", "wrong players"))
    second = archive.start_scheduled(_tags("QF1"), "QF1", Author("table 3"))
    summaries = {summary.id: summary for summary in archive.sessions()}
    assert (summaries[second].schedule, summaries[second].event) == ("QF1", EVENT)
    assert summaries[second].origin == "live"


def test_four_tables_starting_one_match_at_once_start_it_once(archive: Archive) -> None:
    def start(_: int) -> int | None:
        try:
            return archive.start_scheduled(_tags("F"), "F", Author("table 1"))
        except ArchiveError:
            return None

    with ThreadPoolExecutor(4) as pool:
        started = [result for result in pool.map(start, range(4)) if result is not None]
    assert len(started) == 1
    assert [s.schedule for s in archive.sessions()] == ["F"]


def test_the_director_moves_cards_between_tricks_of_a_finished_hand(archive: Archive) -> None:
    record = loads(MATCH.read_text(encoding="utf-8"))
    session = archive.import_record(record, Author("director", "paper sheet"))
    hand = record.hands[0]
    first, second = hand.tricks[0], hand.tricks[1]
    # the scorer swapped the first cards of tricks 1 and 2: the correction puts them right
    swapped = [
        first.model_copy(update={"turns": [second.turns[0], *first.turns[1:]]}),
        second.model_copy(update={"turns": [first.turns[0], *second.turns[1:]]}),
    ]
    wrong = record.model_copy(
        update={
            "hands": [
                hand.model_copy(update={"tricks": [*swapped, *hand.tricks[2:]]}),
                *record.hands[1:],
            ]
        }
    )
    text = dumps(wrong.model_copy(update={"hands": [record.hands[0]]}))
    bad = archive.import_record(wrong, Author("table 2"))
    archive.append(bad, HandsRewritten(hand=1, text=text), DIRECTOR)
    assert archive.record(bad).hands[0] == record.hands[0]
    assert archive.export_tgn(bad) == archive.export_tgn(session)
    log = archive.events(bad)
    assert (log[-1].who, log[-1].why) == (
        "director",
        "the scorer put two cards in the wrong tricks",
    )
    assert {entry.who for entry in log[:-1]} == {"table 2"}


def test_a_hand_is_voided_or_a_missing_one_inserted_and_the_hands_are_numbered_on(
    archive: Archive,
) -> None:
    record = loads(MATCH.read_text(encoding="utf-8"))
    session = archive.import_record(record)
    count = len(record.hands)
    archive.append(session, HandsRewritten(hand=2, text=_session_text(record, [])), DIRECTOR)
    assert len(archive.record(session).hands) == count - 1
    twice = _session_text(record, [0, 1])
    archive.append(session, HandsRewritten(hand=1, text=twice), DIRECTOR)
    hands = archive.record(session).hands
    assert len(hands) == count
    assert [hand.tag("Hand").value for hand in hands] == [str(n) for n in range(1, count + 1)]  # type: ignore[union-attr]


def test_a_correction_that_cannot_be_read_or_plays_a_card_twice_is_refused(
    archive: Archive,
) -> None:
    record = loads(MATCH.read_text(encoding="utf-8"))
    session = archive.import_record(record)
    text = _session_text(record, [0])
    first_card = str(record.hands[0].tricks[0].turns[0].card)
    second_card = str(record.hands[0].tricks[1].turns[0].card)
    twice = text.replace(f":{second_card}", f":{first_card}", 1)
    refusals = {
        "hand 99 is not in the session .it has 12 hands.": HandsRewritten(hand=99, text=text),
        "the corrected hand cannot be read: line": HandsRewritten(hand=1, text=text + "\n7. x"),
        f"hand 1 of the correction plays {first_card} twice": HandsRewritten(hand=1, text=twice),
        r"cannot be read: line \d+, column \d+: card '\w+' is not in the pack of 40": (
            HandsRewritten(hand=1, text=text.replace('[Game "28"]', '[Game "40"]'))
        ),
    }
    for message, event in refusals.items():
        with pytest.raises(ArchiveError, match=message):
            archive.append(session, event, DIRECTOR)
    assert len(archive.events(session)) == len(archive.events(session))
    assert archive.record(session) == record


def test_an_undo_never_cancels_the_directors_correction(archive: Archive) -> None:
    record = loads(MATCH.read_text(encoding="utf-8"))
    session = archive.create_session(record.tags)
    archive.append(
        session, SessionTagged(name="Decision", value="Tuskers", remark="time"), DIRECTOR
    )
    with pytest.raises(ArchiveError, match="there is nothing to undo"):
        archive.append(session, Undone(), Author("table 2"))
    decided = archive.record(session).tag("Decision")
    assert decided is not None
    assert (decided.value, decided.remark) == ("Tuskers", "time")
    archive.append(session, SessionTagged(name="Decision", value=""), DIRECTOR)
    assert archive.record(session).tag("Decision") is None
    with pytest.raises(ArchiveError, match="a tag value cannot hold"):
        archive.append(session, SessionTagged(name="Stage", value='x"] [Rules "a'), DIRECTOR)


def test_a_write_from_a_page_drawn_before_the_last_event_is_refused(archive: Archive) -> None:
    session = archive.create_session(_tags("G1"))
    seen = len(archive.events(session))
    archive.append(session, SessionTagged(name="Round", value="1"), after=seen)
    with pytest.raises(ArchiveError, match="another device recorded here"):
        archive.append(session, SessionTagged(name="Round", value="2"), after=seen)
    assert archive.record(session).tag("Round").value == "1"  # type: ignore[union-attr]


def test_an_archive_of_the_first_schema_is_brought_up_to_date(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as connection:
        connection.executescript(
            """
            CREATE TABLE archive_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            INSERT INTO archive_meta VALUES ('schema', '1');
            CREATE TABLE sessions (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL,
                created_at TEXT NOT NULL, last_seq BIGINT NOT NULL);
            CREATE TABLE events (session_id BIGINT NOT NULL REFERENCES sessions (id),
                seq BIGINT NOT NULL, hand INTEGER NOT NULL, kind TEXT NOT NULL,
                payload TEXT NOT NULL, recorded_at TEXT NOT NULL, PRIMARY KEY (session_id, seq));
            INSERT INTO sessions VALUES (1, '40', '2026-01-01T00:00:00', 1);
            INSERT INTO events VALUES (1, 1, 0, 'session',
                '{"tags":[{"name":"Game","value":"40"},{"name":"Players","value":"a,b,c,d,e,f"}]}',
                '2026-01-01T00:00:00');
            """
        )
    archive = open_archive(str(path))
    assert [(s.id, s.origin, s.schedule) for s in archive.sessions()] == [(1, "live", None)]
    assert archive.events(1)[0].who == "local"
    archive.append_day(EVENT, PaymentMade(person="Anu", amount=50))
    assert open_archive(str(path)).day_log(EVENT)[0].who == "local"


def _session_text(record: object, hands: list[int]) -> str:
    """The record's session tags with the hands at these indexes, as TGN."""
    from recorder.model import Record

    assert isinstance(record, Record)
    return dumps(record.model_copy(update={"hands": [record.hands[i] for i in hands]}))
