"""Where a recording stands, derived from the archive's log on every page run.

The log is folded to a ``Record`` and the open hand replayed by the engine: whose call it is comes
from the game's calling system, whose card from the engine's table state. Nothing but the log
decides it, so a reload, a closed tab or a restarted server finds exactly the same place; what the
events before have settled is kept per session (``dashboard.recording.live``), so that a run
derives only what the new events change.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, cast

from dashboard.recording.live import Drawn, LiveSession, StandingTurn
from recorder.archive import Event, HandEnded, LoggedEvent, Redealt
from recorder.archive.fold import with_events
from recorder.cards import Card
from recorder.games import GAMES, GameSpec
from recorder.house_rules import resolve_rules
from recorder.model import Hand, Record, RedealReason, Tag
from replay.findings import so_far
from replay.tricks import GAME_RULES, Finding, HandReplay, TableState, replay_hand
from replay.tricks.calling import CallingRun
from replay.tricks.knowledge import Knowledge
from replay.tricks.outcome import HandResult
from replay.tricks.scoring import SessionScore, score_session

Phase = Literal["calling", "trump", "play", "over", "closed"]
"""``calling``, ``trump`` (the face-down card), ``play``; ``over`` when the hand has ended (the
tap that ended its play wrote its end too; a hand of an older log may still be open then);
``closed`` before the first hand."""


@dataclass(frozen=True)
class Position:
    """One recording at one moment: the hand, the phase, whose turn it is and what the engine
    has judged so far."""

    session_id: int
    record: Record
    spec: GameSpec
    phase: Phase
    hand_number: int
    """The open (or last) hand's number; 0 before the first hand."""
    dealer: int
    """The dealer of the open (or last) hand; the engine's default before the first hand."""
    seat: int | None
    """Whose turn it is: to call, to put the card down, to play; ``None`` when nobody's."""
    trick: int
    """The trick the next card belongs to."""
    played: frozenset[Card]
    replay: HandReplay | None
    turns: tuple[StandingTurn, ...]
    undoable: int
    """How many events an undo could still cancel."""
    results: tuple[HandResult, ...] = ()
    """Every hand's result as the engine has judged it so far (the open hand's too)."""
    hand_open: bool = True
    """Whether the last hand is still open in the log (its end not written)."""

    @property
    def players(self) -> int:
        return self.spec.players

    @property
    def names(self) -> list[str]:
        """Seat names from the ``Players`` tag, ``Seat n`` where it gives none."""
        names = list(self.record.players)
        return [names[i] if i < len(names) else f"Seat {i + 1}" for i in range(self.players)]

    @property
    def state(self) -> TableState | None:
        """The engine's table after the latest event of the hand."""
        if self.replay is None or not self.replay.steps:
            return None
        return self.replay.steps[-1].state

    @property
    def findings(self) -> list[Finding]:
        """Everything the engine has proven about the hand so far; that the record stops early
        (``unfinished-hand``) is news only once the hand is over."""
        if self.replay is None:
            return []
        live = self.phase in ("calling", "trump", "play")
        return so_far(self.replay.findings) if live else self.replay.findings

    @property
    def current_trick(self) -> list[tuple[int, Card | None]]:
        """The cards of the trick being played (or the last one finished), in order."""
        hand = self.hand
        if hand is None or not hand.tricks:
            return []
        return [(turn.seat or 0, turn.card) for turn in hand.tricks[-1].turns]

    @property
    def following_dealer(self) -> int:
        """Who deals the next hand, as the rules give it."""
        return next_dealer(self.record) if self.record.hands else self.dealer

    @property
    def hand(self) -> Hand | None:
        return self.record.hands[-1] if self.record.hands else None

    def score(self) -> SessionScore:
        """The session score over every hand the engine has finished."""
        results = [result for result in self.results if result.outcome != "unfinished"]
        return score_session(self.record, results)


def locate(session_id: int, logged: Sequence[LoggedEvent]) -> Position:
    """The position a session's log describes (the log as ``Archive.events`` gives it)."""
    return position_of(session_id, LiveSession().advance(logged).drawn())


