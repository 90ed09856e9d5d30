"""The solver's fast position: hands as bitmasks, moves as integers, play and undo in place.

A move is ``card_bit | action`` (no action plays, ``ASK``/``SHOW`` reveal the trump first). The
legal moves are the rules engine's legal play (RULES.md §2, §5); the search walks them with
``play`` and ``undo`` so that no position is ever copied.
"""

from __future__ import annotations

from typing import Final

from recorder.cards import SUITS
from recorder.games import GAMES
from replay.solver.layout import Layout, bits, layout_for
from replay.solver.position import Move, Position
from replay.solver.rules import PLAY_RULES, UNDERTAKINGS

CARD: Final = 63
ASK: Final = 1 << 6
SHOW: Final = 2 << 6
NO_SUIT: Final = -1
ACTION_BITS = {None: 0, "ask": ASK, "show": SHOW}

Snapshot = tuple[int, int, int, int, int, int, int, int, bool, int, int, int, list[int]]
"""The mover's hand and everything a trick's last card or a reveal may change, for ``undo``."""
SNAPSHOT: Final = 1
WON_BY_TRUMP: Final = 2
"""``play`` keeps a small integer per move for ``undo``: the trick's winner so far (shifted by 2),
whether it is a trump, and whether a snapshot was kept (most moves need none)."""


