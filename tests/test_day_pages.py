"""The tournament day's pages under Streamlit's AppTest, on an archive set up through the same
actions they call: the Organiser page (the description checked as typed, the schedule, the fees),
a table's Record page (a 28 match and a Rummy table started from the schedule, nothing typed), the
Director page (a finished hand corrected, the Tournament page following) and the Tournament page
(the description's event only)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.day import actions
from dashboard.day.source import open_day
from dashboard.state import DATA_ENVIRONMENT
from recorder import dumps, loads
from recorder.archive import ARCHIVE_ENV, Archive, Author, open_archive
from tests.day_setup import EVENT, TOURNAMENT, played_match, set_up
from tests.test_dashboard_app import fresh_app, open_page

TUSKERS_THEYYAMS = TOURNAMENT / "group-a-round-1-tuskers-theyyams.tgn"


@pytest.fixture
def archive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Archive:
    """An archive with the tournament set up, served by the dashboard under test."""
    location = tmp_path / "day.sqlite"
    opened = open_archive(location)
    set_up(opened)
    monkeypatch.setenv(DATA_ENVIRONMENT, str(location))
    monkeypatch.setenv(ARCHIVE_ENV, str(location))
    return opened


def texts(app: AppTest) -> list[str]:
    return [element.value for element in app.text]


def area_text(app: AppTest, key: str) -> str:
    return str(app.text_area(key=key).value or "")


def messages(app: AppTest) -> str:
    boxes = [*app.error, *app.success, *app.info, *app.warning, *app.caption, *app.markdown]
    return "\n".join(str(box.value) for box in boxes).replace("\\", "")  # Markdown escapes


def test_a_mistyped_key_is_shown_at_once_with_its_line_and_nothing_is_saved(
    archive: Archive,
) -> None:
    app = open_page(fresh_app(), "organiser")
    assert not app.exception
    area = app.text_area(key="org-text")
    assert 'name = "Kerala House Card Tournament"' in area_text(app, "org-text")
    typo = area_text(app, "org-text").replace("group_games = 3", "group_game = 3")
    line = typo.splitlines().index(next(x for x in typo.splitlines() if "group_game " in x)) + 1
    app = area.input(typo).run()
    shown = texts(app)
    assert any(
        text.startswith(f"line {line}, column 1:") and 'did you mean "group_games"' in text
        for text in shown
    ), shown
    assert app.button(key="org-save").disabled
    stored = archive.day_state(EVENT).description or ""
    assert "group_games = 3" in stored and "group_game =" not in stored


def test_a_bad_team_name_in_decided_is_shown_with_its_line(archive: Archive) -> None:
    app = open_page(fresh_app(), "organiser")
    text = area_text(app, "org-text").replace(
        "[28]\n", '[28]\ndecided = ["Tuskers", "Onam stars"]\n', 1
    )
    app = app.text_area(key="org-text").input(text).run()
    number = text.splitlines().index('decided = ["Tuskers", "Onam stars"]') + 1
    assert any(t.startswith(f"line {number}") and "Onam stars" in t for t in texts(app))


def test_the_form_writes_the_text_and_the_save_stores_a_new_version(archive: Archive) -> None:
    app = open_page(fresh_app(), "organiser")
    app.number_input(key="org-shuffles").set_value(8)
    app.number_input(key="org-fee-team").set_value(120)
    app = app.button(key="FormSubmitter:org-form-Put into the text").click().run()
    text = area_text(app, "org-text")
    assert "shuffles = 8" in text and "team = 120" in text
    assert (archive.day_state(EVENT).description or "").count("shuffles = 12") == 1
    app = app.button(key="org-save").click().run()
    assert "description stored" in messages(app)
    assert open_day(archive).description.twenty_eight.shuffles == 8


def test_the_organiser_schedules_from_the_roster_and_sees_what_is_on(archive: Archive) -> None:
    app = open_page(fresh_app(), "organiser")
    assert app.selectbox(key="org-team-1").options == [
        "Tuskers", "Vallams", "Chendas", "Theyyams", "Pulikali", "Kathakali", "Onam Stars",
        "Periyar",
    ]  # fmt: skip
    app.number_input(key="org-table").set_value(5)
    app.number_input(key="org-round").set_value(2)
    app.selectbox(key="org-team-1").set_value("Pulikali")
    app.selectbox(key="org-team-2").set_value("Periyar")
    app = app.run().button(key="org-schedule").click().run()
    assert not app.exception
    assert "G2-1 scheduled at table 5" in messages(app)
    scheduled = {match.id: match for match in open_day(archive).log.schedule}
    assert scheduled["G2-1"].teams == ("Pulikali", "Periyar")
    now = next(frame.value for frame in app.dataframe if "Match" in frame.value.columns)
    assert list(now["Table"]) == [1, 2, 3, 4, 5]
    assert list(now["State"]) == ["scheduled"] * 5


def test_the_fees_are_marked_paid_and_printable(archive: Archive) -> None:
    app = open_page(fresh_app(), "organiser")
    app.selectbox(key="org-payer").set_value("Tuskers")
    app = app.run()
    app.number_input(key="org-amount-Tuskers").set_value(100)
    app.text_input(key="org-note").input("cash")
    app = app.button(key="org-pay").click().run()
    assert "Tuskers paid 100" in messages(app)
    accounts = open_day(archive).tournament().fees
    assert accounts is not None and accounts.people["Tuskers"].owed == 0
    assert "Tuskers" not in app.selectbox(key="org-payer").options
    sheet = "".join(str(element.proto.body) for element in app.get("html"))
    assert "the day&#x27;s accounts" in sheet or "the day's accounts" in sheet


def test_a_scorer_starts_a_28_match_from_the_roster_without_typing(archive: Archive) -> None:
    app = open_page(fresh_app(), "record", table="1")
    assert not app.exception
    assert "G1-1" in messages(app) and "Tuskers v Theyyams" in messages(app)
    assert len(app.text_input) == 0  # nothing typed: every name is picked
    assert app.selectbox(key="tbl-seat-1").options == ["Arun", "Bindu", "Cyril", "Deepa"]
    assert app.selectbox(key="tbl-seat-2").options == ["Kiran", "Lekha", "Manoj", "Nisha"]
    for seat, name in enumerate(["Arun", "Kiran", "Bindu", "Lekha", "Cyril", "Manoj"], 1):
        app.selectbox(key=f"tbl-seat-{seat}").set_value(name)
    app = app.button(key="tbl-start").click().run()
    assert not app.exception
    session = int(app.query_params["session"])
    record = archive.record(session)
    tags = {tag.name: tag.value for tag in record.tags}
    assert tags == {
        "Game": "28",
        "Players": "Arun, Kiran, Bindu, Lekha, Cyril, Manoj",
        "Event": EVENT,
        "Date": "2026-03-21",
        "Table": "1",
        "Round": "1",
        "Stage": "group",
        "Teams": "Tuskers, Theyyams",
        "Schedule": "G1-1",
    }
    assert [event.who for event in archive.events(session)] == ["table 1", "table 1"]
    assert "shuffle" not in messages(app) or "Shuffle" in messages(app)


def test_a_player_of_the_other_team_is_refused(archive: Archive) -> None:
    day = open_day(archive)
    entry = actions.table_match(day, 1)
    with pytest.raises(actions.DayError, match="seat 2: Bindu is not on the roster of Theyyams"):
        actions.start_match(
            day, entry, Author("table 1"), ("Arun", "Bindu", "Cyril", "Kiran", "Deepa", "Lekha")
        )
    assert archive.sessions() == []


def walked(node: Any) -> Iterator[Any]:
    """A page's elements in the order they are drawn."""
    yield node
    for child in getattr(node, "children", {}).values():
        yield from walked(child)


