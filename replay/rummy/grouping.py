"""Rummy declarations and counts (RUMMY.md §2-§3): a declaration as grouped, the search for a valid
one, and a loser's count, as he grouped his cards or at its lowest.

The search itself is in ``replay.rummy.search``; this module turns what it finds into cards, judges
groupings and says in words what a wrong declaration lacks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from recorder.rummy.cards import RummyCard
from replay.rummy.groups import (
    ACE_HIGH,
    PURE_KINDS,
    SEQUENCE_KINDS,
    GroupKind,
    Wild,
    judge_group,
    sequence_span,
)
from replay.rummy.search import Candidate, Found, HandCards, best_groups, full_cover

__all__ = [
    "Count",
    "CountMode",
    "Declaration",
    "GroupKind",
    "Wild",
    "count_grouped",
    "find_declaration",
    "judge_declaration",
    "judge_group",
    "left_out",
    "lowest_count",
]

#: How a loser's count leaves groups out (RUMMY.md §3): ``life`` (house default) needs a pure
#: sequence, and a second sequence before sets are left out; ``literal`` leaves out every group.
CountMode = Literal["life", "literal"]

#: Cards in a declaration.
DECLARED_CARDS = 13

#: The order groups are listed in when the search makes them: pure first, sets last.
_KIND_ORDER: dict[GroupKind, int] = {"pure": 0, "thennaali": 1, "impure": 2, "set": 3, "none": 4}

Groups = tuple[tuple[RummyCard, ...], ...]


@dataclass(frozen=True)
class Declaration:
    """A declaration judged as grouped: its groups, the kind of each, whether it is valid, and
    if not, what is missing in words naming the cards."""

    groups: Groups
    kinds: tuple[GroupKind, ...]
    valid: bool
    problem: str | None


@dataclass(frozen=True)
class Count:
    """A loser's count before the cap and the 2/3 rule, and the grouping it is taken on (loose
    cards as one last part, of kind "none")."""

    points: int
    groups: Groups
    kinds: tuple[GroupKind, ...]


def _codes(cards: Sequence[RummyCard]) -> str:
    return " ".join(card.code for card in cards)


def _listed(groups: Sequence[Sequence[RummyCard]]) -> str:
    """``A``, ``A and B``, ``A, B and C`` with each group's cards."""
    names = [_codes(group) for group in groups]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _are(groups: Sequence[Sequence[RummyCard]], one: str, many: str) -> str:
    """The groups and what they are, in the singular or the plural."""
    return f"{_listed(groups)} {one if len(groups) == 1 else many}"


def _sequence_problem(groups: Groups, kinds: Sequence[GroupKind]) -> str | None:
    """What the declaration lacks of its two sequences, one of them pure; None when nothing."""
    pure = [group for group, kind in zip(groups, kinds, strict=True) if kind in PURE_KINDS]
    impure = [group for group, kind in zip(groups, kinds, strict=True) if kind == "impure"]
    sets = [group for group, kind in zip(groups, kinds, strict=True) if kind == "set"]
    sets_text = _are(sets, "is a set", "are sets") if sets else None
    if not pure and not impure:
        return "no sequence" + (f": {sets_text}" if sets_text else "")
    if not pure and len(impure) == 1:
        lacking = f"no pure sequence and one sequence only: {_codes(impure[0])} is impure"
        return lacking + (f"; {sets_text}" if sets_text else "")
    if not pure:
        return "no pure sequence: " + _are(impure, "is impure", "are impure")
    if len(pure) + len(impure) == 1:
        return f"one sequence only: {_codes(pure[0])}" + (f"; {sets_text}" if sets_text else "")
    return None


