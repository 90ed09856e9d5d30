"""A table's Record page as a scorer's phone holds it, for tests of the day played from the
tables: one tab (one Streamlit session over its own websocket, ``/_stcore/stream``) opened with
the link ``thuruppu day keys`` prints (``record?table=N&key=K``), kept for the whole day, every
tap as the page sends it: a 28 table's calls, face-down card and cards and a Rummy table's joker,
outcomes and next deal as the tap pad sends them (``POST /_tap`` with the phone's id, the tap's
number and the tab's key, then the page run again as the pad asks), every other tap the message
a browser sends when a button is pressed (the light clients of ``benchmarks.live_clients``: the
server does all a real tab costs it, nothing is drawn here).

Like a browser, the tab follows the address the page sets (the key taken out of it, ``session=``
once a match starts, ``table=`` again for the next match) and sends it with every run. Each tap
names what the scorer presses (``call``, ``card``, ``next_hand``, ``joker``, ``outcome`` …), so
that a test reads as the table plays and only this module knows how a tap reaches the server.
"""

from __future__ import annotations

import asyncio
import json
import re
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.typing import Subprotocol

from benchmarks.live_clients import trigger, widget_key
from dashboard.recording.table import card_label

SECONDS = 120
"""The longest a run of the page may take before the tab gives up (a loaded test machine)."""
STATUS = re.compile(r'class="rec-status[^"]*" data-events="(\d+)" data-phase="([\w-]+)"')
REFUSAL_ICON = ":material/block:"
"""The icon the Record pages show a tap's refusal with."""
RERUN = ForwardMsg.ScriptFinishedStatus.FINISHED_EARLY_FOR_RERUN


@dataclass
class Drawn:
    """What one run of the page sent: its widgets by key (element id and element), its texts
    (Markdown, HTML, alerts, widget labels), the refusals of a tap it showed and any exception."""

    widgets: dict[str, tuple[str, Any]] = field(default_factory=dict)
    texts: list[str] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    exception: str = ""
    pad: dict[str, Any] | None = None
    """The tap pad's data as the page drew it (``dashboard.recording.tricks.pad``), if drawn."""

    def has_status(self) -> bool:
        """Whether the page shows a session's status line."""
        return any(STATUS.search(text) for text in self.texts)

    def status(self) -> tuple[int, str]:
        """The Record page's status line: the events logged and the phase."""
        found = next((STATUS.search(text) for text in self.texts if STATUS.search(text)), None)
        if found is None:
            raise AssertionError(f"no status line on the page: {self.exception or self.text()}")
        return int(found[1]), found[2]

    def text(self) -> str:
        """Everything the page says, its Markdown escapes dropped."""
        return "\n".join(self.texts).replace("\\", "")

    def preselected(self, prefix: str) -> int:
        """The seat a seat picker (``key_of(prefix)``) shows chosen when drawn."""
        _, element = self.widgets[self.key_of(prefix)]
        (index,) = element.default
        return int(index) + 1

    def key_of(self, prefix: str) -> str:
        """The key of the widget ``prefix`` that takes turns between ``prefix-0`` and ``-1``."""
        keys = [key for key in self.widgets if key in (f"{prefix}-0", f"{prefix}-1")]
        assert len(keys) == 1, (prefix, sorted(self.widgets))
        return keys[0]


