"""What a replayed hand hands to scoring: the call, the callers' points and the outcome."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Literal

from recorder.cards import Call, Suit
from replay.findings import Finding

Outcome = Literal["made", "lost", "redeal", "void", "unfinished"]
Special = Literal["jodi", "thani", "kot", "marukott"]
UndertakingKind = Literal["jodi", "kot", "thani", "marukott", "pair"]
UndertakingEnd = Literal["kept", "lost", "refused", "declared", "open"]

UNDERTAKING_NAMES: dict[str, str] = {
    "jodi": "Jodi",
    "kot": "Kott",
    "thani": "Thani",
    "marukott": "Marukott",
    "pair": "pair",
}
"""Each undertaking as the rules and the table name it (``kot`` is the record's word for a Kott),
in every note, page and terminal line that says one."""


@dataclass(frozen=True)
class Penalty:
    """Game points a ``penalty`` line awards to a team (index 0 or 1), and why."""

    team: int
    points: int
    reason: str


@dataclass(frozen=True)
class Undertaking:
    """A special undertaking of the hand, or an ask answered: what, who said it, when, and how it
    ended (RULES.md §6). ``seat`` is ``None`` for a Marukott, which nobody says."""

    kind: UndertakingKind
    seat: int | None
    said: str
    """As the record writes it: ``jodi``, ``jodi?=yes``, ``kot?=no``, ``thani``, ``pair 3``."""
    trick: int | None
    """The trick it was said in (a pair: the trick after which it was declared)."""
    outcome: UndertakingEnd
    """``kept`` or ``lost`` by the hand's end; ``refused`` for an ask answered no (the hand ends,
    the callers win at their call); ``declared`` for a pair; ``open`` in a hand not finished."""

    def to_json(self) -> dict[str, object]:
        """One entry of a hand's ``undertakings`` in ``thuruppu score --json`` (CLI.md): every
        field, in order."""
        return asdict(self)


@dataclass(frozen=True)
class HandResult:
    """The outcome of one hand as the replay decided it; teams are 0 (odd seats) and 1 (even)."""

    hand: int
    dealer: int
    caller: int | None
    call: Call | None
    trump: Suit | None
    special: Special | None
    target: int | None
    """The points the callers needed, after any pair."""
    callers_points: int | None
    """Card points (and the 29 last-trick point) the callers took, ``None`` when unknown."""
    outcome: Outcome
    penalties: tuple[Penalty, ...] = ()
    findings: tuple[Finding, ...] = field(default=())
    all_tricks: bool = False
    """Whether the calling team took every trick of the hand (29: ``all-tricks-wins``)."""
    undertakings: tuple[Undertaking, ...] = ()
    """Jodi, Kott, Thani, Marukott, the answers to ``jodi?``/``kot?``, a pair: in order said."""

    @property
    def calling_team(self) -> int | None:
        """0 for the odd seats, 1 for the even seats, ``None`` without a caller."""
        return None if self.caller is None else (0 if self.caller % 2 else 1)
