"""One hand being replayed: the mutable table the engine's phases share, and its snapshots.

``HandRun`` holds what the replay knows at the current moment of one hand (calls, the trump, the
trick, points, undertakings, whether the hand is over). The phases (``replay.tricks.play``,
``replay.tricks.undertakings``, ``replay.tricks.verdict``) move it on; ``snapshot`` freezes it into
a ``TableState`` only when steps were asked for.
"""

from __future__ import annotations

from collections.abc import Mapping

from recorder.cards import Call, CallKind, Card
from recorder.model import Hand, Node, Record
from replay.findings import Finding
from replay.tricks.deck import CARDS, SUITS
from replay.tricks.games import GameRules
from replay.tricks.knowledge import Knowledge
from replay.tricks.outcome import Outcome, Special
from replay.tricks.report import Reporter
from replay.tricks.state import Event, EventKind, Play, Step, TableState

PLAY_KINDS = frozenset({"card", "action", "pair"})
"""Events of the play: by then every card is dealt."""


class TrickRecord:
    """A trick as it is being replayed (frozen into a ``TrickSummary`` at the end).

    A plain class, not a dataclass: one is made for every trick, and compiled its own
    ``__init__`` costs a sixth of what the generated one does. Every argument has a default, so
    that unpickling (the dashboard's replay store) can make one before restoring its state."""

    def __init__(
        self,
        number: int = 0,
        leader: int | None = None,
        plays: list[tuple[int, int | None, bool]] | None = None,
    ) -> None:
        self.number = number
        self.leader = leader
        self.plays: list[tuple[int, int | None, bool]] = [] if plays is None else plays
        self.seats: set[int] = set()
        self.winner: int | None = None
        self.points: int | None = None
        self.revealed = False
        self.revealed_by: int | None = None

    def __repr__(self) -> str:
        return (
            f"TrickRecord(number={self.number}, leader={self.leader}, plays={self.plays}, "
            f"winner={self.winner}, points={self.points})"
        )


class SessionRules:
    """A game's rules under one session's house rules, worked out once for all its hands."""

    def __init__(self, rules: GameRules, switches: Mapping[str, str], names: list[str]) -> None:
        self.rules = rules
        self.switches = switches
        self.names = names
        """The players' names in seat order, for the findings' messages."""
        self.cards = rules.card_table(switches)
        self.calling = rules.calling_for(switches)
        self.min_bid = rules.min_bid(switches)
        self.last_trick_bonus = rules.last_trick_bonus(switches)
        self.retro_trump = switches.get("retro-trump", "yes") != "no"


