"""``thuruppu check`` of one file, hand by hand, and of many files over worker processes.

A file is read one hand at a time (``dashboard.cli.session_file``) and each hand judged as it is
read (the family's ``judge``); its findings go, as lines or as their ``check --json`` entries, to a
temporary file, since the read errors (known at the file's end) print first. What crosses back
from a worker process is plain data: the error lines, the entry, that file's name.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from dashboard.cli.families import HandJudge, commands_for
from dashboard.cli.params import UsageError, read_overrides
from dashboard.cli.session_file import SessionFile, collector_paused, named_spool
from dashboard.cli.streamed import JsonItems

if TYPE_CHECKING:
    from recorder.model import Record
    from replay.findings import Finding

CLEAN, FOUND, UNREADABLE = 0, 1, 2
FINDING_INDENT = 8
"""Where a finding's JSON stands in ``check --json``: in ``findings``, in an entry of ``files``."""


@dataclass
class FileCheck:
    """One file checked, as plain data (it crosses from a worker process): what to print on
    standard error, its ``check --json`` entry without the findings, the temporary file holding
    its finding lines (or, with ``--json``, its findings' JSON) when it has any, its exit status,
    or a usage error."""

    errors: list[str]
    entry: dict[str, Any]
    findings: str | None
    status: int
    usage: str | None = None


def check_file(path: Path, rules: list[str] | None, as_json: bool = False) -> FileCheck:
    """Read one file and judge every hand of it as it is read."""
    with collector_paused(), SessionFile(path) as source:
        return _Check(source, rules, as_json).run()


def checked_files(
    paths: list[Path], rules: list[str] | None, jobs: int, as_json: bool = False
) -> Iterator[FileCheck]:
    """Each file checked, in the order given, by ``jobs`` worker processes at once (here, for
    one job or one file)."""
    if jobs == 1 or len(paths) < 2:
        yield from (check_file(path, rules, as_json) for path in paths)
        return
    from concurrent.futures import ProcessPoolExecutor
    from itertools import repeat

    with ProcessPoolExecutor(min(jobs, len(paths))) as pool:
        yield from pool.map(check_file, paths, repeat(rules), repeat(as_json))


class _Check:
    """One file's check: the judge starts with the session's tags, then takes each hand."""

    def __init__(self, source: SessionFile, rules: list[str] | None, as_json: bool) -> None:
        self.source = source
        self.rules = rules
        self.as_json = as_json
        self.usage: str | None = None
        self.status = CLEAN
        self.written = 0
        self.judge: HandJudge | None = None
        self.items: JsonItems | None = None
        """The findings' JSON (with ``--json``), written a batch at a time."""

    def run(self) -> FileCheck:
        source = self.source
        output, spooled = named_spool()
        name: str | None = spooled
        hands = 0
        with output:
            for hand in source.hands():
                if not hands:
                    self.judge = self._start(source.header)
                hands += 1
                if self.judge is not None:
                    self._write(output, self.judge.hand(hand))
            if source.readable:
                if not hands:
                    self.judge = self._start(source.header)
                if self.judge is not None:
                    self._write(output, self.judge.end())
            if self.items is not None:
                self.items.flush()
        record = source.header if source.readable else None
        if record is None or self.usage is not None or not self.written:
            os.unlink(spooled)
            name = None
        errors = source.errors
        entry: dict[str, Any] = {
            "path": source.name,
            "game": record.game if record else None,
            "hands": hands if record else 0,
            "errors": [{"line": e.line, "column": e.column, "message": e.message} for e in errors],
        }
        result = FileCheck([str(error) for error in errors], entry, name, CLEAN)
        if errors:
            result.status = UNREADABLE
        if record is not None:
            result.usage = self.usage
            result.status = max(result.status, self.status)
        return result

    def _start(self, header: Record | None) -> HandJudge | None:
        assert header is not None
        try:
            overrides = read_overrides(self.rules, header.game)
        except UsageError as error:
            self.usage = str(error)
            return None
        return commands_for(header).judge(header, overrides)

    def _write(self, output: IO[str], findings: list[Finding]) -> None:
        for finding in findings:
            if self.as_json:
                if self.items is None:
                    self.items = JsonItems(output.write, FINDING_INDENT)
                self.items.add(finding.to_json())
            else:
                output.write(
                    f"{self.source.name}:{finding.line}:{finding.column}: "
                    f"{finding.severity} {finding.code}: {finding.message}\n"
                )
            self.written += 1
            if finding.severity in ("error", "warning"):
                self.status = FOUND


def write_entry(out: IO[str], result: FileCheck) -> None:
    """A file's entry of ``check --json`` as ``json_text`` indents it in ``files``, its findings
    copied from the file the check wrote them to. The entry (a few fields and at most a hundred
    errors) is written by the standard library, whose text is ``json_text``'s: loading the compiled
    serializer would cost a clean file's check more than it saves."""
    text = json.dumps({**result.entry, "findings": []}, ensure_ascii=False, indent=2)
    head = "    " + text[: -len("[]\n}")].replace("\n", "\n    ")
    if result.findings is None:
        out.write(head + "[]\n    }")
        return
    out.write(head + "[\n")
    copy_out(result.findings, out)
    out.write("\n      ]\n    }")


def copy_out(name: str, out: IO[str]) -> None:
    """Copy a temporary file to ``out`` and delete it."""
    import shutil

    try:
        with open(name, encoding="utf-8", newline="") as spooled:
            shutil.copyfileobj(spooled, out)
    finally:
        os.unlink(name)
