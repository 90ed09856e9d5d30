"""The fair verdicts as the Coaching page shows them: a player's decisions ranked by what they cost
on what he could know, both verdicts side by side, a score per hand, and drills.

Pure: it reads ``replay.fair``'s ``FairHand`` (docs/ANALYSIS.md, "Fair verdicts") and the engine's
steps (a drill's position is the player's own view, ``TableState.view``); the page lays it out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from dashboard.views.cards import card_label
from recorder.cards import Card
from replay.fair import FAIR_THRESHOLDS, FairHand, FairJudgement
from replay.tricks import Step, TableState

SEVERITIES = ("every judged card", "inaccuracy", "mistake", "blunder")
"""The severity filter: the least fair label a listed decision has."""
_RANK = {None: 0, "inaccuracy": 1, "mistake": 2, "blunder": 3}
FAIR_COLUMNS = [
    "Played",
    "Fair label",
    "Chance lost",
    "Better",
    "Points lost",
    "All hands",
    "Verdict",
    "Deals",
    "Session",
    "Hand",
    "Trick",
]
"""The decision first (the card, its label, the chance it lost, the better card: what fits the
first screen of a phone), then the rest of both verdicts, then where it was."""


@dataclass(frozen=True)
class SessionHand:
    """A fairly analysed hand with the session it belongs to and its replay steps."""

    session: str
    hand: FairHand
    steps: tuple[Step, ...]
    caller: int | None


def _theirs(hands: Sequence[SessionHand], player: str) -> list[tuple[SessionHand, FairJudgement]]:
    return [
        (hand, decision)
        for hand in hands
        for decision in hand.hand.decisions
        if decision.player == player and decision.skipped is None
    ]


def _choice_label(key: str) -> str:
    words = key.split()
    try:
        card = card_label(Card.parse(words[-1]))
    except ValueError:
        return key
    return f"{words[0]} {card}" if len(words) == 2 else card


def fair_table(hands: Sequence[SessionHand], player: str, severity: str) -> pd.DataFrame:
    """The player's judged decisions at least as severe as ``severity``, costliest first (chance
    of the call lost, then points)."""
    least = SEVERITIES.index(severity) if severity in SEVERITIES else 0
    rows: list[tuple[tuple[float, float], dict[str, object]]] = []
    for hand, decision in _theirs(hands, player):
        if _RANK[decision.label] < least:
            continue
        all_hands = decision.all_hands
        order = (-decision.chance_lost, -decision.points_lost)
        rows.append(
            (
                order,
                {
                    "Session": hand.session,
                    "Hand": hand.hand.number,
                    "Trick": decision.trick,
                    "Played": _choice_label(decision.played),
                    "Fair label": decision.label or "",
                    "Chance lost": f"{decision.chance_lost:.2f} ± {decision.chance_error:.2f}",
                    "Points lost": f"{decision.points_lost:.1f} ± {decision.points_error:.1f}",
                    "All hands": f"cost {all_hands.cost}"
                    + (", lost the call" if decision.all_hands_chance_lost else ""),
                    "Verdict": decision.agreement or "",
                    "Better": ", ".join(_choice_label(key) for key in decision.best),
                    "Deals": decision.samples,
                },
            )
        )
    rows.sort(key=lambda pair: pair[0])
    return pd.DataFrame([row for _, row in rows], columns=FAIR_COLUMNS)


def hand_scores(hands: Sequence[SessionHand], player: str) -> pd.DataFrame:
    """Per hand, the player's judged decisions and the share within tolerance."""
    rows = []
    for hand in hands:
        seats = {d.seat for d in hand.hand.decisions if d.player == player}
        for seat in sorted(seats):
            score = hand.hand.score(seat)
            judged = [d for d in hand.hand.decisions if d.seat == seat and d.skipped is None]
            if score is None:
                continue
            rows.append(
                {
                    "Session": hand.session,
                    "Hand": hand.hand.number,
                    "Judged": len(judged),
                    "Within tolerance": sum(d.within_tolerance for d in judged),
                    "Score": f"{score:.0%}",
                }
            )
    return pd.DataFrame(rows, columns=["Session", "Hand", "Judged", "Within tolerance", "Score"])


@dataclass(frozen=True)
class Drill:
    """ "Find the better card": a decision the fair verdict labels, from the player's own seat."""

    session: str
    hand: int
    trick: int
    seat: int
    situation: tuple[str, ...]
    """What the player saw: his cards, the trick so far, the trump as he knew it."""
    options: tuple[str, ...]
    """The choices, as the player could tell them apart (keys of ``chances``)."""
    chances: dict[str, float]
    """Per choice, the chance of the call's outcome the player's team played for."""
    played: str
    best: tuple[str, ...]

    def label(self, option: str) -> str:
        return _choice_label(option)

    def accepts(self, option: str) -> bool:
        """Whether the choice is within tolerance of the best one."""
        top = max(self.chances.values())
        return top - self.chances[option] < FAIR_THRESHOLDS.tolerance

    @property
    def solution(self) -> str:
        best = ", ".join(_choice_label(key) for key in self.best)
        figures = "; ".join(f"{_choice_label(key)} {self.chances[key]:.0%}" for key in self.options)
        return (
            f"Best on what you could know: {best}. You played {_choice_label(self.played)}. "
            f"Chance of your side's aim with each: {figures}."
        )