def judge_declaration(
    groups: Sequence[Sequence[RummyCard]], wild: Wild, joker_group: bool = False
) -> Declaration:
    """A declaration judged as the declarer grouped it (RUMMY.md §2): 13 cards, every one in a
    group, at least two sequences of which one is pure (a Thennaali counts as pure)."""
    parts: Groups = tuple(tuple(group) for group in groups if group)
    kinds = tuple(judge_group(group, wild, joker_group) for group in parts)
    problems: list[str] = []
    shown = sum(len(group) for group in parts)
    if shown != DECLARED_CARDS:
        problems.append(f"{shown} cards, not {DECLARED_CARDS}")
    loose = [group for group, kind in zip(parts, kinds, strict=True) if kind == "none"]
    if loose:
        problems.append(_are(loose, "is no group", "are no groups"))
    lacking = _sequence_problem(parts, kinds)
    if lacking:
        problems.append(lacking)
    problem = ", and ".join(problems) if problems else None
    return Declaration(groups=parts, kinds=kinds, valid=problem is None, problem=problem)


def left_out(kinds: Sequence[GroupKind], mode: CountMode) -> list[bool]:
    """Which parts of a grouping stay out of a loser's count (RUMMY.md §3), by their kinds."""
    if mode == "literal":
        return [kind != "none" for kind in kinds]
    pure = sum(kind in PURE_KINDS for kind in kinds)
    sequences = sum(kind in SEQUENCE_KINDS for kind in kinds)
    if not pure:
        return [False for _ in kinds]
    if sequences < 2:
        return [kind in SEQUENCE_KINDS for kind in kinds]
    return [kind != "none" for kind in kinds]


def count_grouped(
    groups: Sequence[Sequence[RummyCard]],
    wild: Wild,
    mode: CountMode = "life",
    joker_group: bool = False,
) -> Count:
    """The count of a loser's own grouping: every card of a part that is not left out (a part
    that is no group counts in full)."""
    parts: Groups = tuple(tuple(group) for group in groups if group)
    kinds = tuple(judge_group(group, wild, joker_group) for group in parts)
    points = sum(
        wild.points(card)
        for group, out in zip(parts, left_out(kinds, mode), strict=True)
        if not out
        for card in group
    )
    return Count(points=points, groups=parts, kinds=kinds)


def _arranged(
    naturals: list[RummyCard], jokers: list[RummyCard], sequence: bool
) -> tuple[RummyCard, ...]:
    """A group's cards in the order a player lays them: a sequence by rank with each joker in the
    place it stands for (spare ones above the top, or below when the top is the last place); a
    set or a Thennaali its natural cards, then its jokers."""
    if not sequence or len(set(naturals)) != len(naturals) or not naturals:
        return (*sorted(naturals, key=lambda card: card.index), *jokers)
    orders = [card.order for card in naturals]
    high = 0 in orders and sequence_span(orders) != max(orders) - min(orders) + 1
    place = {(ACE_HIGH if high and card.order == 0 else card.order): card for card in naturals}
    spare = list(jokers)
    laid: list[RummyCard] = []
    for at in range(min(place), max(place) + 1):
        laid.append(place[at] if at in place else spare.pop())
    top = max(place)
    last = ACE_HIGH if high else ACE_HIGH - 1
    above = min(len(spare), last - top)
    return (*spare[above:], *laid, *spare[:above])


