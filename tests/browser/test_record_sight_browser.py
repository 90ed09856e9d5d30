"""Sight by key in Chromium (TOURNAMENT.md §10): on a server that needs keys, the Record page of a
hand in play at table 1 with 7♠ laid face down. Every websocket frame the page receives is kept:
another table's key and the desk's never receive the card (nor the TGN text with its trump line);
the table's own key and a director's do. The frames looked at hold the tap pad's data too (its
cards, seats and Undo come to the page in the same websocket messages), so what the pad is sent
is held to the same rule: their JSON writes ``♠`` as ``\\u2660``, so the card is looked for in
both spellings."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, WebSocket

from dashboard.server.launch import streamlit_command
from recorder.archive import open_archive
from recorder.archive.keys import issue
from tests.browser.conftest import PHONE, SESSIONS, free_port, running_server
from tests.browser.test_dashboard_browser import settle
from tests.day_setup import EVENT, set_up
from tests.test_record_sight import FACE_DOWN, LAST_DAY, in_play

pytestmark = pytest.mark.browser

WAIT_MS = 30_000
KEYS = {"table 1": ("table", 1), "director": ("director", None),
        "table 2": ("table", 2), "desk": ("desk", None)}  # fmt: skip


@dataclass
class Served:
    url: str
    session: int
    keys: dict[str, str]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    location = tmp_path_factory.mktemp("sight") / "day.sqlite"
    archive = open_archive(location)
    set_up(archive)
    session = in_play(archive)
    keys = {
        label: issue(archive, EVENT, role, LAST_DAY, table=table).key
        for label, (role, table) in KEYS.items()
    }
    port = free_port()
    command = streamlit_command(str(SESSIONS), port, str(location), keys=True)
    with running_server(command, port) as (url, _):
        yield Served(url, session, keys)


def frames_of(browser: Browser, served: Served, label: str) -> tuple[str, str]:
    """The page's text and every websocket frame it received, opened with ``label``'s key."""
    context = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    received: list[str] = []

    def listen(socket: WebSocket) -> None:
        def kept(payload: str | bytes) -> None:
            data = payload if isinstance(payload, bytes) else payload.encode()
            received.append(data.decode("utf-8", "replace"))

        socket.on("framereceived", kept)

    try:
        page = context.new_page()
        page.on("websocket", listen)
        page.goto(f"{served.url}/record?session={served.session}&key={served.keys[label]}")
        page.get_by_text("called 16").first.wait_for(timeout=WAIT_MS)
        settle(page)
        return page.inner_text("body"), "\n".join(received)
    finally:
        context.close()


@pytest.mark.parametrize(("label", "sees"), [("table 1", True), ("director", True),
                                             ("table 2", False), ("desk", False)])  # fmt: skip
def test_only_the_tables_key_and_the_directors_receive_the_face_down_card(
    browser: Browser, served: Served, label: str, sees: bool
) -> None:
    text, frames = frames_of(browser, served, label)
    if label == "table 1":  # the table's own page draws the tap pad: its data is in the frames
        assert "thuruppu.tap_pad" in frames and '"route": "_tap"' in frames
    assert (FACE_DOWN in text) is sees
    assert (FACE_DOWN in frames or json.dumps(FACE_DOWN)[1:-1] in frames) is sees
    assert ("trump 7S" in frames) is sees  # the TGN text's trump line
