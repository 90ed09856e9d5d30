"""The grouping search (RUMMY.md §2-§3): every group a hand can make, and the best way to use them.

The hand's natural cards get one bit each, sorted by suit and rank so that the copies of one card
(two or three packs) sit side by side and are always taken lowest first; jokers are only a count.
A group is known by its natural cards and the fewest jokers it needs. The search takes the lowest
card still open and either leaves it loose (a joker-rank card: puts it among the jokers) or puts it
in a group with later cards, remembering each state (cards open, jokers owed, sequences made).
Jokers are owed as groups take them and paid at the end from the printed jokers and the joker-rank
cards put among them, so a group may use a joker-rank card that comes later in the order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from recorder.rummy.cards import RUMMY_CARDS, RummyCard
from replay.rummy.groups import ACE_HIGH, LONGEST_SEQUENCE, Wild

#: A state's value when it cannot meet the search's goal.
IMPOSSIBLE = -(10**6)

#: The sequence flags a state carries: whether a pure sequence is made, and how many sequences
#: (0, 1, or 2 for two or more), packed as ``pure * 3 + sequences``.
_DONE = 5

#: (pure, sequence) of the candidate kinds.
_PURE = (True, True)
_IMPURE = (False, True)
_SET = (False, False)


def _flags_after(flags: int, pure: bool, sequence: bool) -> int:
    """The flags after one more group."""
    if not sequence:
        return flags
    has_pure, sequences = divmod(flags, 3)
    return (has_pure or pure) * 3 + min(sequences + 1, 2)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A group the hand can make: its natural cards (by identity), the fewest jokers it needs and
    how many more it can take, the points it keeps from the count, and its kind."""

    lead: int  # the identity of its first card in the search order
    copies: int  # copies of the lead card it takes (3 for a Thennaali, else 1)
    others: tuple[int, ...]  # the other identities it takes, one copy each
    jokers: int
    room: int
    weight: int
    pure: bool
    sequence: bool


