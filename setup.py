"""Compiles the solver's search to C with mypyc (the same Python source, typed), when it can.

The search visits hundreds of thousands of positions per hand; compiled it runs several times
faster. Without a C compiler the build skips these extensions and the same modules run as plain
Python, with the same results.
"""

from setuptools import setup

COMPILED = [
    "replay/solver/layout.py",
    "replay/solver/relative.py",
    "replay/solver/board.py",
    "replay/solver/ordering.py",
    "replay/solver/bounds.py",
    "replay/solver/search.py",
]
"""The modules of the search's inner loop; ``tests/conftest.py`` checks they are not stale."""

try:
    from mypyc.build import mypycify
except ImportError:  # built without the build requirements: plain Python
    extensions = []
else:
    # The project's mypy settings load the pydantic plugin, which the build environment lacks;
    # the compiled modules need neither, so the build type-checks them with mypy's defaults.
    extensions = mypycify(["--config-file=", "--ignore-missing-imports", *COMPILED], opt_level="3")
    for extension in extensions:
        extension.optional = True

setup(ext_modules=extensions)
