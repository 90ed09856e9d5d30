"""What one seat knows at one step of a replayed hand: the filter every element of Replay uses.

A player seeing from one seat knows his own cards (all of them from the deal on; in 29 his first
four through the calling, all eight once the trump lies face down: ``TableState.view``), every card
played so far, the calls, and the face-down card once it is turned up (the caller always). A
finding reaches him once its evidence is in what he knows: the cards its message names (the card
played and the card that proves the fault) or, for a fault in a whole hand (a missed redeal, a
false signal), every card of that hand. Nothing else of the record is given to the page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dashboard.views.cards import card_label
from dashboard.views.tricks.moment import FindingAt, findings_by_step
from recorder.cards import RANKS, SUITS, Card
from recorder.model import Record
from replay.findings import Finding
from replay.tricks import Event, HandReplay, Play, Step

if TYPE_CHECKING:
    import pandas as pd

CARD_CODE = re.compile(rf"(?<![A-Za-z0-9])([{RANKS}][{''.join(SUITS)}])(?![A-Za-z0-9])")
"""A card code as the engine's messages write it (``7H``), standing alone."""

HAND_EVIDENCE = frozenset(
    {"false-jack-signal", "thani-without-adi", "sure-thani", "missed-redeal", "unjustified-redeal"}
)
"""Findings proved by what a whole hand held rather than by the cards their message names."""

TRUMP_EVIDENCE = frozenset({"illegal-trump-lead", "hidden-trump-discard"})
"""Findings whose message names the trump suit while it is hidden: known once the trump is."""


@dataclass(frozen=True)
class Sight:
    """What a viewer knows at one step: ``known`` is ``None`` for the referee, who sees it all."""

    seat: int | None
    step: int
    known: frozenset[Card] | None
    trump_known: bool

    def knows(self, card: Card) -> bool:
        """Whether the viewer may be shown this card now."""
        return self.known is None or card in self.known


def _cards_of(hand: HandReplay, seat: int) -> frozenset[Card]:
    """Every card the record shows ``seat`` holding in the hand, the face-down card included."""
    steps = hand.steps or []
    if not steps:
        return frozenset()
    first, final = steps[0].state, steps[-1].state
    cards = set(first.hands[seat - 1]) | set(final.played[seat - 1])
    cards.update(
        s.state.face_down for s in steps if s.state.caller == seat and s.state.face_down is not None
    )
    return frozenset(cards)


def hand_cards(hand: HandReplay) -> frozenset[Card]:
    """Every card the record shows anywhere in the hand."""
    steps = hand.steps or []
    players = steps[0].state.players if steps else 0
    return frozenset().union(*(_cards_of(hand, seat) for seat in range(1, players + 1)))


def _public(step: Step) -> set[Card]:
    """The cards everyone has seen after ``step``: those played, the trump turned up."""
    state = step.state
    cards = {card for played in state.played for card in played}
    cards.update(play.card for play in state.trick_plays if play.card is not None)
    if state.revealed and state.face_down is not None:
        cards.add(state.face_down)
    return cards


def sight(hand: HandReplay, step: int, seat: int | None) -> Sight:
    """What ``seat`` knows after step ``step`` of ``hand`` (everything for ``None``)."""
    steps = hand.steps or []
    if seat is None or not steps:
        return Sight(seat, step, None, True)
    state = steps[step].state
    own = _cards_of(hand, seat) if state.holding is None else set(state.view(seat).hands[seat - 1])
    known = _public(steps[step]) | own
    return Sight(seat, step, frozenset(known), state.revealed or seat == state.caller)


def named_cards(finding: Finding) -> frozenset[Card]:
    """The cards a finding's message names, the player's own name left out (it is not a card)."""
    return frozenset(Card.parse(code) for code in CARD_CODE.findall(_without_name(finding)))


def _without_name(finding: Finding) -> str:
    return finding.message.replace(finding.player, " ") if finding.player else finding.message


def card_symbols(finding: Finding) -> str:
    """The finding's message with its cards written as the table draws them: 7♥, not 7H."""
    parts = finding.message.split(finding.player) if finding.player else [finding.message]
    converted = [CARD_CODE.sub(lambda m: card_label(Card.parse(m.group(1))), p) for p in parts]
    return (finding.player or "").join(converted)


def evidence(hand: HandReplay, finding: Finding) -> frozenset[Card]:
    """The cards a viewer must know to know the finding is true."""
    if finding.code not in HAND_EVIDENCE:
        return named_cards(finding)
    if finding.seat is None:
        return hand_cards(hand)
    return _cards_of(hand, finding.seat)


