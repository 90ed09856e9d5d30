"""The Replay page: a hand step by step on a drawn table, with its findings and its tricks; a
Rummy deal is drawn by ``rummy_replay`` under the same selectors.

The moment shown lives in the URL (``?session=…&hand=…&step=…&seat=…``): a link opens the same
moment for everyone. Widgets hold the position while the page is used; a URL that differs from
the one the page last wrote (a followed link, a first visit) is taken over.
"""

from __future__ import annotations

from functools import partial

import streamlit as st

from dashboard import state
from dashboard.library import LoadedSession
from dashboard.printing.button import print_session
from dashboard.printing.incident_report import report_html
from dashboard.screens.fair_panels import fair_hand_of
from dashboard.screens.rummy import replay as rummy_replay
from dashboard.screens.stepper import (
    EVERYONE,
    HAND,
    SEAT,
    SESSION,
    SEVERITY_ICONS,
    STEP,
    WRITTEN,
    findings_list,
    step_controls,
)
from dashboard.views.finding_links import list_marks, marks_line, seat_marks
from dashboard.views.frame_html import frame_html
from dashboard.views.stepping import (
    CONTROLS,
    SHORTCUT_HELP,
    Position,
    keys_after_dropdown_script,
    out_of_range,
    parse_position,
)
from dashboard.views.text import escape_markdown
from dashboard.views.tricks.analysis import costly_cards, hand_summary, trump_choices, verdict_at
from dashboard.views.tricks.fair import fair_line_at
from dashboard.views.tricks.moment import hand_over, step_tricks, table_view
from dashboard.views.tricks.sight import (
    Shown,
    card_flags,
    card_symbols,
    known_findings,
    sight,
    trick_table,
    tricks_seen,
)
from dashboard.views.tricks.table import table_html
from replay.solver import PERFECT_INFORMATION

ANALYSED = "replay-analysed"  # the hands this browser session asked the solver to analyse
VERDICT_BOXES = {"blunder": st.error, "mistake": st.warning, "inaccuracy": st.info}


def finding_line(at: Shown, step: int, *, summary: bool = False) -> str:
    """A finding as one line of Markdown: severity, code, (the rule,) step and message."""
    finding = at.finding
    rule = f" ({escape_markdown(at.at.summary)})" if summary else ""
    when = f", step {step}" if summary else ""
    return f"**{finding.severity} · {finding.code}**{rule}{when}: " + escape_markdown(
        card_symbols(finding)
    )


def adopt(position: Position) -> None:
    """Put a position into the widgets (before they are drawn)."""
    st.session_state[SESSION] = position.session
    st.session_state[HAND] = position.hand
    st.session_state[STEP] = position.step
    st.session_state[SEAT] = position.seat or EVERYONE


def restart_hand() -> None:
    st.session_state[STEP] = 0


def relabel_hand() -> None:
    """Hand the Hand box its value again when the seat changes (the seat's callback): the box's
    labels then change (the referee's carry marks, a seat's none), and a browser keeps the old
    label as the box's value until the page sets it, so the next step key would send a label
    that is no longer in the box."""
    st.session_state[HAND] = st.session_state[HAND]


def restart_session() -> None:
    st.session_state[HAND] = 1
    st.session_state[STEP] = 0


def trick_steps(session: LoadedSession, hand: int) -> int:
    """How many steps a trick game's hand (from 1) has."""
    assert session.record is not None  # a playable session has one
    return len(state.hand_replay(session, session.record, hand - 1).steps or [])


#: How many steps a hand of each family of games has, what a hand is called, and the screens
#: that draw a family's hand in place of the trick games' table.
STEP_COUNTS = {"trick": trick_steps, "rummy": rummy_replay.step_count}
HAND_WORDS = {"trick": "Hand", "rummy": "Deal"}
FAMILY_SCREENS = {"rummy": rummy_replay.show}

playable = [s for s in state.sessions() if s.playable and s.hands]
if not playable:
    st.info("No readable session with hands. Open the Sessions page to see why.")
    st.stop()


def link_problem(params: dict[str, str], sessions: list[LoadedSession]) -> str | None:
    """What a followed link asks for that is not here: a session, hand, step or seat."""
    key = params.get("session") or sessions[0].key
    chosen = next((s for s in sessions if s.key == key), None)
    if chosen is None or chosen.record is None:
        return f"The link names the session '{key}', which is not loaded here."
    where = chosen.title
    hands = len(chosen.record.hands)
    problem = out_of_range(params, "hand", 1, hands, where) or out_of_range(
        params, "seat", 1, len(chosen.record.players), where
    )
    if problem is not None:
        return problem
    hand = parse_position(params).hand
    count = STEP_COUNTS[chosen.family](chosen, hand)
    return out_of_range(params, "step", 0, max(count - 1, 0), f"hand {hand}")


