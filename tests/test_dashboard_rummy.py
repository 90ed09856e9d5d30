"""Rummy on the Scores, Players, Coaching and Sessions pages, run by AppTest on the bundled Rummy
table and on a table whose names are markup: every number drawn equals what ``thuruppu score
--json`` and ``thuruppu analyse --json`` give, counted here from the JSON."""

from __future__ import annotations

import base64
import html
import json
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from statistics import mean
from typing import Any

import numpy as np
import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from dashboard.state import DATA_ENVIRONMENT
from recorder import read_bytes
from recorder.archive import ARCHIVE_ENV
from replay.solver import PERFECT_INFORMATION
from tests.charts import charts
from tests.tables import html_tables
from tests.test_dashboard_app import fresh_app, no_exception, open_page, plain, upload

REPOSITORY = Path(__file__).resolve().parent.parent
BUNDLED = REPOSITORY / "data" / "rummy-first-round.tgn"
HOSTILE = REPOSITORY / "tests" / "browser" / "rummy" / "hostile-rummy.tgn"
SCRIPT, BOLD = "<script>alert(1)</script>", "<b>x</b>"
THURUPPU = Path(sys.executable).with_name("thuruppu")


def command_json(*args: str) -> dict[str, Any]:
    """What a ``thuruppu`` command prints as JSON."""
    done = subprocess.run([str(THURUPPU), *args], capture_output=True, text=True, check=False)
    return json.loads(done.stdout)


@pytest.fixture
def rummy_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    """The app on a folder holding the bundled Rummy table and the table of hostile names."""
    data = tmp_path / "data"
    data.mkdir()
    for source in (BUNDLED, HOSTILE):
        shutil.copy(source, data / source.name)
    monkeypatch.setenv(DATA_ENVIRONMENT, str(data))
    monkeypatch.setenv(ARCHIVE_ENV, str(tmp_path / "archive.sqlite"))
    return fresh_app()


