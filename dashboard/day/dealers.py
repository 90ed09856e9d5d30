"""Who deals each hand of a session, as the engine gives it, and the dealers a director's
correction that inserts or removes hands moves on (RULES.md §8, RUMMY.md §4, TOURNAMENT.md §10).

A hand recorded at the table carries a ``Dealer`` tag: the dealer the Record page preselected,
the rotation from the hands it knew, unless the scorer picked another. When the director inserts
a hand that was missing before it (or removes one recorded twice), the rotation those hands knew
was short (or long) by that hand, so a ``Dealer`` tag that only repeated the rotation would now
break it, with no finding to say so (the rules have no finding for a dealer out of turn). Such a
later hand's dealer follows the rotation after the correction; a tag that differed from the
rotation (a dealer the table chose) is kept as recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from recorder.games import family_name
from recorder.model import Hand, Record, Tag
from replay.rummy import replay_rummy
from replay.tricks import normalize, replay_session


def _trick_dealers(record: Record) -> list[int]:
    return [hand.result.dealer for hand in replay_session(normalize(record)).hands]


def _rummy_dealers(record: Record) -> list[int]:
    return [deal.dealer for deal in replay_rummy(record).deals]


#: Each family's dealers of a session's hands, in order (by ``recorder.games`` family name).
FAMILY_DEALERS: dict[str, Callable[[Record], list[int]]] = {
    "trick": _trick_dealers,
    "rummy": _rummy_dealers,
}


def dealers(record: Record) -> list[int]:
    """The dealer of every hand of ``record``, as its tags and the rotation give them."""
    return FAMILY_DEALERS[family_name(record.game)](record)


@dataclass(frozen=True)
class Moved:
    """A later hand whose dealer follows the rotation after a correction: its index in the
    record before it, its number once it is stored, its dealer before, and the hand with its
    ``Dealer`` tag as the rotation now gives it."""

    index: int
    number: int
    was: int
    hand: Hand

    @property
    def dealer(self) -> int:
        """The dealer the rotation now gives the hand."""
        return self.hand.dealer or 0


def moved_dealers(record: Record, hand: int, replacing: Sequence[Hand]) -> list[Moved]:
    """After hand ``hand`` (from 1) of ``record`` is replaced by the hands ``replacing``: every
    later hand whose ``Dealer`` tag repeated the rotation and whose dealer the rotation now gives
    otherwise. None when the correction keeps the number of hands (one hand for one) or no hand
    follows it. A hand that becomes the session's first keeps its tag (a first hand needs one)."""
    if len(replacing) == 1 or hand >= len(record.hands):
        return []
    first = hand if record.hands[: hand - 1] or replacing else hand + 1  # a first hand's is kept
    following, rotating = _rotating(record, first)
    shift = len(replacing) - 1
    hands = [*record.hands[: hand - 1], *replacing, *following.hands[hand:]]
    now = dealers(record.model_copy(update={"hands": hands}))
    moved = []
    for index in rotating:  # each has its tag
        was = record.hands[index].dealer or 0
        if now[index + shift] != was:
            changed = _with_dealer(record.hands[index], now[index + shift])
            moved.append(Moved(index, index + 1 + shift, was, changed))
    return moved


def _rotating(record: Record, hand: int) -> tuple[Record, list[int]]:
    """The record with the ``Dealer`` tags of the hands after ``hand`` left out where they only
    repeat the rotation, and those hands' indexes. A tag that differs from the rotation is kept;
    the rotation after it starts from it."""
    rotating = [i for i in range(hand, len(record.hands)) if record.hands[i].dealer is not None]
    while True:
        hands = [_with_dealer(h, None) if i in rotating else h for i, h in enumerate(record.hands)]
        without = record.model_copy(update={"hands": hands})
        given = dealers(without)
        chosen = next((i for i in rotating if given[i] != record.hands[i].dealer), None)
        if chosen is None:
            return without, rotating
        rotating.remove(chosen)


def _with_dealer(hand: Hand, dealer: int | None) -> Hand:
    """The hand with its ``Dealer`` tag set to ``dealer`` (after its ``Hand`` tag), or left out."""
    tags = [tag for tag in hand.tags if tag.name != "Dealer"]
    if dealer is not None:
        place = next((i + 1 for i, tag in enumerate(tags) if tag.name == "Hand"), 0)
        tags.insert(place, Tag(name="Dealer", value=str(dealer)))
    return hand.model_copy(update={"tags": tags})
