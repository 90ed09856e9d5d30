"""The Record pages write a finding's cards as Replay does (8♣, not the engine's 8C): one
definition of the symbols a family's tables draw, ``card_symbols`` for the trick games and
``finding_symbols`` for Rummy."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.test_dashboard_app import TIMEOUT


def boxes(family: str) -> list[str]:
    """The finding boxes ``draw_findings`` draws for one finding of ``family``."""

    def script(family: str) -> None:
        from dashboard.screens.record_parts import draw_findings
        from dashboard.views.rummy.deal import finding_symbols
        from dashboard.views.tricks.sight import card_symbols
        from replay.findings import Finding

        if family == "trick":
            message = "trick 2: Dev (seat 4) threw 8C on a spade lead and held 7S"
            draw_findings([Finding("revoke", 1, 2, 4, "Dev", 10, 3, message)], "f", card_symbols)
        else:
            message = "Babu (seat 2) threw 7H, which the record does not show him holding"
            finding = Finding("not-held", 1, None, 2, "Babu", 10, 3, message)
            draw_findings([finding], "f", finding_symbols)

    app = AppTest.from_function(script, args=(family,), default_timeout=TIMEOUT).run()
    assert not app.exception
    return [box.proto.body for box in [*app.error, *app.warning, *app.info]]


def test_a_trick_games_finding_is_written_with_the_tables_symbols() -> None:
    (text,) = boxes("trick")
    assert "threw 8♣" in text and "held 7♠" in text
    assert "8C" not in text and "7S" not in text


def test_a_rummy_finding_is_written_with_the_tables_symbols() -> None:
    (text,) = boxes("rummy")
    assert "threw 7♥" in text and "7H" not in text
