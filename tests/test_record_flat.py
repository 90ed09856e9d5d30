"""A tap's work on the Record page does not grow with the events the session holds.

A 28 match of the bundled tournament is recorded tap by tap on the Record page under Streamlit's
AppTest (every call, the face-down card, every card with its seat and its ``ask``/``show``, each
sent as the tap pad sends it; the next hand's button). For one tap early in the first hand and
one tap late in the fifth we count what the server did for it, the tap written
(``tap_writer.write_tap``) and the page drawn again: the events folded into a record
(``LogState.apply``, the archive's and the page's) and the hands the engine replayed. Folding the
whole log and replaying every hand for the score at each tap made both grow with the match.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

import replay.tricks.engine
from recorder.archive import ARCHIVE_ENV, Archive, HandStarted, open_archive
from recorder.archive.fold import LogState
from recorder.model import Tag
from tests.record_pad import PadPhone

REPOSITORY = Path(__file__).resolve().parent.parent
APP = REPOSITORY / "dashboard" / "app.py"
MATCH = REPOSITORY / "data" / "tournament" / "group-a-round-1-tuskers-theyyams.tgn"
TURN = re.compile(r"(\d):(?:(ask|show) )?(\w\w)")
EARLY, LATE = 12, 200
"""The taps counted: a card of the first hand's second trick, and one in the fifth hand."""
FOLDED_SLACK, REPLAYED_SLACK = 12, 2
"""Work the late tap may do beyond the early one: a few more events taken in (none is expected),
a hand more replayed."""


def match_taps(hands: int) -> list[tuple[str, int, str]]:
    """The taps recording the match's first ``hands`` hands: the pad's button (``rec-next-hand``:
    the page's own), the seat (0: the one the archive says is to act) and the action picked
    before a card."""
    taps: list[tuple[str, int, str]] = []
    text = MATCH.read_text(encoding="utf-8")
    for number, hand in enumerate(text.split("[Hand ")[1 : hands + 1]):
        if number:
            taps.append(("rec-next-hand", 0, ""))
        for line in hand.splitlines():
            if line.startswith("bid "):
                taps += [
                    (f"call-{call}", int(seat), "")
                    for seat, call in (token.split(":") for token in line.split()[1:])
                ]
            elif line.startswith("trump "):
                taps.append((f"trump-{line.split()[1]}", 0, ""))
            elif re.match(r"\d+\. ", line):
                taps += [(f"card-{c}", int(s), a) for s, a, c in TURN.findall(line)]
    return taps


def start_session(archive: Archive) -> int:
    """The match's session as the set-up form starts it."""
    text = MATCH.read_text(encoding="utf-8")
    tags = re.findall(r'^\[(\w+) "([^"]*)"\]', text, re.MULTILINE)
    dealer = int(re.search(r'\[Dealer "(\d)"\]', text)[1])  # type: ignore[index]
    session_id = archive.create_session(
        [Tag(name=name, value=value) for name, value in tags if name not in ("Hand", "Dealer")]
    )
    archive.append(session_id, HandStarted.numbered(1, dealer=dealer))
    return session_id


class Work:
    """What the server did, counted in every thread (the page runs in its own)."""

    def __init__(self) -> None:
        self.folded = 0
        self.replayed = 0
        self._lock = threading.Lock()

    def counting(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*arguments: Any, **keywords: Any) -> Any:
            with self._lock:
                setattr(self, name, getattr(self, name) + 1)
            return function(*arguments, **keywords)

        return counted

    def now(self) -> tuple[int, int]:
        return self.folded, self.replayed


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> Iterator[Work]:
    counted = Work()
    monkeypatch.setattr(LogState, "apply", counted.counting("folded", LogState.apply))
    monkeypatch.setattr(
        replay.tricks.engine, "_run", counted.counting("replayed", replay.tricks.engine._run)
    )
    yield counted


def test_a_taps_work_does_not_grow_with_the_events_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, work: Work
) -> None:
    monkeypatch.setenv(ARCHIVE_ENV, str(tmp_path / "archive.sqlite"))
    st.cache_resource.clear()
    archive = open_archive(str(tmp_path / "archive.sqlite"))
    session_id = start_session(archive)
    app = AppTest.from_file(str(APP), default_timeout=60)
    app.run()
    app.query_params["session"] = str(session_id)
    app = app.switch_page("screens/record.py").run()
    taps = match_taps(5)
    assert len(taps) > LATE and taps[LATE - 1][0].startswith("card-")
    assert any(action for _, _, action in taps[:LATE])  # an ask or show goes with its card
    phone = PadPhone()
    spent: dict[int, tuple[int, int]] = {}
    for count, (key, seat, action) in enumerate(taps[:LATE], start=1):
        before = work.now()
        if key.startswith("rec-"):
            app.button(key=key).click().run()
        else:
            actions = [action] if action else []
            answer = phone.press(app, key, seat=seat or None, actions=actions)
            assert answer.body["outcome"] == "stored", (count, key, answer.body)
        after = work.now()
        assert not app.exception, app.exception
        assert not app.error, (count, key, [e.value for e in app.error])
        spent[count] = (after[0] - before[0], after[1] - before[1])
    assert len(archive.events(session_id)) == 2 + LATE + 4  # a next hand's tap: two
    (early_folded, early_replayed), (late_folded, late_replayed) = spent[EARLY], spent[LATE]
    assert early_folded > 0 and early_replayed > 0, spent[EARLY]
    assert late_folded <= early_folded + FOLDED_SLACK, (spent[EARLY], spent[LATE])
    assert late_replayed <= early_replayed + REPLAYED_SLACK, (spent[EARLY], spent[LATE])
