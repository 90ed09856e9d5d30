"""The Rummy stages of the tournament (TOURNAMENT.md §6): first-round tables, the semi finals'
standing across tables, the final's places and each player's figures, from the Rummy engine.

A table is one Rummy game (``replay_rummy``); its finishing order is the engine's. Nothing here
rescores a deal: totals, re-entries and outcomes are read from the engine's ``RummyGame``.
A withdrawn player (§9) is passed over: the next of his stage's standing takes his place. A player
at a later stage's table who does not qualify from the stage before (once that stage is complete)
is ``stale-qualifier``, a note when the director let the table stand (§10); a table's ``Players``
and first ``Dealer`` are checked against its chair draw (``draw-order``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from replay.rummy import RummyGame
from replay.tournament.description import RummyFormat
from replay.tournament.draw import read_draw
from replay.tournament.findings import TournamentFinding
from replay.tournament.matches import TournamentSession

FIRST_ROUND = "first round"
SEMI_FINAL = "semi final"
FINAL = "final"
STAGES = (FIRST_ROUND, SEMI_FINAL, FINAL)
"""The Rummy stages of a ``Stage`` tag, in the order they are played."""

OUTCOME_FIGURES = {
    "drops": ("drop",),
    "middle_drops": ("middle-drop",),
    "wrong_declarations": ("wrong-declaration",),
}
"""Per-player figures that count outcomes of a kind (RUMMY.md §3), by their JSON name."""


@dataclass(frozen=True)
class RummyTable:
    """One Rummy table of a stage: the session, its table number and the engine's game."""

    session: TournamentSession
    stage: str
    game: RummyGame

    @property
    def number(self) -> str:
        return self.session.tag("Table") or self.session.source

    @property
    def winner(self) -> str | None:
        return self.game.winner

    def place_of(self, name: str) -> int:
        """A player's place at the table, 1 for the winner."""
        return self.game.standing.index(name) + 1

    def total_of(self, name: str) -> int:
        """A player's total after the table's last deal (0 before any)."""
        deals = self.game.deals
        return deals[-1].totals.get(name, 0) if deals else 0

    def to_json(self) -> dict[str, Any]:
        return {"table": self.number, "winner": self.winner, "standing": list(self.game.standing)}


def _table_order(table: RummyTable) -> tuple[int, str]:
    number = table.number
    return (int(number), "") if number.isdigit() else (10**6, number)


@dataclass(frozen=True)
class RummyStage:
    """A stage's tables (by table number) and who goes on from it, in order."""

    tables: list[RummyTable]
    qualified: list[str]
    standing: list[str] = field(default_factory=list)
    """The semi finals' standing across tables (empty for the other stages)."""

    def to_json(self) -> dict[str, Any]:
        return {"tables": [table.to_json() for table in self.tables], "qualified": self.qualified}


def first_round(tables: Sequence[RummyTable], fmt: RummyFormat) -> RummyStage:
    """Each finished table's first ``first_round_qualify`` go on; a player who qualifies from two
    tables (two entries) is listed once, at his first."""
    ordered = sorted(tables, key=_table_order)
    qualified: list[str] = []
    for table in ordered:
        if table.winner is None:
            continue
        staying = [name for name in table.game.standing if name not in fmt.withdrawn]
        for name in staying[: fmt.first_round_qualify]:
            if name not in qualified:
                qualified.append(name)
    return RummyStage(ordered, qualified)


def semi_finals(tables: Sequence[RummyTable], fmt: RummyFormat) -> RummyStage:
    """The standing across the tables: by place at the table, then the lower final total, fewer
    re-entries, the name (§6); the first ``semi_qualify`` go to the final, once every table is
    finished."""
    ordered = sorted(tables, key=_table_order)
    entries = [
        (table.place_of(name), table.total_of(name), table.game.rejoins.get(name, 0), name)
        for table in ordered
        for name in table.game.standing
    ]
    standing = [entry[3] for entry in sorted(entries)]
    finished = bool(ordered) and all(table.winner is not None for table in ordered)
    staying = [name for name in standing if name not in fmt.withdrawn]
    qualified = staying[: fmt.semi_qualify] if finished else []
    return RummyStage(ordered, qualified, standing)


def final(tables: Sequence[RummyTable]) -> tuple[RummyStage, list[str]]:
    """The final table and its places, once it is played to the end (one player standing)."""
    ordered = sorted(tables, key=_table_order)
    decided = ordered[0] if ordered and ordered[0].winner is not None else None
    return RummyStage(ordered, []), list(decided.game.standing) if decided else []


