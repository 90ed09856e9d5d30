"""A copy of the project's packages without their compiled extensions, for the tests that check the
plain Python source gives what the compiled build gives."""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def copy_plain_source(folder: Path) -> Path:
    """Copy ``recorder``, ``replay``, ``dashboard`` and ``tests`` into ``folder``, leaving out every
    compiled module (and the browser tests), so that Python imports the sources there."""
    for package in ("recorder", "replay", "dashboard", "tests"):
        shutil.copytree(
            ROOT / package,
            folder / package,
            ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "browser"),
        )
    shutil.copy(ROOT / "pyproject.toml", folder)
    return folder
