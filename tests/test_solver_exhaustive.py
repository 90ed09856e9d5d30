"""The solver against a plain exhaustive search on hundreds of random endings and tiny hands.

The oracle is minimax over every legal move with no pruning, no table and no merging of equal
cards; the solver's value and its best moves must be exactly the oracle's.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from recorder.cards import Call, CallKind
from recorder.games import GAMES
from replay.solver import Position, Solver, TableRules
from replay.solver.board import Board
from replay.solver.deal import random_call, random_ending

TABLES = [
    TableRules(),
    TableRules(retro_trump=False),
    TableRules(three_rank="equal-first"),
    TableRules(three_rank="above-jack"),
    TableRules(last_trick=False),
]


def exhaustive_value(board: Board) -> int:
    """Minimax over every legal move, to the end of the hand."""
    if board.over:
        return board.taken
    maximising = board.to_move % 2 == board.callers
    values = []
    for move in board.legal():
        board.play(move)
        values.append(exhaustive_value(board))
        board.undo()
    return max(values) if maximising else min(values)


def exhaustive_best(position: Position) -> tuple[int, set[str]]:
    """The oracle's value and the moves that keep it, as TGN tokens."""
    board = Board(position)
    maximising = board.to_move % 2 == board.callers
    scores = {}
    for move in board.legal():
        board.play(move)
        scores[board.move_of(move).token] = exhaustive_value(board)
        board.undo()
    value = max(scores.values()) if maximising else min(scores.values())
    return value, {token for token, score in scores.items() if score == value}


def check_against_oracle(position: Position) -> None:
    value, best = exhaustive_best(position)
    solution = Solver(position).solve()
    assert solution.value == value, position
    assert {move.token for move in solution.best} == best, position


def random_table(game: str, rng: random.Random) -> TableRules:
    table = rng.choice(TABLES)
    return table if game == "40" or table.three_rank == "below-jack" else TableRules()


@pytest.mark.parametrize("game", ["40", "28", "29"])
@pytest.mark.parametrize("tricks", [1, 2, 3])
def test_random_endings_match_the_exhaustive_search(game: str, tricks: int) -> None:
    rng = random.Random(f"{game}-{tricks}")
    players = GAMES[game].players
    count = {1: 40, 2: 30, 3: 12 if players == 6 else 25}[tricks]
    for _ in range(count):
        cards = tricks * players - rng.randrange(players)
        thani = game != "29" and rng.random() < 0.15
        check_against_oracle(
            random_ending(game, rng, cards, thani=thani, table=random_table(game, rng))
        )


@pytest.mark.parametrize("game", ["40", "28"])
def test_endings_under_jodi_or_kott_match_the_exhaustive_search(game: str) -> None:
    rng = random.Random(f"undertaking-{game}")
    special = "jodi" if game == "40" else "kot"
    for _ in range(30):
        position = random_ending(game, rng, rng.choice([6, 9, 12]))
        check_against_oracle(replace(position, special=special))


def tiny_deal(game: str, rng: random.Random, size: int, thani: bool = False) -> Position:
    """A whole hand of ``size`` cards each from a shuffled pack, before any card: the caller
    puts one of his face down, or leads a Thani."""
    spec = GAMES[game]
    pack = list(spec.pack)
    rng.shuffle(pack)
    caller = rng.randint(1, spec.players)
    dealt = []
    for seat in range(spec.players):
        dealt.append(frozenset(pack[seat * size : (seat + 1) * size]))
    table = random_table(game, rng)
    if thani:
        call = Call(CallKind.THANI, 1000)
        return Position.deal(game, tuple(dealt), caller, call, None, caller, table)
    face_down = rng.choice(sorted(dealt[caller - 1], key=lambda card: card.code))
    leader = rng.randint(1, spec.players)
    return Position.deal(
        game, tuple(dealt), caller, random_call(game, rng), face_down, leader, table
    )


@pytest.mark.parametrize("game", ["40", "28", "29"])
def test_tiny_whole_hands_match_the_exhaustive_search(game: str) -> None:
    rng = random.Random(f"tiny-{game}")
    for _ in range(25):
        check_against_oracle(tiny_deal(game, rng, 2))
    for _ in range(5 if game != "29" else 15):
        check_against_oracle(tiny_deal(game, rng, 3))


def test_tiny_thani_hands_match_the_exhaustive_search() -> None:
    rng = random.Random("tiny-thani")
    for game in ("40", "28"):
        for _ in range(15):
            check_against_oracle(tiny_deal(game, rng, 3, thani=True))
