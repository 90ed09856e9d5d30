"""A scorer's taps, each stored exactly once, in the order the phone made them, one phone a table.

A phone numbers its taps 1, 2, 3 ... (per device and session) and sends each until the archive
answers; a tap may therefore arrive twice, late, or after a later one. ``store_tap`` stores a tap
with the events it stands for in the same transaction as the session's log, the session's row
locked: a tap already held is answered as it was the first time (or refused as a conflict when its
content differs), a tap after a gap is sent back to wait for the one missing, and only the
table's holder (the first phone to write there, or the one that took it over) adds events; a
tap of another phone is kept apart for the director. The key ``(session_id, device, seq)`` of the
``taps`` table is what makes a tap stored once, also between processes: the tap's row is claimed
before anything else is written, and a writer that finds it taken answers from the stored row.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from recorder.archive import access
from recorder.archive.checks import refusal
from recorder.archive.database import Transaction
from recorder.archive.events import ArchiveError, Author, Event, LoggedEvent
from recorder.archive.fold import LogState
from recorder.archive.writes import event_name, hand_number, insert_events, now, table_of

#: A phone's id: 8 to 64 letters, digits, ``_`` or ``-`` (a random id the page makes once).
_DEVICE = re.compile(r"[A-Za-z0-9_-]{8,64}")

#: The most a tap's content may hold, in bytes of UTF-8.
MAX_CONTENT = 4096

#: How much of a tap's content a message quotes.
_SUMMARY = 60


@dataclass(frozen=True)
class Tap:
    """One tap of a scorer's phone: the phone's id, its sequence number (1, 2, 3 ... per phone and
    session) and the tap as the phone sent it (canonical JSON text); a repeat must match.

    Anything else is refused when the tap is made (``ArchiveError`` saying what and why)."""

    device: str
    seq: int
    content: str

    def __post_init__(self) -> None:
        """Refuse a device id, number or content a phone of ours never sends."""
        if not isinstance(self.device, str) or not _DEVICE.fullmatch(self.device):
            shown = repr(self.device)[:40]
            raise ArchiveError(
                f"tap: device id {shown} is not one a scorer's page makes; expected 8 to 64 "
                "letters, digits, '_' or '-'"
            )
        if isinstance(self.seq, bool) or not isinstance(self.seq, int) or self.seq < 1:
            raise ArchiveError(
                f"tap of device {self.device}: number {self.seq!r} is not a tap's number; "
                "expected 1, 2, 3 ..."
            )
        if not isinstance(self.content, str):
            raise ArchiveError(f"tap {self.seq} of device {self.device}: its content is not text")
        if "\x00" in self.content:
            raise ArchiveError(
                f"tap {self.seq} of device {self.device}: its content holds a NUL character"
            )
        try:
            size = len(self.content.encode("utf-8"))
        except UnicodeEncodeError:
            raise ArchiveError(
                f"tap {self.seq} of device {self.device}: its content is not valid Unicode text"
            ) from None
        if size > MAX_CONTENT:
            raise ArchiveError(
                f"tap {self.seq} of device {self.device}: its content is {size} bytes; a tap "
                f"holds at most {MAX_CONTENT}"
            )


@dataclass(frozen=True)
class TapAnswer:
    """What the archive answers a tap: what became of it and how far the phone's taps are held.

    ``outcome`` is ``stored`` (its events are in the log), ``refused`` (judged and kept, no
    events: ``message`` says why), ``apart`` (another phone holds the table: kept for the
    director, no events), ``conflict`` (a tap of that number was kept with other content: nothing
    stored) or ``ahead`` (an earlier tap of the phone is missing: nothing stored, send it first)."""

    seq: int
    held: int
    """How far this phone's taps in this session are held with no gap (0: none)."""
    outcome: str
    message: str
    """Empty when stored; else why, in a scorer's words."""
    events: int
    """The session's log length after this answer."""
    first_event: int | None = None
    """The seq of the first event this tap stored (stored only)."""
    last_event: int | None = None
    repeated: bool = False
    """This (device, seq) was already held: nothing new was done."""


@dataclass(frozen=True)
class TapState:
    """How far a phone's taps in a session are held, who holds the table and since when (UTC,
    ISO 8601), and the session's log length."""

    held: int
    holder: str | None
    holder_since: str | None
    events: int


@dataclass(frozen=True)
class KeptTap:
    """A tap kept apart: made on a phone that did not hold the table, for the director to see."""

    device: str
    seq: int
    content: str
    recorded_at: str
    who: str
    message: str


@dataclass(frozen=True)
class HolderChange:
    """A phone that became the table's holder: when, by whose key, and the phone it replaced
    (``None`` for the table's first)."""

    device: str
    since: str
    who: str
    previous: str | None


Decide = Callable[[list[LoggedEvent]], Sequence[Event] | str]
"""Turns the session's log (as it stands, locked, inside the transaction) into the events the tap
stands for, or a refusal message (str)."""


@dataclass(frozen=True)
class TapWrite:
    """What ``store_tap`` did: its answer, the log and its state when events were stored, and
    whether the state passed in was advanced in place by events then refused (so a copy kept of
    it must be dropped)."""

    answer: TapAnswer
    log: list[LoggedEvent] | None = None
    state: LogState | None = None
    spoiled: bool = False


