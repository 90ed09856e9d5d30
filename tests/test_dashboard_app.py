"""The dashboard's pages, run headless by Streamlit's AppTest on sample and fixture sessions."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from urllib.parse import parse_qsl

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from dashboard.state import DATA_ENVIRONMENT
from recorder import loads
from recorder.archive import ARCHIVE_ENV, open_archive
from tests.charts import charts
from tests.tables import html_tables

REPOSITORY = Path(__file__).resolve().parent.parent
APP = REPOSITORY / "dashboard" / "app.py"
FIXTURES = REPOSITORY / "tests" / "browser" / "sessions"
SAMPLES = REPOSITORY / "data"
TIMEOUT = 60

BROKEN = b"""[Game "40"]
[Players "A, B, C, D, E, F"]

[Hand "1"]
[Dealer "6"]
bid 1:20 2:pass 3:pass 4:pass 5:pass 6:pass
trump ZS
1. 1:JS 2:KH 3:AS 4:KS 5:QS 6:QC
"""


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    """The app on a folder holding the bundled samples and the browser-test fixtures."""
    data = tmp_path / "data"
    data.mkdir()
    for source in [*SAMPLES.glob("*.tgn"), *FIXTURES.glob("*.tgn")]:
        shutil.copy(source, data / source.name)
    monkeypatch.setenv(DATA_ENVIRONMENT, str(data))
    monkeypatch.setenv(ARCHIVE_ENV, str(tmp_path / "archive.sqlite"))  # none unless a test makes it
    return fresh_app()


def fresh_app() -> AppTest:
    """The app with the server's caches emptied: uploads and loaded sessions live per process,
    and one test's must not show in the next."""
    st.cache_resource.clear()
    st.cache_data.clear()
    return another_visitor()


def another_visitor() -> AppTest:
    """The app for one more visitor of the same server (its caches kept), given ``TIMEOUT`` a
    run: Streamlit's 3 s default is too short on a machine busy with the rest of the suite."""
    return AppTest.from_file(str(APP), default_timeout=TIMEOUT)


def open_page(app: AppTest, page: str, **params: str) -> AppTest:
    """The page ``screens/<page>.py`` opened on a URL with these parameters."""
    app.run()
    app.query_params.update(params)
    return app.switch_page(f"screens/{page}.py").run()


def replay_at(app: AppTest, **params: str) -> AppTest:
    """The Replay page opened on a URL with these parameters."""
    return open_page(app, "replay", **params)


def table(app: AppTest) -> str:
    """The HTML of the drawn table."""
    return next(h.proto.body for h in app.get("html") if "tp-wrap" in h.proto.body)


def plain(markdown: str) -> str:
    """Markdown as read: the backslashes that escape characters from files removed."""
    return re.sub(r"\\(.)", r"\1", markdown)


def no_exception(app: AppTest) -> None:
    assert not app.exception, [e.value for e in app.exception]


def test_sessions_page_lists_every_session(app: AppTest) -> None:
    app.run()
    no_exception(app)
    listed = app.dataframe[0].value
    names = set(listed["Session"])
    assert {"club-night-40.tgn", "escaping-29.tgn", "tgn-example-40.tgn"} <= names
    club = listed.set_index("Session").loc["club-night-40.tgn"]
    assert club["Game"] == "40" and club["Hands"] == 2 and club["Findings"] == 2
    assert club["Players"] == "Anil, Biju, Chitra, Dev, Eli, Faiz"


def test_sessions_of_the_archive_are_listed_and_replayed(app: AppTest, tmp_path: Path) -> None:
    archive = open_archive(str(tmp_path / "archive.sqlite"))
    session_id = archive.import_record(loads((SAMPLES / "tgn-example-40.tgn").read_text()))
    app.run()
    no_exception(app)
    listed = app.dataframe[0].value.set_index("Session")
    assert listed.loc[f"archive #{session_id}", "Hands"] == 1
    replay_at(app, session=f"archive:{session_id}", hand="1", step="8")
    no_exception(app)
    assert "Trick 1: Anil plays J♠" in table(app)


def upload(app: AppTest, name: str, data: bytes) -> AppTest:
    """Give the Sessions page's uploader a file."""
    return app.file_uploader(key="sessions-upload").set_value((name, data, "text/plain")).run()


MINE = (SAMPLES / "tgn-example-40.tgn").read_bytes() + b"; my copy\n"


def test_uploading_a_good_file_opens_it_in_the_replay(app: AppTest) -> None:
    upload(app.run(), "mine.tgn", MINE)
    no_exception(app)
    assert [plain(s.value) for s in app.success] == [
        "**mine.tgn (uploaded)**: game 40: 1 hand read and replayed, 0 findings."
    ]
    app.button(key="upload-replay").click().run()
    no_exception(app)
    assert app.query_params["session"].startswith("upload:")
    assert app.query_params["step"] == "0"
    assert "Anil" in table(app)


