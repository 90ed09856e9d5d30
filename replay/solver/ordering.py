"""Which moves the search tries, and in what order: equal cards merged, likely best first.

Two cards of one hand are equal when they are of one suit, carry the same points and no card
still in play lies between them: whichever is played, every trick goes the same way, so one of
them is searched for both. The order is a guess (a sure winner led, a trick taken or fed); a good
guess makes the null-window probes cut off at the first move.
"""

from __future__ import annotations

from replay.solver.board import ASK, CARD, SHOW, Board

ACTIONS = ASK | SHOW
RANK = 1 << 16
"""Scores are packed above the move's place in the list, so that sorting plain integers keeps
equal scores in card order."""


def ordered_moves(board: Board) -> list[int]:
    """The legal moves, one of each run of equal cards, likeliest best first."""
    moves = board.legal()
    if len(moves) == 1:
        return moves
    layout = board.layout
    points = layout.points
    suit_of = layout.suit_of
    gone = board.gone
    trick = board.trick
    packed: list[int] = []
    previous = -1
    if not trick:
        live = ~gone
        stronger = layout.stronger
        for place, move in enumerate(moves):
            card = move & CARD
            if previous >= 0 and equal_cards(previous, move, gone, suit_of, points):
                previous = move
                continue
            previous = move
            score = 100 + points[card] if not live & stronger[card] else -points[card]
            packed.append((200 - score) * RANK + place)
    else:
        power = layout.power
        ours = (len(trick) - board.win) % 2 == 0  # the mover's team is winning the trick
        top = trick[board.win]
        top_suit = suit_of[top]
        top_power = power[top]
        trump = board.trump
        face_down = board.face_down
        hidden = face_down >= 0
        retro_top = board.retro and top_suit == trump
        for place, move in enumerate(moves):
            card = move & CARD
            if previous >= 0 and equal_cards(previous, move, gone, suit_of, points):
                previous = move
                continue
            previous = move
            revealing = hidden and (move > CARD or card == face_down)
            card_trump = (revealing or not hidden) and suit_of[card] == trump
            top_trump = board.win_trump or (revealing and retro_top)
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
            packed.append((200 - score) * RANK + place)
    if len(packed) == 1:
        return [moves[packed[0] % RANK]]
    packed.sort()
    return [moves[code % RANK] for code in packed]


def equal_cards(
    previous: int, move: int, gone: int, suit_of: tuple[int, ...], points: tuple[int, ...]
) -> bool:
    """Whether ``move`` plays a card equal to the one ``previous`` plays, with the same action
    (``previous`` comes just before it in ``Board.legal``'s card order)."""
    card = move & CARD
    last = previous & CARD
    return (
        move & ACTIONS == previous & ACTIONS
        and suit_of[card] == suit_of[last]
        and points[card] == points[last]
        and not ((1 << card) - (1 << (last + 1))) & ~gone
    )
