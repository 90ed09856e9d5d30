"""What the archive refuses before it stores an event: what cannot be at any table.

A card outside the game's pack, a seat outside 1..N, a card played twice in one hand, a hand line
with no hand open, an undo with nothing to undo. Whether play follows the rules is the engine's
business (``replay``), not the archive's: it stores what happened.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from pydantic import ValidationError

from recorder.archive.events import (
    HAND_KINDS,
    CommentWritten,
    Corrected,
    DealSeen,
    Event,
    HandsRewritten,
    HandStarted,
    PairDeclared,
    RummyLineCorrected,
    RummyLineWritten,
    RummyWinnerNamed,
    SessionCreated,
    SessionTagged,
    TrickStarted,
    TrumpPlaced,
    TurnPlayed,
)
from recorder.archive.fold import LogState
from recorder.cards import Card
from recorder.games import GAME_NAMES_TEXT, GameSpec, family_of
from recorder.model import LineNode, Tag
from recorder.rummy.model import (
    Outcome,
    Rejoin,
    RummyCardLine,
    RummyDeal,
    RummyPenalty,
    RummyRedeal,
    TurnsLine,
)
from recorder.tgn import read

#: The record node each kind of Rummy line event holds.
_RUMMY_NODES: dict[str, type[LineNode]] = {
    "rejoin": Rejoin,
    "joker": RummyCardLine,
    "open": RummyCardLine,
    "deal": RummyDeal,
    "turns": TurnsLine,
    "outcome": Outcome,
    "redeal": RummyRedeal,
    "penalty": RummyPenalty,
}


def refusal(state: LogState, event: Event, *, live: bool = True) -> str | None:
    """Why ``event`` cannot follow the log whose state is ``state``, or ``None`` when it can.

    ``live`` adds the check that a card is not played twice in a hand; an imported record keeps
    such a card for the engine to report (``duplicate-card``).
    """
    if isinstance(event, SessionCreated) or state.family is None:
        return _session_refusal(state, event) or _text_refusal(event)
    if isinstance(event, HandsRewritten):
        return _rewrite_refusal(state, event)
    if isinstance(event, SessionTagged):
        return _tag_refusal(event)
    if event.kind in HAND_KINDS and not state.hand_open:
        return f"no hand is open for this {event.kind} event: start a hand first"
    return _text_refusal(event) or _FAMILY_CHECKS[state.family](state, event, live)


def _trick_refusal(state: LogState, event: Event, live: bool) -> str | None:
    """What a trick game's session refuses: cards outside the pack, seats outside the table."""
    if state.game is None or event.kind == "rummy":
        return f"a {event.kind} event does not belong to a session of game {state.game_name}"
    return _CHECKS.get(event.kind, _nothing)(state, state.game, event, live)


def _rummy_refusal(state: LogState, event: Event, live: bool) -> str | None:
    """What a Rummy session refuses: trick-game events, lines the model cannot hold, seats
    outside the table."""
    if isinstance(event, HandStarted):
        return next(
            (
                _rummy_seat_refusal(state, int(tag.value), "dealer")
                for tag in event.tags
                if tag.name == "Dealer" and tag.value.strip().isdigit()
            ),
            None,
        )
    if isinstance(event, RummyLineWritten):
        return _rummy_line_refusal(state, event.part, event.content)
    if isinstance(event, RummyLineCorrected):
        line = state.rummy_lines.get(event.target)
        if line is None:
            return f"event {event.target} is not a Rummy line that stands: nothing to correct"
        return _rummy_line_refusal(state, line.part, event.content)
    if isinstance(event, RummyWinnerNamed):
        return _rummy_seat_refusal(state, event.seat)
    if isinstance(event, CommentWritten):
        return _comment(state, None, event, live)
    if event.kind == "undo":
        return _undo(state, None, event, live)
    if event.kind == "hand-end":
        return None
    return f"a {event.kind} event does not belong to a session of game {state.game_name}"


