"""One Rummy deal on the Replay page: its steps, the table at each step as one seat may see it,
the declared and shown hands laid out in their groups, the findings a viewer may know, and each
player's outcome and total.

A deal with a turn log has a step for the deal, one per turn and one for the end (the hands
shown); a deal without one has the end only. A seat sees its own cards, the cut joker, the open
pile and every card thrown or taken from it; the shown hands, the outcomes and the findings that
rest on them only at the end; nothing else of the record. Pure functions, no Streamlit.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import pandas as pd

from dashboard.views.cards import card_label
from dashboard.views.rummy.words import outcome_meaning
from recorder.model import LineNode, Record
from recorder.rummy.cards import RUMMY_RANKS, RummyCard
from recorder.rummy.model import Outcome as OutcomeLine
from recorder.rummy.model import RummyBody, RummyTurn
from replay.findings import Finding
from replay.rummy import Count, Declaration, GroupKind, RummyDeal, RummyGame, Wild
from replay.rummy.deal import HAND_SIZE, shown_points, wild_of
from replay.rummy.grouping import (
    count_grouped,
    find_declaration,
    judge_declaration,
    left_out,
    lowest_count,
)
from replay.rummy.table_rules import RummyRules
from replay.rummy.turns import TurnStep

StepKind = Literal["deal", "turn", "end"]

#: How each kind of group is labelled under its cards.
KIND_LABELS: dict[GroupKind, str] = {
    "pure": "pure sequence",
    "thennaali": "Thennaali",
    "impure": "impure sequence",
    "set": "set",
    "none": "not a group",
}

#: Findings a seat may know from the turn they arise at: the open pile and the drops are public.
TURN_EVIDENCE = frozenset({"not-on-pile", "played-after-drop"})
#: Findings whose message names the cards the record shows a seat holding: that seat's alone.
OWN_EVIDENCE = frozenset({"not-held"})
#: Findings that may rest on cards no seat saw (the dealt hands, a face-down card): the referee's.
REFEREE_EVIDENCE = frozenset({"too-many-copies"})

RUMMY_CODE = re.compile(rf"(?<![A-Za-z0-9])([{RUMMY_RANKS}][SHDC]|PJ)(?![A-Za-z0-9])")
"""A Rummy card code as the engine's messages write it (``7H``, ``PJ``), standing alone."""


@dataclass(frozen=True)
class DealStep:
    """A step of a deal's replay: the deal, the table after a turn, or the end."""

    kind: StepKind
    turn: TurnStep | None = None
    round: int | None = None
    """The round of a turn step (a round ends when a seat is about to play a second time)."""


def deal_steps(game: RummyGame, index: int) -> list[DealStep]:
    """The steps of deal ``index`` (its position in the record): the deal, each turn, the end;
    only the end when it has no turn log."""
    turns = game.turn_steps.get(index, [])
    if not turns:
        return [DealStep("end")]
    steps = [DealStep("deal")]
    round_number, played = 1, set[int]()
    for turn in turns:
        if turn.turn.seat in played:
            round_number, played = round_number + 1, set()
        played.add(turn.turn.seat)
        steps.append(DealStep("turn", turn, round_number))
    return [*steps, DealStep("end")]


def step_rounds(steps: Sequence[DealStep]) -> list[int | None]:
    """The round of each step, for the controls that move a round at a time."""
    return [step.round for step in steps]


def rummy_symbols(text: str, player: str | None = None) -> str:
    """A message with its Rummy card codes written as drawn (``7♥``, ``Joker``); the player's own
    name is left alone (it is not a card)."""
    parts = text.split(player) if player else [text]
    converted = [
        RUMMY_CODE.sub(lambda match: card_label(RummyCard.parse(match.group(1))), part)
        for part in parts
    ]
    return (player or "").join(converted)


def finding_symbols(finding: Finding) -> str:
    """A Rummy finding's message with its cards written as drawn (``rummy_symbols``)."""
    return rummy_symbols(finding.message, finding.player)


