"""Folding a session's log into a ``Record``: undo and corrections first, then each event in turn.

Pure functions over events: the same log always folds to the same record, whichever database held
it. The record is built in plain dicts and validated into the model once at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from recorder.archive.events import (
    DIRECTOR_KINDS,
    ActionsChosen,
    ArchiveError,
    CallMade,
    CommentWritten,
    Corrected,
    DealSeen,
    Event,
    HandEnded,
    HandsRewritten,
    HandStarted,
    LoggedEvent,
    PairDeclared,
    PenaltyAwarded,
    Redealt,
    RummyLineCorrected,
    RummyLineWritten,
    RummyWinnerNamed,
    SessionCreated,
    SessionTagged,
    StarAgreed,
    TrickStarted,
    TrumpPlaced,
    TurnPlayed,
    Undone,
)
from recorder.cards import Card
from recorder.games import FAMILIES, GAMES, GameSpec, family_of
from recorder.model import Hand, Record, Tag
from recorder.tgn import read

Draft = dict[str, Any]
"""A record element under construction: the keyword arguments of its model class."""


def surviving_events(logged: Iterable[LoggedEvent]) -> list[LoggedEvent]:
    """The events no undo has cancelled, undos left out: each undo cancels the latest survivor,
    never the session's first event nor a director's event or anything before it."""
    return _survivors(logged)[0]


def _survivors(logged: Iterable[LoggedEvent]) -> tuple[list[LoggedEvent], int]:
    """The surviving events, and how many of them at the start no undo can reach. An undo of a
    hand's end written with the play's last event (``HandEnded.joined``) cancels that event
    too: one step, as it was written."""
    kept: list[LoggedEvent] = []
    floor = 1
    for entry in logged:
        if not isinstance(entry.event, Undone):
            kept.append(entry)
            if entry.event.kind in DIRECTOR_KINDS:
                floor = len(kept)
        elif len(kept) > floor:
            along = joined(kept.pop().event)
            while along and len(kept) > floor:
                kept.pop()
                along -= 1
    return kept, floor


def joined(event: Event) -> int:
    """How many events before ``event`` were written in one step with it (a hand's end and the
    play that ended it): an undo of it cancels them too."""
    return event.joined if isinstance(event, HandEnded) else 0


def effective_events(logged: Iterable[LoggedEvent]) -> list[LoggedEvent]:
    """The surviving events with corrections applied to the turns and Rummy lines they name (the
    latest correction of an event wins) and then left out."""
    kept = surviving_events(logged)
    corrections: dict[int, dict[str, Any]] = {}
    for entry in kept:
        if isinstance(entry.event, Corrected):
            corrections[entry.event.target] = {"card": entry.event.card}
        elif isinstance(entry.event, RummyLineCorrected):
            corrections[entry.event.target] = {"content": entry.event.content}
    return [
        _corrected(entry, corrections[entry.seq]) if entry.seq in corrections else entry
        for entry in kept
        if not isinstance(entry.event, Corrected | RummyLineCorrected)
    ]


def _corrected(entry: LoggedEvent, update: dict[str, Any]) -> LoggedEvent:
    event = entry.event.model_copy(update=update)
    return LoggedEvent(
        entry.session_id, entry.seq, entry.hand, entry.recorded_at, event, entry.who, entry.why
    )


@dataclass
class PlayedTurn:
    """Where an effective ``turn`` event's turn ended up: its hand (index) and its draft."""

    hand_index: int
    draft: Draft


@dataclass(frozen=True)
class RummyLine:
    """Where an effective ``rummy`` event's line is: its hand (index) and its part."""

    hand_index: int
    part: str


