"""The body of a Rummy deal (RUMMY.md §4-§5) as positioned record nodes.

A Rummy ``Hand`` keeps the same tags as a trick game's, and its body lines in ``Hand.rummy``: one
``RummyBody`` holding a node per line kind. Outcome lines (drop, absent, declare, show, count,
no-show) keep the order they were written in, since the deal is judged once all are read; ``turns``
lines keep the order played. Cards are ``RummyCard`` values (their codes in JSON).
"""

from __future__ import annotations

from dataclasses import field
from typing import Literal

from recorder.nodes import LineNode, Node
from recorder.rummy.cards import RummyCard

OutcomeKind = Literal["drop", "absent", "declare", "show", "count", "no-show"]
RummyRedealReason = Literal["not-13-cards", "misdeal"]
DrawSource = Literal["closed", "pile"]
TurnEnd = Literal["discard", "drop", "declare"]


class RummyCardLine(LineNode):
    """``joker 7H`` (the cut card) or ``open 9C`` (the first open card)."""

    card: RummyCard


class RummyDeal(LineNode):
    """``deal S: ...`` — the 13 (or however many were written) cards dealt to seat S."""

    seat: int
    cards: list[RummyCard] = field(default_factory=list)


class RummyTurn(Node):
    """One turn of a ``turns`` line: who drew from where (and what, when known), and the end.

    ``end`` is ``discard`` (``discard`` holds the card), ``drop`` (no draw) or ``declare``.
    """

    seat: int
    source: DrawSource | None = None
    """Where the card was drawn from; ``None`` for a ``S:drop`` turn."""
    drawn: RummyCard | None = None
    """The card drawn, when known (always for the pile, ``S:cY>X`` for the closed deck)."""
    end: TurnEnd = "discard"
    discard: RummyCard | None = None


class TurnsLine(LineNode):
    """A ``turns`` line: the turns it writes, in the order played."""

    turns: list[RummyTurn] = field(default_factory=list)


class Outcome(LineNode):
    """An outcome line of one seat: how he ended the deal as written.

    ``drop``/``absent``: ``middle`` for the 50-point kind. ``declare``: ``groups`` (one group
    when written without ``|``, ``grouped`` False) and the face-down ``face_down`` card. ``show``:
    ``groups`` and the table's ``entered`` points after ``=``. ``count``: ``entered`` only.
    """

    kind: OutcomeKind
    seat: int
    middle: bool = False
    groups: list[list[RummyCard]] = field(default_factory=list)
    grouped: bool = False
    face_down: RummyCard | None = None
    entered: int | None = None

    @property
    def cards(self) -> list[RummyCard]:
        """Every shown card, group after group."""
        return [card for group in self.groups for card in group]


class RummyRedeal(LineNode):
    """``redeal not-13-cards`` or ``redeal misdeal``: the deal was void."""

    reason: RummyRedealReason


class Rejoin(LineNode):
    """``rejoin S``: seat S, out of the game, re-enters before this deal."""

    seat: int


class RummyPenalty(LineNode):
    """``penalty S N why``: points the judges gave seat S, added after the deal."""

    seat: int
    points: int
    reason: str = ""


class RummyBody(Node):
    """Every body line of one Rummy deal, by kind, in canonical order."""

    rejoin: Rejoin | None = None
    joker: RummyCardLine | None = None
    open: RummyCardLine | None = None
    deals: list[RummyDeal] = field(default_factory=list)
    turns: list[TurnsLine] = field(default_factory=list)
    outcomes: list[Outcome] = field(default_factory=list)
    redeal: RummyRedeal | None = None
    penalties: list[RummyPenalty] = field(default_factory=list)

    def deal_of(self, seat: int) -> RummyDeal | None:
        return next((deal for deal in self.deals if deal.seat == seat), None)

    @property
    def all_turns(self) -> list[RummyTurn]:
        """Every turn of every ``turns`` line, in the order played."""
        return [turn for line in self.turns for turn in line.turns]
