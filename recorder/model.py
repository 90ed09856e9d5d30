"""The record model: a TGN session as typed, positioned data (plain frozen dataclasses).

A ``Record`` is one session: its tags and its hands. Every element keeps the line and column where
it stood in the source so that findings can point into the file; equality ignores those positions,
so a record read back from its own canonical text equals the original. Tags are kept as written
(typed views are properties of ``Record`` and ``Hand``, checked by the reader), so vendor tags and
comments survive a round trip.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field
from typing import Any, Literal

from recorder.cards import Call, Card, Suit
from recorder.nodes import LineNode, Node
from recorder.rummy.model import RummyBody


class Tag(LineNode):
    """A tag pair ``[Name "value"]``."""

    name: str
    value: str


class DealtCard(Node):
    """One card of a ``deal`` line; ``card`` is ``None`` for ``-`` (not seen)."""

    card: Card | None = None
    comments: list[str] = field(default_factory=list)


class DealLine(LineNode):
    """``deal S: ...`` — what seat S was dealt, as far as the recorder saw it."""

    seat: int
    cards: list[DealtCard] = field(default_factory=list)
    split: bool = False
    """Whether the source wrote ``|`` after the first four cards (29)."""


class Bid(Node):
    """One ``seat:call`` of the calling; the position is that of the call token."""

    seat: int
    call: Call
    comments: list[str] = field(default_factory=list)


class Bidding(LineNode):
    """All calls of a hand in the order spoken (several ``bid`` lines are joined)."""

    bids: list[Bid] = field(default_factory=list)


class TrumpLine(LineNode):
    """``trump 9H``, ``trump ?H`` (suit only) or ``trump -`` (not seen)."""

    card: Card | None = None
    suit: Suit | None = None
    comments: list[str] = field(default_factory=list)


ActionKind = Literal["ask", "show", "jodi", "jodi?", "kot", "kot?"]


class Action(Node):
    """An action in a turn, before its card; ``answer`` is set for ``jodi?`` and ``kot?``."""

    kind: ActionKind
    answer: bool | None = None
    comments: list[str] = field(default_factory=list)

    @property
    def token(self) -> str:
        if self.answer is None:
            return self.kind
        return f"{self.kind}={'yes' if self.answer else 'no'}"


Glyph = Literal["!", "?", "!!", "??", "!?", "?!"]


class Turn(Node):
    """One player's turn in a trick: actions, then one card.

    ``seat`` is ``None`` when the source left the ``seat:`` prefix out and it is not yet worked out
    (``replay.tricks.normalize`` fills it). ``card`` is ``None`` for a turn with no card
    (``jodi?=no``) or a card not seen (``unseen``, written ``-``). The position is that of the card
    (or of the turn's first token when it has no card).
    """

    seat: int | None
    actions: list[Action] = field(default_factory=list)
    card: Card | None = None
    unseen: bool = False
    glyph: Glyph | None = None
    called: bool = False
    """``^``: the table called an irregularity on this card."""
    comments: list[str] = field(default_factory=list)

    def has(self, kind: ActionKind) -> Action | None:
        """The first action of this kind in the turn, if any."""
        return next((action for action in self.actions if action.kind == kind), None)


class Trick(LineNode):
    """A trick line ``n. turn turn ...``; ``star`` is the ``*`` ending the record by agreement."""

    number: int
    turns: list[Turn] = field(default_factory=list)
    star: bool = False
    comments: list[str] = field(default_factory=list)
    """Brace comments after the trick number."""


class PairLine(LineNode):
    """``pair S`` (29): seat S declares King and Queen of trumps after trick ``after_trick``."""

    seat: int
    after_trick: int


RedealReason = Literal["no-points", "no-trump", "same-suit", "four-jacks", "misdeal", "all-passed"]


class RedealLine(LineNode):
    """``redeal REASON``: the hand was thrown in and dealt again."""

    reason: RedealReason


class PenaltyLine(LineNode):
    """``penalty TEAM N why``: game points the table awarded to a team (28, 29)."""

    team: str
    points: int
    reason: str = ""


class Hand(Node):
    """One hand: its tags and body lines, in canonical order. The position is its ``[Hand]`` tag."""

    tags: list[Tag] = field(default_factory=list)
    deals: list[DealLine] = field(default_factory=list)
    bidding: Bidding | None = None
    trump: TrumpLine | None = None
    tricks: list[Trick] = field(default_factory=list)
    pairs: list[PairLine] = field(default_factory=list)
    redeal: RedealLine | None = None
    penalties: list[PenaltyLine] = field(default_factory=list)
    rummy: RummyBody | None = None
    """A Rummy deal's body lines (``recorder.rummy.model``); ``None`` in the trick games."""
    after: list[str] = field(default_factory=list)
    """Whole-line comments after the hand's last line."""

    def tag(self, name: str) -> Tag | None:
        return _find_tag(self.tags, name)

    @property
    def number(self) -> int:
        tag = self.tag("Hand")
        return int(tag.value) if tag and tag.value.isdigit() else 0

    @property
    def dealer(self) -> int | None:
        """The ``Dealer`` tag's seat, or ``None`` when the hand leaves it to the rules."""
        tag = self.tag("Dealer")
        return int(tag.value) if tag and tag.value.strip().isdigit() else None

    @property
    def result(self) -> str | None:
        tag = self.tag("Result")
        return tag.value if tag else None

    @property
    def bids(self) -> list[Bid]:
        return self.bidding.bids if self.bidding else []

    def deal_of(self, seat: int) -> DealLine | None:
        return next((deal for deal in self.deals if deal.seat == seat), None)


class Record(Node):
    """A TGN session: one table, fixed seats, any number of hands."""

    tags: list[Tag] = field(default_factory=list)
    hands: list[Hand] = field(default_factory=list)
    after: list[str] = field(default_factory=list)
    """Whole-line comments after the last tag when the file has no hands."""

    def tag(self, name: str) -> Tag | None:
        return _find_tag(self.tags, name)

    @property
    def game(self) -> str:
        tag = self.tag("Game")
        return tag.value.strip() if tag else ""

    @property
    def players(self) -> list[str]:
        tag = self.tag("Players")
        return split_list(tag.value) if tag else []

    @property
    def teams(self) -> list[str]:
        """The two team names, team 1 (odd seats) first; ``A, B`` when the file gives none."""
        tag = self.tag("Teams")
        return split_list(tag.value) if tag else ["A", "B"]

    @property
    def rules(self) -> dict[str, str]:
        """The ``Rules`` switches as written (keys lower case)."""
        tag = self.tag("Rules")
        return parse_pairs(tag.value) if tag else {}

    def team_scores(self, name: str) -> dict[str, int]:
        """A starting-score tag (``Coolies``, ``Flags``, ``Points``) by team name, 0 by default."""
        start = {team: 0 for team in self.teams}
        tag = self.tag(name)
        if tag:
            start.update({team: int(value) for team, value in parse_pairs(tag.value).items()})
        return start

    def player(self, seat: int) -> str:
        """The name at a seat, or ``seat N`` when the file does not give one."""
        return seat_name(self.players, seat)

    def to_json(self, **kwargs: Any) -> str:
        return self.model_dump_json(**kwargs)


def seat_name(names: Sequence[str], seat: int) -> str:
    """The name at a seat among a record's player names, or ``seat N`` when they give none."""
    return names[seat - 1] if 1 <= seat <= len(names) else f"seat {seat}"


def _find_tag(tags: list[Tag], name: str) -> Tag | None:
    for (
        tag
    ) in tags:  # a plain loop: asked a few times of every hand, it is twice a generator's speed
        if tag.name == name:
            return tag
    return None


def split_list(value: str) -> list[str]:
    """Split a comma-separated tag value, trimming each item."""
    return [item.strip() for item in value.split(",")] if value.strip() else []


def parse_pairs(value: str) -> dict[str, str]:
    """Read ``key=value, key=value``; items without ``=`` are skipped (the reader reports them)."""
    pairs: dict[str, str] = {}
    for item in split_list(value):
        key, sep, val = item.partition("=")
        if sep:
            pairs[key.strip()] = val.strip()
    return pairs
