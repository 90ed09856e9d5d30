"""Light dashboard clients for the live-load benchmark: a scorer and a spectator that speak
Streamlit's own websocket protocol (``/_stcore/stream``, protobuf ``BackMsg`` up and ``ForwardMsg``
down), as the page in a browser does, without a browser; and a scorer's tap pad sending its taps
by HTTP (``TapSender``, ``POST /_tap``), as the Record page's pad does.

A scorer's tap is the message the browser sends when a button is clicked: a rerun of the page with
the button's trigger and the widgets the tap reads (the seat, the actions before the card); it is
timed from sending it until the server says the rerun finished, every element of the redrawn page
received. A spectator asks for the projector's fragment every few seconds as the page's timer does
(an automatic fragment rerun) and is timed the same way. Neither draws: the server does all the
work a real tab costs it, the client none of a browser's.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.parse
from dataclasses import dataclass, field

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.typing import Subprotocol

STATUS = re.compile(r'class="rec-status" data-events="(\d+)" data-phase="(\w+)" data-seat="(\d+)"')
ID_PREFIX = "$$ID-"
TIMEOUT_SECONDS = 600


@dataclass
class Drawn:
    """What one run of a page sent: its widgets by their key (id and element), its HTML, and
    the fragment that reruns itself (with its period), if any."""

    widgets: dict[str, tuple[str, object]] = field(default_factory=dict)
    html: list[str] = field(default_factory=list)
    fragment: str = ""
    exception: str = ""

    def status(self) -> tuple[int, str, int]:
        """The Record page's status line: events logged, phase, seat whose turn it is."""
        for body in self.html:
            found = STATUS.search(body)
            if found:
                return int(found[1]), found[2], int(found[3])
        raise RuntimeError(f"no status line in the page drawn: {self.exception or self.html}")


def widget_key(identifier: str) -> str:
    """The key a widget was given on the page, from its element id (``$$ID-<hash>-<key>``)."""
    if not identifier.startswith(ID_PREFIX):
        return ""
    parts = identifier[len(ID_PREFIX) :].split("-", 1)
    return parts[1] if len(parts) == 2 else ""


class Client:
    """One browser tab's session on the server, over its own websocket."""

    def __init__(
        self, url: str, page: str, query: str, headers: dict[str, str] | None = None
    ) -> None:
        self.address = url.replace("http://", "ws://") + "/_stcore/stream"
        self.page = page
        self.query = query
        self.headers = headers or {}
        """Sent with the websocket's opening request (a proxy's routing cookie)."""
        self.socket: websockets.ClientConnection | None = None

    async def open(self) -> Drawn:
        """Connect and draw the page as a newly opened tab does."""
        self.socket = await websockets.connect(
            self.address,
            subprotocols=[Subprotocol("streamlit")],
            additional_headers=self.headers,
            max_size=None,
            open_timeout=TIMEOUT_SECONDS,
            ping_interval=None,  # a server stalled for long is measured, not dropped
        )
        return await self.run()

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()

    async def run(self, states: list[WidgetState] | None = None, fragment: str = "") -> Drawn:
        """Rerun the page (or one fragment) with these widget states; the page as it was sent."""
        message = BackMsg()
        client = message.rerun_script
        client.query_string = self.query
        client.page_name = self.page
        client.widget_states.widgets.extend(states or [])
        if fragment:
            client.fragment_id = fragment
            client.is_auto_rerun = True
        assert self.socket is not None
        await self.socket.send(message.SerializeToString())
        return await asyncio.wait_for(self.receive(), TIMEOUT_SECONDS)

    async def receive(self) -> Drawn:
        drawn = Drawn()
        assert self.socket is not None
        while True:
            received = ForwardMsg()
            received.ParseFromString(await self.socket.recv())
            kind = received.WhichOneof("type")
            if kind == "script_finished":
                return drawn
            if kind == "auto_rerun":
                drawn.fragment = received.auto_rerun.fragment_id
            if kind != "delta" or received.delta.WhichOneof("type") != "new_element":
                continue
            element = received.delta.new_element
            which = element.WhichOneof("type")
            if which == "html":
                drawn.html.append(element.html.body)
            elif which == "markdown":
                drawn.html.append(element.markdown.body)
            elif which == "alert":  # a refusal or trouble the page says
                drawn.html.append(element.alert.body)
            elif which == "exception":
                drawn.exception = element.exception.message
            elif which:
                identifier = getattr(getattr(element, which), "id", "")
                key = widget_key(identifier) if isinstance(identifier, str) else ""
                if key:
                    drawn.widgets[key] = (identifier, getattr(element, which))


def trigger(drawn: Drawn, key: str) -> WidgetState:
    """A click on the button ``key``."""
    identifier, _ = drawn.widgets[key]
    return WidgetState(id=identifier, trigger_value=True)


def chosen_option(drawn: Drawn, key: str, option: int | str) -> WidgetState:
    """The option of a segmented control or pills ``key`` shown at ``option``'s index (a seat
    number from 1) or labelled ``option``, as the browser sends it: its label."""
    identifier, element = drawn.widgets[key]
    labels = [entry.content for entry in element.options]  # type: ignore[attr-defined]
    label = labels[option - 1] if isinstance(option, int) else option
    state = WidgetState(id=identifier)
    state.string_array_value.data.append(label)
    return state


async def timed(coroutine: object) -> tuple[float, Drawn]:
    started = time.perf_counter()
    drawn = await coroutine  # type: ignore[misc]
    return time.perf_counter() - started, drawn


class TapSender:
    """A scorer's tap pad as the server sees it: each tap a ``POST /_tap`` with this phone's id
    and the next number of its taps (``dashboard/screens/tap_queue.js``), the answer read whole.

    One connection a tap (``Connection: close``): on one machine a connection costs some tenths of
    a millisecond, and a tap's time is then the server's alone, from sending it to its answer."""

    def __init__(
        self, url: str, session_id: int, device: str, headers: dict[str, str] | None = None
    ) -> None:
        parts = urllib.parse.urlsplit(url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.session_id, self.device, self.seq = session_id, device, 0
        self.headers = "".join(f"{name}: {value}\r\n" for name, value in (headers or {}).items())

    async def send(
        self, tap: dict[str, object], seq: int | None = None
    ) -> tuple[int, dict[str, object]]:
        """Send the next tap (or the tap numbered ``seq``, sent again after a lost answer); the
        answer's HTTP status and JSON."""
        self.seq = self.seq + 1 if seq is None else seq
        body = json.dumps(
            {"session": self.session_id, "device": self.device, "seq": self.seq, "tap": tap}
        ).encode()
        head = (
            f"POST /_tap HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
            "Content-Type: application/json\r\nConnection: close\r\n"
            f"{self.headers}Content-Length: {len(body)}\r\n\r\n"
        ).encode()
        reader, writer = await asyncio.open_connection(self.host, self.port)
        try:
            writer.write(head + body)
            await writer.drain()
            answer = await asyncio.wait_for(reader.read(-1), TIMEOUT_SECONDS)
        finally:
            writer.close()
        status_line, _, rest = answer.partition(b"\r\n")
        _, _, content = rest.partition(b"\r\n\r\n")
        try:
            said = json.loads(content)
        except ValueError:  # a proxy's own page (its server gone), not the tap's answer
            said = {}
        return int(status_line.split()[1]), said
