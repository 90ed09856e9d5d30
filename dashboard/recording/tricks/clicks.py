"""Turning the scorer's clicks (or a typed turn) into archive events, or into a refusal.

Each function answers ``Accepted`` with the events to append, or ``Refused`` with a message; a
refusal stores nothing. ``commit`` appends accepted events one by one, each committed before the
page shows it, and turns an archive refusal into the same kind of message.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from dashboard.recording.tricks.offers import action_choices, closing_answers
from dashboard.recording.tricks.position import Position, hand_end
from recorder.archive import (
    Archive,
    ArchiveError,
    CallMade,
    Corrected,
    Event,
    HandEnded,
    HandStarted,
    PairDeclared,
    Redealt,
    StarAgreed,
    TrumpPlaced,
    TurnPlayed,
    Undone,
)
from recorder.cards import Call, Card, Suit
from recorder.model import Action, ActionKind, RedealReason


@dataclass(frozen=True)
class Accepted:
    """The events a click stands for, in the order they are to be appended."""

    events: tuple[Event, ...]


@dataclass(frozen=True)
class Refused:
    """Why a click was not recorded; nothing is stored."""

    message: str


Decision = Accepted | Refused


def call_click(position: Position, seat: int, token: str) -> Decision:
    """A call by ``seat`` (in turn or not: the record keeps what was said)."""
    if position.phase != "calling":
        return Refused("the calling is over: undo to change it")
    problem = _seat_problem(position, seat)
    if problem:
        return Refused(problem)
    try:
        call = Call.parse(token, position.spec.honours)
    except ValueError:
        return Refused(f"unknown call {token!r}")
    return ending(position, CallMade(seat=seat, call=call))


def trump_click(position: Position, code: str | None, suit: str | None = None) -> Decision:
    """The face-down card: a card, only its suit, or neither (not seen)."""
    if position.phase != "trump":
        return Refused("the face-down card is recorded after the calling")
    if code is not None:
        card = _card(position, code)
        if isinstance(card, Refused):
            return card
        return ending(position, TrumpPlaced(card=card))
    if suit is not None:
        try:
            return ending(position, TrumpPlaced(suit=Suit.parse(suit)))
        except ValueError:
            return Refused(f"unknown suit {suit!r} (suits S H D C)")
    return ending(position, TrumpPlaced())


def turn_click(position: Position, seat: int, actions: Sequence[str], code: str) -> Decision:
    """A card played by ``seat``, after its actions, in the trick the position is at."""
    if position.phase != "play":
        return Refused(_not_playing(position))
    problem = _seat_problem(position, seat) or _actions_problem(position, actions)
    if problem:
        return Refused(problem)
    card = _card(position, code)
    if isinstance(card, Refused):
        return card
    if card in position.played:
        return Refused(f"{card.code} is already played in this hand")
    turn = TurnPlayed(
        trick=position.trick, seat=seat, actions=[_action(token) for token in actions], card=card
    )
    return ending(position, turn)


def answer_click(position: Position, seat: int, answer: str) -> Decision:
    """``jodi?=no`` or ``kot?=no``: a turn with no card, which ends the hand."""
    if position.phase != "play":
        return Refused(_not_playing(position))
    if answer not in closing_answers(position.spec.name):
        return Refused(f"{answer!r} is not an answer of game {position.spec.name}")
    problem = _seat_problem(position, seat)
    if problem:
        return Refused(problem)
    return ending(position, TurnPlayed(trick=position.trick, seat=seat, actions=[_action(answer)]))


def typed_turn(position: Position, text: str) -> Decision:
    """A turn typed as TGN writes it: ``[seat:] [actions] card``, e.g. ``3:ask 9H`` or ``9H``.

    Without ``seat:`` the turn goes to the seat whose turn it is."""
    words = text.strip().split()
    if not words:
        return Refused("type a card, e.g. 3:JS")
    seat: int | None = position.seat
    head, colon, rest = words[0].partition(":")
    if colon:
        if not head.strip().isdigit():
            return Refused(f"unknown seat {head!r} (seats 1 to {position.players})")
        seat = int(head)
        words = [rest, *words[1:]] if rest else words[1:]
    if not words:
        return Refused("a turn needs a card after its seat")
    if seat is None:
        return Refused("nobody is to play now: give the seat, e.g. 3:JS")
    return turn_click(position, seat, [word.lower() for word in words[:-1]], words[-1])


def correction_click(position: Position, target: int, code: str) -> Decision:
    """Replace the card of the turn logged as event ``target`` (the correction is an event)."""
    turn = next((turn for turn in position.turns if turn.seq == target), None)
    if turn is None:
        return Refused("that turn is not in this hand any more")
    card = _card(position, code)
    if isinstance(card, Refused):
        return card
    if card in position.played and card != turn.card:
        return Refused(f"{card.code} is already played in this hand")
    return Accepted((Corrected(target=target, card=card),))


def undo_click(position: Position) -> Decision:
    """Cancel the latest event (it stays in the log, and so does the undo)."""
    if position.undoable == 0:
        return Refused("there is nothing to undo")
    return Accepted((Undone(),))


def end_of_play_click(position: Position) -> Decision:
    """``*``: the table ended the play by agreement (a claim or a concession)."""
    hand = position.hand
    if position.phase != "play" or hand is None or not hand.tricks:
        return Refused("end of play needs a trick played")
    return ending(position, StarAgreed())


def pair_click(position: Position, seat: int) -> Decision:
    """``pair S`` (29) after the last trick finished."""
    problem = _seat_problem(position, seat)
    if problem:
        return Refused(problem)
    finished = position.trick - 1
    if position.phase != "play" or finished < 1:
        return Refused("a pair is declared after a trick")
    return Accepted((PairDeclared(seat=seat, after_trick=finished),))


def redeal_click(position: Position, reason: str) -> Decision:
    """``redeal REASON``: the hand is thrown in."""
    hand = position.hand
    if not position.hand_open:
        return Refused("the hand is over: undo to change it")
    if position.phase not in ("calling", "trump", "over") or hand is None or hand.tricks:
        return Refused("a hand is thrown in before its play")
    return ending(position, Redealt(reason=cast(RedealReason, reason)))


def ending(position: Position, event: Event) -> Accepted:
    """A tap's event, with the hand's end when it ends the hand's play (the engine's verdict):
    one step, stored in one transaction and undone as one, so that no hand waits for a "next
    hand" tap to end and a match's last hand ends with its last card."""
    return Accepted((event, *hand_end(position, (event,))))


