"""The day's log: what the organiser, the director and the desk record beside the sessions.

The tournament's description, the schedule, voids, the director's word that a stale match stands,
and payments are events of the day, appended with who wrote them, when and why, never changed or
deleted (TOURNAMENT.md §10). Each belongs to one event (the tournament's name); a void or a stand
also names its session. ``DayState`` folds the log into what stands now; ``day_refusal`` says what
the log itself cannot take (an id scheduled twice, a session voided twice), before it is stored.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter, ValidationError

from recorder.archive.events import ArchiveError, EventBase, kinds_of


class DescriptionSet(EventBase):
    """A new version of the tournament's description (``tournament.toml`` as TOML text)."""

    kind: Literal["description"] = "description"
    text: str


class MatchScheduled(EventBase):
    """A match put on the schedule: 28 teams, or a Rummy table's players (unordered); a knockout
    match by its slot (``match``), its teams coming from the bracket."""

    kind: Literal["schedule"] = "schedule"
    id: str
    game: str
    stage: str
    round: int | None = None
    table: int
    match: str | None = None
    teams: list[str] | None = None
    players: list[str] | None = None
    time: str | None = None


class MatchUnscheduled(EventBase):
    """A scheduled match taken off the schedule (the reason is the entry's ``why``)."""

    kind: Literal["unschedule"] = "unschedule"
    id: str


class SessionVoided(EventBase):
    """A session that counts for nothing from now on (the reason is the entry's ``why``)."""

    kind: Literal["void"] = "void"
    session: int


class SessionStands(EventBase):
    """The director's decision that a match no longer following the bracket stands as played."""

    kind: Literal["stand"] = "stand"
    session: int


class PaymentMade(EventBase):
    """Money the desk took from a person (a player, or a 28 team by its name)."""

    kind: Literal["pay"] = "pay"
    person: str
    amount: int = Field(gt=0)
    note: str = ""


class KeyIssued(EventBase):
    """A key given out (§10): its role (``table``, ``director``, ``desk``), its label as the
    history shows it (``table 4``), a table key's table, the SHA-256 of the key (the key itself
    is never stored) and the last day it works (ISO date). It ends the key of the same label."""

    kind: Literal["key"] = "key"
    role: Literal["table", "director", "desk"]
    label: str
    table: int | None = None
    hash: str
    expires: str


class KeyRevoked(EventBase):
    """The key of a label ended: replaced by a new one, or taken back."""

    kind: Literal["key-revoke"] = "key-revoke"
    label: str


DayEvent = Annotated[
    DescriptionSet
    | MatchScheduled
    | MatchUnscheduled
    | SessionVoided
    | SessionStands
    | PaymentMade
    | KeyIssued
    | KeyRevoked,
    Field(discriminator="kind"),
]
DAY_ADAPTER: TypeAdapter[DayEvent] = TypeAdapter(DayEvent)
DAY_KINDS = kinds_of(DayEvent)


@dataclass(frozen=True, slots=True)
class DayEntry:
    """A day event as the log holds it: its number, tournament, session (if any), time, author."""

    seq: int
    event_name: str
    session_id: int | None
    recorded_at: str
    event: DayEvent
    who: str
    why: str


def day_payload(event: DayEvent) -> str:
    """The event's JSON payload, without its kind."""
    data = event.model_dump(mode="json", exclude={"kind"}, exclude_defaults=True)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def day_event_from_json(kind: str, payload: str) -> DayEvent:
    """A day event from its stored kind and payload; ``ArchiveError`` when it is not one."""
    if kind not in DAY_KINDS:
        raise ArchiveError(f"unknown day event kind {kind!r} (kinds: {', '.join(DAY_KINDS)})")
    try:
        return DAY_ADAPTER.validate_python({**json.loads(payload), "kind": kind})
    except (json.JSONDecodeError, ValidationError) as error:
        raise ArchiveError(f"{kind} day event cannot be read: {error}") from None


def session_of(event: DayEvent) -> int | None:
    """The session a day event names (a void or a stand), else ``None``."""
    return event.session if isinstance(event, SessionVoided | SessionStands) else None


@dataclass
class DayState:
    """One tournament's day log folded: the description as it stands, the schedule, the voids
    (session → reason), the stands, the payments in order, the keys in force."""

    description: str | None = None
    schedule: dict[str, MatchScheduled] = field(default_factory=dict)
    removed: set[str] = field(default_factory=set)
    voids: dict[int, str] = field(default_factory=dict)
    stands: set[int] = field(default_factory=set)
    payments: list[PaymentMade] = field(default_factory=list)
    keys: dict[str, KeyIssued] = field(default_factory=dict)
    """The keys in force, by label."""

    @classmethod
    def of(cls, entries: list[DayEntry]) -> DayState:
        state = cls()
        for entry in entries:
            state.add(entry)
        return state

    def add(self, entry: DayEntry) -> None:
        event = entry.event
        if isinstance(event, DescriptionSet):
            self.description = event.text
        elif isinstance(event, MatchScheduled):
            self.schedule[event.id] = event
        elif isinstance(event, MatchUnscheduled):
            self.schedule.pop(event.id, None)
            self.removed.add(event.id)
        elif isinstance(event, SessionVoided):
            self.voids[event.session] = entry.why
        elif isinstance(event, SessionStands):
            self.stands.add(event.session)
        elif isinstance(event, KeyIssued):
            self.keys[event.label] = event
        elif isinstance(event, KeyRevoked):
            self.keys.pop(event.label, None)
        else:
            self.payments.append(event)


def day_refusal(state: DayState, event: DayEvent, why: str) -> str | None:
    """Why the day log cannot take ``event`` as it stands, or ``None``."""
    if isinstance(event, MatchScheduled):
        if event.id in state.schedule or event.id in state.removed:
            return f"match id {event.id} is taken: give the match another id"
        if not event.id.strip() or any(not char.isprintable() for char in event.id):
            return "a match id must be printable text"
        if event.table < 1:
            return f"table {event.table}: tables are numbered from 1"
    elif isinstance(event, MatchUnscheduled) and event.id not in state.schedule:
        return f"match {event.id} is not on the schedule"
    elif isinstance(event, SessionVoided):
        if event.session in state.voids:
            return f"session {event.session} is void already"
        if not why.strip():
            return "a void needs a reason"
    elif isinstance(event, KeyIssued):
        if not event.label.strip() or any(not char.isprintable() for char in event.label):
            return "a key's label must be printable text"
        if (event.role == "table") != (event.table is not None):
            return "a table key, and only a table key, names its table"
    elif isinstance(event, KeyRevoked) and event.label not in state.keys:
        return f"no key labelled {event.label!r} is in force"
    return None
