"""The events of the archive's log: one small immutable value per thing that happened at the table.

A session is stored as these events in the order they were recorded; ``fold`` turns them back into a
``Record``. Each event is JSON on disk (its ``kind`` in a column of its own, the rest as payload).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from recorder.cards import Call, Card, Suit
from recorder.model import Action, DealtCard, Glyph, RedealReason, Tag


class ArchiveError(Exception):
    """The archive refused an event or could not reach its database; the message says why."""


class ArchiveUnavailable(ArchiveError):
    """The database could not do what was asked (down, full, read-only); ``reason`` is the
    driver's own first line, without the archive's file or address."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class EventBase(BaseModel):
    """What every event shares: it is frozen and strict about its fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class SessionCreated(EventBase):
    """The first event of every session: the session tags as written (``Game`` among them)."""

    kind: Literal["session"] = "session"
    tags: list[Tag]


class HandStarted(EventBase):
    """A new hand begins; its tags as written (``Hand``, ``Dealer`` ...)."""

    kind: Literal["hand"] = "hand"
    tags: list[Tag]

    @classmethod
    def numbered(cls, number: int, dealer: int | None = None) -> HandStarted:
        """The usual start of a hand: ``[Hand "n"]`` and, when given, ``[Dealer "s"]``."""
        tags = [Tag(name="Hand", value=str(number))]
        if dealer is not None:
            tags.append(Tag(name="Dealer", value=str(dealer)))
        return cls(tags=tags)


class DealSeen(EventBase):
    """A ``deal`` line: the cards the recorder saw a seat dealt (``None`` for one not seen)."""

    kind: Literal["deal"] = "deal"
    seat: int
    cards: list[DealtCard]
    split: bool = False


class CallMade(EventBase):
    """One call of the calling, by a seat."""

    kind: Literal["call"] = "call"
    seat: int
    call: Call
    comments: list[str] = Field(default_factory=list)


class TrumpPlaced(EventBase):
    """The face-down card: the card, only its suit, or neither (not seen)."""

    kind: Literal["trump"] = "trump"
    card: Card | None = None
    suit: Suit | None = None
    comments: list[str] = Field(default_factory=list)


class TrickStarted(EventBase):
    """A new trick line, with the brace comments on its number; a turn also opens one implicitly."""

    kind: Literal["trick"] = "trick"
    number: int
    comments: list[str] = Field(default_factory=list)


class TurnPlayed(EventBase):
    """One turn of trick ``trick``: the seat's actions, then its card, as in ``model.Turn``."""

    kind: Literal["turn"] = "turn"
    trick: int
    seat: int | None
    actions: list[Action] = Field(default_factory=list)
    card: Card | None = None
    unseen: bool = False
    glyph: Glyph | None = None
    called: bool = False
    comments: list[str] = Field(default_factory=list)


class ActionsChosen(EventBase):
    """The actions the scorer has toggled for the next turn, before its card (``ask``: the player
    cannot follow and asks for the trump); each toggle writes the whole choice again, the latest
    standing until the turn is recorded. The log keeps it for the Record page, so that a reload
    finds the toggle as it was; the record has no line for it (the turn that follows carries
    its actions)."""

    kind: Literal["actions"] = "actions"
    actions: list[Action] = Field(default_factory=list)


class StarAgreed(EventBase):
    """``*`` on the last trick: the table ended the record by agreement (a claim or concession)."""

    kind: Literal["star"] = "star"


class PairDeclared(EventBase):
    """``pair S`` (29): a seat declares King and Queen of trumps after a trick."""

    kind: Literal["pair"] = "pair"
    seat: int
    after_trick: int


class Redealt(EventBase):
    """``redeal REASON``: the hand was thrown in."""

    kind: Literal["redeal"] = "redeal"
    reason: RedealReason


class PenaltyAwarded(EventBase):
    """``penalty TEAM N why``: game points the table awarded to a team."""

    kind: Literal["penalty"] = "penalty"
    team: str
    points: int
    reason: str = ""


RummyPart = Literal["rejoin", "joker", "open", "deal", "turns", "outcome", "redeal", "penalty"]


class RummyLineWritten(EventBase):
    """A body line of a Rummy deal (RUMMY.md §4): its kind and its content as the record model
    holds it (``recorder.rummy.model``), without positions and comments."""

    kind: Literal["rummy"] = "rummy"
    part: RummyPart
    content: dict[str, Any]


class RummyLineCorrected(EventBase):
    """Replaces the content of an earlier Rummy line (named by the sequence number of its
    ``rummy`` event) with another of the same part: a count that was 38 and is 28."""

    kind: Literal["rummy-correct"] = "rummy-correct"
    target: int
    content: dict[str, Any]


class RummyWinnerNamed(EventBase):
    """The scorer named a deal's winner before the cards or the other outcomes: the log keeps it
    for the Record page; the record has no line for it, since the one seat left without an
    outcome wins (RUMMY.md §3)."""

    kind: Literal["rummy-winner"] = "rummy-winner"
    seat: int


class CommentWritten(EventBase):
    """A ``;`` comment: ``above`` the next line written (or after the hand), or at the ``end`` of
    the line last written."""

    kind: Literal["comment"] = "comment"
    text: str
    place: Literal["above", "end"] = "above"


class Undone(EventBase):
    """Cancels the latest event that is neither an undo nor already undone; it stays in the log."""

    kind: Literal["undo"] = "undo"


class Corrected(EventBase):
    """Replaces the card of an earlier turn, named by the sequence number of its ``turn`` event."""

    kind: Literal["correct"] = "correct"
    target: int
    card: Card


