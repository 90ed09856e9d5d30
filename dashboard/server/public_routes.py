"""The spectators' routes: plain pages and JSON under ``/public/``, and their event stream, served
by the dashboard's own server process beside Streamlit's pages, with no key and no Streamlit
session (TOURNAMENT.md §10: what the room may see, nothing more).

A phone following the day from home costs a Streamlit page a websocket, a session and a run of the
page every few seconds; here it costs one cached answer. Each resource (its address and the
parameters it reads) is built at most once every ``BUILD_SECONDS`` in the process, on a worker
thread, whoever asks; it is sent with an ``ETag`` (a request whose ``If-None-Match`` names it is
answered ``304``) and ``Cache-Control: public, max-age=1``, so the proxy in front (``nginx``, see
``dashboard.server.hosting``) serves the room from its own cache. ``/public/events`` is the
event stream (``dashboard.server.notices``): each page listens to it and reloads when what it
shows has changed.

=========================  ==================================================================
``/public/``               the list of these pages
``/public/standings``      every group's standings (``?event=NAME`` for another tournament)
``/public/bracket``        the knockout and the places
``/public/projector``      the projector's panels (``?panels=…&turn=…`` as on the projector)
``/public/now``            what is being played, with its score so far
``/public/rummy``          the Rummy stages and places
``/public/sessions``       every session and its position
``/public/session/ID``     one session as the room sees it
``/public/events``         the event stream (server-sent events)
=========================  ==================================================================

Each page also answers as JSON with ``.json`` after its name. ``install`` puts this in front of
Streamlit's Starlette app (``dashboard.server.warm`` calls it before Streamlit starts), as
``dashboard.server.key_trail`` is.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl

from dashboard.server import public_pages
from dashboard.server.notices import Positions, stream
from recorder.archive import Archive, ArchiveError, open_archive

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

PREFIX = "/public/"
BUILD_SECONDS = 1.0
"""A resource is built at most this often; with the proxy's ``max-age`` a page is never more
than about ``BUILD_SECONDS + MAX_AGE`` seconds behind the archive."""
MAX_AGE = 1
CACHE_CONTROL = f"public, max-age={MAX_AGE}".encode()
WORKER_ENV = "THURUPPU_WORKER"
"""The process's number among several (``thuruppu serve --workers``), sent as ``x-thuruppu-
worker`` on every answer of the process, so an operator (or a test) sees which one answered."""
PARAMETERS = ("event", "panels", "turn")
"""The query parameters a page reads: any other is not part of what is cached."""
KEPT_ANSWERS = 512
INDEX = (
    "<ul>"
    + "".join(
        f'<li><a href="{PREFIX}{name}">{name}</a> (<a href="{PREFIX}{name}.json">JSON</a>)</li>'
        for name in (*public_pages.TOURNAMENT_PAGES, "sessions")
    )
    + '<li><a href="/public/events">events</a> (server-sent events)</li></ul>'
)


@dataclass(frozen=True)
class Answer:
    """A built answer as it is sent: status, type, body, its ETag and when it was built."""

    status: int
    content_type: bytes
    body: bytes
    etag: bytes
    built: float


class PublicSite:
    """The ``/public/`` routes of one process over the archive at ``location`` (``None``: the
    process serves files only, and every page says there is no archive)."""

    def __init__(self, location: str | None) -> None:
        self.location = location
        self.positions = Positions(location) if location is not None else None
        self._archive: Archive | None = None
        self._answers: dict[tuple[str, ...], Answer] = {}
        self._building: dict[tuple[str, ...], asyncio.Lock] = {}

    def archive(self) -> Archive:
        """The archive, opened once for the process's public routes."""
        if self._archive is None:
            assert self.location is not None
            self._archive = open_archive(self.location, create=False)
        return self._archive

    def build(self, name: str, params: dict[str, str]) -> public_pages.Built:
        """Build one page (on a worker thread): its data and its HTML."""
        if self.location is None:
            return public_pages.missing("this server has no archive")
        archive = self.archive()
        if name in public_pages.TOURNAMENT_PAGES:
            return public_pages.tournament_page(archive, name, params)
        if name == "sessions":
            return public_pages.sessions_page(archive)
        number = name.removeprefix("session/")
        if name.startswith("session/") and number.isdigit():
            return public_pages.session_page(archive, int(number))
        if name == "":
            return public_pages.Built(200, {}, "Thuruppu: the room's pages", INDEX)
        return public_pages.missing(f"no page {PREFIX}{name}")

    async def answer(self, name: str, as_json: bool, params: dict[str, str]) -> Answer:
        """The page's cached answer, built again when older than ``BUILD_SECONDS`` (one build
        at a time for each page, whoever waits for it)."""
        key = (name, "json" if as_json else "html", *(params.get(p, "") for p in PARAMETERS))
        kept = self._answers.get(key)
        if kept is not None and time.monotonic() - kept.built < BUILD_SECONDS:
            return kept
        lock = self._building.setdefault(key, asyncio.Lock())
        async with lock:
            kept = self._answers.get(key)
            if kept is not None and time.monotonic() - kept.built < BUILD_SECONDS:
                return kept
            try:
                built = await asyncio.to_thread(self.build, name, params)
            except ArchiveError as error:  # the database is away: say so, keep nothing
                built = public_pages.missing(str(error), 503)
            body = built.json_bytes() if as_json else public_pages.html_page(built)
            kind = b"application/json" if as_json else b"text/html; charset=utf-8"
            etag = b'"' + hashlib.blake2b(body, digest_size=12).hexdigest().encode() + b'"'
            made = Answer(built.status, kind, body, etag, time.monotonic())
            if built.status != 503:
                if len(self._answers) >= KEPT_ANSWERS:
                    self._answers.clear()
                self._answers[key] = made
            return made


