"""The three games' rules as objects found by name: ``GAME_RULES["40"]``, ``["28"]``, ``["29"]``.

Shared engine code asks these objects (calling system, hidden-trump play, undertakings, end of
hand, redeals, rank order, last-trick point); no game is ever named in the engine's logic.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from recorder.cards import Call, CallKind
from recorder.games import GAMES, GameSpec
from replay.tricks.calling import (
    CallingSystem,
    CallLimits,
    HigherBand,
    HoldAuction,
    HonoursOrPass,
    RotatingAuction,
    SixPlayerCalling,
)
from replay.tricks.deck import CardTable
from replay.tricks.redeal import (
    RedealRule,
    all_passed,
    first_caller_no_points,
    four_jacks,
    no_point_in_first_four,
    not_checkable,
    other_team_no_trump,
    six_of_a_suit,
)


@dataclass(frozen=True)
class TrumpPlay:
    """What the hidden trump allows the caller (RULES.md §2 and §5)."""

    hidden_lead_from: int | None
    """The lowest call under which the caller may lead the trump suit while hidden (None: never)."""
    hidden_discard_forbidden: bool = False
    """40: the caller may not throw a trump-suit card from his hand on another suit while hidden."""
    show_cuts_with_face_down: bool = False
    """40: after a show the caller must cut with the face-down card itself."""
    opening_to_follow_forbidden: bool = False
    """40, 28: the caller may not open the trump to follow a trump-suit lead."""
    opening_on_last_card_allowed: bool = False
    """28: ... unless it is his last card."""
    face_down_only_after_reveal: bool = False
    """29: the face-down card may be played only after the reveal or as the last card."""
    suit_only_is_named: bool = False
    """29: a trump line giving only the suit (``trump ?H``) is a trump named, as online play does
    it: no card is put apart from the caller's hand."""

    def may_lead_hidden(self, call: Call | None) -> bool:
        """Whether the caller may lead the trump suit while it is hidden under ``call``."""
        if self.hidden_lead_from is None:
            return False
        return call is None or call.value >= self.hidden_lead_from


@dataclass(frozen=True)
class Undertakings:
    """The special undertakings a game has (RULES.md §6); ``None`` ranges are absent ones."""

    jodi_calls: range | None = None
    kot_calls: range | None = None
    marukott: bool = False
    thani: bool = False
    thani_starting_suit: bool = False
    pair: bool = False
    pair_change: int = 4
    last_round_to_speak: int = 4
    """Jodi, ``jodi?``, Kott and ``kot?`` may be said in rounds 1 to this one."""


@dataclass(frozen=True)
class GameRules:
    """Everything the engine needs to know about one game, as data and small strategies."""

    spec: GameSpec
    calling: CallingSystem
    trump: TrumpPlay
    undertakings: Undertakings
    redeals: tuple[RedealRule, ...]
    no_call_reason: str
    """The redeal a calling without any standing call leads to."""
    rank_orders: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Rank order by the ``rank_switch`` house rule's value: groups of equal ranks, high first."""
    rank_switch: str | None = None
    redeal_same_dealer: bool = False
    """28, 29: a redealt hand is dealt again by the same dealer."""
    void_when_missed: str | None = None
    """28 (``no-trump``): a hand played although this redeal held is void, no score."""
    stop_when_decided_from: int | None = None
    """40: calls from this value (Honours) stop as soon as the result is decided."""
    face_down_from_first: int = 0
    """29: the face-down card comes from the caller's first cards (this many)."""
    seventh_card_switch: str | None = None
    thani_lead_switch: str | None = None
    last_trick_switch: str | None = None
    min_bid_switch: str | None = None
    calling_switch: str | None = None
    """29 (``auction``): the house rule choosing among ``calling_options``."""
    calling_options: Mapping[str, CallingSystem] = field(default_factory=dict)
    """Other calling systems by the switch's value; ``calling`` is the default."""

    @property
    def name(self) -> str:
        return self.spec.name

    def card_table(self, switches: Mapping[str, str]) -> CardTable:
        """The card table under the hand's house rules (the 40 ``three-rank`` order)."""
        order = self.rank_orders.get(switches.get(self.rank_switch or "", ""))
        return _table(self.name, order or tuple(self.spec.ranks))

    def calling_for(self, switches: Mapping[str, str]) -> CallingSystem:
        """The calling system under the hand's house rules (29 ``auction=hold``: the duel)."""
        chosen = switches.get(self.calling_switch or "", "")
        return self.calling_options.get(chosen, self.calling)

    def min_bid(self, switches: Mapping[str, str]) -> int:
        if self.min_bid_switch and switches.get(self.min_bid_switch, "").isdigit():
            return int(switches[self.min_bid_switch])
        return self.spec.min_bid

    def last_trick_bonus(self, switches: Mapping[str, str]) -> int:
        if self.last_trick_switch and switches.get(self.last_trick_switch, "").isdigit():
            return int(switches[self.last_trick_switch])
        return self.spec.last_trick_bonus

    def thani_caller_leads(self, switches: Mapping[str, str]) -> bool:
        return (
            bool(self.thani_lead_switch) and switches.get(self.thani_lead_switch or "") != "normal"
        )

    def seventh_card(self, switches: Mapping[str, str]) -> bool:
        return (
            bool(self.seventh_card_switch) and switches.get(self.seventh_card_switch or "") == "yes"
        )

    def redeal_rule(self, reason: str) -> RedealRule | None:
        return next((rule for rule in self.redeals if rule.reason == reason), None)

    def stops_when_decided(self, call: Call | None) -> bool:
        limit = self.stop_when_decided_from
        return (
            limit is not None
            and call is not None
            and call.kind is not CallKind.THANI
            and call.value >= limit
        )


