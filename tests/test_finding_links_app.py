"""A referee finds every finding from Sessions, Scores and the hand list: each leads to the hand
and step of Replay that shows it, and Replay offers its incident report."""

from __future__ import annotations

from urllib.parse import parse_qsl

from streamlit.testing.v1 import AppTest

from dashboard.screens.stepper import HAND
from tests.tables import html_tables
from tests.test_dashboard_app import SAMPLES, app, no_exception, open_page, replay_at, upload

__all__ = ["app"]  # the fixture, used by name

CLUB = (SAMPLES / "club-night-40.tgn").read_bytes()


def test_a_sessions_finding_opens_its_moment(app: AppTest) -> None:
    upload(app.run(), "club-copy.tgn", CLUB + b"; a copy\n")
    no_exception(app)
    links = [link for link in app.get("page_link") if "revoke" in link.proto.label]
    assert len(links) == 1
    target = dict(parse_qsl(links[0].proto.query_string))
    assert (target["hand"], target["step"]) == ("6", "16")
    assert "Hand 6, step 16" in links[0].proto.label


def test_scores_has_a_findings_column_and_a_link_to_each_findings_moment(app: AppTest) -> None:
    open_page(app, "scores", session="club-night-40.tgn")
    no_exception(app)
    (hands,) = html_tables(app)
    assert "Findings" in hands.columns
    findings = dict(zip(hands["Hand"], hands["Findings"], strict=True))
    assert "revoke (Faiz)" in findings["2"]  # the fixture's club night: two hands
    assert hands.iloc[1]["Finding"].endswith("hand=2&step=12")


def test_the_hand_list_marks_hands_with_findings_and_replay_offers_a_report(app: AppTest) -> None:
    replay_at(app, session="club-night-40.tgn", hand="2", step="0")
    no_exception(app)
    hands = app.selectbox(key=HAND)
    assert "2 · ⚠ 2 findings" in hands.options
    assert "1" in hands.options
    reports = [b for b in app.get("download_button") if b.key.startswith("replay-report")]
    links = [link for link in app.get("page_link") if "step" in link.proto.label]
    assert len(reports) == len(links) == 2
    assert {report.proto.label for report in reports} == {"Report"}
