"""The Record page for Rummy: set up a table, then per deal the cut joker and each seat's outcome
by one tap, a count by number, or the cards of a declaration or a shown hand picked from the grid.

Drawn by ``record.py`` for a Rummy session. As for the trick games, nothing of the recording
lives in the browser: every run reads the log from the archive and ``rummy_position.locate``
replays it with the engine. Every write of a deal is a tap of the tap pad (``tap_pad``, drawn from
``dashboard.recording.rummy.pad``), kept on the phone until the archive holds it, through a
dropped Wi-Fi or a busy server: a re-entry, the cut joker, a void deal with its reason, each
seat's drop, middle drop, absence, no-show, winner or count, a declaration or shown hand, the next
deal, Undo. A declaration or shown hand is picked card by card with the page's widgets (the pick
sits in the URL, ``&pick=``, and only changes the page), and recorded by the pad, which sends the
pick's line; once the archive holds it, the page drops the pick. What stays a widget of the page
writes in its callback: a correction of an earlier line and the table's set-up, made rarely and
with the page in view.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date as calendar_date

import streamlit as st

from dashboard import page_writer
from dashboard.day import guard
from dashboard.recording.rummy import clicks as rummy_clicks
from dashboard.recording.rummy.pad import pad_data
from dashboard.recording.rummy.pick import Pick, PickKind, judge_pick, pick_grid
from dashboard.recording.rummy.position import RummyPosition, locate
from dashboard.recording.rummy.setup import (
    MOST,
    RummySetup,
    rule_choices,
    rule_default,
    rummy_rule_keys,
)
from dashboard.recording.rummy.view import (
    RUMMY_CSS,
    pick_html,
    rummy_card_html,
    standings_html,
    status_html,
)
from dashboard.recording.tricks.clicks import Decision
from dashboard.screens import record_table
from dashboard.screens.record_parts import (
    SUIT_COLOURS,
    draw_export,
    draw_findings,
    draw_message,
    refuse_at,
)
from dashboard.screens.tap_pad import draw_pad
from dashboard.screens.turn_choices import afresh, labelled, seat_picker
from dashboard.views.cards import card_label
from dashboard.views.rummy.deal import finding_symbols
from dashboard.views.text import escape_markdown
from recorder.archive import Archive, ArchiveError, HandStarted
from recorder.rummy.cards import RummyCard

PICK = "pick"
PICK_LABELS: dict[PickKind, str] = {"declare": "Pick declared cards", "show": "Pick shown cards"}
#: The groups of controls a refusal is shown under (``record_parts.draw_message``), so that on a
#: phone it is in view where the scorer tapped.
SETUP, CORRECT = ("rmy-setup", "rmy-correct")


def draw_setup_fields(archive: Archive, message_key: str) -> None:
    """The set-up form of a Rummy table (the game chosen above it)."""
    count = (
        st.segmented_control("Players", list(range(2, MOST + 1)), default=4, key="rmy-players") or 4
    )
    columns = st.columns(2)
    for seat in range(1, count + 1):
        columns[(seat - 1) % 2].text_input(f"Chair {seat}", key=f"rmy-name-{seat}")
    st.segmented_control(
        "Shuffles deal 1", list(range(1, count + 1)), default=count, key=f"rmy-dealer-{count}"
    )
    details = st.columns(3)
    details[0].text_input("Stage", key="rmy-stage", placeholder="first round")
    details[1].text_input("Table", key="rmy-table", placeholder="4")
    details[2].date_input("Date", value="today", format="YYYY-MM-DD", key="rmy-date")
    st.text_input("Event", key="rmy-event")
    st.caption("House rules (RUMMY.md §8; the house default is preselected)")
    rules = st.columns(4)
    for number, key in enumerate(rummy_rule_keys()):
        place = rules[number % 4]
        choices = rule_choices(key)
        if choices is not None:
            place.segmented_control(key, choices, default=choices[0], key=f"rmy-rule-{key}")
        else:
            place.text_input(key, value=rule_default(key), key=f"rmy-rule-{key}")
    st.button(
        "Start recording",
        key="rmy-start",
        type="primary",
        on_click=start_table,
        args=(archive, message_key),
    )
    draw_message(SETUP)


def setup_from_form() -> RummySetup:
    """The set-up form's answers as they stand in the widgets now."""
    count = st.session_state.get("rmy-players") or 4
    day = st.session_state.get("rmy-date")
    return RummySetup(
        players=tuple(st.session_state.get(f"rmy-name-{seat}", "") for seat in range(1, count + 1)),
        dealer=st.session_state.get(f"rmy-dealer-{count}") or count,
        stage=st.session_state.get("rmy-stage", ""),
        table=st.session_state.get("rmy-table", ""),
        event=st.session_state.get("rmy-event", ""),
        date=day.isoformat() if isinstance(day, calendar_date) else "",
        rules={
            key: str(st.session_state.get(f"rmy-rule-{key}") or rule_default(key))
            for key in rummy_rule_keys()
        },
    )


