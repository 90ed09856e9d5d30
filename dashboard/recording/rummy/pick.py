"""The cards of a declaration or a shown hand, picked card by card on the Record page, and judged
at once with the engine's own grouping.

A pick is a small value written as the TGN line it will become (``declare 3: AS KS QS | 5D /
KD``), so that it can sit in the page's URL while it is being picked: a reload, or another
device on the same link, finds the same cards. Nothing is stored in the archive before the scorer
records it as the seat's outcome.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

from recorder.cards import SUITS
from recorder.rummy.cards import PRINTED_JOKER, RUMMY_RANKS, RummyCard
from recorder.rummy.model import Outcome as OutcomeLine
from recorder.rummy.model import RummyBody
from recorder.tgn.rummy.writer import outcome_text
from replay.rummy import GroupKind, Wild, find_declaration, judge_declaration, judge_group
from replay.rummy.deal import shown_points
from replay.rummy.table_rules import RummyRules

PickKind = Literal["declare", "show"]
PICK_KINDS: tuple[PickKind, ...] = ("declare", "show")


@dataclass(frozen=True)
class Pick:
    """The cards picked so far for one seat: groups in order (the last one is being filled) and,
    for a declaration, the card put face down."""

    kind: PickKind
    seat: int
    groups: tuple[tuple[RummyCard, ...], ...] = ((),)
    face_down: RummyCard | None = None

    @property
    def cards(self) -> list[RummyCard]:
        """Every card of the groups, in order (the face-down card left out)."""
        return [card for group in self.groups for card in group]

    @property
    def filled(self) -> tuple[tuple[RummyCard, ...], ...]:
        """The groups that hold a card."""
        return tuple(group for group in self.groups if group)

    def copies(self) -> Counter[RummyCard]:
        """How often each card is picked, the face-down card included."""
        held = Counter(self.cards)
        if self.face_down is not None:
            held[self.face_down] += 1
        return held

    def add(self, card: RummyCard) -> Pick:
        """The card put in the group being filled."""
        groups = self.groups or ((),)
        return Pick(self.kind, self.seat, (*groups[:-1], (*groups[-1], card)), self.face_down)

    def new_group(self) -> Pick:
        """A new group begun (nothing changes while the last one is empty)."""
        if not self.groups or not self.groups[-1]:
            return self
        return Pick(self.kind, self.seat, (*self.groups, ()), self.face_down)

    def take_back(self) -> Pick:
        """The last step undone: the face-down card, else the last card picked."""
        if self.face_down is not None:
            return Pick(self.kind, self.seat, self.groups, None)
        groups = [group for group in self.groups]
        while groups and not groups[-1]:
            groups.pop()
        if not groups:
            return Pick(self.kind, self.seat)
        groups[-1] = groups[-1][:-1]
        return Pick(self.kind, self.seat, tuple(groups) or ((),), None)

    def last_face_down(self) -> Pick:
        """The last card picked becomes the face-down 14th card of a declaration."""
        cards = self.cards
        if self.kind != "declare" or not cards or self.face_down is not None:
            return self
        shorter = self.take_back()
        return Pick(self.kind, self.seat, shorter.groups, cards[-1])

    def line(self, entered: int | None = None) -> OutcomeLine:
        """The outcome line this pick becomes: grouped when it has more than one group."""
        groups = [list(group) for group in self.filled]
        return OutcomeLine(
            kind=self.kind,
            seat=self.seat,
            groups=groups,
            grouped=len(groups) > 1,
            face_down=self.face_down,
            entered=entered,
        )

    def text(self) -> str:
        """The pick as its TGN line, an open last group kept (``... | ``)."""
        text = outcome_text(self.line())
        if len(self.groups) > 1 and not self.groups[-1]:
            head, slash, tail = text.partition(" / ")
            text = f"{head} |" + (f"{slash}{tail}" if slash else "")
        if ":" not in text:
            text += ":"
        return text

    @classmethod
    def parse(cls, text: str) -> Pick | None:
        """A pick from its text; ``None`` for text that is not one."""
        head, colon, rest = text.partition(":")
        words = head.split()
        if not colon or len(words) != 2 or words[0] not in PICK_KINDS or not words[1].isdigit():
            return None
        kind: PickKind = "declare" if words[0] == "declare" else "show"
        shown, slash, hidden = rest.partition("/")
        try:
            groups = tuple(
                tuple(RummyCard.parse(code) for code in part.split()) for part in shown.split("|")
            )
            face_down = RummyCard.parse(hidden.strip()) if slash and hidden.strip() else None
        except ValueError:
            return None
        return cls(kind, int(words[1]), groups or ((),), face_down)


@dataclass(frozen=True)
class PickVerdict:
    """The pick judged as it stands: each group's kind, and for a declaration whether it is
    valid and what it lacks; for a shown hand the points it scores (cap and 2/3 rule applied)."""

    kinds: tuple[GroupKind, ...]
    valid: bool | None
    problem: str | None
    points: int | None


def judge_pick(pick: Pick, wild: Wild, rules: RummyRules) -> PickVerdict:
    """Judge the pick with the engine's grouping: a declaration as grouped (or, in one group, by
    the search for a valid grouping), a shown hand by its count."""
    groups = pick.filled
    kinds = tuple(judge_group(group, wild, rules.joker_group) for group in groups)
    if pick.kind == "show":
        points, _ = shown_points(pick.line(), wild, rules)
        return PickVerdict(kinds, None, None, points)
    if len(groups) == 1 and len(groups[0]) == 13:
        found = find_declaration(groups[0], wild, rules.joker_group)
        if found is None:
            return PickVerdict(kinds, False, "no grouping of the 13 cards is valid", None)
        return PickVerdict(kinds, True, None, None)
    declaration = judge_declaration(groups, wild, rules.joker_group)
    return PickVerdict(kinds, declaration.valid, declaration.problem, None)


@dataclass(frozen=True)
class GridCell:
    """A card button of the grid: how often it may still be picked (below 0: picked more often
    than the packs hold it)."""

    card: RummyCard
    left: int


def pick_grid(pick: Pick | None, body: RummyBody, rules: RummyRules) -> list[list[GridCell]]:
    """The grid, a row per suit (ace to king) and the printed jokers: each card may be picked as
    often as the packs hold it (RUMMY.md §1), counting the hands already shown in the deal."""
    used = Counter(
        card
        for line in body.outcomes
        if line.kind in ("declare", "show") and (pick is None or line.seat != pick.seat)
        for card in [*line.cards, *([line.face_down] if line.face_down else [])]
    )
    if pick is not None:
        used.update(pick.copies())
    rows = [[RummyCard(rank, suit) for rank in RUMMY_RANKS] for suit in SUITS]
    rows.append([PRINTED_JOKER])
    return [[GridCell(card, _allowed(card, rules) - used[card]) for card in row] for row in rows]


def _allowed(card: RummyCard, rules: RummyRules) -> int:
    """How many of a card the packs hold: ``packs``, a printed joker twice that."""
    return rules.packs * (2 if card.is_printed_joker else 1)
