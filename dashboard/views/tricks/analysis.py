"""The coaching analysis as the dashboard shows it: a card's cost at a Replay step, a hand's costly
cards and trump table, and one player's mistakes as a table and a chart.

Pure: it reads the solver's ``HandAnalysis`` (docs/ANALYSIS.md), the engine's steps and the
mistakes ``replay.solver.coaching`` finds; the pages only lay the results out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd
import plotly.graph_objects as go

from dashboard.views.cards import card_label
from dashboard.views.stepping import Position
from recorder.cards import SUITS, CallKind, Suit
from replay.solver import CardJudgement, HandAnalysis, Move
from replay.solver.coaching import KINDS, Choice, Kind, Mistake
from replay.tricks import Step

KIND_COLOURS: dict[Kind, str] = {
    "calling": "#7c3aed",
    "trump timing": "#c2410c",
    "card play": "#2563eb",
}
DECISION_COLUMNS = ["Played", "Label", "Cost", "Better"]
"""A costly decision itself, first in its table: on a phone they are what fits the first screen."""
WHERE_COLUMNS = ["Session", "Hand", "Trick", "Kind"]
"""Where a costly decision was made, and of which kind: after the decision."""
MISTAKE_COLUMNS = DECISION_COLUMNS + WHERE_COLUMNS


def move_label(move: Move) -> str:
    """A move as people say it: ``J♠``, ``ask 7♥``."""
    card = card_label(move.card)
    return f"{move.action} {card}" if move.action else card


@dataclass(frozen=True)
class CardVerdict:
    """One judged card as the Replay page shows it at its step."""

    player: str
    played: str
    cost: int
    label: str | None
    better: tuple[str, ...]
    """The moves that keep the value, empty when the card played was one of them."""
    value_before: int
    value_after: int

    @property
    def headline(self) -> str:
        """One line: the card, its cost and label, or that it was a best move."""
        if not self.cost:
            return f"{self.played}: a best move (cost 0)"
        return f"{self.played}: cost {self.cost} ({self.label})"

    @property
    def detail(self) -> str:
        """The callers' value before and after the card, and the better moves."""
        values = f"Callers' value with perfect play: {self.value_before} → {self.value_after}."
        return values + (f" Better: {', '.join(self.better)}." if self.better else "")


def _judgements_by_turn(analysis: HandAnalysis) -> dict[tuple[int, int], CardJudgement]:
    return {(card.trick, card.seat): card for card in analysis.cards}


def verdict_at(analysis: HandAnalysis, steps: Sequence[Step], index: int) -> CardVerdict | None:
    """The verdict on the card played at step ``index``; ``None`` at a step that is not a card,
    or a card the analysis did not reach."""
    if not 0 <= index < len(steps):
        return None
    event = steps[index].event
    if event.kind != "card" or event.trick is None or event.seat is None:
        return None
    judged = _judgements_by_turn(analysis).get((event.trick, event.seat))
    if judged is None:
        return None
    return CardVerdict(
        player=judged.player,
        played=move_label(judged.move),
        cost=judged.cost,
        label=judged.label,
        better=() if judged.move in judged.best else tuple(move_label(m) for m in judged.best),
        value_before=judged.value_before,
        value_after=judged.value_after,
    )


def card_steps(steps: Sequence[Step]) -> dict[tuple[int, int], int]:
    """The step of every card, by (trick, seat): where a costly card is seen on the table."""
    return {
        (step.event.trick, step.event.seat): index
        for index, step in enumerate(steps)
        if step.event.kind == "card" and step.event.trick is not None and step.event.seat
    }


def costly_cards(analysis: HandAnalysis, steps: Sequence[Step]) -> pd.DataFrame:
    """The hand's cards that gave something away, in the order played, with their steps."""
    at = card_steps(steps)
    rows = [
        {
            "Step": at.get((card.trick, card.seat)),
            "Trick": card.trick,
            "Player": card.player,
            "Played": move_label(card.move),
            "Cost": card.cost,
            "Label": card.label or "",
            "Better": ", ".join(move_label(move) for move in card.best),
            "Before → after": f"{card.value_before} → {card.value_after}",
        }
        for card in analysis.cards
        if card.cost
    ]
    columns = ["Step", "Trick", "Player", "Played", "Cost", "Label", "Better", "Before → after"]
    return pd.DataFrame(rows, columns=columns)


def trump_choices(analysis: HandAnalysis, chosen: Suit | None) -> pd.DataFrame:
    """What the callers could force with each trump suit, whether that makes the call, and which
    suit was put down; empty for a hand without a trump table (a Thani, an unsolved hand)."""
    call = analysis.call
    rows = []
    for suit in SUITS:
        if suit.value not in analysis.trumps:
            continue
        value = analysis.trumps[suit.value]
        makes = None if value is None or call is None else value >= call.value
        rows.append(
            {
                "Trump": f"{suit.symbol} {suit.name.lower()}",
                "Callers could force": "" if value is None else str(value),
                "Makes the call": "no card of the suit"
                if value is None
                else {None: "", True: "yes", False: "no"}[makes],
                "Put down": "✓" if suit == chosen else "",
            }
        )
    columns = ["Trump", "Callers could force", "Makes the call", "Put down"]
    return pd.DataFrame(rows, columns=columns)  # text: a suit the caller lacked shows blank


