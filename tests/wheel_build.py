"""The project's wheel, built once from the source tree for the tests that install it
(``tests/test_wheel.py``, ``tests/test_hosting_recipe.py``).

Building it compiles the mypyc modules: a minute of CPU, two or three on a loaded 2-core machine.
The wheel is kept in the system's temporary folder under a digest of every file it is made of,
so the test processes of one run (``pytest -n 2``) and later runs on an unchanged tree build it
once: a lock file makes a second process wait for the first one's build instead of repeating it.
A changed file gives another digest and a new build; the oldest wheels are then removed.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEFT_OUT = {".venv", ".git", "build", "test-output", ".pytest_cache", ".mypy_cache"}
LEFT_OUT |= {".ruff_cache", "__pycache__", ".hypothesis"}
PACKAGES = ("recorder", "replay", "dashboard")
BUILD_FILES = ("setup.py", "pyproject.toml", "README.md")
KEPT = 3
"""How many older wheels stay (other source trees on the same machine)."""


def not_the_package(folder: str, names: list[str]) -> list[str]:
    """What the copy of the source tree leaves out: environments, caches and built files."""
    return [name for name in names if name in LEFT_OUT or name.endswith((".so", ".egg-info"))]


def source_digest(root: Path = ROOT) -> str:
    """A digest of every file the wheel is made of: the packages (the links in them followed),
    the build's files and the readme its metadata holds; each file's path and bytes."""
    digest = hashlib.sha256()
    files = [root / name for name in BUILD_FILES]
    for package in PACKAGES:
        for folder, names, found in os.walk(root / package, followlinks=True):
            left_out = set(not_the_package(folder, [*names, *found]))
            names[:] = sorted(name for name in names if name not in left_out)
            files += [Path(folder) / name for name in sorted(found) if name not in left_out]
    for path in files:
        digest.update(str(path.relative_to(root)).encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def built_wheel(root: Path = ROOT) -> Path:
    """The wheel of the source tree ``root`` (built now, or by an earlier process on the same
    files); readable by every user, since a test may install it as another."""
    store = Path(tempfile.gettempdir()) / "thuruppu-test-wheels"
    store.mkdir(mode=0o755, exist_ok=True)
    name = source_digest(root)
    with (store / "lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        folder = store / name
        found = sorted(folder.glob("thuruppu-*.whl"))
        if found:
            return found[0]
        built = sorted((f for f in store.iterdir() if f.is_dir()), key=lambda f: f.stat().st_mtime)
        for older in built[:-KEPT]:
            shutil.rmtree(older, ignore_errors=True)
        work = Path(tempfile.mkdtemp(prefix="thuruppu-wheel-build-"))
        try:
            build = work / "build"
            shutil.copytree(root, build, ignore=not_the_package, symlinks=True)
            command = [sys.executable, "-m", "pip", "wheel", ".", "--no-deps"]
            command += ["--no-build-isolation", "-q", "-w", str(work / "wheels")]
            subprocess.run(command, cwd=build, check=True, capture_output=True)
            (wheel,) = (work / "wheels").glob("thuruppu-*.whl")
            wheel.chmod(0o644)
            folder.mkdir(mode=0o755, exist_ok=True)
            return Path(shutil.move(wheel, folder / wheel.name))
        finally:
            shutil.rmtree(work, ignore_errors=True)
