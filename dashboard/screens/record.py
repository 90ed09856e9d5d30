"""The Record page: set up a session, then record each hand live, click by click, into the archive.

Nothing of the recording lives in the browser: every run reads the session's log from the archive
(``?session=<id>`` in the URL) and ``locate`` derives the place, so a reload, a closed tab or a
restarted server resumes exactly. A click appends its events (each committed) in a callback,
before the page is drawn again.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

import streamlit as st

from dashboard import page_writer, state
from dashboard.day import guard, sight
from dashboard.query import bad_number, query_number
from dashboard.recording.rummy.setup import GAME as RUMMY
from dashboard.recording.tricks import clicks
from dashboard.recording.tricks.clicks import Decision
from dashboard.recording.tricks.offers import (
    card_grid,
    redeal_reasons,
)
from dashboard.recording.tricks.pad import pad_data
from dashboard.recording.tricks.position import Position, position_of
from dashboard.recording.tricks.setup import SessionSetup, archive_argument
from dashboard.recording.tricks.summary import (
    calls_so_far,
    correction_label,
    finished_text,
    finished_trick,
    outcome_text,
    resume_label,
    undertakings_so_far,
    winning_call,
)
from dashboard.recording.tricks.view import (
    RECORDER_CSS,
    points_text,
    seat_name,
    status_html,
    trick_html,
)
from dashboard.screens import record_table
from dashboard.screens.record_parts import (
    draw_exported,
    draw_findings,
    draw_message,
    leftover_messages,
    refuse_at,
    take_message,
)
from dashboard.screens.rummy import record as rummy_record
from dashboard.screens.tap_pad import draw_pad
from dashboard.screens.turn_choices import afresh, labelled, seat_picker
from dashboard.views.cards import CARD_CSS, card_label
from dashboard.views.text import escape, escape_markdown
from dashboard.views.tricks.sight import card_symbols
from recorder.archive import (
    Archive,
    ArchiveError,
    HandStarted,
    LoggedEvent,
    archive_location,
)
from recorder.cards import Card
from recorder.games import GAMES, family_name

MESSAGE = "rec-message"
TYPED = "rec-typed-text"  # the typed turn's field
CONTROLS = "controls"  # the calls, the card grid and the buttons of the hand being recorded


def the_archive() -> Archive:
    """The archive this server records into (``--db PATH``, else ``open_archive``'s choice), the
    one object the pages listing sessions read too (so its logs are kept once)."""
    location = state.day_location() or archive_argument(sys.argv[1:])
    return state.shared_archive(archive_location(location))


def current(session_id: int, logged: Sequence[LoggedEvent] | None = None) -> tuple[Position, int]:
    """The session's position as its log stands in the archive now (``logged``, when just read),
    and how many events the log holds (only the events since the last read are taken in)."""
    drawn, events = state.live_sessions().read(the_archive(), session_id, logged)
    return position_of(session_id, drawn), events


def record_click(
    session_id: int, decide: Callable[[Position], Decision], at: str | None = None
) -> None:
    """Decide a click against the stored position and append its events as this tab's writer
    (a callback); a refusal is shown under the controls ``at`` (at the top of the page for
    ``None``)."""
    archive = the_archive()
    message = page_writer.commit(archive, session_id, lambda: decide(current(session_id)[0]))
    if message:
        refuse_at(MESSAGE, message, at)


def record_typed(session_id: int) -> None:
    """Record the typed turn (the form's callback); the field is emptied once the turn is
    recorded, and a refused turn stays in it to be mended."""
    typed = st.session_state.get(TYPED, "")
    record_click(session_id, lambda p: clicks.typed_turn(p, typed), "typed")
    if st.session_state.get(MESSAGE) is None:
        st.session_state[TYPED] = ""


def setup_from_form() -> SessionSetup:
    """The set-up form's answers as they stand in the widgets now."""
    game = st.session_state.get("rec-game") or "40"
    players = GAMES[game].players
    return SessionSetup(
        game=game,
        players=tuple(
            st.session_state.get(f"rec-name-{seat}", "") for seat in range(1, players + 1)
        ),
        teams=(st.session_state.get("rec-team-1", ""), st.session_state.get("rec-team-2", "")),
        dealer=st.session_state.get("rec-dealer") or players,
        rules=st.session_state.get("rec-rules", ""),
        event=st.session_state.get("rec-event", ""),
        date=date.isoformat() if (date := st.session_state.get("rec-date")) else "",
    )


def start_session() -> None:
    """Create the session and its first hand, and put its id in the URL."""
    setup = setup_from_form()
    problems = setup.problems()
    if problems:
        refuse_at(MESSAGE, "; ".join(problems), "setup")
        return
    archive = the_archive()
    try:
        writer = page_writer.required_writer(archive)
        session_id = archive.create_session(guard.writer_tags(setup.tags(), writer), writer)
        archive.append(session_id, HandStarted.numbered(1, dealer=setup.dealer), writer)
    except ArchiveError as error:
        refuse_at(MESSAGE, page_writer.shown(error), "setup")
        return
    st.query_params["session"] = str(session_id)


def draw_setup() -> None:
    """The set-up form for a new session (the chosen game's family draws its fields), and the
    sessions already in the archive."""
    st.subheader("New session")
    game = st.segmented_control("Game", [*GAMES, RUMMY], default="40", key="rec-game") or "40"
    SETUP_FIELDS[family_name(game)](game)
    draw_resume()


def draw_trick_fields(game: str) -> None:
    """The set-up form of a trick game: a name per seat, the teams, the dealer, the rules."""
    players = GAMES[game].players
    for seat in range(1, players + 1):
        st.text_input(f"Seat {seat}", key=f"rec-name-{seat}")
    teams = st.columns(2)
    teams[0].text_input("Team 1 (odd seats)", value="A", key="rec-team-1")
    teams[1].text_input("Team 2 (even seats)", value="B", key="rec-team-2")
    st.segmented_control(
        "Dealer of hand 1", list(range(1, players + 1)), default=players, key="rec-dealer"
    )
    st.text_input("House rules (key=value, ...)", key="rec-rules")
    st.text_input("Event", key="rec-event")
    st.date_input("Date", value="today", format="YYYY-MM-DD", key="rec-date")
    st.button("Start recording", key="rec-start", type="primary", on_click=start_session)
    draw_message("setup")


def draw_resume() -> None:
    """The archive's latest sessions, each a button that opens it."""
    known = the_archive().sessions()
    if known:
        st.subheader("Resume a session")
        for summary in reversed(known[-20:]):
            label = escape_markdown(resume_label(summary, the_archive().record(summary.id)))
            if st.button(label, key=f"rec-open-{summary.id}"):
                st.query_params["session"] = str(summary.id)
                st.rerun()


def seat_labels(position: Position) -> dict[int, str]:
    """Each seat's name as the pickers show it: text, its Markdown escaped."""
    return {
        seat: escape_markdown(seat_name(position, seat)) for seat in range(1, position.players + 1)
    }


def draw_controls(position: Position, logged: Sequence[LoggedEvent], events: int) -> None:
    """The tap pad (the calls, the face-down card, the seat, the actions, the cards, Undo),
    each tap kept on the phone until the archive holds it (``tap_pad``); and, while the play is
    on, the turn typed as TGN writes it."""
    draw_pad(pad_data(position, logged, events))
    if position.phase != "play":
        return
    with st.form("rec-typed", border=False):
        st.text_input("Or type a turn", placeholder="3:ask 9H", key=TYPED)
        st.form_submit_button("Record", on_click=record_typed, args=(position.session_id,))
    draw_message("typed")


def draw_outcome(position: Position) -> None:
    """The hand's outcome, the session score, and the button for the next hand."""
    said = outcome_text(position)
    if said:
        st.success(escape_markdown(said))
    draw_score(position)
    if not record_table.another_shuffle(the_archive(), position.session_id, position.record):
        record_table.draw_next_match(the_archive(), position.record)
        return
    labels = seat_labels(position)
    dealer = seat_picker(
        "Next dealer",
        labels,
        position.following_dealer,
        afresh("rec-next-dealer", (position.session_id, position.hand_number)),
    )
    st.button(
        f"Start hand {position.hand_number + 1}",
        key="rec-next-hand",
        type="primary",
        on_click=record_click,
        args=(position.session_id, lambda p: clicks.next_hand_click(p, dealer), "next-hand"),
    )
    draw_message("next-hand")


def draw_score(position: Position) -> None:
    score = position.score()
    for counter, values in score.final.items():
        shown = ", ".join(f"{escape_markdown(team)} {value}" for team, value in values.items())
        st.markdown(f"**{counter.capitalize()}**: {shown}")


def draw_judgement(position: Position, sees: bool) -> None:
    """The calls so far (or the winning call and the face-down card, to a tab that ``sees`` it),
    the trick on the table with the winner of a finished one, the running points and every
    finding proven so far."""
    calls, winner = calls_so_far(position), winning_call(position, sees)
    if position.phase == "calling" and calls:
        st.html(f'<div class="rec-calls-so-far">Calls: {escape(calls)}</div>')
    if winner:
        st.html(f'<div class="rec-winning-call">{escape(winner)}</div>')
    trick = trick_html(position)
    if trick:
        st.html(trick)
    finished = finished_trick(position)
    if finished is not None:
        st.html(
            f'<div class="rec-finished" data-trick="{finished.number}">'
            f"{escape(finished_text(position, finished))}</div>"
        )
    points = points_text(position)
    if points:
        st.caption(escape_markdown(points))
    undertaken = undertakings_so_far(position)
    if undertaken:
        st.html(f'<div class="rec-undertakings">{escape(undertaken)}</div>')
    draw_findings(position.findings, "rec-findings", card_symbols)


def draw_corrections(position: Position) -> None:
    """Correct the card of an earlier turn (kept in the log), or throw the hand in."""
    if position.turns:
        with st.expander("Correct an earlier card"):
            turns = {turn.seq: correction_label(position, turn) for turn in position.turns}
            target: int = st.selectbox(
                "Turn",
                list(turns),
                index=len(turns) - 1,
                format_func=labelled(turns),
                key="rec-correct-turn",
            )
            free = [
                cell.card.code
                for _, cells in card_grid(position.spec.name, position.played)
                for cell in cells
                if not cell.played
            ]
            code = st.selectbox(
                "The card it really was",
                free,
                index=None,
                format_func=lambda code: card_label(Card.parse(code)),
                placeholder="Choose a card not played",
                key="rec-correct-card",
            )
            st.button(
                "Correct",
                key="rec-correct",
                on_click=record_click,
                disabled=code is None,
                args=(
                    position.session_id,
                    lambda p: clicks.correction_click(p, target, code or ""),
                    "correct",
                ),
            )
            draw_message("correct")
    if position.phase in ("calling", "trump"):
        with st.expander("Thrown in (redeal)"):
            for reason in redeal_reasons(position.spec.name):
                st.button(
                    reason,
                    key=f"rec-redeal-{reason}",
                    on_click=record_click,
                    args=(
                        position.session_id,
                        lambda p, r=reason: clicks.redeal_click(p, r),
                        "redeal",
                    ),
                )
            draw_message("redeal")


SETUP_FIELDS: dict[str, Callable[[str], None]] = {
    "trick": draw_trick_fields,
    "rummy": lambda game: rummy_record.draw_setup_fields(the_archive(), MESSAGE),
}


def draw_any_session(session_id: int) -> None:
    """A session's page, drawn by its game's family."""
    logged = the_archive().events(session_id)
    created = logged[0].event if logged else None
    game = next((tag.value for tag in getattr(created, "tags", []) if tag.name == "Game"), "")
    SESSION_PAGES[family_name(game)](session_id, logged)


def draw_session(session_id: int, logged: Sequence[LoggedEvent]) -> None:
    position, events = current(session_id, logged)
    page_writer.drawn(session_id, events)
    locked = record_table.table_locked(the_archive(), session_id, position.record)
    with st.container(horizontal=True, gap="small", vertical_alignment="center", key="rec-top"):
        st.html(status_html(position, events), width="content")
    table = position.record.tag("Table")
    sees = sight.sees_hidden(page_writer.tab_writer(the_archive()), table.value if table else None)
    draw_judgement(position, sees)
    if not locked:  # a table key writes nothing into a finished match (record_table)
        draw_controls(position, logged, events)
    if position.phase in ("over", "closed"):
        draw_outcome(position)
    over = position.phase in ("over", "closed")
    if not locked:  # a finished match's mistakes go to the director
        draw_corrections(position)
        record_table.draw_scorer_penalty(the_archive(), session_id, position.record, over)
    if sees or over:  # the TGN text holds the face-down card: the whole hand once it has ended
        text = state.live_sessions().tgn(the_archive(), session_id, events)
        draw_exported(text, position.record, session_id)
    with st.expander("Session score"):
        draw_score(position)


SESSION_PAGES: dict[str, Callable[[int, Sequence[LoggedEvent]], None]] = {
    "trick": draw_session,
    "rummy": lambda session_id, _: rummy_record.draw_session(the_archive(), session_id, MESSAGE),
}

st.html(f"<style>{CARD_CSS}{RECORDER_CSS}</style>")
message = take_message(MESSAGE)  # one placed under its controls is drawn there
message_slot = st.empty()  # always drawn, so that a message never shifts the widgets below it
if message:
    message_slot.error(escape_markdown(message), icon=":material/block:")
chosen = st.query_params.get("session", "")
table = st.query_params.get("table", "")
session_number = query_number(chosen)
refused = page_writer.may_write(the_archive())
if refused:
    with message_slot.container():
        st.title("Record")
        st.info(escape_markdown(refused), icon=":material/lock:")
elif chosen and session_number is None:
    st.error(escape_markdown(bad_number("session", chosen)))
    st.button("Set up a new session", on_click=st.query_params.clear)
elif session_number is not None:
    try:
        draw_any_session(session_number)
    except ArchiveError as error:
        st.error(escape_markdown(page_writer.shown(error, reading=True)))
        st.button("Try again", key="rec-retry", type="primary")  # a rerun reads afresh
        st.button("Set up a new session", on_click=st.query_params.clear)
elif table and query_number(table) is None:
    st.error(escape_markdown(bad_number("table", table)))
    st.button("Set up a new session", on_click=st.query_params.clear)
elif table:
    record_table.draw_table(the_archive(), query_number(table) or 0, MESSAGE)
else:
    draw_setup()
for leftover in leftover_messages():  # a refusal whose controls were not drawn this time
    message_slot.error(escape_markdown(leftover), icon=":material/block:")
