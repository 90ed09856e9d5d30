"""Starting the dashboard: the Streamlit command line that serves ``dashboard/app.py`` on a path.

The ``thuruppu dashboard`` command calls ``run``; tests and benchmarks build the same command line
with ``streamlit_command`` so that every way of starting the app starts it alike.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

APP = Path(__file__).resolve().parent / "app.py"


def streamlit_command(path: str, port: int) -> list[str]:
    """The command serving the dashboard headless on ``port`` for the sessions under ``path``."""
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
    ]


def run(path: str, port: int) -> int:
    """Serve the dashboard until it is stopped and return Streamlit's exit code."""
    try:
        return subprocess.call(streamlit_command(path, port))
    except KeyboardInterrupt:
        return 0
