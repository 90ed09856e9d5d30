"""A scorer's taps in the archive, SQLite and PostgreSQL alike: each stored exactly once however
often it is sent, in the phone's order, its events with it or not at all, judged once; one phone
writing a table, another kept apart until it takes the table over; eight senders of the same taps
at once; the keys' reach as for any write."""

from __future__ import annotations

import datetime
import json
import random
import sqlite3
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from recorder.archive import (
    LOCAL,
    Archive,
    ArchiveError,
    Author,
    Decide,
    Event,
    LoggedEvent,
    SessionCreated,
    SessionTagged,
    Tap,
    TapAnswer,
    TurnPlayed,
    event_from_json,
    events_from_record,
    open_archive,
    taps,
)
from recorder.archive.database import Transaction
from recorder.archive.events import ArchiveUnavailable, encode_payload
from recorder.archive.keys import issue, resolve, revoke
from recorder.cards import Card
from tests.archive_sessions import generated_record
from tests.test_archive_store import location  # noqa: F401  (the SQLite/PostgreSQL fixture)

pytest_plugins = ["tests.pg_server"]

PHONE, OTHER = "phone-aaaa1111", "phone-bbbb2222"
EVENTS = events_from_record(generated_record("28", 2, seed=5))
"""A real 28 session: its creation (tags ``Event "Table 5"``, ``Table "5"``), then the play."""
TOURNAMENT = "Table 5"
TABLE5 = Author("table 5", "", "table", 5, TOURNAMENT)


@pytest.fixture
def archive(location: str) -> Archive:  # noqa: F811
    return open_archive(location)


@pytest.fixture
def session(archive: Archive) -> int:
    first = EVENTS[0]
    assert isinstance(first, SessionCreated)
    return archive.create_session(first.tags)


def _content(event: Event) -> str:
    """A tap's content as a phone would send it: the event it stands for, canonical JSON."""
    return json.dumps({"kind": event.kind, "payload": encode_payload(event)}, sort_keys=True)


def _tap(seq: int, device: str = PHONE, event: Event | None = None) -> Tap:
    """The device's tap ``seq`` standing for the session's event ``seq + 1`` (or ``event``)."""
    return Tap(device, seq, _content(event or EVENTS[seq]))


def _events_of(tap: Tap) -> Decide:
    """What the Record page would decide: the tap's content read back as its event."""

    def decide(log: list[LoggedEvent]) -> Sequence[Event] | str:
        data = json.loads(tap.content)
        return [event_from_json(data["kind"], data["payload"])]

    return decide


def _send(archive: Archive, session: int, tap: Tap, **options: object) -> TapAnswer:
    return archive.append_tap(session, tap, _events_of(tap), **options)  # type: ignore[arg-type]


def _kinds(archive: Archive, session: int) -> list[str]:
    return [entry.event.kind for entry in archive.events(session)]


def test_a_tap_is_stored_once_however_often_it_is_sent(archive: Archive, session: int) -> None:
    calls: list[int] = []

    def decide(log: list[LoggedEvent]) -> Sequence[Event]:
        calls.append(len(log))
        return [EVENTS[1]]

    first = archive.append_tap(session, _tap(1), decide, TABLE5)
    assert first == TapAnswer(1, 1, "stored", "", 2, 2, 2)
    for _ in range(3):
        again = archive.append_tap(session, _tap(1), decide, TABLE5)
        assert again == TapAnswer(1, 1, "stored", "", 2, 2, 2, repeated=True)
    assert calls == [1]  # judged once, against the log as it stood
    logged = archive.events(session)
    assert _kinds(archive, session) == ["session", "hand"]
    assert (logged[1].who, logged[1].event) == ("table 5", EVENTS[1])
    state = archive.tap_state(session, PHONE)
    assert (state.held, state.holder, state.events) == (1, PHONE, 2)
    assert state.holder_since is not None