def test_uploading_a_broken_file_says_what_could_not_be_read(app: AppTest) -> None:
    upload(app.run(), "bad.tgn", BROKEN)
    no_exception(app)
    assert not app.success and not app.warning  # red: not one hand could be read
    assert [plain(w.value) for w in app.error] == [
        "**bad.tgn (uploaded)**: game 40: 1 problem reading it; hand 1 could not be read and is "
        "left out; 0 hands read and replayed, 0 findings."
    ]
    problems = app.dataframe[-1].value
    row = problems[problems["Problem"].str.contains("ZS")].iloc[0]
    assert (row["Hand"], row["Line"], row["Column"]) == ("1", 7, 7)
    assert not any(b.key == "upload-replay" for b in app.button)
    assert app.button(key="upload-import").disabled


def test_uploads_belong_to_the_browser_session_and_can_be_removed(app: AppTest) -> None:
    upload(app.run(), "mine.tgn", MINE)
    assert "mine.tgn (uploaded)" in set(app.dataframe[0].value["Session"])
    other = another_visitor().run()  # another visitor
    assert "mine.tgn (uploaded)" not in set(other.dataframe[0].value["Session"])
    app.button(key="upload-remove").click().run()
    no_exception(app)
    assert "mine.tgn (uploaded)" not in set(app.dataframe[0].value["Session"])
    assert [plain(s.value) for s in app.success] == ["mine.tgn (uploaded) was removed."]
    app.run()  # the file still in the uploader is not taken again
    assert "mine.tgn (uploaded)" not in set(app.dataframe[0].value["Session"])


def test_an_upload_is_imported_from_the_bytes_its_folder_keeps(
    app: AppTest, tmp_path: Path
) -> None:
    upload(app.run(), "mine.tgn", MINE)
    app.run()  # the uploader's file, let go once read, is not needed again
    app.button(key="upload-import").click().run()
    no_exception(app)
    assert [plain(s.value) for s in app.success] == ["mine.tgn (uploaded) is now archive #1."]
    archive = open_archive(str(tmp_path / "archive.sqlite"))
    assert archive.export_tgn(1) == MINE.decode()
    assert "mine.tgn (uploaded)" not in set(app.dataframe[0].value["Session"])


def test_an_upload_of_a_listed_session_is_not_counted_twice(app: AppTest) -> None:
    upload(app.run(), "copy.tgn", (SAMPLES / "tgn-example-40.tgn").read_bytes())
    no_exception(app)
    assert "copy.tgn (uploaded)" not in set(app.dataframe[0].value["Session"])
    assert [plain(i.value) for i in app.info] == [
        "This file holds the same as tgn-example-40.tgn, already listed."
    ]


def test_an_upload_is_imported_into_the_archive_on_purpose(app: AppTest, tmp_path: Path) -> None:
    upload(app.run(), "mine.tgn", MINE)
    assert not (tmp_path / "archive.sqlite").exists()
    app.button(key="upload-import").click().run()
    no_exception(app)
    assert [plain(s.value) for s in app.success] == ["mine.tgn (uploaded) is now archive #1."]
    listed = set(app.dataframe[0].value["Session"])
    assert "archive #1" in listed and "mine.tgn (uploaded)" not in listed
    other = another_visitor().run()
    assert "archive #1" in set(other.dataframe[0].value["Session"])


def test_replay_steps_forward_and_back(app: AppTest) -> None:
    replay_at(app, session="tgn-example-40.tgn", hand="1", step="8")
    no_exception(app)
    assert "Trick 1: Anil plays J♠" in table(app)
    app.button(key="step-next-card").click().run()
    assert app.query_params["step"] == "9" and "Biju plays K♥" in table(app)
    app.button(key="step-previous-card").click().run()
    app.button(key="step-previous-card").click().run()
    assert app.query_params["step"] == "7" and "puts the trump face down" in table(app)
    app.button(key="step-next-trick").click().run()
    assert "Faiz plays Q♣; Anil wins the trick (4 points)" in table(app)
    app.button(key="step-next-trick").click().run()
    assert "Trick 2" in table(app) and "Chitra wins the trick" in table(app)
    app.button(key="step-previous-trick").click().run()
    assert "Anil wins the trick" in table(app)
    app.button(key="step-last").click().run()
    assert "The hand is over: made, the callers took 40" in table(app)
    summary = [plain(box.value) for box in app.info]
    assert summary == [
        "Chitra called 24 for Red (Anil, Chitra, Eli): they needed 24 and took 40 points: made.  \n"
        "Score: Red made 24: Blue take 1."
    ]
    app.button(key="step-first").click().run()
    assert app.query_params["step"] == "0"


