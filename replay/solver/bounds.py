"""Sure facts about the value that need no search: the forced last round, and cheap bounds.

Once the trump is open (or in a Thani, which has none) two things hold whatever is played next: a
run of top trumps held by one team will take their own points, and a trick that nobody still to
play can take from its winner goes with its points to the winner's team.
"""

from __future__ import annotations

from replay.solver.board import Board


def last_round_value(board: Board) -> int:
    """The final value when every player holds one card and the trick has not begun.

    Only valid with the trump open, absent, or under ``retro-trump`` (the caller's last card
    then opens it within the trick and every trump-suit card of the trick counts as a trump).
    """
    layout = board.layout
    suit_of = layout.suit_of
    power = layout.power
    players = board.players
    trump = board.trump
    winner = board.leader
    top = -1
    top_trump = False
    points = board.bonus
    for step in range(players):
        seat = (board.leader + step) % players
        hand = board.hands[seat]
        card = hand.bit_length() - 1 if hand else board.face_down
        points += layout.points[card]
        card_trump = suit_of[card] == trump
        if top < 0:
            beats = True
        elif card_trump != top_trump:
            beats = card_trump
        else:
            beats = suit_of[card] == suit_of[top] and power[card] > power[top]
        if beats:
            winner, top, top_trump = seat, card, card_trump
    if winner % 2 != board.callers or (board.undertaking == "caller" and winner != board.caller):
        return board.taken
    return board.taken + points


def top_trump_points(board: Board) -> tuple[int, int]:
    """Card points of the top trumps each team is sure to take: (callers, other team).

    Only while the trump is open and no trick is on the table; the run stops at the first trump
    held by the other team (a tie under ``equal-first`` counts only when one team holds all of it).
    """
    if board.trump < 0 or board.face_down >= 0 or board.trick:
        return 0, 0
    layout = board.layout
    trumps = board.tmask & ~board.gone
    if not trumps:
        return 0, 0
    owners = {}
    for seat, hand in enumerate(board.hands):
        for bit in board.bits(hand & trumps):
            owners[bit] = seat % 2
    order = board.bits(trumps)
    team = owners[order[0]]
    sure = 0
    for place, bit in enumerate(order):
        if owners[bit] != team:
            if layout.power[bit] == layout.power[order[place - 1]]:
                sure -= layout.points[order[place - 1]]
            break
        sure += layout.points[bit]
    return (sure, 0) if team == board.callers else (0, sure)


def cashed_points(board: Board) -> int:
    """Card points the leader's team is sure to take by leading out the leader's top trumps.

    The trump must be open and the leader must hold the highest live trumps: each such lead wins
    its trick, partners feed the most points they legally can and opponents the fewest.
    """
    if board.trump < 0 or board.face_down >= 0 or board.trick:
        return 0
    layout = board.layout
    points = layout.points
    tmask = board.tmask
    hands = board.hands
    leader = board.leader
    others = 0
    for seat, hand in enumerate(hands):
        if seat != leader:
            others |= hand
    mine = hands[leader] & tmask
    run = 0
    for bit in board.bits(mine | (others & tmask)):
        if not mine >> bit & 1:
            break
        run += 1
    if not run:
        return 0
    cashed = sum(points[bit] for bit in board.bits(mine)[:run])
    for step in range(1, board.players):
        seat = (leader + step) % board.players
        hand = hands[seat]
        trumps = sorted((points[bit] for bit in board.bits(hand & tmask)), reverse=step % 2 == 0)
        rest = sorted((points[bit] for bit in board.bits(hand & ~tmask)), reverse=step % 2 == 0)
        cashed += sum((trumps + rest)[:run])
    if run == hands[leader].bit_count():
        cashed += board.bonus
    return cashed


def static_bounds(board: Board) -> tuple[int, int]:
    """Bounds on the points the callers still take, at a trick start, before any search.

    The callers' sure points count only when nothing can end the hand before they are taken.
    """
    callers_sure, others_sure = top_trump_points(board)
    cashed = cashed_points(board)
    if board.leader % 2 == board.callers:
        callers_sure = max(callers_sure, cashed)
    else:
        others_sure = max(others_sure, cashed)
    if board.undertaking or board.stop_target:
        callers_sure = 0
    return callers_sure, board.left - others_sure


def decided_winner(board: Board) -> int:
    """The seat index whose card must win the trick on the table, or -1 when it is still open.

    Only with the trump open or absent, so that no reveal can change which cards are trumps.
    """
    trick = board.trick
    if board.face_down >= 0 or (board.reveal_at > 0 and not board.retro):
        return -1
    layout = board.layout
    led = layout.suit_masks[layout.suit_of[trick[0]]]
    tmask = board.tmask
    stronger = layout.stronger[trick[board.win]]
    hands = board.hands
    players = board.players
    leader = board.leader
    for step in range(len(trick), players):
        hand = hands[(leader + step) % players]
        follows = hand & led
        if board.win_trump:
            if (not follows or led == tmask) and hand & stronger:
                return -1
        elif follows & stronger or (not follows and hand & tmask):
            return -1
    return (leader + board.win) % players


def trick_bounds(board: Board, low: int, high: int) -> tuple[int, int]:
    """Narrow the bounds on the final value when the trick on the table is decided."""
    seat = decided_winner(board)
    if seat < 0:
        return low, high
    taken = board.taken
    table = board.table_points
    if board.count == board.players - len(board.trick):
        table += board.bonus
    if seat % 2 == board.callers and not (board.undertaking == "caller" and seat != board.caller):
        if not board.starting_rule:
            low = max(low, taken + table)
    elif board.undertaking:
        high = taken
    else:
        high = min(high, taken + board.left - table)
    return low, high
