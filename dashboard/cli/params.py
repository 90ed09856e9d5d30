"""The ``thuruppu`` command's parameters converted by plain code, not by pydantic.

typer converts each parameter it parses with a pydantic ``TypeAdapter``, built on the spot. Building
them imports pydantic's type library and plugin loader and generates a schema per parameter: for
``thuruppu check`` of one file that is about a tenth of the whole command. The command's parameters
are of a few simple kinds (paths, text, whole numbers with bounds, flags, lists of them), so
``PlainTyper`` gives those a converter of its own, with typer's results and messages word for word
(``tests/test_cli_params.py`` holds both to every value tried). A parameter of any other kind keeps
typer's own conversion.

The options that the command's own subcommands and the tournament day's verbs (``thuruppu day``)
both take, ``--db`` and ``--event``, are defined here once, so that every command names and
explains them alike.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from typer._click import Command, Context, Parameter
from typer._click.exceptions import BadParameter
from typer._coercion import RuntimeParam, TypeDescriptor
from typer._param_types import coerce_cli_path
from typer.core import TyperCommand, TyperGroup

_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+(?:_[0-9]+)*(?:\.0+)?")
"""A whole number as pydantic reads one from text: ASCII digits, ``_`` between them, an optional
sign and zeros after a decimal point (``"1.0"``); blanks around it are dropped first."""
NOT_A_WHOLE_NUMBER = "Input should be a valid integer, unable to parse string as an integer"
NOT_A_TRUTH_VALUE = "Input should be a valid boolean, unable to interpret input"
_TRUTH = {word: True for word in ("1", "on", "t", "true", "y", "yes")} | {
    word: False for word in ("0", "off", "f", "false", "n", "no")
}
"""The words pydantic reads as a truth value (in any case)."""


class PlainParameters(Command):
    """A command (or group) whose simple parameters, its help option too, convert by
    ``plain_conversion``; each gets its converter the first time the command lists them."""

    def get_params(self, ctx: Context) -> list[Parameter]:
        params = super().get_params(ctx)
        for param in params:
            if getattr(param, "_runtime_param", False) is None:
                descriptor = param.type_descriptor  # type: ignore[attr-defined]
                param._runtime_param = plain_conversion(descriptor)  # type: ignore[attr-defined]
        return params


class PlainCommand(PlainParameters, TyperCommand):
    """typer's command, its simple parameters converted by plain code."""


class PlainGroup(PlainParameters, TyperGroup):
    """typer's command group, its simple parameters converted by plain code."""


class PlainTyper(typer.Typer):
    """``typer.Typer`` whose commands are ``PlainCommand``s and which is a ``PlainGroup``."""

    def __init__(self, **settings: Any) -> None:
        super().__init__(cls=PlainGroup, **settings)

    def command(self, *args: Any, **settings: Any) -> Any:
        return super().command(*args, **{"cls": PlainCommand, **settings})


Convert = Callable[[Any, Any, Context], Any]
"""One value's conversion: the value, the parameter and the context (for a usage error)."""


@dataclass(frozen=True)
class PlainRuntimeParam(RuntimeParam):
    """typer's conversion of one parameter, done by ``convert`` on each of its values."""

    convert: Convert
    many: bool

    def _coerce_value(self, value: Any, param: Any, ctx: Context) -> Any:
        if not self.many:
            return self.convert(value, param, ctx)
        items = value if isinstance(value, (list, tuple)) else [value]
        return [self.convert(item, param, ctx) for item in items]


def plain_conversion(descriptor: TypeDescriptor) -> PlainRuntimeParam | None:
    """The plain conversion of a parameter of one of the simple kinds, else ``None`` (typer's)."""
    info = descriptor.parameter_info
    annotation: Any = descriptor.annotation
    many = getattr(annotation, "__origin__", None) is list
    if many:
        (annotation,) = annotation.__args__
    if descriptor.file_annotation is not None or info.parser is not None:
        return None
    convert: Convert
    if annotation is str:
        convert = _text
    elif annotation is bool:
        convert = _truth
    elif annotation is int and not info.clamp:
        convert = _whole_number(info.min, info.max)
    elif annotation is Path and info.path_type is None:
        convert = _path(info)
    else:
        return None
    return PlainRuntimeParam(
        parameter_info=info, annotation=descriptor.annotation, convert=convert, many=many
    )