class SheetReader(HTMLParser):
    """The score sheet's HTML read back: the header names, each body cell's data and text and
    the footer totals by the name heading their chair, the notes' codes, and every tag met."""

    def __init__(self) -> None:
        super().__init__()
        self.names: list[str] = []
        self.cells: dict[tuple[int, str], dict[str, str]] = {}
        self.footer: dict[str, int] = {}
        self.codes: list[str] = []
        self.tags: set[str] = set()
        self._part = ""
        self._deal = 0
        self._cell: dict[str, str] | None = None
        self._header = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        values = {key: value or "" for key, value in attrs}
        if tag in ("thead", "tbody", "tfoot"):
            self._part = tag
        elif tag == "tr" and "data-deal" in values:
            self._deal = int(values["data-deal"])
        elif tag == "th" and self._part == "thead" and "data-chair" in values:
            self._header = True
        elif tag == "td" and self._part == "tbody":
            self._cell = values | {"text": ""}
            self.cells[(self._deal, self.names[int(values["data-chair"]) - 1])] = self._cell
        elif tag == "td" and self._part == "tfoot":
            self.footer[self.names[int(values["data-chair"]) - 1]] = int(values["data-total"])
        elif tag == "li":
            self.codes.append(values["data-code"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "td":
            self._cell = None
        elif tag == "th":
            self._header = False

    def handle_data(self, data: str) -> None:
        if self._header:
            self.names.append(data)
        if self._cell is not None:
            self._cell["text"] += data


def sheet_of(app: AppTest) -> tuple[str, SheetReader]:
    """The Scores page's sheet HTML and what it holds."""
    body = next(h.proto.body for h in app.get("html") if "rs-sheet" in h.proto.body)
    reader = SheetReader()
    reader.feed(body)
    return body, reader


def chart_of(app: AppTest) -> dict[str, Any]:
    """The totals chart's Plotly figure, as the page sends it."""
    return charts(app)["scores-rummy-totals"]


def frame_with(app: AppTest, column: str) -> pd.DataFrame:
    """The page's one table with this column (a data grid, or a plain table read as text)."""
    tables = [*(table.value for table in app.dataframe), *html_tables(app)]
    (frame,) = [table for table in tables if column in table.columns]
    return frame


def values(array: Any) -> list[Any]:
    """A Plotly array as a list: Plotly sends numeric arrays as typed base64 (``bdata``)."""
    if isinstance(array, dict) and "bdata" in array:
        return np.frombuffer(base64.b64decode(array["bdata"]), dtype=array["dtype"]).tolist()
    return list(array)


def back_on_total(hand: dict[str, Any], name: str) -> int:
    """The total a player re-entered on before a deal: his total after it less its points (the
    test files give no penalty)."""
    outcome = hand["outcomes"].get(name)
    return int(hand["totals"][name] - (outcome["points"] if outcome else 0))


def out_before(hands: list[dict[str, Any]], index: int) -> set[str]:
    """Who is out before a deal and does not re-enter for it."""
    previous = set(hands[index - 1]["out"]) if index else set()
    return previous - set(hands[index]["rejoined"])


@pytest.mark.parametrize("path", [BUNDLED, HOSTILE], ids=["bundled", "hostile"])
def test_the_sheet_and_chart_equal_thuruppu_score_json(rummy_app: AppTest, path: Path) -> None:
    score = command_json("score", str(path), "--json")
    checked = command_json("check", str(path), "--json")["files"][0]["findings"]
    app = open_page(rummy_app, "scores", session=path.name)
    no_exception(app)
    body, sheet = sheet_of(app)
    players, hands = score["players"], score["hands"]

    assert sheet.names == players
    assert sheet.footer == hands[-1]["totals"]
    assert set(sheet.cells) == {(hand["hand"], name) for hand in hands for name in players}
    for index, hand in enumerate(hands):
        before = out_before(hands, index)
        for name in players:
            cell = sheet.cells[(hand["hand"], name)]
            assert int(cell["data-total"]) == hand["totals"][name]
            outcome = hand["outcomes"].get(name)
            if outcome is not None:
                assert (cell["data-kind"], int(cell["data-points"])) == (
                    outcome["kind"],
                    outcome["points"],
                )
            else:
                assert name in before and cell["data-kind"] == "out" and "rs-out" in cell["class"]
            went_out = name in hand["out"] and name not in before
            assert ("rs-went-out" in cell["class"]) == went_out, (hand["hand"], name)
            assert cell["text"].endswith(f"{hand['totals'][name]} out" if went_out else "")
            if name in hand["rejoined"]:
                assert cell["text"].startswith(f"↩ {back_on_total(hand, name)}")
            else:
                assert "↩" not in cell["text"]
    flagged = {(k[0], k[1]) for k, cell in sheet.cells.items() if "⚑" in cell["text"]}
    assert flagged == {(f["hand"], f["player"]) for f in checked if f["player"] in players}
    assert sheet.codes == [f["code"] for f in sorted(checked, key=lambda f: f["hand"])]
    assert "<script" not in body and "<b>" not in body and "b" not in sheet.tags

    figure = chart_of(app)
    lines = {trace["name"]: trace for trace in figure["data"] if trace["mode"] == "lines+markers"}
    assert list(lines) == [html.escape(name) for name in players]
    for name in players:
        trace = lines[html.escape(name)]
        expected: list[tuple[float, int | None]] = []
        for i, hand in enumerate(hands):
            if name in hand["rejoined"]:  # the new total, half a deal before
                expected.append((hand["hand"] - 0.5, back_on_total(hand, name)))
            total = None if name in out_before(hands, i) else hand["totals"][name]
            expected.append((hand["hand"], total))
        assert list(zip(values(trace["x"]), values(trace["y"]), strict=True)) == expected
    marks = {trace["name"]: trace for trace in figure["data"] if trace["mode"] == "markers"}
    went = [
        (hand["hand"], hand["totals"][name])
        for i, hand in enumerate(hands)
        for name in players
        if name in hand["out"] and name not in out_before(hands, i)
    ]
    assert (
        list(zip(values(marks["went out"]["x"]), values(marks["went out"]["y"]), strict=True))
        == went
    )
    back = [
        (hand["hand"] - 0.5, back_on_total(hand, n)) for hand in hands for n in hand["rejoined"]
    ]
    assert (
        list(zip(values(marks["re-entered"]["x"]), values(marks["re-entered"]["y"]), strict=True))
        == back
    )
    (limit,) = figure["layout"]["shapes"]
    rules = read_bytes(path.read_bytes(), path.name).record
    assert rules is not None
    assert limit["y0"] == limit["y1"] == int(rules.rules.get("limit", "250"))


def test_the_headline_names_the_winner_or_who_is_still_in(rummy_app: AppTest) -> None:
    app = open_page(rummy_app, "scores", session=BUNDLED.name)
    assert app.subheader[0].value == "Won by Cini"
    assert plain(app.caption[0].value).startswith("Standing: 1. Cini 213, 2. Eapen 293 (out)")
    app = open_page(fresh_app(), "scores", session=HOSTILE.name)
    no_exception(app)
    assert plain(app.subheader[0].value) == f"Still in: {SCRIPT} 84, Cini 20, Deepu 58"


def counted_figures(*paths: Path) -> dict[str, dict[str, float | None]]:
    """Each player's Rummy figures over some tables, counted from ``thuruppu score --json`` and
    ``analyse --json`` and the files' grouped show lines (the 2/3 rule and the cap of RUMMY.md
    §3 applied to the lowest count)."""
    outcomes: dict[str, list[dict[str, Any]]] = {}
    won: dict[str, int] = {}
    given: dict[str, int] = {}
    for path in paths:
        score = command_json("score", str(path), "--json")
        analysis = command_json("analyse", str(path), "--json")
        record = read_bytes(path.read_bytes(), path.name).record
        assert record is not None
        for name in score["players"]:
            outcomes.setdefault(name, [])
            given.setdefault(name, 0)
            won[name] = won.get(name, 0) + sum(h["winner"] == name for h in score["hands"])
        for hand in score["hands"]:
            for name, outcome in hand["outcomes"].items():
                outcomes[name].append(outcome)
        for hand, analysed in zip(record.hands, analysis["hands"], strict=True):
            assert hand.rummy is not None
            scored = next(h for h in score["hands"] if h["hand"] == analysed["hand"])
            grouped = {
                line.seat for line in hand.rummy.outcomes if line.kind == "show" and line.grouped
            }
            for seat in analysed["seats"]:
                name = seat["player"]
                if seat["seat"] not in grouped or scored["outcomes"][name]["kind"] != "shown":
                    continue
                lowest = seat["lowest_count"] or (3 if analysed["joker"][0] == "2" else 2)
                given[name] += scored["outcomes"][name]["points"] - min(lowest, 100)
    figures: dict[str, dict[str, float | None]] = {}
    for name, his in outcomes.items():
        counts = [o["points"] for o in his if o["kind"] in ("shown", "count")]
        figures[name] = {
            "deals played": len(his),
            "deals won": won[name],
            "first drops": sum(o["kind"] == "drop" for o in his),
            "middle drops": sum(o["kind"] == "middle-drop" for o in his),
            "wrong declarations": sum(o["kind"] == "wrong-declaration" for o in his),
            "average count when losing": round(mean(counts), 1) if counts else None,
            "points given away": given[name],
        }
    return figures


def shown(value: float | None) -> str:
    """A figure as the page writes it: a whole number without a point, nothing for none."""
    return "" if value is None else format(value, "g")


def test_players_page_shows_each_rummy_players_figures(rummy_app: AppTest) -> None:
    expected = counted_figures(BUNDLED, HOSTILE)  # Cini and Deepu sit at both tables
    app = open_page(rummy_app, "players")
    no_exception(app)
    table = frame_with(app, "deals played").set_index("player")
    assert sorted(table.index) == sorted(expected)
    for name, figures in expected.items():
        for column, value in figures.items():
            cell = table.loc[name, column]
            assert (None if cell == "" else float(cell)) == value, (name, column)
    assert [int(table.loc[name, "games"]) for name in ("Anu", "Cini", "Deepu")] == [1, 2, 2]

    app = open_page(fresh_app(), "players", player=SCRIPT)
    no_exception(app)
    assert app.selectbox(key="players-player").value == SCRIPT
    metrics = {metric.label: metric.value for metric in app.metric}
    mine = counted_figures(HOSTILE)[SCRIPT]
    assert metrics == {column.capitalize(): shown(value) or "–" for column, value in mine.items()}
    assert mine["points given away"] == 87 - 28  # a sequence and a set left loose in deal 1


def test_players_page_opens_on_a_rummy_player_when_only_rummy_was_played(
    rummy_app: AppTest,
) -> None:
    app = open_page(rummy_app, "players")
    no_exception(app)
    player = app.selectbox(key="players-player").value
    assert player in counted_figures(BUNDLED, HOSTILE)
    assert app.metric  # his Rummy figures, not an empty page


def test_coaching_shows_what_a_rummy_players_groupings_gave_away(rummy_app: AppTest) -> None:
    app = open_page(rummy_app, "coaching", player=SCRIPT)
    no_exception(app)
    shown = {metric.label: metric.value for metric in app.metric}
    assert shown["Points given away"] == str(counted_figures(HOSTILE)[SCRIPT]["points given away"])
    costs = frame_with(app, "lowest grouping")
    assert list(costs["given away"]) == ["59"]  # a plain table's text
    assert list(costs["his count"]) == ["87"] and list(costs["lowest count"]) == ["28"]
    assert PERFECT_INFORMATION not in [caption.value for caption in app.caption]  # no solver

    app = open_page(fresh_app(), "coaching", player="Deepu")
    counted = counted_figures(BUNDLED, HOSTILE)["Deepu"]["points given away"]
    assert {m.label: m.value for m in app.metric}["Points given away"] == str(counted)


def test_hostile_names_are_text_on_every_rummy_view(rummy_app: AppTest) -> None:
    app = open_page(rummy_app, "scores", session=HOSTILE.name)
    body, sheet = sheet_of(app)
    assert sheet.names == [SCRIPT, BOLD, "Cini", "Deepu"]  # read back as text
    assert html.escape(SCRIPT) in body and html.escape(BOLD) in body
    legend = [trace["name"] for trace in chart_of(app)["data"]]
    assert html.escape(SCRIPT) in legend and html.escape(BOLD) in legend
    assert not any("<" in name for name in legend)  # Plotly would draw <b> as bold
    app = open_page(fresh_app(), "players", player=BOLD)
    assert BOLD in list(frame_with(app, "deals played")["player"])
    assert app.selectbox(key="players-player").value == BOLD
    assert [plain(s.value) for s in app.subheader] == ["Rummy players", f"Rummy: {BOLD}"]
    assert all(BOLD not in markdown.value for markdown in app.markdown)
    app = open_page(fresh_app(), "coaching", player=BOLD)
    no_exception(app)
    assert app.selectbox(key="coaching-player").value == BOLD


def test_open_its_scores_opens_the_rummy_sheet(rummy_app: AppTest) -> None:
    app = upload(rummy_app.run(), "mine-rummy.tgn", BUNDLED.read_bytes() + b"; my copy\n")
    no_exception(app)
    app.button(key="upload-scores").click().run()
    no_exception(app)
    assert app.query_params["session"].startswith("upload:")
    _, sheet = sheet_of(app)
    assert sheet.names == ["Anu", "Babu", "Cini", "Deepu", "Eapen", "Fathima"]
