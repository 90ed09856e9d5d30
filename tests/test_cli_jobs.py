"""``thuruppu check --jobs N``: files checked by several processes at once give exactly what one
job gives, in the same order and with the same exit status."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dashboard.cli.commands import app

DATA = Path(__file__).resolve().parent.parent / "data"
BROKEN = '[Game "40"]\n[Players "A, B, C, D, E, F"]\n\n[Hand "1"]\n[Dealer "1"]\nbid 1:2O\n'

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The bundled sessions twice over, with a file that cannot be read and an empty one."""
    for copy in ("a", "b"):
        shutil.copytree(DATA, tmp_path / copy)
    (tmp_path / "a" / "broken.tgn").write_text(BROKEN)
    (tmp_path / "b" / "empty.tgn").write_text("")
    return tmp_path


@pytest.mark.parametrize("extra", [(), ("--json",)])
def test_several_jobs_print_and_exit_as_one_job(folder: Path, extra: tuple[str, ...]) -> None:
    one = run("check", "--jobs", "1", *extra, str(folder / "b"), str(folder / "a"))
    assert one[0] == 2 and one[1] and one[2]  # findings on output, read errors on stderr
    for jobs in ("2", "3"):
        assert run("check", "--jobs", jobs, *extra, str(folder / "b"), str(folder / "a")) == one


def test_jobs_default_to_every_core_with_the_same_output(folder: Path) -> None:
    assert run("check", str(folder)) == run("check", "--jobs", "1", str(folder))


def test_a_bad_rules_override_is_the_same_usage_error_with_several_jobs(folder: Path) -> None:
    args = ("check", "--rules", "nonsense", str(folder / "a"))
    one = run(*args, "--jobs", "1")
    assert one[0] == 2 and one[2].endswith("thuruppu: --rules nonsense: expected KEY=VALUE\n")
    assert run(*args, "--jobs", "2") == one


def test_jobs_must_be_at_least_one(folder: Path) -> None:
    code, _, err = run("check", "--jobs", "0", str(folder))
    assert code == 2 and "--jobs" in err
