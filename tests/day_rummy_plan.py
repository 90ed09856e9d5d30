"""Rummy tables planned for a test of the day: every deal's cut joker and each player's outcome,
drawn at random (the winner, a count, a drop or a middle drop), until one player is left; and
what the engine makes of such a plan, so that a day can schedule its final before it is played.

A plan is tapped in as the Rummy Record page takes it: the joker, then each outcome (the winner
named by its own tap now and then), then the next deal while the table goes on."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from recorder import loads
from replay.rummy import replay_rummy

LIMIT = 250
"""A player whose total passes it is out (RUMMY.md §6, the house limit)."""
DRAW_CARDS = ("AS", "KS", "QS", "JS", "TS", "9S", "8S")
"""The chair draw's cards: the first player drawn highest, so chairs follow the listed order."""
JOKERS = tuple(f"{rank}{suit}" for rank in "23456789TJQK" for suit in "SHDC")


@dataclass(frozen=True)
class Outcome:
    """One player's outcome in a deal: ``count`` (with its points), ``drop``, ``middle-drop``, or
    ``winner`` (the page's Winner tap: he needs no line)."""

    kind: str
    points: int = 0


@dataclass(frozen=True)
class Deal:
    joker: str
    outcomes: dict[str, Outcome]
    """In the order tapped."""


def draw_of(players: Sequence[str]) -> str:
    """A chair draw giving the chairs in the order listed (the last one shuffles deal 1)."""
    return ", ".join(f"{name}={card}" for name, card in zip(players, DRAW_CARDS, strict=False))


def plan_table(players: Sequence[str], rng: random.Random) -> list[Deal]:
    """Deals until one player is left: each a random winner among the players still in, the
    others a count (20 to 100), a drop or a middle drop, in a random order."""
    totals = dict.fromkeys(players, 0)
    deals: list[Deal] = []
    while len(playing := [name for name in players if totals[name] <= LIMIT]) > 1:
        winner = rng.choice(playing)
        losers = [name for name in playing if name != winner]
        rng.shuffle(losers)
        outcomes: dict[str, Outcome] = {}
        if rng.random() < 0.5:
            outcomes[winner] = Outcome("winner")
        for name in losers:
            kind = rng.choices(("count", "drop", "middle-drop"), weights=(6, 1, 1))[0]
            points = {"drop": 25, "middle-drop": 50}.get(kind) or rng.randint(20, 100)
            outcomes[name] = Outcome(kind, points)
            totals[name] += points
        deals.append(Deal(rng.choice(JOKERS), outcomes))
    return deals


def plan_text(players: Sequence[str], deals: Sequence[Deal]) -> str:
    """The plan as a Rummy record's text (chairs in the listed order)."""
    lines = ['[Game "rummy"]', f'[Players "{", ".join(players)}"]']
    for number, deal in enumerate(deals, start=1):
        lines += ["", f'[Hand "{number}"]']
        if number == 1:
            lines.append(f'[Dealer "{len(players)}"]')
        lines.append(f"joker {deal.joker}")
        for name, outcome in deal.outcomes.items():
            seat = players.index(name) + 1
            if outcome.kind == "count":
                lines.append(f"count {seat}: {outcome.points}")
            elif outcome.kind == "drop":
                lines.append(f"drop {seat}")
            elif outcome.kind == "middle-drop":
                lines.append(f"drop {seat} middle")
    return "\n".join(lines) + "\n"


def standing(players: Sequence[str], deals: Sequence[Deal]) -> list[str]:
    """The table's finishing order as the engine gives it."""
    game = replay_rummy(loads(plan_text(players, deals)))
    assert game.winner is not None
    return list(game.standing)
