"""What the record shows of each seat's cards: the deal lines, and every card the seat plays.

The replay proves a revoke (or an ask while able to follow...) with a card the seat held at that
moment: one its deal shows and it had not played yet, or one it plays later in the hand. The
caller's face-down card is his only while it is not hidden.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from recorder.cards import Card
from recorder.model import DealLine
from replay.tricks.deck import CARDS, RANK_COUNT, SUIT_COUNT, CardTable
from replay.tricks.report import Reporter

NEVER: Final = 1 << 30
"""The trick ordinal of a card never played."""


class Knowledge:
    """Who the record shows holding which card, and in which trick each seat played each card."""

    def __init__(self, cards: CardTable, players: int, hand_size: int) -> None:
        self.cards = cards
        self.players = players
        self.hand_size = hand_size
        seats = range(players + 1)
        self.dealt: list[list[int]] = [[] for _ in seats]
        self.dealt_set: list[set[int]] = [set() for _ in seats]
        self.first_cards: list[list[int | None]] = [[] for _ in seats]
        """Each seat's deal line in order, ``None`` for a card not seen."""
        self.deal_lines: list[DealLine | None] = [None for _ in seats]
        self.known_set: list[set[int]] = [set() for _ in seats]
        self.played_at: list[dict[int, int]] = [{} for _ in seats]
        self.holder: dict[int, int] = {}
        self.free: list[int] = [hand_size for _ in seats]
        """Cards of the seat the deal line leaves open; a play outside the deal uses one up."""
        self.extra: list[set[int]] = [set() for _ in seats]
        self._last_held: list[int] | None = None
        """By ``seat * 4 + suit``: the last trick the seat is known to hold a card of the suit
        (``NEVER`` when one is never played, -1 when none is known), worked out when first asked."""

    # -- loading -------------------------------------------------------------------------

    def load_deals(self, deals: Iterable[DealLine], report: Reporter) -> None:
        """Read the deal lines; report a card dealt twice and a seat dealt too many."""
        seen = self.holder
        size = self.hand_size
        in_pack = self.cards.in_pack
        for deal in deals:
            seat = deal.seat
            if not 1 <= seat <= self.players or self.deal_lines[seat] is not None:
                continue
            self.deal_lines[seat] = deal
            if len(deal.cards) > size:
                report.add(
                    "too-many-cards",
                    None,
                    seat,
                    deal.cards[size],
                    f"was dealt more than {size} cards",
                )
            order = self.first_cards[seat]
            dealt = self.dealt[seat]
            for entry in deal.cards[:size]:
                written = entry.card
                card = None if written is None else written.index
                if card is not None and not in_pack[card]:
                    card = None
                order.append(card)
                if card is None:
                    continue
                if card in seen:
                    report.add(
                        "duplicate-card",
                        None,
                        seat,
                        entry,
                        f"was dealt {CARDS[card].code}, already dealt to seat {seen[card]}",
                    )
                    continue
                seen[card] = seat
                dealt.append(card)
            self.dealt_set[seat].update(dealt)
            self.known_set[seat].update(dealt)
            self.free[seat] = size - len(dealt)

    def card_of(self, card: Card | None) -> int | None:
        """The id of a card of this game's pack; ``None`` for an unseen card or one outside it."""
        if card is None:
            return None
        ident = card.index
        return ident if self.cards.in_pack[ident] else None

    def forget_suits(self) -> None:
        """Drop the per-suit facts worked out so far (after learning of more cards)."""
        self._last_held = None

    def note_face_down(self, caller: int, card: int) -> None:
        """The face-down card is the caller's."""
        self.known_set[caller].add(card)
        self.holder.setdefault(card, caller)
        self.forget_suits()

    def take(self, seat: int, card: int) -> bool:
        """Whether the seat may hold ``card`` by its deal line; uses up an open card of the line."""
        if card in self.dealt_set[seat] or card in self.extra[seat]:
            return True
        owner = self.holder.get(card)
        if owner is not None and owner != seat and card in self.dealt_set[owner]:
            return False
        if self.free[seat] <= 0:
            return False
        self.free[seat] -= 1
        self.extra[seat].add(card)
        return True

    # -- queries -------------------------------------------------------------------------

    def known(self, seat: int) -> set[int]:
        return self.known_set[seat]

    def unknown_slots(self, seat: int) -> int:
        return max(0, self.hand_size - len(self.known_set[seat]))

    def placed(self, card: int) -> int | None:
        return self.holder.get(card)

    def held(self, seat: int, trick: int, hidden: int | None = None) -> list[int]:
        """The cards the record shows ``seat`` holding when its turn in ``trick`` begins.

        ``hidden`` is the face-down card while it is hidden, which is not in the caller's hand.
        """
        played_at = self.played_at[seat]
        return [
            card
            for card in self.known_set[seat]
            if card != hidden and played_at.get(card, NEVER) >= trick
        ]

    def held_of_suit(self, seat: int, suit: int, trick: int, hidden: int | None) -> list[int]:
        """The cards of ``suit`` the record shows ``seat`` holding when its turn in ``trick``
        begins (``hidden``: the face-down card while hidden, not in the caller's hand).

        Asked whenever a seat does not follow suit, and empty in legal play: so it first looks up
        the last trick in which the seat is known to hold the suit."""
        last_held = self._last_held
        if last_held is None:
            last_held = self._last_held = self._work_out_last_held()
        if last_held[seat * SUIT_COUNT + suit] < trick:
            return []
        played_at = self.played_at[seat]
        return [
            card
            for card in self.known_set[seat]
            if card // RANK_COUNT == suit and card != hidden and played_at.get(card, NEVER) >= trick
        ]

    def _work_out_last_held(self) -> list[int]:
        """The last trick each seat is known to hold each suit (``_last_held``)."""
        last_held = [-1] * (SUIT_COUNT * (self.players + 1))
        for seat, known in enumerate(self.known_set):
            played_at = self.played_at[seat]
            for card in known:
                place = seat * SUIT_COUNT + card // RANK_COUNT
                when = played_at.get(card, NEVER)
                if when > last_held[place]:
                    last_held[place] = when
        return last_held

    def proof(self, seat: int, trick: int, cards: Iterable[int]) -> str:
        """The best evidence among ``cards`` held in ``trick``: 'held 7D, played in trick 5'."""
        played_at = self.played_at[seat]
        card = min(cards, key=lambda c: (played_at.get(c, NEVER), c))
        when = played_at.get(card, NEVER)
        if when == trick:
            return f"held {CARDS[card].code}, played in this trick"
        if when != NEVER:
            return f"held {CARDS[card].code}, played in trick {when}"
        if card in self.dealt_set[seat]:
            return f"held {CARDS[card].code}, as the deal shows"
        return f"held {CARDS[card].code}"

    def could_hold(self, seat: int, card: int, trick: int) -> bool:
        """Whether the record leaves it open that ``seat`` still held ``card`` after ``trick``."""
        when = self.played_at[seat].get(card)
        if when is not None:
            return when > trick
        if card in self.known_set[seat]:
            return True
        if self.holder.get(card, seat) != seat:
            return False
        return self.unknown_slots(seat) > 0