keys = [session.key for session in playable]
params = st.query_params.to_dict()
if params != st.session_state.get(WRITTEN):
    problem = link_problem(params, playable)
    if problem is not None:
        st.error(escape_markdown(problem), icon=":material/link_off:")
        st.page_link(
            "screens/replay.py",
            label=f"Open hand 1 of {escape_markdown(playable[0].title)} instead",
            icon=":material/style:",
            query_params=Position(keys[0]).to_params(),
        )
        st.stop()
    url = parse_position(params)
    adopt(Position(url.session or keys[0], url.hand, url.step, url.seat))

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
names = [record.player(s) for s in range(1, len(record.players) + 1)]
seats = list(range(len(names) + 1))
if st.session_state.get(SEAT) not in seats:
    st.session_state[SEAT] = EVERYONE
viewer = st.session_state[SEAT] or None
# a seat's list carries no marks: its labels must not change under the stepping keys
marks = list_marks(loaded.replay, viewer) if loaded.family == "trick" else {}
hand_number = top[1].selectbox(
    HAND_WORDS[loaded.family],
    hand_numbers,
    key=HAND,
    on_change=restart_hand,
    format_func=lambda number: f"{number} · {marks[number]}" if number in marks else str(number),
)
chosen_seat = top[2].selectbox(
    "Seen by",
    seats,
    format_func=lambda s: f"{names[s - 1]} (seat {s})" if s else "everyone (referee)",
    key=SEAT,
    on_change=relabel_hand,
)
seat = chosen_seat or None
print_session(loaded, key="print-replay")

family_screen = FAMILY_SCREENS.get(loaded.family)
if family_screen is not None:
    family_screen(loaded, hand_number, seat)
    st.stop()

hand = state.hand_replay(loaded, record, hand_number - 1)
in_play = loaded.summary.in_play and hand_number == len(record.hands)
steps = hand.steps or []
step = step_controls(CONTROLS, SHORTCUT_HELP, step_tricks(hand))
if seat is not None:  # beside the step: the hands' findings the seat knows of at this step
    stepped = partial(state.hand_replay, loaded, record)
    st.caption(marks_line(seat_marks(loaded.replay, stepped, seat, (hand_number, step))))

position = Position(session_key, hand_number, step, seat)
st.session_state[WRITTEN] = position.to_params()
st.query_params.from_dict(position.to_params())

view = sight(hand, step, seat)
known = known_findings(hand, step, seat)
alerts = [at for at in known if at.step == step]

for at in alerts:
    box = st.error if at.finding.severity == "error" else st.warning
    box(finding_line(at, step), icon=SEVERITY_ICONS[at.finding.severity])

if steps and steps[step].event.kind in ("end", "redeal"):
    line = loaded.score.lines[hand_number - 1] if loaded.score else None
    over = hand_over(record, hand, line, [at.finding for at in known], in_play)
    st.info(
        "  \n".join(escape_markdown(said) for said in over),
        icon=":material/flag:",
    )

st.html(table_html(table_view(record, hand, step, seat, in_play), card_flags(alerts)))

analysed: set[tuple[str, str, int]] = st.session_state.setdefault(ANALYSED, set())
wanted = (session_key, loaded.digest, hand_number)
if seat is not None:
    st.caption(
        "The coaching analysis knows every hand, so it is only for the referee's view: "
        "choose *everyone* in *Seen by* to see it."
    )
elif wanted not in analysed and not state.solved_on_server(loaded, hand_number - 1):
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
    fair = fair_hand_of(loaded, hand_number - 1)
    fair_line = fair_line_at(fair, steps, step) if fair is not None else None
    if fair_line is not None:
        st.text(fair_line)
    with st.expander(f"Coaching analysis of hand {hand_number}", expanded=True):
        st.caption(PERFECT_INFORMATION)
        st.markdown(escape_markdown(hand_summary(analysis)))
        costly = costly_cards(analysis, steps)
        if costly.empty:
            st.caption("Every card played kept the value: no card gave points away.")
        else:
            st.html(frame_html(costly))  # a plain table: no toolbar over the text above it
        trumps = trump_choices(analysis, hand.result.trump)
        if not trumps.empty:
            st.markdown("**What each trump could make**")
            st.html(frame_html(trumps))

findings = findings_list("hand", hand_number, len(known), seat)
for number, at in enumerate(known):
    target = Position(session_key, hand_number, at.step, seat)
    row = findings.container(horizontal=True, gap="small", vertical_alignment="center")
    row.page_link(
        "screens/replay.py",
        label=finding_line(at, at.step, summary=True),
        icon=SEVERITY_ICONS[at.finding.severity],
        query_params=target.to_params(),
    )
    row.download_button(
        "Report",
        data=partial(report_html, record, hand_number - 1, None, [at.finding]),
        file_name=f"incident-hand-{hand_number}-{at.finding.code}.html",
        mime="text/html",
        key=f"replay-report-{number}",
        icon=":material/print:",
        help="The referee's incident report of this finding: a page to print or save as PDF.",
        on_click="ignore",
    )

st.subheader("Tricks")
st.html(frame_html(trick_table(record, tricks_seen(hand, view))))
st.html(keys_after_dropdown_script(), unsafe_allow_javascript=True)
