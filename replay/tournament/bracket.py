"""The knockout (TOURNAMENT.md §5): seeding from the group standings, the slots, their results.

The bracket's shape is data (``QUARTER_FINALS``, ``SEMI_FINALS_ONLY``, ``FINALS``): each slot takes
its two sides from a seed or from another slot's winner or loser. A recorded knockout session fills
the slot of its stage whose two teams it names; one no slot pairs is a ``wrong-pairing`` finding,
unless the director let it stand as played (a ``stands`` note: it fills the slot its ``Match`` tag
names, with the teams that played). Until then such a session stays visible, marked, as the
``stale`` match of the slot its ``Match`` tag names (when that slot has no match): it counts for
nothing but is not lost from the bracket. A slot with a withdrawn team (§9) and no session is a
walkover to the other team, made by the ``walkover`` function the tournament gives.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from replay.tournament.findings import TournamentFinding
from replay.tournament.matches import FINAL, LOSERS_FINAL, QUARTER_FINAL, SEMI_FINAL, Match
from replay.tournament.standings import StandingRow, Tally, standings

QUARTER_FINALS_FROM = 16
"""With this many teams or more the top 8 play quarter finals; with fewer the top 4 semi finals."""


@dataclass(frozen=True)
class Side:
    """Where one side of a slot comes from: a seed (``group 3``), or a slot's winner or loser."""

    kind: Literal["seed", "winner", "loser"]
    seed: int = 0
    slot: str = ""

    def __str__(self) -> str:
        return f"group {self.seed}" if self.kind == "seed" else f"{self.kind} of {self.slot}"


@dataclass(frozen=True)
class Layout:
    """One slot of the bracket's shape: its label, its stage and its upper and lower side."""

    label: str
    stage: str
    upper: Side
    lower: Side


def _seeded(label: str, stage: str, upper: int, lower: int) -> Layout:
    return Layout(label, stage, Side("seed", upper), Side("seed", lower))


def _fed(
    label: str, stage: str, kind: Literal["winner", "loser"], upper: str, lower: str
) -> Layout:
    return Layout(label, stage, Side(kind, slot=upper), Side(kind, slot=lower))


QUARTER_FINALS = (
    _seeded("QF1", QUARTER_FINAL, 1, 8),
    _seeded("QF2", QUARTER_FINAL, 2, 7),
    _seeded("QF3", QUARTER_FINAL, 3, 6),
    _seeded("QF4", QUARTER_FINAL, 4, 5),
    _fed("SF1", SEMI_FINAL, "winner", "QF1", "QF4"),
    _fed("SF2", SEMI_FINAL, "winner", "QF2", "QF3"),
)
SEMI_FINALS_ONLY = (_seeded("SF1", SEMI_FINAL, 1, 4), _seeded("SF2", SEMI_FINAL, 2, 3))
FINALS = (
    _fed("LF", LOSERS_FINAL, "loser", "SF1", "SF2"),
    _fed("F", FINAL, "winner", "SF1", "SF2"),
)


def layout_for(team_count: int) -> tuple[Layout, ...]:
    """The bracket's shape for a tournament of this many teams (none below four)."""
    if team_count < 4:
        return ()
    first = QUARTER_FINALS if team_count >= QUARTER_FINALS_FROM else SEMI_FINALS_ONLY
    return first + FINALS


@dataclass(frozen=True)
class Slot:
    """A knockout match of the bracket: its teams (``None`` while not known), and its session."""

    layout: Layout
    teams: tuple[str | None, str | None]
    match: Match | None = None
    stale: Match | None = None
    """A session recorded for this slot whose pairing no longer follows (``wrong-pairing``): shown,
    marked, until the director lets it stand or voids or replaces it; it decides nothing."""

    @property
    def label(self) -> str:
        return self.layout.label

    def stale_text(self) -> str:
        """The stale match in words (empty without one): who played, the result, what is awaited."""
        if self.stale is None:
            return ""
        first, second = self.stale.teams
        points = self.stale.points_of(first)
        return (
            f"stale: {first} v {second} {points[0]}–{points[1]} no longer follows the bracket; "
            "the director lets it stand or replaces it"
        )

    @property
    def sources(self) -> tuple[str, str]:
        return str(self.layout.upper), str(self.layout.lower)

    @property
    def walkover(self) -> bool:
        return self.match is not None and self.match.walkover is not None

    @property
    def points(self) -> tuple[int, int] | None:
        """Both sides' game points in slot order; ``None`` before a session is recorded and in a
        walkover."""
        if self.match is None or self.teams[0] is None or self.walkover:
            return None
        return self.match.points_of(self.teams[0])

    @property
    def winner(self) -> str | None:
        return self.match.winner if self.match else None

    @property
    def loser(self) -> str | None:
        return self.match.loser if self.match else None

    @property
    def shuffles(self) -> int:
        return self.match.shuffles if self.match else 0

    @property
    def decided(self) -> bool:
        return self.winner is not None

    def shown(self) -> str:
        """The slot's pairing in words: its teams, or where they come from."""
        names = [team or source for team, source in zip(self.teams, self.sources, strict=True)]
        return f"{self.label} {names[0]} v {names[1]}"

    def to_json(self) -> dict[str, Any]:
        """The slot as one entry of ``bracket`` (TOURNAMENT.md §7)."""
        points = self.points
        return {
            "match": self.label,
            "teams": list(self.teams),
            "from": list(self.sources),
            "points": list(points) if points else None,
            "winner": self.winner,
            "shuffles": self.shuffles,
            "walkover": self.walkover,
        }


