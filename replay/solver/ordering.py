"""Which moves the search tries, and in what order: equal cards merged, likely best first.

Two cards of one hand are equal when they are of one suit, carry the same points and no card
still in play lies between them: whichever is played, every trick goes the same way, so one of
them is searched for both. The order is a guess, and a good guess lets a null-window probe stop
at the first move: lead a sure winner, or a suit the partner can win or cut; in a trick the own
team is winning, cover when an opponent can still take it and feed points when none can; take a
trick from the other team when possible; otherwise throw the cheapest card.
"""

from __future__ import annotations

from typing import Final

from replay.solver.board import ASK, CARD, SHOW, Board

ACTIONS: Final = ASK | SHOW
RANK: Final = 1 << 16
"""Scores are packed above the move's place in the list, so that sorting plain integers keeps
equal scores in card order."""


def ordered_moves(board: Board) -> list[int]:
    """The legal moves, one of each run of equal cards, likeliest best first."""
    moves = board.legal()
    if len(moves) == 1:
        return moves
    packed = _lead_scores(board, moves) if not board.trick else _follow_scores(board, moves)
    if len(packed) == 1:
        return [moves[packed[0] % RANK]]
    packed.sort()
    return [moves[code % RANK] for code in packed]


def _lead_scores(board: Board, moves: list[int]) -> list[int]:
    layout = board.layout
    points = layout.points
    suit_of = layout.suit_of
    stronger = layout.stronger
    gone = board.gone
    live = ~gone
    players = board.players
    leader = board.leader
    partners = 0
    cutters = helpers = 0  # suits an opponent, or a partner, can cut for want of them
    for step in range(1, players):
        seat = (leader + step) % players
        hand = board.hands[seat]
        if not step % 2:
            partners |= hand
        if _can_cut(board, seat, hand):
            for suit in range(4):
                if not hand & layout.suit_masks[suit]:
                    if step % 2:
                        cutters |= 1 << suit
                    else:
                        helpers |= 1 << suit
    packed: list[int] = []
    previous = -1
    for place, move in enumerate(moves):
        card = move & CARD
        if previous >= 0 and equal_cards(previous, move, gone, suit_of, points):
            previous = move
            continue
        previous = move
        suit = suit_of[card]
        if live & stronger[card]:
            score = -points[card] + (30 if helpers >> suit & 1 else 0)
            top = live & layout.suit_masks[suit]
            if partners & top & -top and not cutters >> suit & 1:
                score += 20
        elif cutters >> suit & 1 and suit != board.trump:
            score = 50 + points[card]
        else:
            score = 100 + points[card]
        packed.append((200 - score) * RANK + place)
    return packed


def _follow_scores(board: Board, moves: list[int]) -> list[int]:
    layout = board.layout
    points = layout.points
    suit_of = layout.suit_of
    power = layout.power
    gone = board.gone
    trick = board.trick
    ours = (len(trick) - board.win) % 2 == 0  # the mover's team is winning the trick
    covered = ours and _opponent_can_beat(board)
    top = trick[board.win]
    top_suit = suit_of[top]
    top_power = power[top]
    trump = board.trump
    face_down = board.face_down
    hidden = face_down >= 0
    retro_top = board.retro and top_suit == trump
    packed: list[int] = []
    previous = -1
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
        if covered:
            score = power[card] if beats else -points[card]
        elif ours:
            score = points[card] - (20 if beats and move > CARD else 0)
        elif beats:
            score = 50 + points[card]
        else:
            score = -points[card]
        packed.append((200 - score) * RANK + place)
    return packed


def _can_cut(board: Board, seat: int, hand: int) -> bool:
    """Whether the seat holds a trump (the caller's face-down card counts)."""
    return bool(hand & board.tmask) or (seat == board.caller and board.face_down >= 0)


def _opponent_can_beat(board: Board) -> bool:
    """Whether a player of the other team still to play could take the trick from its winner."""
    layout = board.layout
    trick = board.trick
    led = layout.suit_masks[layout.suit_of[trick[0]]]
    tmask = board.tmask
    stronger = layout.stronger[trick[board.win]]
    players = board.players
    for step in range(len(trick) + 1, players, 2):
        seat = (board.leader + step) % players
        hand = board.hands[seat]
        follows = hand & led
        if board.win_trump:
            if (not follows or led == tmask) and hand & stronger:
                return True
        elif follows & stronger or (not follows and _can_cut(board, seat, hand)):
            return True
    return False


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
