"""A typed turn the Record page refuses (``ZS``: no such card) stays in its field to be mended;
one it records empties the field for the next."""

from __future__ import annotations

from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from recorder.archive import ARCHIVE_ENV, Archive, TurnPlayed, open_archive
from tests.test_record_held import open_page
from tests.test_recording import record_until_play, start


@pytest.fixture
def session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Archive, int]:
    """A 40 session at its first card, in the archive the Record page records into."""
    monkeypatch.setenv(ARCHIVE_ENV, str(tmp_path / "archive.sqlite"))
    st.cache_resource.clear()
    archive = open_archive(str(tmp_path / "archive.sqlite"))
    session_id = start(archive)
    record_until_play(archive, session_id)
    return archive, session_id


def type_turn(app: AppTest, text: str) -> None:
    app.text_input(key="rec-typed-text").input(text)
    (submit,) = [b for b in app.get("button") if b.proto.label == "Record"]
    submit.click().run()
    assert not app.exception, app.exception


def test_a_refused_typed_turn_stays_to_be_mended(session: tuple[Archive, int]) -> None:
    archive, session_id = session
    app = open_page(session_id)
    events = len(archive.events(session_id))
    type_turn(app, "ZS")
    assert len(archive.events(session_id)) == events  # refused
    assert [box.value for box in app.error]  # and said so
    assert app.text_input(key="rec-typed-text").value == "ZS"
    type_turn(app, "JS")
    turn = archive.events(session_id)[-1].event
    assert isinstance(turn, TurnPlayed) and turn.card is not None and turn.card.code == "JS"
    assert app.text_input(key="rec-typed-text").value == ""