def start_table(archive: Archive, message_key: str) -> None:
    """Create the session and its first deal, and put its id in the URL (a callback)."""
    setup = setup_from_form()
    problems = setup.problems()
    if problems:
        refuse_at(message_key, "; ".join(problems), SETUP)
        return
    try:
        writer = page_writer.required_writer(archive)
        session_id = archive.create_session(guard.writer_tags(setup.tags(), writer), writer)
        archive.append(session_id, HandStarted.numbered(1, dealer=setup.first_dealer), writer)
    except ArchiveError as error:
        refuse_at(message_key, page_writer.shown(error), SETUP)
        return
    st.query_params["session"] = str(session_id)


class Taps:
    """The callbacks of one page run: each decides a tap against the position read afresh."""

    def __init__(self, archive: Archive, session_id: int, message_key: str) -> None:
        self.archive = archive
        self.session_id = session_id
        self.message_key = message_key

    def position(self) -> RummyPosition:
        return locate(self.session_id, self.archive.events(self.session_id))

    def record(self, decide: Callable[[RummyPosition], Decision], at: str | None = None) -> None:
        """Decide and append (a callback); a refusal is shown under the controls ``at`` (at the
        top of the page for ``None``)."""
        message = page_writer.commit(self.archive, self.session_id, lambda: decide(self.position()))
        if message:
            refuse_at(self.message_key, message, at)


def current_pick() -> Pick | None:
    return Pick.parse(st.query_params.get(PICK, ""))


def set_pick(pick: Pick | None) -> None:
    if pick is None:
        if PICK in st.query_params:
            del st.query_params[PICK]
    else:
        st.query_params[PICK] = pick.text()


def pick_taken(position: RummyPosition, pick: Pick) -> bool:
    """Whether the pick's seat has its outcome now (the pad's tap of it held, or another line) or
    the deal is over: the pick has nothing left to record."""
    if position.phase in ("complete", "ended"):
        return True
    return 1 <= pick.seat <= position.players and position.seats[pick.seat - 1].line is not None


def draw_session(archive: Archive, session_id: int, message_key: str) -> None:
    """The page of a Rummy session: status, the table's totals, the deal's result when it is
    complete, the tap pad, then the picker (its Record button the pad's) and corrections."""
    logged = archive.events(session_id)
    position = locate(session_id, logged)
    page_writer.drawn(session_id, len(logged))
    taps = Taps(archive, session_id, message_key)
    locked = record_table.table_locked(archive, session_id, position.record)
    st.html(f"<style>{RUMMY_CSS}</style>")
    with st.container(horizontal=True, gap="small", vertical_alignment="center", key="rec-top"):
        st.html(status_html(position, len(logged)), width="content")
    st.html(standings_html(position))
    if position.joker is not None:
        st.html(f'<div class="rmy-joker">Joker: {rummy_card_html(position.joker)}</div>')
    if position.phase == "complete":
        draw_complete(position)
    elif position.phase == "ended":
        standing = ", ".join(position.game.standing)
        st.success(
            escape_markdown(f"{position.game.winner} won the table. Finishing order: {standing}")
        )
        record_table.draw_next_match(archive, position.record)
    pick = current_pick()
    if pick is not None and pick_taken(position, pick):
        set_pick(None)
        pick = None
    if not locked:  # a table key's finished match takes no more writes (§10)
        draw_pad(pad_data(position, logged, len(logged), pick))
    if position.phase == "outcomes" and pick is not None:
        draw_pick(position, pick)
    elif position.phase == "outcomes":
        draw_pick_start(position, len(logged))
    draw_findings(position.findings, "rmy-findings", finding_symbols)
    if not locked:
        draw_corrections(position, taps)
    draw_export(archive, session_id)


def draw_grid(
    key: str,
    rows: list[list[RummyCard]],
    action: Callable[[str], tuple[Callable[..., None], tuple[object, ...]]],
    left: dict[str, int] | None = None,
) -> None:
    """Card buttons, a row per suit and one for the printed jokers; a card with none left is
    disabled."""
    with st.container(key=key):
        for row in rows:
            with st.container(horizontal=True, gap="small"):
                for card in row:
                    code = card.code
                    colour = SUIT_COLOURS[card.suit] if card.suit is not None else "violet"
                    label = "PJ" if card.suit is None else card_label(card)
                    callback, args = action(code)
                    st.button(
                        f":{colour}[{label}]" if colour else label,
                        key=f"{key}-{code}",
                        disabled=left is not None and left.get(code, 0) <= 0,
                        on_click=callback,
                        args=args,
                    )