def player_figures(tables: Sequence[RummyTable]) -> dict[str, dict[str, int]]:
    """Per player across the tournament: tables, re-entries, deals won, drops, middle drops and
    wrong declarations (``rummy.players`` of §7), by name."""
    figures: dict[str, dict[str, int]] = {}
    for table in tables:
        game = table.game
        for name in game.standing:
            entry = figures.setdefault(
                name,
                {"tables": 0, "rejoins": 0, "deals_won": 0, **dict.fromkeys(OUTCOME_FIGURES, 0)},
            )
            entry["tables"] += 1
            entry["rejoins"] += game.rejoins.get(name, 0)
        for deal in game.deals:
            if deal.winner in figures:
                figures[deal.winner]["deals_won"] += 1
            for name, outcome in deal.outcomes.items():
                for figure, kinds in OUTCOME_FIGURES.items():
                    if outcome.kind in kinds and name in figures:
                        figures[name][figure] += 1
    return dict(sorted(figures.items()))


@dataclass(frozen=True)
class RummyTournament:
    """The Rummy part: each stage played so far, the final places and the players' figures."""

    stages: dict[str, RummyStage]
    places: list[str]
    players: dict[str, dict[str, int]]

    def to_json(self) -> dict[str, Any]:
        return {
            "stages": {name: stage.to_json() for name, stage in self.stages.items()},
            "places": self.places,
            "players": self.players,
        }


def rummy_tournament(tables: Sequence[RummyTable], fmt: RummyFormat) -> RummyTournament:
    """The stages of the tables given (a stage without tables is left out); a withdrawn player's
    place goes to the next of his stage's standing."""
    by_stage = {stage: [table for table in tables if table.stage == stage] for stage in STAGES}
    stages: dict[str, RummyStage] = {}
    places: list[str] = []
    if by_stage[FIRST_ROUND]:
        stages[FIRST_ROUND] = first_round(by_stage[FIRST_ROUND], fmt)
    if by_stage[SEMI_FINAL]:
        stages[SEMI_FINAL] = semi_finals(by_stage[SEMI_FINAL], fmt)
    if by_stage[FINAL]:
        stages[FINAL], places = final(by_stage[FINAL])
    return RummyTournament(stages, places, player_figures(tables))


def stale_qualifiers(
    rummy: RummyTournament, tables: Sequence[RummyTable], stands: frozenset[str] = frozenset()
) -> list[TournamentFinding]:
    """``stale-qualifier``: a player at a semi-final or final table who does not qualify from the
    stage before, once that stage is complete (every table finished); a ``stands`` note when the
    director let that table stand."""
    findings: list[TournamentFinding] = []
    for earlier, later in ((FIRST_ROUND, SEMI_FINAL), (SEMI_FINAL, FINAL)):
        stage = rummy.stages.get(earlier)
        if stage is None or not all(table.winner is not None for table in stage.tables):
            continue
        for table in tables:
            if table.stage != later:
                continue
            for name in table.game.standing:
                if name in stage.qualified:
                    continue
                session = table.session
                standing = session.key in stands
                message = (
                    f"{later} table {table.number}: {name} does not qualify from the {earlier} "
                    f"(qualified: {', '.join(stage.qualified)})"
                    + ("; the table stands as played" if standing else "")
                )
                code = "stands" if standing else "stale-qualifier"
                line = session.tag_line("Players")
                findings.append(TournamentFinding(code, session.source, line, message))
    return findings


def draw_findings(table: RummyTable) -> list[TournamentFinding]:
    """``bad-draw`` for a ``Draw`` tag that does not settle the chairs; ``draw-order`` for
    ``Players`` or hand 1's ``Dealer`` that do not follow it."""
    session = table.session
    text = session.tag("Draw")
    if text is None:
        return []
    draw = read_draw(text)
    line = session.tag_line("Draw")
    if draw.problems:
        return [TournamentFinding("bad-draw", session.source, line, "; ".join(draw.problems))]
    findings = []
    players = tuple(session.record.players)
    if players != draw.chairs:
        message = (
            f"Players {', '.join(players)}: the draw gives the chairs {', '.join(draw.chairs)}"
        )
        findings.append(
            TournamentFinding("draw-order", session.source, session.tag_line("Players"), message)
        )
    hands = session.record.hands
    dealer = hands[0].dealer if hands else None
    if dealer is not None and dealer != draw.dealer:
        message = (
            f"hand 1 Dealer {dealer}: the draw gives seat {draw.dealer} "
            f"({draw.chairs[-1]}, the lowest card)"
        )
        tag = hands[0].tag("Dealer")
        line = tag.line if tag else hands[0].line
        findings.append(TournamentFinding("draw-order", session.source, line, message))
    return findings
