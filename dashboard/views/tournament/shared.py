"""The Tournament page's view of an event, built once and shared by every phone and projector
watching it: the tournament, its tables (each group's standings, each Rummy stage's tables, the
findings) as Arrow tables, and the projector's panels, made once for each choice of panels.

Why Arrow and not the records themselves: ``st.dataframe`` turns records into a pandas frame and
that frame into Arrow on every run of the page, which was most of the page's cost with a room of
phones refreshing the standings; an Arrow table it only serialises. The cells are the records'
(``standings_records``, ``rummy_records``, ``findings_records``), in their columns' order, so the
page shows what it showed before.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import pyarrow as pa

from dashboard.views.tournament.on_now import sessions_in_progress
from dashboard.views.tournament.overview import (
    STANDING_COLUMNS,
    findings_records,
    standings_records,
)
from dashboard.views.tournament.projector import Panel, projector_panels
from dashboard.views.tournament.rummy_stages import TABLE_COLUMNS, rummy_records
from replay.tournament import Tournament

FINDING_COLUMNS = ("Severity", "Code", "File", "Line", "Message")


def arrow_table(records: Sequence[Mapping[str, object]], columns: Sequence[str]) -> pa.Table:
    """The records as an Arrow table with these columns in this order (an empty one keeps its
    columns)."""
    return pa.table({column: [record[column] for record in records] for column in columns})


@dataclass(frozen=True)
class TournamentTables:
    """The tables the Tournament page draws, by group and by Rummy stage, in the tournament's
    order."""

    groups: dict[str, pa.Table]
    rummy: dict[str, pa.Table]
    findings: pa.Table


def tournament_tables(tournament: Tournament) -> TournamentTables:
    """Every table of the tournament's page."""
    return TournamentTables(
        groups={
            group: arrow_table(standings_records(rows), STANDING_COLUMNS)
            for group, rows in tournament.groups.items()
        },
        rummy={
            name: arrow_table(rummy_records(stage), TABLE_COLUMNS)
            for name, stage in tournament.rummy.stages.items()
        },
        findings=arrow_table(findings_records(tournament.findings), FINDING_COLUMNS),
    )


@dataclass
class SharedView:
    """One build of an event's Tournament page: the tournament (``None`` when there is none), its
    tables and, made on first asking, its projector's panels for each choice of panels, so that
    the projectors and the phones watching the event share one build."""

    tournament: Tournament | None
    tables: TournamentTables | None = None
    _panels: dict[tuple[str, ...], list[Panel]] = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @classmethod
    def of(cls, tournament: Tournament | None) -> SharedView:
        tables = tournament_tables(tournament) if tournament is not None else None
        return cls(tournament, tables)

    @property
    def name(self) -> str:
        """The event's name as the projector heads its panels ("" without one)."""
        return (self.tournament.name if self.tournament is not None else None) or ""

    def panels(self, wanted: tuple[str, ...]) -> list[Panel]:
        """The projector's panels asked for (none without a tournament)."""
        if self.tournament is None:
            return []
        with self._lock:
            if wanted not in self._panels:
                on_now = sessions_in_progress(self.tournament)
                self._panels[wanted] = projector_panels(self.tournament, on_now, wanted)
            return self._panels[wanted]
