"""The table's value types in JSON and the schema: a value in Python, its code in JSON.

This is the edge where outside data comes in (JSON, the archive, a user's dicts). Each value type
(``recorder.cards``, ``recorder.rummy.cards``) says how its code is read, written and described,
and hands pydantic that form from here when it asks (its ``__get_pydantic_core_schema__``), so
that code using only the value types, or the record model, loads without pydantic. This module
knows no value type: the arrow goes from the types to it, never back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from pydantic import GetCoreSchemaHandler, PlainSerializer, PlainValidator, WithJsonSchema
from pydantic_core import CoreSchema


def code_schema(
    handler: GetCoreSchemaHandler,
    read: Callable[[Any], Any],
    write: Callable[[Any], str],
    schema: dict[str, Any],
) -> CoreSchema:
    """pydantic's schema of a value written as one string: read from its code (or taken as it
    is), written as its code, described in the JSON Schema by ``schema``."""
    form = Annotated[
        Any, PlainValidator(read), PlainSerializer(write, return_type=str), WithJsonSchema(schema)
    ]
    return handler.generate_schema(form)
