"""What the page offers at a position: the calls of the game, the actions, the card grid.

Which calls and actions a game has is data from the engine's game rules (``GAME_RULES``), never a
test of the game's name here.
"""

from __future__ import annotations

from dataclasses import dataclass

from dashboard.recording.tricks.position import Position, calling_so_far
from recorder.cards import PASS, SUITS, THANI, Call, CallKind, Card, Suit
from recorder.house_rules import resolve_rules
from replay.tricks import GAME_RULES

ANSWER_YES, ANSWER_NO = "=yes", "=no"


@dataclass(frozen=True)
class CardCell:
    """One card of the grid: greyed out (``played``) once it is in the hand's play."""

    card: Card
    played: bool


def call_choices(game: str, rules: dict[str, str]) -> list[Call]:
    """Every call the game has, lowest first: pass, the numbers (Honours in 40), Thani."""
    game_rules = GAME_RULES[game]
    spec = game_rules.spec
    switches = resolve_rules(game, rules)
    numbers = range(game_rules.min_bid(switches), spec.max_bid + 1)
    calls = [PASS, *(Call.parse(str(value), spec.honours) for value in numbers)]
    if game_rules.calling.limits.has_thani:
        calls.append(THANI)
    return calls


def hold_offer(position: Position) -> Call | None:
    """The bid equal to the standing one, when the calling system lets the speaker due now hold
    by equalling it (29 ``auction=hold``, the earlier of the pair); ``None`` otherwise."""
    if position.phase != "calling" or position.replay is None:
        return None
    calling = calling_so_far(position.record, position.replay)
    seat, highest = calling.expected(), calling.highest
    if seat is None or highest is None or highest[0] == seat:
        return None
    return highest[1] if calling.problem(seat, highest[1]) is None else None


def hold_label(call: Call) -> str:
    """What the hold button says: ``Hold 18``."""
    return f"Hold {call_label(call)}"


def call_label(call: Call) -> str:
    """What a call button says: ``Pass``, ``24``, ``Honours``, ``H3``, ``Thani``."""
    if call.kind is CallKind.PASS:
        return "Pass"
    if call.kind is CallKind.THANI:
        return "Thani"
    if call.kind is CallKind.HONOURS and call.value == 30:
        return "Honours"
    return call.token


def action_choices(game: str) -> list[str]:
    """The actions a turn may carry in this game, as TGN tokens: ``ask``, ``show``, then the
    game's undertakings (``jodi``, ``jodi?=yes`` ... or ``kot`` ...)."""
    undertakings = GAME_RULES[game].undertakings
    actions = ["ask", "show"]
    for word, calls in (("jodi", undertakings.jodi_calls), ("kot", undertakings.kot_calls)):
        if calls is not None:
            actions += [word, f"{word}?{ANSWER_YES}"]
    return actions


def closing_answers(game: str) -> list[str]:
    """The answers that end a hand with no card (``jodi?=no``, ``kot?=no``)."""
    return [
        action.replace(ANSWER_YES, ANSWER_NO)
        for action in action_choices(game)
        if action.endswith(ANSWER_YES)
    ]


def has_pair(game: str) -> bool:
    """Whether the game has the ``pair`` declaration (29)."""
    return GAME_RULES[game].undertakings.pair


def redeal_reasons(game: str) -> list[str]:
    """The reason words a ``redeal`` line may give in this game (RULES.md §8)."""
    return [rule.reason for rule in GAME_RULES[game].redeals]


def card_grid(game: str, played: frozenset[Card]) -> list[tuple[Suit, list[CardCell]]]:
    """The pack suit by suit, high to low, each card marked when already played."""
    spec = GAME_RULES[game].spec
    return [
        (suit, [CardCell(card, card in played) for card in spec.suit_cards(suit)]) for suit in SUITS
    ]
