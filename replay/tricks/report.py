"""Turning what the replay notices into findings: one place builds the messages players read.

A message names the trick, the player and seat, then says what happened and the evidence:
``trick 2: Dev (seat 4) threw 8C on a diamond lead but held 7D, played in trick 5``.
"""

from __future__ import annotations

from recorder.model import Node, Record
from replay.findings import Finding


class Reporter:
    """Collects the findings of one hand, in the order they arise."""

    def __init__(self, record: Record, hand: int, names: list[str]) -> None:
        self.record = record
        self.hand = hand
        self.names = names
        """The players' names in seat order (``record.players``, read once per session)."""
        self.findings: list[Finding] = []

    def name(self, seat: int) -> str | None:
        """The player's name at a seat, ``None`` when the record does not give one."""
        return self.names[seat - 1] if 1 <= seat <= len(self.names) else None

    def who(self, seat: int) -> str:
        """``Dev (seat 4)``: the player's name and seat (``seat 4`` without a name)."""
        name = self.name(seat)
        return f"{name} (seat {seat})" if name else f"seat {seat}"

    def add(
        self, code: str, trick: int | None, seat: int | None, node: Node | None, what: str
    ) -> Finding:
        """Report ``code``; ``what`` follows the player's name (or stands alone without a seat)."""
        prefix = f"trick {trick}: " if trick is not None else ""
        subject = f"{self.who(seat)} " if seat is not None else ""
        finding = Finding(
            code=code,
            hand=self.hand,
            trick=trick,
            seat=seat,
            player=self.name(seat) if seat is not None else None,
            line=node.line if node is not None else 0,
            column=node.column if node is not None else 0,
            message=prefix + subject + what,
        )
        self.findings.append(finding)
        return finding