def store_tap(
    tx: Transaction,
    session_id: int,
    log: list[LoggedEvent],
    state: LogState,
    tap: Tap,
    decide: Decide,
    author: Author,
    take_over: bool,
) -> TapWrite:
    """Store ``tap`` into the session whose locked, current ``log`` folds to ``state``: once, in
    order, by the table's holder, with the events ``decide`` makes of it, all in ``tx``.

    A key that may not write into this session at all is refused (``ArchiveError``, nothing
    stored), as ``append_all`` refuses it; every other answer is a ``TapAnswer``."""
    table, tournament = table_of(state), event_name(state)
    access.refuse(access.session_refusal(author, table, None, tournament))
    held = _held(tx, session_id, tap.device)
    kept = _kept(tx, session_id, tap.device, tap.seq)
    if kept is not None or tap.seq <= held:
        return TapWrite(_answer_kept(kept, tap, held, len(log)))
    if tap.seq > held + 1:
        message = f"tap {held + 1} of this phone is next; send it first"
        return TapWrite(TapAnswer(tap.seq, held, "ahead", message, len(log)))
    at = now()
    if not _claim(tx, session_id, tap, at, author):  # another writer stored it first
        kept = _kept(tx, session_id, tap.device, tap.seq)
        return TapWrite(_answer_kept(kept, tap, _held(tx, session_id, tap.device), len(log)))
    apart = _holder_refusal(tx, session_id, tap.device, author, at, take_over)
    if apart:
        _settle(tx, session_id, tap, "apart", apart)
        return TapWrite(TapAnswer(tap.seq, tap.seq, "apart", apart, len(log)))
    decided = decide(list(log))
    if isinstance(decided, str):
        _settle(tx, session_id, tap, "refused", decided)
        return TapWrite(TapAnswer(tap.seq, tap.seq, "refused", decided, len(log)))
    grown, new_state, refused = _checked(session_id, log, state, decided, author, at)
    if refused is not None:
        _settle(tx, session_id, tap, "refused", refused)
        spoiled = new_state is not None
        return TapWrite(TapAnswer(tap.seq, tap.seq, "refused", refused, len(log)), spoiled=spoiled)
    added = grown[len(log) :]
    first, last = (added[0].seq, added[-1].seq) if added else (None, None)
    if added:
        insert_events(tx, added)
    tx.run("UPDATE sessions SET last_seq = ? WHERE id = ?", (len(grown), session_id))
    _settle(tx, session_id, tap, "stored", "", first, last)
    answer = TapAnswer(tap.seq, tap.seq, "stored", "", len(grown), first, last)
    return TapWrite(answer, grown, new_state)


def tap_state(tx: Transaction, session_id: int, device: str, where: str) -> TapState:
    """How far ``device``'s taps in the session are held, its holder, and its log length."""
    events = _last_seq(tx, session_id, where)
    holder = tx.run("SELECT device, since FROM table_holders WHERE session_id = ?", (session_id,))
    device_now, since = holder[0] if holder else (None, None)
    return TapState(_held(tx, session_id, device), device_now, since, events)


def kept_apart(tx: Transaction, session_id: int, where: str) -> list[KeptTap]:
    """The taps of the session kept apart (made on a phone not holding the table), oldest first."""
    _last_seq(tx, session_id, where)
    rows = tx.run(
        "SELECT device, seq, content, recorded_at, who, message FROM taps "
        "WHERE session_id = ? AND outcome = 'apart' ORDER BY recorded_at, device, seq",
        (session_id,),
    )
    return [
        KeptTap(device, int(seq), content, at, who, msg)
        for device, seq, content, at, who, msg in rows
    ]


def holders(tx: Transaction, session_id: int, where: str) -> list[HolderChange]:
    """Every phone that became the session's holder, oldest first, with the one it replaced."""
    _last_seq(tx, session_id, where)
    rows = tx.run(
        "SELECT device, since, who, previous FROM holder_changes WHERE session_id = ? ORDER BY id",
        (session_id,),
    )
    return [HolderChange(device, since, who, previous) for device, since, who, previous in rows]


def _last_seq(tx: Transaction, session_id: int, where: str) -> int:
    """The session's log length; ``ArchiveError`` when the archive ``where`` has no such session."""
    rows = tx.run("SELECT last_seq FROM sessions WHERE id = ?", (session_id,))
    if not rows:
        raise ArchiveError(f"archive {where} has no session {session_id}")
    return int(rows[0][0])


def _held(tx: Transaction, session_id: int, device: str) -> int:
    """How many of the device's taps the session holds: they are stored only in order, so this is
    also the number of the last."""
    rows = tx.run(
        "SELECT COUNT(*) FROM taps WHERE session_id = ? AND device = ?", (session_id, device)
    )
    return int(rows[0][0])


@dataclass(frozen=True)
class _Kept:
    """A tap's row as stored."""

    content: str
    outcome: str
    message: str
    first_event: int | None
    last_event: int | None


