"""Rummy's house rules as typed values (RUMMY.md §1-§6 and the ``Rules`` keys of §8).

The reader checks each key and value (``recorder.house_rules``); here they are read once into a
small value the engine asks, with the house defaults where the file and ``--rules`` say nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from recorder.house_rules import resolve_rules

#: Points of the outcomes that have a fixed price (RUMMY.md §3).
FIRST_DROP, MIDDLE_DROP, WRONG_DECLARATION, NO_SHOW = 25, 50, 100, 100


@dataclass(frozen=True)
class RummyRules:
    """The switches of one game: packs, counting, the limit and the re-entries."""

    packs: int = 3
    count: Literal["life", "literal"] = "life"
    count_cap: int = 100
    joker_group: bool = False
    limit: int = 250
    rejoins: int = 2
    rejoin_plus: int = 1
    """What a re-entrant gets above the highest total still in (``highest+1``: 1)."""

    @classmethod
    def resolve(
        cls, written: Mapping[str, str], overrides: Mapping[str, str] | None = None
    ) -> RummyRules:
        """The rules from the Rules tag and ``--rules``; a bad value keeps its default."""
        values = resolve_rules("rummy", dict(written), dict(overrides or {}))
        default = cls()

        def number(key: str, fallback: int) -> int:
            text = values.get(key, "")
            return int(text) if text.isdigit() else fallback

        return cls(
            packs=max(1, number("packs", default.packs)),
            count="literal" if values.get("count") == "literal" else "life",
            count_cap=number("count-cap", default.count_cap),
            joker_group=values.get("joker-group") == "yes",
            limit=number("limit", default.limit),
            rejoins=number("rejoins", default.rejoins),
            rejoin_plus=0 if values.get("rejoin-score") == "highest" else 1,
        )

    def compelled(self, total: int) -> bool:
        """Compel state: a first drop would put the player past the limit (RUMMY.md §6)."""
        return total + FIRST_DROP > self.limit
