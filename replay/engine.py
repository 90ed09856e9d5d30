"""The rules engine's entry points: replay a session or one hand of a ``Record`` (pure, no I/O).

``replay_session`` judges every hand and gives its findings, its result for scoring and, when
asked, a step (event and table snapshot) for every call, card and action. The game's rules are
looked up by name in ``GAME_RULES``; a record the model allows never makes the engine raise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from recorder.house_rules import resolve_rules
from recorder.model import Hand, Record
from replay.deck import CARDS, SUITS
from replay.findings import Finding
from replay.games import GAME_RULES, GameRules
from replay.opening import judge_calling, put_down_trump, read_cards
from replay.outcome import (
    HandResult,
    Outcome,
    Penalty,
    Undertaking,
    UndertakingEnd,
    UndertakingKind,
)
from replay.play import play_tricks
from replay.run import HandRun, SessionRules, TrickRecord
from replay.state import Play, Step, TrickSummary
from replay.verdict import conclude, judge_redeal


@dataclass(frozen=True)
class HandReplay:
    """One hand replayed: its result, findings, tricks and (when asked) steps."""

    index: int
    """Position in ``record.hands``."""
    number: int
    hand: Hand
    dealer: int
    result: HandResult
    findings: list[Finding]
    steps: list[Step] | None = None
    seats: list[list[int | None]] = field(default_factory=list)
    """The seat of every turn, as written or worked out (``normalize`` writes them back)."""
    trick_records: tuple[TrickRecord, ...] = field(default=(), repr=False, compare=False)
    """The tricks as the replay left them; read them as ``tricks``."""

    @cached_property
    def tricks(self) -> list[TrickSummary]:
        """Every trick replayed: leader, plays, winner, points, the reveal (built when asked)."""
        return [_summary(trick) for trick in self.trick_records]


@dataclass(frozen=True)
class SessionReplay:
    """Every hand of a record replayed, with the resolved house rules and all findings in order."""

    record: Record
    rules: dict[str, str]
    hands: list[HandReplay]
    findings: list[Finding]


def replay_session(
    record: Record, overrides: dict[str, str] | None = None, *, steps: bool = False
) -> SessionReplay:
    """Replay every hand of ``record`` in order; ``overrides`` replace the file's ``Rules``."""
    switches = resolve_rules(record.game, record.rules, overrides)
    rules = GAME_RULES.get(record.game)
    hands: list[HandReplay] = []
    if rules is not None:
        session = SessionRules(rules, switches, record.players)
        dealer: int | None = None
        previous: HandReplay | None = None
        for index in range(len(record.hands)):
            dealer = _dealer(record, index, rules, dealer, previous)
            previous = _replay(record, index, session, dealer, steps)
            hands.append(previous)
    findings = [finding for hand in hands for finding in hand.findings]
    return SessionReplay(record, switches, hands, findings)


def replay_hand(
    record: Record, index: int, overrides: dict[str, str] | None = None, *, steps: bool = True
) -> HandReplay:
    """Replay the hand at ``index`` in ``record.hands`` (earlier hands only settle its dealer)."""
    hand = record.hands[index]
    switches = resolve_rules(record.game, record.rules, overrides)
    rules = GAME_RULES.get(record.game)
    if rules is None:
        return _unknown_game(hand, index)
    session = SessionRules(rules, switches, record.players)
    dealer: int | None = None
    previous: HandReplay | None = None
    for earlier in range(index):
        dealer = _dealer(record, earlier, rules, dealer, previous)
        needs_result = rules.redeal_same_dealer and record.hands[earlier + 1].dealer is None
        previous = _replay(record, earlier, session, dealer, False) if needs_result else None
    dealer = _dealer(record, index, rules, dealer, previous)
    return _replay(record, index, session, dealer, steps)


def _dealer(
    record: Record,
    index: int,
    rules: GameRules,
    previous_dealer: int | None,
    previous: HandReplay | None,
) -> int:
    players = rules.spec.players
    written = record.hands[index].dealer
    if written is not None and 1 <= written <= players:
        return written
    if previous_dealer is None:
        return players
    again = previous is not None and previous.result.outcome in ("redeal", "void")
    if again and rules.redeal_same_dealer:
        return previous_dealer
    return previous_dealer % players + 1