def in_deal(record: Record, game: RummyGame, index: int) -> list[int]:
    """The seats playing deal ``index``: those not out after the deal before, and a re-entrant."""
    names = record.players
    before = set(game.deals[index - 1].out) if index else set()
    rejoined = set(game.deals[index].rejoined)
    return [seat for seat, name in enumerate(names, 1) if name not in before or name in rejoined]


def _body(record: Record, index: int) -> RummyBody:
    return record.hands[index].rummy or RummyBody()


def _label(card: RummyCard | None) -> str:
    return card_label(card) if card is not None else "?"


def turn_words(record: Record, turn: RummyTurn, seat: int | None) -> str:
    """A turn in words as ``seat`` saw it: a card drawn from the deck only for its drawer."""
    who = record.player(turn.seat)
    if turn.end == "drop":
        return f"{who} drops"
    if turn.source == "pile":
        took = f"takes {_label(turn.drawn)} from the open pile"
    elif turn.drawn is not None and seat in (None, turn.seat):
        took = f"draws {_label(turn.drawn)} from the deck"
    else:
        took = "draws from the deck"
    if turn.end == "declare" or turn.discard is None:
        return f"{who} {took} and declares"
    return f"{who} {took} and throws {_label(turn.discard)}"


@dataclass(frozen=True)
class SeatCards:
    """One seat at one step, as far as the viewer may see it."""

    seat: int
    name: str
    cards: tuple[RummyCard, ...]
    """The cards the viewer knows this seat holds, face up."""
    unknown: int
    """How many more cards it holds that the viewer cannot see (drawn as backs)."""
    status: str = ""
    last: str = ""
    """What its last turn did, in words."""


@dataclass(frozen=True)
class DealTable:
    """The table at one step of a deal, seen by one seat or by everyone."""

    headline: str
    joker: RummyCard | None
    wild: Wild
    pile: tuple[RummyCard, ...]
    """The open pile, the top last: every card thrown and not taken back."""
    seats: tuple[SeatCards, ...]
    viewer: str = "everyone"


def _public_pickups(turns: Sequence[TurnStep]) -> dict[int, Counter[RummyCard]]:
    """The cards each seat was seen to take from the open pile and has not thrown since: what
    every player at the table knows it holds."""
    known: dict[int, Counter[RummyCard]] = {}
    for step in turns:
        turn = step.turn
        taken = known.setdefault(turn.seat, Counter())
        if turn.source == "pile" and turn.drawn is not None:
            taken[turn.drawn] += 1
        if turn.discard is not None and taken[turn.discard] > 0:
            taken[turn.discard] -= 1
    return {seat: +counter for seat, counter in known.items()}


def _ordered(cards: Counter[RummyCard] | Sequence[RummyCard]) -> tuple[RummyCard, ...]:
    listed = list(cards.elements()) if isinstance(cards, Counter) else list(cards)
    return tuple(sorted(listed, key=lambda card: card.index))


def _status(seat: int, turns: Sequence[TurnStep], current: TurnStep | None) -> str:
    ends = [step.turn.end for step in turns if step.turn.seat == seat]
    if "drop" in ends:
        return "dropped"
    if "declare" in ends:
        return "declares"
    return "just played" if current is not None and current.turn.seat == seat else ""


def _hand_size(seat: int, turns: Sequence[TurnStep]) -> int:
    """Thirteen, or fourteen once the seat drew and declared."""
    declared = any(s.turn.seat == seat and s.turn.end == "declare" for s in turns)
    return HAND_SIZE + int(declared)


