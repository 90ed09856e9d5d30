"""The Coaching page: one player's costly decisions over the loaded sessions, by cost, trick, kind.

The solver takes seconds per hand, so the hands are analysed only when asked (a button) and each
analysis is cached for the server (``state.hand_analysis``); a hand the server has solved already
is shown at once, in any tab. Every costly decision links to its moment in Replay. A Rummy player's
groupings are judged against the lowest count first (``dashboard.screens.rummy.panels``), no solver
needed.
"""

from __future__ import annotations

import streamlit as st

from dashboard import state
from dashboard.charts.chart import chart
from dashboard.library import LoadedSession
from dashboard.screens.fair_panels import fair_coaching
from dashboard.screens.rummy.panels import rummy_coaching
from dashboard.views.frame_html import frame_html
from dashboard.views.tricks.analysis import cost_by, decision_link, mistakes_figure, mistakes_table
from replay.solver import PERFECT_INFORMATION
from replay.solver.coaching import POINTS_GIVEN_AWAY, AnalysedHand, player_mistakes, player_summary
from replay.tricks import Step

ANALYSED = "coaching-analysed"  # the hands this browser session asked the solver to analyse


def seat_names(loaded: LoadedSession) -> tuple[str, ...]:
    """The players of a session by seat, from its summary: listing the players of every session
    unpickles none of their records."""
    return loaded.summary.players


st.title("Coaching")
playable = [s for s in state.sessions() if s.playable and s.hands and s.family == "trick"]
rummy = state.rummy_players(state.sessions())
rummy_names = {name for table in rummy.tables for name in table.players}
names = sorted({name for loaded in playable for name in seat_names(loaded)} | rummy_names)
if not names:
    st.info("No readable session with hands. Open the Sessions page to see why.")
    st.stop()

wanted_player = st.query_params.get("player")
player = st.selectbox(
    "Player",
    names,
    index=names.index(wanted_player) if wanted_player in names else 0,
    key="coaching-player",
)
st.query_params["player"] = player
if player in rummy_names:
    rummy_coaching(rummy.costs, player)
theirs = [loaded for loaded in playable if player in seat_names(loaded)]
if not theirs:
    st.stop()
st.caption(PERFECT_INFORMATION)  # the trick games' judge; a Rummy grouping needs no solver
titles = {loaded.key: loaded.title for loaded in theirs}
chosen = st.multiselect(
    "Sessions",
    list(titles),
    default=list(titles),
    format_func=titles.__getitem__,
    key=f"coaching-sessions-{player}",
)
hands = [
    (loaded, index) for loaded in theirs if loaded.key in chosen for index in range(loaded.hands)
]
with st.container(key="fair-section"):
    fair_coaching(hands, player)
st.subheader("Judged with every card known")

analysed: set[tuple[str, str, int]] = st.session_state.setdefault(ANALYSED, set())
analysed.update(
    (loaded.key, loaded.digest, index)
    for loaded, index in hands
    if state.solved_on_server(loaded, index)
)
pending = [
    (loaded, index) for loaded, index in hands if (loaded.key, loaded.digest, index) not in analysed
]
if pending:
    st.button(
        f"Analyse {len(pending)} hand(s)",
        key="coaching-analyse",
        icon=":material/psychology:",
        help="Judge every card of these hands with all hands known (seconds per hand, once).",
        on_click=analysed.update,
        args=([(loaded.key, loaded.digest, index) for loaded, index in pending],),
    )
ready = [
    (loaded, index) for loaded, index in hands if (loaded.key, loaded.digest, index) in analysed
]
if not ready:
    st.info(f"{len(hands)} hand(s) to analyse: press the button; each takes a few seconds.")
    st.stop()

progress = st.progress(0.0, text="Solving the hands with every card known…")
judged = []
moments: dict[tuple[str, int], tuple[str, list[Step]]] = {}  # (label, hand) -> (key, steps)
for done, (loaded, index) in enumerate(ready, start=1):
    record = loaded.record
    assert record is not None
    analysis = state.hand_analysis(loaded, record, index)
    replayed = state.hand_replay(loaded, record, index)
    caller = record.player(analysis.caller) if analysis.caller else None
    judged.append(AnalysedHand(loaded.label, analysis, caller, replayed.result.trump))
    moments[(loaded.label, analysis.number)] = (loaded.key, list(replayed.steps or []))
    progress.progress(done / len(ready), text=f"Analysed {done} of {len(ready)} hand(s)")
progress.empty()

summary = player_summary(judged, player)
metrics = st.container(horizontal=True, gap="medium")  # wraps, two or three a row on a phone
metrics.metric("Decisions judged", summary.decisions)
metrics.metric("Points given away", summary.cost)
metrics.metric("Inaccuracies", summary.inaccuracies)
metrics.metric("Mistakes", summary.mistakes)
metrics.metric("Blunders", summary.blunders)
st.caption(POINTS_GIVEN_AWAY)
if len(ready) < len(hands):
    st.caption(f"{len(ready)} of {len(hands)} hand(s) analysed so far.")

costly = player_mistakes(judged, player)
links = [decision_link(m, *moments[(m.session, m.hand)]) for m in costly]
mistakes = mistakes_table(costly, links)
if mistakes.empty:
    st.success("No decision of this player gave points away against perfect play.")
    st.stop()

tricks = max((card.trick for hand in judged for card in hand.analysis.cards), default=0)
chart(mistakes_figure(mistakes, tricks), key="coaching-figure")
left, right = st.columns(2)  # plain tables: no table toolbar over the text above them
with left:
    st.subheader("By kind")
    st.html(frame_html(cost_by(mistakes, "Kind")))
with right:
    st.subheader("By trick")
    st.html(frame_html(cost_by(mistakes, "Trick")))
st.subheader("Costliest decisions")
st.caption(
    "Each link opens the decision's moment in Replay in the referee's view (everyone): the "
    "analysis knows every hand, so Replay shows its verdict only to a viewer who sees them all."
)
st.html(frame_html(mistakes, links={"Replay": "referee's view"}))
