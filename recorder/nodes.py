"""The base of every record node: a frozen pydantic model with its place in the source, and
``build``, which makes a node of values already checked without validating them again.

The trick games' nodes (``recorder.model``) and Rummy's (``recorder.rummy_model``) both build on
these; keeping the base apart lets each model module import it without importing the other.
"""

from __future__ import annotations

import keyword
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Self, cast

from pydantic import BaseModel, ConfigDict, Field

_POSITION = frozenset({"line", "column"})

_new = object.__new__
_set_dict = BaseModel.__dict__["__dict__"].__set__
"""Sets a model instance's fields at once (its ``__dict__`` slot), as ``Node.build`` does."""
_FRESH: Any = object()
"""The default of a ``build`` argument whose field's default is made afresh for each node."""
_UNSET_SLOTS = {"__pydantic_extra__": None, "__pydantic_private__": None}
"""pydantic's slots ``build`` leaves unset, as a validated node holds them (no extra fields, no
private values); the third, ``__pydantic_fields_set__``, reads as every field."""


class Node(BaseModel):
    """An element of a record with its place in the source (0 when it was not read from text)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    """``defer_build``: each class builds its validator and serializer when first used, so code
    that only reads TGN (which builds nodes without validation) never pays for them."""

    line: int = 0
    column: int = 0

    if TYPE_CHECKING:

        @classmethod
        def build(cls, **fields: Any) -> Self:
            """A node of fields already checked (the reader's), made without validation.

            The reader has read every value into its type (``Card``, ``Call``, nodes) and checked
            it against the game; validating them again would cost more than reading them. The node
            equals the one ``model_validate`` gives, its fields in the same order; every field
            counts as set. Outside data (JSON, the archive, a user's dicts) is validated as usual.
            Written for each class by ``_write_build``.
            """

    else:

        def __getattr__(self, name: str) -> Any:
            """pydantic's slots a built node leaves unset, read as a validated node holds them
            (setting them costs more than making the rest of the node); other names as usual."""
            if name == "__pydantic_fields_set__":
                return set(type(self).model_fields)
            if name in _UNSET_SLOTS:
                return _UNSET_SLOTS[name]
            return super().__getattr__(name)

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        """Give each node class its own ``build``."""
        super().__pydantic_init_subclass__(**kwargs)
        cls.build = classmethod(_write_build(cls))  # type: ignore[method-assign, assignment]

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        fields = type(self).model_fields
        return all(
            getattr(self, name) == getattr(other, name) for name in fields if name not in _POSITION
        )

    def __hash__(self) -> int:
        return id(self)


def _write_build(cls: type[Node]) -> Callable[..., Any]:
    """``build`` for one node class, written as Python source once (as ``dataclasses`` writes
    ``__init__``): each field a keyword argument with its default (a required field a required
    argument), and the node's dictionary one display in field order."""
    namespace: dict[str, Any] = {"_new": _new, "_FRESH": _FRESH, "_set_dict": _set_dict}
    parameters, items = [], []
    for index, (name, info) in enumerate(cls.model_fields.items()):
        assert name.isidentifier() and not keyword.iskeyword(name), name
        if info.is_required():
            parameters.append(name)
            items.append(f"{name!r}: {name}")
        elif info.default_factory is list:  # a fresh empty list, as a display (no call)
            parameters.append(f"{name}=_FRESH")
            items.append(f"{name!r}: [] if {name} is _FRESH else {name}")
        elif info.default_factory is not None:
            namespace[f"_factory_{index}"] = info.default_factory
            parameters.append(f"{name}=_FRESH")
            items.append(f"{name!r}: _factory_{index}() if {name} is _FRESH else {name}")
        else:
            namespace[f"_default_{index}"] = info.default
            parameters.append(f"{name}=_default_{index}")
            items.append(f"{name!r}: {name}")
    source = (
        f"def build(cls, *, {', '.join(parameters)}):\n"
        "    node = _new(cls)\n"
        f"    _set_dict(node, {{{', '.join(items)}}})\n"
        "    return node\n"
    )
    exec(source, namespace)  # the source is written above from the class's field names
    return cast(Callable[..., Any], namespace["build"])


class LineNode(Node):
    """An element that is a whole line: it carries the ``;`` comments around it."""

    before: list[str] = Field(default_factory=list)
    """Whole-line ``;`` comments just above this line, in order."""
    remark: str | None = None
    """The ``;`` comment at the end of this line."""
