"""The Replay page on a Rummy game, run headless by Streamlit's AppTest on the bundled
``data/rummy-first-round.tgn`` and a game whose names and comments are HTML.

What the page draws is compared with the engine, called here: each group's kind with
``judge_group``, a loser's count with the deal's outcome, the lowest count with ``lowest_count``,
the findings with ``RummyGame.deal_findings`` and the open pile with the turn steps.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.library import load
from dashboard.state import DATA_ENVIRONMENT
from dashboard.views.rummy.deal import KIND_LABELS
from recorder.archive import ARCHIVE_ENV
from recorder.model import Record
from recorder.rummy.cards import RummyCard
from replay.rummy import RummyGame, Wild, judge_group, lowest_count
from tests.test_dashboard_app import fresh_app, no_exception, open_page, plain, upload

REPOSITORY = Path(__file__).resolve().parent.parent
RUMMY = "rummy-first-round.tgn"
HOSTILE = "escaping-rummy.tgn"
HOSTILE_FILE = REPOSITORY / "tests" / "browser" / "rummy" / HOSTILE
TURNS_DEAL = 6  # the deal of the bundled game with a turn log
FACE_DOWN = "face down"  # what the parser calls a declaration's 14th card


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    """The app on a folder holding the bundled Rummy game and the hostile one."""
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(REPOSITORY / "data" / RUMMY, data / RUMMY)
    shutil.copy(HOSTILE_FILE, data / HOSTILE)
    monkeypatch.setenv(DATA_ENVIRONMENT, str(data))
    monkeypatch.setenv(ARCHIVE_ENV, str(tmp_path / "archive.sqlite"))
    return fresh_app()


def engine(name: str = RUMMY) -> tuple[Record, RummyGame]:
    path = REPOSITORY / "data" / name if name == RUMMY else HOSTILE_FILE
    session = load(name, name, path.read_bytes())
    assert session.record is not None and session.rummy is not None
    return session.record, session.rummy


@dataclass
class Laid:
    """A laid-out hand as the page drew it."""

    seat: int
    line: str
    verdict: str = ""
    lowest: int | None = None
    groups: list[Group] = field(default_factory=list)


@dataclass
class Group:
    """A group as drawn: its kind, its cards' codes and its label."""

    kind: str
    codes: list[str] = field(default_factory=list)
    label: str = ""


