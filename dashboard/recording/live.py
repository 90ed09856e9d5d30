"""Where each session being recorded stands, kept for the whole server and advanced by the events
logged since it was last read, so that a tap costs the same at the last hand of a match as at the
first.

Deriving the position from scratch (``LogState.of`` the whole log, the whole record checked into
the model, every hand replayed for the score, the whole TGN written for the export) grew with every
event recorded. ``LiveSession`` keeps what the events so far have settled: the folded log
(``LogState``, advanced in place by each new event), the session's tags and every hand but the
last as checked model nodes, each of those hands' replayed result and TGN lines, and the engine's
dealer state after them (``SessionReplayer``). A new event costs the hand being played only: it
is checked into the model, replayed with its steps, and the score adds its result to the kept
ones.

The log only grows, and the archive reads only the events after those it has (``Archive.events``),
so a write from another device or another server process on the same archive is simply the next
events here. An event that changes the past (an undo, a correction, a director's rewrite or tag, a
comment, which may land on an earlier line) folds the log again from its start and drops what was
kept: it costs what every tap used to. ``LiveSessions`` holds one ``LiveSession`` per session,
the most recently used ``LIMIT``, each advanced under its own lock; it keeps no ``Position``
(made afresh for each caller from the kept parts), so nothing of a page outlives its run.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from dashboard.recording.watched import PublicSession, public_session
from recorder.archive import (
    Archive,
    LoggedEvent,
    TurnPlayed,
)
from recorder.archive.events import HAND_KINDS
from recorder.archive.fold import LogState, effective_events
from recorder.cards import Card
from recorder.model import Hand, Record, Tag
from recorder.tgn.writer import hand_writer, head_lines
from replay.tricks import HandReplay
from replay.tricks.engine import SessionReplayer
from replay.tricks.outcome import HandResult

LIMIT = 64
"""Sessions kept at once: a day's tables and their projectors, with room to spare."""

LAST_HAND_KINDS = HAND_KINDS | {"hand"}
"""The events that change nothing but the latest hand (or start a new one): anything else may
change an earlier line, so what was kept of the hands before is made again."""


@dataclass(frozen=True)
class StandingTurn:
    """A turn the log holds now (undos and corrections applied): what a correction can name."""

    seq: int
    trick: int
    seat: int | None
    card: Card | None


@dataclass(frozen=True)
class Settled:
    """A hand that is no longer the last one: checked, replayed and written once."""

    hand: Hand
    replay: HandReplay
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Drawn:
    """What the events so far make of the session: its record, the last hand replayed with its
    steps, every hand's result and the turns of the last hand."""

    record: Record
    replay: HandReplay | None
    results: tuple[HandResult, ...]
    turns: tuple[StandingTurn, ...]
    undoable: int
    hand_open: bool