def test_a_refused_start_is_shown_under_the_start_button(archive: Archive) -> None:
    """On a phone the refusal must be in view where the scorer tapped: right under the button."""
    app = open_page(fresh_app(), "record", table="1")
    app = app.button(key="tbl-start").click().run()  # no seat chosen
    assert not app.exception and archive.sessions() == []
    drawn = [
        str(node.key if node.type == "button" else node.value)  # type: ignore[attr-defined]
        for node in walked(app.main)
        if node.type in ("button", "error")
    ]
    assert drawn.index("tbl-start") == len(drawn) - 2 and "seat" in drawn[-1], drawn


def test_a_rummy_table_enters_its_chair_draw_card_by_card(archive: Archive) -> None:
    app = open_page(fresh_app(), "record", table="3")
    assert not app.exception
    assert app.button(key="tbl-start").disabled
    for name, card in (("Abu", "AS"), ("Beena", "AS"), ("Chacko", "KD"), ("Dinesh", "PJ")):
        app.selectbox(key=f"tbl-draw-{name}-0").set_value(card)
        app = app.run()
    assert "Abu draws again" in [box.label for box in app.selectbox]
    app.selectbox(key="tbl-draw-Abu-1").set_value("3C")
    app = app.run()
    app.selectbox(key="tbl-draw-Beena-1").set_value("2D")
    app = app.run()
    assert "chair 1: Abu, chair 2: Beena, chair 3: Chacko, chair 4: Dinesh" in messages(app)
    app = app.button(key="tbl-start").click().run()
    assert not app.exception
    record = archive.record(int(app.query_params["session"]))
    assert record.tag("Players").value == "Abu, Beena, Chacko, Dinesh"  # type: ignore[union-attr]
    assert record.tag("Draw").value == "Abu=AS/3C, Beena=AS/2D, Chacko=KD, Dinesh=PJ"  # type: ignore[union-attr]
    assert record.hands[0].tag("Dealer").value == "4"  # type: ignore[union-attr]


