"""A slow, plain grouping search for the property tests: every bunch of the cards that could be a
group is judged by ``judge_group``, and every way of laying the hand out in such groups (cards left
loose or not) is scored by RUMMY.md §3's rule as written.

Its shortcuts are sound: a group's natural cards share a suit (a sequence) or a rank (a set of at
most four cards), so only bunches of one suit's natural cards, or up to four cards with one rank's,
with any of the jokers are judged; a natural card is in a group once, or three times (a
Thennaali); and identical cards are told apart by their number only, so the hand is a multiset.
Layouts are summed up per (pure sequence made, sequences made, every card grouped), keeping the
most points in sequences and in all groups, which is all the count and the validity need.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product

from recorder.rummy.cards import RummyCard
from replay.rummy import Wild, judge_group

Summary = tuple[bool, int, bool]  # (a pure sequence, sequences up to 2, no card loose)
Bunch = tuple[int, ...]  # how many of each distinct card


@dataclass(frozen=True)
class BruteResult:
    """What the plain search finds: whether a valid declaration exists, and the lowest counts."""

    valid: bool
    life: int
    literal: int


def _possible_groups(
    distinct: Sequence[RummyCard], held: Bunch, wild: Wild, joker_group: bool
) -> list[tuple[Bunch, str, int]]:
    """Every bunch of 3 or more cards, natural ones of one suit or one rank plus any jokers,
    that ``judge_group`` finds a group: its cards, its kind, its points."""
    jokers = [at for at, card in enumerate(distinct) if wild.is_joker(card)]
    families: dict[tuple[object, ...], list[int]] = {("jokers",): []}
    for at, card in enumerate(distinct):
        if not wild.is_joker(card):
            families.setdefault(("suit", card.suit), []).append(at)
            families.setdefault(("rank", card.rank), []).append(at)
    found: dict[Bunch, tuple[str, int]] = {}
    for family, members in families.items():
        pool = members + jokers
        choices: list[Sequence[int]] = [(0, 1, 3) if held[at] >= 3 else (0, 1) for at in members]
        choices += [range(held[at] + 1) for at in jokers]
        largest = 4 if family[0] == "rank" else len(distinct) * 16
        for taken in product(*choices):
            if not 3 <= sum(taken) <= largest:
                continue
            bunch = [0] * len(distinct)
            for at, many in zip(pool, taken, strict=True):
                bunch[at] = many
            key = tuple(bunch)
            if key in found:
                continue
            cards = [distinct[at] for at, many in enumerate(key) for _ in range(many)]
            kind = judge_group(cards, wild, joker_group)
            if kind != "none":
                found[key] = (kind, sum(wild.points(card) for card in cards))
    return [(bunch, kind, points) for bunch, (kind, points) in found.items()]


#: Bits per distinct card in a packed bunch: a count below 16 and a guard bit above it.
_FIELD = 5


def _packed(bunch: Bunch) -> int:
    return sum(many << (_FIELD * at) for at, many in enumerate(bunch))


def brute_force(cards: Sequence[RummyCard], wild: Wild, joker_group: bool) -> BruteResult:
    """The plain search over every layout of `cards` in groups and loose cards."""
    counted = Counter(cards)
    distinct = sorted(counted, key=lambda card: card.index)
    held: Bunch = tuple(counted[card] for card in distinct)
    points = [wild.points(card) for card in distinct]
    guard = _packed(tuple(16 for _ in distinct))
    by_first: dict[int, list[tuple[int, str, int]]] = {}
    for bunch, kind, weight in _possible_groups(distinct, held, wild, joker_group):
        first = next(at for at, many in enumerate(bunch) if many)
        by_first.setdefault(first, []).append((_packed(bunch), kind, weight))

    @cache
    def layouts(left: int) -> dict[Summary, tuple[int, int]]:
        """For the cards `left`: per summary, the most points in sequences and in groups."""
        if not left:
            return {(False, 0, True): (0, 0)}
        low = ((left & -left).bit_length() - 1) // _FIELD
        best: dict[Summary, tuple[int, int]] = {}

        def keep(summary: Summary, in_sequences: int, in_groups: int) -> None:
            old = best.get(summary, (-1, -1))
            best[summary] = (max(old[0], in_sequences), max(old[1], in_groups))

        for (pure, sequences, _), (in_seq, in_all) in layouts(left - (1 << _FIELD * low)).items():
            keep((pure, sequences, False), in_seq, in_all)
        for bunch, kind, weight in by_first.get(low, []):
            if (left | guard) - bunch & guard != guard:
                continue
            is_sequence = kind in ("pure", "thennaali", "impure")
            for (pure, sequences, grouped), (in_seq, in_all) in layouts(left - bunch).items():
                keep(
                    (
                        pure or kind in ("pure", "thennaali"),
                        min(sequences + is_sequence, 2),
                        grouped,
                    ),
                    in_seq + weight * is_sequence,
                    in_all + weight,
                )
        return best

    total = sum(points[at] * many for at, many in enumerate(held))
    every = layouts(_packed(held))
    life = literal = total
    for (pure, sequences, _), (in_sequences, in_groups) in every.items():
        literal = min(literal, total - in_groups)
        if pure and sequences == 1:
            life = min(life, total - in_sequences)
        if pure and sequences == 2:
            life = min(life, total - in_groups)
    valid = len(cards) == 13 and any(
        pure and sequences == 2 and grouped for pure, sequences, grouped in every
    )
    return BruteResult(valid=valid, life=life, literal=literal)
