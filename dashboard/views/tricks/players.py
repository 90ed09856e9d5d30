"""The Players page's data: each player's calls, points as caller, undertakings and findings.

Players are known by name across all loaded sessions. The call levels are the bands of each game's
scoring table (``replay.tricks.scoring``), looked up by the game's name.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import pandas as pd

from recorder.cards import Call, CallKind
from recorder.model import Record, seat_name
from replay.findings import Finding
from replay.tricks.scoring import COOLIE_BANDS, TOURNAMENT_TABLE, CallBand, ScoreLine, SessionScore

#: The bands a call is counted in on the Players page, per game.
CALL_LEVELS: dict[str, tuple[CallBand, ...]] = {
    "40": COOLIE_BANDS,
    "28": TOURNAMENT_TABLE.bands,
    "29": TOURNAMENT_TABLE.bands,
}

LEVEL_LABELS = {"honours": "H–H4", "h5-h9": "H5–H9", "h10": "H10"}

#: Whose undertaking a special hand is: the caller alone, the callers' team, or the other team.
SPECIAL_SIDES = {"thani": "caller", "jodi": "callers", "kot": "callers", "marukott": "others"}


@dataclass(frozen=True)
class PlayedSession:
    """What the Players page needs of a loaded session: its game and players (from its summary),
    score and findings (from its tally), none of which needs the record or the replay."""

    name: str
    game: str
    players: tuple[str, ...]
    score: SessionScore
    findings: tuple[Finding, ...]

    @classmethod
    def of(
        cls, name: str, record: Record, score: SessionScore, findings: tuple[Finding, ...]
    ) -> PlayedSession:
        """What the page needs of a record with its score and findings."""
        return cls(name, record.game, tuple(record.players), score, findings)

    def player(self, seat: int) -> str:
        """The name at a seat, as the record names it (``Record.player``)."""
        return seat_name(self.players, seat)


def call_level(game: str, call: Call) -> str:
    """The band a call belongs to (``20–24``, ``H5–H9``, ``Thani``), for grouping calls."""
    if call.kind is CallKind.THANI:
        return "Thani"
    band = next((b for b in CALL_LEVELS.get(game, ()) if b.low <= call.value <= b.high), None)
    if band is None:
        return call.token
    return LEVEL_LABELS.get(band.row, band.row.replace("-", "–"))


def _level_order(game: str) -> list[str]:
    bands = CALL_LEVELS.get(game, ())
    return [LEVEL_LABELS.get(b.row, b.row.replace("-", "–")) for b in bands] + ["Thani"]


def _called(sessions: Iterable[PlayedSession]) -> Iterator[tuple[PlayedSession, ScoreLine]]:
    for played in sessions:
        for line in played.score.lines:
            result = line.result
            if result.caller is not None and result.call is not None:
                yield played, line


def calls_by_level(sessions: Iterable[PlayedSession]) -> pd.DataFrame:
    """Calls made and lost per player, game and level (only hands that were played out)."""
    rows = [
        {
            "player": played.player(line.result.caller or 0),
            "game": played.game,
            "level": call_level(played.game, line.result.call),
            "made": int(line.outcome == "made"),
            "lost": int(line.outcome == "lost"),
        }
        for played, line in _called(sessions)
        if line.result.call is not None and line.outcome in ("made", "lost")
    ]
    frame = pd.DataFrame(rows, columns=["player", "game", "level", "made", "lost"])
    grouped = frame.groupby(["player", "game", "level"], as_index=False)[["made", "lost"]].sum()
    order = {
        (game, level): index
        for game in grouped["game"].unique()
        for index, level in enumerate(_level_order(str(game)))
    }
    ranks = [
        order.get((g, lv), len(order))
        for g, lv in zip(grouped["game"], grouped["level"], strict=True)
    ]
    return (
        grouped.assign(_rank=ranks).sort_values(["player", "game", "_rank"]).drop(columns="_rank")
    )


def caller_points(sessions: Iterable[PlayedSession]) -> pd.DataFrame:
    """Every call played out with a known count: the caller, target, points taken, margin."""
    rows = [
        {
            "player": played.player(line.result.caller or 0),
            "game": played.game,
            "session": played.name,
            "hand": line.result.hand,
            "call": line.result.call.token if line.result.call else "",
            "target": line.result.target,
            "points": line.result.callers_points,
            "margin": (line.result.callers_points or 0) - (line.result.target or 0),
            "outcome": line.outcome,
        }
        for played, line in _called(sessions)
        if line.outcome in ("made", "lost")
        if line.result.target is not None and line.result.callers_points is not None
    ]
    columns = ["player", "game", "session", "hand", "call", "target", "points", "margin", "outcome"]
    return pd.DataFrame(rows, columns=columns)


def _undertakers(players: tuple[str, ...], caller: int, side: str) -> list[int]:
    seats = range(1, len(players) + 1)
    if side == "caller":
        return [caller]
    callers_team = caller % 2
    return [seat for seat in seats if (seat % 2 == callers_team) == (side == "callers")]


def specials(sessions: Iterable[PlayedSession]) -> pd.DataFrame:
    """Jodi, Thani, Kott and Marukott hands, won or lost, for each player who undertook them."""
    rows = []
    for played, line in _called(sessions):
        special = line.result.special
        if special is None or line.outcome not in ("made", "lost"):
            continue
        side = SPECIAL_SIDES[special]
        won = (line.outcome == "made") != (side == "others")
        for seat in _undertakers(played.players, line.result.caller or 0, side):
            rows.append({"player": played.player(seat), "special": special, "won": int(won)})
    frame = pd.DataFrame(rows, columns=["player", "special", "won"])
    summary = frame.groupby(["player", "special"], as_index=False).agg(
        won=("won", "sum"), played=("won", "size")
    )
    return summary.assign(lost=summary["played"] - summary["won"]).drop(columns="played")


def findings_by_code(sessions: Iterable[PlayedSession]) -> pd.DataFrame:
    """How often each player was named in a finding, by code and severity."""
    rows = [
        {"player": finding.player, "code": finding.code, "severity": finding.severity}
        for played in sessions
        for finding in played.findings
        if finding.player
    ]
    frame = pd.DataFrame(rows, columns=["player", "code", "severity"])
    counted = frame.groupby(["player", "code", "severity"], as_index=False).size()
    return counted.rename(columns={"size": "count"}).sort_values(
        ["player", "count"], ascending=[True, False]
    )


def overview(sessions: Iterable[PlayedSession]) -> pd.DataFrame:
    """One row per player: sessions and hands played, calls made and lost, margin, findings."""
    played_list = list(sessions)
    seen: dict[str, dict[str, float]] = {}
    for played in played_list:
        for name in played.players:
            entry = seen.setdefault(name, {"sessions": 0, "hands": 0})
            entry["sessions"] += 1
            entry["hands"] += len(played.score.lines)
    levels = calls_by_level(played_list).groupby("player")[["made", "lost"]].sum()
    points = caller_points(played_list).groupby("player")["margin"].mean()
    findings = findings_by_code(played_list).groupby("player")["count"].sum()
    rows = []
    for name, entry in seen.items():
        made = int(levels["made"].get(name, 0))
        lost = int(levels["lost"].get(name, 0))
        rows.append(
            {
                "player": name,
                "sessions": int(entry["sessions"]),
                "hands": int(entry["hands"]),
                "calls": made + lost,
                "made": made,
                "lost": lost,
                "made %": round(100 * made / (made + lost)) if made + lost else None,
                "mean margin as caller": round(float(points[name]), 1) if name in points else None,
                "findings": int(findings.get(name, 0)),
            }
        )
    return pd.DataFrame(rows).sort_values("player", ignore_index=True) if rows else pd.DataFrame()


@dataclass(frozen=True)
class PlayersTables:
    """Every table of the Players page over a list of sessions, built once for that list (the
    pages read them and never change them)."""

    sessions: int
    summary: pd.DataFrame
    calls: pd.DataFrame
    points: pd.DataFrame
    specials: pd.DataFrame
    findings: pd.DataFrame


def players_tables(sessions: Iterable[PlayedSession]) -> PlayersTables:
    """The overview, calls by level, points as caller, undertakings and findings of the players."""
    played = list(sessions)
    return PlayersTables(
        len(played),
        overview(played),
        calls_by_level(played),
        caller_points(played),
        specials(played),
        findings_by_code(played),
    )


def default_player(summary: pd.DataFrame) -> str:
    """The player the page opens on: the one with the most calls played out, then the most hands,
    then the first by name, so that the detail panels have something to show."""
    ranked = summary.sort_values(
        ["calls", "hands", "player"], ascending=[False, False, True], kind="stable"
    )
    return str(ranked["player"].iloc[0])


def _cell_text(value: object) -> str:
    if pd.isna(value):
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def blank_missing(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame as a page shows it: a column with a missing value (no call, so no share made)
    becomes text with the missing cells blank, never a grey "None"; other columns stay numbers."""
    shown = frame.copy()
    for column in shown.columns:
        if shown[column].isna().any():
            shown[column] = [_cell_text(value) for value in shown[column]]
    return shown