def position_of(session_id: int, drawn: Drawn) -> Position:
    """The position of a session as its events so far make it (``LiveSession.drawn``)."""
    record, replayed, results = drawn.record, drawn.replay, drawn.results
    spec = GAMES[record.game]
    if replayed is None:
        return _closed(session_id, record, spec, 0, spec.players, drawn.undoable, results)
    phase, seat, trick = _turn(record, replayed) if drawn.hand_open else ("over", None, 0)
    played = frozenset(
        turn.card for trick_line in replayed.hand.tricks for turn in trick_line.turns if turn.card
    )
    return Position(
        session_id=session_id,
        record=record,
        spec=spec,
        phase=phase,
        hand_number=replayed.number,
        dealer=replayed.dealer,
        seat=seat,
        trick=trick,
        played=played,
        replay=replayed,
        turns=drawn.turns,
        undoable=drawn.undoable,
        results=results,
        hand_open=drawn.hand_open,
    )


def hand_end(position: Position, events: Sequence[Event]) -> tuple[Event, ...]:
    """What ``events`` bring with them when they end the play of the open hand (its last card,
    a redeal, ``*``, the last pass of a calling nobody won): the hand's end, after the redeal the
    game's rules give a calling nobody won (``all-passed`` in 29); nothing while the hand goes
    on. The engine's verdict on the hand as the tap would leave it."""
    if position.hand is None or not position.hand_open:
        return ()
    record = with_events(position.record, events)
    replayed = replay_hand(record, len(record.hands) - 1)
    if _turn(record, replayed)[0] != "over":
        return ()
    hand = record.hands[-1]
    if hand.redeal is None and not hand.tricks and replayed.result.caller is None:
        reason = cast(RedealReason, GAME_RULES[record.game].no_call_reason)
        return Redealt(reason=reason), HandEnded(joined=len(events) + 1)
    return (HandEnded(joined=len(events)),)


def next_dealer(record: Record) -> int:
    """The dealer of the hand after the last one, as the engine settles it (RULES.md §8)."""
    number = len(record.hands) + 1
    following = Hand(tags=[Tag(name="Hand", value=str(number))])
    extended = record.model_copy(update={"hands": [*record.hands, following]})
    return replay_hand(extended, number - 1, steps=False).dealer


def _closed(
    session_id: int,
    record: Record,
    spec: GameSpec,
    number: int,
    dealer: int,
    undoable: int,
    results: tuple[HandResult, ...],
) -> Position:
    return Position(
        session_id,
        record,
        spec,
        "closed",
        number,
        dealer,
        None,
        0,
        frozenset(),
        None,
        (),
        undoable,
        results,
    )


def _turn(record: Record, replayed: HandReplay) -> tuple[Phase, int | None, int]:
    """The phase of an open hand, whose turn it is and the trick the next card goes to."""
    hand = replayed.hand
    steps = replayed.steps or []
    if hand.redeal is not None:
        return "over", None, 0
    if not hand.tricks:
        speaker = _next_speaker(record, replayed)
        if speaker is not None:
            return "calling", speaker, 1
    if steps and steps[-1].state.over:
        return "over", None, 0
    if not hand.tricks:
        if replayed.result.caller is None:
            return "over", None, 0
        if hand.trump is None and replayed.result.special is None:
            return "trump", replayed.result.caller, 1
    if not steps:
        return "play", None, 1
    # The engine's last step closes the trick written last; the step before it is the moment
    # after the latest card, which knows who follows within an unfinished trick.
    end = steps[-1].state
    if end.trick > 0 and len(end.trick_plays) < end.players:
        before = steps[-2].state if len(steps) > 1 else end
        return "play", before.to_play, end.trick
    return "play", end.to_lead, end.trick + 1


def _next_speaker(record: Record, replayed: HandReplay) -> int | None:
    """Who speaks next in the calling, by the game's own calling system (``None``: it is over)."""
    return calling_so_far(record, replayed).expected()


def calling_so_far(record: Record, replayed: HandReplay) -> CallingRun:
    """The open hand's calls followed by the calling system its house rules choose."""
    rules = GAME_RULES[record.game]
    switches = resolve_rules(record.game, record.rules)
    spec = rules.spec
    knowledge = Knowledge(rules.card_table(switches), spec.players, spec.hand_size)
    first = replayed.dealer % spec.players + 1
    calling = rules.calling_for(switches).start(
        first, spec.players, rules.min_bid(switches), knowledge
    )
    bids = replayed.hand.bidding.bids if replayed.hand.bidding is not None else []
    for bid in bids:
        if 1 <= bid.seat <= spec.players:
            calling.speak(bid.seat, bid.call)
    return calling