def _seat_cards(
    record: Record,
    index: int,
    seat: int,
    turns: Sequence[TurnStep],
    viewer: int | None,
) -> SeatCards:
    """One seat after ``turns`` (none: at the deal), as the viewer may see it."""
    body = _body(record, index)
    current = turns[-1] if turns else None
    dealt = body.deal_of(seat)
    status = _status(seat, turns, current)
    last = next(
        (turn_words(record, s.turn, viewer) for s in reversed(turns) if s.turn.seat == seat), ""
    )
    size = _hand_size(seat, turns)
    name = record.player(seat)
    sees_all = viewer is None or viewer == seat
    if status == "dropped" and not sees_all:
        return SeatCards(seat, name, (), 0, status, last)
    if sees_all and dealt is not None:
        cards = _ordered(dealt.cards) if current is None else current.held.get(seat, ())
    else:
        cards = _ordered(_public_pickups(turns).get(seat, Counter()))
    return SeatCards(seat, name, tuple(cards), max(size - len(cards), 0), status, last)


def _deal_headline(record: Record, deal: RummyDeal, body: RummyBody) -> str:
    joker = body.joker.card if body.joker is not None else None
    said = f"Deal {deal.hand}: {record.player(deal.dealer)} shuffles; the joker cut is "
    said += _label(joker) if joker is not None else "not recorded (printed jokers only)"
    if body.open is not None:
        said += f"; the open card is {_label(body.open.card)}"
    return said


def _end_headline(record: Record, deal: RummyDeal) -> str:
    if deal.void:
        return f"Deal {deal.hand} is void: dealt again, no points"
    if deal.winner is not None:
        return f"Deal {deal.hand} is over: {deal.winner} wins; the hands are shown"
    return f"Deal {deal.hand} is over without a winner; the hands are shown"


def deal_table(
    record: Record, game: RummyGame, index: int, step: int, viewer: int | None
) -> DealTable:
    """The table of deal ``index`` after step ``step``, as ``viewer`` (a seat, or ``None`` for
    everyone) may see it."""
    steps = deal_steps(game, index)
    chosen = steps[min(max(step, 0), len(steps) - 1)]
    body = _body(record, index)
    deal = game.deals[index]
    turns = [s.turn for s in steps[: step + 1] if s.turn is not None]
    if chosen.kind == "deal":
        headline = _deal_headline(record, deal, body)
    elif chosen.kind == "turn" and chosen.turn is not None:
        headline = f"Turn {len(turns)} (round {chosen.round}): " + turn_words(
            record, chosen.turn.turn, viewer
        )
    else:
        headline = _end_headline(record, deal)
    if turns:
        pile = turns[-1].pile
    else:
        pile = (body.open.card,) if body.open is not None and chosen.kind == "deal" else ()
    seats = tuple(
        _seat_cards(record, index, seat, turns, viewer) for seat in in_deal(record, game, index)
    )
    who = "everyone" if viewer is None else f"seat {viewer}"
    joker = body.joker.card if body.joker is not None else None
    return DealTable(headline, joker, wild_of(body), pile, seats, who)


@dataclass(frozen=True)
class LaidGroup:
    """One group of a laid-out hand: its cards, its kind, and what it adds to a loser's count."""

    cards: tuple[RummyCard, ...]
    kind: GroupKind
    counted: bool
    points: int

    @property
    def label(self) -> str:
        return KIND_LABELS[self.kind]


@dataclass(frozen=True)
class LaidHand:
    """A declared or shown hand laid out in its groups, with its verdict and count."""

    seat: int
    name: str
    line: str
    """``declare`` or ``show``."""
    groups: tuple[LaidGroup, ...]
    grouped: bool
    """As the player grouped it; ``False``: written without groups, laid out by the judge."""
    face_down: RummyCard | None
    verdict: str
    how: str
    """How the count was reached, card by card."""
    points: int | None
    """What the hand scored in the deal (``None`` when the line did not count)."""
    lowest: Count | None
    """The lowest count the 13 cards allow, and that grouping."""
    entered: int | None


def _laid_groups(
    count_groups: Sequence[Sequence[RummyCard]],
    kinds: Sequence[GroupKind],
    wild: Wild,
    rules: RummyRules,
    counting: bool,
) -> tuple[LaidGroup, ...]:
    out = left_out(kinds, rules.count) if counting else [True] * len(kinds)
    return tuple(
        LaidGroup(tuple(cards), kind, not stays, sum(wild.points(card) for card in cards))
        for cards, kind, stays in zip(count_groups, kinds, out, strict=True)
    )