def test_a_repeat_with_other_content_is_a_conflict_and_stores_nothing(
    archive: Archive, session: int
) -> None:
    _send(archive, session, _tap(1))
    other = Tap(PHONE, 1, _content(EVENTS[2]))
    answer = _send(archive, session, other)
    assert (answer.outcome, answer.held, answer.events, answer.repeated) == (
        "conflict",
        1,
        2,
        False,
    )
    assert answer.message.startswith(
        f"this phone's tap 1 was already kept as {_content(EVENTS[1])[:20]}"
    )
    assert answer.message.endswith("; this one differs: nothing was stored")
    assert _kinds(archive, session) == ["session", "hand"]
    assert _send(archive, session, _tap(1)).repeated  # the tap as kept still answers as before


def test_a_tap_after_a_gap_waits_for_the_one_missing(archive: Archive, session: int) -> None:
    _send(archive, session, _tap(1))
    ahead = _send(archive, session, _tap(3))
    assert ahead == TapAnswer(3, 1, "ahead", "tap 2 of this phone is next; send it first", 2)
    assert archive.tap_state(session, PHONE).held == 1
    assert _kinds(archive, session) == ["session", "hand"]
    assert _send(archive, session, _tap(2)).first_event == 3
    assert _send(archive, session, _tap(3)).first_event == 4
    assert [e.event for e in archive.events(session)] == EVENTS[:4]


def test_a_tap_refused_by_the_page_is_kept_and_answers_the_same(
    archive: Archive, session: int
) -> None:
    _send(archive, session, _tap(1))
    tap = Tap(PHONE, 2, '{"undo":"Eli 10D"}')

    def refuse(log: list[LoggedEvent]) -> str:
        return "Eli's 10♦ is not the last card: nothing to undo"

    refused = archive.append_tap(session, tap, refuse)
    assert refused == TapAnswer(
        2, 2, "refused", "Eli's 10♦ is not the last card: nothing to undo", 2
    )
    assert archive.append_tap(session, tap, _events_of(_tap(2))) == TapAnswer(
        2, 2, "refused", refused.message, 2, repeated=True
    )  # judged once: a resend is not judged again
    assert archive.tap_state(session, PHONE).held == 2
    assert _send(archive, session, Tap(PHONE, 3, _content(EVENTS[2]))).outcome == "stored"
    assert [e.event for e in archive.events(session)] == EVENTS[:3]


def test_a_tap_refused_by_the_rules_stores_none_of_its_events(
    archive: Archive,
    session: int,
    location: str,  # noqa: F811
) -> None:
    for seq in range(1, 18):  # the deal, calls, trump and the first trick's first card
        _send(archive, session, _tap(seq))
    played = EVENTS[17]
    assert isinstance(played, TurnPlayed) and played.card == Card.parse("AC")
    before = archive.events(session)
    again = [EVENTS[18], TurnPlayed(trick=1, seat=2, card=Card.parse("AC"))]
    answer = archive.append_tap(session, Tap(PHONE, 18, "two cards"), lambda log: again)
    assert (answer.outcome, answer.held, answer.events) == ("refused", 18, 18)
    assert answer.message == "AC has already been played in this hand"
    assert archive.events(session) == before
    assert archive.record(session) == open_archive(location).record(session)  # memory dropped
    assert _send(archive, session, Tap(PHONE, 19, _content(EVENTS[18]))).first_event == 19


