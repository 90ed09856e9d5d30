"""Text from a file made safe to show (escaped for HTML and for Markdown), and words shared by the
pages and the terminal."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from recorder.cards import Suit

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:])")


def escape(value: object) -> str:
    """Text from a file, safe to place inside HTML (quotes included)."""
    return html.escape(str(value), quote=True)


def escape_markdown(value: object) -> str:
    """Text from a file, safe inside Streamlit Markdown: every special character backslashed."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", str(value))


def named_trump_label(suit: Suit) -> str:
    """How a named trump (29 ``trump ?H``, online play) is said: ``trump named: hearts``."""
    return f"trump named: {suit.name.lower()}"


def score_pair(scores: Iterable[int]) -> str:
    """Two teams' scores side by side, a minus score in brackets with a true minus sign, so that
    the en dash between them never reads as one: ``5 – (−1)``, not ``5 – -1``."""
    return " – ".join(str(score) if score >= 0 else f"(−{-score})" for score in scores)