def count_words(groups: Sequence[LaidGroup], wild: Wild, scored: int) -> str:
    """How a loser's count was reached: each group left out or counted card by card."""
    parts: list[str] = []
    terms: list[str] = []
    for group in groups:
        cards = " ".join(card_label(card) for card in group.cards)
        if not group.counted:
            parts.append(f"{cards} ({group.label}) left out")
            continue
        parts.append(f"{cards} ({group.label}) counted")
        terms += [str(wild.points(card)) for card in group.cards]
    total = sum(group.points for group in groups if group.counted)
    said = "; ".join(parts) + ": " + (" + ".join(terms) if terms else "nothing") + f" = {total}"
    if scored != total:
        said += f", scored {scored} ({_adjustment(total, scored)})"
    return said


def _adjustment(total: int, scored: int) -> str:
    if total == 0:
        return "a count of 0 scores 2, or 3 when twos are jokers"
    return f"the count is capped at {scored}"


def _laid_declaration(
    line: OutcomeLine, wild: Wild, rules: RummyRules
) -> tuple[tuple[LaidGroup, ...], str]:
    declaration: Declaration | None = (
        judge_declaration(line.groups, wild, rules.joker_group)
        if line.grouped
        else find_declaration(tuple(line.cards), wild, rules.joker_group)
    )
    if declaration is None:
        kinds: tuple[GroupKind, ...] = ("none",)
        groups = _laid_groups([line.cards], kinds, wild, rules, counting=False)
        return groups, "wrong declaration: no grouping of these cards is valid"
    laid = _laid_groups(declaration.groups, declaration.kinds, wild, rules, counting=False)
    if declaration.valid:
        return laid, "valid declaration"
    return laid, f"wrong declaration: {declaration.problem}"


def _laid_show(
    line: OutcomeLine, wild: Wild, rules: RummyRules, lowest: Count | None
) -> tuple[tuple[LaidGroup, ...], str, str]:
    scored, _ = shown_points(line, wild, rules)
    if line.grouped:
        count = count_grouped(line.groups, wild, rules.count, rules.joker_group)
    elif lowest is not None:
        count = lowest
    else:
        count = Count(sum(wild.points(c) for c in line.cards), (tuple(line.cards),), ("none",))
    laid = _laid_groups(count.groups, count.kinds, wild, rules, counting=True)
    return laid, f"count {scored}", count_words(laid, wild, scored)


def laid_hands(
    record: Record, game: RummyGame, index: int, viewer: int | None = None
) -> list[LaidHand]:
    """Every declared and shown hand of deal ``index`` laid out in its groups, in the order
    written, each with its verdict, its count and the lowest count its cards allow; a
    declaration's face-down card only for its declarer and the referee (``viewer`` ``None``)."""
    body = _body(record, index)
    rules = RummyRules.resolve(record.rules)
    wild = wild_of(body)
    deal = game.deals[index]
    firsts: dict[int, OutcomeLine] = {}
    for line in body.outcomes:
        firsts.setdefault(line.seat, line)
    laid: list[LaidHand] = []
    for line in body.outcomes:
        if line.kind not in ("declare", "show"):
            continue
        name = record.player(line.seat)
        outcome = deal.outcomes.get(name) if firsts[line.seat] is line else None
        cards = tuple(line.cards)
        lowest = (
            lowest_count(cards, wild, rules.count, rules.joker_group)
            if len(cards) == HAND_SIZE
            else None
        )
        if line.kind == "declare":
            groups, verdict = _laid_declaration(line, wild, rules)
            how = ""
        else:
            groups, verdict, how = _laid_show(line, wild, rules, lowest)
        if outcome is None:
            verdict += " (not scored: " + (
                "a second outcome line)" if firsts[line.seat] is not line else "out of the deal)"
            )
        points = outcome.points if outcome is not None else None
        face_down = line.face_down if viewer in (None, line.seat) else None
        laid.append(
            LaidHand(
                line.seat,
                name,
                line.kind,
                groups,
                line.grouped,
                face_down,
                verdict,
                how,
                points,
                lowest,
                line.entered,
            )
        )
    return laid


