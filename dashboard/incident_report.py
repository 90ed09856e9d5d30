"""The referee's incident report of a hand, for ``thuruppu report`` and the Replay page: the hand
replayed and scored, each finding's rule looked up, the page built by ``views.incident``; and the
page printed to PDF by headless Chromium, which draws the cards as a browser does."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from dashboard.rules_text import rule_quote
from dashboard.views.incident import hand_report, report_page
from recorder.model import Record
from replay import replay_hand, replay_session
from replay.findings import Finding
from replay.scoring import score_session

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
"""The commands tried, in order, to print a report to PDF."""


class NoChromium(RuntimeError):
    """Printing to PDF needs Chromium, and none is installed."""


def hand_article(
    record: Record,
    index: int,
    overrides: dict[str, str] | None = None,
    findings: list[Finding] | None = None,
) -> str:
    """The report of the hand at ``index`` (all its findings, or those given) as an article."""
    hand = replay_hand(record, index, overrides)
    results = [replayed.result for replayed in replay_session(record, overrides).hands]
    lines = score_session(record, results, overrides).lines
    line = next((line for line in lines if line.result.hand == hand.result.hand), None)
    chosen = hand.findings if findings is None else [f for f in hand.findings if f in findings]
    quotes = {finding.code: rule_quote(finding.code, record.game) for finding in chosen}
    return hand_report(record, hand, line, quotes, chosen)


def report_html(
    record: Record,
    index: int,
    overrides: dict[str, str] | None = None,
    findings: list[Finding] | None = None,
) -> str:
    """A whole HTML page reporting the hand at ``index`` (all its findings, or those given)."""
    return report_page(record, [hand_article(record, index, overrides, findings)])


def find_chromium() -> str | None:
    """The Chromium command on this machine, ``None`` when there is none."""
    return next((found for name in CHROMIUM_NAMES if (found := shutil.which(name))), None)


def print_pdf(html: str, out: Path) -> None:
    """Print ``html`` to the PDF ``out`` with headless Chromium (A4, no header or footer)."""
    chromium = find_chromium()
    if chromium is None:
        raise NoChromium(
            "--pdf needs Chromium (the 'chromium' command), which is not installed here: "
            "install it, or write the page with --html and print it from a browser"
        )
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "report.html"
        page.write_text(html, encoding="utf-8")
        command = [
            chromium,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            f"--user-data-dir={folder}/profile",
            "--no-pdf-header-footer",
            f"--print-to-pdf={out.resolve()}",
            page.as_uri(),
        ]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    if done.returncode != 0 or not out.exists():
        raise RuntimeError(f"Chromium could not print the report: {done.stderr.strip()[-300:]}")
