"""The calling: who speaks when, which calls stand, and who wins it (RULES.md §3 and §4).

Three systems: the six-player order of 40 and 28 (each player speaks once, the other team answers
first), the rotating auction of 29 and its duel ("hold") form, chosen by ``auction=hold``. A system
is data (its limits and partner rule) plus a small run object that follows one hand's calls and
says what each call broke.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from recorder.cards import Call, CallKind
from replay.tricks.deck import CARDS, RANK_COUNT, CardTable

Issue = tuple[str, str]
"""A finding code and what the player did, in words (the reporter adds the name and place)."""


class Holdings(Protocol):
    """What the record tells of a seat's cards: the calling needs it for signals and Thani."""

    cards: CardTable

    def known(self, seat: int) -> set[int]:
        """Every card the record shows the seat was dealt (deal line or later play)."""
        ...

    def unknown_slots(self, seat: int) -> int:
        """How many of the seat's dealt cards the record never shows."""
        ...

    def placed(self, card: int) -> int | None:
        """The seat the record shows holding ``card``, if any."""
        ...


class PartnerRule(Protocol):
    """What a player may call while a teammate holds the highest call."""

    def allows(self, call: Call, partner_call: Call) -> bool: ...

    def describe(self) -> str: ...


@dataclass(frozen=True)
class HonoursOrPass:
    """40: over a partner's call only Honours (any higher Honours) or Thani."""

    honours_from: int = 30

    def allows(self, call: Call, partner_call: Call) -> bool:
        return call.value >= self.honours_from

    def describe(self) -> str:
        return "may only pass or call Honours or Thani"


@dataclass(frozen=True)
class HigherBand:
    """28: over a partner's call only a call in a higher band (16–19, 20–23, 24–27, 28, Thani)."""

    band_starts: tuple[int, ...] = (16, 20, 24, 28)

    def band(self, call: Call) -> int:
        if call.kind is CallKind.THANI:
            return len(self.band_starts)
        return sum(1 for start in self.band_starts if call.value >= start) - 1

    def allows(self, call: Call, partner_call: Call) -> bool:
        return self.band(call) > self.band(partner_call)

    def describe(self) -> str:
        return "may only raise into a higher band (16–19, 20–23, 24–27, 28, Thani)"


@dataclass(frozen=True)
class CallLimits:
    """The calls a game has: its maximum number, whether it has Thani, its signal and Adi rules."""

    game: str
    max_value: int
    has_thani: bool
    jack_signal: int | None = None
    """40: the call that says 'three or more Jacks and 3s' (21)."""
    signal_ranks: str = ""
    thani_needs_adi: bool = False
    """28: a Thani needs the Jack and Nine of one suit and may not be a sure Thani."""

    def problem(
        self, call: Call, highest: Call | None, min_bid: int, may_equal: bool = False
    ) -> Issue | None:
        """Why a call (not a pass) cannot stand by the game's limits, or ``None``; with
        ``may_equal`` a call equal to the highest stands (the hold of the 29 duel)."""
        if call.kind is CallKind.THANI:
            if not self.has_thani:
                return "bid-too-high", f"called Thani, which {self.game} does not have"
            if highest is not None and highest.kind is CallKind.THANI:
                return "bid-too-low", "called Thani over a Thani"
            return None
        if call.value > self.max_value:
            return "bid-too-high", f"called {call.token}, above the highest call {self._top()}"
        if call.value < min_bid:
            return "bid-too-low", f"called {call.token}, below the minimum {min_bid}"
        if highest is not None and may_equal and call.value < highest.value:
            return "bid-too-low", f"called {call.token}, below the highest call {highest.token}"
        if highest is not None and not may_equal and call.value <= highest.value:
            return "bid-too-low", f"called {call.token}, not above the highest call {highest.token}"
        return None

    def _top(self) -> str:
        return Call(CallKind.HONOURS, 40).token if self.max_value >= 30 else str(self.max_value)

    def notes(self, call: Call, seat: int, holdings: Holdings) -> list[Issue]:
        """Signal and Thani findings of a call, which never stop it from standing."""
        issues: list[Issue] = []
        signal = call.kind is CallKind.NUMBER and call.value == self.jack_signal
        if signal and _too_few(seat, self.signal_ranks, 3, holdings):
            issues.append(
                (
                    "false-jack-signal",
                    f"called {call.token}, the Jack signal, without three Jacks and 3s",
                )
            )
        if self.thani_needs_adi and call.kind is CallKind.THANI:
            if not _may_hold_adi(seat, holdings):
                issues.append(
                    ("thani-without-adi", "called Thani without the Jack and Nine of a suit")
                )
            elif _sure_thani(seat, holdings):
                issues.append(
                    ("sure-thani", "called a sure Thani: every suit runs down from its Jack")
                )
        return issues