def next_hand_click(position: Position, dealer: int | None = None) -> Decision:
    """Start the next hand, dealt by ``dealer`` or by the seat the rules give (closing the hand
    first in a log from before a hand's end was written with its play)."""
    if position.phase not in ("over", "closed"):
        return Refused("the hand is not over yet: play on, or end the play first")
    open_over = position.phase == "over" and position.hand_open  # a log from before hands closed
    closing: tuple[Event, ...] = (HandEnded(),) if open_over else ()
    number = position.hand_number + 1
    seat = dealer if dealer is not None else position.following_dealer
    problem = _seat_problem(position, seat)
    if problem:
        return Refused(problem)
    return Accepted((*closing, HandStarted.numbered(number, dealer=seat)))


def commit(archive: Archive, session_id: int, decision: Decision) -> str | None:
    """Append the accepted events in one transaction; the message of a refusal."""
    if isinstance(decision, Refused):
        return decision.message
    try:
        archive.append_all(session_id, decision.events)
    except ArchiveError as error:
        return str(error)
    return None


def _card(position: Position, code: str) -> Card | Refused:
    ranks = " ".join(position.spec.ranks)
    try:
        card = Card.parse(code.strip())
    except ValueError:
        return Refused(f"unknown card {code.strip()!r} (ranks {ranks}; suits S H D C)")
    if not position.spec.has(card):
        return Refused(f"{card.code} is not in the pack of {position.spec.name} (ranks {ranks})")
    return card


def _seat_problem(position: Position, seat: int) -> str | None:
    if not 1 <= seat <= position.players:
        return f"there is no seat {seat}: seats are 1 to {position.players}"
    return None


def _actions_problem(position: Position, actions: Sequence[str]) -> str | None:
    known = action_choices(position.spec.name)
    unknown = [token for token in actions if token not in known]
    if unknown:
        return f"unknown action {unknown[0]!r} (actions: {', '.join(known)})"
    return None


def _not_playing(position: Position) -> str:
    if position.phase in ("over", "closed"):
        return "the hand is over: start the next hand"
    return "the play starts after the calling and the face-down card"


def _action(token: str) -> Action:
    kind, _, answer = token.partition("=")
    return Action(kind=cast(ActionKind, kind), answer=None if not answer else answer == "yes")