def drills(hands: Sequence[SessionHand], player: str) -> list[Drill]:
    """The player's decisions outside tolerance (they lost a tenth of the call's chance or more
    against the best choice on what he knew), costliest first, as drills."""
    found = []
    for hand, decision in _theirs(hands, player):
        if decision.within_tolerance:
            continue
        callers = hand.caller is not None and (decision.seat - 1) % 2 == (hand.caller - 1) % 2
        chances = {
            key: chance if callers else 1.0 - chance for key, _points, chance in decision.choices
        }
        found.append(
            (
                -decision.chance_lost,
                Drill(
                    session=hand.session,
                    hand=hand.hand.number,
                    trick=decision.trick,
                    seat=decision.seat,
                    situation=_situation(hand.steps, decision),
                    options=tuple(chances),
                    chances=chances,
                    played=decision.played,
                    best=decision.best,
                ),
            )
        )
    found.sort(key=lambda pair: pair[0])
    return [drill for _, drill in found]


def _situation(steps: Sequence[Step], decision: FairJudgement) -> tuple[str, ...]:
    """The player's own view at the decision itself, as his turn began: his cards, the trick in
    progress (nothing when he leads: the trick before is gathered), the points so far (that trick
    counted), the trump as he knew it then."""
    at = next(
        (
            index
            for index, step in enumerate(steps)
            if step.event.trick == decision.trick
            and step.event.seat == decision.seat
            and step.event.kind in ("action", "card")
        ),
        None,
    )
    if not at:
        return ()
    before, after = steps[at - 1].state, steps[at].state
    view = before.view(decision.seat)
    leads = before.trick != decision.trick
    plays = () if leads else view.trick_plays
    points = after.points if leads else before.points  # a lead's step counts the trick before
    cards = " ".join(card_label(card) for card in view.hands[decision.seat - 1])
    trick = ", ".join(f"seat {play.seat}: {card_label(play.card)}" for play in plays if play.card)
    lines = [f"Your cards: {cards}", f"On the table: {trick or 'nothing (you lead)'}"]
    lines.append(_trump_line(view))
    lines.append(f"Points so far: team 1 {points[0]}, team 2 {points[1]}")
    return tuple(lines)


def _trump_line(view: TableState) -> str:
    """The trump as the seat of ``view`` knows it: still hidden from him, his own face-down card,
    or turned up (and in which trick)."""
    if view.trump is None:
        return "Trump: still face down, not known to you"
    if view.revealed:
        shown = f" (turned up in trick {view.revealed_in})" if view.revealed_in else ""
        return f"Trump: {view.trump.symbol}{shown}"
    face_down = f" (your face-down card {card_label(view.face_down)})" if view.face_down else ""
    return f"Trump: {view.trump.symbol}{face_down}"


AGREED = {
    True: "both agree: a mistake that cost the call",
    False: "both agree: the call's outcome was not lost by it",
}
"""Why the two verdicts agree, by whether they condemn the card."""
PARTED = {
    "unlucky": "unlucky: only with every card face up does it lose the call; on what the player "
    "could know it was sound",
    "missed": "missed: on what the player could know a better card was there; with the cards as "
    "they lay it happened not to change the call",
}
"""Why the two verdicts part, by the agreement's name (ANALYSIS.md, *Fair verdicts*)."""


def verdict_words(decision: dict[str, Any], player: str) -> str:
    """One judged decision (``FairJudgement.to_json``) in words a player reads without the
    docs: what the fair side says, what the all-hands side says, and why they agree or part,
    every number with its unit."""
    fair, all_hands = decision["fair"], decision["all_hands"]
    points = fair["points_lost"]
    more_or_fewer = "fewer" if points >= 0 else "more"
    best = ", ".join(_choice_label(key) for key in decision["best"])
    fair_part = (
        f"on what {player} could know ({decision['samples']} deals): "
        f"{fair['label'] or 'fine'}, {fair['chance_lost']:.0%} ± {fair['chance_error']:.0%} "
        f"less chance of the call's outcome than {best}, {abs(points):.1f} ± "
        f"{fair['points_error']:.1f} card points {more_or_fewer} than it"
    )
    outcome = "turned the call's outcome" if all_hands["chance_lost"] else "the call unchanged"
    all_part = (
        f"with every card face up: {all_hands['cost']} card points given away "
        f"({all_hands['label'] or 'fine'} by card points), {outcome}"
    )
    verdict = decision["verdict"]
    condemned = fair["label"] in ("mistake", "blunder") or bool(all_hands["chance_lost"])
    why = AGREED[condemned] if verdict == "agreed" else PARTED[verdict]
    return f"{fair_part} | {all_part} -> {why}"


def fair_line_at(hand: FairHand, steps: Sequence[Step], index: int) -> str | None:
    """The fair verdict on the card played at step ``index``, in one line beside the all-hands
    one; ``None`` at a step that is not a judged card."""
    if not 0 <= index < len(steps):
        return None
    event = steps[index].event
    if event.kind != "card":
        return None
    for decision in hand.decisions:
        if (decision.trick, decision.seat) != (event.trick, event.seat):
            continue
        if decision.skipped is not None:
            return f"On what {decision.player} could know: {decision.skipped}, not judged."
        words = verdict_words(decision.to_json(), decision.player)
        return f"{words[:1].upper()}{words[1:]}."
    return None
