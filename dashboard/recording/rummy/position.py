"""Where a Rummy recording stands, derived afresh from the archive's log on every page run.

The log is folded to a Rummy ``Record`` and the whole game replayed by the engine
(``replay_rummy``): the totals, who is out, who is in compel state, each seat's outcome in the open
deal, the deal's winner and the table's are the engine's, never worked out here. What the engine
would make of one more line (a re-entry, the next deal's shuffler) is asked of it by replaying
the record with that line added, so the page offers exactly what the engine will accept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from recorder.archive import Event, LoggedEvent, RummyLineWritten, RummyWinnerNamed
from recorder.archive.fold import LogState, effective_events, with_events
from recorder.model import Hand, Record
from recorder.rummy.cards import RummyCard
from recorder.rummy.model import Outcome as OutcomeLine
from recorder.rummy.model import Rejoin, RummyBody
from recorder.tgn.rummy.writer import outcome_text
from replay.findings import Finding, so_far
from replay.rummy import Outcome, RummyGame, Wild, replay_rummy
from replay.rummy.deal import wild_of
from replay.rummy.table_rules import RummyRules

RummyPhase = Literal["joker", "outcomes", "complete", "ended"]
"""``joker`` (the cut card is next), ``outcomes`` (seats still to enter), ``complete`` (every
seat of the deal has its outcome, or the deal is void), ``ended`` (one player is left)."""

Standing = Literal["in", "compel", "out"]


@dataclass(frozen=True)
class EnteredLine:
    """A Rummy line the log holds now (undos and corrections applied): what a correction names."""

    seq: int
    hand: int
    """The deal's number, counting from 1."""
    part: str
    content: dict[str, object]

    @property
    def outcome(self) -> OutcomeLine | None:
        return OutcomeLine.model_validate(self.content) if self.part == "outcome" else None

    @property
    def text(self) -> str:
        """The line as the TGN writer writes it."""
        outcome = self.outcome
        if outcome is not None:
            return outcome_text(outcome)
        return f"{self.part} {' '.join(str(value) for value in self.content.values())}"


@dataclass(frozen=True)
class SeatStanding:
    """One chair at this moment: the running total, in / compel / out, and this deal's entry."""

    seat: int
    name: str
    total: int
    standing: Standing
    playing: bool
    """Whether he takes part in the open deal."""
    outcome: Outcome | None
    """The engine's outcome of the open deal for him; ``None`` while not entered."""
    line: EnteredLine | None
    """His first outcome line in the open deal (the one that counts)."""
    named_winner: bool
    """The scorer named him the deal's winner (no line: he wins as the last one left)."""
    rejoins: int


@dataclass(frozen=True)
class RejoinOffer:
    """A re-entry the engine allows now, with the total it gives; or why it is refused."""

    seat: int
    name: str
    total: int | None
    refusal: str | None


@dataclass(frozen=True)
class RummyPosition:
    """One Rummy recording at one moment, as the engine judges it."""

    session_id: int
    record: Record
    game: RummyGame
    rules: RummyRules
    phase: RummyPhase
    deal_number: int
    dealer: int
    joker: RummyCard | None
    seats: tuple[SeatStanding, ...]
    lines: tuple[EnteredLine, ...]
    """Every Rummy line standing, deal by deal."""
    undoable: int
    hand_open: bool = True
    """Whether the open deal's end is still to be written."""

    @property
    def names(self) -> list[str]:
        return self.record.players

    @property
    def players(self) -> int:
        return len(self.record.players)

    @property
    def body(self) -> RummyBody:
        hand = self.record.hands[-1] if self.record.hands else None
        return hand.rummy if hand is not None and hand.rummy is not None else RummyBody()

    @property
    def wild(self) -> Wild:
        """The open deal's jokers."""
        return wild_of(self.body)

    @property
    def findings(self) -> list[Finding]:
        """The open deal's findings (that the deal is unfinished is not one while entering)."""
        found = self.game.deal_findings(self.deal_number)
        if self.phase in ("joker", "outcomes"):
            return so_far(found)
        return found

    @property
    def winner(self) -> str | None:
        """The open deal's winner as the engine has it (``None`` while there is none)."""
        return self.game.deals[-1].winner if self.game.deals else None

    @property
    def to_enter(self) -> int | None:
        """The first chair of the deal without an outcome yet (the one the page preselects)."""
        return next(
            (s.seat for s in self.seats if s.playing and s.outcome is None and not s.named_winner),
            next((s.seat for s in self.seats if s.playing and s.outcome is None), None),
        )

    def seat_name(self, seat: int | None) -> str:
        """``Cini (3)``; ``nobody`` for no seat."""
        if seat is None or not 1 <= seat <= self.players:
            return "nobody"
        return f"{self.names[seat - 1]} ({seat})"

    def rejoin_offers(self) -> list[RejoinOffer]:
        """Each player out of the game, with the total a re-entry now gives him or the engine's
        reason for refusing it. Offered at the start of a deal, before any line of it."""
        if self.phase != "joker" or _has_lines(self.body):
            return []
        offers = []
        for standing in self.seats:
            if standing.standing != "out":
                continue
            trial = _with_last_body(self.record, rejoin=Rejoin(seat=standing.seat))
            tried = replay_rummy(trial)
            refused = [
                finding.message
                for finding in tried.deal_findings(self.deal_number)
                if finding.code == "rejoin-not-allowed"
            ]
            total = None if refused else tried.deals[-1].totals[standing.name]
            offers.append(
                RejoinOffer(standing.seat, standing.name, total, refused[0] if refused else None)
            )
        return offers

    def next_dealer(self) -> int:
        """The shuffler the engine gives the next deal when its ``Dealer`` tag is left out."""
        trial = self.record.model_copy(
            update={"hands": [*self.record.hands, Hand(tags=[], rummy=RummyBody())]}
        )
        return replay_rummy(trial).deals[-1].dealer