class HandRun:
    """The state of one hand during its replay, shared by the engine's phases."""

    __slots__ = (
        "_mark",
        "bid_split",
        "call",
        "caller",
        "callers_lost_round",
        "calling",
        "calls",
        "cards",
        "current",
        "dealer",
        "dealt_all",
        "decided_outcome",
        "ended_by",
        "face_down",
        "filled",
        "first",
        "hand",
        "hand_size",
        "has_face_down",
        "hidden",
        "knowledge",
        "last_trick_bonus",
        "leader",
        "led_suit",
        "min_bid",
        "missing_seats",
        "number",
        "others_lost_round",
        "over",
        "pair_by",
        "pending",
        "played_cards",
        "played_count",
        "played_in",
        "players",
        "points",
        "points_exact",
        "record",
        "report",
        "retro_trump",
        "revealed_by",
        "revealed_in",
        "rules",
        "said",
        "special",
        "star",
        "start_suit",
        "steps",
        "switches",
        "target_change",
        "trick",
        "trick_done",
        "tricks",
        "tricks_won",
        "trump_named",
        "trump_suit",
        "turn_cards",
        "void",
    )

    def __init__(
        self,
        record: Record,
        hand: Hand,
        number: int,
        session: SessionRules,
        dealer: int,
        steps: bool,
    ) -> None:
        rules = session.rules
        spec = rules.spec
        self.record = record
        self.hand = hand
        self.number = number
        self.rules = rules
        self.switches = session.switches
        self.players = spec.players
        self.hand_size = spec.hand_size
        self.bid_split = spec.bid_split
        self.dealt_all = spec.bid_split == 0
        """Whether every card is dealt: 29 deals its last four once the trump lies face down."""
        self.cards = session.cards
        self.calling = session.calling
        self.report = Reporter(record, number, session.names)
        self.knowledge = Knowledge(self.cards, self.players, self.hand_size)
        self.dealer = dealer
        self.first = dealer % self.players + 1
        self.min_bid = session.min_bid
        self.retro_trump = session.retro_trump
        self.last_trick_bonus = session.last_trick_bonus
        # the calling
        self.calls: list[tuple[int, Call]] = []
        self.caller: int | None = None
        self.call: Call | None = None
        # the trump
        self.has_face_down = False
        """Whether a face-down card lies on the table (not in a Thani, nor without a caller)."""
        self.trump_named = False
        """29 ``trump ?H``: the trump was named, not placed; no card is apart from his hand."""
        self.trump_suit: int | None = None
        self.face_down: int | None = None
        self.hidden = False
        self.revealed_by: int | None = None
        self.revealed_in: int | None = None
        # the play
        self.trick = 0
        self.leader: int | None = None
        """Who should lead the current (or next) trick; ``None`` when the record cannot tell."""
        self.current: TrickRecord | None = None
        self.trick_done = False
        self.pending: TrickRecord | None = None
        """A trick whose winner the record did not show; the next lead tells."""
        self.callers_lost_round = False
        self.others_lost_round = False
        self.led_suit: int | None = None
        self.played_count = [0] * (self.players + 1)
        self.played_cards: list[list[int]] = [[] for _ in range(self.players + 1)]
        self.played_in: dict[int, int] = {}
        """Each card played so far and the trick it was played in."""
        self.points = [0, 0]
        self.tricks_won = [0, 0]
        self.points_exact = True
        self.tricks: list[TrickRecord] = []
        self.missing_seats = False
        """Whether some turn has no seat, written or worked out (then the hand is replayed again
        with the seats the first replay worked out)."""
        self.turn_cards: list[list[int | None]] = []
        """The card id of every turn (``None``: no card, not seen, or not of the pack)."""
        self.filled: list[list[int | None]] = []
        """The seat of every turn, as given or worked out (``normalize`` writes them back)."""
        # undertakings and the end
        self.special: Special | None = None
        self.said: list[tuple[int, str, int]] = []
        """Every Jodi, Kott and answered ask that took effect: seat, token as written, trick."""
        self.start_suit: int | None = None
        self.pair_by: int | None = None
        self.target_change = 0
        self.over = False
        self.star = False
        self.ended_by: str | None = None
        """Why the hand ended before its last round: ``lost``, ``answer``, ``decided``, ``star``,
        ``thrown-in``."""
        self.decided_outcome: Outcome | None = None
        self.void = False
        self.steps: list[Step] | None = [] if steps else None
        self._mark = 0

    # -- small questions -------------------------------------------------------------------

    def team(self, seat: int) -> int:
        """0 for the odd seats, 1 for the even seats."""
        return 0 if seat % 2 else 1

    def hidden_card_of(self, seat: int) -> int | None:
        """The face-down card when it is hidden and ``seat`` is the caller (not in his hand)."""
        return self.face_down if self.hidden and seat == self.caller else None

    @property
    def card_apart(self) -> bool:
        """Whether a face-down card lies apart from the caller's hand now (none if named)."""
        return self.has_face_down and self.hidden and not self.trump_named

    @property
    def caller_team(self) -> int | None:
        return None if self.caller is None else self.team(self.caller)

    def base_target(self) -> int | None:
        """The callers' target before any pair: the call, or every point for an all-rounds
        undertaking (Jodi, Thani, Kott)."""
        if self.call is None:
            return None
        if self.special in ("jodi", "thani", "kot") or self.call.kind is CallKind.THANI:
            return self.rules.spec.card_points_total + self.last_trick_bonus
        return self.call.value

    def target(self) -> int | None:
        base = self.base_target()
        if base is None or not self.target_change:
            return base
        return max(self.min_bid, min(self.rules.spec.max_bid, base + self.target_change))

    def total_points(self) -> int:
        return self.rules.spec.card_points_total + self.last_trick_bonus

    def decided(self) -> bool:
        """Whether the points taken so far already decide made or lost."""
        target = self.target()
        team = self.caller_team
        if target is None or team is None or not self.points_exact:
            return self.over
        return (
            self.over
            or self.points[team] >= target
            or self.points[1 - team] > self.total_points() - target
        )

    def finish(self, ended_by: str, outcome: Outcome | None = None) -> None:
        """End the hand now (a lost undertaking, an answer, a decided result, a ``*``)."""
        if not self.over:
            self.over = True
            self.ended_by = ended_by
            self.decided_outcome = outcome

    # -- steps -----------------------------------------------------------------------------

    def step(
        self, kind: EventKind, trick: int | None, seat: int | None, token: str, node: Node | None
    ) -> None:
        """Record a step (only when steps were asked for): the event, the table, new findings."""
        if self.steps is None:
            return
        if kind in PLAY_KINDS:
            self.dealt_all = True
        findings: tuple[Finding, ...] = tuple(self.report.findings[self._mark :])
        self._mark = len(self.report.findings)
        event = Event(
            kind,
            self.number,
            trick,
            seat,
            token,
            node.line if node is not None else 0,
            node.column if node is not None else 0,
        )
        self.steps.append(Step(event, self.snapshot(), findings))
        if kind == "trump":
            self.dealt_all = True

    def snapshot(self) -> TableState:
        """The table now, as the record shows it."""
        players = range(1, self.players + 1)
        hands = []
        unknown = []
        for seat in players:
            gone = set(self.played_cards[seat])
            hidden = self.hidden_card_of(seat)
            held = sorted(c for c in self.knowledge.known(seat) if c not in gone and c != hidden)
            apart = 1 if self.card_apart and seat == self.caller else 0
            hands.append(tuple(CARDS[c] for c in held))
            unknown.append(max(0, self.hand_size - self.played_count[seat] - len(held) - apart))
        current = self.current
        plays = tuple(
            Play(seat, CARDS[card] if card is not None else None, trump)
            for seat, card, trump in (current.plays if current else [])
        )
        highest = max(
            (call for _, call in self.calls if not call.is_pass),
            key=lambda call: call.value,
            default=None,
        )
        undealt = () if self.dealt_all else self._undealt(hands)
        undertakings: list[str] = []
        if self.special in ("jodi", "thani", "kot"):
            undertakings.append(str(self.special))
        if self.pair_by is not None:
            undertakings.append(f"pair {self.pair_by}")
        return TableState(
            players=self.players,
            hands=tuple(hands),
            unknown=tuple(unknown),
            played=tuple(tuple(CARDS[c] for c in self.played_cards[seat]) for seat in players),
            calls=tuple(self.calls),
            highest=self.call if self.call is not None else highest,
            caller=self.caller,
            trump=SUITS[self.trump_suit] if self.trump_suit is not None else None,
            face_down=CARDS[self.face_down] if self.face_down is not None else None,
            revealed=self.has_face_down and not self.hidden,
            trump_named=self.trump_named,
            revealed_by=self.revealed_by,
            revealed_in=self.revealed_in,
            trick=self.trick,
            trick_plays=plays,
            to_lead=self.leader if self._between_tricks() and not self.over else None,
            to_play=self.next_to_play(),
            points=(self.points[0], self.points[1]),
            tricks_won=(self.tricks_won[0], self.tricks_won[1]),
            undertakings=tuple(str(item) for item in undertakings),
            over=self.over,
            decided=self.decided(),
            holding=None if self.dealt_all else self.bid_split,
            undealt=undealt,
        )

    def _undealt(self, hands: list[tuple[Card, ...]]) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards the record shows that are not among the first cards of its deal line
        (29's last four, and any card the deal line does not place): not dealt in the calling."""
        undealt = []
        for seat, held in enumerate(hands, start=1):
            first = set(self.knowledge.first_cards[seat][: self.bid_split])
            undealt.append(tuple(card for card in held if card.index not in first))
        return tuple(undealt)

    def _between_tricks(self) -> bool:
        return self.current is None or not self.current.plays or self.trick_done

    def next_to_play(self) -> int | None:
        """The seat whose turn it is in the current trick (the leader before the first card)."""
        if self.over:
            return None
        current = self.current
        if current is None or self._between_tricks():
            return self.leader
        seat = current.plays[0][0]
        played = current.seats
        for _ in range(self.players):
            if seat not in played:
                return seat
            seat = seat % self.players + 1
        return None
