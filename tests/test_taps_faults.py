"""Fault-injected tables: four 40 tables' phones record 500 taps and two Rummy tables' 120 through
a network that drops, delays (up to 3 s) and repeats requests at random, while the server is
killed (SIGKILL) and started again twice; the archive's events must equal the intended taps' at
every table: 0 lost, 0 doubled, 0 misapplied (issue 42).

Each table is a ``TapPhone`` (tests/tap_client.py: it keeps its queue and sends each tap until
answered, as the page's tap pad does) in front of a ``FaultProxy`` (tests/fault_proxy.py) in front
of the real server (``python -m dashboard.server.warm``, as ``thuruppu dashboard`` starts it).
The intended taps of a table are the 40 hand of tests/browser/expected/recorded-40.tgn with
taps taken back and made again at seeded random places (an Undo naming the event it takes back,
then the same tap again): 125 taps a table; a Rummy table's are three deals of five chairs (the
joker, two drops, the winner named, two counts, the next deal) taken back and made again the same
way: 60 taps a table. What the archive must hold is what the same taps give
when written once each, in order, in this process (``write_tap`` on a fresh archive).

Why the old write path could not pass: a Streamlit button's tap came with no phone id and no
number, so the server could not tell a tap sent twice from two taps. A repeated card or call is
refused as out of turn (the scorer told "try again" after it was stored), and a repeated Undo
takes back a second event: ``test_a_repeated_request_doubles_an_undo_on_the_old_write_path``
shows that through the same proxy with ``Archive.append_all``, and the tap path storing it once.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections import Counter
from collections.abc import Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from dashboard.recording.live import LiveSessions
from dashboard.recording.tap_writer import Sent, write_tap
from dashboard.recording.tricks import clicks
from recorder.archive import Archive, Event, open_archive
from recorder.archive.fold import effective_events
from tests.fault_proxy import FaultProxy, Faults
from tests.tap_client import TapPhone, TapServer
from tests.test_recording import EXPECTED, at, expected_calls, expected_turns, start
from tests.test_rummy_recording import table as rummy_table

pytest_plugins = ["tests.pg_server"]

TABLES = 4
TAPS_A_TABLE = 125
RUMMY_TABLES = 2
RUMMY_TAPS_A_TABLE = 60
SEED = 42
FAULTS = Faults(drop_request=0.07, delay=0.12, drop_answer=0.07, repeat=0.10, longest_delay=3.0)
KILLS_AFTER = (150, 330)
"""The server is killed once this many taps (of all tables) are acknowledged."""
RUN_SECONDS = 240.0
"""A safety limit for the whole run: the phones give up after it (the run takes about 1-2 min)."""


def base_taps(table: int) -> list[dict[str, Any]]:
    """The taps of the expected 40 hand, in order: the calls, the face-down card, the cards. Odd
    tables send the cards without a seat (as a phone offline does: the seat the archive says is to
    play when the tap arrives), so that a lost or doubled tap would land on another seat."""
    seatless = table % 2 == 1
    calls = [{"kind": "call", "token": call, "seat": seat} for seat, call in expected_calls()]
    cards = [
        {"kind": "card", "code": card, "seat": None if seatless else seat, "actions": actions}
        for seat, actions, card in expected_turns()
    ]
    return [*calls, {"kind": "trump", "code": "9H"}, *cards]


def rummy_base_taps() -> list[dict[str, Any]]:
    """A Rummy table's three deals as its pad sends them, each tap with its chair and value."""
    deal = [
        {"kind": "outcome", "seat": 2, "outcome": "drop"},
        {"kind": "outcome", "seat": 5, "outcome": "middle-drop"},
        {"kind": "winner", "seat": 3},
        {"kind": "count", "seat": 1, "points": 28},
        {"kind": "count", "seat": 4, "points": 30},
    ]
    taps: list[dict[str, Any]] = []
    for number, joker in enumerate(("7H", "QS", "PJ"), start=1):
        if number > 1:
            taps.append({"kind": "next-deal", "deal": number, "dealer": None})
        taps += [{"kind": "joker", "code": joker}, *deal]
    return taps