def _too_few(seat: int, ranks: str, needed: int, holdings: Holdings) -> bool:
    """Whether the record proves the seat held fewer than ``needed`` cards of these ranks."""
    known = holdings.known(seat)
    held = sum(1 for card in known if CARDS[card].rank in ranks)
    loose = sum(
        1
        for card in holdings.cards.pack
        if CARDS[card].rank in ranks and holdings.placed(card) is None
    )
    return held + min(loose, holdings.unknown_slots(seat)) < needed


def _may_hold_adi(seat: int, holdings: Holdings) -> bool:
    """Whether the seat may have held the Jack and Nine of one suit, as far as the record shows."""
    known = holdings.known(seat)
    slots = holdings.unknown_slots(seat)
    for suit in range(4):
        pair = [card for card in holdings.cards.suit_cards(suit) if CARDS[card].rank in "J9"]
        missing = [card for card in pair if card not in known]
        if all(holdings.placed(card) is None for card in missing) and len(missing) <= slots:
            return True
    return False


def _sure_thani(seat: int, holdings: Holdings) -> bool:
    """Whether the whole known hand is unbroken runs from each suit's Jack down."""
    known = holdings.known(seat)
    if holdings.unknown_slots(seat) or not known:
        return False
    for suit in {card // RANK_COUNT for card in known}:
        run = holdings.cards.suit_cards(suit)
        count = sum(1 for card in known if card // RANK_COUNT == suit)
        if set(run[:count]) != {card for card in known if card // RANK_COUNT == suit}:
            return False
    return True


class CallingRun:
    """One hand's calling as it goes: the expected speaker, each call judged, the winner.

    The base class of each system's run (not a protocol): compiled, the engine then calls a run's
    methods as C, not through Python's method call, for every call of every hand."""

    def expected(self) -> int | None:
        raise NotImplementedError

    def speak(self, seat: int, call: Call) -> list[Issue]:
        raise NotImplementedError

    def problem(self, seat: int, call: Call) -> Issue | None:
        """Why ``call`` by the expected speaker would not stand (``None`` if it would)."""
        raise NotImplementedError

    @property
    def highest(self) -> tuple[int, Call] | None:
        raise NotImplementedError


class CallingSystem(Protocol):
    """A game's calling system; ``start`` begins one hand's calling."""

    @property
    def limits(self) -> CallLimits: ...

    def start(self, first: int, players: int, min_bid: int, holdings: Holdings) -> CallingRun: ...


@dataclass(frozen=True)
class SixPlayerCalling:
    """40 and 28: every player speaks once; the other team answers first (RULES.md §3)."""

    limits: CallLimits
    partner_rule: PartnerRule

    def start(self, first: int, players: int, min_bid: int, holdings: Holdings) -> CallingRun:
        return _SixPlayerRun(self, first, players, min_bid, holdings)


class _SixPlayerRun(CallingRun):
    def __init__(
        self, system: SixPlayerCalling, first: int, players: int, min_bid: int, holdings: Holdings
    ) -> None:
        self.system = system
        self.first = first
        self.order: Sequence[int] = [(first - 1 + i) % players + 1 for i in range(players)]
        self.min_bid = min_bid
        self.holdings = holdings
        self.spoken: set[int] = set()
        self._highest: tuple[int, Call] | None = None

    @property
    def highest(self) -> tuple[int, Call] | None:
        return self._highest

    def expected(self) -> int | None:
        leader_team = self._highest[0] % 2 if self._highest else None
        for seat in self.order:
            if seat not in self.spoken and seat % 2 != leader_team:
                return seat
        return next((seat for seat in self.order if seat not in self.spoken), None)

    def speak(self, seat: int, call: Call) -> list[Issue]:
        issues: list[Issue] = []
        expected = self.expected()
        in_turn = False
        if seat in self.spoken:
            issues.append(("spoke-twice", f"spoke a second time ({call.token})"))
        elif seat != expected:
            issues.append(("bid-out-of-turn", _out_of_turn(call, expected)))
        else:
            in_turn = True
        self.spoken.add(seat)
        if call.is_pass:
            if in_turn and seat == self.first:
                issues.append(("first-caller-passed", "passed as the first speaker, who must call"))
            return issues
        if in_turn:
            problem = self.problem(seat, call)
            if problem:
                issues.append(problem)
            else:
                self._highest = (seat, call)
        return issues + self.system.limits.notes(call, seat, self.holdings)

    def problem(self, seat: int, call: Call) -> Issue | None:
        if call.is_pass:
            return None
        highest = self._highest
        problem = self.system.limits.problem(call, highest[1] if highest else None, self.min_bid)
        if problem is None and highest and highest[0] % 2 == seat % 2:
            rule = self.system.partner_rule
            if not rule.allows(call, highest[1]):
                return (
                    "partner-overcall",
                    f"called {call.token} over partner's {highest[1].token} "
                    f"(seat {highest[0]}); {rule.describe()}",
                )
        return problem


def _silenced(
    seat: int,
    call: Call,
    due: int | None,
    passed: set[int],
    highest: tuple[int, Call] | None,
) -> list[Issue] | None:
    """What an auction says of a call made once the calling is over (``due`` is None) or by a
    seat that has passed: nothing for the winner's own closing pass, else ``bid-out-of-turn``;
    ``None`` when the seat may still speak and the auction must judge the call itself."""
    if due is None:
        if call.is_pass and highest and seat == highest[0]:
            return []
        return [("bid-out-of-turn", _out_of_turn(call, None))]
    if seat in passed:
        said = "passed" if call.is_pass else f"called {call.token}"
        return [("bid-out-of-turn", f"{said} after passing")]
    return None


def _out_of_turn(call: Call, expected: int | None) -> str:
    said = "passed" if call.is_pass else f"called {call.token}"
    if expected is None:
        return f"{said} after the calling had ended"
    return f"{said} out of turn; seat {expected} was to speak"


@dataclass(frozen=True)
class RotatingAuction:
    """29: bids go round; a pass is out; it ends when all but the highest bidder passed (§4)."""

    limits: CallLimits

    def start(self, first: int, players: int, min_bid: int, holdings: Holdings) -> CallingRun:
        return _RotatingRun(self.limits, first, players, min_bid)


class _RotatingRun(CallingRun):
    def __init__(self, limits: CallLimits, first: int, players: int, min_bid: int) -> None:
        self.limits = limits
        self.players = players
        self.min_bid = min_bid
        self.passed: set[int] = set()
        self._highest: tuple[int, Call] | None = None
        self.turn: int | None = first

    @property
    def highest(self) -> tuple[int, Call] | None:
        return self._highest

    def expected(self) -> int | None:
        return self.turn

    def problem(self, seat: int, call: Call) -> Issue | None:
        if call.is_pass:
            return None
        highest = self._highest[1] if self._highest else None
        return self.limits.problem(call, highest, self.min_bid)

    def _advance(self, after: int) -> None:
        seat = after
        for _ in range(self.players):
            seat = seat % self.players + 1
            if seat not in self.passed and (self._highest is None or seat != self._highest[0]):
                self.turn = seat
                return
        self.turn = None

    def speak(self, seat: int, call: Call) -> list[Issue]:
        spoken_out = _silenced(seat, call, self.turn, self.passed, self._highest)
        if spoken_out is not None:
            return spoken_out
        if seat != self.turn:
            if call.is_pass:
                self.passed.add(seat)
            return [("bid-out-of-turn", _out_of_turn(call, self.turn))]
        issues: list[Issue] = []
        if call.is_pass:
            self.passed.add(seat)
        else:
            problem = self.problem(seat, call)
            if problem:
                issues.append(problem)
            else:
                self._highest = (seat, call)
        self._advance(seat)
        return issues


@dataclass(frozen=True)
class HoldAuction:
    """29 with ``auction=hold``: a duel of two; the earlier holds by equalling, the later raises;
    a pass is out and the survivor meets the next player who has not spoken (docs/RULES.md §4)."""

    limits: CallLimits

    def start(self, first: int, players: int, min_bid: int, holdings: Holdings) -> CallingRun:
        return _HoldRun(self.limits, first, players, min_bid)


class _HoldRun(CallingRun):
    """The duel as it goes: the pair (``holder`` the earlier, ``challenger`` the later), who is
    out, and the standing bid. The expected speaker is the one of the pair who must answer the
    standing bid; with none standing, the holder opens."""

    def __init__(self, limits: CallLimits, first: int, players: int, min_bid: int) -> None:
        self.limits = limits
        self.min_bid = min_bid
        self.order = [(first - 1 + i) % players + 1 for i in range(players)]
        self.passed: set[int] = set()
        self._highest: tuple[int, Call] | None = None
        self.holder: int | None = self.order[0]
        self.challenger: int | None = self.order[1] if players > 1 else None
        self.drawn = 2
        """How many players, in playing order, have been drawn into a duel so far."""

    @property
    def highest(self) -> tuple[int, Call] | None:
        return self._highest

    def expected(self) -> int | None:
        holder, challenger, highest = self.holder, self.challenger, self._highest
        if holder is None:
            return None
        if challenger is None:
            return holder if highest is None else None
        if highest is None:
            return holder
        return challenger if highest[0] == holder else holder

    def problem(self, seat: int, call: Call) -> Issue | None:
        if call.is_pass:
            return None
        highest = self._highest[1] if self._highest else None
        may_equal = seat == self.holder and self._highest is not None
        problem = self.limits.problem(call, highest, self.min_bid, may_equal)
        if problem is not None and highest is not None and call.value == highest.value:
            code, what = problem
            return code, f"{what}; only seat {self.holder}, the earlier of the pair, may hold"
        return problem

    def speak(self, seat: int, call: Call) -> list[Issue]:
        expected = self.expected()
        spoken_out = _silenced(seat, call, expected, self.passed, self._highest)
        if spoken_out is not None:
            return spoken_out
        issues: list[Issue] = []
        if seat != expected:
            issues.append(("bid-out-of-turn", _out_of_turn(call, expected)))
        if call.is_pass:
            self._put_out(seat)
        elif seat == expected:
            problem = self.problem(seat, call)
            if problem:
                issues.append(problem)
            else:
                self._highest = (seat, call)
        return issues

    def _put_out(self, seat: int) -> None:
        """A pass: the seat is out; a passer of the pair leaves the other to meet the next."""
        self.passed.add(seat)
        if seat == self.holder:
            self.holder, self.challenger = self.challenger, None
        elif seat == self.challenger:
            self.challenger = None
        if self.holder is None:
            self.holder = self._draw()
        if self.challenger is None:
            self.challenger = self._draw()

    def _draw(self) -> int | None:
        """The next player in playing order who has not been in a duel nor passed."""
        while self.drawn < len(self.order):
            seat = self.order[self.drawn]
            self.drawn += 1
            if seat not in self.passed:
                return seat
        return None
