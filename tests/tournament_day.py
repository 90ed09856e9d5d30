"""A tournament day in progress written as files, for the projector's and the printables' tests.

``write_cup``: 16 teams in four groups of four, the group stage over, the quarter finals half
played (QF1 and QF2 decided, QF3 under way, QF4 not started) and three Rummy first-round tables
under way, each with a player out. ``write_group_day``: another event of four teams with a group
match in progress. Every 28 match is random legal hands (``tests.tournament_helpers``); every Rummy
table is written as TGN and read back by the engine. Each event's ``tournament.toml`` sits in a
folder of its own, the sessions beside.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path

from recorder import dumps, read
from replay.tournament import TournamentSession, build_tournament, read_description
from tests.tournament_helpers import Sessions, roster, round_robin, team_names

CUP = "Test Cup"
GROUP_DAY = "Group Day"
SHUFFLES, FINAL_SHUFFLES = 4, 6
RUMMY_TABLES = {
    "1": (("Anu", "Babu", "Cini", "Deepu"), "Deepu"),
    "2": (("Eli", "Fathima", "Gopi", "Hari"), "Hari"),
    "3": (("Ivy", "Jomon", "Kannan", "Lata"), "Lata"),
}
"""The cup's Rummy tables: their players in chair order and the one already out."""


def description(name: str, groups: Mapping[str, str]) -> str:
    lines = [
        f'name = "{name}"',
        "[28]",
        f"shuffles = {SHUFFLES}",
        f"final_shuffles = {FINAL_SHUFFLES}",
        "group_games = 3",
    ]
    for team, group in groups.items():
        players = ", ".join(f'"{player}"' for player in roster(team))
        lines += [
            "[[28.teams]]",
            f'name = "{team}"',
            f"players = [{players}]",
            f'group = "{group}"',
        ]
    return "\n".join(lines) + "\n"


def rummy_text(
    players: Sequence[str],
    deals: Sequence[Mapping[str, int]],
    *,
    event: str,
    stage: str,
    table: str,
) -> str:
    """A Rummy game in TGN: in each deal the players named lose their count; the one left wins."""
    lines = [
        '[Game "rummy"]',
        f'[Players "{", ".join(players)}"]',
        f'[Event "{event}"]',
        f'[Stage "{stage}"]',
        f'[Table "{table}"]',
    ]
    for number, deal in enumerate(deals, start=1):
        lines += ["", f'[Hand "{number}"]', *(['[Dealer "1"]'] if number == 1 else [])]
        lines.append("joker 7H")
        lines += [f"count {players.index(name) + 1}: {points}" for name, points in deal.items()]
    return "\n".join(lines) + "\n"


def table_in_progress(players: Sequence[str], out: str) -> list[dict[str, int]]:
    """Three deals won by the first player; ``out`` passes 250 in the third, the others do not."""
    others = [name for name in players[1:] if name != out]
    return [
        {others[0]: 80, others[1]: 40, out: 100},
        {others[0]: 60, others[1]: 40, out: 100},
        {others[0]: 20, out: 80},
    ]


def long_table(players: Sequence[str], deals: int) -> list[dict[str, int]]:
    """``deals`` deals of small counts, the winner turning round the table: nobody goes out."""
    played = []
    for number in range(deals):
        winner = players[number % len(players)]
        played.append({name: 2 + (number + seat) % 5 for seat, name in enumerate(players)})
        del played[-1][winner]
    return played


def _write(folder: Path, session: TournamentSession, name: str) -> None:
    (folder / name).write_text(dumps(session.record), encoding="utf-8")


def _check_rummy(text: str, source: str) -> None:
    result = read(text, source)
    assert result.errors == [] and result.record is not None, result.errors


def write_cup(folder: Path, seed: int = 16) -> None:
    """The 16-team cup in the middle of its quarter finals (see the module docstring)."""
    rng = random.Random(seed)
    teams = team_names(16)
    groups = {team: "ABCD"[index % 4] for index, team in enumerate(teams)}
    toml = description(CUP, groups)
    (folder / "cup").mkdir(parents=True, exist_ok=True)
    (folder / "cup" / "tournament.toml").write_text(toml, encoding="utf-8")
    sessions = Sessions(rng, SHUFFLES, event=CUP)
    for group in "ABCD":
        members = [team for team in teams if groups[team] == group]
        for round_, pairs in enumerate(round_robin(members, 3), start=1):
            for pair in pairs:
                sessions.play("group", pair, round_=round_)
    parsed, problems = read_description(toml, "tournament.toml")
    assert problems == []
    slots = {slot.label: slot.teams for slot in build_tournament(sessions.made, parsed).bracket}
    for label in ("QF1", "QF2"):
        first, second = slots[label]
        assert first is not None and second is not None
        sessions.play("quarter final", (first, second), label=label)
    first, second = slots["QF3"]
    assert first is not None and second is not None
    sessions.play("quarter final", (first, second), label="QF3", shuffles=2, knockout_goes_on=False)
    for number, session in enumerate(sessions.made, start=1):
        _write(folder, session, f"cup-{number:03d}.tgn")
    for table, (players, out) in RUMMY_TABLES.items():
        text = rummy_text(
            players, table_in_progress(players, out), event=CUP, stage="first round", table=table
        )
        _check_rummy(text, f"cup-rummy-{table}.tgn")
        (folder / f"cup-rummy-{table}.tgn").write_text(text, encoding="utf-8")


def write_group_day(folder: Path, seed: int = 4) -> None:
    """Four teams, the first round played and a second-round match after two of its shuffles."""
    rng = random.Random(seed)
    teams = ["Tuskers", "Vallams", "Chendas", "Theyyams"]
    (folder / "groupday").mkdir(parents=True, exist_ok=True)
    toml = description(GROUP_DAY, dict.fromkeys(teams, "A"))
    (folder / "groupday" / "tournament.toml").write_text(toml, encoding="utf-8")
    sessions = Sessions(rng, SHUFFLES, event=GROUP_DAY)
    rounds = round_robin(teams, 2)
    for pair in rounds[0]:
        sessions.play("group", pair, round_=1)
    sessions.play("group", rounds[1][0], round_=2, shuffles=2)
    for number, session in enumerate(sessions.made, start=1):
        _write(folder, session, f"groupday-{number:03d}.tgn")
