"""The base of every record node: a frozen dataclass with its place in the source, and ``build``,
which makes a node of values already checked at the cost of one dictionary.

The nodes are plain classes, so that reading and checking a file loads no validation library.
pydantic is the edge where outside data comes in and goes out (JSON, the archive, the schema):
``model_validate``, ``model_dump`` and the other methods of pydantic's models that the project
calls, each through a ``TypeAdapter`` of the class, built on first use.

The trick games' nodes (``recorder.model``) and Rummy's (``recorder.rummy.model``) both build on
these; keeping the base apart lets each model module import it without importing the other.
"""

from __future__ import annotations

import dataclasses
import inspect
import keyword
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Self, cast, dataclass_transform

if TYPE_CHECKING:
    from pydantic import TypeAdapter

_POSITION = frozenset({"line", "column"})

new_instance = object.__new__
"""Makes an instance without calling its class (``build`` does, and the compiled reader)."""
_FRESH: Any = object()
"""The default of a ``build`` argument whose field's default is made afresh for each node."""


def _describe(schema: dict[str, Any], cls: type) -> None:
    """Give a node's JSON Schema its class's docstring, as pydantic does for its own models."""
    if cls.__doc__:
        schema["description"] = inspect.cleandoc(cls.__doc__)


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(field,))
class _Dataclass:
    """Makes every subclass a dataclass of keyword fields, frozen, with its own ``build``.

    ``dataclasses`` writes a frozen class's ``__init__``, ``__setattr__`` and ``__delattr__`` and
    its ``__repr__`` as Python source compiled for each class; that was most of the record model's
    import. Here one ``__setattr__``, ``__delattr__`` and ``__repr__`` serve every node, and each
    class's ``__init__`` is compiled with its ``build``, from one source.
    """

    __pydantic_config__: ClassVar[dict[str, Any]] = {
        "extra": "forbid",
        "json_schema_extra": _describe,
    }
    """How pydantic reads a node at the edge: no fields but its own (it is a ``ConfigDict``)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(init=False, repr=False, eq=False, kw_only=True)(cls)
        build, init = _write_build(cls)
        cls.build = classmethod(build)  # type: ignore[attr-defined]
        cls.__init__ = init  # type: ignore[method-assign]

    def __setattr__(self, name: str, value: Any) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

    def __repr__(self) -> str:
        names = self.__dataclass_fields__  # type: ignore[attr-defined]
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{type(self).__qualname__}({shown})"


set_fields = _Dataclass.__dict__["__dict__"].__set__
"""Sets a node's fields at once (its ``__dict__`` slot, past the frozen ``__setattr__``): every
field, in field order, already checked."""


_ADAPTERS: dict[type, TypeAdapter[Any]] = {}


def _adapter(cls: type) -> TypeAdapter[Any]:
    """pydantic's validator and serializer of one node class, built the first time it is used."""
    adapter = _ADAPTERS.get(cls)
    if adapter is None:
        from pydantic import TypeAdapter

        adapter = _ADAPTERS[cls] = TypeAdapter(cls)
    return adapter


def _write_build(cls: type) -> tuple[Callable[..., Any], Callable[..., None]]:
    """``build`` and ``__init__`` for one node class, written as Python source once (as
    ``dataclasses`` writes ``__init__``): each field a keyword argument with its default (a
    required field a required argument), and the node's dictionary one display in field order."""
    namespace: dict[str, Any] = {
        "new_instance": new_instance,
        "_FRESH": _FRESH,
        "set_fields": set_fields,
    }
    parameters, items = [], []
    for index, info in enumerate(dataclasses.fields(cls)):
        name = info.name
        assert name.isidentifier() and not keyword.iskeyword(name), name
        if info.default_factory is list:  # a fresh empty list, as a display (no call)
            parameters.append(f"{name}=_FRESH")
            items.append(f"{name!r}: [] if {name} is _FRESH else {name}")
        elif info.default_factory is not dataclasses.MISSING:
            namespace[f"_factory_{index}"] = info.default_factory
            parameters.append(f"{name}=_FRESH")
            items.append(f"{name!r}: _factory_{index}() if {name} is _FRESH else {name}")
        elif info.default is not dataclasses.MISSING:
            namespace[f"_default_{index}"] = info.default
            parameters.append(f"{name}=_default_{index}")
            items.append(f"{name!r}: {name}")
        else:
            parameters.append(name)
            items.append(f"{name!r}: {name}")
    arguments, fields = ", ".join(parameters), ", ".join(items)
    source = (
        f"def build(cls, *, {arguments}):\n"
        "    node = new_instance(cls)\n"
        f"    set_fields(node, {{{fields}}})\n"
        "    return node\n"
        f"def __init__(self, *, {arguments}):\n"
        f"    set_fields(self, {{{fields}}})\n"
    )
    exec(source, namespace)  # the source is written above from the class's field names
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return cast(Callable[..., Any], namespace["build"]), init


class Node(_Dataclass):
    """An element of a record with its place in the source (0 when it was not read from text)."""

    line: int = 0
    column: int = 0

    if TYPE_CHECKING:

        @classmethod
        def build(cls, **fields: Any) -> Self:
            """A node of fields already checked (the reader's), made without running
            ``__init__``.

            The reader has read every value into its type (``Card``, ``Call``, nodes) and checked
            it against the game. The node equals the one its class or ``model_validate`` makes,
            its fields in the same order. Written for each class by ``_write_build``.
            """

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(
            getattr(self, name) == getattr(other, name)
            for name in self.__dataclass_fields__
            if name not in _POSITION
        )

    def __hash__(self) -> int:
        return id(self)

    # The methods of pydantic's models that the project calls, with their meaning.

    @classmethod
    def model_validate(cls, data: Any) -> Self:
        """A node of outside data (dicts, lists, codes), validated; raises pydantic's
        ``ValidationError`` (a ``ValueError``)."""
        return _adapter(cls).validate_python(data)

    @classmethod
    def model_validate_json(cls, text: str | bytes) -> Self:
        """A node of its JSON, validated; raises pydantic's ``ValidationError``."""
        return _adapter(cls).validate_json(text)

    @classmethod
    def model_json_schema(cls) -> dict[str, Any]:
        """The JSON Schema of the node's JSON."""
        return _adapter(cls).json_schema()

    def model_dump(self, **options: Any) -> Any:
        """The node as dicts and lists (``mode="json"``: as JSON holds it); pydantic's options."""
        return _adapter(type(self)).dump_python(self, **options)

    def model_dump_json(self, *, indent: int | None = None, **options: Any) -> str:
        """The node as JSON text, every field in field order; pydantic's options."""
        return _adapter(type(self)).dump_json(self, indent=indent, **options).decode()

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Self:
        """A copy of the node with the fields in ``update`` replaced, not validated."""
        copied = new_instance(type(self))
        set_fields(copied, {**self.__dict__, **(update or {})})
        return copied


class LineNode(Node):
    """An element that is a whole line: it carries the ``;`` comments around it."""

    before: list[str] = field(default_factory=list)
    """Whole-line ``;`` comments just above this line, in order."""
    remark: str | None = None
    """The ``;`` comment at the end of this line."""