@dataclass
class LogState:
    """A session as its effective events make it so far: the record drafts plus what the checks
    need (the game, whether a hand is open, the turns by sequence number, the line last written)."""

    game: GameSpec | None = None
    """The trick game's facts (``None`` for Rummy, and before the session is created)."""
    family: str | None = None
    """The family of the session's game (``recorder.games.FAMILIES``); ``None`` before it."""
    game_name: str = ""
    """The session's ``Game`` tag as stored."""
    seats: int = 0
    tags: list[Draft] = field(default_factory=list)
    hands: list[Draft] = field(default_factory=list)
    pending: list[str] = field(default_factory=list)
    """Whole-line comments waiting for the next line."""
    hand_open: bool = False
    last_line: Draft | None = None
    turns: dict[int, PlayedTurn] = field(default_factory=dict)
    rummy_lines: dict[int, RummyLine] = field(default_factory=dict)
    """The effective Rummy lines by the sequence number of their event (what a correction names)."""
    undoable: int = 0
    """How many effective events an undo could cancel (all but the session's first)."""

    @classmethod
    def of(cls, logged: Sequence[LoggedEvent]) -> LogState:
        """The state after the whole log."""
        survivors, floor = _survivors(logged)
        state = cls(undoable=max(len(survivors) - floor, 0))
        for entry in effective_events(survivors):
            state.apply(entry.seq, entry.event)
        return state

    def add(self, entry: LoggedEvent, log: Sequence[LoggedEvent]) -> LogState:
        """The state after one more event, ``log`` being the whole log that ends with it: this
        state advanced in place, or the log folded again when an undo or correction changes the
        past."""
        if isinstance(
            entry.event, Undone | Corrected | RummyLineCorrected | HandsRewritten | SessionTagged
        ):
            return LogState.of(log)
        self.apply(entry.seq, entry.event)
        self.undoable += 1
        return self

    def forget_ended_hands(self) -> int:
        """Drop the drafts of the hands that have ended, for a writer that never undoes,
        corrects nor rewrites them (an import read hand by hand); returns how many it dropped.
        The session's facts, the hand being written and the line last written stay."""
        ended = len(self.hands) - (1 if self.hand_open else 0)
        if ended > 0:
            del self.hands[:ended]
            self.turns = {seq: t for seq, t in self.turns.items() if t.hand_index >= ended}
            for turn in self.turns.values():
                turn.hand_index -= ended
            self.rummy_lines = {
                seq: RummyLine(line.hand_index - ended, line.part)
                for seq, line in self.rummy_lines.items()
                if line.hand_index >= ended
            }
        return max(ended, 0)

    @property
    def current_hand(self) -> Draft | None:
        """The latest hand's draft, open or not."""
        return self.hands[-1] if self.hands else None

    def apply(self, seq: int, event: Event) -> None:
        """Apply one effective event (not an undo nor a correction) to the drafts."""
        _APPLY[event.kind](self, seq, event)

    def cards_played(self, hand_index: int, except_seq: int | None = None) -> set[Card]:
        """The cards turns have played in a hand, leaving out the turn of ``except_seq``."""
        return {
            turn.draft["card"]
            for seq, turn in self.turns.items()
            if turn.hand_index == hand_index and seq != except_seq and turn.draft["card"]
        }

    def record(self) -> Record:
        """The record the events so far describe."""
        after = [] if self.hands else list(self.pending)
        hands = [dict(hand) for hand in self.hands]
        if hands and self.pending:
            hands[-1]["after"] = [*hands[-1]["after"], *self.pending]
        return Record.model_validate({"tags": self.tags, "hands": hands, "after": after})

    def _take_pending(self) -> list[str]:
        taken, self.pending = self.pending, []
        return taken

    def _line(self, **fields: Any) -> Draft:
        draft = {"before": self._take_pending(), "remark": None, **fields}
        self.last_line = draft
        return draft

    def _session(self, seq: int, event: SessionCreated) -> None:
        self.tags = [_tag_draft(tag) for tag in event.tags]
        name = _tag_value(event.tags, "Game")
        self.game = GAMES.get(name)
        self.game_name = name
        family = family_of(name)
        self.family = family.name if family else None
        self.seats = len([p for p in _tag_value(event.tags, "Players").split(",") if p.strip()])
        self.last_line = self.tags[-1] if self.tags else None

    def _hand(self, seq: int, event: HandStarted) -> None:
        tags = [_tag_draft(tag) for tag in event.tags]
        if tags:
            tags[0]["before"] = [*self._take_pending(), *tags[0]["before"]]
            self.last_line = tags[-1]
        draft = _hand_draft(tags)
        body = FAMILIES[self.family].body if self.family else None
        if body is not None:
            draft[body] = {}
        self.hands.append(draft)
        self.hand_open = True

    def _deal(self, seq: int, event: DealSeen) -> None:
        self._hand_now()["deals"].append(
            self._line(seat=event.seat, cards=event.cards, split=event.split)
        )

    def _call(self, seq: int, event: CallMade) -> None:
        hand = self._hand_now()
        if hand["bidding"] is None:
            hand["bidding"] = self._line(bids=[])
        self.last_line = hand["bidding"]
        hand["bidding"]["bids"].append(
            {"seat": event.seat, "call": event.call, "comments": event.comments}
        )

    def _trump(self, seq: int, event: TrumpPlaced) -> None:
        self._hand_now()["trump"] = self._line(
            card=event.card, suit=event.suit, comments=event.comments
        )

    def _trick(self, seq: int, event: TrickStarted) -> None:
        self._open_trick(event.number, event.comments)

    def _open_trick(self, number: int, comments: list[str]) -> Draft:
        trick = self._line(number=number, turns=[], star=False, comments=comments)
        self._hand_now()["tricks"].append(trick)
        return trick

    def _turn(self, seq: int, event: TurnPlayed) -> None:
        hand = self._hand_now()
        trick = next((t for t in reversed(hand["tricks"]) if t["number"] == event.trick), None)
        if trick is None:
            trick = self._open_trick(event.trick, [])
        self.last_line = trick
        turn = {name: getattr(event, name) for name in _TURN_FIELDS}
        trick["turns"].append(turn)
        self.turns[seq] = PlayedTurn(len(self.hands) - 1, turn)

    def _actions(self, seq: int, event: ActionsChosen) -> None:
        """Nothing in the record: the turn that follows carries its actions."""
        self._hand_now()

    def _star(self, seq: int, event: StarAgreed) -> None:
        self._hand_now()["tricks"][-1]["star"] = True

    def _pair(self, seq: int, event: PairDeclared) -> None:
        self._hand_now()["pairs"].append(self._line(seat=event.seat, after_trick=event.after_trick))

    def _redeal(self, seq: int, event: Redealt) -> None:
        self._hand_now()["redeal"] = self._line(reason=event.reason)

    def _penalty(self, seq: int, event: PenaltyAwarded) -> None:
        self._hand_now()["penalties"].append(
            self._line(team=event.team, points=event.points, reason=event.reason)
        )

    def _rummy(self, seq: int, event: RummyLineWritten) -> None:
        body = self._hand_now().setdefault("rummy", {})
        line = self._line(**event.content)
        name, many = _RUMMY_PARTS[event.part]
        if many:
            body.setdefault(name, []).append(line)
        else:
            body[name] = line
        self.rummy_lines[seq] = RummyLine(len(self.hands) - 1, event.part)

    def _rummy_winner(self, seq: int, event: RummyWinnerNamed) -> None:
        """Nothing in the record: the winner needs no line (RUMMY.md §3)."""
        self._hand_now()

    def _comment(self, seq: int, event: CommentWritten) -> None:
        if event.place == "above":
            self.pending.append(event.text)
        elif self.last_line is not None:
            self.last_line["remark"] = event.text

    def _hand_end(self, seq: int, event: HandEnded) -> None:
        hand = self._hand_now()
        hand["after"] = [*hand["after"], *self._take_pending()]
        tags = [_tag_draft(tag) for tag in event.tags]
        hand["tags"].extend(tags)
        if tags:
            self.last_line = tags[-1]
        self.hand_open = False

    def _rewrite(self, seq: int, event: HandsRewritten) -> None:
        """Hand ``event.hand`` replaced by the hands of its text; the turns and Rummy lines
        recorded in it no longer stand, those of later hands move with them."""
        index = event.hand - 1
        if not 0 <= index < len(self.hands):
            raise ArchiveError(f"the log rewrites hand {event.hand}, which it does not hold")
        was_last = index == len(self.hands) - 1
        new = rewritten_hands(event.text)
        shift = len(new) - 1
        self.hands[index : index + 1] = new
        self.turns = {
            key: PlayedTurn(turn.hand_index + (shift if turn.hand_index > index else 0), turn.draft)
            for key, turn in self.turns.items()
            if turn.hand_index != index
        }
        self.rummy_lines = {
            key: RummyLine(line.hand_index + (shift if line.hand_index > index else 0), line.part)
            for key, line in self.rummy_lines.items()
            if line.hand_index != index
        }
        _renumber(self.hands, index)
        if was_last:  # the director's text is the hand as it stands: no longer being played
            self.hand_open = False
        self.last_line = None

    def _tag(self, seq: int, event: SessionTagged) -> None:
        kept = [tag for tag in self.tags if tag["name"] != event.name]
        if event.value:
            place = next(
                (i for i, tag in enumerate(self.tags) if tag["name"] == event.name), len(kept)
            )
            tag: Draft = {
                "name": event.name,
                "value": event.value,
                "before": [],
                "remark": event.remark,
            }
            kept.insert(place, tag)
        self.tags = kept
        self.last_line = None

    def _hand_now(self) -> Draft:
        hand = self.current_hand
        if hand is None:
            raise ArchiveError("the log has an event of a hand before any hand started")
        return hand