def hand_summary(analysis: HandAnalysis) -> str:
    """One or two sentences on the call: what perfect play from the first card gives the callers,
    and whether the call could be forced with the trump put down or another."""
    if analysis.value_at_start is None or analysis.call is None:
        return f"Not analysed: {analysis.reason or 'no standing call'}."
    call = analysis.call
    target = (
        f"all {analysis.total} points (Thani)"
        if call.kind is CallKind.THANI
        else f"{call.token} called"
    )
    text = (
        f"With perfect play from the first card the callers take {analysis.value_at_start} "
        f"({target}): the call "
        + ("could be forced." if analysis.makeable else "could not be forced")
    )
    if not analysis.makeable:
        other = analysis.makeable_with_any_trump
        text += " with any trump." if not other else ", but could with another trump."
    if analysis.reason:
        text += f" {analysis.reason}."
    return text


def choice_label(choice: Choice | None) -> str:
    """A decision as people say it: a move (``ask 7♥``) or a trump suit (``trump ♠``)."""
    if isinstance(choice, Move):
        return move_label(choice)
    return f"trump {choice.symbol}" if choice else "trump"


def decision_step(mistake: Mistake, steps: Sequence[Step]) -> int:
    """The Replay step of a costly decision: the trump put down for a trump choice, else the
    card played (where the Replay page shows the verdict on it); 0 when the replay lacks it."""
    if mistake.kind == "calling":
        return next((i for i, step in enumerate(steps) if step.event.kind == "trump"), 0)
    return card_steps(steps).get((mistake.trick, mistake.seat), 0)


def decision_link(mistake: Mistake, session_key: str, steps: Sequence[Step]) -> str:
    """The Replay page's address of a costly decision's moment, in the referee's view: the
    analysis knows every hand, so Replay shows its verdict only to a viewer who sees them all."""
    position = Position(session_key, mistake.hand, decision_step(mistake, steps), None)
    return f"replay{position.query()}"


def mistakes_table(mistakes: Sequence[Mistake], links: Sequence[str] = ()) -> pd.DataFrame:
    """A player's costly decisions as a table, in the order given (costliest first): the decision's
    own columns first, then the Replay address of each one's moment when ``links`` gives them (one
    per mistake), then where it was."""
    rows = [
        {
            "Played": choice_label(mistake.played),
            "Label": mistake.label or "",
            "Cost": mistake.cost,
            "Better": ", ".join(choice_label(choice) for choice in mistake.better),
        }
        | ({"Replay": links[index]} if links else {})
        | {
            "Session": mistake.session,
            "Hand": mistake.hand,
            "Trick": mistake.trick,
            "Kind": mistake.kind,
        }
        for index, mistake in enumerate(mistakes)
    ]
    replay = ["Replay"] if links else []
    return pd.DataFrame(rows, columns=DECISION_COLUMNS + replay + WHERE_COLUMNS)


def cost_by(mistakes: pd.DataFrame, column: str) -> pd.DataFrame:
    """Points given away and decisions counted per value of ``column`` (``Kind`` or ``Trick``)."""
    grouped = mistakes.groupby(column, sort=True).agg(
        Decisions=("Cost", "size"), Points=("Cost", "sum")
    )
    return grouped.reset_index()


def mistakes_figure(mistakes: pd.DataFrame, tricks: int) -> go.Figure:
    """Points given away per trick (0: the trump choice), stacked by kind of decision, over every
    trick of a hand of ``tricks`` (so that a lone bar keeps a bar's width). The legend sits at the
    top of the chart's own box (``yref`` container), so the plot and its axis titles are laid out
    below it: placed above the plot instead, a legend that wraps on a phone (three kinds, a wide
    font) lay over the bars and the axis titles' room."""
    figure = go.Figure()
    for kind in KINDS:
        rows = mistakes[mistakes["Kind"] == kind]
        if rows.empty:
            continue
        per_trick = rows.groupby("Trick")["Cost"].sum()
        figure.add_trace(
            go.Bar(
                x=list(per_trick.index),
                y=list(per_trick.values),
                name=kind,
                marker_color=KIND_COLOURS[kind],
                hovertemplate=f"{kind}, trick %{{x}}: %{{y}} points<extra></extra>",
            )
        )
    figure.update_layout(
        barmode="stack",
        xaxis={"title": "Trick (0: the trump choice)", "dtick": 1, "range": [-0.5, tricks + 0.5]},
        showlegend=True,
        yaxis={"title": "Points given away"},
        margin={"l": 10, "r": 10, "t": 30, "b": 10},
        height=320,
        legend={"orientation": "h", "yref": "container", "y": 1, "yanchor": "top"},
    )
    return figure
