"""A Rummy deal on the Replay page (called by ``replay.py`` under its selectors): the table turn
by turn where the deal has a turn log, the declared and shown hands in their groups, each
player's outcome and total, and the deal's findings, all as the chosen seat may see them.

Not a page of its own: ``show`` draws below the Replay page's session, deal and seat selectors.
"""

from __future__ import annotations

import streamlit as st

from dashboard.library import LoadedSession
from dashboard.screens.stepper import SEVERITY_ICONS, STEP, WRITTEN, findings_list, step_controls
from dashboard.views.rummy.deal import (
    LaidHand,
    SeenFinding,
    deal_findings,
    deal_steps,
    deal_table,
    finding_symbols,
    laid_hands,
    outcomes_table,
    scorer_notes,
    step_rounds,
)
from dashboard.views.rummy.table import deal_table_html, laid_hands_html
from dashboard.views.stepping import (
    ROUND_WORDS,
    Position,
    controls_for,
    keys_after_dropdown_script,
    shortcut_help,
)
from dashboard.views.text import escape_markdown
from replay.rummy import RummyGame

CONTROLS = controls_for(ROUND_WORDS)
HELP = shortcut_help(ROUND_WORDS)


def _game(session: LoadedSession) -> RummyGame:
    game = session.rummy
    assert game is not None and game.record is not None  # a playable Rummy session has both
    return game


@st.cache_resource(max_entries=256, show_spinner=False)
def _laid_hands(
    _session: LoadedSession, key: str, version: str, index: int, seat: int | None
) -> list[LaidHand]:
    game = _game(_session)
    assert game.record is not None
    return laid_hands(game.record, game, index, seat)


def hands_laid(session: LoadedSession, index: int, seat: int | None) -> list[LaidHand]:
    """The declared and shown hands of deal ``index`` as ``seat`` may see them, laid out once per
    version of the session for every tab of the server (the lowest counts take a moment)."""
    return _laid_hands(session, session.key, session.digest, index, seat)


def step_count(session: LoadedSession, hand: int) -> int:
    """How many steps deal ``hand`` (from 1) of a Rummy session has."""
    return len(deal_steps(_game(session), hand - 1))


def finding_line(seen: SeenFinding, *, summary: bool = False) -> str:
    """A finding as one line of Markdown: severity, code, (the rule, its step,) its message."""
    finding = seen.finding
    rule = f" ({escape_markdown(finding.rule.summary)}), step {seen.step}" if summary else ""
    message = finding_symbols(finding)
    return f"**{finding.severity} · {finding.code}**{rule}: {escape_markdown(message)}"


def show(session: LoadedSession, hand: int, seat: int | None) -> None:
    """Draw deal ``hand`` (from 1) of a Rummy session as ``seat`` (``None``: everyone) sees it."""
    game = _game(session)
    record = game.record
    assert record is not None
    index = hand - 1
    steps = deal_steps(game, index)
    if len(steps) > 1:
        step = step_controls(CONTROLS, HELP, step_rounds(steps))
    else:
        st.session_state[STEP] = step = 0
    position = Position(session.key, hand, step, seat)
    st.session_state[WRITTEN] = position.to_params()
    st.query_params.from_dict(position.to_params())

    end = len(steps) - 1
    seen = deal_findings(record, game, index, seat)
    for at in (at for at in seen if at.step == step):
        box = st.error if at.finding.severity == "error" else st.warning
        box(finding_line(at), icon=SEVERITY_ICONS[at.finding.severity])

    table = deal_table(record, game, index, step, seat)
    st.html(deal_table_html(table, seats=len(steps) > 1))

    if seat is None or step == end:
        st.subheader(f"Hands shown in deal {hand}")
        laid = hands_laid(session, index, seat)
        if laid:
            st.html(laid_hands_html(laid, table.wild))
        else:
            st.caption("No hand was declared or shown with its cards in this deal.")
        st.subheader(f"Outcomes and totals after deal {hand}")
        st.dataframe(outcomes_table(record, game, index), hide_index=True, width="stretch")
    else:
        st.caption(
            "The hands are shown and the outcomes known at the end of the deal: "
            "press End to see them."
        )

    known = [at for at in seen if seat is None or at.step <= step]
    links = findings_list("deal", hand, len(known), seat)
    for at in known:
        links.page_link(
            "screens/replay.py",
            label=finding_line(at, summary=True),
            icon=SEVERITY_ICONS[at.finding.severity],
            query_params=Position(session.key, hand, at.step, seat).to_params(),
        )
    notes = scorer_notes(record, index) if seat is None else []
    if notes:
        with st.expander(f"The scorer's notes on deal {hand} ({len(notes)})"):
            for note in notes:
                st.markdown(escape_markdown(note))
    st.html(keys_after_dropdown_script(), unsafe_allow_javascript=True)
