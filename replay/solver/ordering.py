"""Which moves the search tries, and in what order: equal cards merged, likely best first.

Two cards of one hand are equal when they are of one suit, carry the same points and no card
still in play lies between them: whichever is played, every trick goes the same way, so one of
them is searched for both. The order is a guess (a sure winner led, a trick taken or fed); a good
guess makes the null-window probes cut off at the first move.
"""

from __future__ import annotations

from replay.solver.board import ASK, CARD, SHOW, Board

ACTIONS = ASK | SHOW


def ordered_moves(board: Board) -> list[int]:
    """The legal moves, one of each run of equal cards, likeliest best first."""
    moves = board.legal()
    if len(moves) == 1:
        return moves
    layout = board.layout
    points = layout.points
    suit_of = layout.suit_of
    power = layout.power
    gone = board.gone
    trick = board.trick
    scored: list[tuple[int, int]] = []
    previous = -1
    if not trick:
        live = ~gone
        stronger = layout.stronger
        for move in moves:
            card = move & CARD
            if previous >= 0 and _equal(previous, move, gone, suit_of, points):
                previous = move
                continue
            previous = move
            score = 100 + points[card] if not live & stronger[card] else -points[card]
            scored.append((score, move))
    else:
        players = board.players
        mover = (board.leader + len(trick)) % players
        ours = (board.leader + board.win) % players % 2 == mover % 2
        top = trick[board.win]
        top_suit = suit_of[top]
        top_power = power[top]
        trump = board.trump
        hidden = board.face_down >= 0
        for move in moves:
            card = move & CARD
            if previous >= 0 and _equal(previous, move, gone, suit_of, points):
                previous = move
                continue
            previous = move
            revealing = hidden and (move > CARD or card == board.face_down)
            card_trump = (revealing or not hidden) and suit_of[card] == trump
            top_trump = board.win_trump or (revealing and board.retro and top_suit == trump)
            if card_trump != top_trump:
                beats = card_trump
            else:
                beats = suit_of[card] == top_suit and power[card] > top_power
            if ours:
                score = points[card] - (20 if beats and move > CARD else 0)
            elif beats:
                score = 50 + points[card]
            else:
                score = -points[card]
            scored.append((score, move))
    if len(scored) == 1:
        return [scored[0][1]]
    scored.sort(key=_score, reverse=True)
    return [move for _, move in scored]


def _equal(
    previous: int, move: int, gone: int, suit_of: tuple[int, ...], points: tuple[int, ...]
) -> bool:
    """Whether ``move`` plays a card equal to ``previous``'s, with the same action."""
    card = move & CARD
    last = previous & CARD
    return (
        move & ACTIONS == previous & ACTIONS
        and suit_of[card] == suit_of[last]
        and points[card] == points[last]
        and not ((1 << card) - (1 << (last + 1))) & ~gone
    )


def _score(item: tuple[int, int]) -> int:
    return item[0]
