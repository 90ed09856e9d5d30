"""On a phone a refusal must be in view where the scorer tapped: the Record page shows the
refusal of "Start hand N" under that button (at the end of a long hand's page), and a thrown-in
hand's refusal inside its expander, not at the top of the page."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.recording.tricks import clicks
from dashboard.recording.tricks.clicks import Refused
from recorder.archive import Archive
from tests.record_pad import PadPhone
from tests.test_day_pages import walked
from tests.test_record_held import hand_taps, open_page, session, tap

__all__ = ["session"]  # the fixture, found by pytest where it is used


def drawn(app: AppTest) -> list[str]:
    """The page's buttons (by key) and error boxes (by text) in the order they are drawn."""
    return [
        str(node.key if node.type == "button" else node.value)
        for node in walked(app.main)
        if node.type in ("button", "error")
    ]


def refuse(reason: str) -> object:
    return lambda position, *_: Refused(reason)


def test_a_refused_next_hand_is_shown_under_its_button(
    session: tuple[Archive, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    archive, session_id = session
    app, phone = open_page(session_id), PadPhone()
    for key in hand_taps():
        tap(app, phone, archive, session_id, key)
    monkeypatch.setattr(clicks, "next_hand_click", refuse("the next hand waits for the director"))
    before = len(archive.events(session_id))
    app.button(key="rec-next-hand").click().run()
    assert not app.exception and len(archive.events(session_id)) == before
    order = drawn(app)
    assert order[order.index("rec-next-hand") + 1] == "the next hand waits for the director", order


def test_a_refused_redeal_is_shown_in_its_expander(
    session: tuple[Archive, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    archive, session_id = session
    app = open_page(session_id)
    monkeypatch.setattr(clicks, "redeal_click", refuse("no redeal at this table"))
    before = len(archive.events(session_id))
    redeals = [key for key in drawn(app) if key.startswith("rec-redeal-")]
    app.button(key=redeals[0]).click().run()
    assert not app.exception and len(archive.events(session_id)) == before
    order = drawn(app)
    assert order.index("no redeal at this table") == order.index(redeals[-1]) + 1, order
