"""Sight by key on the Record page (TOURNAMENT.md §10), under Streamlit's AppTest: a hand in play's
face-down card reaches only its own table's key and a director's; another table's key and the
desk's see the calling and the tricks, never the card (nor the TGN text that holds it), in what
the page draws and in the data of its tap pad alike."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.day import actions
from dashboard.day.source import open_day
from dashboard.page_writer import KEYS_ARGUMENT
from dashboard.state import DATA_ENVIRONMENT
from recorder import loads
from recorder.archive import ARCHIVE_ENV, Archive, Author, open_archive
from recorder.archive.events import CallMade, TrumpPlaced
from recorder.archive.keys import issue
from recorder.cards import Call, Card
from tests.day_setup import EVENT, TOURNAMENT, set_up
from tests.record_pad import pad_texts
from tests.test_dashboard_app import fresh_app, open_page

LAST_DAY = "2999-12-31"
FACE_DOWN = "face-down card 7♠"


def in_play(archive: Archive) -> int:
    """Table 1's match started, 16 called by seat 1, the others passing, 7♠ laid face down."""
    played = loads((TOURNAMENT / "group-a-round-1-tuskers-theyyams.tgn").read_text("utf-8"))
    day = open_day(archive)
    table = Author("table 1")
    session = actions.start_match(day, actions.table_match(day, 1), table, tuple(played.players))
    archive.append(session, CallMade(seat=1, call=Call.parse("16", False)), table)
    for seat in range(2, 7):
        archive.append(session, CallMade(seat=seat, call=Call.parse("pass", False)), table)
    archive.append(session, TrumpPlaced(card=Card.parse("7S")), table)
    return session


@pytest.fixture
def archive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Archive:
    location = tmp_path / "day.sqlite"
    opened = open_archive(location)
    set_up(opened)
    monkeypatch.setenv(DATA_ENVIRONMENT, str(location))
    monkeypatch.setenv(ARCHIVE_ENV, str(location))
    monkeypatch.setattr(sys, "argv", [*sys.argv, KEYS_ARGUMENT])
    return opened


def page_text(app: AppTest) -> str:
    """Everything the page drew, as text: markdown, captions, HTML, code, messages and the tap
    pad's data (its JSON text, as the browser receives it)."""
    parts = [*app.markdown, *app.caption, *app.code, *app.info, *app.error, *app.get("html")]
    drawn = [str(getattr(part, "value", "") or getattr(part, "body", "")) for part in parts]
    return "\n".join([*drawn, *pad_texts(app)])


@pytest.mark.parametrize(
    ("role", "table", "sees"),
    [("table", 1, True), ("director", None, True), ("table", 2, False), ("desk", None, False)],
)
def test_a_hand_in_plays_face_down_card_reaches_its_table_and_the_director_only(
    archive: Archive, role: str, table: int | None, sees: bool
) -> None:
    session = in_play(archive)
    key = issue(archive, EVENT, role, LAST_DAY, table=table).key
    app = open_page(fresh_app(), "record", session=str(session), key=key)
    assert not app.exception
    text = page_text(app)
    if role == "table" and table == 1:
        assert pad_texts(app)  # the table's scorer has the pad: its data is looked at too
    assert "called 16" in text  # the calling is the room's to see
    assert (FACE_DOWN in text) is sees
    assert ("trump 7S" in text) is sees  # the TGN text's trump line