#: Where each kind of Rummy line goes in ``RummyBody``, and whether a deal may hold several.
_RUMMY_PARTS = {
    "rejoin": ("rejoin", False),
    "joker": ("joker", False),
    "open": ("open", False),
    "deal": ("deals", True),
    "turns": ("turns", True),
    "outcome": ("outcomes", True),
    "redeal": ("redeal", False),
    "penalty": ("penalties", True),
}
_TURN_FIELDS = ("seat", "actions", "card", "unseen", "glyph", "called", "comments")


def _tag_draft(tag: Tag) -> Draft:
    return {"name": tag.name, "value": tag.value, "before": list(tag.before), "remark": tag.remark}


def _tag_value(tags: Sequence[Tag], name: str) -> str:
    return next((tag.value.strip() for tag in tags if tag.name == name), "")


def rewritten_hands(text: str) -> list[Draft]:
    """The hands of a rewrite's TGN text as drafts (``ArchiveError`` when it cannot be read: the
    checks refuse such a rewrite before it is stored)."""
    result = read(text, "<correction>")
    if result.record is None or result.errors:
        first = result.errors[0].message if result.errors else "not a session"
        raise ArchiveError(f"the correction cannot be read: {first}")
    return [hand.model_dump() for hand in result.record.hands]


def _renumber(hands: list[Draft], start: int) -> None:
    """Number the ``Hand`` tags on from the hand before ``start``, as the hands now stand."""
    number = _hand_number(hands[start - 1]) if start > 0 else 0
    for hand in hands[start:]:
        number += 1
        for tag in hand["tags"]:
            if tag["name"] == "Hand":
                tag["value"] = str(number)


