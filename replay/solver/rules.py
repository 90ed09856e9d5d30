"""The play rules the solver needs, per game, as data (RULES.md §2, §5–§7).

What the hidden trump allows the caller, when a hand stops early, and what each undertaking asks of
the callers; the three games differ only in these values, looked up by the game's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from recorder.cards import Call, CallKind
from recorder.house_rules import resolve_rules


@dataclass(frozen=True)
class PlayRules:
    """How one game treats the hidden trump and when its hands stop."""

    game: str
    free_trump_lead: frozenset[CallKind]
    """Calls under which the caller may lead the trump suit while it is hidden."""
    hidden_trump_discard: bool
    """Whether the caller may not throw a trump-suit card on another lead while hidden (40)."""
    show_cuts_with_face_down: bool
    """Whether a caller who shows must cut with the face-down card itself (40)."""
    show_on_trump_lead: bool
    """Whether the caller may open the trump when the trump suit is led and he holds none (29)."""
    stops_when_decided: frozenset[CallKind]
    """Calls whose hand stops as soon as its result is decided (40 Honours)."""
    thani_starting_suit: bool
    """Whether a Thani is also lost by the starting-suit rule (28)."""

    def may_lead_hidden_trump(self, call: Call) -> bool:
        return call.kind in self.free_trump_lead

    def stops_early(self, call: Call) -> bool:
        return call.kind in self.stops_when_decided


PLAY_RULES: dict[str, PlayRules] = {
    "40": PlayRules(
        game="40",
        free_trump_lead=frozenset({CallKind.HONOURS}),
        hidden_trump_discard=True,
        show_cuts_with_face_down=True,
        show_on_trump_lead=False,
        stops_when_decided=frozenset({CallKind.HONOURS}),
        thani_starting_suit=False,
    ),
    "28": PlayRules(
        game="28",
        free_trump_lead=frozenset(),
        hidden_trump_discard=False,
        show_cuts_with_face_down=False,
        show_on_trump_lead=False,
        stops_when_decided=frozenset(),
        thani_starting_suit=True,
    ),
    "29": PlayRules(
        game="29",
        free_trump_lead=frozenset(CallKind),
        hidden_trump_discard=False,
        show_cuts_with_face_down=False,
        show_on_trump_lead=True,
        stops_when_decided=frozenset(),
        thani_starting_suit=False,
    ),
}

Winners = Literal["team", "caller"]


@dataclass(frozen=True)
class Undertaking:
    """A promise to win every round: by the calling team (Jodi, Kott) or the caller (Thani)."""

    name: str
    winners: Winners


#: The undertakings by the ``special`` name of ``replay.tricks.outcome``; Marukott asks nothing
#: of play.
UNDERTAKINGS: dict[str, Undertaking] = {
    "jodi": Undertaking("jodi", "team"),
    "kot": Undertaking("kot", "team"),
    "thani": Undertaking("thani", "caller"),
}

ThreeRank = Literal["below-jack", "equal-first", "above-jack"]


@dataclass(frozen=True)
class TableRules:
    """The house rules that change play: the 3's rank (40), retro-trump, the last trick (29)."""

    three_rank: ThreeRank = "below-jack"
    retro_trump: bool = True
    last_trick: bool = True

    @classmethod
    def from_rules(cls, game: str, rules: Mapping[str, str]) -> TableRules:
        """The switches of a record (its ``Rules`` tag, or resolved ones), defaults filled in."""
        resolved = resolve_rules(game, dict(rules))
        three = resolved.get("three-rank", "below-jack")
        three_rank: ThreeRank = (
            "equal-first"
            if three == "equal-first"
            else "above-jack"
            if three == "above-jack"
            else "below-jack"
        )
        return cls(
            three_rank=three_rank,
            retro_trump=resolved.get("retro-trump", "yes") == "yes",
            last_trick=resolved.get("last-trick", "1") == "1",
        )
