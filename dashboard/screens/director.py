"""The Director page (TOURNAMENT.md §9, §10): pick a session of the event, read its history, and
correct it: any hand rewritten (its TGN text), the session voided or replaced, a penalty, a
decision on an unfinished match, a stale match let stand; and for the event, a walkover, a
withdrawal, a tie settled.

Each action asks why and writes through ``dashboard.day.actions`` as the tab's key's writer
(``dashboard.page_writer``, read afresh at every write; ``director`` on a machine that needs no
key); a refusal is shown next to its button. On a server that needs keys the page offers nothing,
not even a session's history (a hand being played is not the room's to see), without a director's
key, and a write made anyway is refused before it reaches the archive. The Tournament page reads
the archive afresh, so it follows at once. Sessions of another event are listed apart and cannot
be chosen here.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from dashboard import page_writer, state
from dashboard.day import actions
from dashboard.day.history import history_lines
from dashboard.day.source import Day, DayError, open_day, tournaments
from dashboard.views.text import escape_markdown
from dashboard.views.tournament.day import entry_teams, event_sessions, session_label
from recorder.archive import Archive, ArchiveError, Author
from recorder.model import Record

# What the last action said, by the action's name: drawn next to its button. (A comment: a bare
# string here would be drawn on the page by Streamlit's magic.)
SAID = "dir-said"


def act(name: str, write: Callable[[Day], str]) -> None:
    """Run a write (a callback) on the day as it stands now and keep its message, or its
    refusal, for its button."""
    try:
        st.session_state[SAID] = (name, "success", write(open_day(day.archive, day.event)))
    except DayError as error:
        st.session_state[SAID] = (name, "error", str(error))
    except ArchiveError as error:
        st.session_state[SAID] = (name, "error", page_writer.shown(error))


def said(name: str) -> None:
    """The message of the action ``name``, if it was the last one, beside its button."""
    kept = st.session_state.get(SAID)
    if kept and kept[0] == name:
        (st.success if kept[1] == "success" else st.error)(escape_markdown(kept[2]))


def why(key: str) -> str:
    return str(st.session_state.get(key, ""))


def director(key: str) -> Author:
    """The writer of a director's action with the reason typed at ``key``: the tab's key, read
    afresh (a director's), or ``director`` on a machine that needs no key."""
    return page_writer.writer_as(day.archive, "director", why(key), page_writer.DIRECTING)


def draw_history(archive: Archive, session: int) -> None:
    with st.expander("History", expanded=True):
        st.code("\n".join(history_lines(archive, session)), language=None)


def draw_correction(day: Day, session: int, record: Record) -> None:
    st.subheader("Correct a hand")
    if not record.hands:
        st.caption("This session has no hand.")
        return
    # a number typed is the hand picked, exactly: a list's type-ahead took "12" for hand 2
    hand = int(
        st.number_input(
            f"Hand (1 to {len(record.hands)})",
            min_value=1,
            max_value=len(record.hands),
            value=1,
            step=1,
            key=f"dir-hand-{session}",
        )
    )
    text_key = f"dir-text-{session}-{hand}-{len(record.hands)}"
    if text_key not in st.session_state:
        st.session_state[text_key] = actions.correction_text(record, hand - 1)
    st.text_area(
        "The hand as TGN (its session's tags kept; no hand voids it, two insert one)",
        key=text_key,
        height=300,
    )
    st.text_input("Why (required)", key="dir-correct-why")

    def correct() -> None:
        text = str(st.session_state.get(text_key, ""))
        act(
            "correct",
            lambda now: actions.correct(now, session, hand, text, director("dir-correct-why")),
        )
        if st.session_state[SAID][1] == "success":
            del st.session_state[text_key]  # the corrected hand is read afresh

    st.button("Correct the hand", key="dir-correct", type="primary", on_click=correct)
    said("correct")


def draw_session_actions(day: Day, session: int, record: Record) -> None:
    st.subheader("The session")
    teams = list(record.teams) if record.game == "28" else []
    st.text_input("Why (required)", key="dir-why")
    row = st.columns(3)
    row[0].button(
        "Void the session",
        key="dir-void",
        on_click=act,
        args=("session", lambda now: actions.void(now, session, director("dir-why"))),
    )
    row[1].button(
        "Replace (void; the match starts anew)",
        key="dir-replace",
        on_click=act,
        args=("session", lambda now: actions.replace_session(now, session, director("dir-why"))),
    )
    row[2].button(
        "Let it stand as played",
        key="dir-stand",
        on_click=act,
        args=("session", lambda now: actions.stand(now, session, director("dir-why"))),
    )
    if teams:
        winner = st.selectbox("Team", teams, key="dir-team")
        more = st.columns(3, vertical_alignment="bottom")
        more[0].button(
            "Decide the match for this team",
            key="dir-decide",
            on_click=act,
            args=("session", lambda now: actions.decide(now, session, winner, director("dir-why"))),
        )
        more[1].button(
            "Replace by a walkover to this team",
            key="dir-replace-walkover",
            on_click=act,
            args=(
                "session",
                lambda now: actions.replace_session(now, session, director("dir-why"), winner),
            ),
        )
        hands = list(range(1, len(record.hands) + 1))
        if hands:
            with more[2].popover("Penalty to this team"):
                hand = int(
                    st.number_input(
                        "In hand", 1, len(hands), len(hands), step=1, key="dir-pen-hand"
                    )
                )
                points = st.number_input("Points", 1, 99, 1, key="dir-pen-points")
                revoke = st.checkbox(
                    "A revoke (the cardinal rule): the hand is awarded too",
                    key="dir-pen-revoke",
                )
                st.button(
                    "Award",
                    key="dir-penalty",
                    on_click=act,
                    args=(
                        "session",
                        lambda now: actions.penalty(
                            now, session, hand, winner, int(points), director("dir-why"), revoke
                        ),
                    ),
                )
    said("session")


def draw_event_actions(day: Day) -> None:
    """A walkover, a withdrawal, a tie settled: the event's, not one session's."""
    st.subheader("The event")
    teams = [team.name for team in day.description.twenty_eight.teams]
    st.text_input("Why (required)", key="dir-event-why")
    open_matches = {
        entry.scheduled.id: entry
        for entry in day.tournament().schedule
        if entry.scheduled.game == "28"
        and entry.state in ("scheduled", "void")
        and entry.teams
        and None not in entry.teams
    }
    if open_matches:
        row = st.columns(2, vertical_alignment="bottom")
        chosen = row[0].selectbox(
            "Walkover in",
            list(open_matches),
            format_func=lambda key: f"{key}: {entry_teams(open_matches[key])}",
            key="dir-wo-match",
        )
        pair = [team for team in open_matches[chosen].teams or () if team]
        winner = row[1].selectbox(
            "Winner (the team that came)", [*pair, "none"], key="dir-wo-winner"
        )
        loser = next((team for team in pair if team != winner), pair[-1])
        st.button(
            "Record the walkover",
            key="dir-walkover",
            on_click=act,
            args=(
                "event",
                lambda now: actions.walkover(now, winner, loser, chosen, director("dir-event-why")),
            ),
        )
    if teams:
        row = st.columns(2, vertical_alignment="bottom")
        team = row[0].selectbox("Team", teams, key="dir-withdraw-team")
        row[1].button(
            "Withdraw the team",
            key="dir-withdraw",
            on_click=act,
            args=("event", lambda now: actions.withdraw(now, team, director("dir-event-why"))),
        )
        order = st.multiselect(
            "Settle a tie nothing breaks: the tied teams, first placed first",
            teams,
            default=list(day.description.twenty_eight.decided),
            key="dir-settle-order",
        )
        st.button(
            "Settle the tie",
            key="dir-settle",
            on_click=act,
            args=(
                "event",
                lambda now: actions.settle(now, tuple(order), director("dir-event-why")),
            ),
        )
    said("event")


def pick_session(day: Day) -> int | None:
    """The session chosen (``?session=``), among the event's; the others are listed apart."""
    own, others = event_sessions(day.summaries, day.event)
    if others:
        with st.expander(f"{len(others)} session(s) of another event (not this tournament's)"):
            for summary in others:
                st.text(f"{session_label(summary)} · event: {summary.event or 'none'}")
    if not own:
        st.info("No session of this tournament yet.")
        return None
    ids = [summary.id for summary in own]
    labels = {summary.id: session_label(summary) for summary in own}
    wanted = st.query_params.get("session", "")
    index = ids.index(int(wanted)) if wanted.isdigit() and int(wanted) in ids else 0
    session = st.selectbox(
        "Session", ids, index=index, format_func=lambda key: labels[key], key="dir-session"
    )
    st.query_params["session"] = str(session)
    return int(session)


st.title("Director")
archive = state.day_archive()
if archive is None:
    st.info("This dashboard shows files only: start it on an archive to run a tournament day.")
    st.stop()
refused = page_writer.page_refusal(archive, page_writer.DIRECTING, "the director's link")
if refused:
    st.info(escape_markdown(refused), icon=":material/lock:")
    st.page_link(
        "screens/tournament.py", label="The Tournament page", icon=":material/emoji_events:"
    )
    st.stop()
names = tournaments(archive)
if not names:
    st.info("No tournament is set up in this archive: the Organiser page sets one up.")
    st.stop()
wanted_event = st.query_params.get("event")
if len(names) == 1:  # nothing to choose: the tournament's name, no control that does nothing
    event = names[0]
    st.caption(escape_markdown(event))
else:
    event = st.selectbox(
        "Tournament", names, index=names.index(wanted_event) if wanted_event in names else 0
    )
try:
    day = open_day(archive, event)
    chosen = pick_session(day)
    if chosen is not None:
        record = archive.record(chosen)
        draw_history(archive, chosen)
        draw_correction(day, chosen, record)
        draw_session_actions(day, chosen, record)
    draw_event_actions(day)
except (DayError, ArchiveError) as error:
    st.error(escape_markdown(str(error)))
st.page_link("screens/tournament.py", label="The Tournament page", icon=":material/emoji_events:")
