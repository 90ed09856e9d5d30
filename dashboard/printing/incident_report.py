"""The referee's incident report of a hand, for ``thuruppu report`` and the Replay page: the hand
replayed and scored, each finding's rule looked up, the page built by ``views.incident``. The
command prints it to PDF as every printable is (``dashboard.printing.pdf``)."""

from __future__ import annotations

from dashboard.printing.incident import hand_report, report_page
from dashboard.printing.rules_text import rule_quote
from recorder.model import Record
from replay.findings import Finding
from replay.tricks import replay_hand, replay_session
from replay.tricks.scoring import score_session


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
