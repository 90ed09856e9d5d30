"""What the Rummy engine gives (RUMMY-API, RUMMY.md §8): outcomes, deals and the game.

Plain frozen values the command, the tournament and the dashboard read; per-player figures (deals
won, drops, wrong declarations) are derived from ``deals[*].outcomes[name].kind``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from recorder.model import Record
from replay.findings import Finding
from replay.rummy.turns import TurnStep


@dataclass(frozen=True)
class Outcome:
    """How one player ended a deal: ``winner``, ``drop``, ``middle-drop``, ``absent``,
    ``absent-middle``, ``wrong-declaration``, ``no-show``, ``count`` or ``shown``; its points."""

    kind: str
    points: int


@dataclass(frozen=True)
class RummyDeal:
    """One ``[Hand]`` replayed: an entry of ``hands`` in ``thuruppu score --json``."""

    hand: int
    dealer: int
    joker: str | None
    winner: str | None
    outcomes: dict[str, Outcome]
    totals: dict[str, int]
    out: list[str]
    rejoined: list[str]
    void: bool = False
    """A ``redeal`` (or a deal after the game ended): no outcome scored."""

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "dealer": self.dealer,
            "joker": self.joker,
            "winner": self.winner,
            "outcomes": {
                name: {"kind": outcome.kind, "points": outcome.points}
                for name, outcome in self.outcomes.items()
            },
            "totals": dict(self.totals),
            "out": list(self.out),
            "rejoined": list(self.rejoined),
        }


@dataclass(frozen=True)
class RummyGame:
    """A Rummy game replayed: every finding, every deal, the table's winner and standing."""

    findings: list[Finding]
    deals: list[RummyDeal]
    winner: str | None
    standing: list[str]
    rejoins: dict[str, int]
    record: Record | None = field(default=None, repr=False, compare=False)
    turn_steps: dict[int, list[TurnStep]] = field(default_factory=dict, repr=False, compare=False)
    """The replayed turns of each deal that records them, by its position in ``record.hands``."""

    def deal_findings(self, hand: int) -> list[Finding]:
        """The findings of one deal, by its hand number."""
        return [finding for finding in self.findings if finding.hand == hand]

    def to_json(self) -> dict[str, Any]:
        """``thuruppu score --json`` without its ``path`` (RUMMY.md §8)."""
        return {
            "game": "rummy",
            "players": self.record.players if self.record else [],
            "hands": [deal.to_json() for deal in self.deals],
            "winner": self.winner,
            "standing": list(self.standing),
        }
