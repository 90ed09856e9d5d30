"""What the Record page's tap pad draws at a position: plain data, built here so that the pad's
script (``dashboard/screens/tap_pad_trick.js``) holds no rule of any game.

The seats with their names and the seat the archive says is to act, the calls the calling
system offers (a hold among them), the pack suit by suit with the cards played, the actions a card
may come with and the closing answers of the game, and what Undo would take back, in words
("Faiz (3)'s 8♦") with the log position an undo tap names.
"""

from __future__ import annotations

from collections.abc import Sequence

from dashboard.recording.taps import pad_head
from dashboard.recording.tricks.offers import (
    action_choices,
    call_choices,
    call_label,
    card_grid,
    closing_answers,
    has_pair,
    hold_label,
    hold_offer,
)
from dashboard.recording.tricks.position import Position
from dashboard.recording.tricks.taps import undo_target
from dashboard.recording.tricks.view import seat_name
from dashboard.views.cards import card_label
from recorder.archive import LoggedEvent

FAMILY = "trick"
"""The name the pad's script draws this data by (``FAMILIES.trick``)."""


def pad_data(position: Position, log: Sequence[LoggedEvent], events: int) -> dict[str, object]:
    """The pad's data at ``position``, drawn from the first ``events`` events of ``log``."""
    data = pad_head(FAMILY, position, events, undo_target(position, log))
    data["seat"] = position.seat
    data["seats"] = [
        {"seat": seat, "label": seat_name(position, seat)}
        for seat in range(1, position.players + 1)
    ]
    if position.phase == "calling":
        data["calls"] = _calls(position)
    elif position.phase == "trump":
        data["trump"] = _grid(position, with_played=False)
    elif position.phase == "play":
        data["grid"] = _grid(position, with_played=True)
        data["actions"] = list(action_choices(position.spec.name))
        data["answers"] = list(closing_answers(position.spec.name))
        data["pair"] = has_pair(position.spec.name)
    return data


def _calls(position: Position) -> list[dict[str, str]]:
    """The call buttons: the hold first when the calling system offers one."""
    calls = [
        {"token": call.token, "label": call_label(call)}
        for call in call_choices(position.spec.name, position.record.rules)
    ]
    hold = hold_offer(position)
    if hold is not None:
        calls.insert(0, {"token": hold.token, "label": hold_label(hold)})
    return calls


def _grid(position: Position, with_played: bool) -> list[dict[str, object]]:
    """The pack suit by suit, high to low; each card marked when already played (the face-down
    card may be any card of the pack, so nothing is marked then)."""
    return [
        {
            "suit": suit.value,
            "cells": [
                {
                    "code": cell.card.code,
                    "label": card_label(cell.card),
                    "played": with_played and cell.played,
                }
                for cell in cells
            ],
        }
        for suit, cells in card_grid(position.spec.name, position.played)
    ]
