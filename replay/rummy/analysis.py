"""The analysis of a Rummy game (RUMMY.md §8): for every shown or declared hand of 13 cards, the
lowest count any grouping gives, that grouping, and whether a valid declaration was possible."""

from __future__ import annotations

from typing import Any

from recorder.model import Record
from replay.rummy.deal import HAND_SIZE, wild_of
from replay.rummy.grouping import find_declaration, lowest_count
from replay.rummy.table_rules import RummyRules


def analyse_rummy(
    record: Record, hand: int | None = None, rules: dict[str, str] | None = None
) -> dict[str, Any]:
    """``thuruppu analyse --json`` of a Rummy record without its ``path``."""
    table_rules = RummyRules.resolve(record.rules, rules)
    hands: list[dict[str, Any]] = []
    for index, deal in enumerate(record.hands):
        number = deal.number or index + 1
        body = deal.rummy
        if body is None or (hand is not None and number != hand):
            continue
        wild = wild_of(body)
        seats: list[dict[str, Any]] = []
        for line in body.outcomes:
            cards = tuple(line.cards)
            if line.kind not in ("declare", "show") or len(cards) != HAND_SIZE:
                continue
            count = lowest_count(cards, wild, table_rules.count, table_rules.joker_group)
            declaration = find_declaration(cards, wild, table_rules.joker_group)
            seats.append(
                {
                    "seat": line.seat,
                    "player": record.player(line.seat),
                    "line": line.kind,
                    "lowest_count": count.points,
                    "grouping": [[card.code for card in group] for group in count.groups],
                    "kinds": list(count.kinds),
                    "valid_declaration": declaration is not None,
                    "declaration": (
                        [[card.code for card in group] for group in declaration.groups]
                        if declaration is not None
                        else None
                    ),
                }
            )
        joker = body.joker.card.code if body.joker is not None else None
        hands.append({"hand": number, "joker": joker, "seats": seats})
    return {"game": "rummy", "hands": hands}
