"""The Coaching page's fair section: a player's decisions judged on what he could know.

Sampling takes seconds to minutes per hand, away from the page's script run: in a worker process
the server runs one hand at a time (``dashboard.server.fair_worker``), its progress redrawn each
second. A server recording into an archive analyses each hand as it ends, unasked, with the
default deals a decision (``dashboard.server.fair_background``): a session being recorded shows its
ended hands analysed and the others queued; other hands are analysed when asked (a button). An
open page redraws itself when an analysis it waits for arrives or a hand being played ends, and
only then (``dashboard.server.fair_watch``); waiting for nothing, it polls not at all. Each
result is kept for the server (``fair_results``) and in the replay store
(``ReplayStore.put_result``), keyed by what it was computed from (the session's tags and the hands
up to it), the hand, the deals a decision and the seed, so any tab, the page visited again, and the
next run of the dashboard show it at once, and a hand corrected since shows no stale analysis.
Below: the score per hand, the decisions ranked by fair cost with a severity filter and both
verdicts side by side, and a drill, "find the better card", from the player's seat.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import streamlit as st

from dashboard import state
from dashboard.library import LoadedSession
from dashboard.server import fair_background
from dashboard.server.fair_background import (
    fair_key,
    fair_request,
    hand_digests,
    keep_in,
    kept_fair,
)
from dashboard.server.fair_watch import (
    PROGRESS_SECONDS,
    WATCH_SECONDS,
    Awaited,
    analysis_state,
    awaiting,
    moved,
)
from dashboard.server.fair_worker import FairJob, FairJobs
from dashboard.views.frame_html import frame_html
from dashboard.views.text import escape_markdown
from dashboard.views.tricks.fair import (
    SEVERITIES,
    Drill,
    SessionHand,
    drills,
    fair_table,
    hand_scores,
)
from recorder.model import Record
from replay.fair import FAIR_THRESHOLDS, FairHand

Key = tuple[str, str, int, int]
"""A hand's fair analysis as this server keeps it: the session's key, the hand's digest
(``hand_digests``), the hand (from 0) and the deals a decision."""


@st.cache_resource(show_spinner=False)
def fair_results() -> dict[Key, FairHand]:
    """The fair analyses this server has made, by session key, hand digest, hand and deals."""
    return {}


def fair_hand_of(loaded: LoadedSession, index: int) -> FairHand | None:
    """The fair analysis of hand ``index`` (from 0) this server made, with the most deals (the
    background's, with the default deals, when the server made none other)."""
    digest = _digests(loaded)[index]
    results = fair_results()
    made = [
        (key[3], hand) for key, hand in results.items() if key[:3] == (loaded.key, digest, index)
    ]
    if made:
        return max(made, key=lambda pair: pair[0])[1]
    key = (loaded.key, digest, index, fair_background.SAMPLES)
    if kept := kept_fair(state.store(), state.fair_jobs(), _store_key(key)):
        results[key] = kept
    return kept


def _digests(loaded: LoadedSession) -> list[str]:
    """Each hand's digest (``hand_digests``), worked out once per version of the session."""
    return state.derived(loaded, "fair-digests", lambda: hand_digests(_record(loaded)))


def _ended(hands: Sequence[tuple[LoadedSession, int]]) -> list[tuple[LoadedSession, int]]:
    """The hands given but a hand being played (analysed once it ends)."""
    return [
        (loaded, index)
        for loaded, index in hands
        if not (loaded.summary.in_play and index == loaded.hands - 1)
    ]


def fair_coaching(hands: Sequence[tuple[LoadedSession, int]], player: str) -> None:
    """The fair section for ``player`` over the hands given (session, index)."""
    st.subheader("Judged on what the player could know")
    st.caption(
        "Each card is solved on deals of the cards its player could not see that agree with all "
        "he had seen, and averaged: the chance of the call his side lost against the best card "
        "on what he knew, beside the verdict with every card known."
    )
    samples = int(
        st.number_input(
            "Deals a decision", 2, 128, fair_background.SAMPLES, step=2, key="fair-samples"
        )
    )
    playing = len(hands) - len(ended := _ended(hands))
    results = fair_results()
    jobs = state.fair_jobs()
    # A hand's key needs its digest, hence the session's record: worked out only once this
    # machine holds a fair analysis at all (a page opened after a restart reads only tallies).
    kept_any = _held()
    keys = _keys(ended, samples) if kept_any else {}
    # Each analysis's state before it is read: one arriving after this is news to the watch.
    seen = {key: _state(_store_key(key)) for key in keys if key not in results}
    for key in keys:
        if key not in results and (kept := kept_fair(state.store(), jobs, _store_key(key))):
            results[key] = kept
    pending = [key for key in keys if key not in results]
    running = [job for key in pending if (job := jobs.job(_store_key(key))) and job.running]
    idle = [key for key in pending if not _running(jobs, key)]
    # A hand the background will judge unasked is not offered to the button (judged twice else);
    # one whose analysis stopped with an error is.
    judged = _judged(hands, bool(idle) or (not kept_any and bool(ended)), samples)
    asked = [key for key in idle if key[0] not in judged or jobs.job(_store_key(key))]
    unasked = [hand for hand in ended if hand[0].key not in judged]
    to_analyse = len(asked) if kept_any else len(unasked)
    if to_analyse and st.button(
        f"Fair analysis of {to_analyse} hand(s)",
        key="fair-analyse",
        icon=":material/casino:",
        help="Seconds to minutes per hand: every decision solved on many deals. It runs on the "
        "server: you may leave the page and come back.",
    ):
        if not kept_any:
            asked = list(keys := _keys(unasked, samples))
        for key in asked:
            _start(jobs, key, keys[key], samples, results)
        st.rerun()  # the button's question answered: draw the page with the progress instead
    if coming := (len(idle) - len(asked) if kept_any else len(ended) - len(unasked)):
        st.caption(f"{coming} hand(s) waiting for the server's own fair analysis, one at a time.")
    if playing:
        st.caption(f"{playing} hand(s) being played: each is analysed fairly once it ends.")
    awaited = awaiting(
        _in_play(hands),
        {_store_key(key): (keys[key][0].key, seen[key]) for key in pending},
        set() if kept_any else {loaded.key for loaded, _ in ended},
        judged,
        jobs.job,
    )
    if awaited:  # redrawn when an analysis arrives: each second with progress bars, else every 2 s
        bars = [(job.key, _hand_label(keys, job.key)) for job in running]
        every = PROGRESS_SECONDS if bars else WATCH_SECONDS
        st.fragment(_watch, run_every=every)(awaited, bars)
    failed = [job for key in pending if (job := jobs.job(_store_key(key))) and job.error]
    for job in failed:
        st.error(escape_markdown(f"The fair analysis stopped: {job.error}"))
    ready = [
        SessionHand(
            loaded.label,
            results[key],
            tuple(state.hand_replay(loaded, _record(loaded), index).steps or ()),
            results[key].analysis.caller,
        )
        for key, (loaded, index) in keys.items()
        if key in results
    ]
    if not ready:
        if to_analyse:
            st.info(f"{to_analyse} hand(s) to analyse fairly: press *Fair analysis*.")
        return
    if len(ready) < len(keys):
        st.caption(f"{len(ready)} of {len(keys)} hand(s) analysed fairly.")
    st.html(frame_html(hand_scores(ready, player)))  # plain tables: no toolbar over the text
    st.caption(
        f"Score: the share of the player's judged decisions that lost under "
        f"{FAIR_THRESHOLDS.tolerance:.0%} of the call's chance (forced and equal cards skipped)."
    )
    severity = st.segmented_control(
        "At least", SEVERITIES, default=SEVERITIES[0], key="fair-severity"
    )
    table = fair_table(ready, player, severity or SEVERITIES[0])
    st.html(frame_html(table))
    _drill(drills(ready, player))


def _keys(
    ended: Sequence[tuple[LoadedSession, int]], samples: int
) -> dict[Key, tuple[LoadedSession, int]]:
    """The server's key of each hand given, at ``samples`` deals a decision."""
    return {
        (loaded.key, _digests(loaded)[index], index, samples): (loaded, index)
        for loaded, index in ended
    }


def _held() -> bool:
    """Whether this machine holds any fair analysis (made, queued, or in the replay store)."""
    return bool(fair_results()) or state.fair_jobs().started() or state.store().holds_results()


def _in_play(hands: Sequence[tuple[LoadedSession, int]]) -> dict[str, int]:
    """Each session of the hands given with a hand being played, and its hands that have ended."""
    return {loaded.key: _ended_hands(loaded) for loaded, _ in hands if loaded.summary.in_play}


def _judged(
    hands: Sequence[tuple[LoadedSession, int]],
    waiting: bool,
    samples: int,
) -> Collection[str]:
    """The sessions (by key) whose hands the background judges unasked
    (``state.judged_in_background``), asked of the archive only when it matters to the section
    drawn: a hand is being played or some ended hand has no analysis nor job (``waiting``), and
    the deals a decision are the background's."""
    if samples != fair_background.SAMPLES or not (waiting or _in_play(hands)):
        return frozenset()
    return state.judged_in_background()


def _watch(awaited: Awaited, bars: list[tuple[str, str]]) -> None:
    """The running analyses' progress (each job's name and its hand in words), redrawn by the
    fragment's timer; the whole page as soon as what it waits for moved (``fair_watch.moved``)."""
    if moved(awaited, _held, _ended_now, _state):
        st.rerun(scope="app")
    jobs = state.fair_jobs()
    found = [(job, label) for name, label in bars if (job := jobs.job(name)) is not None]
    for job, label in found:
        said = "queued" if not job.started else job.said()
        st.progress(job.fraction, text=f"{label}: {said}")
    if found:
        st.caption("The analysis runs on the server: you may leave the page and come back.")


def _state(name: str) -> str:
    """The state of the analysis ``name`` (``fair_watch.analysis_state``), its result not read."""
    return analysis_state(state.store().holds_result(name), state.fair_jobs().job(name))


def _ended_hands(loaded: LoadedSession) -> int:
    """The session's hands that have ended (a hand being played has not)."""
    return loaded.hands - 1 if loaded.summary.in_play else loaded.hands


def _ended_now(keys: Collection[str]) -> dict[str, int]:
    """The ended hands of these archived sessions (by key) as the archive holds them now."""
    return {
        loaded.key: _ended_hands(loaded)
        for location in state.archives()
        for loaded in state.archive_sessions(location)
        if loaded.key in keys
    }


def _running(jobs: FairJobs, key: Key) -> bool:
    job = jobs.job(_store_key(key))
    return job is not None and job.running


def _start(
    jobs: FairJobs,
    key: Key,
    hand: tuple[LoadedSession, int],
    samples: int,
    results: dict[Key, FairHand],
) -> FairJob:
    """Queue the hand's fair analysis; its result is kept for the server and in the replay store
    when the worker is done (the page need not be open then)."""
    loaded, index = hand
    request = fair_request(_record(loaded), index, samples)
    keep = keep_in(state.store(), _store_key(key))

    def done(fair: FairHand) -> None:
        results[key] = fair
        keep(fair)

    return jobs.start(_store_key(key), request, done)


def _hand_label(keys: dict[Key, tuple[LoadedSession, int]], name: str) -> str:
    """The hand of the job named ``name``, in words: "Analysing hand 3 of archive #1"."""
    loaded, index = next(hand for key, hand in keys.items() if _store_key(key) == name)
    return f"Analysing hand {index + 1} of {loaded.label}"


def _store_key(key: Key) -> str:
    """The replay store's name for a fair analysis: the hand's digest, the hand, the deals."""
    _, digest, index, samples = key
    return fair_key(digest, index, samples)


def _record(loaded: LoadedSession) -> Record:
    record = loaded.record
    assert record is not None
    return record


def _drill(found: list[Drill]) -> None:
    """One drill at a time: the position, a choice, the answer; skip moves to the next."""
    st.subheader("Find the better card")
    if not found:
        st.success("Every judged decision of this player was within tolerance.")
        return
    at = st.session_state.setdefault("fair-drill", 0) % len(found)
    drill = found[at]
    st.caption(
        f"{drill.session}, hand {drill.hand}, trick {drill.trick}: you are seat {drill.seat}. "
        f"Drill {at + 1} of {len(found)}."
    )
    st.text("\n".join(drill.situation))
    choice = st.radio(
        "Your card", drill.options, format_func=drill.label, key=f"fair-choice-{at}", index=None
    )
    left, right = st.columns(2)
    answered = left.button("Check", key=f"fair-check-{at}", disabled=choice is None)
    if right.button("Skip", key=f"fair-skip-{at}"):
        st.session_state["fair-drill"] = at + 1
        st.rerun()
    if answered and choice is not None:
        if drill.accepts(choice):
            st.success(f"Right: {drill.label(choice)} is as good as the best on what you knew.")
        else:
            st.error(f"Not quite: {drill.label(choice)} loses too much of the call's chance.")
        st.text(drill.solution)
