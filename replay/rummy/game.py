"""A Rummy game replayed deal by deal (RUMMY.md §6): totals, out past the limit, re-entries with
their score and every refusal, the dealers, the table's winner and the finishing order.

``replay_rummy`` never raises on a record the model allows: every rule broken is a finding.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from recorder.model import Hand, Record, parse_pairs
from replay.rummy.deal import DealVerdict, judge_deal
from replay.rummy.report import Reporter
from replay.rummy.results import RummyDeal, RummyGame
from replay.rummy.table_rules import RummyRules
from replay.rummy.turns import TurnStep


@dataclass
class _Table:
    """The game's running state between deals."""

    seats: int
    totals: dict[int, int]
    out: set[int] = field(default_factory=set)
    out_in_deal: dict[int, int] = field(default_factory=dict)
    """The deal (its position) each player last went out in."""
    rejoins: dict[int, int] = field(default_factory=dict)
    ended: bool = False

    @property
    def in_game(self) -> list[int]:
        return [seat for seat in range(1, self.seats + 1) if seat not in self.out]


def replay_rummy(record: Record, rules: dict[str, str] | None = None) -> RummyGame:
    """Replay every deal of a Rummy record in order; ``rules`` override the file's Rules tag."""
    table_rules = RummyRules.resolve(record.rules, rules)
    names = record.players
    report = Reporter(names)
    table = _Table(len(names), _starting_totals(record, names))
    for seat in table.in_game:
        if table.totals[seat] > table_rules.limit:
            table.out.add(seat)
            table.out_in_deal[seat] = -1
    table.ended = len(table.in_game) <= 1
    deals: list[RummyDeal] = []
    steps: dict[int, list[TurnStep]] = {}
    dealer: int | None = None
    void_before = False
    for index, hand in enumerate(record.hands):
        report.hand = hand.number or index + 1
        rejoined = _rejoin(hand, table, table_rules, report)
        dealer = _dealer(hand, table, dealer, void_before, rejoined, report)
        playing = [] if table.ended else table.in_game
        verdict = judge_deal(hand, playing, table_rules, report)
        if verdict.turns is not None and verdict.turns.steps:
            steps[index] = verdict.turns.steps
        void = table.ended or (hand.rummy is not None and hand.rummy.redeal is not None)
        if not void:
            _score(hand, verdict, table, table_rules, index, report)
        void_before = void and not table.ended
        deals.append(_deal_entry(hand, index, dealer, verdict, table, names, rejoined, void))
    standing = _standing(table, len(record.hands))
    winner = names[table.in_game[0] - 1] if table.ended and table.in_game else None
    rejoins = {names[seat - 1]: table.rejoins.get(seat, 0) for seat in range(1, len(names) + 1)}
    order = [names[seat - 1] for seat in standing]
    return RummyGame(report.findings, deals, winner, order, rejoins, record, steps)


def _starting_totals(record: Record, names: list[str]) -> dict[int, int]:
    tag = record.tag("Totals")
    written = parse_pairs(tag.value) if tag else {}
    totals = {seat: 0 for seat in range(1, len(names) + 1)}
    for seat, name in enumerate(names, start=1):
        value = written.get(name, "0")
        if value.lstrip("-").isdigit():
            totals[seat] = int(value)
    return totals


