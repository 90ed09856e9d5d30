"""The coaching analysis on the pages under Streamlit's AppTest, on the one-hand example."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.library import load
from dashboard.screens.stepper import SEAT
from dashboard.state import DATA_ENVIRONMENT
from dashboard.views.text import escape
from recorder.archive import ARCHIVE_ENV
from replay.solver import PERFECT_INFORMATION
from replay.tricks import replay_hand
from tests.charts import charts
from tests.tables import html_tables
from tests.test_dashboard_app import fresh_app, no_exception, open_page, plain

EXAMPLE = Path(__file__).resolve().parent.parent / "data" / "tgn-example-40.tgn"


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    """The app on a folder holding only the TGN.md §8 example (one hand of 40)."""
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(EXAMPLE, data / EXAMPLE.name)
    monkeypatch.setenv(DATA_ENVIRONMENT, str(data))
    monkeypatch.setenv(ARCHIVE_ENV, str(tmp_path / "archive.sqlite"))
    return fresh_app()


def first_card_step() -> int:
    """The step of the example's first card (Anil's J♠, TGN.md §8)."""
    session = load(EXAMPLE.name, EXAMPLE.name, EXAMPLE.read_bytes())
    assert session.record is not None
    steps = replay_hand(session.record, 0).steps or []
    return next(index for index, step in enumerate(steps) if step.event.kind == "card")


def texts(app: AppTest) -> list[str]:
    """Every message, caption and Markdown text of the page, as read."""
    elements = [*app.error, *app.warning, *app.info, *app.success, *app.caption, *app.markdown]
    return [plain(element.value) for element in elements]


def test_analysing_the_hand_shows_the_cost_of_the_card_at_its_step(app: AppTest) -> None:
    step = first_card_step()
    open_page(app, "replay", session=EXAMPLE.name, hand="1", step=str(step))
    no_exception(app)
    assert not any("cost" in text for text in texts(app))  # nothing is solved before the click
    app.button(key="replay-analyse").click().run()
    no_exception(app)
    verdict = plain(app.error[0].value)
    assert "Anil" in verdict and "J♠: cost 16 (blunder)" in verdict
    assert "40 → 24" in verdict and "Better: 8♣, 7♣" in verdict
    assert PERFECT_INFORMATION in texts(app)
    assert not app.dataframe  # plain tables: no table toolbar over the coaching text
    tables = html_tables(app)
    costly = next(table for table in tables if "Cost" in table.columns)
    trumps = next(table for table in tables if "Put down" in table.columns)
    assert list(costly["Player"])[:2] == ["Anil", "Biju"] and str(costly["Cost"].iloc[0]) == "16"
    assert [str(v) if v == v else "" for v in trumps["Put down"]] == ["", "✓", "", ""]
    assert "replay-analyse" not in [button.key for button in app.button]  # analysed already

    app.button(key="step-next-card").click().run()  # the verdict follows the step
    no_exception(app)
    assert "K♥: cost 10 (blunder)" in plain(app.error[0].value)


def test_coaching_page_sums_up_a_players_costly_decisions(app: AppTest) -> None:
    open_page(app, "coaching", player="Anil")
    no_exception(app)
    assert not charts(app)
    app.button(key="coaching-analyse").click().run()
    no_exception(app)
    metrics = {metric.label: metric.value for metric in app.metric}
    assert metrics["Decisions judged"] == "6" and metrics["Points given away"] == "16"
    assert metrics["Blunders"] == "1"
    assert list(charts(app)) == ["coaching-figure"]
    assert not app.dataframe  # plain tables: no table toolbar over the coaching text
    costliest = html_tables(app)[-1]
    assert list(costliest["Played"]) == ["J♠"] and list(costliest["Kind"]) == ["card play"]
    assert list(costliest["Cost"]) == ["16"]  # the headline is the sum of this column
    link = f"replay?session={EXAMPLE.name}&hand=1&step={first_card_step()}"
    assert list(costliest["Replay"]) == [link]  # Anil plays the first card, seen by everyone
    captions = " ".join(caption.value for caption in app.caption)
    assert "in the referee's view (everyone)" in captions
    assert "seen from the seat that made it" not in captions


def test_coachings_links_say_they_open_the_referees_view_and_do(app: AppTest) -> None:
    """Coaching said its links open "the seat that made it" where they open the referee's view:
    the link's own words, and the caption over them, say the referee's view, and the Replay page
    the link opens is seen by everyone."""
    open_page(app, "coaching", player="Anil")
    app.button(key="coaching-analyse").click().run()
    no_exception(app)
    costliest = [html.proto.body for html in app.get("html") if "tp-frame" in html.proto.body][-1]
    said = escape("referee's view")
    assert f">{said}</a>" in costliest  # what the link says
    captions = " ".join(caption.value for caption in app.caption)
    assert "the seat that made it" not in captions and "referee's view" in captions
    (link,) = list(html_tables(app)[-1]["Replay"])
    page, _, query = link.partition("?")
    open_page(app, page, **dict(pair.split("=") for pair in query.split("&")))
    no_exception(app)
    seen_by = app.selectbox(key=SEAT)
    assert seen_by.value == 0 and seen_by.format_func(seen_by.value) == "everyone (referee)"
