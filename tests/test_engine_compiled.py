"""The compiled rules engine judges exactly as its plain Python source does.

Installed with a C compiler, the engine's inner loop runs compiled (``setup.py``); a machine without
one runs its source. Both must agree: a copy of the packages without the extensions runs the
random-play and property tests, and judges seeded sessions (legal play and hands mangled into every
kind of finding) to the same findings, results and scores as the compiled build.
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

from recorder.model import Record
from replay.tricks import play, replay_session
from replay.tricks.scoring import score_session
from replay.tricks.simulate import random_session
from tests.plain_source import assert_tests_pass_on_plain, copy_plain_source
from tests.test_engine_robust import _mangle
from tests.test_random_play import SWITCHES

COMPILED = play.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))

pytestmark = pytest.mark.skipif(not COMPILED, reason="the engine runs as plain Python already")

JUDGE = """
import json
from replay.tricks import play
from tests.test_engine_compiled import judged

assert play.__file__.endswith(".py"), play.__file__
print(json.dumps(judged()))
"""


def sessions() -> list[Record]:
    """Seeded sessions of each game under each tested set of house rules, and one-hand sessions
    mangled (cards, seats, actions, order, lines changed) so that every check has work to do."""
    found = []
    for game, options in SWITCHES.items():
        rng = random.Random(f"compiled engine {game}")
        for index in range(30):
            switches = options[index % len(options)]
            found.append(random_session(game, rng, 4, switches=switches))
            record = random_session(game, rng, 1, switches=switches)
            for _ in range(rng.randint(1, 4)):
                record = _mangle(record, rng.randrange(6), random.Random(rng.random()))
            found.append(record)
    return found


def judged() -> list[dict[str, Any]]:
    """Each session's findings, hand results, tricks and score, as JSON data."""
    results = []
    for record in sessions():
        session = replay_session(record)
        score = score_session(record, [hand.result for hand in session.hands])
        results.append(
            {
                "findings": [finding.to_json() for finding in session.findings],
                "results": [repr(hand.result) for hand in session.hands],
                "tricks": [repr(hand.tricks) for hand in session.hands],
                "score": score.to_json(),
            }
        )
    return results


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project's packages without the compiled extensions."""
    return copy_plain_source(tmp_path_factory.mktemp("plain"))


def test_the_plain_source_judges_as_the_compiled_engine(plain: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", JUDGE], cwd=plain, capture_output=True, text=True, check=True
    )
    expected = json.loads(json.dumps(judged()))
    assert json.loads(done.stdout) == expected
    assert sum(len(session["findings"]) for session in expected) > 100


def test_the_random_play_and_property_tests_pass_on_the_plain_source(plain: Path) -> None:
    tests = [
        "tests/test_random_play.py",
        "tests/test_engine_robust.py",
        "tests/test_auction_hold.py",
        "tests/test_named_trump.py",
    ]
    assert_tests_pass_on_plain(plain, "replay.tricks.play", tests)
