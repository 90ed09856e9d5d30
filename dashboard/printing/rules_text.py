"""The rule a finding breaks, quoted from RULES.md (shipped with the package as ``docs/RULES.md``).

A referee's report quotes the rule in the words the players agreed to. Each finding's code appears
in back-quotes in the paragraph or list item of RULES.md that states its rule (§1–§9); the
catalogue of §10 only lists the codes, so it is never quoted. Where several items name a code (28
and 40 each have their own ``illegal-trump-lead`` sentence) the one for the hand's game is chosen.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

CATALOGUE_SECTION = "10."
"""The section listing the codes; its lines are no rule's statement."""


@dataclass(frozen=True)
class RuleQuote:
    """A rule as RULES.md states it: its section's title and the item's text (Markdown marks
    taken out, line breaks joined)."""

    section: str
    text: str


@cache
def rules_markdown() -> str:
    """RULES.md as the package holds it."""
    return resources.files("dashboard").joinpath("docs/RULES.md").read_text(encoding="utf-8")


def _items(markdown: str) -> list[tuple[str, str]]:
    """Every paragraph and list item with the title of its section."""
    section, items, current = "", [], []  # type: ignore[var-annotated]

    def close() -> None:
        if current:
            items.append((section, " ".join(current)))
            current.clear()

    for line in markdown.splitlines():
        if line.startswith("## "):
            close()
            section = line[3:].strip()
        elif not line.strip() or line.startswith("|") or line.startswith("#"):
            close()
        elif line.startswith("- "):
            close()
            current.append(line[2:].strip())
        else:
            current.append(line.strip())
    close()
    return items


def _plain(text: str) -> str:
    return re.sub(r"\*\*?([^*]+)\*\*?", r"\1", text).replace("`", "")


def rule_quote(code: str, game: str, markdown: str | None = None) -> RuleQuote | None:
    """The item of RULES.md stating the rule of ``code`` for ``game``; ``None`` when none does."""
    found = [
        (section, text)
        for section, text in _items(markdown if markdown is not None else rules_markdown())
        if f"`{code}`" in text and not section.startswith(CATALOGUE_SECTION)
    ]
    if not found:
        return None
    games = re.compile(r"\*\*(40|28|29)[.)]")

    def fit(item: tuple[str, str]) -> int:
        named = games.findall(item[1])
        return 0 if game in named else 1 if not named else 2

    section, text = min(found, key=fit)
    return RuleQuote(section, _plain(text))
