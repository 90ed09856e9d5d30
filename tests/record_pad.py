"""The Record page's tap pad driven from Streamlit's AppTest: a tap sent as the pad sends it.

AppTest runs the page's script but no script of a component: it cannot press the pad's buttons.
It does hold what the page drew the pad from (the component's data, ``pad_data``), so a scorer is
played here as the pad plays one: the button pressed must be one the pad draws now (a call
offered, a card not yet played, an Undo naming the latest event), its tap is made from the data
as the pad's script makes it (a seat only when one is picked, the undo's target), and it goes
through the server's own entry for a tap (``tap_route.answer_tap``), with the page's shared
archive and live sessions, under this phone's id and next number. The page is then run again, as
a held tap makes the pad ask for, and redraws from the archive.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from streamlit.testing.v1 import AppTest

from dashboard.recording.tap_writer import Answer
from dashboard.server.tap_route import answer_tap

PHONE = "apptest-phone-0001"


def pad_texts(app: AppTest) -> list[str]:
    """The data of every component the page drew (the tap pad's, sent to the browser as the rest
    of the page is), as JSON text with its characters as they are (the page sends ``7\\u2660``,
    which a search for ``7♠`` would miss)."""
    found = [node for node in _walk(app._tree) if getattr(node, "type", None) == "bidi_component"]
    return [json.dumps(json.loads(node.proto.json), ensure_ascii=False) for node in found]


def pad_shown(app: AppTest) -> dict[str, Any]:
    """The data the page last drew its tap pad from (it fails when the page drew no pad)."""
    found = pad_texts(app)
    assert len(found) == 1, f"the page drew {len(found)} tap pads"
    data = json.loads(found[0])
    assert isinstance(data, dict)
    return data


def _walk(node: Any) -> list[Any]:
    """``node`` and every element under it."""
    children = getattr(node, "children", None)
    below = [n for child in children.values() for n in _walk(child)] if children else []
    return [node, *below]


def offered(data: dict[str, Any]) -> set[str]:
    """The pad's buttons a scorer may press now, named as the pad's ``data-tap`` names them."""
    names = {f"seat-{item['seat']}" for item in data.get("seats", [])}
    names |= {f"call-{call['token']}" for call in data.get("calls", [])}
    for line in data.get("trump", []):
        names |= {f"trump-{cell['code']}" for cell in line["cells"]}
    if "trump" in data:
        names |= {*(f"trump-suit-{suit}" for suit in "SHDC"), "trump-none"}
    for line in data.get("grid", []):
        names |= {f"card-{cell['code']}" for cell in line["cells"] if not cell["played"]}
    names |= {f"answer-{answer}" for answer in data.get("answers", [])}
    names |= {"pair"} if data.get("pair") else set()
    names |= {"end"} if data.get("phase") == "play" else set()
    names |= {"undo"} if data.get("undo") else set()
    return names


def made_tap(
    data: dict[str, Any], name: str, seat: int | None, actions: Sequence[str]
) -> dict[str, Any]:
    """The tap the pad's script makes for its button ``name`` (``tap_pad_trick.js``): a card,
    call or answer carries the seat picked by hand, else none (the seat the archive says is to
    act when it arrives); a pair, the seat picked or the one shown."""
    kind, _, rest = name.partition("-")
    if kind == "card":
        return {"kind": "card", "code": rest, "seat": seat, "actions": list(actions)}
    if kind == "call":
        return {"kind": "call", "token": rest, "seat": seat}
    if name == "trump-none":
        return {"kind": "trump"}
    if name.startswith("trump-suit-"):
        return {"kind": "trump", "suit": name.removeprefix("trump-suit-")}
    if kind == "trump":
        return {"kind": "trump", "code": rest}
    if kind == "answer":
        return {"kind": "answer", "answer": rest, "seat": seat}
    if name == "pair":
        return {"kind": "pair", "seat": seat if seat is not None else data.get("seat")}
    if name == "end":
        return {"kind": "end"}
    assert name == "undo", name
    return {"kind": "undo", "target": data["undo"]["target"]}


class PadPhone:
    """A phone pressing the pad's buttons on a page under AppTest, numbering its taps as the pad
    does (one number a tap, from 1, for this phone in the session)."""

    def __init__(self, device: str = PHONE, key: str | None = None) -> None:
        self.device, self.key, self.sent = device, key, 0
        self.last: tuple[int, dict[str, Any]] | None = None

    def send(self, session_id: int, tap: dict[str, Any], take_over: bool = False) -> Answer:
        """``tap`` sent to the server's tap entry as the pad's request would carry it."""
        self.sent += 1
        self.last = session_id, tap
        return self._post(session_id, tap, take_over)

    def send_again(self) -> Answer:
        """The last tap sent again under its number, as the pad does until it is answered."""
        assert self.last is not None, "nothing was sent"
        return self._post(*self.last, take_over=False)

    def _post(self, session_id: int, tap: dict[str, Any], take_over: bool) -> Answer:
        body = {
            "session": session_id,
            "device": self.device,
            "seq": self.sent,
            "tap": tap,
            "take_over": take_over,
        }
        return answer_tap(json.dumps(body).encode(), self.key)

    def press(
        self, app: AppTest, name: str, seat: int | None = None, actions: Sequence[str] = ()
    ) -> Answer:
        """Press the pad's button ``name`` (``card-9H``, ``call-20``, ``undo`` ...), with the seat
        and the actions picked before it, and run the page again; the server's answer."""
        data = pad_shown(app)
        assert name in offered(data), (name, sorted(offered(data)))
        answer = self.send(int(data["session"]), made_tap(data, name, seat, actions))
        app.run()
        return answer
