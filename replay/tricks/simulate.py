"""Random legal hands and sessions of 40, 28 and 29, written as records the engine can replay.

Seeded by the caller's ``random.Random``: deals, calls, face-down cards, asks, shows, Jodi, Kott
and pairs are chosen at random among the moves ``replay.tricks.table.legal_moves`` allows.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from recorder.cards import Card
from recorder.games import GAMES
from recorder.model import (
    Action,
    ActionKind,
    Bid,
    Bidding,
    DealLine,
    DealtCard,
    Hand,
    PairLine,
    Record,
    RedealLine,
    RedealReason,
    Tag,
    Trick,
    TrumpLine,
    Turn,
)
from replay.tricks.deck import CARDS
from replay.tricks.table import Move, State, legal_moves, pair_moves

NAMES = ("Anil", "Biju", "Chitra", "Dev", "Eli", "Faiz")


def deal_cards(game: str, rng: random.Random) -> list[list[Card]]:
    """A shuffled pack of ``game`` dealt to its players, seat 1 first."""
    spec = GAMES[game]
    pack = list(spec.pack)
    rng.shuffle(pack)
    size = spec.hand_size
    return [pack[seat * size : (seat + 1) * size] for seat in range(spec.players)]


def play_out(state: State, rng: random.Random) -> tuple[State, list[Move]]:
    """Play a hand from ``state`` to its end with random legal moves; gives the moves made."""
    moves: list[Move] = []
    while True:
        for pair in pair_moves(state):
            if rng.random() < 0.7:
                moves.append(pair)
                state = state.apply(pair)
                break
        options = legal_moves(state)
        if not options:
            return state, moves
        move = _choose(state, options, rng)
        moves.append(move)
        state = state.apply(move)


def _choose(state: State, options: Sequence[Move], rng: random.Random) -> Move:
    """A random move, with the calls kept low and the rarer actions kept rare."""
    if options[0].kind == "bid":
        calls = [move for move in options if move.call is not None and not move.call.is_pass]
        passes = [move for move in options if move.call is not None and move.call.is_pass]
        if passes and (not calls or rng.random() < 0.55):
            return passes[0]
        if calls and rng.random() < 0.03:
            return calls[-1]
        return rng.choice(calls[:3]) if calls else options[0]
    if options[0].kind != "play":
        return rng.choice(list(options))
    plain = [move for move in options if not move.actions]
    spoken = [move for move in options if any(a[:3] in ("jod", "kot") for a in move.actions)]
    opened = [move for move in options if move not in spoken and move.actions]
    roll = rng.random()
    if spoken and roll < 0.015:
        return rng.choice(spoken)
    if opened and (roll > 0.5 or not plain):
        return rng.choice(opened)
    return rng.choice(plain or list(options))


def hand_record(state: State, moves: Sequence[Move], number: int, dealer_tag: bool) -> Hand:
    """The model of a played hand: deal lines, calls, the face-down card, tricks, pairs."""
    game = state.rules.name
    tags = [Tag(name="Hand", value=str(number))]
    if dealer_tag:
        tags.append(Tag(name="Dealer", value=str(state.dealer)))
    deals = [
        DealLine(
            seat=seat,
            cards=[DealtCard(card=CARDS[card]) for card in cards],
            split=GAMES[game].bid_split > 0,
        )
        for seat, cards in enumerate(state.deal, start=1)
    ]
    bids: list[Bid] = []
    trump: TrumpLine | None = None
    tricks: list[Trick] = []
    turns: list[Turn] = []
    pairs: list[PairLine] = []
    redeal: RedealLine | None = None
    size = state.players
    for move in moves:
        if move.kind == "bid" and move.call is not None:
            bids.append(Bid(seat=move.seat, call=move.call))
        elif move.kind == "trump":
            trump = TrumpLine(card=move.card)
        elif move.kind == "redeal":
            redeal = RedealLine(reason=_reason(move.reason))
        elif move.kind == "pair":
            pairs.append(PairLine(seat=move.seat, after_trick=len(tricks)))
        elif move.kind == "play":
            turns.append(Turn(seat=move.seat, actions=_actions(move.actions), card=move.card))
            if len(turns) == size or move.card is None:
                tricks.append(Trick(number=len(tricks) + 1, turns=turns))
                turns = []
    if turns:
        tricks.append(Trick(number=len(tricks) + 1, turns=turns))
    return Hand(
        tags=tags,
        deals=deals,
        bidding=Bidding(bids=bids),
        trump=trump,
        tricks=tricks,
        pairs=pairs,
        redeal=redeal,
    )


def _reason(reason: str | None) -> RedealReason:
    allowed: tuple[RedealReason, ...] = (
        "no-points",
        "no-trump",
        "same-suit",
        "four-jacks",
        "misdeal",
        "all-passed",
    )
    return next(word for word in allowed if word == reason)


def _actions(said: Sequence[str]) -> list[Action]:
    actions = []
    for token in said:
        kind, _, answer = token.partition("=")
        actions.append(Action(kind=_kind(kind), answer=None if not answer else answer == "yes"))
    return actions


def _kind(word: str) -> ActionKind:
    kinds: tuple[ActionKind, ...] = ("ask", "show", "jodi", "jodi?", "kot", "kot?")
    return next(kind for kind in kinds if kind == word)


def session_tags(game: str, switches: Mapping[str, str] | None) -> list[Tag]:
    players = GAMES[game].players
    tags = [
        Tag(name="Game", value=game),
        Tag(name="Players", value=", ".join(NAMES[:players])),
        Tag(name="Teams", value="Red, Blue"),
    ]
    if switches:
        tags.append(
            Tag(name="Rules", value=", ".join(f"{key}={value}" for key, value in switches.items()))
        )
    return tags


def random_session(
    game: str,
    rng: random.Random,
    hands: int,
    *,
    switches: Mapping[str, str] | None = None,
    first_dealer: int | None = None,
) -> Record:
    """A session of ``hands`` random legal hands; only the first hand writes its dealer."""
    return played_session(game, rng, hands, switches=switches, first_dealer=first_dealer)[0]


def played_session(
    game: str,
    rng: random.Random,
    hands: int,
    *,
    switches: Mapping[str, str] | None = None,
    first_dealer: int | None = None,
) -> tuple[Record, list[State]]:
    """A random session and the final state of each hand (to compare with a replay)."""
    players = GAMES[game].players
    dealer = first_dealer or rng.randint(1, players)
    written: list[Hand] = []
    states: list[State] = []
    for number in range(1, hands + 1):
        state = State.start(game, dealer, deal_cards(game, rng), switches)
        state, moves = play_out(state, rng)
        written.append(hand_record(state, moves, number, number == 1))
        states.append(state)
        if not (state.redeal and state.rules.redeal_same_dealer):
            dealer = dealer % players + 1
    return Record(tags=session_tags(game, switches), hands=written), states


def random_hand(
    game: str, rng: random.Random, *, switches: Mapping[str, str] | None = None
) -> Record:
    """A one-hand session of random legal play."""
    return random_session(game, rng, 1, switches=switches)
