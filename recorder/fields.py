"""The table's value types in JSON and the schema: a value in Python, its code in JSON.

This is the edge where outside data comes in (JSON, the archive, a user's dicts). The value types
(``recorder.cards``, ``recorder.rummy_cards``) hand pydantic their form from here when it asks
(their ``__get_pydantic_core_schema__``), so that code using only them, or the record model, loads
without pydantic.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from pydantic import GetCoreSchemaHandler, PlainSerializer, PlainValidator, WithJsonSchema
from pydantic_core import CoreSchema

from recorder.cards import Call, Card, Suit
from recorder.rummy_cards import RummyCard


def _card_from_json(value: Any) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise ValueError(f"a card code such as 'JS' expected, not {value!r}")


def _suit_from_json(value: Any) -> Suit:
    return value if isinstance(value, Suit) else Suit.parse(str(value))


def _call_from_json(value: Any) -> Call:
    if isinstance(value, Call):
        return value
    if isinstance(value, str):
        return Call.parse(value, honours=value[:1].lower() == "h")
    raise ValueError(f"a call such as '24', 'pass', 'H2' or 'thani' expected, not {value!r}")


def _rummy_card_from_json(value: Any) -> RummyCard:
    if isinstance(value, RummyCard):
        return value
    if isinstance(value, str):
        return RummyCard.parse(value)
    raise ValueError(f"a Rummy card code such as 'AS' or 'PJ' expected, not {value!r}")


def _code(read: Callable[[Any], Any], write: Callable[[Any], str], schema: dict[str, Any]) -> Any:
    """A value written as one string: read from its code (or taken as it is), written as it."""
    return Annotated[
        Any, PlainValidator(read), PlainSerializer(write, return_type=str), WithJsonSchema(schema)
    ]


FORMS: dict[type, Any] = {
    Card: _code(
        _card_from_json,
        lambda card: card.code,
        {"type": "string", "pattern": "^[J39ATKQ876][SHDC]$"},
    ),
    Suit: _code(
        _suit_from_json,
        lambda suit: suit.value,
        {"type": "string", "enum": ["S", "H", "D", "C"]},
    ),
    Call: _code(
        _call_from_json,
        lambda call: call.token,
        {"type": "string", "pattern": "^(pass|thani|H([1-9]|10)?|[0-9]{1,3})$"},
    ),
    RummyCard: _code(
        _rummy_card_from_json,
        lambda card: card.code,
        {"type": "string", "pattern": "^([A2-9TJQK][SHDC]|PJ)$"},
    ),
}
"""Each value type's JSON form: a card by its code (``JS``), a suit by its letter, a call by its
canonical token (``pass``, ``24``, ``H2``, ``thani``), a Rummy card by its code (``AS``, ``PJ``)."""


def schema_of(cls: type, handler: GetCoreSchemaHandler) -> CoreSchema:
    """pydantic's schema of one value type, in its JSON form above."""
    return handler.generate_schema(FORMS[cls])
