"""A club's whole archive: the peak memory of ``check``, ``score``, ``fmt``, ``convert --to
json`` and ``archive import`` (into a new SQLite archive each time) on sessions of 10,000 and
100,000 hands, which must not grow with the file.

The sessions are the hand of TGN.md §8 repeated (``bench_cli.repeated_example``), about 45 MB at
100,000 hands. Each command runs as a whole process, its output thrown away; the figure is the
process's maximum resident set as ``/usr/bin/time`` reports it (the figure ``-v`` prints as
"Maximum resident set size"), with the seconds it took on the clock. The aim is under 300 MB
at both sizes. Set ``BENCH_BEFORE`` to another build's ``thuruppu`` to print its figures beside;
a build that imports the whole file at once is run at 10,000 hands only (at 100,000 it would
take gigabytes of a shared machine's memory for minutes).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from benchmarks.bench_cli import builds, repeated_example

SIZES = (10_000, 100_000)
AIM_MB = 300
TIME = "/usr/bin/time"
COMMANDS = (
    ("check",),
    ("score",),
    ("fmt", "--check"),
    ("convert", "--to", "json"),
    ("archive", "import"),
)
IMPORT_BEFORE_UP_TO = 10_000
"""The largest session a ``BENCH_BEFORE`` build imports (it may hold the whole file)."""


def peak_megabytes(argv: list[str]) -> tuple[float, float]:
    """The maximum resident set (MB) of a whole process and its seconds on the clock, as
    ``/usr/bin/time`` reports it (``%M``). Without it, ``wait4``'s figure for the child, which on
    Linux counts this (larger) process's resident set at the fork as well: an upper bound."""
    started = time.perf_counter()
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        timed = [TIME, "-f", "%M", "-o", report.name, *argv] if os.path.exists(TIME) else argv
        with open(os.devnull, "wb") as nowhere, tempfile.TemporaryFile() as errors:
            process = subprocess.Popen(timed, stdout=nowhere, stderr=errors)
            _, status, usage = os.wait4(process.pid, 0)
            errors.seek(0)
            said = errors.read().decode(errors="replace")
        code = os.waitstatus_to_exitcode(status)
        assert code in (0, 1) and "Traceback" not in said, (argv, code, said[-2000:])
        kilobytes = int(report.read().split()[-1]) if timed is not argv else usage.ru_maxrss
    return kilobytes / 1024, time.perf_counter() - started


def main() -> None:
    """Print each command's peak memory at each size."""
    with tempfile.TemporaryDirectory() as folder:
        for hands in SIZES:
            session = Path(folder) / f"archive-{hands}.tgn"
            session.write_text(repeated_example(hands), encoding="utf-8")
            megabytes = session.stat().st_size / 1_000_000
            print(f"   {hands:,} hands ({megabytes:.1f} MB):", flush=True)
            for args in COMMANDS:
                for label, thuruppu in builds():
                    argv = [*thuruppu, *args, str(session)]
                    if args[0] == "archive":
                        if label and hands > IMPORT_BEFORE_UP_TO:
                            continue
                        archive = Path(tempfile.mkdtemp(dir=folder))
                        argv += ["--db", str(archive / "archive.sqlite")]
                        argv += [] if label else ["--create"]  # an earlier build makes it unasked
                    peak, seconds = peak_megabytes(argv)
                    if args[0] == "archive":
                        shutil.rmtree(archive)
                    verdict = "under" if peak < AIM_MB else "OVER"
                    print(
                        f"     thuruppu {' '.join(args)}{label}: peak {peak:,.0f} MB "
                        f"({verdict} {AIM_MB} MB), {seconds:.1f} s",
                        flush=True,
                    )


if __name__ == "__main__":
    main()