def _rummy_line_refusal(state: LogState, part: str, content: dict[str, Any]) -> str | None:
    """Why a Rummy line of ``part`` with ``content`` cannot be written: the model cannot hold it,
    or it names a seat outside the table."""
    try:
        node = _RUMMY_NODES[part].model_validate(content)
    except ValidationError as error:
        problem = error.errors(include_url=False)[0]
        where = ".".join(str(piece) for piece in problem["loc"])
        return f"a rummy {part} line that cannot be: {where} {problem['input']!r}: {problem['msg']}"
    seats = [getattr(node, "seat", 1)] + [t.seat for t in getattr(node, "turns", [])]
    return next(filter(None, (_rummy_seat_refusal(state, seat) for seat in seats)), None)


def _rummy_seat_refusal(state: LogState, seat: int, role: str = "seat") -> str | None:
    if 1 <= seat <= state.seats:
        return None
    return f"{role} {seat} is impossible: the table has seats 1..{state.seats}"


_FAMILY_CHECKS: dict[str, Callable[[LogState, Event, bool], str | None]] = {
    "trick": _trick_refusal,
    "rummy": _rummy_refusal,
}


def _session_refusal(state: LogState, event: Event) -> str | None:
    if not isinstance(event, SessionCreated):
        return "the session has not been created yet"
    if state.family is not None:
        return "the session is already created"
    game = next((tag.value.strip() for tag in event.tags if tag.name == "Game"), None)
    if game is None:
        return f"a session needs a Game tag ({GAME_NAMES_TEXT})"
    if family_of(game) is None:
        return f"unknown game {game!r} (games: {GAME_NAMES_TEXT})"
    return None


def _rewrite_refusal(state: LogState, event: HandsRewritten) -> str | None:
    """A correction must name a hand of the session and read as hands of its game, with no card
    played twice in a hand; rule violations in it are the engine's findings, as always."""
    if not 1 <= event.hand <= len(state.hands):
        return f"hand {event.hand} is not in the session (it has {len(state.hands)} hands)"
    result = read(event.text, "<correction>")
    if result.record is None or result.errors:
        first = min(result.errors, key=lambda error: (error.line, error.column), default=None)
        where = f"line {first.line}, column {first.column}: {first.message}" if first else ""
        return f"the corrected hand cannot be read: {where or 'it is not TGN'}"
    if result.record.game != state.game_name:
        return f"the correction is of game {result.record.game}, the session of {state.game_name}"
    for number, hand in enumerate(result.record.hands, start=event.hand):
        played = [turn.card for trick in hand.tricks for turn in trick.turns if turn.card]
        twice = next((card for card in played if played.count(card) > 1), None)
        if twice is not None:
            return f"hand {number} of the correction plays {twice} twice"
    return None


_TAG_NAME = re.compile(r"[A-Z][A-Za-z0-9_]*")


def _tag_refusal(event: SessionTagged) -> str | None:
    """A tag the director sets: a tag's name, and a value the notation can hold."""
    if not _TAG_NAME.fullmatch(event.name) or event.name == "Game":
        return f"{event.name!r} is not a tag the director can set"
    texts = [event.value, event.remark or ""]
    if any(not char.isprintable() for text in texts for char in text):
        return "a tag value must be one line of printable text"
    if '"' in event.value or "\\" in event.value:
        return 'a tag value cannot hold " or \\'
    return None


def _nothing(state: LogState, game: GameSpec, event: Any, live: bool) -> str | None:
    return None


def _hand(state: LogState, game: GameSpec, event: HandStarted, live: bool) -> str | None:
    return next(
        (
            _seat_refusal(game, int(tag.value), "dealer")
            for tag in event.tags
            if tag.name == "Dealer" and tag.value.strip().isdigit()
        ),
        None,
    )


def _deal(state: LogState, game: GameSpec, event: DealSeen, live: bool) -> str | None:
    cards = (dealt.card for dealt in event.cards if dealt.card is not None)
    return _seat_refusal(game, event.seat) or _pack_refusal(game, cards)


def _seat_only(state: LogState, game: GameSpec, event: Any, live: bool) -> str | None:
    return _seat_refusal(game, event.seat)


def _trump(state: LogState, game: GameSpec, event: TrumpPlaced, live: bool) -> str | None:
    hand = state.current_hand
    if hand is not None and hand["trump"] is not None:
        return "this hand already has its trump card; undo it to change it"
    return _pack_refusal(game, [event.card] if event.card else [])


