"""The compiled TGN reader reads exactly as its plain Python source does.

Installed with a C compiler, the reader's lexer, words, body lines, tags and assembly run compiled
(``setup.py``); a machine without one runs their source. Both must agree: a copy of the packages
without the extensions reads every sample session and test case, each also mangled in seeded ways
(characters dropped, doubled or changed, lines swapped, cut short) so that every kind of read error
comes up, to the same records and the same errors (line, column, message) as the compiled build,
and the reader's property, error and leniency tests pass on it.
"""

from __future__ import annotations

import importlib.machinery
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from recorder.tgn import lexer, read
from tests.plain_source import assert_tests_pass_on_plain, copy_plain_source

ROOT = Path(__file__).resolve().parent.parent
COMPILED = lexer.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))

pytestmark = pytest.mark.skipif(not COMPILED, reason="the reader runs as plain Python already")

READ = """
import json
import sys
from pathlib import Path
from recorder.tgn import lexer
from tests.test_reader_compiled import all_read

assert lexer.__file__.endswith(".py"), lexer.__file__
print(json.dumps(all_read(Path(sys.argv[1]))))
"""


def texts(root: Path) -> list[tuple[str, str]]:
    """Every sample session and test case under ``root``, and seeded mangled copies of each."""
    files = sorted([*(root / "data").rglob("*.tgn"), *(root / "tests" / "tgn_cases").glob("*")])
    found = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        name = str(path.relative_to(root))
        found.append((name, text))
        rng = random.Random(name)
        for index in range(12):
            found.append((f"{name}#{index}", _mangle(text, rng)))
    return found


def _mangle(text: str, rng: random.Random) -> str:
    """The text with a few seeded changes of one kind."""
    kind = rng.randrange(4)
    for _ in range(rng.randint(1, 6)):
        at = rng.randrange(len(text))
        if kind == 0:
            text = text[:at] + text[at + 1 :]
        elif kind == 1:
            text = text[:at] + text[at] + text[at:]
        elif kind == 2:
            text = text[:at] + rng.choice('[]{}";:.-?!^*=|0123456789 JQKAT\nHSDCx') + text[at + 1 :]
        else:
            lines = text.split("\n")
            first, second = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[first], lines[second] = lines[second], lines[first]
            text = "\n".join(lines[: rng.randint(1, len(lines))])
    return text


def all_read(root: Path = ROOT) -> list[dict[str, Any]]:
    """Each text's record (as JSON) and errors, as JSON data."""
    results = []
    for name, text in texts(root):
        result = read(text, name)
        results.append(
            {
                "name": name,
                "record": result.record.model_dump_json() if result.record else None,
                "errors": [[e.line, e.column, e.message] for e in result.errors],
            }
        )
    return results


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project's packages without the compiled extensions."""
    return copy_plain_source(tmp_path_factory.mktemp("plain"))


def test_the_plain_source_reads_as_the_compiled_reader(plain: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", READ, str(ROOT)],
        cwd=plain,
        capture_output=True,
        text=True,
        check=True,
    )
    expected = all_read()
    assert json.loads(done.stdout) == expected
    assert sum(len(entry["errors"]) for entry in expected) > 100
    assert sum(entry["record"] is not None for entry in expected) > 50


def test_the_reader_property_and_error_tests_pass_on_the_plain_source(plain: Path) -> None:
    tests = [
        "tests/test_tgn_properties.py",
        "tests/test_tgn_errors.py",
        "tests/test_tgn_lenient.py",
        "tests/test_tgn_comments.py",
    ]
    assert_tests_pass_on_plain(plain, "recorder.tgn.lexer", tests)