class LaidParser(HTMLParser):
    """Reads the hands the page laid out: each one's seat, line, verdict, lowest count, and each
    group's kind and card codes."""

    def __init__(self) -> None:
        super().__init__()
        self.hands: list[Laid] = []
        self.within = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        if "tp-laid" in classes:
            self.hands.append(Laid(int(found["data-seat"] or 0), found["data-line"] or ""))
        elif self.hands and "tp-group" in classes:
            self.hands[-1].groups.append(Group(found.get("data-kind") or FACE_DOWN))
        elif self.hands and "data-card" in found and self.hands[-1].groups:
            self.hands[-1].groups[-1].codes.append(found["data-card"] or "")
        elif self.hands and "tp-lowest" in classes:
            self.hands[-1].lowest = int(found["data-lowest"] or 0)
        if tag == "div":
            self.within = next((c for c in ("tp-verdict", "tp-glabel") if c in classes), "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "div":
            self.within = ""

    def handle_data(self, data: str) -> None:
        if not self.hands:
            return
        if self.within == "tp-verdict":
            self.hands[-1].verdict += data
        elif self.within == "tp-glabel" and self.hands[-1].groups:
            self.hands[-1].groups[-1].label += data


def htmls(app: AppTest) -> list[str]:
    return [h.proto.body for h in app.get("html")]


def laid(app: AppTest) -> list[Laid]:
    parser = LaidParser()
    for body in htmls(app):
        if "tp-laidout" in body:
            parser.feed(body)
    return parser.hands


def deal_html(app: AppTest) -> str:
    return next(body for body in htmls(app) if "tp-rummy" in body)


def pile(app: AppTest) -> str:
    found = re.search(r'data-pile="([^"]*)"', deal_html(app))
    return found.group(1) if found else ""


def replay_at(app: AppTest, **params: str) -> AppTest:
    return open_page(app, "replay", **params)


@pytest.mark.parametrize("hand", [1, 3, 4, 6])
def test_each_group_is_labelled_with_its_kind_and_each_count_with_its_lowest(
    app: AppTest, hand: int
) -> None:
    record, game = engine()
    replay_at(app, session=RUMMY, hand=str(hand))
    no_exception(app)
    body = record.hands[hand - 1].rummy
    assert body is not None and body.joker is not None
    wild = Wild.from_cut(body.joker.card)
    lines = [line for line in body.outcomes if line.kind in ("declare", "show")]
    drawn = laid(app)
    assert [(h.seat, h.line) for h in drawn] == [(line.seat, line.kind) for line in lines]
    deal = game.deals[hand - 1]
    for shown, line in zip(drawn, lines, strict=True):
        groups = [group for group in shown.groups if group.kind != FACE_DOWN]
        for group in groups:
            kind = judge_group([RummyCard.parse(code) for code in group.codes], wild)
            assert (group.kind, group.label.split(" · ")[0]) == (kind, KIND_LABELS[kind])
        if line.grouped:
            written = [[card.code for card in group] for group in line.groups]
            assert [group.codes for group in groups] == written
        assert shown.lowest == lowest_count(line.cards, wild).points
        points = deal.outcomes[record.player(line.seat)].points
        if line.kind == "show":
            assert shown.verdict.startswith(f"count {points}")
        assert f" · {points} points" in shown.verdict


@pytest.mark.parametrize("hand", [3, 4, 6])
def test_the_deal_s_findings_are_listed_with_their_codes_and_rules(app: AppTest, hand: int) -> None:
    _, game = engine()
    replay_at(app, session=RUMMY, hand=str(hand))
    no_exception(app)
    expected = game.deal_findings(hand)
    listed = [link.proto.label for link in app.get("page_link")]
    assert [plain(s.value) for s in app.subheader][
        -1
    ] == f"Findings of deal {hand} ({len(expected)})"
    assert len(listed) == len(expected)
    for label, finding in zip(listed, expected, strict=True):
        assert plain(label).startswith(
            f"**{finding.severity} · {finding.code}** ({finding.rule.summary}), step 0: "
        )


def test_the_count_is_shown_with_how_it_was_reached(app: AppTest) -> None:
    replay_at(app, session=RUMMY, hand="4")
    no_exception(app)
    html = "".join(htmls(app))
    assert (
        "8♠ 9♠ 10♠ (pure sequence) left out; 2♥ 3♥ 4♥ (pure sequence) left out; "
        "7♣ 6♣ K♦ A♦ 7♥ A♠ A♠ (not a group) counted: 7 + 6 + 10 + 10 + 7 + 10 + 10 = 60"
    ) in html
    assert "the table entered 50" in html


def test_stepping_the_turn_log_moves_the_open_pile_as_the_engine_says(app: AppTest) -> None:
    _, game = engine()
    turns = game.turn_steps[TURNS_DEAL - 1]
    replay_at(app, session=RUMMY, hand=str(TURNS_DEAL), step="0")
    no_exception(app)
    assert pile(app) == ""  # no open card recorded: the pile starts empty
    for number, turn in enumerate(turns, start=1):
        app.button(key="step-next-card").click().run()
        assert app.query_params["step"] == str(number)
        assert pile(app) == " ".join(card.code for card in turn.pile)
    app.button(key="step-next-card").click().run()
    assert app.query_params["step"] == str(len(turns) + 1)
    assert "is over: Deepu wins" in deal_html(app)
    app.button(key="step-previous-trick").click().run()
    assert app.query_params["step"] == "14"  # the end of round 3: seats 6, 2, 3, 4
    app.button(key="step-previous-trick").click().run()
    assert app.query_params["step"] == "10"  # the end of round 2
    app.button(key="step-first").click().run()
    assert app.query_params["step"] == "0"


def test_a_seat_sees_its_own_cards_and_the_shown_hands_only_at_the_end(app: AppTest) -> None:
    record, _ = engine()
    replay_at(app, session=RUMMY, hand=str(TURNS_DEAL), step="7", seat="2")
    no_exception(app)
    body = record.hands[TURNS_DEAL - 1].rummy
    assert body is not None
    table = deal_html(app)
    seats = dict(re.findall(r'data-seat="(\d)"(.*?)</div></div>', table))
    own = re.findall(r'data-card="(\w+)"', seats["2"])
    assert len(own) == 12 and seats["2"].count("tp-back") == 1  # one card drawn unseen
    assert re.findall(r'data-card="(\w+)"', seats["6"]) == ["2S"]  # taken from the pile
    assert not re.findall(r'data-card="(\w+)"', seats["3"])
    assert laid(app) == []
    assert not app.dataframe
    app.button(key="step-last").click().run()
    assert [h.seat for h in laid(app)] == [4, 2, 3, 6]
    assert "face down" not in "".join(htmls(app))  # Deepu's 14th card is his alone


def test_the_referee_sees_every_hand_from_the_deal_on(app: AppTest) -> None:
    replay_at(app, session=RUMMY, hand=str(TURNS_DEAL), step="0")
    no_exception(app)
    assert [h.seat for h in laid(app)] == [4, 2, 3, 6]
    assert "face down" in "".join(htmls(app))
    outcomes = app.dataframe[0].value.set_index("Player")
    assert outcomes.loc["Anu", "Outcome"] == "first drop"
    assert outcomes.loc["Deepu", "Outcome"] == "won the deal"
    assert outcomes.loc["Fathima", "Points"] == "61" and outcomes.loc["Fathima", "Total"] == 184


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"hand": "16"}, f"The link asks for hand 16, but {RUMMY} · Kerala House Rummy · "
         "2026-03-21 has hands 1 to 15."),
        ({"hand": "6", "step": "16"}, "The link asks for step 16, but hand 6 has steps 0 to 15."),
        ({"hand": "3", "step": "1"}, "The link asks for step 1, but hand 3 has steps 0 to 0."),
        ({"hand": "6", "seat": "7"}, f"The link asks for seat 7, but {RUMMY} · Kerala House "
         "Rummy · 2026-03-21 has seats 1 to 6."),
    ],
)  # fmt: skip
def test_a_link_to_a_deal_that_is_not_here_says_so(
    app: AppTest, params: dict[str, str], message: str
) -> None:
    replay_at(app, session=RUMMY, **params)
    no_exception(app)
    assert [plain(e.value) for e in app.error] == [message]
    assert not any("tp-rummy" in body for body in htmls(app))