def _trick(state: LogState, game: GameSpec, event: TrickStarted, live: bool) -> str | None:
    return None if event.number >= 1 else f"trick number {event.number}: tricks count from 1"


def _turn(state: LogState, game: GameSpec, event: TurnPlayed, live: bool) -> str | None:
    if event.trick < 1:
        return f"trick number {event.trick}: tricks count from 1"
    if event.seat is not None and (refused := _seat_refusal(game, event.seat)):
        return refused
    if event.card is None:
        return None
    if refused := _pack_refusal(game, [event.card]):
        return refused
    if live and event.card in state.cards_played(len(state.hands) - 1):
        return f"{event.card} has already been played in this hand"
    return None


def _star(state: LogState, game: GameSpec, event: Any, live: bool) -> str | None:
    hand = state.current_hand
    return None if hand and hand["tricks"] else "a star ends a trick, and this hand has none yet"


def _pair(state: LogState, game: GameSpec, event: PairDeclared, live: bool) -> str | None:
    if event.after_trick < 0:
        return f"pair after trick {event.after_trick}: tricks count from 1"
    return _seat_refusal(game, event.seat)


def _redeal(state: LogState, game: GameSpec, event: Any, live: bool) -> str | None:
    hand = state.current_hand
    return "this hand is already thrown in" if hand and hand["redeal"] else None


def _comment(
    state: LogState, game: GameSpec | None, event: CommentWritten, live: bool
) -> str | None:
    if event.place == "end" and state.last_line is None:
        return "there is no line yet for an end-of-line comment"
    return None


def _undo(state: LogState, game: GameSpec | None, event: Any, live: bool) -> str | None:
    return None if state.undoable else "there is nothing to undo"


def _correct(state: LogState, game: GameSpec, event: Corrected, live: bool) -> str | None:
    turn = state.turns.get(event.target)
    if turn is None:
        return (
            f"event {event.target} is not a turn that stands: only a played card can be corrected"
        )
    if refused := _pack_refusal(game, [event.card]):
        return refused
    if event.card in state.cards_played(turn.hand_index, except_seq=event.target):
        return f"{event.card} has already been played in hand {turn.hand_index + 1}"
    return None


def _seat_refusal(game: GameSpec, seat: int, role: str = "seat") -> str | None:
    if 1 <= seat <= game.players:
        return None
    return f"{role} {seat} is impossible: game {game.name} has seats 1..{game.players}"


def _pack_refusal(game: GameSpec, cards: Iterable[Card]) -> str | None:
    return next(
        (
            f"{card} is not a card of game {game.name} (ranks {game.ranks_text})"
            for card in cards
            if not game.has(card)
        ),
        None,
    )


def _text_refusal(event: Event) -> str | None:
    """Comments must fit the notation: one line, and no ``}`` inside braces."""
    fields = vars(event)  # an event's fields (a missing one read as an attribute is slow)
    braces = _brace_comments(fields)
    tags: list[Tag] = fields.get("tags", [])
    texts = [*braces, *(tag.value for tag in tags)]
    if isinstance(event, CommentWritten):
        texts.append(event.text)
    for tag in tags:
        texts.extend(_tag_comments(tag))
    if any("\n" in text or "\r" in text for text in texts):
        return "a comment or tag value must fit on one line"
    if any("}" in text for text in braces):
        return "a brace comment cannot hold '}'"
    return None


def _brace_comments(fields: dict[str, Any]) -> list[str]:
    """The brace comments of an event's fields: its own, its actions' and its dealt cards'."""
    comments = list(fields.get("comments", []))
    for action in fields.get("actions", []):
        comments.extend(action.comments)
    for dealt in fields.get("cards", []):
        comments.extend(dealt.comments)
    return comments


def _tag_comments(tag: Tag) -> list[str]:
    return [*tag.before, *([tag.remark] if tag.remark is not None else [])]


_CHECKS: dict[str, Callable[[LogState, GameSpec, Any, bool], str | None]] = {
    "hand": _hand,
    "deal": _deal,
    "call": _seat_only,
    "trump": _trump,
    "trick": _trick,
    "turn": _turn,
    "star": _star,
    "pair": _pair,
    "redeal": _redeal,
    "comment": _comment,
    "undo": _undo,
    "correct": _correct,
}