class Board:
    """A mutable position for the search; ``position()`` gives the immutable value back.

    Seats are indices 0..N-1 here (seat number - 1); team parity is ``index % 2``.
    """

    __slots__ = (
        "_bits",
        "bonus",
        "call",
        "caller",
        "callers",
        "count",
        "cuts_with_face_down",
        "ended",
        "face_down",
        "first_suit",
        "free_lead",
        "game",
        "gone",
        "hands",
        "history",
        "layout",
        "leader",
        "left",
        "no_hidden_discard",
        "others",
        "players",
        "points",
        "power",
        "retro",
        "reveal_at",
        "show_on_trump_lead",
        "snapshots",
        "special",
        "starting_rule",
        "stop_target",
        "suit_of",
        "table",
        "table_points",
        "taken",
        "tmask",
        "trick",
        "trump",
        "undertaking",
        "win",
        "win_trump",
    )

    def __init__(self, position: Position) -> None:
        layout = layout_for(position.game, position.table.three_rank)
        rules = PLAY_RULES[position.game]
        self.layout: Layout = layout
        self.points = layout.points
        self.power = layout.power
        self.suit_of = layout.suit_of
        self.game = position.game
        self.table = position.table
        self.call = position.call
        self.special = position.special
        self.players = position.players
        self.hands = [layout.mask(hand) for hand in position.hands]
        self.caller = position.caller - 1
        self.callers = self.caller % 2
        self.trump = NO_SUIT if position.trump is None else SUITS.index(position.trump)
        self.tmask = 0 if position.trump is None else layout.suit_masks[self.trump]
        self.face_down = -1 if position.face_down is None else layout.bit(position.face_down)
        self.trick = [layout.bit(card) for card in position.trick]
        self.leader = position.leader - 1
        reveal = position.revealed_in_trick
        self.reveal_at = -1 if reveal is None else reveal
        self.retro = position.table.retro_trump
        self.taken, self.others = position.points
        self.ended = position.ended
        start = position.starting_suit
        self.first_suit = NO_SUIT if start is None else SUITS.index(start)
        undertaking = UNDERTAKINGS.get(position.special or "")
        self.undertaking = "" if undertaking is None else undertaking.winners
        self.starting_rule = rules.thani_starting_suit and self.undertaking == "caller"
        self.free_lead = rules.may_lead_hidden_trump(position.call)
        self.no_hidden_discard = rules.hidden_trump_discard
        self.cuts_with_face_down = rules.show_cuts_with_face_down
        self.show_on_trump_lead = rules.show_on_trump_lead
        self.stop_target = (position.call.number or 0) if rules.stops_early(position.call) else 0
        self.bonus = GAMES[position.game].last_trick_bonus if position.table.last_trick else 0
        live = self._live()
        self.gone = ((1 << (4 * layout.width)) - 1) & ~live
        points = layout.points
        self.left = sum(points[bit] for bit in bits(live)) + (self.bonus if live else 0)
        self.count = sum(hand.bit_count() for hand in self.hands) + (self.face_down >= 0)
        self.table_points = sum(layout.points[bit] for bit in self.trick)
        self.history: list[int] = []
        self.snapshots: list[Snapshot] = []
        self._bits: dict[int, tuple[int, ...]] = {}
        self.win = self.winner(self.trick) if self.trick else 0
        self.win_trump = bool(self.trick) and self._counts_as_trump(self.win)

    def _live(self) -> int:
        mask = 0
        for hand in self.hands:
            mask |= hand
        for bit in self.trick:
            mask |= 1 << bit
        if self.face_down >= 0:
            mask |= 1 << self.face_down
        return mask

    @property
    def to_move(self) -> int:
        """The index (seat - 1) of the player whose turn it is."""
        return (self.leader + len(self.trick)) % self.players

    @property
    def over(self) -> bool:
        """Whether the hand has ended: every card played, or stopped early."""
        return self.ended or not self.count

    def bits(self, mask: int) -> tuple[int, ...]:
        """The set bits of a mask, strongest card first (remembered: hands repeat endlessly)."""
        found = self._bits.get(mask)
        if found is None:
            found = self._bits[mask] = tuple(bits(mask))
        return found

    def legal(self) -> list[int]:
        """Every legal move of the player to move, as move integers, each kind in card order."""
        trick = self.trick
        seat = (self.leader + len(trick)) % self.players
        hand = self.hands[seat]
        face_down = self.face_down
        tmask = self.tmask
        if not trick:
            if seat == self.caller and face_down >= 0:
                if not hand:
                    return [face_down]
                if not self.free_lead and hand & ~tmask:
                    hand &= ~tmask
            return [*self.bits(hand)]
        layout = self.layout
        follow = hand & layout.suit_masks[layout.suit_of[trick[0]]]
        if follow:
            return [*self.bits(follow)]
        if face_down < 0:
            return [*self.bits(hand)]
        if seat != self.caller:
            return [*self.bits(hand), *[ASK | bit for bit in self.bits(hand & tmask or hand)]]
        if not hand:
            return [face_down]
        trump_led = layout.suit_of[trick[0]] == self.trump
        discards = hand & ~tmask if self.no_hidden_discard and not trump_led else hand
        moves = [*self.bits(discards)]
        if not trump_led or self.show_on_trump_lead:
            cuts = 1 << face_down
            if not self.cuts_with_face_down:
                cuts |= hand & tmask
            moves += [SHOW | bit for bit in self.bits(cuts)]
        return moves

    def _snapshot(self, seat: int) -> Snapshot:
        return (
            self.hands[seat],
            self.hands[self.caller],
            self.leader,
            self.reveal_at,
            self.face_down,
            self.taken,
            self.others,
            self.left,
            self.ended,
            self.first_suit,
            self.gone,
            self.table_points,
            self.trick,
        )

    def play(self, move: int) -> None:
        """Play a legal move; ``undo`` takes it back."""
        card = move & CARD
        trick = self.trick
        place = len(trick)
        seat = (self.leader + place) % self.players
        hands = self.hands
        face_down = self.face_down
        revealed = face_down >= 0 and (move > CARD or card == face_down)
        last = place + 1 == self.players
        win = self.win
        win_trump = self.win_trump
        saved = win << 2 | (WON_BY_TRUMP if win_trump else 0)
        if last or revealed or self.starting_rule:
            self.snapshots.append(self._snapshot(seat))
            saved |= SNAPSHOT
        self.history.append(saved)
        if revealed:
            hands[self.caller] |= 1 << face_down
            self.face_down = face_down = -1
            self.reveal_at = place
        hands[seat] &= ~(1 << card)
        trick.append(card)
        self.count -= 1
        self.table_points += self.points[card]
        suit = self.suit_of[card]
        trumps = suit == self.trump and face_down < 0
        if not place:
            if self.starting_rule and seat == self.caller and self.first_suit < 0:
                self.first_suit = suit
            self.win = 0
            self.win_trump = trumps
        elif revealed and self.retro:
            self.win = self.winner(trick)
            self.win_trump = self._counts_as_trump(self.win)
        elif trumps:
            if not win_trump or self.power[card] > self.power[trick[win]]:
                self.win = place
                self.win_trump = True
        elif (
            not win_trump
            and suit == self.suit_of[trick[win]]
            and self.power[card] > self.power[trick[win]]
        ):
            self.win = place
        if last:
            self._finish_trick()

    def undo(self) -> None:
        """Take back the last move played."""
        saved = self.history.pop()
        self.win = saved >> 2
        self.win_trump = bool(saved & WON_BY_TRUMP)
        self.count += 1
        if saved & SNAPSHOT:
            (
                hand,
                self.hands[self.caller],
                self.leader,
                self.reveal_at,
                self.face_down,
                self.taken,
                self.others,
                self.left,
                self.ended,
                self.first_suit,
                self.gone,
                self.table_points,
                self.trick,
            ) = self.snapshots.pop()
            self.trick.pop()
            self.hands[(self.leader + len(self.trick)) % self.players] = hand
        else:
            card = self.trick.pop()
            self.table_points -= self.points[card]
            self.hands[(self.leader + len(self.trick)) % self.players] |= 1 << card

    def forget(self) -> None:
        """Make the moves played so far final: ``undo`` can no longer take them back."""
        self.history.clear()
        self.snapshots.clear()

    def _counts_as_trump(self, place: int) -> bool:
        """Whether the card at ``place`` in the current trick counts as a trump."""
        if self.trump < 0 or self.face_down >= 0:
            return False
        if self.layout.suit_of[self.trick[place]] != self.trump:
            return False
        return self.retro or place >= self.reveal_at

    def winner(self, trick: list[int]) -> int:
        """The place in ``trick`` of the card that wins it, under the current trump state."""
        layout = self.layout
        suit_of = layout.suit_of
        power = layout.power
        trump = self.trump if self.face_down < 0 else NO_SUIT
        trump_from = self.reveal_at if self.reveal_at > 0 and not self.retro else 0
        best = 0
        top = trick[0]
        top_trump = trump >= 0 and suit_of[top] == trump and trump_from == 0
        for place in range(1, len(trick)):
            card = trick[place]
            if trump >= 0 and suit_of[card] == trump and place >= trump_from:
                if not top_trump or power[card] > power[top]:
                    best, top, top_trump = place, card, True
            elif not top_trump and suit_of[card] == suit_of[top] and power[card] > power[top]:
                best, top = place, card
        return best

    def _finish_trick(self) -> None:
        trick = self.trick
        seat = (self.leader + self.win) % self.players
        callers_card = trick[(self.caller - self.leader) % self.players]
        points = self.table_points
        gone = self.gone
        for card in trick:
            gone |= 1 << card
        self.gone = gone
        self.left -= points
        if not self.count:
            points += self.bonus
            self.left -= self.bonus
        self.trick = []
        self.table_points = 0
        self.reveal_at = -1
        self.leader = seat
        team = seat % 2
        if self.undertaking and self._undertaking_lost(seat, team, callers_card):
            self.ended = True
            return
        if team == self.callers:
            self.taken += points
        else:
            self.others += points
        stop = self.stop_target
        if not self.count or (
            stop and (self.taken >= stop or self.others > self.layout.total_points - stop)
        ):
            self.ended = True

    def _undertaking_lost(self, seat: int, team: int, callers_card: int) -> bool:
        """Whether the round just won breaks the undertaking (RULES.md §6)."""
        if self.undertaking == "team":
            return team != self.callers
        if seat != self.caller:
            return True
        if not self.starting_rule or self.layout.suit_of[callers_card] != self.first_suit:
            return False
        suit = self.layout.suit_masks[self.first_suit]
        others = 0
        for index, hand in enumerate(self.hands):
            if index != self.caller:
                others |= hand
        return not self.hands[self.caller] & suit and bool(others & suit)

    def move_of(self, move: int) -> Move:
        card = self.layout.cards[move & CARD]
        if move & ASK:
            return Move(card, "ask")
        if move & SHOW:
            return Move(card, "show")
        return Move(card)

    def encode(self, move: Move) -> int:
        """The integer of a ``Move`` (legal or not)."""
        return self.layout.bit(move.card) | ACTION_BITS[move.action]

    def position(self) -> Position:
        """The immutable position this board stands at."""
        layout = self.layout
        cards = layout.cards
        return Position(
            game=self.game,
            hands=tuple(layout.cards_of(hand) for hand in self.hands),
            caller=self.caller + 1,
            call=self.call,
            trump=None if self.trump < 0 else SUITS[self.trump],
            face_down=None if self.face_down < 0 else cards[self.face_down],
            leader=self.leader + 1,
            trick=tuple(cards[bit] for bit in self.trick),
            revealed_in_trick=None if self.reveal_at < 0 else self.reveal_at,
            points=(self.taken, self.others),
            special=self.special,
            starting_suit=None if self.first_suit < 0 else SUITS[self.first_suit],
            table=self.table,
            ended=self.ended,
        )


def legal_moves(position: Position) -> tuple[Move, ...]:
    """Every legal move at a position (none once the hand is over)."""
    board = Board(position)
    if board.over:
        return ()
    return tuple(board.move_of(move) for move in board.legal())


def play(position: Position, move: Move) -> Position:
    """The position after a move; raises ValueError when the move is not legal there."""
    board = Board(position)
    encoded = board.encode(move)
    if board.over or encoded not in board.legal():
        raise ValueError(f"{move.token} is not legal here")
    board.play(encoded)
    return board.position()
