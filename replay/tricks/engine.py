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
from replay.findings import Finding
from replay.tricks.deck import CARDS, SUITS
from replay.tricks.games import GAME_RULES, GameRules
from replay.tricks.opening import judge_calling, put_down_trump, read_cards, seats_written
from replay.tricks.outcome import (
    HandResult,
    Outcome,
    Penalty,
    Undertaking,
    UndertakingEnd,
    UndertakingKind,
)
from replay.tricks.play import play_tricks
from replay.tricks.run import HandRun, SessionRules, TrickRecord
from replay.tricks.state import Play, Step, TrickSummary
from replay.tricks.verdict import conclude, judge_redeal


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
    replayer = SessionReplayer(record, overrides, steps=steps)
    hands: list[HandReplay] = []
    if replayer.known:
        hands = [replayer.replay(hand) for hand in record.hands]
    findings = [finding for hand in hands for finding in hand.findings]
    return SessionReplay(record, replayer.switches, hands, findings)


class SessionReplayer:
    """Replays a session's hands one at a time, in order, keeping only what the next hand needs
    (the dealer and the hand before): ``thuruppu check`` of a file read one hand at a time.

    ``record`` gives the session's tags (its hands are not read); each hand passed to ``replay``
    (or to ``seat``) is the next one of the session. ``seat`` fills a hand's seats as ``normalize``
    does, replaying only what that needs: a hand with a turn whose seat is left out, and the hand
    before one whose dealer depends on how that hand ended.
    """

    def __init__(
        self, record: Record, overrides: dict[str, str] | None = None, *, steps: bool = False
    ) -> None:
        self.record = record
        self.switches = resolve_rules(record.game, record.rules, overrides)
        self.rules = GAME_RULES.get(record.game)
        self.steps = steps
        self.index = 0
        self._session = (
            SessionRules(self.rules, self.switches, record.players) if self.rules else None
        )
        self._dealer: int | None = None
        self._previous: HandReplay | None = None
        self._unreplayed: tuple[Hand, int] | None = None
        """The hand before when ``seat`` did not replay it, and its dealer."""

    @property
    def known(self) -> bool:
        """Whether the engine knows the game (an unknown game's hands are not replayed)."""
        return self._session is not None

    def replay(self, hand: Hand) -> HandReplay:
        """The next hand of the session replayed (its index counts the hands given so far)."""
        assert self.rules is not None and self._session is not None, "an unknown game"
        self._dealer = _dealer(hand.dealer, self.rules, self._dealer, self._previous)
        replayed = _replay(self.record, hand, self.index, self._session, self._dealer, self.steps)
        self._previous = replayed
        self.index += 1
        return replayed

    def seat(self, hand: Hand) -> Hand:
        """The next hand with every turn's seat filled where the record allows (``normalize``)."""
        rules, session = self.rules, self._session
        if rules is None or session is None:
            return hand
        written = hand.dealer
        if self._unreplayed is not None and _needs_previous(written, rules, self._dealer):
            earlier, dealer = self._unreplayed
            self._previous = _replay(self.record, earlier, self.index - 1, session, dealer, False)
        self._dealer = dealer = _dealer(written, rules, self._dealer, self._previous)
        self.index += 1
        if seats_written(hand):
            self._previous, self._unreplayed = None, (hand, dealer)
            return hand
        replayed = _replay(self.record, hand, self.index - 1, session, dealer, False)
        self._previous, self._unreplayed = replayed, None
        return with_seats(hand, replayed.seats)


def with_seats(hand: Hand, seats: list[list[int | None]]) -> Hand:
    """The hand with the seats a replay worked out written into the turns that leave it out."""
    tricks = []
    for index, trick in enumerate(hand.tricks):
        filled = seats[index] if index < len(seats) else []
        turns = [
            turn.model_copy(update={"seat": filled[place]})
            if turn.seat is None and place < len(filled)
            else turn
            for place, turn in enumerate(trick.turns)
        ]
        tricks.append(trick.model_copy(update={"turns": turns}))
    return hand.model_copy(update={"tricks": tricks})


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
        earlier_hand = record.hands[earlier]
        dealer = _dealer(earlier_hand.dealer, rules, dealer, previous)
        needs_result = rules.redeal_same_dealer and record.hands[earlier + 1].dealer is None
        previous = (
            _replay(record, earlier_hand, earlier, session, dealer, False) if needs_result else None
        )
    dealer = _dealer(hand.dealer, rules, dealer, previous)
    return _replay(record, hand, index, session, dealer, steps)


def _dealer(
    written: int | None,
    rules: GameRules,
    previous_dealer: int | None,
    previous: HandReplay | None,
) -> int:
    players = rules.spec.players
    if written is not None and 1 <= written <= players:
        return written
    if previous_dealer is None:
        return players
    again = previous is not None and previous.result.outcome in ("redeal", "void")
    if again and rules.redeal_same_dealer:
        return previous_dealer
    return previous_dealer % players + 1


def _needs_previous(written: int | None, rules: GameRules, previous_dealer: int | None) -> bool:
    """Whether ``_dealer`` looks at how the hand before ended."""
    if written is not None and 1 <= written <= rules.spec.players:
        return False
    return previous_dealer is not None and rules.redeal_same_dealer


def _replay(
    record: Record, hand: Hand, index: int, session: SessionRules, dealer: int, steps: bool
) -> HandReplay:
    run = _run(record, hand, index, session, dealer, steps, None)
    if run.missing_seats:
        run = _run(record, hand, index, session, dealer, steps, run.filled)
    outcome, points = conclude(run)
    if run.steps is not None:
        last = hand.tricks[-1] if hand.tricks else hand
        run.step("end", None, None, "*" if run.star else "", last)
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
    hand: Hand,
    index: int,
    session: SessionRules,
    dealer: int,
    steps: bool,
    seats: Sequence[Sequence[int | None]] | None,
) -> HandRun:
    number = hand.number or index + 1
    run = HandRun(record, hand, number, session, dealer, steps)
    read_cards(run, seats)
    if run.steps is not None:
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