def intended_taps(table: int, base: list[dict[str, Any]] | None = None) -> list[Any]:
    """A table's taps: its ``base`` (the 40 hand's 43 taps when none is given), and taps taken
    back (``None``: an Undo of the event it stored) and made again, at places drawn from the seed,
    up to 125 taps (60 for a Rummy table's). The last tap is never taken back (it ends the
    hand)."""
    base = base or base_taps(table)
    total = TAPS_A_TABLE if table < TABLES else RUMMY_TAPS_A_TABLE
    drawn = random.Random(SEED * 100 + table)
    redo = Counter(drawn.randrange(len(base) - 1) for _ in range((total - len(base)) // 2))
    taps: list[dict[str, Any] | None] = []
    for index, tap in enumerate(base):
        taps.append(tap)
        for _ in range(redo[index]):
            taps += [None, tap]
    assert len(taps) == total
    return taps


def table_plan(table: int) -> list[Any]:
    """The intended taps of table ``table`` (from 0: the 40 tables, then the Rummy tables)."""
    return intended_taps(table, rummy_base_taps() if table >= TABLES else None)


def new_session(archive: Archive, table: int) -> int:
    """Table ``table``'s session: a 40 session, or a Rummy table at its first joker."""
    return start(archive) if table < TABLES else rummy_table(archive)


def written_once(
    archive: Archive, session: int, plan: Sequence[dict[str, Any] | None]
) -> list[Any]:
    """Write ``plan`` once, in order, in this process, as a phone with no fault between it and the
    archive: an Undo names the event the tap before it stored (as the pad's Undo button does).
    Gives the taps as sent (the Undos with their targets)."""
    live, taps, last = LiveSessions(), [], None
    for seq, planned in enumerate(plan, start=1):
        tap = planned if planned is not None else {"kind": "undo", "target": last}
        sent = Sent(session, "reference-phone", seq, json.dumps(tap))
        answer = write_tap(archive, live, sent, keys_on=False)
        assert answer.body["outcome"] == "stored", (seq, tap, answer.body)
        last = answer.body["last_event"]
        taps.append(tap)
    return taps


def events_of(archive: Archive, session: int) -> list[Event]:
    return [entry.event for entry in archive.events(session)]


def differences(intended: list[Event], stored: list[Event]) -> dict[str, int]:
    """How far ``stored`` is from ``intended``: events lost, doubled (more than intended), and
    misapplied (at another place of the log than intended)."""
    want, have = Counter(map(repr, intended)), Counter(map(repr, stored))
    lost = sum((want - have).values())
    doubled = sum((have - want).values())
    misplaced = sum(1 for a, b in zip(intended, stored, strict=False) if a != b)
    return {"lost": lost, "doubled": doubled, "misapplied": misplaced}


def record_through_faults(archive_location: str, server: TapServer) -> None:
    """The whole fault-injected run on the archive at ``archive_location`` (which ``server``
    writes into), and its checks."""
    archive = open_archive(archive_location)
    every = range(TABLES + RUMMY_TABLES)
    sessions = [new_session(archive, t) for t in every]
    reference = open_archive(Path(server.folder).parent / "reference.sqlite")
    plans = [written_once(reference, new_session(reference, t), table_plan(t)) for t in every]
    references = reference_sessions(reference)
    intended = [events_of(reference, session) for session in references]
    server.start()
    kills = 0
    with FaultProxy(server.port, FAULTS, SEED) as proxy:
        phones = [
            TapPhone(proxy.url, session, f"table-{table + 1}-phone", plans[table])
            for table, session in enumerate(sessions)
        ]
        deadline = time.monotonic() + RUN_SECONDS
        threads = [threading.Thread(target=phone.run, args=(deadline,)) for phone in phones]
        for thread in threads:
            thread.start()
        for threshold in KILLS_AFTER:
            while sum(p.acknowledged for p in phones) < threshold and time.monotonic() < deadline:
                if not any(thread.is_alive() for thread in threads):
                    break
                time.sleep(0.05)
            server.kill()
            kills += 1
            server.start()
        for thread in threads:
            thread.join(max(deadline - time.monotonic(), 0) + 15)
        counts = dict(proxy.counts)
    print(f"faults: {counts}; phones' sends: {[p.attempts for p in phones]}")
    assert kills == 2
    for name in ("requests dropped", "requests delayed", "answers dropped", "requests repeated"):
        assert counts.get(name, 0) > 0, f"no {name}: the run did not test it ({counts})"
    assert sum(p.unanswered for p in phones) > 0
    for table, (phone, session) in enumerate(zip(phones, sessions, strict=True), start=1):
        assert phone.stopped is None, f"table {table} stopped at: {phone.stopped}"
        assert not phone.queue, f"table {table}: {len(phone.queue)} taps never acknowledged"
        assert [a["outcome"] for a in phone.answers] == ["stored"] * len(plans[table - 1])
        stored = events_of(archive, session)
        found = differences(intended[table - 1], stored)
        assert found == {"lost": 0, "doubled": 0, "misapplied": 0}, f"table {table}: {found}"
        assert stored == intended[table - 1]
        assert archive.tap_state(session, phone.device).held == len(plans[table - 1])
        if table <= TABLES:
            assert archive.export_tgn(session) == EXPECTED.read_text(encoding="utf-8")
        else:
            assert archive.export_tgn(session) == reference.export_tgn(references[table - 1])
            assert archive.export_tgn(session).count("[Hand ") == 3


def reference_sessions(reference: Archive) -> list[int]:
    return [summary.id for summary in reference.sessions()]


def test_four_tables_tap_through_drops_delays_repeats_and_two_kills_and_lose_nothing(
    tap_server: TapServer,
) -> None:
    record_through_faults(tap_server.archive, tap_server)


@pytest.mark.postgres
def test_the_same_fault_injected_tables_on_postgresql(
    tap_server: TapServer, postgres_archive_url: str
) -> None:
    tap_server.archive = postgres_archive_url
    record_through_faults(postgres_archive_url, tap_server)


# ---- the old write path, for comparison -------------------------------------------------------


class OldAndNew(BaseHTTPRequestHandler):
    """A small server writing a tap the old way (``/old``: the button's decision at the position
    the archive holds now, by ``Archive.append_all``, with no phone id or number) or the tap
    pad's way (``/_tap``: ``write_tap``, the one the dashboard's server runs)."""

    archive: Archive
    live = LiveSessions()

    def do_POST(self) -> None:
        given = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if self.path == "/old":
            position = at(self.archive, given["session"])
            refused = clicks.commit(self.archive, given["session"], clicks.undo_click(position))
            body: dict[str, Any] = {"refused": refused}
        else:
            sent = Sent(given["session"], given["device"], given["seq"], json.dumps(given["tap"]))
            body = write_tap(self.archive, self.live, sent, keys_on=False).body
        text = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(text)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(text)

    def log_message(self, *arguments: object) -> None:
        """Quiet."""


def test_a_repeated_request_doubles_an_undo_on_the_old_write_path(tmp_path: Path) -> None:
    archive = open_archive(tmp_path / "archive.sqlite")
    old, new = start(archive), start(archive)
    plan = base_taps(0)[:9]  # the calls, the face-down card and two cards
    for session in (old, new):
        written_once(archive, session, plan)
    handler = type("Handler", (OldAndNew,), {"archive": archive})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    every_request_twice = Faults(repeat=1.0, late_repeats=False)
    try:
        with FaultProxy(server.server_address[1], every_request_twice, SEED) as proxy:
            phone = TapPhone(proxy.url, new, "reference-phone", [])
            status, _ = phone.post_to("/old", {"session": old})
            assert status == 200
            last = archive.events(new)[-1].seq
            undo = {"kind": "undo", "target": last}
            tap = {"session": new, "device": "reference-phone", "seq": len(plan) + 1, "tap": undo}
            status, answer = phone.post_to("/_tap", tap)
            assert status == 200 and answer["outcome"] == "stored"
            assert proxy.counts["requests repeated"] == 2
    finally:
        server.shutdown()
    standing = {s: [e.event for e in effective_events(archive.events(s))] for s in (old, new)}
    kept = [event.kind for event in standing[new]]
    assert kept.count("turn") == 1, "the tap path took back the one card the Undo named"
    assert [event.kind for event in standing[old]].count("turn") == 0, (
        "the old path's Undo, sent twice, took back both cards"
    )
