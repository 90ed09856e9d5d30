"""The analysis of a Rummy game (RUMMY.md §8): for every shown or declared hand of 13 cards, the
lowest count any grouping gives, that grouping, and whether a valid declaration was possible; and,
for the coach, what each hand a player showed in his own groups gave away (``shown_groupings``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from recorder.model import Record
from recorder.rummy.model import Outcome as OutcomeLine
from replay.rummy.deal import HAND_SIZE, shown_points, wild_of
from replay.rummy.grouping import find_declaration, lowest_count
from replay.rummy.results import RummyGame
from replay.rummy.table_rules import RummyRules


@dataclass(frozen=True)
class ShownGrouping:
    """A hand a player showed in his own groups: what it scored, and the lowest it could have
    (the same 13 cards in their lowest grouping, scored alike: the cap and the 2/3 rule)."""

    hand: int
    player: str
    counted: int
    lowest: int
    grouping: str
    """The lowest grouping in words: each group and what it is judged."""

    @property
    def given_away(self) -> int:
        return self.counted - self.lowest


def shown_groupings(game: RummyGame) -> tuple[ShownGrouping, ...]:
    """Every hand shown in its player's own groups that scored as a count, beside the lowest
    grouping's score, in deal order: a grouping search per hand, so the dashboard keeps the
    result with the session's replay."""
    record = game.record
    if record is None:
        return ()
    rules = RummyRules.resolve(record.rules)
    shown: list[ShownGrouping] = []
    for index, deal in enumerate(game.deals):
        body = record.hands[index].rummy if index < len(record.hands) else None
        if body is None or deal.void:
            continue
        for seat, line in first_outcome_lines(game, index).items():
            name = record.player(seat)
            outcome = deal.outcomes.get(name)
            grouped = line.kind == "show" and line.grouped and len(line.cards) == HAND_SIZE
            if not grouped or outcome is None or outcome.kind != "shown":
                continue
            loose = line.model_copy(update={"groups": [line.cards], "grouped": False})
            lowest, proof = shown_points(loose, wild_of(body), rules)
            shown.append(ShownGrouping(deal.hand, name, outcome.points, lowest, proof))
    return tuple(shown)


def first_outcome_lines(game: RummyGame, index: int) -> dict[int, OutcomeLine]:
    """Each seat's first outcome line of a deal: the one that counts (RUMMY.md §4)."""
    record = game.record
    body = record.hands[index].rummy if record and index < len(record.hands) else None
    firsts: dict[int, OutcomeLine] = {}
    for line in body.outcomes if body is not None else []:
        firsts.setdefault(line.seat, line)
    return firsts


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
