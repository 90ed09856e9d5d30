"""Every door of the pages on a server that needs keys (TOURNAMENT.md §10), under Streamlit's
AppTest: a visitor without a key is offered no import of his upload (it is viewed only) and, on
every page, whatever he can click stores nothing; a director's key imports into the archive the
server serves, as the director, never into another file."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from dashboard.page_writer import KEYS_ARGUMENT
from dashboard.state import DATA_ENVIRONMENT
from recorder.archive import ARCHIVE_ENV, Archive, open_archive
from recorder.archive.keys import issue
from tests.day_setup import EVENT, TOURNAMENT, played_match, set_up
from tests.test_dashboard_app import fresh_app, open_page, upload

#: Every page but Coaching (whose only buttons ask the solver for an analysis, a read), each
#: opened on the played match or table 2's.
PAGES = {
    "sessions": {},
    "replay": {"session": "archive:1", "hand": "1", "step": "3"},
    "scores": {"session": "archive:1"},
    "players": {},
    "record": {"table": "2"},
    "tournament": {},
    "organiser": {},
    "director": {"session": "1"},
}
MATCH = (TOURNAMENT / "group-a-round-2-theyyams-vallams.tgn").read_bytes()


@pytest.fixture
def archive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Archive:
    """The set-up tournament with G1-1 played, served (as the dashboard's data path) by a
    dashboard that needs keys; ``$THURUPPU_DB`` names another file, which nothing may make."""
    location = tmp_path / "day.sqlite"
    opened = open_archive(location)
    set_up(opened)
    played_match(opened, 1, "group-a-round-1-tuskers-theyyams.tgn")
    monkeypatch.setenv(DATA_ENVIRONMENT, str(location))
    monkeypatch.setenv(ARCHIVE_ENV, str(tmp_path / "elsewhere.sqlite"))
    monkeypatch.setattr(sys, "argv", [*sys.argv, KEYS_ARGUMENT])
    return opened


def stored(archive: Archive) -> tuple[int, ...]:
    """How much the archive holds: its sessions' events and the day's log."""
    return (*(s.events for s in archive.sessions()), len(archive.day_log()))


def test_a_keyless_upload_is_viewed_not_imported(archive: Archive, tmp_path: Path) -> None:
    before = stored(archive)
    app = upload(fresh_app().run(), "match.tgn", MATCH)
    assert not app.exception
    assert "upload-replay" in {str(b.key) for b in app.button}  # viewed
    assert "upload-import" not in {str(b.key) for b in app.button}
    captions = [str(c.value).replace("\\", "") for c in app.caption]
    assert any(
        c.startswith("Viewed only, not imported: this page only reads: its changes need the "
                     "director's link") for c in captions
    ), captions  # fmt: skip
    assert stored(archive) == before
    assert not (tmp_path / "elsewhere.sqlite").exists()


def test_a_directors_key_imports_into_the_served_archive(archive: Archive, tmp_path: Path) -> None:
    director = issue(archive, EVENT, "director", "2999-12-31").key
    app = open_page(fresh_app(), "sessions", key=director)
    app = upload(app, "match.tgn", MATCH)
    app = app.button(key="upload-import").click().run()
    assert not app.exception
    session = archive.sessions()[-1]
    assert (session.origin, session.event) == ("import", EVENT)
    assert {event.who for event in archive.events(session.id)} == {"director"}
    assert not (tmp_path / "elsewhere.sqlite").exists()


@pytest.mark.parametrize("page", PAGES)
def test_whatever_a_keyless_visitor_clicks_stores_nothing(archive: Archive, page: str) -> None:
    before = stored(archive)
    app = open_page(fresh_app(), page, **PAGES[page])
    assert not app.exception
    for index, button in enumerate(app.button):
        if not button.disabled and button.key != "replay-analyse":  # the solver: a long read
            clicked = open_page(fresh_app(), page, **PAGES[page])
            clicked.button[index].click().run()
            assert not clicked.exception
    assert stored(archive) == before, f"{page}: a keyless click stored something"
