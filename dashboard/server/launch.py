"""Starting the dashboard: the Streamlit command line that serves ``dashboard/app.py`` on a path.

The ``thuruppu dashboard`` command calls ``run``; tests and benchmarks build the same command line
with ``streamlit_command`` so that every way of starting the app starts it alike. Stopping the
command (Ctrl-C, or SIGTERM/SIGHUP from a service manager) stops the server with it: the signal is
passed on to Streamlit and the command waits for it to exit, so no server is left holding the port.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import FrameType

from dashboard.views.fonts import theme_options

APP = Path(__file__).resolve().parent.parent / "app.py"
MAX_UPLOAD_ENV = "THURUPPU_MAX_UPLOAD_MB"
DEFAULT_MAX_UPLOAD_MB = 50


def max_upload_mb(environ: Mapping[str, str]) -> int:
    """The largest upload the Sessions page takes, in megabytes: ``THURUPPU_MAX_UPLOAD_MB``,
    else 50 (Streamlit's ``server.maxUploadSize``; ``dashboard.server.upload_worker`` reads it)."""
    value = environ.get(MAX_UPLOAD_ENV, "").strip()
    return int(value) if value.isdigit() and int(value) > 0 else DEFAULT_MAX_UPLOAD_MB


#: Streamlit's own settings that guard a served dashboard: requests must carry the page's XSRF
#: token and no other site's scripts may call it; its data grids offer no download or copy of
#: their cells as they are (a name may start a spreadsheet formula: the pages' own CSV buttons
#: neutralise it, ``dashboard.printing.button.csv_button``). An upload is bounded too:
#: ``--server.maxUploadSize`` must be given, with ``max_upload_mb``'s value (``settings_problems``).
GUARDED = {
    "server.enableXsrfProtection": True,
    "server.enableCORS": False,
    "client.disableDataExport": True,
}
UPLOAD_FLAG = "--server.maxUploadSize"
FAIR_BACKGROUND_OFF = "--no-fair-background"
"""The app's argument turning its background fair analyses off (``fair_background.OFF_FLAG``)."""
#: The addresses that reach this machine only: a Record page there needs no key.
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def streamlit_command(
    path: str,
    port: int,
    db: str | None = None,
    cache: str | None = None,
    host: str | None = None,
    keys: bool = False,
    fair_background: bool = True,
) -> list[str]:
    """The command serving the dashboard headless on ``port`` for the sessions under ``path``,
    recording into the archive ``db`` (``open_archive``'s default when ``None``), keeping replay
    results in the folder ``cache`` (``$THURUPPU_CACHE`` or the user's cache when ``None``),
    listening on ``host`` (every address when ``None``); with ``keys`` every write needs a key;
    without ``fair_background`` no hand is judged fairly unasked (``fair_background.OFF_FLAG``)."""
    archive = ["--db", db] if db is not None else []
    replays = ["--cache", cache] if cache is not None else []
    address = ["--server.address", host] if host is not None else []
    guarded = [part for name, value in GUARDED.items() for part in (f"--{name}", _flag(value))]
    # Streamlit's own widgets and text in the fonts the package ships (dashboard.views.fonts): on
    # the command line, which overrides any configuration file the machine has.
    theme = [part for name, value in theme_options().items() for part in (f"--{name}", value)]
    return [
        sys.executable,
        "-m",
        "dashboard.server.warm",  # Streamlit, its caches warmed before it listens
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
        # the chart script and the fonts (dashboard/static), see dashboard.charts.chart
        "--server.enableStaticServing",
        "true",
        *theme,
        "--server.fileWatcherType",  # a served dashboard does not rerun on edits: no watching
        "none",
        UPLOAD_FLAG,  # megabytes (dashboard.server.upload_worker)
        str(max_upload_mb(os.environ)),
        "--runner.postScriptGC",  # no full collection after every run: see dashboard.server.warm
        "false",
        *address,
        *guarded,
        "--",
        "--data",
        path,
        *archive,
        *replays,
        *(["--keys"] if keys else []),
        *([] if fair_background else [FAIR_BACKGROUND_OFF]),
    ]


def _flag(value: bool | int) -> str:
    return str(value).lower()


def settings_problems(arguments: Sequence[str]) -> list[str]:
    """Which of Streamlit's guarding settings (``GUARDED``) a server command line does not set as
    they must be (a flag on the command line overrides any configuration file)."""
    given = list(arguments)
    problems = []
    for name, value in GUARDED.items():
        flag = f"--{name}"
        found = given[given.index(flag) + 1] if flag in given[:-1] else None
        if found != _flag(value):
            problems.append(f"{flag} is {found or 'not given'}, expected {_flag(value)}")
    bound = given[given.index(UPLOAD_FLAG) + 1] if UPLOAD_FLAG in given[:-1] else None
    if bound is None or not bound.isdigit() or int(bound) <= 0:
        problems.append(f"{UPLOAD_FLAG} is {bound or 'not given'}, expected a number of megabytes")
    return problems


STOPPING_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)


def serve(command: list[str]) -> int:
    """Run a server command until it exits, passing a stopping signal on to it; gives its exit
    code (0 after Ctrl-C)."""
    server = subprocess.Popen(command)

    def pass_on(number: int, _frame: FrameType | None) -> None:
        server.send_signal(number)

    previous = {number: signal.signal(number, pass_on) for number in STOPPING_SIGNALS}
    try:
        while True:
            try:
                code = server.wait()
                break
            except KeyboardInterrupt:  # Ctrl-C: make sure the server has it too, and wait for it
                server.send_signal(signal.SIGINT)
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
    return 0 if code in (-signal.SIGINT, -signal.SIGTERM) else code


def run(
    path: str,
    port: int,
    db: str | None = None,
    cache: str | None = None,
    host: str | None = None,
    fair_background: bool = True,
) -> int:
    """Serve the dashboard until it is stopped and return Streamlit's exit code: on any address
    it only reads without a key (TOURNAMENT.md §10)."""
    return serve(streamlit_command(path, port, db, cache, host, True, fair_background))


def run_recorder(
    db: str | None,
    port: int,
    data: str | None = None,
    host: str = "127.0.0.1",
    fair_background: bool = True,
) -> int:
    """Serve the dashboard for live recording into the archive ``db`` (``$THURUPPU_DB``, else the
    default file) and say where the Record page is; it shows that archive's sessions only, and
    ``data`` (a folder of files, such as the bundled data) beside them when asked. On this machine
    alone (``host`` a loopback address) it needs no key, on the network every write needs one.
    Returns Streamlit's exit code."""
    from recorder.archive.database import archive_location

    location = archive_location(db)
    local = host in LOOPBACK
    shown = "localhost" if local else host
    print(f"Record page: http://{shown}:{port}/record", flush=True)
    if not local:
        print("Listening on the network: recording needs a key (thuruppu day keys).", flush=True)
    served = data if data is not None else location
    command = streamlit_command(served, port, location, None, host, not local, fair_background)
    return serve(command)