def outcomes_table(record: Record, game: RummyGame, index: int) -> pd.DataFrame:
    """Each player's outcome in deal ``index``, its points and the totals after it."""
    deal = game.deals[index]
    rows = []
    for name in record.players:
        outcome = deal.outcomes.get(name)
        if deal.void:
            said = "void deal"
        elif outcome is not None:
            said = outcome_meaning(outcome.kind)
        else:
            said = "out of the game" if name in deal.out else "no outcome"
        notes = []
        if name in deal.rejoined:
            notes.append("re-entered before this deal")
        if name in deal.out:
            notes.append("out of the game")
        rows.append(
            {
                "Player": name,
                "Outcome": said,
                "Points": "" if outcome is None else str(outcome.points),
                "Total": deal.totals.get(name, 0),
                "Note": ", ".join(notes),
            }
        )
    return pd.DataFrame(rows, columns=["Player", "Outcome", "Points", "Total", "Note"])


@dataclass(frozen=True)
class SeenFinding:
    """A finding of the deal as a viewer meets it: from which step he may know it."""

    finding: Finding
    step: int


def _turn_positions(steps: Sequence[DealStep]) -> dict[tuple[int, int], int]:
    return {
        (step.turn.turn.line, step.turn.turn.column): number
        for number, step in enumerate(steps)
        if step.turn is not None
    }


def _deal_lines(body: RummyBody) -> dict[tuple[int, int], int]:
    return {(deal.line, deal.column): deal.seat for deal in body.deals}


def deal_findings(
    record: Record, game: RummyGame, index: int, viewer: int | None
) -> list[SeenFinding]:
    """The findings of deal ``index`` the viewer may know, each with the step he knows it from.

    Everyone (the referee) knows each one from the step it arises at (a turn's, else the end).
    A seat knows one on a turn from that turn when it rests on the open pile or the drops, one on
    a deal line only when it is his own, one naming the cards a seat held (``not-held``) only
    when it is about him, never ``too-many-copies`` (it counts dealt and face-down cards), and
    the rest (the shown hands, the outcomes) at the end.
    """
    steps = deal_steps(game, index)
    turns = _turn_positions(steps)
    dealt = _deal_lines(_body(record, index))
    end = len(steps) - 1
    seen: list[SeenFinding] = []
    for finding in game.deal_findings(game.deals[index].hand):
        place = (finding.line, finding.column)
        at_turn = turns.get(place)
        if viewer is None:
            seen.append(SeenFinding(finding, end if at_turn is None else at_turn))
            continue
        if finding.code in REFEREE_EVIDENCE:
            continue
        if finding.code in OWN_EVIDENCE or place in dealt:
            if finding.seat == viewer:
                seen.append(SeenFinding(finding, at_turn or 0))
            continue
        public = at_turn if at_turn is not None and finding.code in TURN_EVIDENCE else end
        seen.append(SeenFinding(finding, public))
    return sorted(seen, key=lambda shown: shown.step)


def scorer_notes(record: Record, index: int) -> list[str]:
    """The scorer's comments on deal ``index`` (the referee's notes), in the order written."""
    hand = record.hands[index]
    body = hand.rummy or RummyBody()
    nodes: list[LineNode] = [*hand.tags]
    for single in (body.rejoin, body.joker, body.open, body.redeal):
        if single is not None:
            nodes.append(single)
    nodes += [*body.deals, *body.turns, *body.outcomes, *body.penalties]
    nodes.sort(key=lambda node: (node.line, node.column))
    notes = [text for node in nodes for text in [*node.before, node.remark or ""] if text]
    return [*notes, *hand.after]
