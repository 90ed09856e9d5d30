"""The dashboard's server process: it sends every answer at once (the socket Streamlit listens
on, and each connection it accepts, has Nagle's algorithm off: ``send_at_once``), and keeps what
its warm-up made out of the garbage collector's way (``keep_warmed``)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.web.server.starlette import starlette_server

from dashboard.server.launch import APP
from dashboard.server.replay_store import CACHE_ENV
from dashboard.server.warm import send_at_once
from dashboard.state import DATA_ENVIRONMENT
from recorder.archive import ARCHIVE_ENV
from tests.browser.conftest import SESSIONS

REPOSITORY = APP.parent.parent
CLUB = SESSIONS / "club-night-40.tgn"


@pytest.fixture
def restored() -> Iterator[None]:
    """Streamlit's own binding back after the test."""
    bind = starlette_server._bind_socket
    yield
    starlette_server._bind_socket = bind


def nodelay(connection: socket.socket) -> bool:
    return bool(connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))


def accepted(listening: socket.socket) -> socket.socket:
    """A connection the listening socket accepted from a client on this machine."""
    client = socket.create_connection(listening.getsockname()[:2], timeout=5)
    listening.setblocking(True)
    connection, _ = listening.accept()
    client.close()
    return connection


def test_streamlit_alone_leaves_nagle_on_for_the_connections_it_accepts(restored: None) -> None:
    """Why the change exists: without it, an accepted connection waits to fill its packets."""
    listening = starlette_server._bind_socket("127.0.0.1", 0, 8)
    with listening, accepted(listening) as connection:
        assert not nodelay(connection), "Streamlit now sends at once itself: send_at_once may go"


def test_the_listening_socket_and_every_connection_it_accepts_send_at_once(
    restored: None,
) -> None:
    send_at_once()
    listening, _ = starlette_server._bind_server_socket("127.0.0.1", "127.0.0.1", 0, 8)
    with listening:
        assert nodelay(listening)
        for _ in range(2):
            with accepted(listening) as connection:
                assert nodelay(connection)


def test_sending_at_once_is_set_up_once_however_often_it_is_asked(restored: None) -> None:
    send_at_once()
    bind = starlette_server._bind_socket
    send_at_once()
    assert starlette_server._bind_socket is bind


WARMED = """
import gc, sys
from dashboard import state
from dashboard.server import warm as server
from streamlit.web.server.starlette import starlette_server
server.prepare(sys.argv[1], ["--data", sys.argv[2]])
assert starlette_server._bind_socket.sends_at_once
files, _ = state.shared_sessions()
tracked = {id(thing) for thing in gc.get_objects()}
cached = [thing for session in files for thing in (session, session.record, session.score)]
print(len(files), gc.get_freeze_count(), sum(id(thing) in tracked for thing in cached))
"""


def test_the_prepared_server_keeps_its_warm_up_out_of_every_later_collection(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Streamlit collects all garbage after every script run; the warmed sessions are not walked."""
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(CLUB, data / CLUB.name)
    monkeypatch.setenv(DATA_ENVIRONMENT, str(data))
    monkeypatch.setenv(ARCHIVE_ENV, str(tmp_path / "no-archive.sqlite"))
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    done = subprocess.run(
        [sys.executable, "-c", WARMED, str(APP), str(data)],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPOSITORY,
    )
    sessions, frozen, still_tracked = map(int, done.stdout.split())
    assert sessions == 1
    assert frozen > 100_000  # the imported libraries and the caches
    assert still_tracked == 0
