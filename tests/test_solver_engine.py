"""The solver's move generator against the rules engine's ``legal_moves`` on random positions.

The engine's full-information ``State`` plays random legal hands; at every card the solver, given
the same position, must allow exactly the engine's card moves (Jodi and Kott speech aside, which
the solver takes as part of the position, not as moves).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from recorder.cards import SUITS, CallKind
from recorder.games import GAMES
from replay.solver import Move, Position, TableRules, legal_moves, play
from replay.tricks.deck import CARDS
from replay.tricks.simulate import deal_cards
from replay.tricks.table import Move as EngineMove
from replay.tricks.table import State
from replay.tricks.table import legal_moves as engine_moves

SWITCHES = [
    {},
    {"retro-trump": "no"},
    {"three-rank": "equal-first"},
    {"three-rank": "above-jack"},
    {"thani-lead": "normal"},
    {"last-trick": "0"},
]


def position_of(state: State, reveal_place: int | None) -> Position:
    """The engine's state in the solver's terms; ``reveal_place`` is where in the current trick
    the trump was revealed (the engine keeps only the trick)."""
    assert state.caller is not None and state.call is not None
    players = state.players
    callers = state.team(state.caller)
    points = (state.points[callers], state.points[1 - callers])
    hidden = state.hidden and state.face_down is not None
    return Position(
        game=state.rules.name,
        hands=tuple(
            frozenset(CARDS[c] for c in state.hand(seat)) for seat in range(1, players + 1)
        ),
        caller=state.caller,
        call=state.call,
        trump=None if state.trump is None else SUITS[state.trump],
        face_down=CARDS[state.face_down] if hidden and state.face_down is not None else None,
        leader=state.leader,
        trick=tuple(CARDS[card] for _, card, _ in state.plays),
        revealed_in_trick=reveal_place if state.revealed_in == state.trick else None,
        points=points,
        special=state.special,
        starting_suit=(
            SUITS[state.start_suit]
            if state.special == "thani" and state.start_suit is not None
            else None
        ),
        table=TableRules.from_rules(state.rules.name, state.switches),
    )


def solver_view(move: EngineMove) -> Move | None:
    """An engine card move as a solver move; ``None`` for speech the solver does not move by."""
    if move.kind != "play" or move.card is None:
        return None
    if any(action not in ("ask", "show") for action in move.actions):
        return None
    if "ask" in move.actions:
        return Move(move.card, "ask")
    if "show" in move.actions:
        return Move(move.card, "show")
    return Move(move.card)


def random_call(state: State, options: list[EngineMove], rng: random.Random) -> EngineMove:
    """A call chosen to reach every kind of hand: low numbers, Honours, Thani now and then."""
    calls = [move for move in options if move.call is not None and not move.call.is_pass]
    passes = [move for move in options if move.call is not None and move.call.is_pass]
    thani = [move for move in calls if move.call is not None and move.call.kind is CallKind.THANI]
    if not calls and not passes:
        return rng.choice(options)
    if thani and rng.random() < 0.04:
        return thani[0]
    if passes and (not calls or rng.random() < 0.6):
        return passes[0]
    if rng.random() < 0.15:
        return rng.choice(calls)
    return calls[0] if calls else options[0]


def agreeing_positions(game: str, seed: int, hands: int) -> Counter[str]:
    """Play ``hands`` random hands and compare the moves at every card; counts the positions
    compared by kind of call and trump state."""
    rng = random.Random(seed)
    compared: Counter[str] = Counter()
    for _ in range(hands):
        switches = rng.choice(SWITCHES)
        dealer = rng.randint(1, GAMES[game].players)
        state = State.start(game, dealer, deal_cards(game, rng), switches)
        reveal_place: int | None = None
        while True:
            options = engine_moves(state)
            if not options:
                break
            if state.phase == "calling":
                state = state.apply(random_call(state, options, rng))
                continue
            if state.phase != "play" or options[0].kind == "redeal":
                state = state.apply(rng.choice(options))
                continue
            expected = {view for view in map(solver_view, options) if view is not None}
            position = position_of(state, reveal_place)
            assert set(legal_moves(position)) == expected, (position, sorted(map(str, expected)))
            compared[position.call.kind.value] += 1
            compared["hidden" if position.hidden else "open"] += 1
            compared[position.special or "plain"] += 1
            plain = [move for move in options if solver_view(move) is not None]
            chosen = rng.choice(plain if plain and rng.random() < 0.97 else options)
            hidden = state.hidden
            place = len(state.plays)
            state = state.apply(chosen)
            if hidden and not state.hidden:
                reveal_place = place
            view = solver_view(chosen)
            if view is not None and position.special is None:
                after = play(position, view)
                assert after.points == position_of_points(state), (position, view)
                assert after.ended == (state.phase == "over")
    return compared


def position_of_points(state: State) -> tuple[int, int]:
    """The engine's card points as (callers, other team)."""
    assert state.caller is not None
    callers = state.team(state.caller)
    return state.points[callers], state.points[1 - callers]


@pytest.mark.parametrize("game", ["40", "28", "29"])
def test_moves_agree_with_the_engine_on_random_hands(game: str) -> None:
    compared = agreeing_positions(game, seed=int(game), hands=200)
    assert compared["hidden"] + compared["open"] > 3000
    assert compared["hidden"] > 300 and compared["open"] > 300
    if game != "29":
        assert compared["thani"] > 0
    if game == "40":
        assert compared["honours"] > 0 and compared["jodi"] > 0
    if game == "28":
        assert compared["kot"] > 0
