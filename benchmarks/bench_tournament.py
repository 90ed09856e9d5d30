"""``thuruppu tournament`` on a 32-team tournament: the whole command, from start to exit.

``main()`` writes a tournament of random legal sessions to a temporary folder (8 groups of four,
four group games a team, quarter finals, semi finals, losers' final and final: about 900 shuffles
of 12 or 18), then runs the command three times and prints the best wall time and its CPU time.
"""

from __future__ import annotations

import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from recorder import dumps
from replay.tournament import build_tournament, read_description
from tests.tournament_helpers import Sessions, round_robin, team_names

TEAMS, GROUPS, GROUP_GAMES = 32, 8, 4
DESCRIPTION = f"[28]\nshuffles = 12\nfinal_shuffles = 18\ngroup_games = {GROUP_GAMES}\n"
STAGES = {"QF": "quarter final", "SF": "semi final", "LF": "losers final", "F": "final"}


def generate(folder: Path, seed: int = 32) -> int:
    """Write the tournament's sessions and description to ``folder``; return its shuffles."""
    sessions = Sessions(random.Random(seed), 12)
    teams = team_names(TEAMS)
    groups = "ABCDEFGH"
    lines = [DESCRIPTION]
    for index, team in enumerate(teams):
        lines.append(f'[[28.teams]]\nname = "{team}"\ngroup = "{groups[index % GROUPS]}"\n')
    text = "\n".join(lines)
    (folder / "tournament.toml").write_text(text, encoding="utf-8")
    for group in groups:
        members = [team for index, team in enumerate(teams) if groups[index % GROUPS] == group]
        schedule = [*round_robin(members, 3), round_robin(members, 1)[0]]  # round 4: a rematch
        for round_, pairs in enumerate(schedule[:GROUP_GAMES], start=1):
            for pair in pairs:
                sessions.play("group", pair, round_=round_)
    description = read_description(text)[0]
    for stage in ("QF", "SF", "F"):
        bracket = build_tournament(sessions.made, description).bracket
        for slot in bracket:
            if slot.label.startswith(stage) and slot.match is None and None not in slot.teams:
                first, second = slot.teams
                assert first is not None and second is not None
                shuffles = 18 if slot.label == "F" else 12
                sessions.play(STAGES[slot.label.rstrip("1234")], (first, second), shuffles=shuffles)
    for number, session in enumerate(sessions.made, start=1):
        (folder / f"match-{number:03d}.tgn").write_text(dumps(session.record), encoding="utf-8")
    return sum(len(session.record.hands) for session in sessions.made)


def timed_run(folder: Path) -> tuple[float, float]:
    """Wall seconds and CPU seconds of one ``thuruppu tournament FOLDER`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    command = [str(Path(sys.executable).parent / "thuruppu"), "tournament", str(folder), "--json"]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        shuffles = generate(folder)
        sessions = len(list(folder.glob("*.tgn")))
        runs = [timed_run(folder) for _ in range(3)]
        wall, cpu = min(runs)
        print(f"tournament: {TEAMS} teams, {sessions} sessions, {shuffles} shuffles")
        print(f"thuruppu tournament --json: best of 3 {wall:.2f} s wall, {cpu:.2f} s CPU")


if __name__ == "__main__":
    main()
