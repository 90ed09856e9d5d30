"""Deals of the unseen cards that agree with everything a seat had seen, drawn without bias.

A seat's ``Sight`` leaves some cards unseen and some places to fill: each other hand's unknown
cards, the seat's own cards still to be dealt (29's calling), and the caller's face-down card while
it is hidden from the seat. A deal is *consistent*
when every place gets its number of cards, no hand gets a suit it has shown it lacks, and every
turn played so far is legal with those hands (which holds the rest: an ask not followed by a cut,
the caller's hidden-trump restrictions, what a show or a lead proved). Every consistent deal is
equally likely:

1. ``DealCounter`` counts, for the places in order, the deals that keep the voids, and draws one
   of them uniformly (each place's count of each suit chosen in proportion to the deals that
   complete it, then the cards of each suit shuffled into the places).
2. The deal is kept only when every recorded turn so far is legal in it (rejection): uniform
   over the larger set, kept on the smaller one, it stays uniform.

Draws use a ``random.Random`` seeded by the caller and cards in a fixed order, so a seed always
gives the same deals.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from math import comb
from random import Random

from recorder.cards import SUITS, Card, Suit
from replay.fair.seen import Sight
from replay.solver.board import Board
from replay.solver.position import Move, Position
from replay.solver.recorded import RecordedTurn

MAX_TRIES = 20_000
"""Draws tried for one consistent deal before giving up (never reached in recorded play)."""


@dataclass(frozen=True)
class Place:
    """Where unseen cards go: a seat's hand, or (``face_down``) the caller's face-down card."""

    seat: int
    size: int
    allowed: frozenset[Suit]
    face_down: bool = False


class NoConsistentDeal(Exception):
    """No deal of the unseen cards agrees with the record (or none was found in ``MAX_TRIES``)."""


def places_of(sight: Sight, caller: int) -> tuple[Place, ...]:
    """The places the seat's unseen cards fill: the hands by seat (its own while cards are still to
    come to it), then the hidden face-down card."""
    places = [
        Place(seat, size, frozenset(SUITS) - sight.voids[seat - 1])
        for seat, size in enumerate(sight.holding, start=1)
        if size > 0
    ]
    if sight.face_down_hidden:
        places.append(Place(caller, 1, frozenset(SUITS), face_down=True))
    return tuple(places)


class DealCounter:
    """Counts and draws the ways to share cards of each suit among places, voids kept."""

    def __init__(self, places: Sequence[Place], cards: Sequence[Card]) -> None:
        self.places = tuple(places)
        self.by_suit = {
            suit: sorted((c for c in cards if c.suit == suit), key=_order) for suit in SUITS
        }
        if sum(place.size for place in places) != len(cards):
            raise NoConsistentDeal(
                f"{len(cards)} unseen cards for {sum(p.size for p in places)} places"
            )
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        self._free_from = _free_from(self.places)
        self._drawn: dict[tuple[int, tuple[int, ...]], list[tuple[tuple[int, ...], int]]] = {}

    def total(self) -> int:
        """How many deals keep every void."""
        return self.ways(0, tuple(len(self.by_suit[suit]) for suit in SUITS))

    def ways(self, index: int, left: tuple[int, ...]) -> int:
        """The deals of ``left`` cards per suit to the places from ``index`` on."""
        if index == len(self.places):
            return 0 if any(left) else 1
        free = self._free_from[index]
        if free is not None:
            return _multinomial(sum(left), free)
        key = (index, left)
        found = self._ways.get(key)
        if found is None:
            found = sum(weight for _, weight in self._options(index, left))
            self._ways[key] = found
        return found

    def _options(self, index: int, left: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
        """Each count per suit the place at ``index`` may take, with the deals that follow it."""
        place = self.places[index]
        allowed = [suit in place.allowed for suit in SUITS]
        for counts in _splits(place.size, left, allowed):
            rest = tuple(have - take for have, take in zip(left, counts, strict=True))
            after = self.ways(index + 1, rest)
            if after:
                weight = after
                for have, take in zip(left, counts, strict=True):
                    weight *= comb(have, take)
                yield counts, weight

    def draw(self, rng: Random) -> list[list[Card]]:
        """One deal, every void-keeping deal equally likely: the cards of each place."""
        left = tuple(len(self.by_suit[suit]) for suit in SUITS)
        if not self.ways(0, left):
            raise NoConsistentDeal("no deal keeps every void shown")
        shares: list[tuple[int, ...]] = []
        for index in range(len(self.places)):
            options = self._drawn.get((index, left))
            if options is None:
                options = self._drawn[(index, left)] = list(self._options(index, left))
            pick = rng.randrange(sum(weight for _, weight in options))
            chosen = options[-1][0]
            for option, weight in options:
                if pick < weight:
                    chosen = option
                    break
                pick -= weight
            shares.append(chosen)
            counts = chosen
            left = tuple(have - take for have, take in zip(left, counts, strict=True))
        hands: list[list[Card]] = [[] for _ in self.places]
        for number, suit in enumerate(SUITS):
            cards = list(self.by_suit[suit])
            rng.shuffle(cards)
            for index, counts in enumerate(shares):
                hands[index] += cards[: counts[number]]
                cards = cards[counts[number] :]
        return hands


def _free_from(places: Sequence[Place]) -> list[tuple[int, ...] | None]:
    """Per index, the sizes of the places from there on when none of them lacks a suit (any share
    of the cards is then a deal: a multinomial count), else ``None``."""
    free: list[tuple[int, ...] | None] = []
    for index in range(len(places)):
        rest = places[index:]
        unrestricted = all(place.allowed == frozenset(SUITS) for place in rest)
        free.append(tuple(place.size for place in rest) if unrestricted else None)
    return free


def _multinomial(cards: int, sizes: tuple[int, ...]) -> int:
    """The ways to share ``cards`` distinct cards into places of ``sizes`` (0 unless they fit)."""
    if cards != sum(sizes):
        return 0
    ways = 1
    for size in sizes:
        ways *= comb(cards, size)
        cards -= size
    return ways


def _splits(size: int, left: tuple[int, ...], allowed: list[bool]) -> Iterator[tuple[int, ...]]:
    """Every way to take ``size`` cards by suit, no more than ``left`` of a suit, allowed suits."""

    def fill(suit: int, need: int) -> Iterator[tuple[int, ...]]:
        if suit == len(left):
            if not need:
                yield ()
            return
        most = min(need, left[suit]) if allowed[suit] else 0
        room = sum(left[later] for later in range(suit + 1, len(left)) if allowed[later])
        for take in range(max(0, need - room), most + 1):
            for rest in fill(suit + 1, need - take):
                yield (take, *rest)

    yield from fill(0, size)


def _order(card: Card) -> int:
    return card.index


class Sampler:
    """Draws positions at a seat's decision that agree with everything the seat had seen."""

    def __init__(
        self,
        start: Position,
        turns: Sequence[RecordedTurn],
        sight: Sight,
        true_face_down: Card | None,
    ) -> None:
        self.start = start
        self.turns = tuple(turns[: sight.turn_index])
        self.sight = sight
        self.true_face_down = true_face_down
        self.places = places_of(sight, start.caller)
        self.counter = DealCounter(self.places, sorted(sight.unseen, key=_order))
        self.tries = 0

    def position(self, rng: Random) -> Position:
        """The decision's position in one consistent deal."""
        for _ in range(MAX_TRIES):
            self.tries += 1
            placed = self.counter.draw(rng)
            position = self._replayed(placed)
            if position is not None:
                return position
        raise NoConsistentDeal(f"no consistent deal in {MAX_TRIES} draws")

    def _replayed(self, placed: list[list[Card]]) -> Position | None:
        """The decision's position with the drawn cards, or ``None`` when a recorded turn is not
        legal with them."""
        sight = self.sight
        start = self.start
        now = [set(sight.shown[index]) for index in range(len(sight.holding))]
        now[sight.seat - 1] |= sight.own
        face_down = self.true_face_down
        for place, drawn in zip(self.places, placed, strict=True):
            if place.face_down:
                face_down = drawn[0]
            else:
                now[place.seat - 1] |= set(drawn)
        hands = []
        for index, cards in enumerate(now):
            dealt = cards | sight.played[index]
            if index + 1 == start.caller and face_down is not None:
                dealt = dealt - {face_down}
            hands.append(frozenset(dealt))
        trump = face_down.suit if face_down is not None else start.trump
        position = replace(start, hands=tuple(hands), face_down=face_down, trump=trump)
        return replay_turns(position, self.turns)


def replay_turns(start: Position, turns: Sequence[RecordedTurn]) -> Position | None:
    """The position after the recorded turns, or ``None`` when one is not legal from ``start``.

    An undertaking said before a turn is put in force there; an ask or show after the reveal is
    read as the plain card, as the analysis reads it."""
    board = Board(start)
    for turn in turns:
        if turn.undertaking is not None:
            board = Board(replace(board.position(), special=turn.undertaking))
        if turn.move is None or board.over:
            return None
        move = _legal(board, turn.move)
        if move is None:
            return None
        board.play(move)
    return board.position()


def _legal(board: Board, move: Move) -> int | None:
    legal = board.legal()
    encoded = board.encode(move)
    if encoded in legal:
        return encoded
    plain = board.encode(Move(move.card))
    if move.action is not None and board.face_down < 0 and plain in legal:
        return plain
    return None