class HandsRewritten(EventBase):
    """The director's correction of a hand: hand ``hand`` (counting from 1) is replaced by the
    hands of ``text``, a TGN session whose tags give the context and whose hands are the new ones.
    One hand corrects it (cards moved between tricks, a Rummy count changed, a penalty added), none
    voids it (a hand recorded twice), two or more insert missing hands after it. Hands after it are
    numbered on."""

    kind: Literal["rewrite"] = "rewrite"
    hand: int
    text: str


class SessionTagged(EventBase):
    """The director sets a session tag (``Decision``, a mistyped ``Stage``), replacing one of the
    same name; an empty value removes it. ``remark`` is its end-of-line comment (a decision's
    reason)."""

    kind: Literal["tag"] = "tag"
    name: str
    value: str
    remark: str | None = None


class HandEnded(EventBase):
    """The hand is over; ``tags`` are added to the hand's tags (``Result`` ...). ``joined``: how
    many events just before it were written in one step with it (the event that ended the play:
    its last card, ``*``, the outcome that settled a Rummy deal; the last pass of a calling
    nobody won and the redeal it implies), so that one undo takes them all back and the hand is
    open again where it was."""

    kind: Literal["hand-end"] = "hand-end"
    tags: list[Tag] = Field(default_factory=list)
    joined: int = 0


Event = Annotated[
    SessionCreated
    | HandStarted
    | DealSeen
    | CallMade
    | TrumpPlaced
    | TrickStarted
    | TurnPlayed
    | ActionsChosen
    | StarAgreed
    | PairDeclared
    | Redealt
    | PenaltyAwarded
    | RummyLineWritten
    | RummyLineCorrected
    | RummyWinnerNamed
    | CommentWritten
    | Undone
    | Corrected
    | HandsRewritten
    | SessionTagged
    | HandEnded,
    Field(discriminator="kind"),
]

EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)


def kinds_of(union: Any) -> tuple[str, ...]:
    """The ``kind`` of each event class of a discriminated union (``Event``, the day's
    ``DayEvent``), in the union's order: the kinds its log may store, each written once, in its
    class."""
    classes = get_args(get_args(union)[0])
    return tuple(cls.model_fields["kind"].default for cls in classes)


#: The event kinds, as stored in the ``kind`` column.
EVENT_KINDS = kinds_of(Event)

#: The kinds of event that belong to an open hand: refused when no hand is open, and the ones
#: (with ``hand``, which starts one) that change nothing but the latest hand.
HAND_KINDS = frozenset(
    {"deal", "call", "trump", "trick", "turn", "actions", "star", "pair", "redeal", "penalty",
     "rummy", "rummy-winner", "hand-end"}
)  # fmt: skip

#: The kinds only a director writes: an undo never cancels them nor anything before them.
DIRECTOR_KINDS = frozenset({"rewrite", "tag"})

_POSITION = {"line", "column"}


@dataclass(frozen=True, slots=True)
class Author:
    """Who writes an event and why: the label of the key that wrote it (``table 4``,
    ``director``; ``local`` on a machine that needs no key), the reason given, the key's role
    (``table``, ``director``, ``desk``; ``local`` needs no key) with a table key's table, and the
    tournament the key was issued for (``event``: its sessions' ``Event``): what the archive lets
    it write (``recorder.archive.access``)."""

    who: str = "local"
    why: str = ""
    role: str = "local"
    table: int | None = None
    event: str | None = None


LOCAL = Author()
"""The author of a write on a machine that needs no key."""


@dataclass(frozen=True, slots=True)
class LoggedEvent:
    """An event as the log holds it: its session, sequence number, hand, time of recording, and
    who wrote it and why."""

    session_id: int
    seq: int
    hand: int
    """The number of hands started before or with it (0 for session-level events)."""
    recorded_at: str
    """UTC time it was stored, ISO 8601."""
    event: Event
    who: str = "local"
    why: str = ""


def encode_payload(event: Event) -> str:
    """The event's JSON payload, without its kind and without source positions."""
    data = event.model_dump(mode="json", exclude={"kind"}, exclude_defaults=True)
    return json.dumps(_without_positions(data), ensure_ascii=False, separators=(",", ":"))


def event_from_json(kind: str, payload: str | dict[str, object]) -> Event:
    """Build an event of ``kind`` from its JSON payload; raises ``ArchiveError`` saying what is
    wrong (an unknown card, kind or field) rather than a validation traceback."""
    if kind not in EVENT_KINDS:
        raise ArchiveError(f"unknown event kind {kind!r} (kinds: {', '.join(EVENT_KINDS)})")
    try:
        data = json.loads(payload) if isinstance(payload, str) else dict(payload)
        return EVENT_ADAPTER.validate_python({**data, "kind": kind})
    except json.JSONDecodeError as error:
        raise ArchiveError(f"{kind} event: payload is not JSON ({error.msg})") from None
    except ValidationError as error:
        raise ArchiveError(f"{kind} event: {_describe(error)}") from None


def _describe(error: ValidationError) -> str:
    problems = []
    for problem in error.errors(include_url=False):
        where = ".".join(str(part) for part in problem["loc"][1:])
        given = problem.get("input")
        if problem["type"] == "value_error":
            field = where.rpartition(".")[2]
            place = f" ({where})" if field != where else ""
            problems.append(f"unknown {field} {given!r}{place}")
        elif isinstance(given, str | int):
            problems.append(f"{where}: {problem['msg']} (got {given!r})")
        else:
            problems.append(f"{where}: {problem['msg']}")
    return "; ".join(problems)


def _without_positions(value: object) -> object:
    if isinstance(value, dict):
        return {
            key: _without_positions(item) for key, item in value.items() if key not in _POSITION
        }
    if isinstance(value, list):
        return [_without_positions(item) for item in value]
    return value