class _Builder:
    """Turns candidate groups into cards: each takes its natural cards from the hand and its
    jokers from the printed jokers and the joker-rank cards no group uses as themselves."""

    def __init__(self, hand: HandCards, chosen: Sequence[Candidate]) -> None:
        self.hand = hand
        self.chosen = chosen
        rest = Counter(hand.naturals)
        self.naturals: list[list[RummyCard]] = []
        for candidate in chosen:
            cards = [hand.identities[candidate.lead]] * candidate.copies
            cards += [hand.identities[number] for number in candidate.others]
            rest.subtract(cards)
            self.naturals.append(cards)
        left = sorted(rest.elements(), key=lambda card: card.index)
        self.pool = [*hand.printed, *(card for card in left if hand.wild.is_joker(card))]
        self.loose = [card for card in left if not hand.wild.is_joker(card)]
        self.jokers: list[list[RummyCard]] = []
        for candidate in chosen:
            self.jokers.append(self.pool[: candidate.jokers])
            del self.pool[: candidate.jokers]

    def flags_met(self) -> bool:
        """Whether the candidates alone make a pure sequence and a second sequence."""
        sequences = sum(candidate.sequence for candidate in self.chosen)
        return any(candidate.pure for candidate in self.chosen) and sequences >= 2

    def fill_rooms(self) -> None:
        """Put every spare joker in a group with room for it."""
        for number, candidate in enumerate(self.chosen):
            take = min(candidate.room, len(self.pool))
            self.jokers[number].extend(self.pool[:take])
            del self.pool[:take]

    def groups(self, joker_groups: int = 0) -> list[tuple[RummyCard, ...]]:
        """The groups, best kinds first, then `joker_groups` groups of spare jokers (the last one
        takes every spare joker left)."""
        made = [
            _arranged(naturals, jokers, candidate.sequence)
            for candidate, naturals, jokers in zip(
                self.chosen, self.naturals, self.jokers, strict=True
            )
        ]
        for number in range(joker_groups):
            take = len(self.pool) if number == joker_groups - 1 else 3
            made.append(tuple(self.pool[:take]))
            del self.pool[:take]
        kind = {id(group): judge_group(group, self.hand.wild, True) for group in made}
        return sorted(made, key=lambda group: _KIND_ORDER[kind[id(group)]])


def find_declaration(
    cards13: Sequence[RummyCard], wild: Wild, joker_group: bool = False
) -> Declaration | None:
    """A valid declaration of these 13 cards, grouped by the search; None when no grouping of
    them is valid (or they are not 13)."""
    if len(cards13) != DECLARED_CARDS:
        return None
    hand = HandCards(cards13, wild)
    chosen = full_cover(hand, joker_group)
    if chosen is None:
        return None
    builder = _Builder(hand, chosen)
    room = sum(candidate.room for candidate in chosen)
    if builder.pool and (len(builder.pool) > room or not builder.flags_met()):
        groups = builder.groups(joker_groups=1)
    else:
        builder.fill_rooms()
        groups = builder.groups()
    return judge_declaration(groups, wild, joker_group)


def _lowest_found(hand: HandCards, mode: CountMode, joker_group: bool) -> tuple[Found | None, bool]:
    """The groups the lowest count leaves out (None when none is: no pure sequence under
    ``count=life``), and whether they are a pure sequence with a second sequence."""
    if mode == "literal":
        return best_groups(hand, goal=False, joker_group=joker_group), False
    if not hand.pure_groups:
        return None, False
    single = max(hand.pure_groups, key=lambda candidate: candidate.weight)
    both = best_groups(hand, goal=True, joker_group=joker_group)
    if both is not None and both.weight >= single.weight:
        return both, True
    return Found(weight=single.weight, groups=(single,)), False


def lowest_count(
    cards13: Sequence[RummyCard],
    wild: Wild,
    mode: CountMode = "life",
    joker_group: bool = False,
) -> Count:
    """The lowest count any grouping of these cards gives (cards may stay loose), and that
    grouping: its groups, then the loose cards as one last part."""
    hand = HandCards(cards13, wild)
    found, two_sequences = _lowest_found(hand, mode, joker_group)
    if found is None:
        loose = tuple(sorted(cards13, key=lambda card: card.index))
        none: tuple[GroupKind, ...] = ("none",) if loose else ()
        return Count(points=hand.total, groups=(loose,) if loose else (), kinds=none)
    builder = _Builder(hand, found.groups)
    joker_groups = 0
    if two_sequences and not builder.flags_met():
        joker_groups = 2 - sum(candidate.sequence for candidate in found.groups)
    groups = builder.groups(joker_groups)
    kinds: list[GroupKind] = [judge_group(group, wild, joker_group) for group in groups]
    loose = tuple(sorted([*builder.loose, *builder.pool], key=lambda card: card.index))
    if loose:
        groups.append(loose)
        kinds.append("none")
    return Count(points=hand.total - found.weight, groups=tuple(groups), kinds=tuple(kinds))
