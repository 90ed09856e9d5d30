"""What an open Coaching page waits for from the fair analyses, and whether it moved since the page
was drawn: the page redraws itself when a hand's analysis arrives, and only then.

A hand's fair analysis arrives on the server's own time: the background judges each hand as it
ends (``dashboard.server.fair_background``), a visitor's button queues others, and with several
server processes worker 1's results reach the others through the replay store they share. A page
drawn notes what it waits for (``awaiting``): the sessions with a hand being played and how many
of their hands had ended, the analyses of the ended hands it shows without one that a job or the
background brings, each in the state the page saw before reading it (so that one arriving while
the page is drawn is news, and an unreadable one kept is not news at every look), and, on a
server that held no fair analysis at all (whose page worked out no hand's key, to read only
stored tallies), that the background will bring one. A fragment of the page looks every
``WATCH_SECONDS`` (each second while it draws progress bars) whether any of these moved
(``moved``) and reruns the page only then: the look costs a few dictionary reads, a file's
existence per analysis awaited and, for a hand being played, the archive's list of sessions,
never a hand's digest. A page waiting for nothing draws no such fragment: it polls not at all.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from dashboard.server.fair_worker import FairJob

WATCH_SECONDS = 2.0
"""How often a page waiting for an analysis looks whether it arrived."""
PROGRESS_SECONDS = 1.0
"""How often a page showing an analysis's progress redraws it (and looks as above)."""
NONE, RUNNING, KEPT = "none", "running", "kept"
"""An analysis's states as a page sees them: no job nor result, queued or running, its result
kept; a job that stopped without one is its error."""


@dataclass(frozen=True)
class Awaited:
    """What a page drawn waits for, as it stood when drawn."""

    playing: tuple[tuple[str, int], ...] = ()
    """Each session (by key) with a hand being played, and its hands that had ended."""
    names: tuple[tuple[str, str], ...] = ()
    """Each analysis awaited (``fair_background.fair_key``) and its state (``analysis_state``)
    as the page saw it before reading it."""
    unheld: bool = False
    """Whether the server held no fair analysis while the background was to judge some hand."""

    def __bool__(self) -> bool:
        return bool(self.playing or self.names or self.unheld)


def awaits(job: FairJob | None, judged_unasked: bool) -> bool:
    """Whether a hand shown without its fair analysis will get one unasked: its job is queued or
    running, or it has none and the background judges its session (``judged_unasked``)."""
    return job.running if job is not None else judged_unasked


def awaiting(
    in_play: Mapping[str, int],
    pending: Mapping[str, tuple[str, str]],
    unheld: Collection[str],
    judged: Collection[str],
    job: Callable[[str], FairJob | None],
) -> Awaited:
    """What a page waits for, of the sessions ``in_play`` (key: hands ended), the analyses
    ``pending`` (name: its session's key and the state seen) and the sessions of ended hands left
    without a key (``unheld``): what a job (``job``, by name) or the background brings, the
    latter for the sessions it judges unasked (``judged``)."""
    return Awaited(
        playing=tuple((key, count) for key, count in in_play.items() if key in judged),
        names=tuple(
            (name, seen)
            for name, (key, seen) in pending.items()
            if awaits(job(name), key in judged)
        ),
        unheld=any(key in judged for key in unheld),
    )


def analysis_state(kept: bool, job: FairJob | None) -> str:
    """An analysis's state: ``KEPT`` when its result is in the replay store (``kept``) or on its
    job, ``NONE`` without a job, ``RUNNING`` while the job is queued or runs, else the job's
    error."""
    if kept or (job is not None and job.result is not None):
        return KEPT
    if job is None:
        return NONE
    return RUNNING if job.running else job.error or "stopped"


def moved(
    awaited: Awaited,
    held: Callable[[], bool],
    ended: Callable[[Collection[str]], Mapping[str, int]],
    state: Callable[[str], str],
) -> bool:
    """Whether what the page waits for moved since it was drawn: the server now ``held`` an
    analysis, a session being played has another hand ended (``ended`` gives each session's ended
    hands now), or an analysis awaited changed ``state``. Each is asked only when awaited."""
    if awaited.unheld and held():
        return True
    if awaited.playing:
        now = ended([key for key, _ in awaited.playing])
        if any(now.get(key) != count for key, count in awaited.playing):
            return True
    return any(state(name) != drawn for name, drawn in awaited.names)
