"""What a seat knew at each of its decisions: its own cards, the play, the voids and the trump.

The table's one definition of a seat's sight is ``TableState.view(seat)`` (``replay.tricks.state``):
the seat's own cards, every card played, the calls, the trump once revealed (the caller always) and
the face-down card while it is the caller's secret. ``Sight`` reads that view at the moment a seat's
turn begins and adds what follows from the public play: the suits a seat has shown it lacks (it did
not follow; it asked and did not cut), the cards a seat has shown it holds (the face-down card once
revealed; 29's declared pair, the King and Queen of trumps) and the turns played so far, which any
deal of the unseen cards must make legal (``replay.fair.sampling`` checks them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from recorder.cards import Card, Suit
from replay.solver.recorded import RecordedHand, RecordedTurn
from replay.tricks.games import GAME_RULES
from replay.tricks.state import Step, TableState

PAIR_RANKS = "KQ"
"""29's pair: the King and Queen of trumps, shown by the declaration (RULES.md §6)."""


@dataclass(frozen=True)
class Sight:
    """What ``seat`` knew when its turn began, before ``turn_index`` in the hand's turns.

    ``holding`` counts, per seat (``seat - 1``), the cards in that hand the seat could not see (its
    own too while not all its cards are dealt, as in 29's calling);
    ``face_down_hidden`` says whether the face-down card is one of them (the caller's card apart,
    which only the caller knows while the trump is hidden). ``unseen`` are exactly the cards to
    share out among those places.
    """

    seat: int
    turn_index: int
    own: frozenset[Card]
    unseen: frozenset[Card]
    holding: tuple[int, ...]
    face_down_hidden: bool
    voids: tuple[frozenset[Suit], ...]
    """Per seat, the suits it has shown it holds none of."""
    trump: Suit | None
    """The trump suit as the seat knows it (``None``: hidden from it)."""
    played: tuple[frozenset[Card], ...]
    """Per seat, the cards it has played so far (the trick on the table included)."""
    shown: tuple[frozenset[Card], ...]
    """Per seat, cards known to be in that hand though the seat cannot see the hand: the face-down
    card once revealed, the King and Queen of trumps of a declared pair (29), while not played."""


def decision_states(steps: Sequence[Step], first: int) -> list[TableState]:
    """The table as each card turn began (before its asks, shows and undertakings), in order.

    ``first`` is the index of the hand's first play step; one state per ``card`` event follows.
    """
    states: list[TableState] = []
    turn_start: TableState | None = None
    previous = _all_dealt(steps[first - 1].state)
    for step in steps[first:]:
        kind = step.event.kind
        if kind == "action" and turn_start is None:
            turn_start = previous
        elif kind == "card":
            states.append(turn_start or previous)
            turn_start = None
        previous = step.state
    return states


def _all_dealt(state: TableState) -> TableState:
    """The table once every card is dealt: in 29 the rest of the deal comes after the trump is put
    down, before the first card, with no step of its own."""
    return replace(state, holding=None, undealt=()) if state.holding is not None else state


def sight_of(
    state: TableState, seat: int, turn_index: int, recorded: RecordedHand, game: str
) -> Sight:
    """What ``seat`` knew at ``state`` (the table as its turn began) through its own view."""
    view = state.view(seat)
    players = view.players
    own = frozenset(view.hands[seat - 1])
    played = tuple(frozenset(cards) for cards in view.played)
    caller = view.caller
    hidden = view.trump is not None and not view.revealed
    face_down_hidden = not view.revealed and view.face_down is None and state.face_down is not None
    revealed_card = view.face_down if view.revealed else None
    shown = tuple(
        frozenset(
            {revealed_card}
            if revealed_card is not None
            and index + 1 == caller
            and revealed_card not in played[index]
            else ()
        )
        | _pair_shown(view, index + 1, played[index])
        for index in range(players)
    )
    known_face_down = view.face_down if hidden and view.face_down is not None else None
    pack = frozenset(GAME_RULES[game].spec.pack)
    seen = own | frozenset().union(*played) | frozenset().union(*shown)
    if known_face_down is not None:
        seen |= {known_face_down}
    unseen = pack - seen
    holding = _hidden_counts(state, seat, own, shown)
    voids = _voids(recorded.turns[:turn_index], players)
    return Sight(
        seat=seat,
        turn_index=turn_index,
        own=own,
        unseen=unseen,
        holding=holding,
        face_down_hidden=face_down_hidden,
        voids=voids,
        trump=view.trump,
        played=played,
        shown=shown,
    )


def _pair_shown(view: TableState, holder: int, played: frozenset[Card]) -> frozenset[Card]:
    """The King and Queen of trumps a seat declared as its pair (29; the engine keeps only a valid
    declaration), those it has not played yet: known to be in its hand. Nothing for the viewer,
    who sees his own cards."""
    if view.trump is None or holder == view.viewer or f"pair {holder}" not in view.undertakings:
        return frozenset()
    return frozenset(Card(rank, view.trump) for rank in PAIR_RANKS) - played


def _hidden_counts(
    state: TableState, seat: int, own: frozenset[Card], shown: tuple[frozenset[Card], ...]
) -> tuple[int, ...]:
    """Per seat, the cards its hand holds once every card is dealt that ``seat`` cannot see.

    Before the deal is complete (29's calling) these are the cards still to come as well: the
    seat's own later cards are places in its own hand, the other hands count all their cards."""
    dealt = _all_dealt(state).view(seat)
    return tuple(
        len(dealt.hands[index])
        + dealt.unknown[index]
        - len(shown[index])
        - (len(own) if index + 1 == seat else 0)
        for index in range(state.players)
    )


def _voids(turns: Sequence[RecordedTurn], players: int) -> tuple[frozenset[Suit], ...]:
    """The suits each seat showed it lacks by not following the suit led. (What an ask without a
    cut shows of the trump is left to the sampler's check of every turn's legality.)"""
    voids: list[set[Suit]] = [set() for _ in range(players)]
    trick_number = 0
    lead: Suit | None = None
    for turn in turns:
        if turn.move is None:
            continue
        if turn.trick != trick_number:
            trick_number, lead = turn.trick, turn.move.card.suit
            continue
        suit = turn.move.card.suit
        if lead is not None and suit != lead:
            voids[turn.seat - 1].add(lead)
    return tuple(frozenset(suits) for suits in voids)
