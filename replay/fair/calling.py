"""The call and the trump choice judged on the caller's own cards.

When the caller put his card face down he knew his own cards and the calls: in 29 only his first
four, the rest of the deal following the trump step. The other hands, and in 29 his own last four,
were unseen. Each card he held could have gone down: each is solved on deals of the unseen cards
drawn as for a card of the play (``replay.fair.sampling``; no play yet, so no voids; the cards still
to come to him drawn into his own hand, so each deal is solved with his whole hand): the callers'
mean final points and the chance they make the call, per suit the card of that suit that does
best, and for the card actually put down the chance of making each call the game allows. The card
put down is solved exactly in every deal (its chance of each call); the others exactly in the first
``points`` deals and, after those, only as far as whether the call is made (one probe each).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from random import Random
from statistics import fmean
from typing import Any

from recorder.cards import SUITS, Card
from recorder.games import GAMES
from replay.fair.sampling import DealCounter, NoConsistentDeal, places_of
from replay.fair.seen import sight_of
from replay.fair.value import call_target
from replay.solver.board import Board
from replay.solver.position import Position
from replay.solver.recorded import RecordedHand
from replay.solver.search import Solver, collector_paused
from replay.tricks.engine import HandReplay


@dataclass(frozen=True)
class TrumpChoice:
    """A card the caller could put face down, over the deals: mean points, chance of the call."""

    card: Card
    points: float
    chance: float


@dataclass(frozen=True)
class CallingJudgement:
    """The caller's choice over ``samples`` deals of the cards he could not see."""

    samples: int
    chosen: TrumpChoice
    best_by_suit: dict[str, TrumpChoice]
    """Per suit letter, the card of that suit with the best chance (then points)."""
    calls: dict[int, float]
    """With the card put down, the chance of the callers taking at least each number of card
    points from the game's lowest call to its highest."""

    def to_json(self) -> dict[str, Any]:
        def choice(found: TrumpChoice) -> dict[str, Any]:
            return {
                "card": found.card.code,
                "points": round(found.points, 3),
                "chance": round(found.chance, 3),
            }

        return {
            "samples": self.samples,
            "chosen": choice(self.chosen),
            "suits": {suit: choice(found) for suit, found in self.best_by_suit.items()},
            "calls": {str(call): round(chance, 3) for call, chance in self.calls.items()},
        }


def judge_calling(
    game: str,
    replayed: HandReplay,
    recorded: RecordedHand,
    samples: int,
    seed: int,
    points: int | None = None,
) -> CallingJudgement | None:
    """The trump choice on the caller's own cards (``None``: a Thani or no face-down card); the
    other cards' points are solved on the first ``points`` deals (``None``: on all)."""
    start = recorded.start
    steps = replayed.steps or []
    at = next((i for i, step in enumerate(steps) if step.event.kind == "trump"), None)
    if start is None or start.face_down is None or at is None or at == 0:
        return None
    sight = sight_of(steps[at - 1].state, start.caller, 0, recorded, game)
    candidates = [start.face_down] + [
        card for card in recorded.face_down_choices if card in sight.own and card != start.face_down
    ]
    places = places_of(replace(sight, face_down_hidden=False), start.caller)
    try:
        counter = DealCounter(places, sorted(sight.unseen, key=lambda card: card.index))
    except NoConsistentDeal:
        return None
    rng = Random(f"{seed}/{replayed.number}/calling")
    total = Board(start).left
    target = call_target(start.call, total)
    values: dict[Card, list[int]] = {card: [] for card in candidates}
    made: dict[Card, list[bool]] = {card: [] for card in candidates}
    with collector_paused():
        for deal in range(samples):
            drawn = counter.draw(rng)
            hands = [set(sight.own) if seat == start.caller else set() for seat in _seats(start)]
            for place, cards in zip(places, drawn, strict=True):
                hands[place.seat - 1] |= set(cards)
            exact = points is None or deal < points
            for card, (value, makes) in _deal_values(
                start, hands, candidates, exact, target
            ).items():
                if value is not None:
                    values[card].append(value)
                made[card].append(makes)
    return _judgement(values, made, start.face_down, game, samples)


def _seats(start: Position) -> range:
    return range(1, start.players + 1)


def _deal_values(
    start: Position, hands: list[set[Card]], candidates: Sequence[Card], exact: bool, target: int
) -> dict[Card, tuple[int | None, bool]]:
    """In one deal, with each candidate put face down: the callers' final points (the first
    candidate always, the others when ``exact``) and whether they reach ``target``. The first
    candidate's value is the first guess for the others: one deal's values lie close."""
    found: dict[Card, tuple[int | None, bool]] = {}
    firsts: dict[object, Solver] = {}
    guess: int | None = None
    for card in candidates:
        dealt = tuple(
            frozenset(cards - {card}) if seat == start.caller else frozenset(cards)
            for seat, cards in enumerate(hands, start=1)
        )
        position = replace(start, hands=dealt, face_down=card, trump=card.suit)
        first = firsts.get(card.suit)
        solver = Solver(position) if first is None else first.sharing(position)
        firsts.setdefault(card.suit, solver)
        if exact or guess is None:
            value = solver.value(guess)
            found[card] = (value, value >= target)
            guess = value if guess is None else guess
        else:
            found[card] = (None, solver.reaches(target))
    return found


def _judgement(
    values: dict[Card, list[int]],
    made: dict[Card, list[bool]],
    chosen: Card,
    game: str,
    samples: int,
) -> CallingJudgement:
    def choice(card: Card) -> TrumpChoice:
        return TrumpChoice(card, fmean(values[card]), fmean(map(float, made[card])))

    choices = [choice(card) for card in sorted(values, key=lambda card: card.index)]
    best: dict[str, TrumpChoice] = {}
    for suit in SUITS:
        of_suit = [found for found in choices if found.card.suit == suit]
        if of_suit:
            best[suit.value] = max(of_suit, key=lambda found: (found.chance, found.points))
    spec = GAMES[game]
    calls = {
        level: fmean(float(value >= level) for value in values[chosen])
        for level in range(spec.min_bid, spec.max_bid + 1)
    }
    return CallingJudgement(samples, choice(chosen), best, calls)