class HandCards:
    """A hand made ready for the search: its natural cards by identity and bit, its jokers, its
    pure groups, and (built when first asked) every candidate group for the count or for a full
    declaration (which also takes the impure twins of pure runs, since those can hold a joker)."""

    def __init__(self, cards: Sequence[RummyCard], wild: Wild) -> None:
        self.wild = wild
        self.printed = [card for card in cards if card.suit is None]
        indexes = sorted(card.index for card in cards if card.suit is not None)
        self.naturals = [RUMMY_CARDS[index] for index in indexes]
        distinct = sorted(set(indexes))
        self.identities = [RUMMY_CARDS[index] for index in distinct]
        where = {index: number for number, index in enumerate(distinct)}
        self.identity_of_bit = [where[index] for index in indexes]
        self.identity_masks = [0] * len(distinct)
        for bit, number in enumerate(self.identity_of_bit):
            self.identity_masks[number] |= 1 << bit
        self.suit_of = [index // 13 for index in distinct]
        self.order_of = [index % 13 for index in distinct]
        self.is_wild = [wild.is_joker(card) for card in self.identities]
        self.points = [wild.points(card) for card in self.identities]
        self.wild_mask = 0
        for mask, is_wild in zip(self.identity_masks, self.is_wild, strict=True):
            if is_wild:
                self.wild_mask |= mask
        self.full_mask = (1 << len(indexes)) - 1
        self.joker_cards = len(self.printed) + self.wild_mask.bit_count()
        self.total = sum(
            self.points[number] * mask.bit_count()
            for number, mask in enumerate(self.identity_masks)
        )
        self.pure_groups = [*self._pure_runs(), *self._thennaalis()]
        self._options: dict[bool, list[list[Candidate]]] = {}

    def options(self, cover: bool) -> list[list[Candidate]]:
        """The candidate groups by lead identity, heaviest first: for the count (no group that a
        pure one of the same cards dominates) or, with `cover`, for a full declaration."""
        if cover not in self._options:
            options: list[list[Candidate]] = [[] for _ in self.identities]
            for candidate in (
                *self.pure_groups,
                *self._impure_sequences(cover),
                *self._sets(),
                *self._anchored_jokers(),
            ):
                options[candidate.lead].append(candidate)
            for choices in options:
                choices.sort(key=lambda candidate: -candidate.weight)
            self._options[cover] = options
        return self._options[cover]

    def copies(self, identity: int) -> int:
        """How many copies of one identity the hand holds."""
        return self.identity_masks[identity].bit_count()

    def _suit_lines(self, plain: bool) -> list[list[int]]:
        """The identities of each suit in rank order (ace first); with `plain`, no joker."""
        lines: list[list[int]] = [[], [], [], []]
        for number, suit in enumerate(self.suit_of):
            if not (plain and self.is_wild[number]):
                lines[suit].append(number)
        return lines

    def _make(
        self,
        members: Sequence[int],
        jokers: int,
        room: int,
        kind: tuple[bool, bool],
        copies: int = 1,
    ) -> Candidate:
        """A candidate over these identities (one copy each, or `copies` of a single one);
        `kind` is (pure, sequence)."""
        ordered = sorted(members)
        return Candidate(
            lead=ordered[0],
            copies=copies,
            others=tuple(ordered[1:]),
            jokers=jokers,
            room=room,
            weight=sum(self.points[number] for number in members) * copies,
            pure=kind[0],
            sequence=kind[1],
        )

    def _pure_runs(self) -> Iterator[Candidate]:
        """Three or more cards of one suit in consecutive rank, each read as itself."""
        for line in self._suit_lines(plain=False):
            if len(line) < 3:
                continue
            at_place = {self.order_of[number]: number for number in line}
            if 0 in at_place:
                at_place[ACE_HIGH] = at_place[0]
            for start in range(ACE_HIGH - 1):
                members: list[int] = []
                for place in range(start, min(start + LONGEST_SEQUENCE, ACE_HIGH + 1)):
                    if place not in at_place:
                        break
                    members.append(at_place[place])
                    if len(members) >= 3:
                        yield self._make(members, 0, 0, _PURE)

    def _thennaalis(self) -> Iterator[Candidate]:
        """Three identical cards."""
        for number in range(len(self.identities)):
            if self.copies(number) >= 3:
                yield self._make([number], 0, 0, _PURE, copies=3)

    def _impure_sequences(self, cover: bool) -> Iterator[Candidate]:
        """Plain cards of one suit with the jokers that fill their gaps (at least one joker, at
        least three cards); for the count, none whose cards already run without a gap."""
        budget = self.joker_cards
        if budget == 0:
            return
        for line in self._suit_lines(plain=True):
            places = [self.order_of[number] for number in line]
            found: dict[tuple[int, ...], int] = {}
            for first in range(len(line)):
                for chosen, gaps in _gapped(line, places, first, budget, 1):
                    found[chosen] = gaps
            if places and places[0] == 0:
                high = [ACE_HIGH, *places[:0:-1]]
                for chosen, gaps in _gapped([line[0], *line[:0:-1]], high, 0, budget, -1):
                    key = tuple(sorted(chosen))
                    found[key] = min(gaps, found.get(key, gaps))
            for chosen, gaps in found.items():
                size = len(chosen)
                jokers = max(1, 3 - size, gaps)
                if jokers > budget or size + jokers > LONGEST_SEQUENCE:
                    continue
                if gaps == 0 and size >= 3 and not cover:
                    continue
                yield self._make(chosen, jokers, LONGEST_SEQUENCE - size - jokers, _IMPURE)

    def _sets(self) -> Iterator[Candidate]:
        """Two to four plain cards of one rank in different suits, jokers filling to 3 or 4 (one
        card with jokers is read as an impure sequence instead)."""
        ranks: list[list[int]] = [[] for _ in range(13)]
        for number, order in enumerate(self.order_of):
            if not self.is_wild[number]:
                ranks[order].append(number)
        for members in ranks:
            if len(members) < 2:
                continue
            for chosen in _subsets(members, 2):
                jokers = max(0, 3 - len(chosen))
                if jokers <= self.joker_cards:
                    yield self._make(chosen, jokers, 4 - len(chosen) - jokers, _SET)

    def _anchored_jokers(self) -> Iterator[Candidate]:
        """A joker-rank card read as itself with two or more jokers: an impure sequence."""
        if self.joker_cards < 3:
            return
        for number, is_wild in enumerate(self.is_wild):
            if is_wild:
                yield self._make([number], 2, LONGEST_SEQUENCE - 3, _IMPURE)


def _subsets(items: Sequence[int], smallest: int) -> Iterator[list[int]]:
    """Every subset of `items` with at least `smallest` members, in order."""
    for mask in range(1, 1 << len(items)):
        chosen = [item for bit, item in enumerate(items) if mask >> bit & 1]
        if len(chosen) >= smallest:
            yield chosen


def _gapped(
    line: Sequence[int], places: Sequence[int], first: int, budget: int, step: int
) -> Iterator[tuple[tuple[int, ...], int]]:
    """The subsets of `line` that start at `first` and go on along `line` (its `places` rising,
    or falling when `step` is -1), with the gaps between their places, as long as those need
    at most `budget` jokers; a later card never shrinks the gaps, so a walk stops at the first
    card too far."""

    def extend(
        chosen: tuple[int, ...], last: int, gaps: int, at: int
    ) -> Iterator[tuple[tuple[int, ...], int]]:
        yield chosen, gaps
        for upto in range(at, len(line)):
            more = gaps + (places[upto] - last) * step - 1
            if more > budget:
                break
            yield from extend((*chosen, line[upto]), places[upto], more, upto + 1)

    yield from extend((line[first],), places[first], 0, first + 1)


def _take(hand: HandCards, rest: int, candidate: Candidate) -> int:
    """The open cards after `candidate` takes its cards from `rest` (its lead's first copy
    already taken), lowest copies first; -1 when a card is not open."""
    masks = hand.identity_masks
    if candidate.copies == 3:
        bits = rest & masks[candidate.lead]
        if bits.bit_count() < 2:
            return -1
        rest ^= bits & -bits
        bits ^= bits & -bits
        rest ^= bits & -bits
    for other in candidate.others:
        bits = rest & masks[other]
        if not bits:
            return -1
        rest ^= bits & -bits
    return rest


def _state_key(mask: int, debt: int, room: int, flags: int) -> int:
    """One int for a search state: the open cards, the jokers owed (-64..63), the spare room
    (0..13) and the flags (0..5)."""
    return ((mask << 7 | debt + 64) << 4 | room) << 3 | flags


def _goal_met(flags: int, left: int, goal: bool, joker_group: bool) -> bool:
    """Whether the flags meet the goal (a pure sequence and a second sequence), counting the
    groups that `left` spare jokers make on their own under ``joker-group``."""
    if not goal:
        return True
    if joker_group:
        for _ in range(min(left // 3, 2)):
            flags = _flags_after(flags, False, True)
    return flags == _DONE


@dataclass(frozen=True, slots=True)
class Found:
    """What a search found: the points its groups keep out of the count, and the groups."""

    weight: int
    groups: tuple[Candidate, ...]


def best_groups(hand: HandCards, goal: bool, joker_group: bool) -> Found | None:
    """The groups that keep the most points out of the count, cards left loose as needed; with
    `goal`, only groupings with a pure sequence and a second sequence. None when there is none."""
    printed = len(hand.printed)
    identity_of_bit, is_wild = hand.identity_of_bit, hand.is_wild
    wild_mask, options = hand.wild_mask, hand.options(cover=False)
    bit_points = [hand.points[identity] for identity in identity_of_bit]
    memo: dict[int, int] = {}

    def best(mask: int, debt: int, flags: int, open_points: int) -> int:
        if not mask:
            return (
                0
                if debt <= printed and _goal_met(flags, printed - debt, goal, joker_group)
                else (IMPOSSIBLE)
            )
        key = _state_key(mask, debt, 0, flags)
        known = memo.get(key)
        if known is not None:
            return known
        low = mask & -mask
        bit = low.bit_length() - 1
        lead = identity_of_bit[bit]
        rest = mask ^ low
        lead_points = bit_points[bit]
        value = best(rest, debt - is_wild[lead], flags, open_points - lead_points)
        for candidate in options[lead]:
            if value >= open_points:
                break
            after = _take(hand, rest, candidate)
            if after < 0:
                continue
            owed = debt + candidate.jokers
            if owed - (after & wild_mask).bit_count() > printed:
                continue
            next_flags = _flags_after(flags, candidate.pure, candidate.sequence) if goal else 0
            weight = candidate.weight
            found = weight + best(after, owed, next_flags, open_points - weight)
            if found > value:
                value = found
        memo[key] = value
        return value

    open_points = sum(bit_points)
    value = best(hand.full_mask, 0, 0, open_points)
    if value < 0:
        return None
    chosen: list[Candidate] = []
    mask, debt, flags = hand.full_mask, 0, 0
    while mask:
        low = mask & -mask
        bit = low.bit_length() - 1
        lead = identity_of_bit[bit]
        rest = mask ^ low
        target = memo[_state_key(mask, debt, 0, flags)]
        for candidate in options[lead]:
            after = _take(hand, rest, candidate)
            owed = debt + candidate.jokers
            if after < 0 or owed - (after & wild_mask).bit_count() > printed:
                continue
            next_flags = _flags_after(flags, candidate.pure, candidate.sequence) if goal else 0
            weight = candidate.weight
            if weight + best(after, owed, next_flags, open_points - weight) == target:
                chosen.append(candidate)
                mask, debt, flags, open_points = after, owed, next_flags, open_points - weight
                break
        else:
            mask, debt = rest, debt - is_wild[lead]
            open_points -= bit_points[bit]
    return Found(weight=value, groups=tuple(chosen))


def full_cover(hand: HandCards, joker_group: bool) -> tuple[Candidate, ...] | None:
    """Groups that hold every natural card with a pure sequence and a second sequence (a valid
    declaration), the spare jokers fitting in the groups' room or, under ``joker-group``, in a
    group of their own; None when the cards allow none."""
    printed = len(hand.printed)
    identity_of_bit, is_wild = hand.identity_of_bit, hand.is_wild
    wild_mask, options = hand.wild_mask, hand.options(cover=True)
    failed: set[int] = set()
    path: list[Candidate] = []
    if not hand.pure_groups:
        return None
    grouped: set[int] = set()
    for choices in options:
        for candidate in choices:
            grouped.update((candidate.lead, *candidate.others))
    if any(not wild and number not in grouped for number, wild in enumerate(is_wild)):
        return None

    def ends_well(debt: int, room: int, flags: int) -> bool:
        left = printed - debt
        if left < 0:
            return False
        if joker_group and left >= 3 and _flags_after(flags, False, True) == _DONE:
            return True
        return left <= room and flags == _DONE

    def cover(mask: int, debt: int, room: int, flags: int) -> bool:
        if not mask:
            return ends_well(debt, room, flags)
        key = _state_key(mask, debt, room, flags)
        if key in failed:
            return False
        low = mask & -mask
        lead = identity_of_bit[low.bit_length() - 1]
        rest = mask ^ low
        if is_wild[lead] and cover(rest, debt - 1, room, flags):
            return True
        for candidate in options[lead]:
            after = _take(hand, rest, candidate)
            if after < 0:
                continue
            owed = debt + candidate.jokers
            if owed - (after & wild_mask).bit_count() > printed:
                continue
            next_room = min(room + candidate.room, LONGEST_SEQUENCE)
            next_flags = _flags_after(flags, candidate.pure, candidate.sequence)
            if cover(after, owed, next_room, next_flags):
                path.append(candidate)
                return True
        failed.add(key)
        return False

    if not cover(hand.full_mask, 0, 0, 0):
        return None
    return tuple(reversed(path))
