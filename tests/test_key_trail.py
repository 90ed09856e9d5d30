"""A key leaves no trail (``dashboard.server.key_trail``): a page address carrying a key is
answered by a few lines that keep the key in the tab and load the page without it, kept by no
cache; no answer sends a referrer; Streamlit's own addresses are answered by Streamlit."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from dashboard.server.key_trail import HANDOFF, STORE, KeyTrail


def served(path: str, query: str = "", method: str = "GET") -> tuple[list[dict[str, Any]], bool]:
    """What the middleware sends for a request, and whether the app behind it was asked."""
    asked: list[bool] = []
    sent: list[dict[str, Any]] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        asked.append(True)
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [(b"cache-control", b"no-cache"), (b"content-type", b"text/html")],
            }
        )
        await send({"type": "http.response.body", "body": b"<html>streamlit</html>"})

    async def receive() -> dict[str, Any]:
        return {"type": "http.request"}

    async def send(message: Any) -> None:
        sent.append(dict(message))

    scope = {"type": "http", "method": method, "path": path, "query_string": query.encode()}
    with ThreadPoolExecutor(1) as apart:  # a loop of its own, whatever runs in this thread
        apart.submit(asyncio.run, KeyTrail(app)(scope, receive, send)).result()
    return sent, bool(asked)


def headers(sent: list[dict[str, Any]]) -> dict[bytes, bytes]:
    return dict(sent[0]["headers"])


def test_a_keyed_page_is_handed_off_without_the_key_and_kept_by_no_cache() -> None:
    sent, asked = served("/record", "table=4&key=s3cret-key")
    assert not asked  # Streamlit's page never sees the keyed address
    assert headers(sent)[b"cache-control"] == b"no-store"
    assert headers(sent)[b"referrer-policy"] == b"no-referrer"
    body = sent[1]["body"]
    assert body == HANDOFF and b"s3cret-key" not in body
    assert f"sessionStorage.setItem('{STORE}', key)".encode() in body
    assert b"searchParams.delete('key')" in body and b"location.replace(" in body


def test_a_page_without_a_key_is_streamlits_own_with_no_referrer() -> None:
    sent, asked = served("/record", "table=4")
    assert asked and sent[1]["body"] == b"<html>streamlit</html>"
    assert headers(sent) == {
        b"cache-control": b"no-cache",
        b"content-type": b"text/html",
        b"referrer-policy": b"no-referrer",
    }


def test_streamlits_own_addresses_pass_but_are_not_kept_when_keyed() -> None:
    sent, asked = served("/_stcore/health", "key=s3cret-key")
    assert asked and headers(sent)[b"cache-control"] == b"no-store"
    assert headers(sent)[b"referrer-policy"] == b"no-referrer"
    sent, asked = served("/record", "key=s3cret-key", method="POST")
    assert asked  # only a page's GET is handed off
