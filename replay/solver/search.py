"""Perfect-information search: null-window alpha-beta with a transposition table, after the DDS.

The value of a position is the card points the calling team ends the hand with (RULES.md §1; in 29
with the last-trick point), the callers maximising and the other team minimising. Each probe asks
"can the callers reach ``target``?"; probes halving the range give the exact value. Bounds on the
points still to come are kept per trick-start position (the table), with the move that did best
there; equal cards are searched once (``ordering``), and sure facts stop the search early
(``bounds``). In a hand of plain play (no undertaking, no early stop) every trick start, the trump
open or still face down, is handed to the same search written in C (``_endgame.c``, built with
the package when a compiler is there): nearly all of the nodes lie there, and each costs there a
small part of what it costs here.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Final

from replay.solver.board import Board
from replay.solver.bounds import last_round_value, static_bounds, trick_bounds
from replay.solver.ordering import equal_cards, ordered_moves
from replay.solver.position import Move, Position
from replay.solver.relative import relative_ranks

try:
    from replay.solver._endgame import Endgame

    NATIVE_ENDGAME = True
except ImportError:  # built without a C compiler: every trick is searched here
    NATIVE_ENDGAME = False

Key = tuple[int, ...]
Entry = list[int]
"""A table entry: bounds on the points still to come (low, high) and the move that did best
there (``NO_LEAD`` until one did), shared by every exact position with the same relative key."""
NO_LEAD: Final = -1


@dataclass(frozen=True)
class Solution:
    """A position's value and every move that keeps it, with the nodes the search visited."""

    value: int
    best: tuple[Move, ...]
    nodes: int


