"""A tap decided while a page reads the same session: neither waits for the other forever.

The tap is decided inside the archive's write, the archive's lock held (``Archive.append_tap``);
a page drawing the session (the Record page, the projector) holds the session's kept state
(``LiveSessions``) while it reads the archive. A tap that waited for the kept state there held
both locks in the other order: the server then stopped answering anyone (found by the live
benchmark at four tables and twenty spectators).
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

from dashboard.recording.live import LiveSessions
from dashboard.recording.tap_writer import Answer, Sent, write_tap
from recorder.archive import open_archive
from tests.test_recording import expected_turns, record_until_play, start

SECONDS = 20.0
"""A safety limit: both threads end within a second when nothing is stuck."""


def test_a_tap_and_a_page_reading_the_same_session_at_once_both_finish(tmp_path: Path) -> None:
    archive = open_archive(tmp_path / "archive.sqlite")
    session = start(archive)
    record_until_play(archive, session)
    live = LiveSessions()
    live.read(archive, session)
    seat, _, card = expected_turns()[0]
    page_holds, answers, read = threading.Event(), list[Answer](), list[int]()

    def page() -> None:
        """A page run: the session's kept state taken, then the archive read, as ``read``."""
        kept = live.session(archive, session)
        with kept.lock:
            page_holds.set()
            time.sleep(0.5)  # the tap meanwhile takes the archive's lock and decides
            read.append(len(archive.events(session)))

    def tap() -> None:
        page_holds.wait()
        tapped = json.dumps({"kind": "card", "code": card, "seat": seat})
        answers.append(write_tap(archive, live, Sent(session, "phone-one-0001", 1, tapped), False))

    threads = [threading.Thread(target=run, daemon=True) for run in (page, tap)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(SECONDS)
    assert not any(thread.is_alive() for thread in threads), "the tap and the page wait forever"
    assert answers[0].body["outcome"] == "stored"
    assert len(read) == 1
    assert live.read(archive, session)[1] == len(archive.events(session))
