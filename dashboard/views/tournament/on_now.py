"""What is on now: every 28 match in progress with its live score, every Rummy table still being
played with each player's total and who is out.

``sessions_in_progress`` reads them from a ``Tournament`` as it stands (a match not finished, a
table without a winner); the projector's "on now" panel and anything else that lists the play in
progress take a plain list of ``LiveMatch`` and ``LiveTable``, so that a schedule (TOURNAMENT.md §8:
each table's current match) can give that list later instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from replay.tournament import Match, Tournament
from replay.tournament.rummy_stages import RummyTable


@dataclass(frozen=True)
class LiveMatch:
    """A 28 match being played: its stage, slot, table, teams, points and shuffles so far."""

    stage: str
    label: str | None
    table: str | None
    teams: tuple[str, str]
    points: tuple[int, int]
    shuffles: int
    due: int
    key: str | None = None

    @property
    def progress(self) -> str:
        """``shuffle 5 of 12``, ``level after 12: shuffle 13`` in a knockout match played on."""
        if self.shuffles >= self.due:
            return f"level after {self.due}: {self.shuffles} shuffles"
        return f"{self.shuffles} of {self.due} shuffles"


@dataclass(frozen=True)
class Seat:
    """A Rummy player at a table: his total after the last deal and whether he is out."""

    name: str
    total: int
    out: bool


@dataclass(frozen=True)
class LiveTable:
    """A Rummy table being played: its stage, number, deals so far and every player's seat."""

    stage: str
    table: str
    deals: int
    seats: tuple[Seat, ...]
    key: str | None = None


OnNow = LiveMatch | LiveTable
"""One thing being played."""


def live_match(match: Match) -> LiveMatch:
    """A 28 match as it stands."""
    return LiveMatch(
        stage=match.stage,
        label=match.label,
        table=match.session.tag("Table"),
        teams=match.teams,
        points=match.points,
        shuffles=match.recorded,
        due=match.shuffles_due,
        key=match.session.key,
    )


def live_table(table: RummyTable) -> LiveTable:
    """A Rummy table as it stands: players in chair order, each with his total and whether he is
    out after the last deal recorded."""
    game = table.game
    players = game.record.players if game.record else list(game.standing)
    last = game.deals[-1] if game.deals else None
    seats = tuple(
        Seat(name, last.totals.get(name, 0) if last else 0, bool(last and name in last.out))
        for name in players
    )
    return LiveTable(table.stage, table.number, len(game.deals), seats, table.session.key)


def sessions_in_progress(tournament: Tournament) -> list[OnNow]:
    """Every match not finished (group and knockout, in the order read) and every Rummy table
    without a winner (stage by stage, by table number)."""
    matches: list[OnNow] = [live_match(m) for m in tournament.matches if not m.finished]
    tables: list[OnNow] = [
        live_table(table)
        for stage in tournament.rummy.stages.values()
        for table in stage.tables
        if table.winner is None
    ]
    return matches + tables
