"""What makes a first load quick, and never wrong: a server warmed before it answers replays
nothing on its first pages, the Players tables are built once per version of the sessions (a
changed file shows at once)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

import dashboard.library
import dashboard.state
from dashboard.server.replay_store import CACHE_ENV
from dashboard.server.warm import script_arguments, warm
from dashboard.state import DATA_ENVIRONMENT
from recorder.archive import ARCHIVE_ENV
from tests.charts import charts
from tests.tables import html_tables

REPOSITORY = Path(__file__).resolve().parent.parent
APP = REPOSITORY / "dashboard" / "app.py"
CLUB = (REPOSITORY / "tests" / "browser" / "sessions" / "club-night-40.tgn").read_bytes()


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with the club night and the example session, served with no archive and an
    empty replay store, and the server's memory caches emptied."""
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "club.tgn").write_bytes(CLUB)
    shutil.copy(REPOSITORY / "data" / "tgn-example-40.tgn", folder / "example.tgn")
    monkeypatch.setenv(DATA_ENVIRONMENT, str(folder))
    monkeypatch.setenv(ARCHIVE_ENV, str(tmp_path / "no-archive.sqlite"))
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    st.cache_resource.clear()
    st.cache_data.clear()
    return folder


def refuse(*_: object) -> None:
    raise AssertionError("computed again although warmed")


def players_overview(app: AppTest) -> dict[str, tuple[int, int]]:
    """The Players page's sessions and findings per player."""
    app.switch_page("screens/players.py").run()
    assert not app.exception, [e.value for e in app.exception]
    table = html_tables(app)[0].set_index("player")
    return {name: (int(row["sessions"]), int(row["findings"])) for name, row in table.iterrows()}


def test_the_app_arguments_are_what_follows_the_double_dash() -> None:
    command = ["run", "app.py", "--server.port", "8501", "--", "--data", "d", "--db", "x.db"]
    assert script_arguments(command) == ["--data", "d", "--db", "x.db"]
    assert script_arguments(["run", "app.py"]) == []


def test_a_warmed_server_replays_and_adds_up_nothing_on_its_first_pages(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    warm(str(APP), [])
    monkeypatch.setattr(dashboard.library, "replay_session", refuse)
    monkeypatch.setattr(dashboard.library, "read_bytes", refuse)
    monkeypatch.setattr(dashboard.state, "players_tables", refuse)
    app = AppTest.from_file(str(APP), default_timeout=60).run()
    assert not app.exception, [e.value for e in app.exception]
    assert set(app.dataframe[0].value["Session"]) == {"club.tgn", "example.tgn"}
    assert players_overview(app)["Faiz"] == (2, 1)  # in both sessions, named by the revoke


def test_the_players_page_shows_a_changed_file_at_once(data: Path) -> None:
    app = AppTest.from_file(str(APP), default_timeout=60).run()
    assert players_overview(app)["Faiz"] == (2, 1)
    assert players_overview(app)["Faiz"] == (2, 1)  # from the cache: the same
    example = data / "example.tgn"
    stamp = example.stat()
    example.write_bytes(CLUB)  # now the club night again, with its revoke, under the old time
    os.utime(example, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert players_overview(app)["Faiz"] == (2, 2)
    (data / "club.tgn").unlink()
    assert players_overview(app)["Faiz"] == (1, 1)


def charted(app: AppTest, session: str) -> list[object]:
    """The traces of the Scores page's running score chart for a session."""
    app.switch_page("screens/scores.py").run()
    app.selectbox(key="scores-session").set_value(session).run()
    assert not app.exception, [e.value for e in app.exception]
    traces: list[object] = charts(app)["scores-running"]["data"]
    return traces


def test_the_scores_charts_show_a_changed_file_at_once(data: Path) -> None:
    night = (REPOSITORY / "data" / "club-night-40.tgn").read_bytes()  # two hands scored
    (data / "night.tgn").write_bytes(night)
    app = AppTest.from_file(str(APP), default_timeout=60).run()
    example, other = charted(app, "example.tgn"), charted(app, "night.tgn")
    assert example != other
    assert charted(app, "example.tgn") == example  # built once, the same again
    changed = data / "example.tgn"
    stamp = changed.stat()
    changed.write_bytes(night)  # now the other night, under the old file's time
    os.utime(changed, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert charted(app, "example.tgn") == other


def rummy_wins(app: AppTest) -> dict[str, int]:
    """The Players page's deals won by each Rummy player."""
    app.switch_page("screens/players.py").run()
    assert not app.exception, [e.value for e in app.exception]
    table = next(frame for frame in html_tables(app) if "deals won" in frame.columns)
    return {row["player"]: int(row["deals won"]) for _, row in table.iterrows()}


def test_the_rummy_figures_are_built_once_and_follow_a_changed_file(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Players page's Rummy figures come from the cache on a rerun, and a file rewritten
    under its old time is judged again."""
    bundled = (REPOSITORY / "data" / "rummy-first-round.tgn").read_text()
    (data / "rummy.tgn").write_text(bundled)
    app = AppTest.from_file(str(APP), default_timeout=60).run()
    wins = rummy_wins(app)
    with monkeypatch.context() as patched:
        patched.setattr(dashboard.state, "player_figures", refuse)
        patched.setattr(dashboard.state, "grouping_costs", refuse)
        assert rummy_wins(app) == wins  # from the cache: nothing judged again
    rummy = data / "rummy.tgn"
    stamp = rummy.stat()
    three_deals = bundled[: bundled.index('[Hand "4"]')]  # the same table after three deals
    rummy.write_text(three_deals)
    os.utime(rummy, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    fewer = rummy_wins(app)
    assert sum(fewer.values()) == 3 and sum(wins.values()) > 3


CHART_IMPORTS = """
import sys
from dashboard.server.warm import warm

def plotly_modules():
    return {name for name in sys.modules if name.startswith(("plotly", "_plotly_utils"))}

warm(sys.argv[1], [])
warmed = plotly_modules()
from streamlit.testing.v1 import AppTest
app = AppTest.from_file(sys.argv[1], default_timeout=120).run()
for page in ("scores", "players"):
    app.switch_page(f"screens/{page}.py").run()
    assert not app.exception, app.exception
print(sorted(plotly_modules() - warmed))
"""


def test_the_warm_up_figure_imports_what_the_pages_charts_need(data: Path) -> None:
    """Every plotly module that drawing the Scores and Players charts imports is already imported
    when the server has warmed up (``every_kind_figure``), so no visitor's first chart waits for
    an import (a quarter of a second of a first Players page)."""
    import subprocess
    import sys

    ran = subprocess.run(
        [sys.executable, "-c", CHART_IMPORTS, str(APP)],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPOSITORY,
        env={**os.environ, "PYTHONPATH": str(REPOSITORY)},
    )
    assert ran.stdout.strip().splitlines()[-1] == "[]"
