"""The command's parameters converted by plain code (``dashboard.cli.params``) give exactly what
typer's own pydantic conversion gives: the same values, the same usage errors word for word."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main
from hypothesis import given, settings
from hypothesis import strategies as st
from typer._click import Context, Parameter
from typer._click.exceptions import BadParameter
from typer._coercion import build_runtime_param

from dashboard.cli.commands import app
from dashboard.cli.params import PlainRuntimeParam

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "data" / "tgn-example-40.tgn"


def every_parameter() -> Iterator[tuple[str, Context, Parameter]]:
    """Each parameter of each command and group of the app, help options included, with a
    context of its command."""
    groups: list[tuple[str, Any]] = [("thuruppu", typer.main.get_command(app))]
    while groups:
        name, command = groups.pop()
        ctx = Context(command, info_name=name)
        for param in command.get_params(ctx):
            yield f"{name} {param.name}", ctx, param
        groups.extend((f"{name} {sub}", c) for sub, c in getattr(command, "commands", {}).items())


PARAMETERS = list(every_parameter())
TEXTS = ["1", "8", "+3", "-1", "0", "1_000", "1.0", "2.00", "1.5", "1e3", "0x1F", "٣", "1__0"]
TEXTS += ["_1", "x", "yes", "No", "off", "t", "maybe", "-", "data", "", " ", " TRUE ", " 12 "]


def outcome(runtime: Any, value: Any, param: Parameter, ctx: Context) -> Any:
    """What converting the value gives: the value, or the usage error's message."""
    try:
        return ("value", runtime.coerce(value, param=param, ctx=ctx))
    except BadParameter as error:
        return ("error", error.message)


def test_every_parameter_of_the_command_converts_by_plain_code() -> None:
    plain = [
        name
        for name, _, param in PARAMETERS
        if isinstance(param._runtime_param, PlainRuntimeParam)  # type: ignore[attr-defined]
    ]
    assert plain == [name for name, _, _ in PARAMETERS]
    assert {"thuruppu check jobs", "thuruppu check files", "thuruppu help"} <= set(plain)


@pytest.mark.parametrize(("name", "ctx", "param"), PARAMETERS, ids=[p[0] for p in PARAMETERS])
def test_each_parameter_converts_as_typer_does(name: str, ctx: Context, param: Parameter) -> None:
    ours = param._runtime_param  # type: ignore[attr-defined]
    typers = build_runtime_param(param.type_descriptor)  # type: ignore[attr-defined]
    values: list[Any] = [*TEXTS, None, str(EXAMPLE), str(EXAMPLE.parent), param.default]
    if param.nargs != 1 or param.multiple:
        values += [[], ["1", "2"], (str(EXAMPLE), "missing.tgn"), ["x", " 3 "]]
    for value in values:
        assert outcome(ours, value, param, ctx) == outcome(typers, value, param, ctx), value


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789+-_. \t\n.eExX٣", max_size=8))
def test_whole_numbers_and_flags_read_as_typer_reads_them(text: str) -> None:
    for _, ctx, param in PARAMETERS:
        kind = param.type_descriptor.annotation  # type: ignore[attr-defined]
        if kind in (int, bool):
            ours = param._runtime_param  # type: ignore[attr-defined]
            typers = build_runtime_param(param.type_descriptor)  # type: ignore[attr-defined]
            assert outcome(ours, text, param, ctx) == outcome(typers, text, param, ctx)


def test_check_of_a_file_builds_no_pydantic_adapter() -> None:
    script = (
        "import sys\n"
        f"sys.argv = ['thuruppu', 'check', {str(EXAMPLE)!r}, '--jobs', '1', '--rules', 'x=1']\n"
        "from dashboard.cli.commands import app\n"
        "try:\n    app()\nexcept SystemExit:\n    pass\n"
        "assert 'typer._adapters' not in sys.modules, 'typer converted with pydantic'\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