@dataclass(frozen=True)
class Shown:
    """A finding as one viewer meets it: where it arose, from which step he can know it, the card
    played at that moment and the other cards that prove it."""

    at: FindingAt
    step: int
    """The first step at which the viewer knows its evidence."""
    played: Card | None
    proof: frozenset[Card]

    @property
    def finding(self) -> Finding:
        """The engine's finding."""
        return self.at.finding


def card_played(event: Event) -> Card | None:
    """The card an event plays: ``None`` for an event that plays none (a call, an action) or
    whose card cannot be read."""
    if event.kind != "card":
        return None
    try:
        return Card.parse(event.token)
    except ValueError:
        return None


def _shown(hand: HandReplay, at: FindingAt, seat: int | None) -> Shown | None:
    played = card_played((hand.steps or [])[at.step].event)
    named = named_cards(at.finding)
    proof = frozenset(card for card in named if card != played)
    needed = evidence(hand, at.finding)
    trump = at.finding.code in TRUMP_EVIDENCE
    for index in range(at.step, len(hand.steps or [])):
        view = sight(hand, index, seat)
        if view.known is None or (needed <= view.known and (view.trump_known or not trump)):
            return Shown(at, index, played, proof)
    return None


def shown_findings(hand: HandReplay, seat: int | None) -> list[Shown]:
    """Every finding of the hand the viewer can ever know, with the step he can know it from."""
    found = (_shown(hand, at, seat) for at in findings_by_step(hand))
    return sorted((shown for shown in found if shown is not None), key=lambda s: s.step)


def known_findings(hand: HandReplay, step: int, seat: int | None) -> list[Shown]:
    """The findings the viewer knows after step ``step``; the referee knows every one."""
    shown = shown_findings(hand, seat)
    return shown if seat is None else [s for s in shown if s.step <= step]


def step_alerts(hand: HandReplay, step: int, seat: int | None) -> list[Shown]:
    """The findings the viewer learns at this very step."""
    return [s for s in shown_findings(hand, seat) if s.step == step]


def card_flags(alerts: list[Shown]) -> dict[Card, str]:
    """The cards to flag on the table for the findings shown at a step: the card played at the
    fault, and the cards that prove it (the table draws only those the viewer sees)."""
    flags: dict[Card, str] = {}
    for shown in alerts:
        for card in shown.proof:
            flags.setdefault(card, "proof")
        if shown.played is not None:
            flags[shown.played] = "finding"
    return flags


@dataclass(frozen=True)
class TrickSeen:
    """One trick as far as the viewer has seen it: the plays so far, the winner once complete."""

    number: int
    leader: int | None
    plays: tuple[Play, ...]
    winner: int | None
    points: int | None
    revealed_by: int | None
    done: bool = True
    """Whether every seat has played to it (its winner and points are then known)."""


def tricks_seen(hand: HandReplay, view: Sight) -> list[TrickSeen]:
    """The tricks the viewer has seen: every trick for the referee; for a seat, those played
    up to this step, the trick on the table with the cards so far, trump marks once he knows it."""
    summaries = hand.tricks
    if view.known is None:
        return [
            TrickSeen(t.number, t.leader, t.plays, t.winner, t.points, t.revealed_by)
            for t in summaries
        ]
    state = (hand.steps or [])[view.step].state
    seen = []
    for trick in summaries[: state.trick]:
        plays = trick.plays
        done = trick.number < state.trick or len(state.trick_plays) == state.players
        if trick.number == state.trick:
            plays = state.trick_plays
        if not view.trump_known:
            plays = tuple(play._replace(trump=False) for play in plays)
        revealed = trick.revealed_by if trick.number < state.trick or state.revealed else None
        seen.append(
            TrickSeen(
                trick.number,
                trick.leader,
                plays,
                trick.winner if done else None,
                trick.points if done else None,
                revealed,
                done,
            )
        )
    return seen


def trick_table(record: Record, tricks: list[TrickSeen]) -> pd.DataFrame:
    """The tricks seen: leader, cards in the order played, winner and points."""
    import pandas as pd  # only the page's table needs it; the terminal's seat view does not

    rows = []
    for trick in tricks:
        unknown = "?" if trick.done else ""
        cards = " · ".join(
            f"{record.player(play.seat)} {card_label(play.card) if play.card else '?'}"
            + (" (trump)" if play.trump else "")
            for play in trick.plays
        )
        rows.append(
            {
                "Trick": trick.number,
                "Leader": record.player(trick.leader) if trick.leader else "?",
                "Cards": cards,
                "Winner": record.player(trick.winner)
                if trick.winner
                else ("?" if trick.done else ""),
                "Points": str(trick.points) if trick.points is not None else unknown,
                "Trump turned up": record.player(trick.revealed_by) if trick.revealed_by else "",
            }
        )
    columns = ["Trick", "Leader", "Cards", "Winner", "Points", "Trump turned up"]
    return pd.DataFrame(rows, columns=columns)
