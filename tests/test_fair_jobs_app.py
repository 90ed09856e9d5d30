"""The fair analysis runs away from the page (``dashboard.server.fair_worker``), under Streamlit's
AppTest: the click returns at once with a progress bar, another visitor's page opens meanwhile, and
the result shows when the worker is done, to a visitor who comes back as to one who waited."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.server.replay_store import CACHE_ENV
from tests.test_dashboard_analysis_app import app as example_app  # noqa: F401  (the fixture)
from tests.test_dashboard_app import APP, TIMEOUT, no_exception, open_page

WAIT_SECONDS = 600
"""The most the worker may take for the example hand on a busy machine."""


def _subheaders(app: AppTest) -> list[str]:
    return [element.value for element in app.subheader]


def _progress_texts(app: AppTest) -> list[str]:
    return [str(getattr(element, "proto", element).text) for element in app.get("progress")]


def test_the_fair_analysis_runs_off_the_script_run_and_its_result_is_kept(
    example_app: AppTest,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    app = example_app
    open_page(app, "coaching", player="Anil")
    app.number_input(key="fair-samples").set_value(8).run()
    no_exception(app)
    started = time.monotonic()
    app.button(key="fair-analyse").click().run()
    no_exception(app)
    # the script run ended with the work still to do: a progress bar, no verdicts yet
    assert "Find the better card" not in _subheaders(app)
    texts = _progress_texts(app)
    assert texts and texts[0].startswith("Analysing hand "), texts
    assert "fair-analyse" not in [button.key for button in app.button]  # started already

    # another visitor opens a page meanwhile and is answered
    other = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    open_page(other, "replay", session="tgn-example-40.tgn", hand="1")
    no_exception(other)

    while "Find the better card" not in _subheaders(app):
        assert time.monotonic() - started < WAIT_SECONDS, "the fair analysis did not finish"
        time.sleep(1.0)
        app.run()
        no_exception(app)
    assert not _progress_texts(app)

    # a visitor who comes back (a new browser session) sees the result at once, unasked
    back = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    open_page(back, "coaching", player="Anil")
    back.number_input(key="fair-samples").set_value(8).run()
    no_exception(back)
    assert "Find the better card" in _subheaders(back)
    assert "fair-analyse" not in [button.key for button in back.button]
    kept = list((tmp_path / "cache").rglob("result-fair-*"))
    assert len(kept) == 1  # and in the replay store, for the next run of the dashboard