class TablePage:
    """One table's Record page in one tab, opened with its key for the whole day."""

    def __init__(self, url: str, table: int, key: str) -> None:
        self.address = url.replace("http://", "ws://") + "/_stcore/stream"
        self.tap_address = url + "/_tap"
        self.table = table
        self.key = key
        self.device = f"table-{table}-phone"
        self.numbers: dict[int, int] = {}  # the phone's last tap number in each session
        self.query = f"table={table}&key={key}"
        self.socket: websockets.ClientConnection | None = None
        self.drawn = Drawn()
        self.runs = 0

    async def open(self) -> Drawn:
        """Open the tab's link: its websocket, and the page's first run."""
        self.socket = await websockets.connect(
            self.address, subprotocols=[Subprotocol("streamlit")], max_size=None
        )
        return await self.run([])

    async def close(self) -> None:
        """Close the tab."""
        if self.socket is not None:
            await self.socket.close()

    async def run(self, states: list[WidgetState]) -> Drawn:
        """Run the page with these widget states, as the browser asks it; the page drawn (after
        any rerun the page itself asked for)."""
        message = BackMsg()
        message.rerun_script.query_string = self.query
        message.rerun_script.page_name = "record"
        message.rerun_script.widget_states.widgets.extend(states)
        assert self.socket is not None
        await self.socket.send(message.SerializeToString())
        self.drawn = await asyncio.wait_for(self.receive(), SECONDS)
        self.runs += 1
        assert not self.drawn.exception, self.drawn.exception
        return self.drawn

    async def receive(self) -> Drawn:
        """The page as the server sends it, up to the end of its run."""
        drawn = Drawn()
        assert self.socket is not None
        while True:
            received = ForwardMsg()
            received.ParseFromString(await self.socket.recv())
            kind = received.WhichOneof("type")
            if kind == "page_info_changed":  # the page set its address: the browser follows
                self.query = received.page_info_changed.query_string
            elif kind == "script_finished" and received.script_finished == RERUN:
                drawn = Drawn()
            elif kind == "script_finished":
                return drawn
            elif kind == "delta" and received.delta.WhichOneof("type") == "new_element":
                keep(drawn, received.delta.new_element)

    async def tap(self, button: str, *states: WidgetState) -> Drawn:
        """Press ``button`` with the widgets the tap reads set as given: the button must be on
        the page, and the page drawn after it shows no refusal and, on a session's page, more
        events logged than before."""
        assert button in self.drawn.widgets, (button, self.drawn.text())
        before = self.drawn
        drawn = await self.run([*states, trigger(before, button)])
        assert not drawn.refusals, (button, drawn.refusals)
        if before.has_status() and drawn.has_status():
            assert drawn.status()[0] > before.status()[0], (button, drawn.text())
        return drawn

    async def pad(self, tap: dict[str, object]) -> Drawn:
        """Send ``tap`` as the tap pad does, numbered for this phone in the session the page
        shows; the server must store it; then the page's run the pad asks for."""
        before = self.drawn
        (session,) = [int(number) for number in parse_qs(self.query)["session"]]
        number = self.numbers.get(session, 0) + 1
        self.numbers[session] = number
        body = {"session": session, "device": self.device, "seq": number, "tap": tap}
        answer = await asyncio.to_thread(post, self.tap_address, body, self.key)
        assert answer.get("outcome") == "stored", (tap, answer)
        drawn = await self.run([])
        assert drawn.status()[0] > before.status()[0], (tap, drawn.text())
        return drawn

    # A 28 table
    async def start_28(self, chairs: tuple[str, ...], dealer: int) -> Drawn:
        """The seats' players picked from the rosters, the first dealer, then Start."""
        states = [
            chosen(self.drawn, f"tbl-seat-{seat}", name) for seat, name in enumerate(chairs, 1)
        ]
        states.append(option(self.drawn, "tbl-dealer", str(dealer)))
        return await self.tap("tbl-start", *states)

    async def call(self, seat: int, token: str) -> Drawn:
        """A call (``token``) by ``seat``."""
        return await self.pad({"kind": "call", "token": token, "seat": seat})

    async def trump(self, code: str | None, suit: str | None) -> Drawn:
        """The face-down card from the grid, only its suit, or neither (not seen)."""
        return await self.pad({"kind": "trump", "code": code, "suit": suit})

    async def card(self, seat: int, code: str, actions: list[str]) -> Drawn:
        """A card with its seat and what the player said before it, in one tap."""
        return await self.pad({"kind": "card", "code": code, "seat": seat, "actions": actions})

    async def next_hand(self) -> Drawn:
        """The next hand, its dealer as the page preselects him."""
        return await self.tap("rec-next-hand")

    # A Rummy table
    async def start_rummy(self, draw: dict[str, str]) -> Drawn:
        """Each player's chair-draw card picked, then Start."""
        states = [
            chosen(self.drawn, f"tbl-draw-{name}-0", card_label(c)) for name, c in draw.items()
        ]
        await self.run(states)
        return await self.tap("tbl-start", *states)

    async def joker(self, code: str) -> Drawn:
        """The deal's cut joker, from the pad's grid."""
        pad = self.drawn.pad
        assert pad is not None and "joker" in pad, self.drawn.text()
        assert any(cell["code"] == code for line in pad["joker"] for cell in line["cells"]), code
        return await self.pad({"kind": "joker", "code": code})

    async def outcome(self, name: str, kind: str, points: int) -> Drawn:
        """A player's outcome: a one-tap outcome (``winner``, ``drop`` …) or a count typed in;
        the player picked by name among those the pad shows still to enter."""
        pad = self.drawn.pad
        assert pad is not None, self.drawn.text()
        (seat,) = [
            item["seat"] for item in pad["seats"] if item["open"] and named(item["label"]) == name
        ]
        if kind == "count":
            return await self.pad({"kind": "count", "seat": seat, "points": points})
        if kind == "winner":
            return await self.pad({"kind": "winner", "seat": seat})
        assert kind in [item["outcome"] for item in pad["outcomes"]], kind
        return await self.pad({"kind": "outcome", "seat": seat, "outcome": kind})

    async def next_deal(self) -> Drawn:
        """The next deal, its shuffler as the pad preselects him."""
        pad = self.drawn.pad
        assert pad is not None and "next" in pad, self.drawn.text()
        return await self.pad({"kind": "next-deal", **pad["next"]})

    # Either
    async def next_match(self) -> Drawn:
        """The next match the finished match's page offers."""
        return await self.tap("tbl-next-match")


