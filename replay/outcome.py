"""What a replayed hand hands to scoring: the call, the callers' points and the outcome."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from recorder.cards import Call, Suit
from replay.findings import Finding

Outcome = Literal["made", "lost", "redeal", "void", "unfinished"]
Special = Literal["jodi", "thani", "kot", "marukott"]


@dataclass(frozen=True)
class Penalty:
    """Game points a ``penalty`` line awards to a team (index 0 or 1), and why."""

    team: int
    points: int
    reason: str


@dataclass(frozen=True)
class HandResult:
    """The outcome of one hand as the replay decided it; teams are 0 (odd seats) and 1 (even)."""

    hand: int
    dealer: int
    caller: int | None
    call: Call | None
    trump: Suit | None
    special: Special | None
    target: int | None
    """The points the callers needed, after any pair."""
    callers_points: int | None
    """Card points (and the 29 last-trick point) the callers took, ``None`` when unknown."""
    outcome: Outcome
    penalties: tuple[Penalty, ...] = ()
    findings: tuple[Finding, ...] = field(default=())
    all_tricks: bool = False
    """Whether the calling team took every trick of the hand (29: ``all-tricks-wins``)."""

    @property
    def calling_team(self) -> int | None:
        """0 for the odd seats, 1 for the even seats, ``None`` without a caller."""
        return None if self.caller is None else (0 if self.caller % 2 else 1)