def request_parts(scope: Scope) -> tuple[str, bool, dict[str, str]]:
    """A public address's page name, whether JSON is asked for, and the parameters it reads."""
    path = str(scope.get("path", ""))
    name = path[len(PREFIX) :].rstrip("/") if path.startswith(PREFIX) else ""
    as_json = name.endswith(".json")
    name = name.removesuffix(".json")
    query = scope.get("query_string", b"").decode("latin-1")
    params = {k: v for k, v in parse_qsl(query) if k in PARAMETERS}
    return name, as_json, params


def header(scope: Scope, wanted: bytes) -> bytes | None:
    """A request header's value (the first of that name)."""
    return next((value for name, value in scope.get("headers", []) if name.lower() == wanted), None)


class PublicRoutes:
    """ASGI middleware: ``/public/…`` answered here, every other address by the app."""

    def __init__(self, app: ASGIApp, site: PublicSite) -> None:
        self.app = app
        self.site = site

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        if scope.get("type") != "http" or not (path.startswith(PREFIX) or path == PREFIX[:-1]):
            await self.app(
                scope, receive, with_worker(send) if scope.get("type") == "http" else send
            )
            return
        if scope.get("method") not in ("GET", "HEAD"):
            await self.send(send, scope, 405, b"text/plain", b"public pages are read only\n")
            return
        name, as_json, params = request_parts(scope)
        if name == "events" and not as_json:
            if self.site.positions is None:
                await self.send(send, scope, 404, b"text/plain", b"this server has no archive\n")
                return
            await stream(self.site.positions, scope, receive, send)
            return
        answer = await self.site.answer(name, as_json, params)
        if answer.status == 200 and header(scope, b"if-none-match") == answer.etag:
            await self.send(send, scope, 304, answer.content_type, b"", answer.etag)
            return
        await self.send(send, scope, answer.status, answer.content_type, answer.body, answer.etag)

    async def send(
        self,
        send: Send,
        scope: Scope,
        status: int,
        kind: bytes,
        body: bytes,
        etag: bytes | None = None,
    ) -> None:
        """Send one answer, cacheable when it is a page (200 or 304)."""
        headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode())]
        if etag is not None and status in (200, 304):
            headers += [(b"etag", etag), (b"cache-control", CACHE_CONTROL)]
        else:
            headers.append((b"cache-control", b"no-store"))
        await with_worker(send)(
            {"type": "http.response.start", "status": status, "headers": headers}
        )
        shown = b"" if scope.get("method") == "HEAD" else body
        await send({"type": "http.response.body", "body": shown})


def with_worker(send: Send) -> Send:
    """``send`` adding the process's number (``WORKER_ENV``) to an answer's headers."""
    worker = os.environ.get(WORKER_ENV, "").encode()
    if not worker:
        return send

    async def sending(message: Message) -> None:
        if message.get("type") == "http.response.start":
            headers = [*message.get("headers", []), (b"x-thuruppu-worker", worker)]
            message = {**message, "headers": headers}
        await send(message)

    return sending


def install(location: str | None) -> None:
    """Put ``PublicRoutes`` over the archive at ``location`` in the middleware Streamlit builds
    its Starlette app with (inside ``key_trail``'s, which stays outermost)."""
    from starlette.middleware import Middleware
    from streamlit.web.server.starlette import starlette_app

    made = starlette_app.create_streamlit_middleware
    if getattr(made, "public_routes", False):
        return
    site = PublicSite(location)

    def with_public_routes() -> list[Middleware]:
        return [Middleware(PublicRoutes, site=site), *made()]

    with_public_routes.public_routes = True  # type: ignore[attr-defined]
    starlette_app.create_streamlit_middleware = with_public_routes
