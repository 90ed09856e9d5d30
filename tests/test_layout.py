"""The house's layout (docs/ARCHITECTURE.md): imports flow one way, recorder ← replay ← dashboard,
with no circle anywhere; a family is a subfolder, not a file-name prefix; the top of ``dashboard/``
stays small.

The imports are read from the source with ``ast``, every ``import`` and ``from … import`` at any
depth (one inside a function is still an arrow), so a lazy import cannot hide a circle or an arrow
back up.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("recorder", "replay", "dashboard")
"""In the order of the flow: each may import the ones before it, never one after."""
FAMILY_FOLDERS = {"rummy": "rummy_", "tricks": "tricks_", "tournament": "tournament_"}
"""A family's own folder, and the file-name prefix that would repeat what the folder says."""
DASHBOARD_TOP_FILES = 8


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the three packages by its dotted name (a package by its own name); a
    module written in C by its typing stub (``.pyi`` with no ``.py``)."""
    found = {}
    for package in PACKAGES:
        stubs = [
            path for path in (root / package).rglob("*.pyi") if not path.with_suffix(".py").exists()
        ]
        for path in [*(root / package).rglob("*.py"), *stubs]:
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The project's modules that ``name`` imports: for ``from P import N``, ``P.N`` when that is
    a module, else ``P``."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    known = modules(root)
    return {name: set(imported(name, path, known)) for name, path in known.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The graph's strongly connected components of more than one module (Tarjan's)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for after in sorted(graph[node]):
            if after not in index:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after in on_stack:
                low[node] = min(low[node], index[after])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def arrows_back_up(graph: dict[str, set[str]]) -> list[str]:
    rank = {package: place for place, package in enumerate(PACKAGES)}
    return sorted(
        f"{module} -> {target}"
        for module, targets in graph.items()
        for target in targets
        if rank[target.split(".")[0]] > rank[module.split(".")[0]]
    )


def test_no_import_circle_anywhere() -> None:
    assert circles(import_graph()) == []


def test_imports_flow_recorder_replay_dashboard() -> None:
    assert arrows_back_up(import_graph()) == []


def test_the_walk_finds_a_lazy_circle_and_an_arrow_back_up(tmp_path: Path) -> None:
    """The checks above fail on what they are for: a circle made of a lazy import inside a
    function, and a relative import from the engine up into the dashboard."""
    for package in PACKAGES:
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "recorder" / "cards.py").write_text(
        "def form():\n    from recorder.fields import schema\n    return schema\n"
    )
    (tmp_path / "recorder" / "fields.py").write_text("from recorder.cards import form\n")
    (tmp_path / "replay" / "engine.py").write_text("from ..dashboard import state\n")
    (tmp_path / "dashboard" / "state.py").write_text("")
    graph = import_graph(tmp_path)
    assert circles(graph) == [["recorder.cards", "recorder.fields"]]
    assert arrows_back_up(graph) == ["replay.engine -> dashboard.state"]


@pytest.mark.parametrize("package", PACKAGES)
def test_no_family_prefix_inside_a_family_folder(package: str) -> None:
    prefixed = [
        str(path.relative_to(ROOT))
        for path in (ROOT / package).rglob("*")
        if path.is_file()
        and path.parent.name in FAMILY_FOLDERS
        and path.name.startswith(FAMILY_FOLDERS[path.parent.name])
    ]
    assert prefixed == []


def test_the_dashboard_top_holds_few_files() -> None:
    """A folder a concern: what stands at the top of ``dashboard/`` is the app and what every
    page shares (``dashboard/data`` and ``dashboard/docs`` are links to the project's own)."""
    top = sorted(path.name for path in (ROOT / "dashboard").iterdir() if path.is_file())
    assert len(top) <= DASHBOARD_TOP_FILES, top
