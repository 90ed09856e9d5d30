"""The Tournament page and its projector view under Streamlit's AppTest, on the bundled tournament
and on an archive that grows while the view is open."""

from __future__ import annotations

import shutil
from pathlib import Path

import pandas as pd
import pytest
from streamlit.runtime.caching import cache_utils
from streamlit.testing.v1 import AppTest

from dashboard.day.sessions import from_folder
from dashboard.library import load_file
from dashboard.state import DATA_ENVIRONMENT
from dashboard.views.tournament import shared as tournament_tables_module
from dashboard.views.tournament.overview import standings_records
from dashboard.views.tournament.shared import TournamentTables, tournament_tables
from recorder.archive import ARCHIVE_ENV, open_archive
from replay.tournament import Tournament, build_tournament
from tests.tables import read_tables
from tests.test_dashboard_app import another_visitor, fresh_app, open_page, upload

SHARED_SECONDS = 2  # dashboard/screens/tournament.py's (a page script: not imported here)

TOURNAMENT = Path(__file__).resolve().parent.parent / "data" / "tournament"


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The clock of the caches the pages share for a while (``SHARED_SECONDS``), standing still
    until the test moves it (the caches made after this take it)."""
    now = [1000.0]
    monkeypatch.setattr(cache_utils, "TTLCACHE_TIMER", lambda: now[0])
    return now


def html_of(app: AppTest) -> str:
    """Every piece of markup the page drew (``st.html`` and Markdown with HTML)."""
    drawn = [str(element.proto.body) for element in app.get("html")]
    return "".join([*drawn, *(element.value for element in app.markdown)])


@pytest.fixture
def folder_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    data = tmp_path / "data"
    shutil.copytree(TOURNAMENT, data)
    monkeypatch.setenv(DATA_ENVIRONMENT, str(data))
    monkeypatch.setenv(ARCHIVE_ENV, str(tmp_path / "none.sqlite"))
    return fresh_app()


def test_the_page_shows_standings_bracket_and_places(folder_app: AppTest) -> None:
    app = open_page(folder_app, "tournament")
    assert not app.exception
    assert [s.value for s in app.subheader] == [
        "Group A", "Group B", "Knockout", "Places", "Rummy: first round", "Rummy: semi final",
        "Still to play",
    ]  # fmt: skip
    first_round = app.dataframe[2].value
    assert list(first_round.columns) == ["Table", "Winner", "Standing"]
    assert list(first_round["Winner"]) == ["Abu", "Ganga"]
    assert "Qualified\\: Abu, Ganga" in [markdown.value for markdown in app.markdown]
    first = app.dataframe[0].value
    assert list(first.columns)[:3] == ["Rank", "Team", "Played"]
    assert list(first["Played"]) == ["3"] * 4
    drawn = html_of(app)
    for label in ("SF1", "SF2", "LF", "F"):
        assert f'data-match="{label}"' in drawn
    assert 'href="scores?session=semi-final-sf1.tgn"' in drawn
    assert 'href="replay?session=semi-final-sf1.tgn&amp;hand=1&amp;step=0"' in drawn
    assert "Nothing: every match is decided." in [caption.value for caption in app.caption]
    assert app.query_params["event"] == "Kerala House Card Tournament"


def test_the_projector_view_has_no_title_or_selector_and_large_tables(folder_app: AppTest) -> None:
    app = open_page(folder_app, "tournament", view="projector")
    assert not app.exception
    assert len(app.title) == 0 and len(app.selectbox) == 0
    drawn = html_of(app)
    assert 'class="projector"' in drawn and "Kerala House Card Tournament" in drawn
    assert "display:none" in drawn


def test_the_projector_view_shows_the_rummy_stages_after_the_bracket(folder_app: AppTest) -> None:
    drawn = html_of(open_page(folder_app, "tournament", view="projector"))
    sessions = [load_file(TOURNAMENT, path) for path in sorted(TOURNAMENT.glob("rummy-*.tgn"))]
    winners = {s.summary.stage: s.rummy.winner for s in sessions if s.rummy and s.rummy.winner}
    assert set(winners) == {"first round", "semi final"}
    rummy = drawn[drawn.index('data-kind="rummy"') :]
    assert drawn.index('data-kind="bracket"') < drawn.index('data-kind="rummy"')
    for stage, winner in winners.items():
        assert f"<h2>Rummy: {stage}</h2>" in rummy and f": {winner}</li>" in rummy


def test_the_projector_shows_only_the_panels_the_address_names(folder_app: AppTest) -> None:
    drawn = html_of(
        open_page(folder_app, "tournament", view="projector", panels="places,bracket", turn="20")
    )
    kinds = [part.split('"')[0] for part in drawn.split('data-kind="')[1:]]
    assert kinds == ["places", "bracket"]
    assert "animation:pj-turn 40s" in drawn


def test_a_wrong_address_is_named_on_the_projector(folder_app: AppTest) -> None:
    drawn = html_of(
        open_page(folder_app, "tournament", view="projector", panels="scores", turn="2")
    )
    assert "panels=scores: no panel &#x27;scores&#x27;; expected some of standings" in drawn
    assert "turn=2: expected whole seconds from 5 to 600" in drawn


def played_counts(app: AppTest) -> list[str]:
    """The matches played ("P") by each team of the first group the projector drew."""
    return list(next(table for table in read_tables(html_of(app)) if "P" in table)["P"])


def test_the_projector_picks_up_a_session_added_to_the_archive(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clock: list[float]
) -> None:
    """Within ``SHARED_SECONDS`` every projector is drawn from the same build; after it, the next
    redraw shows the archive as it stands."""
    location = tmp_path / "archive.sqlite"
    shutil.copy(TOURNAMENT / "tournament.toml", tmp_path / "tournament.toml")
    archive = open_archive(location)
    first, second = sorted(TOURNAMENT.glob("group-a-round-1-*.tgn"))
    archive.import_tgn(first.read_text(encoding="utf-8"), first.name)
    monkeypatch.setenv(DATA_ENVIRONMENT, str(location))
    monkeypatch.setenv(ARCHIVE_ENV, str(location))
    app = open_page(fresh_app(), "tournament", view="projector")
    assert not app.exception
    assert sorted(played_counts(app)) == ["0", "0", "1", "1"]  # two teams have played one match
    archive.import_tgn(second.read_text(encoding="utf-8"), second.name)
    assert sorted(played_counts(app.run())) == ["0", "0", "1", "1"]  # the shared build
    clock[0] += SHARED_SECONDS
    assert played_counts(app.run()) == ["1"] * 4


def test_the_page_offers_the_standings_and_the_bracket_to_print(folder_app: AppTest) -> None:
    app = open_page(folder_app, "tournament")
    labels = [button.proto.label for button in app.get("download_button")]
    assert [label for label in labels if label != "Download as CSV"] == [
        "Print standings",
        "Print bracket",
    ]
    assert labels.count("Download as CSV") == 4  # groups A and B, two Rummy stages


def test_phones_on_the_standings_share_one_build_and_an_upload_has_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clock: list[float]
) -> None:
    """A room of phones refreshing the standings costs one build within ``SHARED_SECONDS`` (the
    tables made once, as Arrow, with the records' cells); a tab with an upload of its own sees it
    counted, and nobody else does."""
    data = tmp_path / "data"
    shutil.copytree(TOURNAMENT, data)
    held_back = data / "group-b-round-3-pulikali-kathakali.tgn"
    uploaded = held_back.read_bytes()
    held_back.unlink()
    monkeypatch.setenv(DATA_ENVIRONMENT, str(data))
    monkeypatch.setenv(ARCHIVE_ENV, str(tmp_path / "none.sqlite"))
    built: list[str] = []

    def counted(tournament: Tournament) -> TournamentTables:
        built.append(tournament.name or "")
        return tournament_tables(tournament)

    monkeypatch.setattr(tournament_tables_module, "tournament_tables", counted)
    phones = [open_page(fresh_app() if not n else another_visitor(), "tournament")
              for n in range(3)]  # fmt: skip
    assert len(built) == 1 and not any(phone.exception for phone in phones)
    group_b = phones[2].dataframe[1].value
    sources = from_folder(data)
    groups = build_tournament(sources.sessions, sources.description).groups
    expected = pd.DataFrame(standings_records(groups["B"]))
    pd.testing.assert_frame_equal(group_b.reset_index(drop=True), expected)
    assert sorted(group_b["Played"]) == ["2", "2", "3", "3"]

    own = upload(open_page(another_visitor(), "sessions"), held_back.name, uploaded)
    own = own.switch_page("screens/tournament.py").run()
    assert not own.exception and len(built) == 2
    assert list(own.dataframe[1].value["Played"]) == ["3"] * 4
    assert sorted(phones[0].run().dataframe[1].value["Played"]) == ["2", "2", "3", "3"]
    event = phones[0].query_params["event"]
    projector = open_page(another_visitor(), "tournament", view="projector", event=event)
    assert not projector.exception and len(built) == 2  # the phones' build
    clock[0] += SHARED_SECONDS
    phones[1].run()
    assert len(built) == 3  # built again once the shared one is older than SHARED_SECONDS
