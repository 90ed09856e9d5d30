"""The table's value types as pydantic fields: a value in Python, its code in JSON and the schema.

These are the edges where outside data comes in (JSON, the archive, a user's dicts); the value
types themselves (``recorder.cards``, ``recorder.rummy_cards``) do not need pydantic, so that
code using only them loads without it.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import PlainSerializer, PlainValidator, WithJsonSchema

from recorder.cards import Call, Card, Suit
from recorder.rummy_cards import RummyCard


def _card_from_json(value: Any) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise ValueError(f"a card code such as 'JS' expected, not {value!r}")


#: A card as a pydantic field: a ``Card`` in Python, its code in JSON.
CardField = Annotated[
    Card,
    PlainValidator(_card_from_json),
    PlainSerializer(lambda card: card.code, return_type=str),
    WithJsonSchema({"type": "string", "pattern": "^[J39ATKQ876][SHDC]$"}),
]


def _suit_from_json(value: Any) -> Suit:
    return value if isinstance(value, Suit) else Suit.parse(str(value))


#: A suit as a pydantic field: its letter in JSON.
SuitField = Annotated[
    Suit,
    PlainValidator(_suit_from_json),
    PlainSerializer(lambda suit: suit.value, return_type=str),
    WithJsonSchema({"type": "string", "enum": ["S", "H", "D", "C"]}),
]


def _call_from_json(value: Any) -> Call:
    if isinstance(value, Call):
        return value
    if isinstance(value, str):
        return Call.parse(value, honours=value[:1].lower() == "h")
    raise ValueError(f"a call such as '24', 'pass', 'H2' or 'thani' expected, not {value!r}")


#: A call as a pydantic field: its canonical token in JSON.
CallField = Annotated[
    Call,
    PlainValidator(_call_from_json),
    PlainSerializer(lambda call: call.token, return_type=str),
    WithJsonSchema({"type": "string", "pattern": "^(pass|thani|H([1-9]|10)?|[0-9]{1,3})$"}),
]


def _rummy_card_from_json(value: Any) -> RummyCard:
    if isinstance(value, RummyCard):
        return value
    if isinstance(value, str):
        return RummyCard.parse(value)
    raise ValueError(f"a Rummy card code such as 'AS' or 'PJ' expected, not {value!r}")


#: A Rummy card as a pydantic field: a ``RummyCard`` in Python, its code in JSON.
RummyCardField = Annotated[
    RummyCard,
    PlainValidator(_rummy_card_from_json),
    PlainSerializer(lambda card: card.code, return_type=str),
    WithJsonSchema({"type": "string", "pattern": "^([A2-9TJQK][SHDC]|PJ)$"}),
]
