"""The reader's way to make a record node of fields already checked, compiled.

``Node.build`` (``recorder.nodes``) is a Python function taking keyword arguments: called from
the compiled reader for each deal line, bid, trick and hand, parsing its keywords cost more than
making the node. A ``NodeMaker`` makes the same node from a dictionary of the fields given: the
class's defaults in field order (each list field a new empty list), those fields put over them,
and the dictionary set as the node's own. ``tests/test_record_build.py`` holds that a read record
is the one pydantic validates from its data, field order included. Its methods are called by name
(``make``, ``whole``): compiled, that is a C call, where calling the maker itself (``__call__``)
would go through Python's call protocol.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final, Generic, TypeVar

from recorder import nodes

N = TypeVar("N")

# Compiled, a ``Final`` name is a C variable; an imported one is looked up in the module's
# dictionary at every use (a few times for each card of a record).
_new_instance: Final = nodes.new_instance
_set_fields: Final = nodes.set_fields


class NodeMaker(Generic[N]):
    """Makes nodes of one class from fields already read into their types and checked."""

    __slots__ = ("cls", "defaults", "lists")

    def __init__(self, cls: type[N]) -> None:
        self.cls = cls
        self.defaults: dict[str, Any] = {}
        """Every field in field order with its default (``None`` for a required field)."""
        self.lists: list[str] = []
        """The fields whose default is a new empty list."""
        for info in dataclasses.fields(cls):  # type: ignore[arg-type]
            if info.default_factory is list:
                self.lists.append(info.name)
                self.defaults[info.name] = None
            else:
                assert info.default_factory is dataclasses.MISSING, info.name
                default = info.default
                self.defaults[info.name] = None if default is dataclasses.MISSING else default

    def make(self, fields: dict[str, Any]) -> N:
        """The node of ``fields`` (every required field among them), the others their
        defaults."""
        values = self.defaults.copy()
        for name in self.lists:
            if name not in fields:
                values[name] = []
        values.update(fields)
        return self.whole(values)

    def whole(self, values: dict[str, Any]) -> N:
        """The node of ``values``: every field, in field order, each list its own (a copy of
        ``defaults`` with the values put in, as the reader's turns and dealt cards are made)."""
        node: N = _new_instance(self.cls)
        _set_fields(node, values)
        return node