class Solver:
    """Searches one board; the table of bounds is kept between probes and as play goes on."""

    def __init__(self, position: Position, native: bool = True) -> None:
        self.board = Board(position)
        self.relative = relative_ranks(self.board.layout)
        self.endgame = _endgame(self.board) if native else None
        """The search in C of the tricks from a trick start (``_endgame.c``), when it is built
        and the hand is plain play (no undertaking, no early stop): the same values, several
        times faster."""
        self.entries: dict[Key, Entry] = {}
        """Per exact trick-start position, its entry (found through ``table`` once)."""
        self.table: dict[Key, Entry] = {}
        """Per relative key, the entry: shared with the solvers of other deals (``sharing``)."""
        self.nodes = 0

    def value(
        self, guess: int | None = None, floor: int | None = None, ceiling: int | None = None
    ) -> int:
        """The callers' final card points with best play by both sides from here.

        Null-window probes close in on the value from both sides, the first at ``guess``
        when one is given, then halfway between the bounds found so far; ``floor`` and
        ``ceiling`` are bounds the caller already knows to hold.
        """
        board = self.board
        low = board.taken
        high = low + (0 if board.over else board.left)
        low = low if floor is None else max(low, min(floor, high))
        high = high if ceiling is None else min(high, max(ceiling, low))
        beta = (low + high + 1) // 2 if guess is None else min(max(guess, low + 1), high)
        with collector_paused():
            while low < high:
                value = self._search(beta - 1, beta)
                if value >= beta:
                    low = value
                else:
                    high = value
                beta = (low + high + 1) // 2
        return low

    def reaches(self, target: int) -> bool:
        """Whether the callers can end with at least ``target`` points against best defence."""
        with collector_paused():
            return self._search(target - 1, target) >= target

    def solve(self) -> Solution:
        """The value and every legal move (equal cards included) that keeps it."""
        start = self.nodes
        value = self.value()
        return Solution(value, self.moves_keeping(value), self.nodes - start)

    def moves_keeping(self, value: int) -> tuple[Move, ...]:
        """The legal moves after which the side to move still gets ``value`` (or better); equal
        cards are probed once."""
        board = self.board
        if board.over:
            return ()
        maximising = board.to_move % 2 == board.callers
        layout = board.layout
        kept = []
        previous = -1
        keeps = False
        for move in board.legal():
            if previous < 0 or not equal_cards(
                previous, move, board.gone, layout.suit_of, layout.points
            ):
                board.play(move)
                keeps = self.reaches(value) if maximising else not self.reaches(value + 1)
                board.undo()
            previous = move
            if keeps:
                kept.append(board.move_of(move))
        return tuple(kept)

    def sharing(self, position: Position) -> Solver:
        """A solver for another deal of the same game, trump suit and undertaking, sharing this
        one's tables (their keys hold everything else that differs)."""
        other = Solver(position, native=False)
        board = self.board
        same = (other.board.trump, other.board.undertaking, other.board.table)
        if same != (board.trump, board.undertaking, board.table) or other.board.call != board.call:
            raise ValueError("only a deal of the same game, trump and call can share tables")
        other.table = self.table
        if self.endgame is not None:
            same_caller = other.board.caller == board.caller
            other.endgame = self.endgame if same_caller else _endgame(other.board)
        return other

    def value_after(self, move: Move, worse_than: int | None = None) -> int:
        """The value once ``move`` is played (it must be legal); ``worse_than`` is a value the
        move is known not to keep, for the side that plays it."""
        board = self.board
        floor = ceiling = None
        if worse_than is not None:
            if board.to_move % 2 == board.callers:
                ceiling = worse_than - 1
            else:
                floor = worse_than + 1
        board.play(board.encode(move))
        try:
            return self.value(ceiling if ceiling is not None else floor, floor, ceiling)
        finally:
            board.undo()

    def is_legal(self, move: Move) -> bool:
        board = self.board
        return not board.over and board.encode(move) in board.legal()

    def advance(self, move: Move) -> None:
        """Play a legal move for good, keeping the table for the positions that follow."""
        if not self.is_legal(move):
            raise ValueError(f"{move.token} is not legal here")
        self.board.play(self.board.encode(move))
        self.board.forget()

    def _entry(self) -> Entry:
        """The table entry of a trick start, remembered per exact position: one lookup of a
        short key a node, the relative key (it costs more) worked out once per position."""
        board = self.board
        exact = (board.leader, board.face_down, board.first_suit, *board.hands)
        if board.stop_target:
            exact += (board.taken, board.others)
        entry = self.entries.get(exact)
        if entry is None:
            key = self._relative_key()
            entry = self.table.get(key)
            if entry is None:
                low, high = static_bounds(board)
                entry = self.table[key] = [low, high, NO_LEAD]
            self.entries[exact] = entry
        return entry

    def _relative_key(self) -> Key:
        """Who leads, then each suit in relative ranks (``replay.solver.relative``)."""
        board = self.board
        relative = self.relative
        places = relative.places
        width = relative.width
        chunk = (1 << width) - 1
        live = ~board.gone
        face_down = board.face_down
        key = [board.leader, board.first_suit, face_down]
        if board.stop_target:
            key += (board.taken, board.others)
        for shift in range(0, 4 * width, width):
            alive = live >> shift & chunk
            key.append(relative.pattern[alive])
            base = alive << width
            for hand in board.hands:
                key.append(places[base | hand >> shift & chunk])
            if face_down >= 0 and shift <= face_down < shift + width:
                key[2] = places[base | 1 << (face_down - shift)]
        return tuple(key)

    def _search(self, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta: the exact value when it lies strictly between ``alpha`` and
        ``beta``, else a bound on the same side of the window."""
        board = self.board
        self.nodes += 1
        taken = board.taken
        if board.ended or taken >= beta:
            return taken
        high = taken + board.left
        if high <= alpha:
            return high
        low = taken
        entry: Entry | None = None
        if board.trick:
            if board.face_down < 0:
                low, high = trick_bounds(board, low, high)
        elif board.count == board.players and (board.retro or board.face_down < 0):
            return last_round_value(board)
        elif self.endgame is not None:
            return taken + self.endgame.search(
                board.hands, board.leader, alpha - taken, beta - taken, board.face_down
            )
        else:
            entry = self._entry()
            low, high = taken + entry[0], taken + entry[1]
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        moves = ordered_moves(board)
        if entry is not None:
            first = entry[2]
            if first != NO_LEAD and first != moves[0] and first in moves:
                moves.remove(first)
                moves.insert(0, first)
        chosen = moves[0]
        if (board.leader + len(board.trick)) % board.players % 2 == board.callers:
            best = low
            for move in moves:
                board.play(move)
                value = self._search(alpha if alpha > best else best, beta)
                board.undo()
                if value > best:
                    best = value
                    chosen = move
                    if best >= beta:
                        break
        else:
            best = high
            for move in moves:
                board.play(move)
                value = self._search(alpha, beta if beta < best else best)
                board.undo()
                if value < best:
                    best = value
                    chosen = move
                    if best <= alpha:
                        break
        if entry is not None:
            entry[2] = chosen
            if best > alpha and best - taken > entry[0]:
                entry[0] = best - taken
            if best < beta and best - taken < entry[1]:
                entry[1] = best - taken
        return best


def _endgame(board: Board) -> Endgame | None:
    """The C search of the board's tricks from their starts, with the caller's seat and the rules
    of the hidden trump (``None`` when it is not built, or for a hand with an undertaking or an
    early stop, whose play it does not know)."""
    if not NATIVE_ENDGAME or board.undertaking or board.stop_target or board.starting_rule:
        return None
    layout = board.layout
    return Endgame(
        board.players,
        board.caller,
        board.trump,
        bytes(layout.suit_of),
        bytes(layout.power),
        bytes(layout.points),
        board.bonus,
        retro=board.retro,
        free_lead=board.free_lead,
        no_hidden_discard=board.no_hidden_discard,
        cuts_with_face_down=board.cuts_with_face_down,
        show_on_trump_lead=board.show_on_trump_lead,
    )


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector stopped for a search, or for a whole analysis around many: the
    search makes millions of small objects and no cycles, and each collection walked the growing
    tables (about a twentieth of the time inside the search, a thirtieth more between searches,
    where building the moves' names set it off). Nested uses leave it to the outermost."""
    running = gc.isenabled()
    if running:
        gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


def solve(position: Position) -> Solution:
    """The value of a position and every move that keeps it."""
    return Solver(position).solve()
