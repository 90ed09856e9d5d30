"""The Scores page's data: the running score after every hand and the per-hand table.

Built from the session's ``SessionScore`` (``replay.tricks.scoring``); which running scores a game
keeps (coolies and flags, game points, game points and sets) is the score's own ``counters``, not a
test of the game's name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from dashboard.views.text import score_pair
from dashboard.views.tricks.undertakings import outcome_words
from recorder.model import Record
from replay.findings import Finding
from replay.tricks.scoring import Counter, SessionScore

#: Labels of the running scores a game may keep, in charting order.
RUNNING_LABELS: dict[Counter, str] = {
    "coolies": "Coolies",
    "points": "Game points",
    "flags": "Flags",
    "sets": "Sets",
}

#: Counters whose rise is a moment worth marking on the charts, with its name.
MILESTONE_NAMES: dict[Counter, str] = {"flags": "flag", "sets": "set"}


@dataclass(frozen=True)
class Milestone:
    """A team won a flag or a set at the end of a hand."""

    hand: int
    team: str
    name: str


def chart_keys(score: SessionScore) -> list[Counter]:
    """The running scores to chart, the ones that move every hand first (coolies before flags)."""
    return [key for key in RUNNING_LABELS if key in score.counters]


def running_series(score: SessionScore) -> pd.DataFrame:
    """One row per team and hand (hand 0 is the start) with every running score after that hand."""
    keys = chart_keys(score)
    moments = [(0, score.start), *((line.result.hand, line.standing) for line in score.lines)]
    rows: list[dict[str, Any]] = [
        {"hand": hand, "team": team}
        | {str(key): standing.by_team(key, score.teams)[team] for key in keys}
        for hand, standing in moments
        for team in score.teams
    ]
    return pd.DataFrame(rows, columns=["hand", "team", *keys])


def milestones(series: pd.DataFrame) -> list[Milestone]:
    """The hands after which a team's flags or sets rose, in hand order."""
    found: list[Milestone] = []
    for counter in (key for key in MILESTONE_NAMES if key in series.columns):
        for team, rows in series.groupby("team", sort=False):
            ordered = rows.sort_values("hand")
            rises = ordered[ordered[counter].diff() > 0]
            found.extend(
                Milestone(int(hand), str(team), MILESTONE_NAMES[counter]) for hand in rises["hand"]
            )
    return sorted(found, key=lambda milestone: (milestone.hand, milestone.team))


def _points_text(points: int | None, target: int | None) -> str:
    if target is None:
        return "" if points is None else str(points)
    return f"{'?' if points is None else points} / {target}"


def findings_text(findings: Sequence[Finding]) -> str:
    """A hand's findings in a cell: ``revoke (Suma); bid-out-of-turn (Eli)``; empty for none."""
    return "; ".join(
        f"{finding.code} ({finding.player})" if finding.player else finding.code
        for finding in findings
    )


def hand_table(score: SessionScore, record: Record) -> pd.DataFrame:
    """The per-hand table: dealer, caller, call, trump, callers' points against target, outcome."""
    keys = chart_keys(score)
    rows = []
    for line in score.lines:
        result = line.result
        row: dict[str, Any] = {
            "Hand": result.hand,
            "Dealer": record.player(result.dealer),
            "Caller": record.player(result.caller) if result.caller else "",
            "Call": result.call.token if result.call else "",
            "Trump": result.trump.symbol if result.trump else "",
            "Points / target": _points_text(result.callers_points, result.target),
            "Outcome": outcome_words(result)
            if line.outcome == result.outcome
            else f"{line.outcome} (awarded after a revoke)",
        }
        for key in keys:
            running = line.standing.by_team(key, score.teams)
            row[RUNNING_LABELS[key]] = score_pair(running[team] for team in score.teams)
        row["How"] = "; ".join(line.notes)
        row["Findings"] = findings_text(result.findings)
        rows.append(row)
    return pd.DataFrame(rows)


def call_points(score: SessionScore, record: Record) -> pd.DataFrame:
    """The called hands with a known count: caller, call, target and the points the callers took."""
    rows = [
        {
            "hand": line.result.hand,
            "caller": record.player(line.result.caller),
            "call": line.result.call.token if line.result.call else "",
            "target": line.result.target,
            "points": line.result.callers_points,
            "outcome": line.outcome,
        }
        for line in score.lines
        if line.result.caller is not None
        if line.result.target is not None and line.result.callers_points is not None
    ]
    return pd.DataFrame(rows, columns=["hand", "caller", "call", "target", "points", "outcome"])
