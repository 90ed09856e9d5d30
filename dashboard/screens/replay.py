"""The Replay page: a hand step by step on a drawn table, with its findings and its tricks.

The moment shown lives in the URL (``?session=…&hand=…&step=…&seat=…``): a link opens the same
moment for everyone. Widgets hold the position while the page is used; a URL that differs from
the one the page last wrote (a followed link, a first visit) is taken over.
"""

from __future__ import annotations

import streamlit as st

from dashboard import state
from dashboard.views.analysis import costly_cards, hand_summary, trump_choices, verdict_at
from dashboard.views.moment import findings_by_step, step_tricks, table_view, trick_table
from dashboard.views.stepping import CONTROLS, SHORTCUT_HELP, Move, Position, move, parse_position
from dashboard.views.table import table_html
from dashboard.views.text import escape_markdown
from replay.solver import PERFECT_INFORMATION

SESSION, HAND, STEP, SEAT, WRITTEN = (
    "replay-session",
    "replay-hand",
    "replay-step",
    "replay-seat",
    "replay-url",
)
EVERYONE = 0  # the seat selector's value for the referee's view of the whole record
ANALYSED = "replay-analysed"  # the hands this browser session asked the solver to analyse
VERDICT_BOXES = {"blunder": st.error, "mistake": st.warning, "inaccuracy": st.info}
SEVERITY_ICONS = {
    "error": ":material/error:",
    "warning": ":material/warning:",
    "note": ":material/info:",
}


def adopt(position: Position) -> None:
    """Put a position into the widgets (before they are drawn)."""
    st.session_state[SESSION] = position.session
    st.session_state[HAND] = position.hand
    st.session_state[STEP] = position.step
    st.session_state[SEAT] = position.seat or EVERYONE


def restart_hand() -> None:
    st.session_state[STEP] = 0


def restart_session() -> None:
    st.session_state[HAND] = 1
    st.session_state[STEP] = 0


def step_to(how: Move, tricks: list[int | None]) -> None:
    st.session_state[STEP] = move(st.session_state[STEP], how, tricks)


playable = [s for s in state.sessions() if s.playable and s.hands]
if not playable:
    st.info("No readable session with hands. Open the Sessions page to see why.")
    st.stop()

keys = [session.key for session in playable]
url = parse_position(st.query_params.to_dict())
if url != st.session_state.get(WRITTEN):
    adopt(Position(url.session if url.session in keys else keys[0], url.hand, url.step, url.seat))

top = st.columns([3, 1, 2])
session_key = top[0].selectbox(
    "Session",
    keys,
    format_func=lambda key: next(s.title for s in playable if s.key == key),
    key=SESSION,
    on_change=restart_session,
)
loaded = next(s for s in playable if s.key == session_key)
record = loaded.record
assert record is not None  # every playable session has one
hand_numbers = list(range(1, len(record.hands) + 1))
if st.session_state.get(HAND) not in hand_numbers:
    st.session_state[HAND] = min(max(int(st.session_state.get(HAND) or 1), 1), len(hand_numbers))
hand_number = top[1].selectbox("Hand", hand_numbers, key=HAND, on_change=restart_hand)
names = [record.player(s) for s in range(1, len(record.players) + 1)]
seats = list(range(len(names) + 1))
if st.session_state.get(SEAT) not in seats:
    st.session_state[SEAT] = EVERYONE
chosen_seat = top[2].selectbox(
    "Seen by",
    seats,
    format_func=lambda s: f"{names[s - 1]} (seat {s})" if s else "everyone (referee)",
    key=SEAT,
)
seat = chosen_seat or None

hand = state.hand_replay(loaded, record, hand_number - 1)
steps = hand.steps or []
tricks = step_tricks(hand)
last = max(len(steps) - 1, 0)
st.session_state[STEP] = min(max(int(st.session_state.get(STEP) or 0), 0), last)

controls = st.container(horizontal=True, gap="small")
for control in CONTROLS:
    controls.button(
        "",
        key=control.move.value,
        icon=control.icon,
        help=control.help,
        shortcut=control.shortcut,
        on_click=step_to,
        args=(control.move, tricks),
        width="stretch",
    )
step = st.slider("Step", 0, last, key=STEP, help=SHORTCUT_HELP) if last else 0

position = Position(session_key, hand_number, step, seat)
st.session_state[WRITTEN] = position
st.query_params.from_dict(position.to_params())

st.html(table_html(table_view(record, hand, step, seat)))

for finding in steps[step].findings if steps else ():
    message = f"**{finding.severity} · {finding.code}**: {escape_markdown(finding.message)}"
    box = st.error if finding.severity == "error" else st.warning
    box(message, icon=SEVERITY_ICONS[finding.severity])

analysed: set[tuple[str, str, int]] = st.session_state.setdefault(ANALYSED, set())
wanted = (session_key, loaded.digest, hand_number)
if wanted not in analysed and not state.solved_on_server(loaded, hand_number - 1):
    st.button(
        "Analyse this hand",
        key="replay-analyse",
        icon=":material/psychology:",
        help="Judge every card with all hands known (a few seconds per hand).",
        on_click=analysed.add,
        args=(wanted,),
    )
else:
    with st.spinner("Solving the hand with every card known…"):
        analysis = state.hand_analysis(loaded, record, hand_number - 1)
    verdict = verdict_at(analysis, steps, step)
    if verdict is not None:
        verdict_box = VERDICT_BOXES.get(verdict.label or "", st.success)
        verdict_box(
            f"**{escape_markdown(verdict.player)}**, {escape_markdown(verdict.headline)}. "
            + escape_markdown(verdict.detail)
        )
    with st.expander(f"Coaching analysis of hand {hand_number}", expanded=True):
        st.caption(PERFECT_INFORMATION)
        st.markdown(escape_markdown(hand_summary(analysis)))
        costly = costly_cards(analysis, steps)
        if costly.empty:
            st.caption("Every card played kept the value: no card gave points away.")
        else:
            st.dataframe(costly, hide_index=True, width="stretch", key="replay-costly")
        trumps = trump_choices(analysis, hand.result.trump)
        if not trumps.empty:
            st.markdown("**What each trump could make**")
            st.dataframe(trumps, hide_index=True, key="replay-trumps")

found = findings_by_step(hand)
st.subheader(f"Findings of hand {hand_number} ({len(found)})")
if not found:
    st.caption("Nothing against the rules in this hand.")
for at in found:
    target = Position(session_key, hand_number, at.step, seat)
    label = (
        f"**{at.finding.severity} · {at.finding.code}** ({escape_markdown(at.summary)}), "
        f"step {at.step}: {escape_markdown(at.finding.message)}"
    )
    st.page_link(
        "screens/replay.py",
        label=label,
        icon=SEVERITY_ICONS[at.finding.severity],
        query_params=target.to_params(),
    )

st.subheader("Tricks")
st.dataframe(trick_table(record, hand), hide_index=True, width="stretch")
