"""The dashboard's Streamlit server process, warmed before it listens: ``python -m
dashboard.server.warm run app.py … -- --data PATH`` takes Streamlit's own command line.

A fresh Streamlit process imports the pages' libraries and reads, replays and scores every session
on its first page view, so the first visitor waited seconds for what the server could have done
before it answered. Here the process does that work first (``dashboard.state.warm``) and only then
starts Streamlit, whose port opens when the pages are ready: the caches it fills are the ones the
pages use, since they live in this process.

What the warm-up made lives as long as the server, so it is then moved out of the garbage
collector's way (``keep_warmed``): Streamlit runs a full collection after every script run, which
otherwise walked every cached session each time (0.15 s on the bundled data, 0.6 s on 2,000
hands), holding the interpreter while the page's scripts and messages waited to be sent. What
comes later (each open page's session, the sessions recorded live) is not frozen, and a full
collection after every run walked it all again: with twenty tables recording and a hundred
projectors redrawing, some twenty-five runs a second, each as long as everything alive. So the
server runs with Streamlit's ``runner.postScriptGC`` off (``dashboard.server.launch``): Python's own
collector still collects cycles, its full collections spaced by how much survives, not by runs.

It also makes the server send every answer at once (``send_at_once``). Streamlit binds its
listening socket without naming TCP as its protocol, so asyncio leaves Nagle's algorithm on for
every connection: each answer after the first on a kept-alive connection (the page's scripts, its
websocket messages) then waited about 40 ms for the browser's delayed acknowledgement.
"""

from __future__ import annotations

import gc
import socket
import sys
from collections.abc import Callable, Sequence
from typing import Any

from dashboard.server import key_trail, public_routes, tap_route
from dashboard.server.launch import settings_problems


def script_arguments(argv: Sequence[str]) -> list[str]:
    """The app's own arguments on Streamlit's command line: what follows ``--``."""
    arguments = list(argv)
    return arguments[arguments.index("--") + 1 :] if "--" in arguments else []


def warm(app: str, arguments: Sequence[str]) -> None:
    """Fill the pages' caches as the app started with ``arguments`` will see them: the
    command line the page scripts read is set to theirs (``app`` and its arguments) meanwhile."""
    command_line = sys.argv
    sys.argv = [app, *arguments]
    try:
        from dashboard import state

        state.warm()
    finally:
        sys.argv = command_line


def public_location(app: str, arguments: Sequence[str]) -> str | None:
    """The archive the spectators' routes read (``dashboard.server.public_routes``): the one
    whose day the pages run (``state.day_location``), ``None`` for a server of files only."""
    command_line = sys.argv
    sys.argv = [app, *arguments]
    try:
        from dashboard import state

        return state.day_location()
    finally:
        sys.argv = command_line


def keep_warmed() -> None:
    """Collect the warm-up's garbage, then exempt everything left (the pages' caches, the imported
    modules) from every later collection (``gc.freeze``): it lives as long as the process."""
    gc.collect()
    gc.freeze()


def send_at_once() -> None:
    """Make the sockets Streamlit listens on send without delay (``TCP_NODELAY``), which the
    connections it accepts inherit, as asyncio does for the sockets it binds itself."""
    from streamlit.web.server.starlette import starlette_server

    bind: Callable[..., socket.socket] = starlette_server._bind_socket
    if getattr(bind, "sends_at_once", False):
        return

    def bind_sending_at_once(*arguments: Any, **keywords: Any) -> socket.socket:
        listening = bind(*arguments, **keywords)
        if listening.family in (socket.AF_INET, socket.AF_INET6):
            listening.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return listening

    bind_sending_at_once.sends_at_once = True  # type: ignore[attr-defined]
    starlette_server._bind_socket = bind_sending_at_once


def prepare(app: str, arguments: Sequence[str]) -> None:
    """All the process does before Streamlit starts: send at once, serve the spectators' routes
    (``public_routes``) and take the phones' taps by HTTP (``tap_route``), keep keys out of
    addresses, referrers and caches (``key_trail``, outermost), warm the caches for the app
    started with ``arguments``, and keep them out of the collector's way."""
    send_at_once()
    public_routes.install(public_location(app, arguments))
    tap_route.install()
    key_trail.install()
    warm(app, arguments)
    keep_warmed()


def main() -> None:
    """Prepare the process, then run Streamlit with this command line."""
    from streamlit.web.cli import main as streamlit_main

    arguments = sys.argv[1:]
    problems = settings_problems(arguments)
    if problems:
        sys.exit("thuruppu: the server is not guarded: " + "; ".join(problems))
    app = next((argument for argument in arguments if argument.endswith(".py")), "")
    prepare(app, script_arguments(arguments))
    sys.argv = ["streamlit", *arguments]
    streamlit_main(prog_name="streamlit")


if __name__ == "__main__":
    main()
