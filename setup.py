"""Compiles the solver's search, the rules engine's inner loop and the TGN reader to C with mypyc
(the same Python source, typed), when it can.

The search visits hundreds of thousands of positions per hand, and ``thuruppu check`` judges every
card of a club's sessions; compiled they run several times faster. Without a C compiler the build
skips these extensions and the same modules run as plain Python, with the same results
(``tests/test_solver_compiled.py``, ``tests/test_engine_compiled.py``,
``tests/test_reader_compiled.py``).
"""

from setuptools import Extension, setup

COMPILED = [
    "replay/solver/layout.py",
    "replay/solver/relative.py",
    "replay/solver/board.py",
    "replay/solver/ordering.py",
    "replay/solver/bounds.py",
    "replay/solver/search.py",
    # the rules engine: one hand's table, what the record shows of the cards, the calling, the
    # play and its undertakings, the end (not the result types, which are pickled and shared)
    "replay/tricks/knowledge.py",
    "replay/tricks/report.py",
    "replay/tricks/run.py",
    "replay/tricks/calling.py",
    "replay/tricks/redeal.py",
    "replay/tricks/opening.py",
    "replay/tricks/play.py",
    "replay/tricks/undertakings.py",
    "replay/tricks/verdict.py",
    # the TGN reader: the lexer, the words, the trick games' body lines, the tags, the assembly
    "recorder/tgn/lexer.py",
    "recorder/tgn/node_maker.py",
    "recorder/tgn/words.py",
    "recorder/tgn/body.py",
    "recorder/tgn/tags.py",
    "recorder/tgn/reader.py",
]
"""The modules of the inner loops; ``tests/conftest.py`` checks they are not stale."""

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

# The tricks of a hand from every trick start, where nearly all of the search's nodes are, in C
# (replay/solver/_endgame.c); without a compiler the search plays them in Python, same values.
extensions.append(
    Extension(
        "replay.solver._endgame",
        ["replay/solver/_endgame.c"],
        extra_compile_args=["-O2"],
        optional=True,
    )
)

setup(ext_modules=extensions)