class LiveSession:
    """One session's log as far as it has been read, folded, and what its hands before the last
    have settled (see the module's docstring)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.log: list[LoggedEvent] = []
        self.state = LogState()
        self._forget()

    def _forget(self) -> None:
        """Drop everything derived from the events (the folded state is kept)."""
        self._tags: list[Tag] | None = None
        self._settled: list[Settled] = []
        self._replayer: SessionReplayer | None = None
        self._turns: list[tuple[int, StandingTurn]] | None = None
        self._drawn: tuple[int, Drawn] | None = None

    def advance(self, logged: Sequence[LoggedEvent]) -> LiveSession:
        """Take in the events of ``logged`` (the session's whole log as read now) that were not
        seen yet; a log that is not the one seen so far (another archive) is taken afresh."""
        seen = len(self.log)
        if len(logged) < seen or (seen and logged[seen - 1] != self.log[-1]):
            self.log, self.state = [], LogState()
            self._forget()
            seen = 0
        for entry in logged[seen:]:
            self.log.append(entry)
            before = self.state
            self.state = before.add(entry, self.log)
            if self.state is not before or entry.event.kind not in LAST_HAND_KINDS:
                self._forget()
            elif self._turns is not None:
                self._follow_turns(entry)
        return self

    def _follow_turns(self, entry: LoggedEvent) -> None:
        """The turns of the hand being played, after one more event that changes only it."""
        assert self._turns is not None
        event = entry.event
        if event.kind == "hand":
            self._turns = []
        elif isinstance(event, TurnPlayed):
            turn = StandingTurn(entry.seq, event.trick, event.seat, event.card)
            self._turns.append((entry.hand, turn))

    def drawn(self) -> Drawn:
        """The record, the last hand replayed and the scores' results, as the events seen make
        them (made once per number of events)."""
        if self._drawn is not None and self._drawn[0] == len(self.log):
            return self._drawn[1]
        state = self.state
        record = self._record()
        replayed: HandReplay | None = None
        results: tuple[HandResult, ...] = ()
        if record.hands:
            replayer = self._replayer_after(record)
            last = copy.copy(replayer)
            last.steps = True
            replayed = last.replay(record.hands[-1])
            results = (*(settled.replay.result for settled in self._settled), replayed.result)
        if self._turns is None:
            self._turns = _standing_turns(self.log)
        count = len(record.hands)
        turns = tuple(turn for hand, turn in self._turns if hand == count)
        drawn = Drawn(
            record,
            replayed,
            results,
            turns,
            state.undoable,
            state.hand_open,
        )
        self._drawn = (len(self.log), drawn)
        return drawn

    def public(self) -> PublicSession:
        """The session as the room sees it, replayed and scored from the settled hands' replays
        and the last hand's (``watched``)."""
        drawn = self.drawn()
        settled = [settled.replay for settled in self._settled]
        return public_session(drawn.record, drawn.hand_open, settled, self._replayer)

    def tgn(self) -> str:
        """The session as canonical TGN text (``recorder.tgn.dumps``), the hands before the last
        written once."""
        record = self.drawn().record
        out = head_lines(record)
        for settled in self._settled:
            out.append("")
            out.extend(settled.lines)
        if record.hands:
            out.append("")
            out.extend(hand_writer(record.game)(record.hands[-1]))
        return "\n".join(out) + "\n"

    def _record(self) -> Record:
        """The record of the events seen: the kept tags and hands, the last hand checked anew."""
        state = self.state
        if self._tags is None:
            self._tags = [Tag.model_validate(tag) for tag in state.tags]
        drafts = state.hands
        if not drafts:
            return Record.build(tags=list(self._tags), after=list(state.pending))
        if len(self._settled) < len(drafts) - 1:
            self._settle(drafts[:-1])
        last = dict(drafts[-1])
        if state.pending:
            last["after"] = [*last["after"], *state.pending]
        hands = [settled.hand for settled in self._settled]
        return Record.build(tags=list(self._tags), hands=[*hands, Hand.model_validate(last)])

    def _settle(self, drafts: Sequence[dict[str, object]]) -> None:
        """Check, replay and write the hands that are no longer the last, in order."""
        assert self._tags is not None
        head = Record.build(tags=list(self._tags))
        replayer = self._replayer or SessionReplayer(head)
        write = hand_writer(head.game)
        for draft in drafts[len(self._settled) :]:
            hand = Hand.model_validate(draft)
            replayed = replayer.replay(hand)
            self._settled.append(Settled(hand, replayed, tuple(write(hand))))
        self._replayer = replayer

    def _replayer_after(self, record: Record) -> SessionReplayer:
        """The engine's replayer standing after the settled hands."""
        if self._replayer is None:
            self._replayer = SessionReplayer(Record.build(tags=record.tags))
        return self._replayer


class LiveSessions:
    """The live sessions of one server, the most recently used ``limit`` of them."""

    def __init__(self, limit: int = LIMIT) -> None:
        self._limit = limit
        self._held: OrderedDict[tuple[str, int], LiveSession] = OrderedDict()
        self._lock = threading.Lock()

    def session(self, archive: Archive, session_id: int) -> LiveSession:
        """The session's kept state, made the first time (its lock not taken)."""
        key = (archive.location, session_id)
        with self._lock:
            live = self._held.pop(key, None) or LiveSession()
            self._held[key] = live
            while len(self._held) > self._limit:
                self._held.popitem(last=False)
        return live

    def read(
        self, archive: Archive, session_id: int, logged: Sequence[LoggedEvent] | None = None
    ) -> tuple[Drawn, int]:
        """The session as its log stands in the archive now (``logged``, when just read), and
        how many events the log holds."""
        live = self.session(archive, session_id)
        with live.lock:
            log = archive.events(session_id) if logged is None else logged
            return live.advance(log).drawn(), len(log)

    def public(self, archive: Archive, session_id: int) -> PublicSession:
        """The session as the room sees it as its log stands in the archive now (``watched``)."""
        live = self.session(archive, session_id)
        with live.lock:
            return live.advance(archive.events(session_id)).public()

    def tgn(self, archive: Archive, session_id: int, events: int) -> str:
        """The session as canonical TGN text when its log held ``events`` events, or as it
        stands in the archive now if it has moved on since it was read."""
        live = self.session(archive, session_id)
        with live.lock:
            if len(live.log) != events:
                live.advance(archive.events(session_id))
            return live.tgn()

    def __len__(self) -> int:
        return len(self._held)


def _standing_turns(logged: Sequence[LoggedEvent]) -> list[tuple[int, StandingTurn]]:
    """Every turn the log holds now, with the number of the hand it belongs to."""
    return [
        (entry.hand, StandingTurn(entry.seq, event.trick, event.seat, event.card))
        for entry in effective_events(logged)
        if isinstance(event := entry.event, TurnPlayed)
    ]
