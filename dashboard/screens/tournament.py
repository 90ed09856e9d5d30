"""The Tournament page: group standings, the bracket, what is still to play, the findings.

With ``?view=projector``: full-screen panels without navigation that turn by themselves
(``dashboard/views/tournament/projector.py``), redrawn every ``PROJECTOR_SECONDS`` from the sessions
as they stand, so that the screen follows the archive as the tables record."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

import streamlit as st

from dashboard import state
from dashboard.day.sessions import description_for, descriptions_near
from dashboard.day.source import open_day, tournaments
from dashboard.library import LoadedSession
from dashboard.printing.button import csv_button, file_stem, print_tournament
from dashboard.views.text import escape_markdown
from dashboard.views.tournament.overview import (
    SHARED_RANK_NOTE,
    bracket_svg,
    events,
    group_title,
    places_text,
    replay_link,
    scores_link,
    tournament_sessions,
)
from dashboard.views.tournament.projector import projector_html, projector_options
from dashboard.views.tournament.rummy_stages import (
    places_lines,
    qualified_text,
    stage_title,
)
from dashboard.views.tournament.shared import SharedView, TournamentTables
from recorder.archive import ArchiveError
from replay.tournament import Tournament, build_tournament
from replay.tournament.rummy_stages import FINAL

PROJECTOR_SECONDS = 2
# How long the projector's panels, once built, serve every projector watching the same event
# (a tab's own period: a projector is fresh within PROJECTOR_SECONDS plus this). A comment, not
# a docstring: a page script's bare strings are drawn on the page.
SHARED_SECONDS = 2
HIDE_CHROME = (
    "<style>[data-testid='stHeader'],[data-testid='stToolbar'],[data-testid='stSidebar'],"
    "header,nav{display:none !important}"
    "[data-testid='stMainBlockContainer']{padding-top:1rem !important;max-width:100% !important}"
    "</style>"
)


def day_events() -> list[str]:
    """The tournaments set up in the archive the dashboard serves (TOURNAMENT.md §8)."""
    archive = state.day_archive()
    try:
        return tournaments(archive) if archive is not None else []
    except ArchiveError:
        return []


def current(
    event: str | None, listed: Callable[[], list[LoadedSession]] = state.sessions
) -> Tournament | None:
    """The tournament of ``event`` (the first one when ``None``) as the sessions stand now: with
    a tournament set up in the archive, its description's event, day log and sessions only;
    else of the sessions ``listed`` (the server's and this tab's uploads)."""
    set_up = day_events()
    archive = state.day_archive()
    if set_up and archive is not None:
        return open_day(archive, event if event in set_up else set_up[0]).tournament()
    sessions = tournament_sessions(listed())
    names = events(sessions)
    if not names:
        return None
    chosen = event if event in names else names[0]
    description = description_for(chosen, descriptions_near(state.data_root()))
    if description.name is None:
        description = replace(description, name=chosen)
    return build_tournament(sessions, description)


def show_page(tournament: Tournament, tables: TournamentTables) -> None:
    """Standings, bracket, places, the Rummy stages, still to play, findings, each match linked
    to its session (``tables``: the tournament's tables, made once)."""
    for group, rows in tournament.groups.items():
        st.subheader(group_title(group))
        st.dataframe(tables.groups[group], hide_index=True, width="stretch")
        csv_button(tables.groups[group], f"standings-{file_stem(group)}.csv", key=f"csv-{group}")
        if any(row.unresolved for row in rows):
            st.caption(SHARED_RANK_NOTE)
    if tournament.bracket:
        st.subheader("Knockout")
        st.caption("Each played match opens its Scores; *replay* opens its Replay.")
        drawn = bracket_svg(tournament.bracket, scores_link, replay_link)
        st.markdown(drawn, unsafe_allow_html=True)  # st.html drops SVG; every name is escaped
        st.subheader("Places")
        st.markdown("  \n".join(escape_markdown(line) for line in places_text(tournament)))
    for name, stage in tournament.rummy.stages.items():
        st.subheader(stage_title(name))
        st.dataframe(tables.rummy[name], hide_index=True, width="stretch")
        csv_button(tables.rummy[name], f"rummy-{file_stem(name)}.csv", key=f"csv-rummy-{name}")
        if name != FINAL:
            st.markdown(escape_markdown(qualified_text(stage)))
    if tournament.rummy.places:
        st.subheader("Rummy: places")
        st.markdown("  \n".join(escape_markdown(line) for line in places_lines(tournament.rummy)))
    st.subheader("Still to play")
    if not tournament.to_play:
        st.caption("Nothing: every match is decided.")
    for pending in tournament.to_play:
        line = escape_markdown(pending.text)
        if pending.key:
            line += (
                f" · [scores]({scores_link(pending.key)}) · [replay]({replay_link(pending.key)})"
            )
        st.markdown(f"- {line}")
    if tournament.findings:
        st.subheader("Findings")
        st.dataframe(tables.findings, hide_index=True, width="stretch")


def server_sessions() -> list[LoadedSession]:
    """The sessions every tab sees (no tab's own uploads)."""
    files, archived = state.shared_sessions()
    return [*files, *archived]


@st.cache_resource(ttl=SHARED_SECONDS, max_entries=32, show_spinner=False)
def shared_view(event: str | None) -> SharedView:
    """The Tournament page of ``event`` as the sessions every tab sees stand (the tournament, its
    tables, the projector's panels), built at most once in ``SHARED_SECONDS`` for every phone and
    every projector watching it: a room of them costs the server one build, not one each (each is
    fresh within ``SHARED_SECONDS`` more)."""
    return SharedView.of(current(event, server_sessions))


def page_view(event: str) -> SharedView:
    """The view this tab shows: the shared one, or its own when it has uploads of its own (which
    nobody else sees) and no tournament is set up in the archive (whose day is every tab's)."""
    if state.uploads() and not day_events():
        return SharedView.of(current(event))
    return shared_view(event)


projector = st.query_params.get("view") == "projector"
wanted = st.query_params.get("event")
if projector:
    st.html(HIDE_CHROME)
    options = projector_options(st.query_params.to_dict())

    @st.fragment(run_every=PROJECTOR_SECONDS)
    def projector_view() -> None:
        """Redrawn every few seconds from the sessions as they stand (new archive entries too);
        the panels keep turning on the wall clock across redraws."""
        shared = shared_view(wanted)
        now = datetime.now().astimezone()
        drawn = projector_html(
            shared.name, shared.panels(options.panels), options.turn, now, options.problems
        )
        st.html(drawn)

    projector_view()
    st.stop()

st.title("Tournament")
sessions = tournament_sessions(state.sessions())
names = day_events() or events(sessions)
apart = [name for name in events(sessions) if name not in names]
if not names:
    st.info(
        "No session with a Stage tag: a tournament's sessions name their stage (TOURNAMENT.md)."
    )
    st.stop()
event = st.selectbox(
    "Event", names, index=names.index(wanted) if wanted in names else 0, key="tournament-event"
)
st.query_params["event"] = event
view = page_view(event)
tournament, tables = view.tournament, view.tables
assert tournament is not None and tables is not None  # ``names`` is not empty
st.page_link(
    "screens/tournament.py",
    label="Projector view (large print, refreshes itself)",
    icon=":material/tv:",
    query_params={"view": "projector", "event": event},
)
print_tournament(tournament)
show_page(tournament, tables)
if apart:
    st.caption(
        "Sessions of other events, not this tournament's: "
        + escape_markdown(", ".join(name or "no event" for name in apart))
    )