def _rejoin(hand: Hand, table: _Table, rules: RummyRules, report: Reporter) -> int | None:
    """Apply a ``rejoin`` line (RUMMY.md §6); the seat that re-entered, or ``None``."""
    line = hand.rummy.rejoin if hand.rummy is not None else None
    if line is None:
        return None
    seat = line.seat
    who = report.who(seat)
    still_in = table.in_game
    reason = None
    if table.ended:
        reason = "the game has already ended"
    elif seat not in table.out:
        reason = f"{report.player(seat)} is not out of the game"
    elif table.rejoins.get(seat, 0) >= rules.rejoins:
        reason = f"{report.player(seat)} has already re-entered {rules.rejoins} times"
    elif still_in and all(rules.compelled(table.totals[s]) for s in still_in):
        totals = ", ".join(f"{report.player(s)} {table.totals[s]}" for s in still_in)
        reason = f"every player still in is in compel state (above {rules.limit - 25}: {totals})"
    if reason is not None:
        report.add("rejoin-not-allowed", seat, line, f"{who} may not re-enter: {reason}")
        return None
    highest = max((table.totals[s] for s in still_in), default=0)
    table.totals[seat] = min(highest + rules.rejoin_plus, rules.limit)
    table.out.discard(seat)
    table.rejoins[seat] = table.rejoins.get(seat, 0) + 1
    return seat


def _dealer(
    hand: Hand,
    table: _Table,
    previous: int | None,
    void_before: bool,
    rejoined: int | None,
    report: Reporter,
) -> int:
    """The shuffler: as written, else the re-entrant, the same after a void deal, or the next in."""
    written = hand.dealer
    if written is not None and 1 <= written <= table.seats:
        if rejoined is not None and written != rejoined:
            message = (
                f"{report.who(written)} shuffles after {report.who(rejoined)} re-entered "
                "(the re-entrant shuffles)"
            )
            report.add("dealer-after-rejoin", written, hand, message)
        return written
    if rejoined is not None:
        return rejoined
    if previous is None:
        return table.seats
    if void_before:
        return previous
    for step in range(1, table.seats + 1):
        seat = (previous - 1 + step) % table.seats + 1
        if seat not in table.out:
            return seat
    return previous


def _score(
    hand: Hand,
    verdict: DealVerdict,
    table: _Table,
    rules: RummyRules,
    index: int,
    report: Reporter,
) -> None:
    """Add the deal's points and penalties; players past the limit go out; one left wins."""
    for seat, outcome in verdict.outcomes.items():
        table.totals[seat] += outcome.points
    body = hand.rummy
    for penalty in body.penalties if body is not None else []:
        if penalty.seat in table.out:
            message = f"a penalty for {report.who(penalty.seat)}, who is out of the game"
            report.add("played-while-out", penalty.seat, penalty, message)
            continue
        table.totals[penalty.seat] += penalty.points
    for seat in table.in_game:
        if table.totals[seat] > rules.limit:
            table.out.add(seat)
            table.out_in_deal[seat] = index
    if len(table.in_game) <= 1:
        table.ended = True


def _deal_entry(
    hand: Hand,
    index: int,
    dealer: int,
    verdict: DealVerdict,
    table: _Table,
    names: list[str],
    rejoined: int | None,
    void: bool,
) -> RummyDeal:
    body = hand.rummy
    joker = body.joker.card.code if body is not None and body.joker is not None else None
    return RummyDeal(
        hand=hand.number or index + 1,
        dealer=dealer,
        joker=joker,
        winner=names[verdict.winner - 1] if verdict.winner and not void else None,
        outcomes={} if void else {names[s - 1]: o for s, o in sorted(verdict.outcomes.items())},
        totals={names[seat - 1]: table.totals[seat] for seat in range(1, table.seats + 1)},
        out=[names[seat - 1] for seat in sorted(table.out)],
        rejoined=[names[rejoined - 1]] if rejoined is not None else [],
        void=void,
    )


def _standing(table: _Table, deals: int) -> list[int]:
    """The finishing order (RUMMY.md §6): the players still in by total, then those out by the
    deal they last went out in (latest first), the lower total, fewer re-entries, the lower seat."""
    still_in = sorted(table.in_game, key=lambda seat: (table.totals[seat], seat))
    out = sorted(
        table.out,
        key=lambda seat: (
            -table.out_in_deal.get(seat, -1),
            table.totals[seat],
            table.rejoins.get(seat, 0),
            seat,
        ),
    )
    return still_in + out
