"""A server started on an archive serves that archive only, ``postgresql://`` addresses stay whole
from the command line to the pages, and the day's new verbs (``start``, ``settle``) do what the
table's and the Director's pages do."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from dashboard.cli.commands import app
from dashboard.day.source import open_day
from dashboard.server import launch
from dashboard.state import BUNDLED_DATA, data_location
from recorder.archive import ARCHIVE_ENV, open_archive
from tests.day_setup import EVENT, set_up

runner = CliRunner()
URL = "postgresql://day@db.example/onam"


def test_a_postgresql_address_stays_whole_for_the_pages() -> None:
    assert data_location(["--data", URL], {}) == URL
    assert data_location([], {"THURUPPU_DATA": URL}) == URL
    assert data_location([], {}) == str(BUNDLED_DATA)


def test_the_dashboard_command_passes_a_postgresql_address_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    served: list[tuple[object, ...]] = []
    monkeypatch.setattr(launch, "run", lambda *arguments: served.append(arguments) or 0)
    result = runner.invoke(app, ["dashboard", URL, "--port", "8600"])
    assert result.exit_code == 0, result.output
    assert served == [(URL, 8600, None, None, None, True)]  # the fair analysis in the background on


def test_the_recorder_serves_its_archive_only_unless_asked(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    served: list[tuple[str, str]] = []

    def serve(command: list[str]) -> int:
        script = command[command.index("--") :]
        served.append((script[script.index("--data") + 1], script[script.index("--db") + 1]))
        return 0

    monkeypatch.setattr(launch, "serve", serve)
    monkeypatch.setenv(ARCHIVE_ENV, str(tmp_path / "env.sqlite"))
    assert runner.invoke(app, ["record", "--db", URL]).exit_code == 0
    assert runner.invoke(app, ["record"]).exit_code == 0
    assert runner.invoke(app, ["record", "--db", URL, "--data", str(BUNDLED_DATA)]).exit_code == 0
    assert served == [
        (URL, URL),
        (str(tmp_path / "env.sqlite"), str(tmp_path / "env.sqlite")),
        (str(BUNDLED_DATA), URL),
    ]


def test_a_table_starts_its_match_and_a_tie_is_settled_from_the_command_line(
    tmp_path: Path,
) -> None:
    location = str(tmp_path / "day.sqlite")
    set_up(open_archive(location))
    players = "Arun, Kiran, Bindu, Lekha, Cyril, Manoj"
    result = runner.invoke(
        app, ["day", "start", "--table", "1", "--players", players, "--db", location]
    )
    assert result.exit_code == 0, result.output
    assert result.output == "session 1: G1-1 started at table 1\n"
    tags = {tag.name: tag.value for tag in open_archive(location).record(1).tags}
    assert tags["Schedule"] == "G1-1" and tags["Players"] == players
    again = runner.invoke(
        app, ["day", "start", "--table", "3", "--draw", "Abu=AS, Beena=AS", "--db", location]
    )
    assert again.exit_code == 1
    assert "Abu and Beena drew the same card AS: they draw again" in again.output
    unsure = runner.invoke(app, ["day", "settle", "Tuskers, Vallams", "--db", location])
    assert unsure.exit_code == 1 and "say why" in unsure.output
    settled = runner.invoke(
        app, ["day", "settle", "Tuskers, Vallams", "--why", "coin toss", "--db", location]
    )
    assert settled.exit_code == 0, settled.output
    day = open_day(open_archive(location), EVENT)
    assert day.description.twenty_eight.decided == ("Tuskers", "Vallams")
    wrong = runner.invoke(
        app, ["day", "settle", "Tuskers, Onam stars", "--why", "x", "--db", location]
    )
    assert wrong.exit_code == 1 and "Onam stars: no team of" in wrong.output
