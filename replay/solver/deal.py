"""Random deals and random endings for tests and benchmarks of the solver, from a seeded ``Random``.

A deal shuffles the game's pack, picks a dealer, a caller, a call and the face-down card; an ending
plays random legal moves from such a deal until only the asked number of cards is left.
"""

from __future__ import annotations

from random import Random

from recorder.cards import Call, CallKind
from recorder.games import GAMES
from replay.solver.board import Board
from replay.solver.position import Position
from replay.solver.rules import TableRules


def random_call(game: str, rng: Random) -> Call:
    """A call the game allows (Thani aside): a number, or Honours where the game has them."""
    spec = GAMES[game]
    value = rng.randint(spec.min_bid, spec.max_bid)
    if spec.honours and value >= 30:
        return Call(CallKind.HONOURS, value)
    return Call(CallKind.NUMBER, value)


def random_deal(
    game: str, rng: Random, *, thani: bool = False, table: TableRules | None = None
) -> Position:
    """A shuffled deal before the first card, with a random caller, call and face-down card."""
    spec = GAMES[game]
    pack = list(spec.pack)
    rng.shuffle(pack)
    size = spec.hand_size
    dealt = tuple(frozenset(pack[i * size : (i + 1) * size]) for i in range(spec.players))
    dealer = rng.randint(1, spec.players)
    caller = rng.randint(1, spec.players)
    if thani:
        thani_call = Call(CallKind.THANI, 1000)
        return Position.deal(game, dealt, caller, thani_call, None, caller, table)
    face_down = rng.choice(sorted(dealt[caller - 1], key=lambda card: card.code))
    leader = dealer % spec.players + 1
    return Position.deal(game, dealt, caller, random_call(game, rng), face_down, leader, table)


def random_ending(
    game: str,
    rng: Random,
    cards_left: int,
    *,
    thani: bool = False,
    table: TableRules | None = None,
) -> Position:
    """A position with ``cards_left`` cards still to play, reached by random legal play.

    Deals again until the random play reaches that point before the hand ends.
    """
    while True:
        board = Board(random_deal(game, rng, thani=thani, table=table))
        while board.count > cards_left and not board.ended:
            board.play(rng.choice(board.legal()))
        if not board.ended and board.count == cards_left:
            return board.position()