def test_a_tap_and_its_events_are_stored_together_or_not_at_all(
    archive: Archive, session: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    def failing(tx: Transaction, logged: Sequence[LoggedEvent]) -> None:
        tx.run("INSERT INTO no_such_table VALUES (1)")  # the database fails the events' insert

    with monkeypatch.context() as patch:
        patch.setattr(taps, "insert_events", failing)
        with pytest.raises(ArchiveUnavailable, match="no_such_table"):
            _send(archive, session, _tap(1))
    state = archive.tap_state(session, PHONE)
    assert (state.held, state.holder, state.events) == (0, None, 1)  # no tap, no holder
    assert _kinds(archive, session) == ["session"]
    assert _send(archive, session, _tap(1)) == TapAnswer(1, 1, "stored", "", 2, 2, 2)


def test_the_databases_key_stores_a_tap_once_when_a_writer_misses_it(
    archive: Archive, session: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    _send(archive, session, _tap(1))
    held, kept = taps._held, taps._kept
    misses = [True, True]  # the first look of each finds nothing, as a writer a moment early

    def late_held(tx: Transaction, session_id: int, device: str) -> int:
        return 0 if misses and misses.pop() else held(tx, session_id, device)

    def late_kept(tx: Transaction, session_id: int, device: str, seq: int) -> object:
        return None if misses and misses.pop() else kept(tx, session_id, device, seq)

    monkeypatch.setattr(taps, "_held", late_held)
    monkeypatch.setattr(taps, "_kept", late_kept)
    answer = _send(archive, session, _tap(1))
    assert answer == TapAnswer(1, 1, "stored", "", 2, 2, 2, repeated=True)
    assert _kinds(archive, session) == ["session", "hand"]


def test_one_phone_writes_a_table_and_another_is_kept_apart_until_it_takes_over(
    archive: Archive, session: int
) -> None:
    _send(archive, session, _tap(1), author=TABLE5)
    apart = _send(archive, session, _tap(1, OTHER), author=TABLE5)
    since = archive.tap_state(session, PHONE).holder_since
    assert since is not None
    clock = datetime.datetime.fromisoformat(since).astimezone().strftime("%H:%M")
    assert apart == TapAnswer(
        1,
        1,
        "apart",
        f"another phone holds this table since {clock}; take it over to record here (the "
        "director sees the hand-over)",
        2,
    )
    assert _send(archive, session, _tap(1, OTHER)) == TapAnswer(
        1, 1, "apart", apart.message, 2, repeated=True
    )
    kept = archive.kept_apart(session)
    assert [(k.device, k.seq, k.content, k.who, k.message) for k in kept] == [
        (OTHER, 1, _content(EVENTS[1]), "table 5", apart.message)
    ]
    assert _kinds(archive, session) == ["session", "hand"]
    taken = _send(archive, session, _tap(2, OTHER), author=TABLE5, take_over=True)
    assert (taken.outcome, taken.first_event) == ("stored", 3)
    changes = archive.holders(session)
    assert [(c.device, c.who, c.previous) for c in changes] == [
        (PHONE, "table 5", None),
        (OTHER, "table 5", PHONE),
    ]
    assert changes[0].since == since and changes[1].since >= since
    assert archive.tap_state(session, PHONE).holder == OTHER
    lost = _send(archive, session, _tap(2, PHONE))
    assert (lost.outcome, lost.events) == ("apart", 3)
    assert [(k.device, k.seq) for k in archive.kept_apart(session)] == [(OTHER, 1), (PHONE, 2)]
    assert [e.event for e in archive.events(session)] == EVENTS[:3]


def test_eight_senders_of_the_same_taps_store_each_once_in_order(
    location: str,  # noqa: F811
) -> None:
    archives = [open_archive(location), open_archive(location)]  # their own connections each
    first = EVENTS[0]
    assert isinstance(first, SessionCreated)
    session = archives[0].create_session(first.tags)
    count = 30
    answers: dict[int, set[tuple[str, int | None]]] = {seq: set() for seq in range(1, count + 1)}
    repeats: list[int] = []
    lock = threading.Lock()

    def sender(number: int) -> None:
        """A phone's queue resent from a random point, in a random order near its front."""
        rng, archive = random.Random(number), archives[number % 2]
        while archive.tap_state(session, PHONE).held < count:
            held = archive.tap_state(session, PHONE).held
            window = list(range(max(1, held - 2), min(count, held + 3) + 1))
            rng.shuffle(window)
            for seq in window:
                answer = _send(archive, session, _tap(seq), author=TABLE5)
                with lock:
                    answers[seq].add((answer.outcome, answer.first_event))
                    repeats.extend([seq] if answer.repeated else [])

    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(sender, range(8)))
    assert repeats  # taps were sent again, and answered as the first time
    for seq, seen in answers.items():
        assert seen - {("ahead", None)} == {("stored", seq + 1)}, seq
    assert [e.event for e in open_archive(location).events(session)] == EVENTS[: count + 1]
    assert archives[1].tap_state(session, PHONE).held == count


def test_a_key_writes_taps_only_where_it_may_write_events(archive: Archive, session: int) -> None:
    for author, refused in [
        (Author("table 2", "", "table", 2, TOURNAMENT), "this session is at table 5"),
        (Author("table 5", "", "table", 5, "Onam Cup"), "a key writes only into its own"),
        (Author("desk", "", "desk", None, TOURNAMENT), "a desk key marks fees paid"),
    ]:
        with pytest.raises(ArchiveError, match=f"not allowed: .*{refused}.*nothing was stored"):
            _send(archive, session, _tap(1), author=author)
    state = archive.tap_state(session, PHONE)
    assert (state.held, state.holder, state.events) == (0, None, 1)
    assert archive.holders(session) == []
    tagged = SessionTagged(name="Decision", value="Tuskers")
    answer = _send(archive, session, _tap(1, event=tagged), author=TABLE5)
    assert (answer.outcome, answer.held) == ("refused", 1)
    assert answer.message == "not allowed: table 5: a tag is the director's to write, not a table's"
    assert _kinds(archive, session) == ["session"]


def test_a_revoked_key_sends_no_more_taps(archive: Archive, session: int) -> None:
    issued = issue(archive, TOURNAMENT, "table", "2999-12-31", 5)
    now = datetime.datetime.now(datetime.UTC)
    author = resolve(archive, issued.key, now)
    assert _send(archive, session, _tap(1), author=author).outcome == "stored"
    assert archive.events(session)[-1].who == "table 5"
    revoke(archive, TOURNAMENT, "table 5", "the phone was lost")
    with pytest.raises(ArchiveError, match="this key is not in force"):
        resolve(archive, issued.key, now)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Tap("short", 1, "{}"), "device id 'short' is not one a scorer's page makes"),
        (lambda: Tap("phone 1234", 1, "{}"), "expected 8 to 64 letters, digits, '_' or '-'"),
        (lambda: Tap("x" * 65, 1, "{}"), "device id 'xxxxx"),
        (lambda: Tap(PHONE, 0, "{}"), f"tap of device {PHONE}: number 0 is not a tap's number"),
        (lambda: Tap(PHONE, True, "{}"), "number True is not a tap's number"),
        (lambda: Tap(PHONE, 2, "é" * 2049), "its content is 4098 bytes; a tap holds at most 4096"),
        (lambda: Tap(PHONE, 2, "a\x00b"), "its content holds a NUL character"),
        (lambda: Tap(PHONE, 2, "\ud800"), "its content is not valid Unicode text"),
    ],
)
def test_a_tap_no_page_of_ours_sends_is_refused_with_its_reason(
    make: Callable[[], Tap], message: str
) -> None:
    with pytest.raises(ArchiveError, match=message.replace("(", r"\(").replace(")", r"\)")):
        make()
    assert Tap(PHONE, 1, "é" * 2048).seq == 1  # exactly 4 KB is a tap


def test_taps_of_a_session_the_archive_does_not_hold_are_refused(archive: Archive) -> None:
    for ask in (
        lambda: _send(archive, 99, _tap(1)),
        lambda: archive.tap_state(99, PHONE),
        lambda: archive.kept_apart(99),
        lambda: archive.holders(99),
    ):
        with pytest.raises(ArchiveError, match="has no session 99"):
            ask()


def test_an_archive_of_the_second_schema_gains_the_taps_tables(tmp_path: Path) -> None:
    path = tmp_path / "v2.sqlite"
    open_archive(str(path)).create_session([*EVENTS[0].tags])  # type: ignore[union-attr]
    with sqlite3.connect(path) as connection:
        connection.executescript(
            "DROP TABLE taps; DROP TABLE table_holders; DROP TABLE holder_changes; "
            "UPDATE archive_meta SET value = '2' WHERE key = 'schema';"
        )
    archive = open_archive(str(path))
    assert _send(archive, 1, _tap(1), author=LOCAL).outcome == "stored"
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT value FROM archive_meta").fetchall() == [("3",)]