def played_session(archive: Archive) -> int:
    """Table 1's match, played to its end (the bundled session's twelve hands)."""
    return played_match(archive, 1, TUSKERS_THEYYAMS.name)


def test_the_director_corrects_a_finished_hand_and_the_tournament_follows(
    archive: Archive,
) -> None:
    session = played_session(archive)
    before = open_day(archive).tournament().groups["A"]
    app = open_page(fresh_app(), "director", session=str(session))
    assert not app.exception
    history = app.code[0].value
    assert "director       rewrite" in history and "the paper sheet" in history
    key = next(a.key for a in app.text_area if str(a.key).startswith(f"dir-text-{session}-1-"))
    shown = area_text(app, str(key))
    assert '[Hand "1"]' in shown
    app = app.button(key="dir-correct").click().run()
    assert "say why" in messages(app)  # a reason is required: refused next to the button
    hand = loads(shown).hands[0]
    nothing = dumps(archive.record(session).model_copy(update={"hands": []}))
    assert hand.tag("Hand") is not None
    app.text_area(key=str(key)).input(nothing)
    app.text_input(key="dir-correct-why").input("hand 1 was recorded twice")
    app = app.button(key="dir-correct").click().run()
    assert f"session {session}: hand 1 corrected" in messages(app)
    assert len(archive.record(session).hands) == 11
    after = open_day(archive).tournament().groups["A"]
    assert after != before
    page = open_page(fresh_app(), "tournament")
    assert not page.exception
    rows = page.dataframe[0].value
    points = dict(zip(rows["Team"], rows["For"], strict=True))
    counted = {row.team: row.tally.points_for for row in after}
    assert {team: int(value) for team, value in points.items()} == counted


def test_sessions_of_another_event_are_listed_apart(archive: Archive) -> None:
    other = TUSKERS_THEYYAMS.read_text(encoding="utf-8").replace(EVENT, "Kerala Hous Cup")
    archive.import_tgn(other, "typo.tgn")
    page = open_page(fresh_app(), "tournament")
    assert not page.exception
    assert page.selectbox(key="tournament-event").options == [EVENT]
    assert "Kerala Hous Cup" in messages(page)
    director = open_page(fresh_app(), "director")
    assert "No session of this tournament yet." in messages(director)
    assert any("Kerala Hous Cup" in text for text in texts(director))


def test_after_a_group_match_s_last_shuffle_the_page_says_who_won_and_offers_no_more(
    archive: Archive,
) -> None:
    session = played_session(archive)
    app = open_page(fresh_app(), "record", session=str(session))
    assert not app.exception
    record = archive.record(session)
    from dashboard.recording.table import session_length

    length = session_length(archive, session, record)
    assert length is not None and length.over and length.ended == 12
    assert length.sentence.startswith("match over: ")
    shown = messages(app)
    assert "Match over: " in shown and length.sentence[len("match over: ") :] in shown
    assert not [button for button in app.button if button.key == "rec-next-hand"]


def test_a_scorer_records_a_one_point_penalty_with_its_reason(archive: Archive) -> None:
    session = played_session(archive)
    app = open_page(fresh_app(), "record", session=str(session))
    app.selectbox(key="tbl-pen-hand").set_value(3)
    app.selectbox(key="tbl-pen-team").set_value("Theyyams")
    app.text_input(key="tbl-pen-why").input("Tuskers led out of turn")
    app = app.button(key="tbl-penalty").click().run()
    assert not app.exception
    penalties = archive.record(session).hands[2].penalties
    assert [(p.team, p.points, p.reason) for p in penalties] == [
        ("Theyyams", 1, "Tuskers led out of turn")
    ]
    assert archive.events(session)[-1].who == "table 1"
