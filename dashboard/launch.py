"""Starting the dashboard: the Streamlit command line that serves ``dashboard/app.py`` on a path.

The ``thuruppu dashboard`` command calls ``run``; tests and benchmarks build the same command line
with ``streamlit_command`` so that every way of starting the app starts it alike.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

APP = Path(__file__).resolve().parent / "app.py"
BUNDLED_DATA = APP.parent.parent / "data"


def streamlit_command(path: str, port: int, db: str | None = None) -> list[str]:
    """The command serving the dashboard headless on ``port`` for the sessions under ``path``,
    recording into the archive ``db`` (``open_archive``'s default when ``None``)."""
    archive = ["--db", db] if db is not None else []
    return [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(APP),
        "--server.headless",
        "true",
        "--server.port",
        str(port),
        "--browser.gatherUsageStats",
        "false",
        "--client.toolbarMode",
        "minimal",
        "--client.showErrorDetails",
        "type",
        "--",
        "--data",
        path,
        *archive,
    ]


def run(path: str, port: int, db: str | None = None) -> int:
    """Serve the dashboard until it is stopped and return Streamlit's exit code."""
    try:
        return subprocess.call(streamlit_command(path, port, db))
    except KeyboardInterrupt:
        return 0


def run_recorder(db: str | None, port: int) -> int:
    """Serve the dashboard for live recording into the archive ``db`` and say where the Record
    page is; returns Streamlit's exit code."""
    print(f"Record page: http://localhost:{port}/record", flush=True)
    return run(str(BUNDLED_DATA), port, db)