def locate(session_id: int, logged: Sequence[LoggedEvent]) -> RummyPosition:
    """The position after the session's whole log."""
    state = LogState.of(logged)
    record = state.record()
    rules = RummyRules.resolve(record.rules)
    game = replay_rummy(record)
    effective = effective_events(logged)
    lines = tuple(
        EnteredLine(entry.seq, entry.hand, entry.event.part, entry.event.content)
        for entry in effective
        if isinstance(entry.event, RummyLineWritten)
    )
    number = len(record.hands)
    named = {
        entry.event.seat
        for entry in effective
        if isinstance(entry.event, RummyWinnerNamed) and entry.hand == number
    }
    seats = _standings(game, rules, record, lines, named, number)
    body = record.hands[-1].rummy if record.hands and record.hands[-1].rummy else RummyBody()
    deal = game.deals[-1] if game.deals else None
    joker = body.joker.card if body.joker is not None else None
    return RummyPosition(
        session_id=session_id,
        record=record,
        game=game,
        rules=rules,
        phase=_phase(game, body, seats),
        deal_number=number,
        dealer=deal.dealer if deal is not None else len(record.players),
        joker=joker,
        seats=seats,
        lines=lines,
        undoable=state.undoable,
        hand_open=state.hand_open,
    )


def settles(position: RummyPosition, events: Sequence[Event]) -> bool:
    """Whether ``events`` settle the open deal (every seat playing has its outcome, the deal is
    void, or the table has its winner): the engine's verdict on the deal as the tap would leave
    it."""
    if not position.record.hands or not position.hand_open:
        return False
    record = with_events(position.record, events)
    game = replay_rummy(record)
    body = record.hands[-1].rummy or RummyBody()
    seats = _standings(game, position.rules, record, (), set(), len(record.hands))
    return _phase(game, body, seats) in ("complete", "ended")


def _standings(
    game: RummyGame,
    rules: RummyRules,
    record: Record,
    lines: Sequence[EnteredLine],
    named: set[int],
    number: int,
) -> tuple[SeatStanding, ...]:
    names = record.players
    deal = game.deals[-1] if game.deals else None
    before = game.deals[-2].out if len(game.deals) > 1 else []
    rejoined = deal.rejoined if deal is not None else []
    out_now = deal.out if deal is not None else []
    totals = deal.totals if deal is not None else {}
    standings = []
    for seat, name in enumerate(names, start=1):
        total = totals.get(name, 0)
        playing = (name not in before or name in rejoined) and not (deal and deal.void)
        first = next(
            (
                line
                for line in lines
                if line.hand == number and line.outcome and line.outcome.seat == seat
            ),
            None,
        )
        standing: Standing = (
            "out" if name in out_now else "compel" if rules.compelled(total) else "in"
        )
        standings.append(
            SeatStanding(
                seat=seat,
                name=name,
                total=total,
                standing=standing,
                playing=playing,
                outcome=deal.outcomes.get(name) if deal is not None else None,
                line=first,
                named_winner=seat in named,
                rejoins=game.rejoins.get(name, 0),
            )
        )
    return tuple(standings)


def _phase(game: RummyGame, body: RummyBody, seats: Sequence[SeatStanding]) -> RummyPhase:
    if game.winner is not None:
        return "ended"
    if body.redeal is not None:
        return "complete"
    if body.joker is None:
        return "joker"
    if all(standing.outcome is not None for standing in seats if standing.playing):
        return "complete"
    return "outcomes"


def _has_lines(body: RummyBody) -> bool:
    return bool(
        body.rejoin or body.joker or body.open or body.deals or body.turns or body.outcomes
    ) or bool(body.redeal or body.penalties)


def _with_last_body(record: Record, **update: object) -> Record:
    """The record with its open deal's body changed (a trial the engine is asked about)."""
    last = record.hands[-1]
    body = (last.rummy or RummyBody()).model_copy(update=update)
    hands = [*record.hands[:-1], last.model_copy(update={"rummy": body})]
    return record.model_copy(update={"hands": hands})
