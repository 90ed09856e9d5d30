"""The package is whole: the wheel, installed into a fresh environment, runs every command.

Slow (a packaging test: it builds the wheel, compiling the mypyc modules, a minute or two, once
for every test that installs it, ``tests/wheel_build.py``), and marked ``wheel``. The tests in the
source tree import the project from the source tree, so a file a page or command opens but the
package leaves out (``chart_preview.js`` once) went unseen; here the commands run from a folder
outside the source tree, with the project imported only from the installed wheel.

The fresh environment gets the wheel alone (``--no-deps``); its dependencies are this test
environment's own, made importable by a ``.pth`` line naming its site-packages folder, after the
fresh environment's own. That needs no network and no second download of Streamlit, pandas and
plotly (a 2-core CI machine would spend minutes on it), and it cannot hide a missing file of the
project: a ``.pth`` line adds a folder to the path without running the ``.pth`` files in it, so
the editable install of the source tree there stays inert, and the test checks where ``dashboard``
is imported from.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from dashboard.views.fonts import FACES, FOLDER, SERVED
from tests.wheel_build import built_wheel

pytestmark = pytest.mark.wheel

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
STARTUP_SECONDS = 120


@dataclass(frozen=True)
class Installed:
    """The wheel installed into a fresh environment, and a folder outside the source tree."""

    python: Path
    command: Path
    folder: Path

    def run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.command), *args],
            cwd=self.folder,
            env=clean_environment(self.folder),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )


def clean_environment(folder: Path) -> dict[str, str]:
    """The environment without anything pointing into the source tree."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTHON", "VIRTUAL_ENV", "THURUPPU"))
    }
    environment["HOME"] = str(folder / "home")
    environment["THURUPPU_CACHE"] = str(folder / "cache")
    return environment


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    root = tmp_path_factory.mktemp("wheel")
    wheel = built_wheel()
    environment = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(environment)], check=True)
    python = environment / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
        check=True,
        capture_output=True,
    )
    own = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    dependencies = sorted({sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]})
    (Path(own) / "test-dependencies.pth").write_text("\n".join(dependencies) + "\n")
    folder = root / "club"
    folder.mkdir()
    shutil.copytree(DATA, folder / "data")
    yield Installed(python, environment / "bin" / "thuruppu", folder)


def test_the_project_is_imported_from_the_wheel(installed: Installed) -> None:
    done = subprocess.run(
        [
            str(installed.python),
            "-c",
            "import dashboard, recorder, replay; print(dashboard.__file__)",
        ],
        cwd=installed.folder,
        env=clean_environment(installed.folder),
        capture_output=True,
        text=True,
        check=True,
    )
    location = Path(done.stdout.strip())
    assert installed.python.parent.parent in location.parents
    assert ROOT not in location.parents


def test_the_wheel_carries_the_c_search_of_the_tricks(installed: Installed) -> None:
    """Built with the package (``setup.py``), it is used from the wheel, with the same values."""
    script = (
        "import random\n"
        "from replay.solver import Solver\n"
        "from replay.solver.deal import random_ending\n"
        "from replay.solver.search import NATIVE_ENDGAME\n"
        "position = random_ending('28', random.Random('wheel'), 18)\n"
        "native, plain = Solver(position), Solver(position, native=False)\n"
        "print(NATIVE_ENDGAME, native.value() == plain.value(), native.endgame.nodes > 0)\n"
    )
    done = subprocess.run(
        [str(installed.python), "-c", script],
        cwd=installed.folder,
        env=clean_environment(installed.folder),
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.split() == ["True", "True", "True"]


def test_check_runs_from_the_wheel(installed: Installed) -> None:
    done = installed.run("check", "data/tgn-example-40.tgn", "--json")
    assert done.returncode in (0, 1), done.stderr
    assert '"path": "data/tgn-example-40.tgn"' in done.stdout
    assert '"hands": 1' in done.stdout


def test_score_and_convert_run_from_the_wheel(installed: Installed) -> None:
    score = installed.run("score", "data/club-night-40.tgn")
    assert score.returncode in (0, 1), score.stderr
    converted = installed.run("convert", "data/tgn-example-40.tgn", "--to", "json")
    assert converted.returncode == 0, converted.stderr
    assert converted.stdout.startswith("{")


def test_tournament_runs_from_the_wheel(installed: Installed) -> None:
    done = installed.run("tournament", "data/tournament", "--html", "report.html")
    assert done.returncode in (0, 1), done.stderr
    assert "Traceback" not in done.stderr
    assert (installed.folder / "report.html").read_text(encoding="utf-8").startswith("<!")


def test_the_dashboard_serves_its_page_from_the_wheel(installed: Installed) -> None:
    """``thuruppu dashboard`` on its bundled sessions (package data) answers its health check
    and serves the page, the chart's plotly.js bundle and every font the pages name."""
    with _serving(installed, "dashboard", "--db", "club.sqlite") as url:
        assert _get(f"{url}/").startswith(b"<!")
        bundle = _get(f"{url}/app/static/plotly-basic.min.js")
        assert len(bundle) > 100_000
        for face in FACES:
            assert _get(f"{url}/{SERVED}/{face.file}").startswith(b"wOF2"), face.file


def test_the_fonts_and_their_licences_are_in_the_wheel(installed: Installed) -> None:
    """The installed package holds every font file and its licence, and a printable made from
    the wheel carries its fonts inside: nothing is fetched or looked up on the machine."""
    done = subprocess.run(
        [str(installed.python), "-c", "import dashboard; print(dashboard.__file__)"],
        cwd=installed.folder,
        env=clean_environment(installed.folder),
        capture_output=True,
        text=True,
        check=True,
    )
    fonts = Path(done.stdout.strip()).parent / "static" / "fonts"
    for face in FACES:
        assert (fonts / face.file).read_bytes() == (FOLDER / face.file).read_bytes()
    licences = sorted(path.name for path in fonts.glob("*.OFL.txt"))
    assert licences == sorted(path.name for path in FOLDER.glob("*.OFL.txt"))
    assert len(licences) == len({face.family for face in FACES})
    report = installed.run("report", "data/club-night-40.tgn", "--hand", "6")
    assert report.returncode == 0, report.stderr
    assert "src:url(data:font/woff2;base64," in report.stdout


def test_record_serves_from_the_wheel(installed: Installed) -> None:
    with _serving(installed, "record", "--db", "record.sqlite") as url:
        assert _get(f"{url}/record").startswith(b"<!")


class _serving:
    """A ``thuruppu`` server command running from the wheel until the block ends."""

    def __init__(self, installed: Installed, *args: str) -> None:
        self.port = free_port()
        self.installed = installed
        self.args = [*args, "--port", str(self.port)]
        self.log = installed.folder / f"{args[0]}-{self.port}.log"

    def __enter__(self) -> str:
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                [str(self.installed.command), *self.args],
                cwd=self.installed.folder,
                env=clean_environment(self.installed.folder),
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            if self.process.poll() is not None:
                output = self.log.read_text(errors="replace")
                pytest.fail(f"{self.args[0]} exited with {self.process.returncode}:\n{output}")
            try:
                if _get(f"{url}/_stcore/health").strip() == b"ok":
                    return url
            except OSError:
                pass
            if time.monotonic() > deadline:
                self._stop()
                pytest.fail(f"{self.args[0]} did not answer:\n{self.log.read_text()}")
            time.sleep(0.5)

    def __exit__(self, *_: object) -> None:
        self._stop()
        assert "Traceback" not in self.log.read_text(errors="replace")

    def _stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=5) as answer:
        return bytes(answer.read())
