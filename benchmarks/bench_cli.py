"""What a user waits for: the ``thuruppu`` command from start to exit, against python-chess.

The session is the hand of TGN.md §8 repeated 10,000 times (360,000 card plays). ``main()`` times
``thuruppu check --json`` and ``thuruppu score --json`` on it, ``thuruppu --help`` and ``thuruppu
check`` of the one-hand example, each as a whole process; the reader alone on the same text; and
``check --jobs`` over a folder of 40 files with 1, 2 and all cores. The yardstick is python-chess
reading and replaying PGN games it generated itself in this run (installed into this environment
from PyPI when missing), printed as plies/s beside the card plays/s and their ratio. ``check`` and
``score`` run on one core (``taskset -c 0`` where there is one); with ``BENCH_BEFORE`` set to
another build's ``thuruppu`` (main's, say), its figures are printed beside, in the same minutes.

Whole-process figures are processor seconds of the child process (user + system, the best of a
few runs), steady on a shared machine; the ``--jobs`` figures are seconds on the clock, since
spreading the work over cores is what they measure.
"""

from __future__ import annotations

import importlib
import importlib.util
import io
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from recorder.tgn import read

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "data" / "tgn-example-40.tgn"
HANDS = 10_000
FOLDER_FILES = 40
CHESS_GAMES = 400


def repeated_example(hands: int = HANDS) -> str:
    """The session of TGN.md §8 with its one hand played ``hands`` times, numbered 1, 2, …"""
    text = EXAMPLE.read_text(encoding="utf-8")
    tags, _, hand = text.partition('[Hand "1"]\n')
    body = hand.strip("\n")
    return tags + "\n".join(f'[Hand "{n}"]\n{body}\n' for n in range(1, hands + 1))


def card_plays(text: str) -> int:
    """The card plays of a session: the turns of every trick of every hand."""
    result = read(text, "bench.tgn")
    assert result.record is not None and not result.errors, result.errors[:3]
    return sum(len(trick.turns) for hand in result.record.hands for trick in hand.tricks)


def command(*args: str) -> list[str]:
    """The installed ``thuruppu`` command of this environment with its arguments."""
    return [str(Path(sys.executable).with_name("thuruppu")), *args]


def builds() -> list[tuple[str, list[str]]]:
    """The builds measured: this one, and the one ``BENCH_BEFORE`` names (another build's
    ``thuruppu``, e.g. main's) when it is set, so that before and after are timed in one run."""
    chosen = [("", command())]
    before = os.environ.get("BENCH_BEFORE")
    if before:
        chosen.append((" (before)", [before]))
    return chosen


def one_core(argv: list[str]) -> list[str]:
    """The command pinned to one core, where ``taskset`` is at hand."""
    return ["taskset", "-c", "0", *argv] if shutil.which("taskset") else argv


def run_seconds(argv: list[str], repeat: int = 3) -> tuple[float, float]:
    """The best processor seconds (user + system) and clock seconds of a whole process."""
    best_cpu = best_wall = float("inf")
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run(argv, capture_output=True, check=False)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        assert done.returncode in (0, 1), done.stderr.decode()[-2000:]
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        best_cpu, best_wall = min(best_cpu, cpu), min(best_wall, wall)
    return best_cpu, best_wall


def chess_plies_per_second() -> tuple[float, int]:
    """python-chess reading its own PGN of seeded random games and replaying each: plies/s."""
    _install_python_chess()
    import chess
    import chess.pgn

    rng = random.Random(2026)
    games = []
    for _ in range(CHESS_GAMES):
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 120:
            board.push(rng.choice(list(board.legal_moves)))
        games.append(str(chess.pgn.Game.from_board(board)))
    pgn = "\n\n".join(games) + "\n"
    best, plies = float("inf"), 0
    for _ in range(3):
        started = time.process_time()
        plies = 0
        source = io.StringIO(pgn)
        while (game := chess.pgn.read_game(source)) is not None:
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
                plies += 1
        best = min(best, time.process_time() - started)
    return plies / best, plies


def _install_python_chess() -> None:
    """pip-install python-chess (``chess`` on PyPI) into this environment when it is missing."""
    if importlib.util.find_spec("chess") is None:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "chess"], check=True)
        importlib.invalidate_caches()


def reader_seconds(text: str) -> float:
    """The best processor seconds of ``read`` on the text (of three runs)."""
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        read(text, "bench.tgn")
        best = min(best, time.process_time() - started)
    return best


def _jobs_supported() -> bool:
    done = subprocess.run(command("check", "--help"), capture_output=True, text=True, check=False)
    return "--jobs" in done.stdout


def main() -> None:
    """Print every figure: the commands' hands/s and card plays/s, python-chess, the reader,
    the start-up times and the ``--jobs`` scaling."""
    text = repeated_example()
    plays = card_plays(text)
    megabytes = len(text.encode("utf-8")) / 1_000_000
    chess_rate, chess_plies = chess_plies_per_second()
    print(
        f"   python-chess: {chess_rate:,.0f} plies/s reading and replaying its PGN "
        f"({CHESS_GAMES} games, {chess_plies:,} plies)",
        flush=True,
    )
    with tempfile.TemporaryDirectory() as folder:
        session = Path(folder) / "club-40.tgn"
        session.write_text(text, encoding="utf-8")
        print(
            f"   session: {HANDS:,} hands of 40 (TGN.md §8), {plays:,} card plays, "
            f"{megabytes:.1f} MB"
        )
        for name in ("check", "score"):
            for label, thuruppu in builds():
                argv = [*thuruppu, name, "--json", str(session)]
                cpu, wall = run_seconds(one_core(argv), repeat=2)
                rate = plays / cpu
                print(
                    f"   thuruppu {name} --json{label}: {HANDS / cpu:,.0f} hands/s, "
                    f"{rate:,.0f} card plays/s = {rate / chess_rate:.2f}x python-chess "
                    f"({cpu:.2f} s of processor time; {wall:.2f} s on the clock)",
                    flush=True,
                )
        seconds = reader_seconds(text)
        print(
            f"   reader alone: {megabytes / seconds:.2f} MB/s, {HANDS / seconds:,.0f} hands/s "
            f"({seconds:.2f} s of processor time)",
            flush=True,
        )
        for label, argv in (
            ("thuruppu --help", command("--help")),
            ("thuruppu check (one hand)", command("check", str(EXAMPLE))),
        ):
            cpu, wall = run_seconds(argv, repeat=5)
            print(f"   {label}: {cpu:.3f} s of processor time ({wall:.3f} s on the clock)")
        _jobs_scaling(Path(folder) / "folder")


def _jobs_scaling(folder: Path) -> None:
    """``check`` over a folder of files with 1, 2 and all cores: hands/s on the clock."""
    if not _jobs_supported():
        print("   check --jobs: not supported by this build")
        return
    folder.mkdir()
    per_file = HANDS // FOLDER_FILES
    text = repeated_example(per_file)
    for number in range(1, FOLDER_FILES + 1):
        (folder / f"night-{number:02}.tgn").write_text(text, encoding="utf-8")
    cores = os.cpu_count() or 1
    for jobs in sorted({1, 2, cores}):
        _, wall = run_seconds(command("check", "--jobs", str(jobs), str(folder)), repeat=2)
        print(
            f"   check --jobs {jobs}{' (all cores)' if jobs == cores else ''} over "
            f"{FOLDER_FILES} files: {HANDS / wall:,.0f} hands/s "
            f"({wall:.2f} s on the clock)",
            flush=True,
        )


if __name__ == "__main__":
    main()