def seeding(
    groups: Mapping[str, list[StandingRow]],
    tallies: Mapping[str, Tally],
    matches: Sequence[Match],
    tiebreak: Sequence[str],
    decided: Sequence[str],
) -> list[str | None]:
    """The overall order for seeding: by place in the group, then by the ranking rules across the
    groups (§5). A team whose place an unresolved tie leaves open is ``None``."""
    order: list[str | None] = []
    places = max((len(rows) for rows in groups.values()), default=0)
    for place in range(places):
        at_place = [rows[place] for rows in groups.values() if place < len(rows)]
        open_in_group = {row.team for row in at_place if row.unresolved}
        teams = [row.team for row in at_place]
        across = standings(teams, tallies, matches, tiebreak, decided)
        for row in across:
            order.append(None if row.unresolved or row.team in open_in_group else row.team)
    return order


WalkoverMaker = Callable[[Layout, tuple[str, str], str], Match]
"""Makes the walkover of a slot: its layout, its two teams, the team that goes on."""


def draw_bracket(
    seeds: Sequence[str | None],
    team_count: int,
    knockout: Sequence[Match],
    withdrawn: Collection[str] = (),
    stands: Collection[str] = (),
    walkover: WalkoverMaker | None = None,
) -> tuple[list[Slot], list[TournamentFinding]]:
    """The slots, filled in stage order from the seeds and the recorded knockout sessions;
    ``stands`` holds the session keys the director let stand as played."""
    slots: dict[str, Slot] = {}
    findings: list[TournamentFinding] = []
    shape = layout_for(team_count)
    for stage in dict.fromkeys(layout.stage for layout in shape):
        drawn = [_teams_of(layout, seeds, slots) for layout in shape if layout.stage == stage]
        recorded = [match for match in knockout if match.stage == stage]
        used: set[int] = set()
        for layout, teams in drawn:
            found = [m for m in recorded if None not in teams and m.between(teams)]
            match = found[0] if found else None
            first_source = match.session.source if match else ""
            for extra in found[1:]:
                findings.append(
                    _finding(
                        extra,
                        "duplicate-match",
                        f"{extra.pairing} is recorded twice; {first_source} counts",
                    )
                )
            used.update(id(m) for m in found)
            if match is not None and match.label and match.label != layout.label:
                message = f"{match.pairing} is {layout.label} of the bracket, not {match.label}"
                findings.append(_finding(match, "match-label", message))
            if match is None and walkover is not None:
                match = _withdrawal(layout, teams, withdrawn, walkover)
            slots[layout.label] = Slot(layout, teams, match)
        pairs = ", ".join(slots[layout.label].shown() for layout, _ in drawn)
        for match in recorded:
            if id(match) in used:
                continue
            standing = match.session.key in stands
            slot = slots.get(match.label or "")
            if standing and slot is not None and slot.layout.stage == stage and not slot.match:
                message = (
                    f"{match.pairing} stands as played in {slot.label} "
                    f"(the bracket pairs {slot.shown()})"
                )
                findings.append(_finding(match, "stands", message))
                slots[slot.label] = Slot(slot.layout, match.teams, match)
                continue
            message = f"{match.pairing} is no match of the bracket, which pairs {pairs}"
            findings.append(_finding(match, "wrong-pairing", message))
            if slot is not None and slot.layout.stage == stage and not slot.match:
                slots[slot.label] = Slot(slot.layout, slot.teams, None, slot.stale or match)
    return list(slots.values()), findings


def _withdrawal(
    layout: Layout,
    teams: tuple[str | None, str | None],
    withdrawn: Collection[str],
    walkover: WalkoverMaker,
) -> Match | None:
    """The walkover of a slot where exactly one known team has withdrawn."""
    first, second = teams
    if first is None or second is None or (first in withdrawn) == (second in withdrawn):
        return None
    return walkover(layout, (first, second), second if first in withdrawn else first)


def _teams_of(
    layout: Layout, seeds: Sequence[str | None], slots: Mapping[str, Slot]
) -> tuple[Layout, tuple[str | None, str | None]]:
    return layout, (_team_of(layout.upper, seeds, slots), _team_of(layout.lower, seeds, slots))


def _team_of(side: Side, seeds: Sequence[str | None], slots: Mapping[str, Slot]) -> str | None:
    if side.kind == "seed":
        return seeds[side.seed - 1] if side.seed <= len(seeds) else None
    slot = slots.get(side.slot)
    if slot is None:
        return None
    return slot.winner if side.kind == "winner" else slot.loser


def _finding(match: Match, code: str, message: str) -> TournamentFinding:
    session = match.session
    return TournamentFinding(code, session.source, session.tag_line("Stage", "Teams"), message)


def places(slots: Sequence[Slot]) -> list[str | None]:
    """Places 1 to 4: the final's winner and loser, then the losers' final's (``None`` unknown)."""
    by_label = {slot.label: slot for slot in slots}
    final, losers = by_label.get("F"), by_label.get("LF")
    result: list[str | None] = []
    for slot in (final, losers):
        result.extend([slot.winner, slot.loser] if slot else [None, None])
    return result