def _kept(tx: Transaction, session_id: int, device: str, seq: int) -> _Kept | None:
    """The stored row of the device's tap ``seq``, if the session holds it."""
    rows = tx.run(
        "SELECT content, outcome, message, first_event, last_event FROM taps "
        "WHERE session_id = ? AND device = ? AND seq = ?",
        (session_id, device, seq),
    )
    if not rows:
        return None
    content, outcome, message, first, last = rows[0]
    return _Kept(
        content,
        outcome,
        message,
        None if first is None else int(first),
        None if last is None else int(last),
    )


def _answer_kept(kept: _Kept | None, tap: Tap, held: int, events: int) -> TapAnswer:
    """The answer to a tap the session holds already: as the first time when it is the same,
    else a conflict (nothing stored)."""
    if kept is None:
        message = (
            f"this phone's tap {tap.seq} is missing though its taps up to {held} are held; "
            "nothing was stored"
        )
        return TapAnswer(tap.seq, held, "conflict", message, events)
    if kept.content != tap.content:
        message = (
            f"this phone's tap {tap.seq} was already kept as {_summary(kept.content)}; this one "
            "differs: nothing was stored"
        )
        return TapAnswer(tap.seq, held, "conflict", message, events)
    return TapAnswer(
        tap.seq, held, kept.outcome, kept.message, events, kept.first_event, kept.last_event, True
    )


def _summary(content: str) -> str:
    """A tap's content short enough for a message."""
    return content if len(content) <= _SUMMARY else content[: _SUMMARY - 1] + "…"


def _claim(tx: Transaction, session_id: int, tap: Tap, at: str, author: Author) -> bool:
    """Insert the tap's row before anything else is written; ``False`` when the database's key
    finds it stored already (another writer was first), and nothing was inserted."""
    rows = tx.run(
        "INSERT INTO taps (session_id, device, seq, content, outcome, message, recorded_at, who, "
        "why) VALUES (?, ?, ?, ?, 'claimed', '', ?, ?, ?) "
        "ON CONFLICT (session_id, device, seq) DO NOTHING RETURNING seq",
        (session_id, tap.device, tap.seq, tap.content, at, author.who, author.why),
    )
    return bool(rows)


def _settle(
    tx: Transaction,
    session_id: int,
    tap: Tap,
    outcome: str,
    message: str,
    first: int | None = None,
    last: int | None = None,
) -> None:
    """Write what became of a claimed tap on its row."""
    tx.run(
        "UPDATE taps SET outcome = ?, message = ?, first_event = ?, last_event = ? "
        "WHERE session_id = ? AND device = ? AND seq = ?",
        (outcome, message, first, last, session_id, tap.device, tap.seq),
    )


def _holder_refusal(
    tx: Transaction, session_id: int, device: str, author: Author, at: str, take_over: bool
) -> str | None:
    """Why ``device`` may not write into the session now (another phone holds the table), or
    ``None``: it holds the table, or has become its holder (the first phone, or ``take_over``),
    the change kept in the holders' history."""
    rows = tx.run("SELECT device, since FROM table_holders WHERE session_id = ?", (session_id,))
    if rows and rows[0][0] == device:
        return None
    if rows and not take_over:
        return (
            f"another phone holds this table since {_clock(rows[0][1])}; take it over to record "
            "here (the director sees the hand-over)"
        )
    if rows:
        tx.run(
            "UPDATE table_holders SET device = ?, since = ?, who = ? WHERE session_id = ?",
            (device, at, author.who, session_id),
        )
    else:
        tx.run(
            "INSERT INTO table_holders (session_id, device, since, who) VALUES (?, ?, ?, ?)",
            (session_id, device, at, author.who),
        )
    tx.run(
        "INSERT INTO holder_changes (session_id, device, since, who, previous) "
        "VALUES (?, ?, ?, ?, ?)",
        (session_id, device, at, author.who, rows[0][0] if rows else None),
    )
    return None


def _clock(moment: str) -> str:
    """A stored moment as the hall's clock shows it (the server's own time zone): ``HH:MM``."""
    return datetime.fromisoformat(moment).astimezone().strftime("%H:%M")


def _checked(
    session_id: int,
    log: list[LoggedEvent],
    state: LogState,
    events: Sequence[Event],
    author: Author,
    at: str,
) -> tuple[list[LoggedEvent], LogState | None, str | None]:
    """The log grown by ``events``, each checked as ``append_all`` checks it (the key's reach
    against the log as it stands, then the rules against the log before it), and its state; or
    the first refusal, with the state only if it was advanced in place before it."""
    table, tournament = table_of(state), event_name(state)
    for event in events:
        refused = access.write_refusal(author, log, table, tournament, event)
        if refused:
            return log, None, f"not allowed: {refused}"
    grown, advanced = list(log), None
    for event in events:
        refused = refusal(state, event)
        if refused:
            return log, advanced, refused
        grown.append(
            LoggedEvent(
                session_id,
                len(grown) + 1,
                hand_number(state, event),
                at,
                event,
                author.who,
                author.why,
            )
        )
        state = advanced = state.add(grown[-1], grown)
    return grown, state, None
