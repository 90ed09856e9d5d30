"""Rummy recording speed: a table of 7 players recorded deal by deal the way the Rummy Record page
writes it (read the log, locate with the engine's replay, decide, commit), and what one tap waits
for on the server once the game is long: locating the position of a 30-deal game, and the
re-entry offers and next shuffler asked of the engine.

Run with ``python -m benchmarks bench_rummy_recorder`` (or ``make bench``).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from dashboard.recording.rummy import clicks as rummy_clicks
from dashboard.recording.rummy.pick import Pick
from dashboard.recording.rummy.position import RummyPosition, locate
from dashboard.recording.rummy.setup import RummySetup
from dashboard.recording.tricks.clicks import Decision, commit
from recorder.archive import Archive, HandStarted, open_archive
from recorder.rummy.cards import RummyCard

PLAYERS = ("Anu", "Babu", "Cini", "Deepu", "Eapen", "Fathima", "Gopan")
DEALS = 30
SHOWN = "2D 3D 4D | 9H TH JH | KC KH KS | QC 8S 5H 5C"


def deal_taps(number: int) -> list[Callable[[RummyPosition], Decision]]:
    """One deal: the joker, a drop, a middle drop, a shown hand, counts, a named winner."""
    winner = number % len(PLAYERS) + 1
    others = [seat for seat in range(1, len(PLAYERS) + 1) if seat != winner]
    shown = Pick("show", others[2])
    for part in SHOWN.split("|"):
        for code in part.split():
            shown = shown.add(RummyCard.parse(code))
        shown = shown.new_group()
    taps: list[Callable[[RummyPosition], Decision]] = [
        lambda p: rummy_clicks.joker_click(p, "7H"),
        lambda p: rummy_clicks.winner_click(p, winner),
        lambda p: rummy_clicks.outcome_click(p, others[0], "drop"),
        lambda p: rummy_clicks.outcome_click(p, others[1], "middle-drop"),
        lambda p: rummy_clicks.pick_click(p, shown),
    ]
    taps += [lambda p, s=seat: rummy_clicks.count_click(p, s, 2 + s % 3) for seat in others[3:]]
    return taps


def recorded_game(archive: Archive) -> tuple[int, int, float]:
    """Record ``DEALS`` deals (the limit raised so that nobody goes out); the session, the
    events written and the seconds it took."""
    setup = RummySetup(PLAYERS, rules={"limit": "9999"})
    session = archive.create_session(setup.tags())
    archive.append(session, HandStarted.numbered(1, dealer=setup.first_dealer))
    written = 2
    started = time.perf_counter()
    for number in range(1, DEALS + 1):
        taps = deal_taps(number)
        if number < DEALS:
            taps.append(rummy_clicks.next_deal_click)
        for decide in taps:
            position = locate(session, archive.events(session))
            message = commit(archive, session, decide(position))
            assert message is None, message
            written += 1
    return session, written, time.perf_counter() - started


def timed(work: Callable[[], object], runs: int = 10) -> float:
    """The median seconds of ``runs`` runs of ``work``."""
    seconds = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        seconds.append(time.perf_counter() - started)
    return statistics.median(seconds)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        archive = open_archive(Path(folder) / "bench.sqlite")
        session, events, seconds = recorded_game(archive)
        print(
            f"rummy recorder path (read log, locate, decide, commit), SQLite, {DEALS} deals of "
            f"{len(PLAYERS)} players: {events / seconds:,.0f} events/s "
            f"({events} events in {seconds:.2f} s)"
        )
        logged = archive.events(session)
        position = locate(session, logged)
        assert position.phase == "complete" and position.deal_number == DEALS
        print(
            f"locate the position of the {DEALS}-deal game (fold and replay_rummy): "
            f"median {timed(lambda: locate(session, logged)) * 1000:.0f} ms"
        )
        print(
            f"next shuffler asked of the engine: median {timed(position.next_dealer) * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
