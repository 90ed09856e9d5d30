"""How ``thuruppu check`` and ``score`` end as the installed command: the output flushed, then the
process leaves at once, and what it loaded is left to the operating system.

The commands read a session one hand at a time (``dashboard.cli.session_file``), so little is left
at the end, but freeing the modules and caches one object at a time still changes nothing: the
system takes a process's memory back whole. Called inside a test's runner
(``typer.testing.CliRunner``), where the process goes on, the commands end as any command does.
"""

from __future__ import annotations

import os
import sys
from typing import NoReturn

import typer


class ProcessEnd:
    """Whether the command is the whole process."""

    def __init__(self) -> None:
        self.whole_process = False
        """Set by the console script's entry point; never inside a test's runner."""

    def finish(self, code: int) -> NoReturn:
        """End the command with exit status ``code``: as the whole process, flush standard output
        and error and leave at once; otherwise (or if flushing fails) end as usual."""
        if self.whole_process:
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            except (OSError, ValueError):  # a closed pipe or stream: the usual end reports it
                pass
            else:
                os._exit(code)
        raise typer.Exit(code)


PROCESS_END = ProcessEnd()
