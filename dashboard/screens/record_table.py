"""The Record page opened for a table (``record?table=N``, TOURNAMENT.md §8): the table's current
match, started with every tag from the schedule; a 28 scorer picks each seat's player from the
team's roster, a Rummy table enters its chair draw card by card. On a scheduled 28 session: where
the match stands (its shuffles, who won and by what) and the scorer's 1-point penalty.

Every write goes through ``dashboard.day.actions`` as ``table N``.
"""

from __future__ import annotations

import streamlit as st

from dashboard import page_writer
from dashboard.day import actions
from dashboard.day.source import DayError, open_day
from dashboard.library import ARCHIVE_PREFIX
from dashboard.recording.table import (
    DRAW_CARDS,
    TableMatch,
    card_label,
    chair_draw,
    chairs_text,
    draws_needed,
    ended_hands,
    match_finished,
    session_length,
    table_match,
)
from dashboard.screens.record_parts import draw_message, refuse_at
from dashboard.views.text import escape_markdown
from dashboard.views.tournament.day import entry_teams, seat_rosters, seat_teams
from recorder.archive import Archive, ArchiveError, Author
from recorder.games import GAMES
from recorder.model import Record

STARTING = "tbl-starting"  # the start button: a refusal to start is shown under it


def scorer(archive: Archive, table: int, why: str = "") -> Author:
    """Who this tab writes as at ``table``: its key's writer, read afresh, or ``table N`` on a
    machine that needs no key; an ``ArchiveError`` when it only reads."""
    return page_writer.writer_as(archive, f"table {table}", why)


def draw_table(archive: Archive, table: int, message_key: str) -> None:
    """The table's page before its match has a session: what it plays and how it starts."""
    found = table_match(archive, table, st.query_params.get("event"))
    st.subheader(f"Table {table}")
    if found.entry is None or found.day is None:
        st.info(escape_markdown(found.problem))
        return
    entry = found.entry
    scheduled = entry.scheduled
    round_ = f", round {scheduled.round}" if scheduled.round else ""
    st.markdown(
        f"**{escape_markdown(scheduled.id)}** · {escape_markdown(scheduled.stage)}{round_} · "
        f"{escape_markdown(entry_teams(entry))} · {entry.state}"
    )
    if entry.session is not None and entry.state != "void":
        session = entry.session.removeprefix(ARCHIVE_PREFIX)  # the page's link takes the number
        st.button(
            "Open the match",
            key="tbl-open",
            type="primary",
            on_click=lambda: st.query_params.update(session=session),
        )
        return
    if scheduled.game == "rummy":
        draw_rummy_start(found, table, message_key)
    else:
        draw_28_start(found, table, message_key)


def start(
    found: TableMatch,
    table: int,
    message_key: str,
    chairs: tuple[str, ...] = (),
    dealer: int = 0,
    draw: str = "",
) -> None:
    """Start the match (a callback) and open its session."""
    assert found.day is not None and found.entry is not None
    day = open_day(found.day.archive, found.day.event)
    entry = next(
        (e for e in day.tournament().schedule if e.scheduled.id == found.entry.scheduled.id),
        found.entry,
    )
    try:
        author = scorer(day.archive, table)
        session = actions.start_match(day, entry, author, chairs, dealer, draw)
    except DayError as error:
        refuse_at(message_key, str(error), STARTING)
        return
    except ArchiveError as error:
        refuse_at(message_key, page_writer.shown(error), STARTING)
        return
    st.query_params["session"] = str(session)


def draw_28_start(found: TableMatch, table: int, message_key: str) -> None:
    assert found.day is not None and found.entry is not None and found.entry.teams
    first, second = found.entry.teams
    teams = (first or "", second or "")
    seats = GAMES[found.entry.scheduled.game].players
    rosters = seat_rosters(found.day.description, teams, seats)
    of_team = seat_teams(teams, seats)
    columns = st.columns(2)
    for seat in range(1, seats + 1):
        place = columns[(seat - 1) % 2]
        label = escape_markdown(f"Seat {seat} ({of_team[seat]})")
        if rosters[seat]:
            place.selectbox(label, rosters[seat], index=None, key=f"tbl-seat-{seat}")
        else:
            place.text_input(label, key=f"tbl-seat-{seat}", help="This team lists no roster")
    st.segmented_control(
        "Dealer of hand 1", list(range(1, seats + 1)), default=seats, key="tbl-dealer"
    )

    def begin() -> None:
        chairs = tuple(
            str(st.session_state.get(f"tbl-seat-{seat}") or "") for seat in range(1, seats + 1)
        )
        dealer = int(st.session_state.get("tbl-dealer") or seats)
        start(found, table, message_key, chairs=chairs, dealer=dealer)

    st.button("Start the match", key="tbl-start", type="primary", on_click=begin)
    draw_message(STARTING)


