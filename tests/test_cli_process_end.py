"""``check`` and ``score`` as the installed command, which ends its process without freeing the
session it read: every byte of the output still arrives, through a pipe or into a file, with the
exit status and standard error the commands give inside a test's runner."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dashboard.cli.commands import app

DATA = Path(__file__).resolve().parent.parent / "data"
CLUB = DATA / "club-night-40.tgn"
THURUPPU = Path(sys.executable).with_name("thuruppu")

runner = CliRunner()


def _long_session(folder: Path) -> Path:
    """The club night's hands written many times over: output well past a pipe's buffer."""
    text = CLUB.read_text(encoding="utf-8")
    head, mark, hands = text.partition('[Hand "1"]')
    path = folder / "long.tgn"
    path.write_text(head + "\n".join([mark + hands] * 100), encoding="utf-8")
    return path


def _broken_session(folder: Path) -> Path:
    path = folder / "broken.tgn"
    text = CLUB.read_text(encoding="utf-8").replace("deal 1:", "deal 1: ZZ", 1)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [["check", "--json"], ["check"], ["score", "--json"]])
@pytest.mark.parametrize("session", [_long_session, _broken_session])
def test_the_installed_command_prints_everything_and_keeps_its_exit_status(
    tmp_path: Path, command: list[str], session: object
) -> None:
    assert callable(session)
    path = str(session(tmp_path))
    expected = runner.invoke(app, [*command, path])
    piped = subprocess.run([str(THURUPPU), *command, path], capture_output=True, check=False)
    assert piped.returncode == expected.exit_code and piped.returncode in (1, 2)
    assert piped.stdout.decode() == expected.stdout
    assert piped.stderr.decode() == expected.stderr
    assert piped.stdout
    into = tmp_path / "out.txt"
    with into.open("wb") as out:
        filed = subprocess.run([str(THURUPPU), *command, path], stdout=out, check=False)
    assert filed.returncode == expected.exit_code
    assert into.read_text(encoding="utf-8") == expected.stdout
