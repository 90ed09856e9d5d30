"""What the Rummy table's tap pad draws at a position: plain data, built here so that the pad's
script (``dashboard/screens/tap_pad_rummy.js``) holds no rule of Rummy.

The chairs with their names and whether each still waits for its outcome in the open deal, the
re-entries the engine allows before the deal, the cut joker's grid and the void deal's reasons, the
one-tap outcomes, the declaration or shown hand the page is picking (its TGN line, the pad's Record
button sends it whole), the next deal with the shuffler the engine gives it, and what Undo would
take back, in words ("Babu (2): drop") with the log position an undo tap names.
"""

from __future__ import annotations

from collections.abc import Sequence

from dashboard.recording.rummy.pick import Pick, pick_grid
from dashboard.recording.rummy.position import RummyPosition
from dashboard.recording.rummy.taps import undo_target
from dashboard.recording.taps import pad_head
from dashboard.views.cards import card_label
from recorder.archive import LoggedEvent

FAMILY = "rummy"
"""The name the pad's script draws this data by (``FAMILIES.rummy``)."""

OUTCOMES: dict[str, tuple[str, str]] = {
    "drop": ("Drop 25", "drop"),
    "middle-drop": ("Middle drop 50", "middle drop"),
    "absent": ("Absent 25", "absent"),
    "absent-middle": ("Left 50", "left"),
    "no-show": ("No show 100", "no show"),
}
"""The one-tap outcomes (``clicks.TAPS``): each button's label and the words of its tap."""

REDEALS: dict[str, str] = {"not-13-cards": "Not 13 cards", "misdeal": "Misdeal"}
"""The reasons of a void deal (``RummyRedealReason``) and their buttons' labels."""

PICKED = {"declare": "declaration", "show": "shown hand"}
"""A pick's kind in the scorer's words."""


def pad_data(
    position: RummyPosition, log: Sequence[LoggedEvent], events: int, pick: Pick | None = None
) -> dict[str, object]:
    """The pad's data at ``position``, drawn from the first ``events`` events of ``log``, with the
    ``pick`` the page is making (``None``: none)."""
    data = pad_head(FAMILY, position, events, undo_target(position, log))
    data["deal"] = position.deal_number
    data["seats"] = [
        {
            "seat": standing.seat,
            "label": position.seat_name(standing.seat),
            "open": standing.playing and standing.line is None and not standing.named_winner,
        }
        for standing in position.seats
    ]
    if position.phase in ("joker", "outcomes"):
        data["outcomes"] = [
            {"outcome": outcome, "label": label, "words": words}
            for outcome, (label, words) in OUTCOMES.items()
        ]
    if position.phase == "outcomes" and pick is not None:
        data["pick"] = _pick(position, pick)
    if position.phase == "joker":
        data["joker"] = _joker_grid(position)
        data["redeals"] = [{"reason": reason, "label": label} for reason, label in REDEALS.items()]
        data["rejoins"] = [
            {
                "seat": offer.seat,
                "label": f"{offer.name} re-enters at {offer.total} and shuffles",
                "refusal": offer.refusal,
            }
            for offer in position.rejoin_offers()
        ]
    if position.phase == "complete":
        following = position.next_dealer()
        in_game = [s.seat for s in position.seats if s.standing != "out"]
        dealer = following if following in in_game or not in_game else in_game[0]
        data["next"] = {"deal": position.deal_number + 1, "dealer": dealer}
    return data


def _pick(position: RummyPosition, pick: Pick) -> dict[str, object]:
    """The pick as the pad sends it (its line) and names it: "Record Babu's declaration (13
    cards)" on its button, "Babu (3): declaration (13 cards)" among the taps kept; ``problem``
    when there is nothing to record yet."""
    cards = len(pick.cards)
    what = f"{PICKED[pick.kind]} ({cards} card{'' if cards == 1 else 's'})"
    name = position.names[pick.seat - 1] if 1 <= pick.seat <= position.players else "nobody"
    return {
        "seat": pick.seat,
        "line": pick.text(),
        "label": f"Record {name}'s {what}",
        "words": f"{position.seat_name(pick.seat)}: {what}",
        "problem": None if cards else "pick the cards first",
    }


def _joker_grid(position: RummyPosition) -> list[dict[str, object]]:
    """The cut card's grid, a row per suit (ace to king) and one for the printed jokers."""
    rows: list[dict[str, object]] = []
    for cells in pick_grid(None, position.body, position.rules):
        suit = cells[0].card.suit
        rows.append(
            {
                "suit": suit.value if suit is not None else "J",
                "cells": [
                    {
                        "code": cell.card.code,
                        "label": "PJ" if cell.card.suit is None else card_label(cell.card),
                    }
                    for cell in cells
                ],
            }
        )
    return rows
