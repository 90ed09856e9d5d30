"""The Organiser and Director pages on a server that needs keys (TOURNAMENT.md §10), under
Streamlit's AppTest: without a key they offer no change and show no session; a director's key
offers every control, the desk's the fees only; a write made with a key that may not make it (the
tab's key swapped for the desk's, or replaced by a newer one since the page was drawn) is refused
and nothing is stored."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.day.source import open_day
from dashboard.page_writer import KEY_STATE, KEYS_ARGUMENT
from dashboard.state import DATA_ENVIRONMENT
from recorder.archive import ARCHIVE_ENV, Archive, open_archive
from recorder.archive.keys import issue
from tests.day_setup import EVENT, played_match, set_up
from tests.test_dashboard_app import fresh_app, open_page

LAST_DAY = "2999-12-31"  # the keys work whenever the test runs
DIRECTOR_WRITES = ("dir-void", "dir-replace", "dir-stand", "dir-correct", "dir-withdraw")
ORGANISER_WRITES = ("org-save", "org-schedule", "org-remove-button")


@pytest.fixture
def archive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Archive:
    """The set-up tournament with G1-1 played, served by a dashboard that needs keys."""
    location = tmp_path / "day.sqlite"
    opened = open_archive(location)
    set_up(opened)
    played_match(opened, 1, "group-a-round-1-tuskers-theyyams.tgn")
    monkeypatch.setenv(DATA_ENVIRONMENT, str(location))
    monkeypatch.setenv(ARCHIVE_ENV, str(location))
    monkeypatch.setattr(sys, "argv", [*sys.argv, KEYS_ARGUMENT])
    return opened


def key_of(archive: Archive, role: str, name: str | None = None) -> str:
    return issue(archive, EVENT, role, LAST_DAY, name=name).key


def button_keys(app: AppTest) -> set[str]:
    return {str(button.key) for button in app.button}


def shown(app: AppTest) -> str:
    boxes = [*app.error, *app.success, *app.info, *app.caption, *app.markdown, *app.code]
    return "\n".join(str(box.value) for box in boxes).replace("\\", "")


def test_without_a_key_the_director_page_offers_nothing(archive: Archive) -> None:
    app = open_page(fresh_app(), "director", session="1")
    assert not app.exception
    assert "this page only reads: its changes need the director's link" in shown(app)
    assert not button_keys(app) & set(DIRECTOR_WRITES)
    assert not app.code  # no session's history either
    assert not app.text_area


def test_without_a_key_the_organiser_page_shows_and_offers_no_change(archive: Archive) -> None:
    app = open_page(fresh_app(), "organiser")
    assert not app.exception
    said = shown(app)
    assert "its changes need the director's link" in said
    assert "its changes need the director's or the desk's link" in said
    assert not button_keys(app) & {*ORGANISER_WRITES, "org-pay"}
    assert not app.text_area  # the description is not offered for editing
    assert app.dataframe  # what's on, the schedule and the accounts are read


def test_the_desk_key_marks_fees_paid_and_nothing_else(archive: Archive) -> None:
    app = open_page(fresh_app(), "organiser", key=key_of(archive, "desk"))
    assert "org-pay" in button_keys(app)
    assert not button_keys(app) & set(ORGANISER_WRITES)
    assert "desk: this page's changes need the director's link" in shown(app)
    app = app.selectbox(key="org-payer").set_value("Tuskers").run()
    app.number_input(key="org-amount-Tuskers").set_value(100)
    app = app.button(key="org-pay").click().run()
    assert not app.exception
    assert [entry.who for entry in archive.day_log(EVENT)][-1] == "desk"
    director = open_page(fresh_app(), "director", key=key_of(archive, "desk"))
    assert "desk: this page's changes need the director's link" in shown(director)
    assert not button_keys(director) & set(DIRECTOR_WRITES)


def test_a_write_with_a_key_that_may_not_make_it_is_refused(archive: Archive) -> None:
    director_key = key_of(archive, "director", "referee Mathew")
    app = open_page(fresh_app(), "organiser", key=director_key)
    assert set(ORGANISER_WRITES) <= button_keys(app)
    desk_key = key_of(archive, "desk")
    logged = len(archive.day_log(EVENT))
    app.session_state[KEY_STATE] = desk_key  # the tab's key swapped
    app.number_input(key="org-table").set_value(7)
    app = app.button(key="org-schedule").click().run()
    assert "not allowed: desk may not write this; nothing was stored" in shown(app)
    assert len(archive.day_log(EVENT)) == logged

    page = open_page(fresh_app(), "director", session="1", key=director_key)
    assert set(DIRECTOR_WRITES) <= button_keys(page)
    assert page.code  # the session's history
    key_of(archive, "director", "referee Mathew")  # replaced since the page was drawn
    page.text_input(key="dir-why").input("recorded twice")
    page = page.button(key="dir-void").click().run()
    assert "this key is not in force" in shown(page)
    assert open_day(archive, EVENT).tournament().schedule[0].state != "void"
    assert [event.who for event in archive.events(1)][-1] == "director"