CLUB_TITLE = "club-night-40.tgn · Club night · 2026-11-28"


@pytest.mark.parametrize(
    ("params", "message"),
    [
        (
            {"session": "nowhere.tgn"},
            "The link names the session 'nowhere.tgn', which is not loaded here.",
        ),
        (
            {"session": "club-night-40.tgn", "hand": "9"},
            f"The link asks for hand 9, but {CLUB_TITLE} has hands 1 to 2.",
        ),
        (
            {"session": "club-night-40.tgn", "hand": "2", "step": "999"},
            "The link asks for step 999, but hand 2 has steps 0 to 20.",
        ),
        (
            {"session": "club-night-40.tgn", "hand": "1", "seat": "8"},
            f"The link asks for seat 8, but {CLUB_TITLE} has seats 1 to 6.",
        ),
        (
            {"session": "club-night-40.tgn", "hand": "two"},
            "The link's hand 'two' is not a number.",
        ),
    ],
)
def test_replay_says_what_a_link_asks_for_that_is_not_here(
    app: AppTest, params: dict[str, str], message: str
) -> None:
    replay_at(app, **params)
    no_exception(app)
    assert [plain(e.value) for e in app.error] == [message]
    assert not any("tp-wrap" in h.proto.body for h in app.get("html"))


def test_replay_jumps_to_a_finding(app: AppTest) -> None:
    replay_at(app, session="club-night-40.tgn", hand="2", step="0")
    no_exception(app)
    links = [link for link in app.get("page_link") if "revoke" in link.proto.label]
    assert len(links) == 1
    target = dict(parse_qsl(links[0].proto.query_string))
    assert target["hand"] == "2"
    app.query_params.update(target)
    app.run()
    no_exception(app)
    assert app.query_params["step"] == target["step"]
    shown = [plain(e.value) for e in app.error]
    assert any("revoke" in text and "Faiz" in text for text in shown)
    assert "Faiz plays Q♣" in table(app)


def test_replay_seat_view_hides_the_other_hands(app: AppTest) -> None:
    replay_at(app, session="tgn-example-40.tgn", hand="1", step="7")
    everyone = table(app)
    app.selectbox(key="replay-seat").set_value(2).run()
    no_exception(app)
    seen = table(app)
    assert app.query_params["seat"] == "2"
    assert everyone.count("tp-face") > seen.count("tp-face")
    faces = re.findall(r'data-seat="(\d)".*?</div></div>', seen)
    assert faces  # every seat is still drawn
    biju = re.search(r'data-seat="2".*?tp-cards">(.*?)</span></div>', seen)
    assert biju is not None and biju.group(1).count("tp-face") == 6
    chitra = re.search(r'data-seat="3".*?tp-cards">(.*?)</span></div>', seen)
    assert chitra is not None and "tp-face" not in chitra.group(1)
    assert "face down:" not in seen  # Biju does not know the trump


def test_replay_escapes_names_from_the_file(app: AppTest) -> None:
    replay_at(app, session="escaping-29.tgn", hand="1", step="0")
    no_exception(app)
    drawn = table(app)
    assert "<script>alert(1)</script>" not in drawn
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in drawn


def test_scores_page_charts_coolies_and_flags(app: AppTest) -> None:
    open_page(app, "scores", session="club-night-40.tgn")
    no_exception(app)
    assert "Coolies and Flags after every hand" in [s.value for s in app.subheader]
    assert list(charts(app)) == ["scores-running", "scores-calls"]
    (hands,) = html_tables(app)
    assert list(hands["Hand"]) == ["1", "2"]
    assert hands.iloc[0]["Replay"].endswith("hand=1&step=0")


def test_scores_page_shows_points_and_sets_for_29(app: AppTest) -> None:
    open_page(app, "scores", session="rubber-29.tgn")
    no_exception(app)
    assert "Game points and Sets after every hand" in [s.value for s in app.subheader]


def test_players_page_covers_every_loaded_session(app: AppTest) -> None:
    open_page(app, "players")
    no_exception(app)
    summary = html_tables(app)[0]
    assert {"Anil", "Chitra", "<script>alert(1)</script>"} <= set(summary["player"])
    app.selectbox(key="players-player").set_value("Chitra").run()
    no_exception(app)
    assert app.query_params["player"] == "Chitra"
    headings = [s.value for s in app.subheader]
    assert {"Calls by level", "Points as caller", "Jodi, Thani, Kott", "Findings by code"} <= set(
        headings
    )
    drawn = charts(app)
    assert {"players-success", "players-levels", "players-margin"} <= set(drawn)
    (levels,) = drawn["players-levels"]["data"][:1]
    assert levels["type"] == "bar" and levels["name"] == "made"
