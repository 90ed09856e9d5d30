"""The ``Rules`` switches of RULES.md: their keys, the games they apply to, values and defaults.

Kept with the reader because an unknown key is a read error (TGN.md §4); the engine takes the
resolved values from ``resolve_rules``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ALL = frozenset({"40", "28", "29"})


@dataclass(frozen=True)
class HouseRule:
    """A switch: its key, the games that have it, the default and what a value must look like."""

    key: str
    games: frozenset[str]
    default: str
    pattern: str
    """A regular expression the whole value must match."""
    expected: str
    """What a value should be, as an error message says it."""

    def accepts(self, value: str) -> bool:
        return re.fullmatch(self.pattern, value) is not None


def _choice(key: str, games: frozenset[str], default: str, *others: str) -> HouseRule:
    values = (default, *others)
    return HouseRule(key, games, default, "|".join(map(re.escape, values)), " or ".join(values))


def _coolies(row: str, default: str) -> HouseRule:
    return HouseRule(
        f"coolies.{row}", frozenset({"40"}), default, r"\d{1,2}/\d{1,2}", "WIN/LOSE such as 2/3"
    )


HOUSE_RULES: dict[str, HouseRule] = {
    rule.key: rule
    for rule in (
        _choice("three-rank", frozenset({"40"}), "below-jack", "equal-first", "above-jack"),
        _choice("retro-trump", ALL, "yes", "no"),
        _choice("thani-lead", frozenset({"40", "28"}), "caller", "normal"),
        _choice("flag-carry", frozenset({"40"}), "no", "yes"),
        _coolies("20-24", "1/2"),
        _coolies("25-29", "2/3"),
        _coolies("honours", "3/4"),
        _coolies("h5-h9", "4/5"),
        _coolies("h10", "5/6"),
        _coolies("jodi", "5/6"),
        _coolies("thani", "7/7"),
        _choice("last-trick", frozenset({"29"}), "1", "0"),
        _choice("min-bid", frozenset({"29"}), "16", "15"),
        _choice("seventh-card", frozenset({"29"}), "no", "yes"),
        _choice("all-tricks-wins", frozenset({"29"}), "no", "yes"),
        _choice("auction", frozenset({"29"}), "rotating", "hold"),
        _choice("auto-penalties", frozenset({"28", "29"}), "no", "yes"),
    )
}


def rule_problem(game: str, key: str, value: str) -> str | None:
    """Why ``key=value`` is not a valid switch for ``game``, or ``None`` when it is."""
    rule = HOUSE_RULES.get(key)
    if rule is None:
        known = ", ".join(k for k, r in HOUSE_RULES.items() if game in r.games)
        return f"unknown Rules key '{key}' (keys for {game}: {known})"
    if game not in rule.games:
        return f"Rules key '{key}' does not apply to {game}"
    if not rule.accepts(value):
        return f"bad value '{value}' for Rules key '{key}' (expected {rule.expected})"
    return None


def resolve_rules(
    game: str, written: dict[str, str], overrides: dict[str, str] | None = None
) -> dict[str, str]:
    """Every switch of ``game`` with its value: defaults, then the file's, then ``overrides``."""
    rules = {key: rule.default for key, rule in HOUSE_RULES.items() if game in rule.games}
    rules.update(written)
    rules.update(overrides or {})
    return rules