def seat_labels(position: RummyPosition, seats: list[int]) -> dict[int, str]:
    return {seat: escape_markdown(position.seat_name(seat)) for seat in seats}


def seat_choice(position: RummyPosition, events: int) -> str:
    """The chair selector of the deal's players without an outcome line yet, preselecting the
    first still to enter afresh after every event. Returns its key."""
    key = afresh("rmy-seat", (position.session_id, events))
    labels = seat_labels(position, [s.seat for s in position.seats if s.playing and s.line is None])
    with st.container(key="rmy-seats"):
        seat_picker("Cards of", labels, position.to_enter, key)
    return key


def chosen_or(key: str, first: int | None) -> int:
    """The chair selected when the tap came (``first`` when none is selected)."""
    value = st.session_state.get(key)
    return int(value) if value is not None else (first or 0)


def draw_pick_start(position: RummyPosition, events: int) -> None:
    """A declaration or a shown hand picked card by card, for the chosen seat: the picker sits
    in the URL while it is made, and the pad records its cards as one line."""
    st.caption("Declared or shown cards, picked card by card")
    seat_key = seat_choice(position, events)
    with st.container(key="rmy-pick-start", horizontal=True, gap="small"):
        for kind, label in PICK_LABELS.items():
            st.button(
                label,
                key=f"rmy-pick-{kind}",
                on_click=lambda k=kind, first=position.to_enter: set_pick(
                    Pick(k, chosen_or(seat_key, first))
                ),
            )


def draw_pick(position: RummyPosition, pick: Pick) -> None:
    """The picker: the cards so far in their groups, judged at once, and the two-pack grid. Its
    buttons change the pick in the URL only: the pad's Record button sends it to the archive."""
    wild = position.wild
    verdict = judge_pick(pick, wild, position.rules)
    what = "declares" if pick.kind == "declare" else "shows"
    st.markdown(f"**{escape_markdown(position.seat_name(pick.seat))} {what}**")
    st.html(pick_html(pick, verdict, wild))
    grid = pick_grid(pick, position.body, position.rules)
    left = {cell.card.code: cell.left for row in grid for cell in row}
    draw_grid(
        "rmy-grid",
        [[cell.card for cell in row] for row in grid],
        lambda code: (lambda c: set_pick(current_or(pick).add(RummyCard.parse(c))), (code,)),
        left,
    )
    with st.container(key="rmy-pick-actions", horizontal=True, gap="small"):
        st.button(
            "New group",
            key="rmy-pick-group",
            on_click=lambda: set_pick(current_or(pick).new_group()),
        )
        st.button(
            "Take back",
            key="rmy-pick-back",
            on_click=lambda: set_pick(current_or(pick).take_back()),
        )
        if pick.kind == "declare":
            st.button(
                "Last card face down",
                key="rmy-pick-face-down",
                on_click=lambda: set_pick(current_or(pick).last_face_down()),
            )
        st.button("Cancel", key="rmy-pick-cancel", on_click=set_pick, args=(None,))


def current_or(pick: Pick) -> Pick:
    """The pick in the URL when the tap comes (it may have moved since the page was drawn)."""
    return current_pick() or pick


def draw_complete(position: RummyPosition) -> None:
    """The deal's result (the next deal is the pad's, its shuffler as the engine gives it)."""
    deal = position.game.deals[-1]
    if deal.void:
        st.info(f"Deal {position.deal_number} is void: dealt again")
    else:
        winner = deal.winner or "nobody"
        st.success(escape_markdown(f"Deal {position.deal_number} won by {winner}"))


def draw_corrections(position: RummyPosition, taps: Taps) -> None:
    """Correct an earlier line (kept in the log): it is replaced by a typed line of its kind."""
    lines = {line.seq: f"deal {line.hand}: {line.text}" for line in position.lines}
    if not lines:
        return
    with st.expander("Correct an earlier entry"):
        target: int = st.selectbox(
            "Entry",
            list(lines),
            index=len(lines) - 1,
            format_func=labelled(lines),
            key="rmy-correct-line",
        )
        text = st.text_input("As it should be", placeholder="count 2: 28", key="rmy-correct-text")
        st.button(
            "Correct",
            key="rmy-correct",
            on_click=taps.record,
            args=(lambda p: rummy_clicks.correction_click(p, target, text), CORRECT),
        )
        draw_message(CORRECT)
