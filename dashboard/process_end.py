"""How ``thuruppu check`` and ``score`` end as the installed command: the output flushed, then the
process leaves at once, and the session it read is left to the operating system.

Freeing a club session's millions of small objects one by one takes about a third of a second for
10,000 hands and changes nothing: the system takes a process's memory back whole. Called inside a
test's runner (``typer.testing.CliRunner``), where the process goes on, the commands end as any
command does and free what they read.
"""

from __future__ import annotations

import os
import sys
from typing import NoReturn

import typer


class ProcessEnd:
    """Whether the command is the whole process, and the session held until it ends."""

    def __init__(self) -> None:
        self.whole_process = False
        """Set by the console script's entry point; never inside a test's runner."""
        self._kept: object = None

    def keep(self, session: object) -> None:
        """Hold what a file was read into until the end (only as the whole process)."""
        if self.whole_process:
            self._kept = session

    def release(self) -> None:
        """Free what was held, before the next file is read (one file's session at a time)."""
        self._kept = None

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
