"""Findings: what the replay reports, and the catalogue of their stable codes (RULES.md §10).

A finding is data, never an exception: the engine keeps going after every one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

Severity = Literal["error", "warning", "note"]
Kind = Literal["record", "violation"]

ALL_GAMES = frozenset({"40", "28", "29"})
SIX_PLAYER = frozenset({"40", "28"})
RUMMY = frozenset({"rummy"})


@dataclass(frozen=True)
class Rule:
    """One entry of the catalogue: a code, its severity, its kind and the games it applies to."""

    code: str
    severity: Severity
    kind: Kind
    games: frozenset[str]
    summary: str


def _rules(*rules: Rule) -> dict[str, Rule]:
    return {rule.code: rule for rule in rules}


CATALOGUE: dict[str, Rule] = _rules(
    Rule("duplicate-card", "error", "record", ALL_GAMES, "a card appears twice in one hand"),
    Rule("not-held", "error", "record", ALL_GAMES | RUMMY, "a card played that the deal lacks"),
    Rule("too-many-cards", "error", "record", ALL_GAMES, "a seat plays or is dealt too many"),
    Rule("short-trick", "error", "record", ALL_GAMES, "a trick before the last lacks cards"),
    Rule("trump-card", "error", "record", ALL_GAMES, "the face-down card contradicts the record"),
    Rule("action-misplaced", "error", "record", ALL_GAMES, "an action where it cannot be"),
    Rule("result-mismatch", "warning", "record", ALL_GAMES, "the Result tag disagrees"),
    Rule("bid-out-of-turn", "error", "violation", ALL_GAMES, "a call out of turn"),
    Rule("spoke-twice", "error", "violation", SIX_PLAYER, "a player spoke twice in the calling"),
    Rule("first-caller-passed", "error", "violation", SIX_PLAYER, "the first speaker passed"),
    Rule("bid-too-low", "error", "violation", ALL_GAMES, "a call not above the highest"),
    Rule("bid-too-high", "error", "violation", ALL_GAMES, "a call above the game's maximum"),
    Rule("partner-overcall", "error", "violation", SIX_PLAYER, "a call over a partner's"),
    Rule("false-jack-signal", "note", "violation", frozenset({"40"}), "21 without the Jacks"),
    Rule("thani-without-adi", "error", "violation", frozenset({"28"}), "Thani without J and 9"),
    Rule("sure-thani", "error", "violation", frozenset({"28"}), "a Thani that cannot lose"),
    Rule("missed-redeal", "warning", "violation", ALL_GAMES, "a redeal condition was played"),
    Rule("unjustified-redeal", "warning", "violation", ALL_GAMES, "a redeal without its reason"),
    Rule("revoke", "error", "violation", ALL_GAMES, "did not follow suit"),
    Rule("lead-out-of-turn", "error", "violation", ALL_GAMES, "the wrong player led"),
    Rule("play-out-of-turn", "error", "violation", ALL_GAMES, "a card out of turn"),
    Rule("ask-while-following", "error", "violation", ALL_GAMES, "asked while able to follow"),
    Rule("show-while-following", "error", "violation", ALL_GAMES, "showed while able to follow"),
    Rule("failed-to-cut", "error", "violation", ALL_GAMES, "asked or showed, then did not cut"),
    Rule("illegal-trump-lead", "error", "violation", SIX_PLAYER, "caller led the hidden trump"),
    Rule("opened-to-follow", "error", "violation", SIX_PLAYER, "caller opened to follow trump"),
    Rule("hidden-trump-discard", "error", "violation", frozenset({"40"}), "hidden trump thrown"),
    Rule("show-wrong-card", "error", "violation", frozenset({"40"}), "cut not with the face-down"),
    Rule("jodi-not-allowed", "error", "violation", frozenset({"40"}), "Jodi where not allowed"),
    Rule("jodi-too-late", "error", "violation", frozenset({"40"}), "Jodi in round 5 or 6"),
    Rule("kot-not-allowed", "error", "violation", frozenset({"28"}), "Kott where not allowed"),
    Rule("face-down-too-early", "error", "violation", frozenset({"29"}), "face-down card early"),
    Rule("pair-invalid", "error", "violation", frozenset({"29"}), "a pair that does not count"),
    Rule("unfinished-hand", "warning", "violation", ALL_GAMES, "the record stops too early"),
    Rule("played-after-end", "note", "violation", ALL_GAMES, "a card after the hand ended"),
    # Rummy (RUMMY.md §7)
    Rule("too-many-copies", "error", "record", RUMMY, "a card more often than the packs hold"),
    Rule("not-13-cards", "error", "record", RUMMY, "a dealt, declared or shown hand not of 13"),
    Rule("missing-outcome", "warning", "record", RUMMY, "a seat in the deal with no outcome"),
    Rule("two-outcomes", "error", "record", RUMMY, "two outcome lines for one seat"),
    Rule("two-winners", "error", "record", RUMMY, "a second valid declaration"),
    Rule("missing-joker", "error", "record", RUMMY, "no joker line before the cards"),
    Rule("not-on-pile", "error", "record", RUMMY, "took a card that is not the last discard"),
    Rule("count-mismatch", "warning", "record", RUMMY, "the entered points disagree"),
    Rule("drop-kind", "warning", "record", RUMMY, "the drop line contradicts the turns"),
    Rule("invalid-declaration", "error", "violation", RUMMY, "a wrong declaration"),
    Rule("joker-pickup", "error", "violation", RUMMY, "took a discarded joker not for a pure"),
    Rule("played-after-drop", "error", "violation", RUMMY, "a turn after dropping"),
    Rule("played-while-out", "error", "violation", RUMMY, "a line for a player out of the game"),
    Rule("rejoin-not-allowed", "error", "violation", RUMMY, "a re-entry the rules refuse"),
    Rule("dealer-after-rejoin", "note", "violation", RUMMY, "another shuffled after a re-entry"),
)


@dataclass(frozen=True)
class Finding:
    """A rule broken or a contradiction in the record, with its place and the evidence."""

    code: str
    hand: int
    trick: int | None
    seat: int | None
    player: str | None
    line: int
    column: int
    message: str

    @property
    def rule(self) -> Rule:
        return CATALOGUE[self.code]

    @property
    def severity(self) -> Severity:
        return self.rule.severity

    @property
    def kind(self) -> Kind:
        return self.rule.kind

    def to_json(self) -> dict[str, Any]:
        """The finding as in ``thuruppu check --json`` (CLI.md)."""
        rule = CATALOGUE[self.code]
        return {
            "code": self.code,
            "severity": rule.severity,
            "kind": rule.kind,
            "hand": self.hand,
            "trick": self.trick,
            "seat": self.seat,
            "player": self.player,
            "line": self.line,
            "column": self.column,
            "message": self.message,
        }


#: The findings that only say a hand's record stops before its end: news once the hand is over,
#: never of a hand still being played (a table recording it, a deal being entered).
STOPS_EARLY = frozenset({"unfinished-hand", "missing-outcome"})


def so_far(findings: Iterable[Finding]) -> list[Finding]:
    """The findings of a hand still being played: all but that its record stops early."""
    return [finding for finding in findings if finding.code not in STOPS_EARLY]