def test_names_and_comments_from_a_rummy_file_are_text(app: AppTest) -> None:
    replay_at(app, session=HOSTILE, hand="1", step="4")
    no_exception(app)
    html = "".join(htmls(app))
    assert "<script>alert(1)</script>" not in html and "<b>x</b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "&lt;b&gt;x&lt;/b&gt;" in html
    notes = [m.value for m in app.markdown if "cuts the joker" in m.value or "watched" in m.value]
    assert [plain(note) for note in notes] == [
        "<script>alert(1)</script> cuts the joker, <b>x</b> drops",
        "<b>x</b> watched",
    ]
    assert all("<script>" not in note and "<b>" not in note for note in notes)
    outcomes = app.dataframe[0].value
    assert list(outcomes["Player"]) == ["<script>alert(1)</script>", "<b>x</b>", "Cy"]


def test_open_in_replay_opens_a_rummy_session_s_first_deal(app: AppTest) -> None:
    mine = (REPOSITORY / "data" / RUMMY).read_bytes() + b"; my copy\n"
    upload(app.run(), "mine-rummy.tgn", mine)
    no_exception(app)
    app.button(key="upload-replay").click().run()
    no_exception(app)
    assert app.query_params["session"].startswith("upload:")
    assert (app.query_params["hand"], app.query_params["step"]) == ("1", "0")
    assert "Deal 1 is over: Cini wins" in deal_html(app)
    assert [h.seat for h in laid(app)] == [3, 4, 5]
