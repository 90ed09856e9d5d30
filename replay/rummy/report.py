"""The Rummy engine's findings as data, and the words its messages use for cards and groups.

Every message names the player and the proof (RUMMY.md §7): the cards, the groups as judged.
"""

from __future__ import annotations

from collections.abc import Sequence

from recorder.model import Node
from recorder.rummy.cards import RummyCard
from replay.findings import Finding

_KIND_WORDS = {
    "pure": "pure",
    "thennaali": "a Thennaali",
    "impure": "impure",
    "set": "a set",
    "none": "no group",
}


def cards_text(cards: Sequence[RummyCard]) -> str:
    return " ".join(card.code for card in cards)


def groups_text(groups: Sequence[Sequence[RummyCard]], kinds: Sequence[str]) -> str:
    """Groups with what each is judged: ``AS KS QS pure; 9C 9H 9S a set; 4D 9C no group``; a
    part without a kind (the loose cards after the groups) is no group."""
    padded = [*kinds, *["none"] * (len(groups) - len(kinds))]
    return "; ".join(
        f"{cards_text(group)} {_KIND_WORDS.get(kind, kind)}"
        for group, kind in zip(groups, padded, strict=False)
        if group
    )


class Reporter:
    """Collects the findings of one game, each with its hand, seat, player and place."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self.findings: list[Finding] = []
        self.hand = 0

    def who(self, seat: int) -> str:
        """A player's name with his seat, as messages say it: ``Cini (seat 3)``."""
        return f"{self.player(seat)} (seat {seat})"

    def player(self, seat: int) -> str:
        return self.names[seat - 1] if 1 <= seat <= len(self.names) else f"seat {seat}"

    def add(self, code: str, seat: int | None, at: Node, message: str) -> None:
        """A finding at a node's place in the file."""
        player = self.player(seat) if seat is not None else None
        self.findings.append(
            Finding(code, self.hand, None, seat, player, at.line, at.column, message)
        )
