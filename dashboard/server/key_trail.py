"""A key leaves no trail (TOURNAMENT.md §10): out of the address bar before the first paint, and
out of every referrer and cache.

A table's or a director's link carries ``key=``. Streamlit's page would keep that address in the
bar (and the tab's history) until its first run cleared it, and its answer would be cached like
any page's. So the server answers a page address carrying a key with a few lines of its own
(``HANDOFF``): they put the key in the tab's own ``sessionStorage`` (where
``dashboard.server.kept_key`` keeps a tab's key across reloads) and replace the address by the
same one without the key before anything is drawn; the page then loads keyless and takes the key
from the tab, as after a reload. That answer, and every answer of a keyed address, is sent with
``Cache-Control: no-store``; every answer says ``Referrer-Policy: no-referrer``, so no address
(keyed or not) goes to another site in a ``Referer`` header.

Streamlit runs on Starlette: ``install`` adds this as the outermost ASGI middleware of the
server's app (the server process calls it before Streamlit starts, ``dashboard.server.warm``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

STORE = "thuruppu-tab-key"
"""The ``sessionStorage`` entry ``kept_key.js`` keeps the tab's key in."""
HANDOFF = (
    "<!doctype html><html><head><meta charset=utf-8>"
    '<meta name="referrer" content="no-referrer"><title>Thuruppu</title><script>'
    "(() => {const address = new URL(location.href);"
    "const key = address.searchParams.get('key');"
    f"try {{ if (key) sessionStorage.setItem('{STORE}', key); }} catch (refused) {{}}"
    "address.searchParams.delete('key');"
    "location.replace(address.pathname + address.search + address.hash);})();"
    "</script></head><body></body></html>"
).encode()
"""The answer to a page address carrying a key: keep the key in the tab, load the page without
it. It holds no key itself (it reads the one in the address)."""
NO_REFERRER = (b"referrer-policy", b"no-referrer")
NO_STORE = (b"cache-control", b"no-store")
#: Addresses of Streamlit's own machinery, never a page: answered by Streamlit as they are.
MACHINERY = ("/_stcore/", "/static/", "/app/static/", "/component/", "/media/")


def keyed(scope: Scope) -> bool:
    """Whether the request's address carries a ``key`` parameter."""
    query = scope.get("query_string", b"").decode("latin-1")
    return "key" in parse_qs(query, keep_blank_values=True)


def is_page(scope: Scope) -> bool:
    """Whether the request asks for a page (a GET of an address that is none of Streamlit's own
    machinery), which Streamlit answers with its ``index.html``."""
    path = str(scope.get("path", "/"))
    return scope.get("method") == "GET" and not any(part in path for part in MACHINERY)


class KeyTrail:
    """ASGI middleware: a keyed page address answered by ``HANDOFF``; no referrer on any answer,
    no cache on a keyed one."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("type") != "http":
            await self.app(scope, receive, send)
            return
        with_key = keyed(scope)
        if with_key and is_page(scope):
            await handoff(send)
            return

        async def sending(message: Message) -> None:
            if message.get("type") == "http.response.start":
                dropped = {b"referrer-policy", b"cache-control"} if with_key else {NO_REFERRER[0]}
                headers = [
                    (name, value)
                    for name, value in message.get("headers", [])
                    if name.lower() not in dropped
                ]
                headers.append(NO_REFERRER)
                if with_key:
                    headers.append(NO_STORE)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, sending)


async def handoff(send: Send) -> None:
    """Send ``HANDOFF``, kept by no cache and sent as no referrer."""
    headers = [
        (b"content-type", b"text/html; charset=utf-8"),
        (b"content-length", str(len(HANDOFF)).encode()),
        NO_REFERRER,
        NO_STORE,
    ]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": HANDOFF})


def install() -> None:
    """Put ``KeyTrail`` outside the middleware Streamlit builds its Starlette app with."""
    from starlette.middleware import Middleware
    from streamlit.web.server.starlette import starlette_app

    made = starlette_app.create_streamlit_middleware
    if getattr(made, "key_trail", False):
        return

    def with_key_trail() -> list[Middleware]:
        return [Middleware(KeyTrail), *made()]

    with_key_trail.key_trail = True  # type: ignore[attr-defined]
    starlette_app.create_streamlit_middleware = with_key_trail