def _hand_number(hand: Draft) -> int:
    value = next((tag["value"] for tag in hand["tags"] if tag["name"] == "Hand"), "")
    return int(value) if value.strip().isascii() and value.strip().isdigit() else 0


def _hand_draft(tags: list[Draft]) -> Draft:
    return {
        "tags": tags,
        "deals": [],
        "bidding": None,
        "trump": None,
        "tricks": [],
        "pairs": [],
        "redeal": None,
        "penalties": [],
        "after": [],
    }


_APPLY: dict[str, Callable[[LogState, int, Any], None]] = {
    "session": LogState._session,
    "hand": LogState._hand,
    "deal": LogState._deal,
    "call": LogState._call,
    "trump": LogState._trump,
    "trick": LogState._trick,
    "turn": LogState._turn,
    "actions": LogState._actions,
    "star": LogState._star,
    "pair": LogState._pair,
    "redeal": LogState._redeal,
    "penalty": LogState._penalty,
    "rummy": LogState._rummy,
    "rummy-winner": LogState._rummy_winner,
    "comment": LogState._comment,
    "rewrite": LogState._rewrite,
    "tag": LogState._tag,
    "hand-end": LogState._hand_end,
}


def with_events(record: Record, events: Sequence[Event]) -> Record:
    """``record`` with ``events`` of its last hand applied to that hand: what a tap would make of
    it, for the engine to judge before anything is stored (whether the tap ends the hand)."""
    family = family_of(record.game)
    state = LogState(
        game=GAMES.get(record.game),
        family=family.name if family else None,
        game_name=record.game,
        seats=len(record.players),
        hands=[record.hands[-1].model_dump()],
        hand_open=True,
    )
    for event in events:
        state.apply(0, event)
    hand = Hand.model_validate(state.hands[-1])
    return record.model_copy(update={"hands": [*record.hands[:-1], hand]})


def fold(logged: Sequence[LoggedEvent]) -> Record:
    """The record a session's log describes, undos and corrections applied."""
    return LogState.of(logged).record()
