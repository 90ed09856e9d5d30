"""A copy of the project's packages without their compiled extensions, for the tests that check the
plain Python source gives what the compiled build gives."""

from __future__ import annotations

import shutil
import subprocess
import sys
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


def assert_tests_pass_on_plain(plain: Path, module: str, tests: list[str]) -> None:
    """Run ``tests`` with pytest in the plain copy ``plain``, after checking that ``module`` (a
    compiled one, ``package.name``) is imported there from its source; fail with pytest's output."""
    package, name = module.rsplit(".", 1)
    check = f"from {package} import {name}; assert {name}.__file__.endswith('.py'), {name}.__file__"
    subprocess.run([sys.executable, "-c", check], cwd=plain, check=True)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests],
        cwd=plain,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:]