def _replay(
    record: Record, index: int, session: SessionRules, dealer: int, steps: bool
) -> HandReplay:
    hand = record.hands[index]
    run = _run(record, index, session, dealer, steps, None)
    if run.missing_seats:
        run = _run(record, index, session, dealer, steps, run.filled)
    outcome, points = conclude(run)
    run.step("end", None, None, "*" if run.star else "", hand.tricks[-1] if hand.tricks else hand)
    findings = list(run.report.findings)
    result = HandResult(
        hand=run.number,
        dealer=dealer,
        caller=run.caller,
        call=run.call,
        trump=SUITS[run.trump_suit] if run.trump_suit is not None else None,
        special=run.special,
        target=run.target(),
        callers_points=points,
        outcome=outcome,
        penalties=_penalties(record, hand),
        findings=tuple(findings),
        all_tricks=run.caller_team is not None and run.tricks_won[run.caller_team] == run.hand_size,
        undertakings=_undertakings(run, outcome),
    )
    return HandReplay(
        index=index,
        number=run.number,
        hand=hand,
        dealer=dealer,
        result=result,
        findings=findings,
        trick_records=tuple(run.tricks),
        steps=run.steps,
        seats=run.filled,
    )


def _run(
    record: Record,
    index: int,
    session: SessionRules,
    dealer: int,
    steps: bool,
    seats: Sequence[Sequence[int | None]] | None,
) -> HandRun:
    hand = record.hands[index]
    number = hand.number or index + 1
    run = HandRun(record, hand, number, session, dealer, steps)
    read_cards(run, seats)
    run.step("deal", None, None, "", hand)
    judge_calling(run)
    put_down_trump(run)
    judge_redeal(run)
    play_tricks(run, seats)
    return run


def _undertakings(run: HandRun, outcome: Outcome) -> tuple[Undertaking, ...]:
    """What was undertaken in the hand and how it ended, naming the seat that said it."""
    ended: UndertakingEnd = "kept" if outcome == "made" else "lost" if outcome == "lost" else "open"
    said: list[Undertaking] = []
    if run.special == "thani" and run.caller is not None:
        said.append(Undertaking("thani", run.caller, "thani", None, ended))
    for seat, token, trick in run.said:
        kind: UndertakingKind = "jodi" if token.startswith("jodi") else "kot"
        end: UndertakingEnd = "refused" if token.endswith("=no") else ended
        said.append(Undertaking(kind, seat, token, trick, end))
    if run.special == "marukott":
        said.append(Undertaking("marukott", None, "marukott", None, "kept"))
    if run.pair_by is not None:
        after = next((p.after_trick for p in run.hand.pairs if p.seat == run.pair_by), None)
        said.append(Undertaking("pair", run.pair_by, f"pair {run.pair_by}", after, "declared"))
    return tuple(said)


def _summary(trick: TrickRecord) -> TrickSummary:
    return TrickSummary(
        number=trick.number,
        leader=trick.leader,
        plays=tuple(
            _new_play(Play, (seat, CARDS[card] if card is not None else None, counted))
            for seat, card, counted in trick.plays
        ),
        winner=trick.winner,
        points=trick.points,
        revealed=trick.revealed,
        revealed_by=trick.revealed_by,
    )


_new_play = tuple.__new__


def _penalties(record: Record, hand: Hand) -> tuple[Penalty, ...]:
    if not hand.penalties:
        return ()
    teams = [team.lower() for team in record.teams]
    return tuple(
        Penalty(teams.index(line.team.lower()), line.points, line.reason)
        for line in hand.penalties
        if line.team.lower() in teams[:2]
    )


def _unknown_game(hand: Hand, index: int) -> HandReplay:
    dealer = hand.dealer or 0
    result = HandResult(hand.number, dealer, None, None, None, None, None, None, "unfinished")
    return HandReplay(index, hand.number, hand, dealer, result, [])