@lru_cache(maxsize=32)
def _table(game: str, order: tuple[str, ...]) -> CardTable:
    return CardTable.build(GAMES[game], order)


_MISDEAL = RedealRule("misdeal", not_checkable, missable=False)

FORTY = GameRules(
    spec=GAMES["40"],
    calling=SixPlayerCalling(
        CallLimits("40", max_value=40, has_thani=True, jack_signal=21, signal_ranks="J3"),
        HonoursOrPass(),
    ),
    trump=TrumpPlay(
        hidden_lead_from=30,
        hidden_discard_forbidden=True,
        show_cuts_with_face_down=True,
        opening_to_follow_forbidden=True,
    ),
    undertakings=Undertakings(jodi_calls=range(20, 30), thani=True),
    redeals=(
        RedealRule("no-points", first_caller_no_points),
        RedealRule("no-trump", other_team_no_trump),
        _MISDEAL,
    ),
    no_call_reason="misdeal",
    rank_orders={
        "below-jack": tuple("J39ATKQ87"),
        "equal-first": ("J3", *"9ATKQ87"),
        "above-jack": tuple("3J9ATKQ87"),
    },
    rank_switch="three-rank",
    stop_when_decided_from=30,
    thani_lead_switch="thani-lead",
)

TWENTY_EIGHT = GameRules(
    spec=GAMES["28"],
    calling=SixPlayerCalling(
        CallLimits("28", max_value=28, has_thani=True, thani_needs_adi=True), HigherBand()
    ),
    trump=TrumpPlay(
        hidden_lead_from=None,
        opening_to_follow_forbidden=True,
        opening_on_last_card_allowed=True,
    ),
    undertakings=Undertakings(
        kot_calls=range(16, 20), marukott=True, thani=True, thani_starting_suit=True
    ),
    redeals=(
        RedealRule("no-trump", other_team_no_trump),
        RedealRule("same-suit", six_of_a_suit),
        RedealRule("four-jacks", four_jacks),
        _MISDEAL,
    ),
    no_call_reason="misdeal",
    redeal_same_dealer=True,
    void_when_missed="no-trump",
    thani_lead_switch="thani-lead",
)

_LIMITS_29 = CallLimits("29", max_value=28, has_thani=False)

TWENTY_NINE = GameRules(
    spec=GAMES["29"],
    calling=RotatingAuction(_LIMITS_29),
    trump=TrumpPlay(hidden_lead_from=0, face_down_only_after_reveal=True, suit_only_is_named=True),
    undertakings=Undertakings(pair=True),
    redeals=(
        RedealRule("all-passed", all_passed),
        RedealRule("no-points", no_point_in_first_four, missable=False),
        _MISDEAL,
    ),
    no_call_reason="all-passed",
    redeal_same_dealer=True,
    face_down_from_first=4,
    seventh_card_switch="seventh-card",
    last_trick_switch="last-trick",
    min_bid_switch="min-bid",
    calling_switch="auction",
    calling_options={"hold": HoldAuction(_LIMITS_29)},
)

GAME_RULES: dict[str, GameRules] = {
    rules.name: rules for rules in (FORTY, TWENTY_EIGHT, TWENTY_NINE)
}
