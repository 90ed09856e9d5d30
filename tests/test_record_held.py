"""What an open Record page keeps between its runs: the same after 50 taps as after 5, and nothing
once the page is closed.

A page's state lives in its Streamlit session as long as the page is open, and the server's garbage
collector walks all of it after every run. A 40 hand is recorded tap by tap (the calls, the
face-down card, the cards on the tap pad, sent as the pad sends them and the page run again; the
next hand's button, the next hand's calls) by Streamlit's AppTest, which keeps a page's session
state as the server does; after each tap we count what the session
state reaches (the widgets' states and metadata, their callbacks, ``format_func`` and whatever
those hold, not the modules they were defined in) and the recording positions (a record plus a
hand replay each) still alive anywhere in the process.
"""

from __future__ import annotations

import gc
import re
import weakref
from pathlib import Path
from types import FunctionType, MethodType, ModuleType

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from dashboard.recording.tricks.position import Position
from recorder.archive import ARCHIVE_ENV, Archive, HandStarted, open_archive
from recorder.model import Tag
from tests.record_pad import PadPhone, pad_shown

REPOSITORY = Path(__file__).resolve().parent.parent
APP = REPOSITORY / "dashboard" / "app.py"
HAND = REPOSITORY / "tests" / "browser" / "expected" / "recorded-40.tgn"
TURN = re.compile(r"\d:(?:\w+ )?(\w\w)")
FEW, MANY = 10, 50
"""Taps after which what the page holds is counted: after 10 the page has shown the calls, the
face-down card and the pack it plays from; 50 is in the next hand."""
SLACK = 200
"""Objects the session state may reach after 50 taps beyond what it reached after 10: Streamlit
keeps the metadata of each widget a page has ever shown, so the next hand's button and dealer
picker, first shown between the two counts, stay (about 100 objects); a key per event, holding
one more picker a tap, reached some 800 objects more a tap."""


def hand_taps() -> list[str]:
    """The tap pad's buttons recording the expected 40 hand, each a tap for the seat the archive
    says is to act: every call, the face-down card, every card (an ``ask`` is left out)."""
    text = HAND.read_text(encoding="utf-8")
    calls = next(line for line in text.splitlines() if line.startswith("bid "))
    taps = [f"call-{token.split(':')[1]}" for token in calls.split()[1:]]
    taps.append("trump-9H")
    turns = [line for line in text.splitlines() if re.match(r"\d+\. ", line)]
    return [*taps, *(f"card-{card}" for line in turns for card in TURN.findall(line))]


def match_taps() -> list[str]:
    """Taps beyond a hand: the next hand's button (a Streamlit button), then the same calls."""
    hand = hand_taps()
    calls = [tap for tap in hand if tap.startswith("call-")]
    return [*hand, "rec-next-hand", *calls]


def start_session(archive: Archive) -> int:
    """A 40 session as the set-up form starts it."""
    tags = re.findall(r'^\[(\w+) "([^"]*)"\]', HAND.read_text(encoding="utf-8"), re.MULTILINE)
    session_id = archive.create_session(
        [Tag(name=name, value=value) for name, value in tags if name not in ("Hand", "Dealer")]
    )
    archive.append(session_id, HandStarted.numbered(1, dealer=6))
    return session_id


def reached(root: object) -> int:
    """How many objects ``root`` reaches, following functions into what they hold (their closure
    and defaults), never into their module's globals, and stopping at modules and classes."""
    seen: set[int] = set()
    waiting = [root]
    while waiting:
        item = waiting.pop()
        if id(item) in seen or isinstance(item, (ModuleType, type)):
            continue
        seen.add(id(item))
        if isinstance(item, FunctionType):
            waiting += [item.__closure__, item.__defaults__, item.__kwdefaults__]
        elif isinstance(item, MethodType):
            waiting += [item.__self__, item.__func__]
        else:
            waiting += gc.get_referents(item)
    return len(seen)


class Kept:
    """Something put in a page's session state, to see when the state is let go."""


def positions_alive() -> int:
    gc.collect()
    return sum(isinstance(item, Position) for item in gc.get_objects())


@pytest.fixture
def session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Archive, int]:
    """A fresh 40 session in the archive the Record page records into."""
    monkeypatch.setenv(ARCHIVE_ENV, str(tmp_path / "archive.sqlite"))
    st.cache_resource.clear()
    archive = open_archive(str(tmp_path / "archive.sqlite"))
    return archive, start_session(archive)


def open_page(session_id: int) -> AppTest:
    """The Record page opened on the session (the test alone holds it, so it can close it)."""
    app = AppTest.from_file(str(APP), default_timeout=60)
    app.run()
    app.query_params["session"] = str(session_id)
    return app.switch_page("screens/record.py").run()


def tap(app: AppTest, phone: PadPhone, archive: Archive, session_id: int, key: str) -> None:
    """Press the pad's button ``key`` (a Streamlit button's key: click it) and check that it
    recorded (the next hand's button logs the hand's end too)."""
    before = len(archive.events(session_id))
    if key.startswith("rec-"):
        app.button(key=key).click().run()
    else:
        answer = phone.press(app, key)
        assert answer.body["outcome"] == "stored", (key, answer.body)
    assert not app.exception, app.exception
    assert len(archive.events(session_id)) > before, (key, [e.value for e in app.error])


def test_the_record_pages_state_does_not_grow_with_the_events_and_goes_with_the_page(
    session: tuple[Archive, int],
) -> None:
    archive, session_id = session
    app, phone = open_page(session_id), PadPhone()
    taps = match_taps()
    assert len(taps) >= MANY
    held: dict[int, tuple[int, int]] = {}
    for count, key in enumerate(taps[:MANY], start=1):
        tap(app, phone, archive, session_id, key)
        if count in (FEW, MANY):
            gc.collect()
            held[count] = (reached(app._session_state._state), positions_alive())
    (few_reached, few_positions), (many_reached, many_positions) = held[FEW], held[MANY]
    assert many_positions <= few_positions <= 1, held
    assert many_reached <= few_reached + SLACK, held
    kept = Kept()
    app.session_state["held-probe"] = kept
    state = weakref.ref(kept)
    del app, kept
    gc.collect()
    assert state() is None  # nothing of the server's (a cache, a callback) keeps a closed page
    assert positions_alive() == 0


def seat_shown(app: AppTest) -> object:
    """The seat the pad shows as chosen: the one the archive says is to act."""
    return pad_shown(app)["seat"]


def test_the_pad_shows_the_seat_the_archive_says_is_to_act_at_each_event(
    session: tuple[Archive, int],
) -> None:
    archive, session_id = session
    app, phone = open_page(session_id), PadPhone()
    assert seat_shown(app) == 1  # the first call is the dealer's left hand's
    for key, seat in zip(hand_taps()[:3], (2, 3, 4), strict=True):
        tap(app, phone, archive, session_id, key)
        assert seat_shown(app) == seat
    app.switch_page("screens/sessions.py").run()
    app.switch_page("screens/record.py").run()
    assert seat_shown(app) == 4  # drawn afresh from the archive: whose turn it is
