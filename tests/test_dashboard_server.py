"""The dashboard's server sends every answer at once: the socket Streamlit listens on, and each
connection it accepts, has Nagle's algorithm off (``dashboard.server.send_at_once``)."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from streamlit.web.server.starlette import starlette_server

from dashboard.server import send_at_once


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
