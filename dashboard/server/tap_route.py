"""The HTTP door a phone's taps come in by: ``POST /_tap`` with one tap as JSON.

A Record page's tap pad (``dashboard.screens.tap_pad``) keeps each tap on the phone until the
server acknowledges it, and sends it here rather than through the page's websocket: a plain
request can be sent again after a dropped Wi-Fi, a locked screen or a restarted server, and its
answer says how far the phone's taps are held. The body is ``{"session": 12, "device": "…",
"seq": 7, "tap": {…}, "take_over": false}``; the tab's key (if any) comes in the
``X-Thuruppu-Key`` header, never in the address. The answer is JSON (``tap_writer.Answer``), sent
with ``Cache-Control: no-store``.

Streamlit runs on Starlette: ``install`` puts this in front of the app's own middleware (the
server process calls it before Streamlit starts, ``dashboard.server.warm``), as
``dashboard.server.key_trail`` is. The archive work runs in a worker thread, so the server's event
loop keeps serving the pages meanwhile.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from anyio import to_thread

from dashboard.recording.tap_writer import LONGEST_TAP, Answer, Sent, write_tap
from dashboard.server.key_trail import ASGIApp, Receive, Scope, Send

PATH = "/_tap"
KEY_HEADER = b"x-thuruppu-key"
LONGEST_BODY = LONGEST_TAP + 512


class TapRoute:
    """ASGI middleware: ``POST /_tap`` answered here (``write_tap``), anything else passed on."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("type") != "http" or not str(scope.get("path", "")).endswith(PATH):
            await self.app(scope, receive, send)
            return
        if scope.get("method") != "POST":
            await respond(send, Answer(405, {"outcome": "refused", "message": "taps are POSTed"}))
            return
        body = await read_body(receive)
        if body is None:
            answer = Answer(413, {"outcome": "refused", "message": "the tap is too long"})
        else:
            key = dict(scope.get("headers", [])).get(KEY_HEADER, b"").decode("latin-1") or None
            answer = await to_thread.run_sync(answer_tap, body, key)
        await respond(send, answer)


async def read_body(receive: Receive) -> bytes | None:
    """The request's body, or ``None`` when it is longer than a tap can be."""
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if len(body) > LONGEST_BODY:
            return None
        if not message.get("more_body"):
            return body


def answer_tap(body: bytes, key: str | None) -> Answer:
    """Read the request's JSON and hand the tap to ``write_tap`` on this server's archive."""
    sent = sent_tap(body, key)
    if isinstance(sent, str):
        return Answer(400, {"outcome": "refused", "message": sent, "held": None})
    from dashboard import state  # the pages' shared archive and live sessions: one per process
    from dashboard.page_writer import keys_on
    from dashboard.recording.tricks.setup import archive_argument
    from recorder.archive import archive_location

    location = state.day_location() or archive_argument(sys.argv[1:])
    archive = state.shared_archive(archive_location(location))
    return write_tap(archive, state.live_sessions(), sent, keys_on())


def sent_tap(body: bytes, key: str | None) -> Sent | str:
    """The tap of a request's body, or what is wrong with it."""
    try:
        given: Any = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return "the request is not JSON"
    if not isinstance(given, dict):
        return "the request is not a JSON object"
    session, device, seq = given.get("session"), given.get("device"), given.get("seq")
    if not isinstance(session, int) or not isinstance(seq, int) or not isinstance(device, str):
        return "a tap needs its session, the phone's id (device) and its number (seq)"
    tap = given.get("tap")
    if not isinstance(tap, dict):
        return "a tap needs what was tapped (tap)"
    content = json.dumps(tap, separators=(",", ":"))
    return Sent(session, device, seq, content, key, bool(given.get("take_over")))


async def respond(send: Send, answer: Answer) -> None:
    """Send ``answer`` as JSON, kept by no cache."""
    body = json.dumps(answer.body).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"),
    ]
    await send({"type": "http.response.start", "status": answer.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def install() -> None:
    """Put ``TapRoute`` in front of the middleware Streamlit builds its Starlette app with."""
    from starlette.middleware import Middleware
    from streamlit.web.server.starlette import starlette_app

    made = starlette_app.create_streamlit_middleware
    if getattr(made, "tap_route", False):
        return

    def with_tap_route() -> list[Middleware]:
        return [Middleware(TapRoute), *made()]

    with_tap_route.tap_route = True  # type: ignore[attr-defined]
    starlette_app.create_streamlit_middleware = with_tap_route
