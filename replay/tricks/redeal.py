"""Redeal conditions (RULES.md §8): whether the record shows each one held, did not, or cannot tell.

A condition that held in a hand that was played is ``missed-redeal``; a ``redeal`` line whose
condition the record shows did not hold is ``unjustified-redeal``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from replay.tricks.deck import CARDS, RANK_COUNT, suit_word
from replay.tricks.knowledge import Knowledge


class RedealFacts:
    """What a condition may look at: the cards the record shows, the calling and the trump.

    Made once per hand and only read; plain classes here, since compiled their own ``__init__``
    is several times cheaper than a dataclass's."""

    def __init__(
        self,
        *,
        knowledge: Knowledge,
        players: int,
        first_speaker: int,
        caller: int | None,
        trump_suit: int | None,
        calls_recorded: bool,
        legal_call: bool,
    ) -> None:
        self.knowledge = knowledge
        self.players = players
        self.first_speaker = first_speaker
        self.caller = caller
        self.trump_suit = trump_suit
        self.calls_recorded = calls_recorded
        self.legal_call = legal_call


class Verdict:
    """``held``: True, False, or None when the record cannot tell; ``seat`` and ``why`` explain."""

    def __init__(self, held: bool | None, seat: int | None = None, why: str = "") -> None:
        self.held = held
        self.seat = seat
        self.why = why

    def __repr__(self) -> str:
        return f"Verdict(held={self.held}, seat={self.seat}, why={self.why!r})"


UNKNOWN = Verdict(None)

Condition = Callable[[RedealFacts], Verdict]


@dataclass(frozen=True)
class RedealRule:
    """A reason word of the game, its condition, and whether playing on is ``missed-redeal``."""

    reason: str
    condition: Condition
    missable: bool = True


def first_caller_no_points(facts: RedealFacts) -> Verdict:
    """40: the first caller holds no point card."""
    knowledge, seat = facts.knowledge, facts.first_speaker
    points = [card for card in knowledge.known(seat) if knowledge.cards.points[card]]
    if points:
        return Verdict(False, seat, f"held {CARDS[min(points)].code} as the first caller")
    if knowledge.unknown_slots(seat) == 0:
        return Verdict(True, seat, "held no point card as the first caller")
    return UNKNOWN


def other_team_no_trump(facts: RedealFacts) -> Verdict:
    """40 and 28: the team against the caller holds no card of the trump suit."""
    caller, trump = facts.caller, facts.trump_suit
    if caller is None or trump is None:
        return UNKNOWN
    knowledge = facts.knowledge
    others = [seat for seat in range(1, facts.players + 1) if seat % 2 != caller % 2]
    for seat in others:
        trumps = [card for card in knowledge.known(seat) if card // RANK_COUNT == trump]
        if trumps:
            return Verdict(
                False, seat, f"held {CARDS[min(trumps)].code}, a trump, against the caller"
            )
    loose = [card for card in knowledge.cards.suit_cards(trump) if knowledge.placed(card) is None]
    if not loose or all(knowledge.unknown_slots(seat) == 0 for seat in others):
        return Verdict(
            True, caller, f"called with {suit_word(trump)}s as trump while the other team held none"
        )
    return UNKNOWN


def six_of_a_suit(facts: RedealFacts) -> Verdict:
    """28: a player holds six cards of one suit."""
    knowledge = facts.knowledge
    mixed = 0
    for seat in range(1, facts.players + 1):
        suits = {card // RANK_COUNT for card in knowledge.known(seat)}
        if len(suits) > 1:
            mixed += 1
        elif suits and knowledge.unknown_slots(seat) == 0:
            return Verdict(True, seat, f"held six {suit_word(suits.pop())}s")
    if mixed == facts.players:
        return Verdict(False, None, "every player held two suits or more")
    return UNKNOWN


def four_jacks(facts: RedealFacts) -> Verdict:
    """28: a player holds all four Jacks."""
    knowledge = facts.knowledge
    jacks = [card for card in knowledge.cards.pack if CARDS[card].rank == "J"]
    possible = 0
    for seat in range(1, facts.players + 1):
        held = [card for card in jacks if card in knowledge.known(seat)]
        if len(held) == len(jacks):
            return Verdict(True, seat, "held all four Jacks")
        missing = [card for card in jacks if card not in held]
        if all(knowledge.placed(card) is None for card in missing) and len(
            missing
        ) <= knowledge.unknown_slots(seat):
            possible += 1
    if possible == 0:
        return Verdict(False, None, "no player held all four Jacks")
    return UNKNOWN


def all_passed(facts: RedealFacts) -> Verdict:
    """29: every player passed (no call stood)."""
    if facts.legal_call:
        return Verdict(False, None, "a call stood")
    if facts.calls_recorded:
        return Verdict(True, None, "every player passed")
    return UNKNOWN


def no_point_in_first_four(facts: RedealFacts) -> Verdict:
    """29: a player has no point card among his first four cards."""
    knowledge = facts.knowledge
    with_points = 0
    for seat in range(1, facts.players + 1):
        first = knowledge.first_cards[seat][:4]
        if any(card is not None and knowledge.cards.points[card] for card in first):
            with_points += 1
        elif len(first) == 4 and None not in first:
            return Verdict(True, seat, "had no point card in his first four cards")
    if with_points == facts.players:
        return Verdict(False, None, "every player had a point card in his first four")
    return UNKNOWN


def not_checkable(facts: RedealFacts) -> Verdict:
    """A misdeal (a card exposed, a wrong count) leaves no trace in the record."""
    return UNKNOWN
