"""A toggled action before a card (``ask``: the player cannot follow and asks for the trump) is
part of what is recorded: it is kept in the archive's log the moment it is toggled, so a reload of
the Record page (a new tab, a restarted server) shows it toggled, and the card tapped next carries
it. Undo takes the toggle back; the turn recorded ends it."""

from __future__ import annotations

from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from dashboard.recording.tricks import clicks
from recorder.archive import ARCHIVE_ENV, Archive, TurnPlayed, open_archive
from tests.test_recording import at, do, record_until_play, start

REPOSITORY = Path(__file__).resolve().parent.parent
APP = REPOSITORY / "dashboard" / "app.py"


@pytest.fixture
def session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Archive, int]:
    """A 40 session at its first card, in the archive the Record page records into."""
    monkeypatch.setenv(ARCHIVE_ENV, str(tmp_path / "archive.sqlite"))
    st.cache_resource.clear()
    archive = open_archive(str(tmp_path / "archive.sqlite"))
    session_id = start(archive)
    record_until_play(archive, session_id)
    return archive, session_id


def open_page(session_id: int) -> AppTest:
    """The Record page opened afresh on the session, as a reload or a new tab opens it."""
    app = AppTest.from_file(str(APP), default_timeout=60)
    app.run()
    app.query_params["session"] = str(session_id)
    page = app.switch_page("screens/record.py").run()
    assert not page.exception, page.exception
    return page


def actions_shown(app: AppTest) -> list[str]:
    """The actions the page shows toggled before the next card."""
    (pills,) = [w for w in app.get("button_group") if w.key.startswith("rec-action-")]
    return list(pills.value)  # type: ignore[attr-defined]


def toggle(app: AppTest, actions: list[str]) -> None:
    (pills,) = [w for w in app.get("button_group") if w.key.startswith("rec-action-")]
    pills.set_value(actions).run()  # type: ignore[attr-defined]
    assert not app.exception, app.exception
    assert not app.error, [box.value for box in app.error]


def test_a_toggled_ask_is_kept_on_reload_and_goes_with_the_next_card(
    session: tuple[Archive, int],
) -> None:
    archive, session_id = session
    app = open_page(session_id)
    assert actions_shown(app) == []
    toggle(app, ["ask"])
    assert actions_shown(app) == ["ask"]
    assert archive.events(session_id)[-1].event.kind == "actions"  # in the log at once

    reloaded = open_page(session_id)
    assert actions_shown(reloaded) == ["ask"]  # nothing recorded is lost on a reload
    reloaded.button(key="rec-grid-JS").click().run()
    turn = archive.events(session_id)[-1].event
    assert isinstance(turn, TurnPlayed)
    assert turn.card is not None
    assert (turn.seat, [a.token for a in turn.actions], turn.card.code) == (1, ["ask"], "JS")
    assert "1:ask JS" in archive.export_tgn(session_id)
    trick = "".join(str(block.proto.body) for block in reloaded.get("html"))
    assert '<span class="rec-said">ask</span>' in trick  # what Anil said, under his name
    assert actions_shown(reloaded) == []  # the next turn starts with nothing toggled
    assert actions_shown(open_page(session_id)) == []


def test_a_toggle_taken_back_or_undone_is_gone_on_reload(session: tuple[Archive, int]) -> None:
    _, session_id = session
    app = open_page(session_id)
    toggle(app, ["ask"])
    toggle(app, [])
    assert actions_shown(open_page(session_id)) == []
    toggle(app, ["ask"])
    app.button(key="rec-undo").click().run()
    assert actions_shown(app) == []
    assert actions_shown(open_page(session_id)) == []


def test_the_toggle_is_in_the_log_and_not_in_the_record(session: tuple[Archive, int]) -> None:
    archive, session_id = session
    before = archive.export_tgn(session_id)
    do(archive, session_id, clicks.actions_click(at(archive, session_id), ["ask"]))
    assert at(archive, session_id).chosen_actions == ("ask",)
    assert archive.export_tgn(session_id) == before  # no line until the card is played
    refused = clicks.actions_click(at(archive, session_id), ["pair"])
    assert refused == clicks.Refused("unknown action 'pair' (actions: ask, show, jodi, jodi?=yes)")
