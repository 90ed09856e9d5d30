"""The dashboard's Streamlit server process, warmed before it listens: ``python -m
dashboard.server run app.py … -- --data PATH`` takes Streamlit's own command line.

A fresh Streamlit process imports the pages' libraries and reads, replays and scores every session
on its first page view, so the first visitor waited seconds for what the server could have done
before it answered. Here the process does that work first (``dashboard.state.warm``) and only then
starts Streamlit, whose port opens when the pages are ready: the caches it fills are the ones the
pages use, since they live in this process.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def script_arguments(argv: Sequence[str]) -> list[str]:
    """The app's own arguments on Streamlit's command line: what follows ``--``."""
    arguments = list(argv)
    return arguments[arguments.index("--") + 1 :] if "--" in arguments else []


def warm(app: str, arguments: Sequence[str]) -> None:
    """Fill the pages' caches as the app started with ``arguments`` will see them: the
    command line the page scripts read is set to theirs (``app`` and its arguments) meanwhile."""
    command_line = sys.argv
    sys.argv = [app, *arguments]
    try:
        from dashboard import state

        state.warm()
    finally:
        sys.argv = command_line


def main() -> None:
    """Warm the caches, then run Streamlit with this command line."""
    from streamlit.web.cli import main as streamlit_main

    arguments = sys.argv[1:]
    app = next((argument for argument in arguments if argument.endswith(".py")), "")
    warm(app, script_arguments(arguments))
    sys.argv = ["streamlit", *arguments]
    streamlit_main(prog_name="streamlit")


if __name__ == "__main__":
    main()