def draw_rummy_start(found: TableMatch, table: int, message_key: str) -> None:
    assert found.entry is not None
    players = list(found.entry.scheduled.players or ())
    st.caption("The chair draw: each player's card, as drawn (a tie draws again).")
    entered = {
        name: [str(st.session_state.get(f"tbl-draw-{name}-{k}") or "") for k in range(8)]
        for name in players
    }
    needed = draws_needed({name: [c for c in cards if c] for name, cards in entered.items()})
    columns = st.columns(min(len(players), 4) or 1)
    for number, name in enumerate(players):
        with columns[number % len(columns)]:
            for k in range(needed[name]):
                st.selectbox(
                    escape_markdown(name if k == 0 else f"{name} draws again"),
                    DRAW_CARDS,
                    index=None,
                    format_func=card_label,
                    key=f"tbl-draw-{name}-{k}",
                )
    cards = {
        name: [str(st.session_state.get(f"tbl-draw-{name}-{k}") or "") for k in range(needed[name])]
        for name in players
    }
    complete = all(all(cards[name]) for name in players)
    text, draw = chair_draw(cards) if complete else ("", None)
    if draw is not None and draw.chairs:
        st.success(escape_markdown(chairs_text(draw)))
    elif draw is not None:
        st.warning(escape_markdown("; ".join(draw.problems)))
    st.button(
        "Start the table",
        key="tbl-start",
        type="primary",
        disabled=draw is None or not draw.chairs,
        on_click=start,
        args=(found, table, message_key),
        kwargs={"draw": text},
    )
    draw_message(STARTING)


def draw_next_match(archive: Archive, record: Record) -> None:
    """Once a scheduled match is over: the table's next scheduled match offered (its page opens
    on it, to be started there), or that the table has none now."""
    table_tag = record.tag("Table")
    event = record.tag("Event")
    if record.tag("Schedule") is None or table_tag is None or not table_tag.value.isdigit():
        return
    table = table_tag.value
    found = table_match(archive, int(table), event.value if event else None)
    if found.entry is None:
        st.info(escape_markdown(found.problem), icon=":material/event_available:")
        return
    scheduled = found.entry.scheduled
    st.button(
        escape_markdown(f"Next match: {scheduled.id} · {entry_teams(found.entry)}"),
        key="tbl-next-match",
        type="primary",
        on_click=lambda: _open_table(table),
    )


def _open_table(table: str) -> None:
    """Leave the finished match for the table's own page (a callback)."""
    st.query_params.clear()
    st.query_params["table"] = table


def table_locked(archive: Archive, session: int, record: Record) -> bool:
    """Whether this tab writes as a table key into a finished match: it takes no more writes
    from the table (TOURNAMENT.md §10); a mistake in it goes to the director."""
    if not match_finished(archive, session, record):
        return False
    try:
        writer = page_writer.tab_writer(archive)
    except ArchiveError:
        return True
    return writer is None or writer.role == "table"


def another_shuffle(archive: Archive, session: int, record: Record) -> bool:
    """Say where a scheduled 28 match stands; whether the page offers another shuffle."""
    length = session_length(archive, session, record)
    if length is None:
        return True
    box = st.success if length.over else st.info
    box(escape_markdown(length.sentence[0].upper() + length.sentence[1:]), icon=":material/flag:")
    return length.another_shuffle


def draw_scorer_penalty(archive: Archive, session: int, record: Record, hand_over: bool) -> None:
    """A 1-point penalty (out-of-turn bidding or leading) with its reason, in an ended hand of
    a scheduled 28 session; the director records the rest."""
    hands = ended_hands(record, hand_over)
    if record.game != "28" or record.tag("Schedule") is None or not hands:
        return
    table_tag = record.tag("Table")
    table = int(table_tag.value) if table_tag and table_tag.value.isdigit() else 0
    with st.expander("Penalty (1 point)"):
        st.selectbox("In hand", hands, index=len(hands) - 1, key="tbl-pen-hand")
        st.selectbox("To team", list(record.teams), key="tbl-pen-team")
        st.text_input("Why (required)", key="tbl-pen-why", placeholder="bid out of turn")

        def award() -> None:
            event = record.tag("Event")
            why = str(st.session_state.get("tbl-pen-why", ""))
            hand = int(st.session_state.get("tbl-pen-hand") or hands[-1])
            team = str(st.session_state.get("tbl-pen-team") or "")
            try:
                day = open_day(archive, event.value if event else None)
                said = actions.scorer_penalty(day, session, hand, team, scorer(archive, table, why))
            except DayError as error:
                said = str(error)
            except ArchiveError as error:
                said = page_writer.shown(error)
            st.session_state["tbl-pen-said"] = said

        st.button("Award 1 point", key="tbl-penalty", on_click=award)
        if "tbl-pen-said" in st.session_state:
            st.caption(escape_markdown(st.session_state.pop("tbl-pen-said")))
