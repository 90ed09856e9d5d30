"""A printable page to PDF through Chromium's own print (``--print-to-pdf``): the page as the
browser prints it, with its print stylesheet and ``@page`` size, and no header or footer of the
browser's. The same HTML the command writes with ``--html``; no second layout.

Debian's Chromium (``/usr/bin/chromium``, or ``chromium`` on the path); without it a ``PdfError``
says so and how to get it.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
PRINT_SECONDS = 120
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--no-pdf-header-footer",
    "--run-all-compositor-stages-before-draw",
)


class PdfError(Exception):
    """The PDF could not be made: the message says why."""


def chromium() -> Path:
    """Debian's Chromium, else a ``chromium`` on the path."""
    if CHROMIUM.is_file():
        return CHROMIUM
    found = shutil.which("chromium")
    if found is None:
        raise PdfError(
            "a PDF needs Chromium, which is not installed: install Debian's chromium "
            "(apt-get install chromium), or write --html and print it from a browser"
        )
    return Path(found)


def print_pdf(html: str, target: Path) -> None:
    """Write ``html`` as printed by Chromium to ``target``."""
    executable = chromium()
    with tempfile.TemporaryDirectory(prefix="thuruppu-print-") as folder:
        page = Path(folder) / "page.html"
        page.write_text(html, encoding="utf-8")
        output = Path(folder) / "page.pdf"
        command = [
            str(executable),
            *FLAGS,
            f"--user-data-dir={Path(folder) / 'profile'}",
            f"--print-to-pdf={output}",
            page.as_uri(),
        ]
        try:
            done = subprocess.run(command, capture_output=True, timeout=PRINT_SECONDS, check=False)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise PdfError(f"Chromium could not print the page: {error}") from None
        if done.returncode != 0 or not output.is_file() or output.stat().st_size == 0:
            said = done.stderr.decode(errors="replace").strip().splitlines()[-1:] or ["no output"]
            raise PdfError(f"Chromium could not print the page (exit {done.returncode}): {said[0]}")
        try:
            shutil.copyfile(output, target)
        except OSError as error:
            raise PdfError(f"{target}: cannot write: {error.strerror}") from None
