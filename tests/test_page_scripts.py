"""Nothing a page script says to its readers is drawn on the page.

Streamlit's "magic" writes every bare expression of a page script onto the page, a string as
Markdown; only a script's or a function's docstring (its first statement) is passed over. So a
note on a constant written as an attribute docstring (a string after the assignment, as the
project's modules do) shows up as text on the page when it is in a page script. This test walks
the app's script and every page script it registers the way magic does and names each such string.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

DASHBOARD = Path(__file__).resolve().parent.parent / "dashboard"
APP = DASHBOARD / "app.py"
PAGES = sorted(
    {DASHBOARD / "screens" / name for name in re.findall(r'SCREENS / "(\w+\.py)"', APP.read_text())}
)

BLOCKS = (ast.If, ast.With, ast.For, ast.While, ast.Try, ast.FunctionDef, ast.AsyncFunctionDef)


def drawn_strings(body: list[ast.stmt], has_docstring: bool) -> list[str]:
    """The bare strings of ``body`` and the blocks in it that magic would write on the page."""
    found = []
    for index, statement in enumerate(body):
        if (
            isinstance(statement, ast.Expr)
            and isinstance(statement.value, ast.Constant)
            and isinstance(statement.value.value, str)
            and not (has_docstring and index == 0)
        ):
            found.append(f"line {statement.lineno}: {statement.value.value[:60]!r}")
        if isinstance(statement, BLOCKS):
            function = isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef)
            for field in ("body", "orelse", "finalbody"):
                found += drawn_strings(getattr(statement, field, []), function and field == "body")
    return found


def test_the_app_registers_its_pages() -> None:
    assert len(PAGES) >= 9 and all(page.is_file() for page in PAGES), PAGES


@pytest.mark.parametrize("script", [APP, *PAGES], ids=lambda path: path.name)
def test_a_page_script_draws_no_note_meant_for_its_readers(script: Path) -> None:
    tree = ast.parse(script.read_text(encoding="utf-8"))
    assert drawn_strings(tree.body, has_docstring=True) == []