def post(address: str, body: dict[str, object], key: str) -> dict[str, object]:
    """POST a tap as the pad does; the server's answer (its JSON, whatever the status)."""
    request = urllib.request.Request(
        address,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "X-Thuruppu-Key": key},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=SECONDS) as answer:
            return dict(json.loads(answer.read()))
    except urllib.error.HTTPError as refused:
        return dict(json.loads(refused.read()))


def keep(drawn: Drawn, element: Any) -> None:
    """Note an element of the page: its text, or the widget under its key."""
    which = element.WhichOneof("type")
    if which == "html":
        drawn.texts.append(element.html.body)
    elif which == "markdown":
        drawn.texts.append(element.markdown.body)
    elif which == "alert":
        drawn.texts.append(element.alert.body)
        if element.alert.icon == REFUSAL_ICON:
            drawn.refusals.append(element.alert.body)
    elif which == "exception":
        drawn.exception = f"{element.exception.type}: {element.exception.message}"
    elif which == "bidi_component" and widget_key(element.bidi_component.id) == "rec-pad":
        drawn.pad = json.loads(element.bidi_component.json)
    elif which:
        inner = getattr(element, which)
        key = widget_key(getattr(inner, "id", "") or "")
        if key:
            drawn.widgets[key] = (inner.id, inner)
            if getattr(inner, "label", ""):
                drawn.texts.append(inner.label)


def chosen(drawn: Drawn, key: str, label: str) -> WidgetState:
    """A select box ``key`` set to the option shown as ``label``."""
    identifier, element = drawn.widgets[key]
    assert label in element.options, (key, label, list(element.options))
    return WidgetState(id=identifier, string_value=label)


def option(drawn: Drawn, key: str, choice: int | str) -> WidgetState:
    """A segmented control or pills ``key`` set to its ``choice``-th option (a seat, from 1) or
    to the option naming ``choice`` (a player, shown with his chair: ``Anu (1)``), as the
    browser sends it: its label."""
    identifier, element = drawn.widgets[key]
    labels = [entry.content for entry in element.options]
    if isinstance(choice, int):
        (label,) = labels[choice - 1 : choice]
    else:
        (label,) = [shown for shown in labels if named(shown) == choice]
    state = WidgetState(id=identifier)
    state.string_array_value.data.append(label)
    return state


def named(label: str) -> str:
    """Who or what an option's label names: its text without the chair after it."""
    return label.replace("\\", "").split(" (")[0]
