"""What the taps of every game family share: the taps' base and the Undo tap.

The pad's queue (``dashboard/screens/tap_queue.js``) is one for every family, and so is its Undo:
a tap naming the log position it takes back. Each family's taps (``tricks.taps``, ``rummy.taps``)
build on these; how a tap is read and compared is the same for every family too
(``tap_families.TapFamily``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class TapBase(BaseModel):
    """What every tap shares: frozen, strict about its fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class UndoTap(TapBase):
    """Take back the event logged at ``target`` (the latest one the page showed)."""

    kind: Literal["undo"]
    target: int
