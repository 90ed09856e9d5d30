"""What the pages share while the app runs: the data path, cached sessions, replays and coaching
analyses, and each browser session's own uploads.

Loading is cached per file (keyed by its modification time and size) and per hand, so a rerun after
a click only draws: it reads and replays nothing again. Replay results are also kept on disk
(``ReplayStore``, keyed by content), so a restarted server does not replay them again. Uploads live
in ``st.session_state``: they belong to the browser session that made them, until it imports them
into the archive.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import BinaryIO, TypeVar, cast

import pandas as pd
import streamlit as st
from streamlit.runtime import Runtime
from streamlit.runtime.scriptrunner import get_script_run_ctx

from dashboard import page_writer
from dashboard.cli.session_file import SessionFile
from dashboard.library import (
    LoadedSession,
    SameObject,
    SessionCache,
    archive_key,
    archive_to_list,
    discover,
    find,
    is_archive,
    load_archived,
    load_file,
    unreachable_archive,
)
from dashboard.recording.live import LiveSessions
from dashboard.recording.tricks.setup import archive_argument
from dashboard.recording.watched import hand_in_play
from dashboard.screens.rummy.panels import rummy_tables
from dashboard.server.fair_background import Background, background_on, judged_unasked, turned_on
from dashboard.server.fair_worker import FairJobs
from dashboard.server.replay_store import ReplayStore, default_folder
from dashboard.server.upload_worker import (
    Reading,
    Shelf,
    UploadFailed,
    give_back_memory,
    kept_file,
)
from dashboard.views.rummy.players import GroupingCost, RummyTable, grouping_costs, player_figures
from dashboard.views.tricks.players import PlayedSession, PlayersTables, players_tables
from recorder.archive import Archive, ArchiveError, archive_location, open_archive
from recorder.model import Record
from replay.solver import HandAnalysis, analyse_replayed
from replay.tricks import HandReplay, replay_hand

BUNDLED_DATA = Path(__file__).resolve().parent / "data"  # the project's data/, package data
DATA_ENVIRONMENT = "THURUPPU_DATA"
T = TypeVar("T")
UPLOADS = "uploads"  # this browser session's uploads, in ``st.session_state``
SWEEP_SECONDS = 1.0
"""How often the server looks for uploads whose browser session ended."""


def data_location(argv: Sequence[str], environ: dict[str, str] | os._Environ[str]) -> str:
    """The path the app shows, as written: ``--data PATH`` on its command line, else
    ``$THURUPPU_DATA``, else the bundled ``data/`` (a ``postgresql://`` address stays whole)."""
    arguments = list(argv)
    if "--data" in arguments[:-1]:
        return arguments[arguments.index("--data") + 1]
    if environ.get(DATA_ENVIRONMENT):
        return environ[DATA_ENVIRONMENT]
    return str(BUNDLED_DATA)


def data_path(argv: Sequence[str], environ: dict[str, str] | os._Environ[str]) -> Path:
    """The path the app shows as a file path (``data_location``)."""
    return Path(data_location(argv, environ))


def data_root() -> Path:
    """The path this app was started on."""
    return data_path(sys.argv[1:], os.environ)


def data_address() -> str:
    """The path this app was started on, as written (an archive's address whole)."""
    return data_location(sys.argv[1:], os.environ)


def archives() -> list[str]:
    """The archives whose sessions are listed: the data path when it is one, and the archive
    the app records into once it exists."""
    data = data_address()
    extra = archive_to_list(data, archive_argument(sys.argv[1:]), os.environ)
    return [location for location in (data if is_archive(data) else None, extra) if location]


def day_location() -> str | None:
    """The archive whose tournament day the Organiser, Director and table pages run: the data path
    when it is an archive, else the one ``--db`` names; ``None`` when the app serves files only."""
    data = data_address()
    return data if is_archive(data) else archive_argument(sys.argv[1:])


def day_archive() -> Archive | None:
    """The archive of ``day_location``, opened once per server (``None`` without one)."""
    location = day_location()
    return shared_archive(location) if location is not None else None


@st.cache_resource(show_spinner=False)
def shared_archive(location: str) -> Archive:
    """The archive at ``location``, opened once for the server: every page reads and records
    through one object, which keeps each session's log once."""
    return open_archive(location)


@st.cache_resource(show_spinner=False)
def live_sessions() -> LiveSessions:
    """What the events so far have settled of each session being recorded, for the whole server
    (the tabs of a table, a second device, the pages that list sessions), advanced by the events
    logged since."""
    return LiveSessions()


@st.cache_resource(show_spinner=False)
def _store(folder: str) -> ReplayStore:
    return ReplayStore(Path(folder))


def store() -> ReplayStore:
    """The replay results kept between runs: ``--cache PATH`` on the app's command line, else
    ``$THURUPPU_CACHE``, else the user's cache folder."""
    arguments = sys.argv[1:]
    if "--cache" in arguments[:-1]:
        return _store(arguments[arguments.index("--cache") + 1])
    return _store(str(default_folder(os.environ)))


def archive_sessions(location: str) -> list[LoadedSession]:
    """Every session of an archive, loaded once per length of its log."""
    try:
        archive = shared_archive(location)
        summaries = archive.sessions()
    except ArchiveError as error:
        return [unreachable_archive(location, error)]
    cache, kept, live = loaded_sessions(), store(), live_sessions()
    return [
        cache.get(
            ("archive", location, summary.id),
            summary.events,
            partial(load_archived, archive, summary, kept, live),
        )
        for summary in summaries
    ]


@st.cache_resource(show_spinner=False)
def loaded_sessions() -> SessionCache[LoadedSession]:
    """Every session this server has loaded, the latest version of each (one cache, looked up
    without hashing)."""
    return SessionCache()


@dataclass(frozen=True)
class Upload:
    """A file this browser session uploaded: its name, the session read from it and where its
    bytes are kept (the upload worker's folder, which goes with the session): not in memory."""

    name: str
    file: Path
    session: LoadedSession


def uploads() -> dict[str, Upload]:
    """The uploads of this browser session, by key: nobody else sees them, and they go with the
    session unless imported into the archive (an upload whose folder went, its session having
    ended meanwhile, is forgotten)."""
    held: dict[str, Upload] = st.session_state.setdefault(UPLOADS, {})
    for key in [key for key, upload in held.items() if not upload.file.exists()]:
        del held[key]
    return held


def file_sessions(root: Path) -> list[LoadedSession]:
    """Every session under ``root``, loaded once per version of each file."""
    cache = loaded_sessions()
    loaded = []
    for path in discover(root):
        stat = path.stat()
        name, version = ("file", str(root), str(path)), (stat.st_mtime_ns, stat.st_size)
        loaded.append(cache.get(name, version, partial(load_file, root, path, store())))
    return loaded


def _shared_sessions() -> tuple[list[LoadedSession], list[LoadedSession]]:
    location = data_address()
    files = [] if is_archive(location) else file_sessions(Path(location))
    archived = [s for location in archives() for s in archive_sessions(location)]
    return files, archived


def shared_sessions() -> tuple[list[LoadedSession], list[LoadedSession]]:
    """The sessions under the data path and the archive's (the first time, reading and replaying
    them all takes a moment: a spinner says so)."""
    with st.spinner("Reading and replaying the sessions…"):
        return _shared_sessions()


def sessions() -> list[LoadedSession]:
    """The sessions under the data path, the archive's, then this browser session's uploads."""
    files, archived = shared_sessions()
    return [*files, *archived, *(upload.session for upload in uploads().values())]


@st.cache_resource(max_entries=16, show_spinner=False)
def _players_tables(
    _loaded: Sequence[LoadedSession], versions: tuple[tuple[str, str], ...]
) -> PlayersTables:
    return players_tables(
        PlayedSession(s.label, s.summary.game, s.summary.players, tally.score, tally.findings)
        for s in _loaded
        if (tally := s.tally()).score is not None
    )


def players(loaded: Sequence[LoadedSession]) -> PlayersTables:
    """The Players page's tables over these sessions, built once per list of versions (a session's
    key and content digest: a changed file is a new version), so choosing a player, or coming
    back to the page, neither unpickles nor adds up every session again."""
    return _players_tables(loaded, tuple((s.key, s.digest) for s in loaded))


@dataclass(frozen=True)
class RummyPlayers:
    """The Rummy games among some sessions, each player's figures and every hand shown in its
    player's own groups beside the lowest count (the grouping search, done once)."""

    tables: list[RummyTable]
    figures: pd.DataFrame
    costs: list[GroupingCost]


@st.cache_resource(max_entries=16, show_spinner=False)
def _rummy_players(
    _loaded: Sequence[LoadedSession], versions: tuple[tuple[str, str], ...]
) -> RummyPlayers:
    tables = rummy_tables(_loaded)
    return RummyPlayers(tables, player_figures(tables), grouping_costs(tables))


def rummy_players(loaded: Sequence[LoadedSession]) -> RummyPlayers:
    """The Players and Coaching pages' Rummy figures over these sessions, built once per list of
    versions like ``players``: a changed file is judged again, an unchanged one never."""
    return _rummy_players(loaded, tuple((s.key, s.digest) for s in loaded))


@st.cache_resource(max_entries=256, show_spinner=False)
def _derived(_make: Callable[[], object], name: str, key: str, version: str) -> object:
    return _make()


def derived(loaded: LoadedSession, name: str, make: Callable[[], T]) -> T:
    """What ``make`` builds from this session alone (a figure, a table) under ``name``, built
    once per version of the session (its digest: a changed file is built again) and shared by
    every tab; read it, never change it."""
    return cast(T, _derived(make, name, loaded.key, loaded.digest))


@st.cache_resource(show_spinner=False)
def fair_jobs() -> FairJobs:
    """The fair analyses running or queued on this server (``dashboard.server.fair_worker``)."""
    return FairJobs()


@st.cache_resource(show_spinner=False)
def _fair_background(location: str) -> Background:
    background = Background(location, store(), fair_jobs())
    background.start()
    return background


def fair_background() -> Background | None:
    """The server's fair analyses of each hand as it ends (``dashboard.server.fair_background``),
    started once: on the archive the server records into, unless turned off; else ``None``."""
    location = day_location()
    if location is None or not background_on(sys.argv[1:], os.environ):
        return None
    return _fair_background(location)


def judged_in_background() -> frozenset[str]:
    """The archive's sessions (by key) whose hands a background judges fairly as they end: on this
    server or, with several processes, on worker 1, whose results the others find in the replay
    store (``fair_background.judged_unasked``); none when it is turned off or the archive is away
    (asking never creates it).
    """
    location = day_location()
    if not turned_on(sys.argv[1:], os.environ) or location is None or location not in archives():
        return frozenset()
    now = datetime.now(UTC)
    try:
        summaries = shared_archive(location).sessions()
    except ArchiveError:
        return frozenset()
    return frozenset(archive_key(s.id) for s in summaries if judged_unasked(s, now))


def warm() -> None:
    """What a fresh server does before it answers, so that its first page view only draws: import
    the pages' libraries (plotly's chart classes too), load every session and build the Players
    tables; and start the background's fair analyses."""
    import streamlit.emojis  # noqa: F401  (read by the page icon, on the first run)

    from dashboard import recording, views
    from dashboard.charts.chart import figure_spec
    from dashboard.charts.figures import every_kind_figure

    for package in (views, recording):
        for module in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
            importlib.import_module(module.name)
    figure_spec(every_kind_figure())
    files, archived = _shared_sessions()
    players([*files, *archived])
    rummy_players([*files, *archived])
    fair_background()


@st.cache_resource(show_spinner=False)
def upload_shelf() -> Shelf:
    """The uploads this server holds (``upload_worker.Shelf``), with a thread that deletes an
    upload's folder within ``SWEEP_SECONDS`` of its browser session ending (its tab closed: a
    session kept for reconnecting is no longer active, and finds its uploads gone)."""
    shelf = Shelf()
    threading.Thread(target=_sweep, args=(shelf,), name="upload sweeper", daemon=True).start()
    return shelf


def _sweep(shelf: Shelf) -> None:
    while True:
        time.sleep(SWEEP_SECONDS)
        if Runtime.exists():
            shelf.sweep(Runtime.instance().is_active_session)


def visitor() -> str:
    """This browser session's id (whose uploads they are)."""
    context = get_script_run_ctx()
    return context.session_id if context is not None else ""


def add_upload(name: str, source: BinaryIO) -> LoadedSession | Reading:
    """Start reading an uploaded file in the worker (its bytes copied into its folder, a chunk
    at a time); a file this browser session has already read gives its session instead. Raises
    ``UploadRefused`` while another upload of this session is being read, or when the server
    holds its most uploads."""
    shelf = upload_shelf()
    folder, key = shelf.shelve(visitor(), name, source)
    known = uploads().get(key)
    if known is not None:
        shelf.drop(folder)
        return known.session
    return shelf.read(visitor(), folder, key, name)


def upload_reading() -> Reading | None:
    """This browser session's upload being read (or read and not yet collected), if any."""
    return upload_shelf().reading(visitor())


def collect_upload(reading: Reading) -> LoadedSession:
    """The session an upload's reading gave, kept among this browser session's sessions; a file
    with the same content as a session already listed is not added again: that session is
    given. Raises ``UploadFailed`` (``UploadRefused`` when over its share): its folder is gone."""
    shelf = upload_shelf()
    shelf.collected(visitor())
    try:
        session = reading.session()
    except UploadFailed:
        shelf.drop(reading.folder)
        raise
    twin = next((s for s in sessions() if s.digest == session.digest), None)
    if twin is not None:
        shelf.drop(reading.folder)
        return twin
    uploads()[session.key] = Upload(reading.name, kept_file(session), session)
    return session


def remove_upload(key: str) -> None:
    """Forget an upload of this browser session: delete its folder now, and give the memory it
    held back."""
    upload = uploads().pop(key, None)
    if upload is not None:
        upload_shelf().drop(upload.file.parent)
        give_back_memory()


def import_location() -> str | None:
    """The archive an upload is imported into: the one this server serves (its data path, or
    ``--db``); on a server that needs no key and serves none, the user's own archive
    (``open_archive``'s default); ``None`` when there is none to import into."""
    served = day_location()
    if served is not None or page_writer.keys_on():
        return served
    return archive_location(None)


def import_refusal() -> str | None:
    """Why this tab may not import an upload (no archive, no key, a key that is not the
    director's), or ``None`` when it may: without one an upload is only viewed."""
    location = import_location()
    if location is None:
        return "this server keeps no archive: an upload is only viewed here"
    if not page_writer.keys_on():
        return None  # the archive's own machine: opened (made, if need be) only by an import
    try:
        archive = shared_archive(location)
    except ArchiveError as error:
        return page_writer.shown(error, reading=True)
    return page_writer.page_refusal(archive, page_writer.DIRECTING, "the director's link")


def import_upload(key: str) -> int:
    """Store an upload in the archive this server serves as this tab's writer (a director's key,
    or ``local`` on a machine that needs no key: the archive refuses any other), then forget the
    upload; gives the new session's id. Raises ``ArchiveError`` when it may not, or cannot."""
    upload = uploads()[key]
    location = import_location()
    if location is None:
        raise ArchiveError("this server keeps no archive to import into; nothing was stored")
    archive = shared_archive(location)
    author = page_writer.writer_as(archive, "local", "imported on the Sessions page")
    with SessionFile(upload.file) as source:
        session_id = archive.import_session(source, author)
    remove_upload(key)
    return session_id


def session(key: str | None) -> LoadedSession | None:
    """A loaded session by its key."""
    return find(sessions(), key)


@st.cache_resource(max_entries=64, show_spinner=False)
def _hand_replay(_record: Record, key: str, version: str, index: int) -> HandReplay:
    return replay_hand(_record, index)


@st.cache_resource(show_spinner=False)
def _stepped_hands() -> SessionCache[HandReplay]:
    return SessionCache(limit=256)


def hand_replay(loaded: LoadedSession, record: Record, index: int) -> HandReplay:
    """The step-by-step replay of hand ``index`` (from 0) of a session's record, cached per
    version of the session; a hand whose replay in the session is the very object it was (a
    settled hand of a session being recorded, which the next version keeps as it was: see
    ``dashboard.recording.watched``) is not replayed again when the session changes, so the
    phones following a live table on Replay cost a replay only of the hand being played, which
    is shown as in play (``recording.watched.hand_in_play``)."""
    judged = loaded.replay
    if judged is None or index >= len(judged.hands):
        return _hand_replay(record, loaded.key, loaded.digest, index)
    made = partial(replay_hand, record, index)
    if loaded.summary.in_play and index == len(record.hands) - 1:
        made = partial(_in_play, made)
    return _stepped_hands().get((loaded.key, index), SameObject(judged.hands[index]), made)


def _in_play(made: Callable[[], HandReplay]) -> HandReplay:
    return hand_in_play(made())


@st.cache_resource(max_entries=256, show_spinner=False)
def _hand_analysis(
    _loaded: LoadedSession, _record: Record, key: str, version: str, index: int
) -> HandAnalysis:
    hand = hand_replay(_loaded, _record, index)
    try:
        return analyse_replayed(_record, hand)
    except Exception as error:  # a solver bug must not take the page down with a traceback
        reason = f"the analysis failed: {type(error).__name__}: {error}"
        result = hand.result
        return HandAnalysis(hand.number, result.caller, result.call, None, (), {}, reason=reason)


@st.cache_resource(show_spinner=False)
def _solved_hands() -> set[tuple[str, str, int]]:
    return set()


def hand_analysis(loaded: LoadedSession, record: Record, index: int) -> HandAnalysis:
    """The solver's judgement of hand ``index`` (from 0), cached for every tab of the server: it
    takes seconds, so pages ask for it only on demand."""
    analysis = _hand_analysis(loaded, record, loaded.key, loaded.digest, index)
    _solved_hands().add((loaded.key, loaded.digest, index))
    return analysis


def solved_on_server(loaded: LoadedSession, index: int) -> bool:
    """Whether this server has already solved hand ``index`` (from 0) of this version of the
    session: a page shows such a result at once, in any tab, without asking to analyse it."""
    return (loaded.key, loaded.digest, index) in _solved_hands()