def _text(value: Any, param: Any, ctx: Context) -> str:
    """Text as typer gives it (the command line's words are text already)."""
    return value if isinstance(value, str) else str(value)


def _truth(value: Any, param: Any, ctx: Context) -> bool:
    """A flag's value: a truth word, blank (false), a truth value, or 0 or 1."""
    if isinstance(value, str):
        text = value.strip()
        truth = _TRUTH.get(text.lower()) if text else False
    elif isinstance(value, (bool, int, float)) and value in (0, 1):
        truth = bool(value)
    else:
        truth = None
    if truth is None:
        raise BadParameter(NOT_A_TRUTH_VALUE, ctx=ctx, param=param)
    return truth


def _as_pydantic_reads(text: str) -> int | None:
    """What pydantic makes of text that is no plain whole number: mostly nothing, but it reads a
    few odd forms (``"0-1"`` as -1), and typer's result is the contract. Asked only then, so a
    plain number never loads pydantic."""
    from pydantic import TypeAdapter, ValidationError

    try:
        return int(TypeAdapter(int).validate_python(text))
    except ValidationError:
        return None


def _whole_number(low: float | None, high: float | None) -> Convert:
    """A whole number within ``low`` and ``high`` (each when given), with typer's messages."""

    def convert(value: Any, param: Any, ctx: Context) -> int:
        if isinstance(value, str):
            text = value.strip()
            if _WHOLE_NUMBER.fullmatch(text):
                value = int(text.partition(".")[0])
            else:
                value = _as_pydantic_reads(text)
                if value is None:
                    raise BadParameter(NOT_A_WHOLE_NUMBER, ctx=ctx, param=param)
        elif not isinstance(value, int):  # a default of another kind
            raise BadParameter(NOT_A_WHOLE_NUMBER, ctx=ctx, param=param)
        if low is not None and value < low:
            raise BadParameter(
                f"Input should be greater than or equal to {low}", ctx=ctx, param=param
            )
        if high is not None and value > high:
            raise BadParameter(
                f"Input should be less than or equal to {high}", ctx=ctx, param=param
            )
        return int(value)

    return convert


def _path(info: Any) -> Convert:
    """A path, checked against the parameter's settings (exists, readable, …) by typer itself."""

    def convert(value: Any, param: Any, ctx: Context) -> Any:
        path = value if isinstance(value, Path) else Path(value)
        return coerce_cli_path(path, info, path_type=Path, param=param, ctx=ctx)

    return convert


class UsageError(ValueError):
    """A wrong option value, found where the command cannot stop (``usage_error`` reports it)."""


def read_overrides(items: list[str] | None, game: str | None = None) -> dict[str, str]:
    """``--rules KEY=VALUE`` items as a dict; a malformed or unknown one raises ``UsageError``."""
    from recorder.house_rules import rule_problem

    overrides: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        problem = (
            "expected KEY=VALUE" if not sep else rule_problem(game, key, value) if game else None
        )
        if problem:
            raise UsageError(f"--rules {item}: {problem}")
        overrides[key] = value
    return overrides


DbOption = Annotated[
    str | None, typer.Option("--db", help="The archive: a SQLite file or a postgresql:// address.")
]
"""``--db``: the archive to open; without it ``$THURUPPU_DB``, else the default one."""
EventOption = Annotated[
    str | None,
    typer.Option("--event", help="The tournament, when the archive holds several."),
]
"""``--event``: which tournament of the archive (the only one when it holds one)."""
FairBackgroundOption = Annotated[
    bool,
    typer.Option(
        "--fair-background/--no-fair-background",
        help="Judge each hand fairly in the background as it ends (one core at the lowest "
        "priority); --no-fair-background on a weak machine ($THURUPPU_FAIR_BACKGROUND=off).",
    ),
]
"""``--no-fair-background``: the server analyses no hand unasked (``dashboard.server.
fair_background``)."""
