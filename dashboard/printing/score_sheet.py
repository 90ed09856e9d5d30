"""A trick game's session on paper: the score sheet the terminal prints (``thuruppu score``), each
hand's outcome and the running score, on the frame of ``dashboard.printing.frame``."""

from __future__ import annotations

from datetime import datetime

from dashboard.printing.frame import Sheet, printable_page
from dashboard.views.text import escape
from recorder.model import Record

SCORE_STYLE = "pre.score{font-size:9.5pt;line-height:1.3;white-space:pre-wrap;margin:0}"


def session_stage(record: Record) -> str:
    """``28, semi final, round 2`` from the session's tags, as many as it has."""
    parts = [record.game or "session"]
    parts += [tag.value.strip() for name in ("Stage", "Round") if (tag := record.tag(name))]
    return ", ".join(parts)


def score_printable(
    record: Record, score_text: str, title: str, now: datetime, paper: str | None = None
) -> str:
    """The session's score sheet as the terminal writes it, in a printable page."""
    event_tag = record.tag("Event")
    event = event_tag.value.strip() if event_tag else title
    body = f'<pre class="score">{escape(score_text)}</pre>'
    return printable_page(
        f"{title}: scores",
        event,
        session_stage(record),
        now,
        [Sheet(body)],
        paper=paper,
        style=SCORE_STYLE,
    )
