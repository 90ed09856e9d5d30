"""The turn log of a Rummy deal (RUMMY.md §5) replayed step by step and judged.

Each turn draws (from the closed deck, seen or not, or the last discard) and discards, drops or
declares. The replay keeps the open pile, the cards each seat is known to hold (from its ``deal``
line and the cards it was seen to draw) and who has dropped, and finds ``not-on-pile``,
``not-held``, ``played-after-drop`` and the discarded jokers taken (judged against the declaration
by the deal). Each step is kept for ``thuruppu replay``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from recorder.rummy.cards import RummyCard
from recorder.rummy.model import RummyBody, RummyTurn
from replay.rummy.grouping import Wild
from replay.rummy.report import Reporter, cards_text


@dataclass(frozen=True)
class TurnStep:
    """The table after one turn: the open pile (top last) and what each seat is known to hold."""

    turn: RummyTurn
    pile: tuple[RummyCard, ...]
    held: dict[int, tuple[RummyCard, ...]]
    """Known cards per seat with a ``deal`` line (others: only the cards seen drawn)."""
    unseen: dict[int, int]
    """Cards each seat drew unseen from the closed deck and still holds, as far as known."""
    findings: tuple[str, ...] = ()


@dataclass
class TurnLog:
    """What the turns proved: drops (``True`` for a middle drop), jokers taken, the steps."""

    recorded: bool = False
    dropped: dict[int, bool] = field(default_factory=dict)
    joker_pickups: dict[int, list[tuple[RummyTurn, RummyCard]]] = field(default_factory=dict)
    steps: list[TurnStep] = field(default_factory=list)


def judge_turns(body: RummyBody, playing: set[int], wild: Wild, report: Reporter) -> TurnLog:
    """Replay the ``turns`` lines in order; findings go to ``report``."""
    log = TurnLog(recorded=bool(body.turns))
    if not body.turns:
        return log
    pile: list[RummyCard] = [body.open.card] if body.open is not None else []
    dealt = {deal.seat: Counter(deal.cards) for deal in body.deals}
    seen: dict[int, Counter[RummyCard]] = {seat: Counter(cards) for seat, cards in dealt.items()}
    unseen: Counter[int] = Counter()
    drawn: set[int] = set()
    for turn in body.all_turns:
        seat = turn.seat
        if seat not in playing:
            continue
        before = len(report.findings)
        if seat in log.dropped:
            message = f"{report.who(seat)} plays a turn after dropping"
            report.add("played-after-drop", seat, turn, message)
        elif turn.end == "drop":
            log.dropped[seat] = seat in drawn
        else:
            _draw(turn, pile, seen, unseen, wild, log, report)
            drawn.add(seat)
            if turn.discard is not None:
                _discard(turn, turn.discard, seat in dealt, seen, unseen, report)
                pile.append(turn.discard)
        codes = tuple(finding.code for finding in report.findings[before:])
        held = {s: tuple(sorted(seen[s].elements(), key=_order)) for s in dealt}
        log.steps.append(TurnStep(turn, tuple(pile), held, dict(unseen), codes))
    return log


def _order(card: RummyCard) -> tuple[int, int]:
    return (card.index // 13, card.index % 13)


def _draw(
    turn: RummyTurn,
    pile: list[RummyCard],
    seen: dict[int, Counter[RummyCard]],
    unseen: Counter[int],
    wild: Wild,
    log: TurnLog,
    report: Reporter,
) -> None:
    seat, card = turn.seat, turn.drawn
    hand = seen.setdefault(seat, Counter())
    if turn.source == "closed":
        if card is None:
            unseen[seat] += 1
        else:
            hand[card] += 1
        return
    if card is None:  # pragma: no cover - the reader gives every pile draw its card
        return
    if pile and pile[-1] != card:
        message = (
            f"{report.who(seat)} took {card.code} from the open pile, but the last discard "
            f"was {pile[-1].code}"
        )
        report.add("not-on-pile", seat, turn, message)
    elif pile:
        pile.pop()
    if wild.is_joker(card):
        log.joker_pickups.setdefault(seat, []).append((turn, card))
    hand[card] += 1


def _discard(
    turn: RummyTurn,
    card: RummyCard,
    known: bool,
    seen: dict[int, Counter[RummyCard]],
    unseen: Counter[int],
    report: Reporter,
) -> None:
    seat = turn.seat
    hand = seen.setdefault(seat, Counter())
    if hand[card] > 0:
        hand[card] -= 1
        if not hand[card]:
            del hand[card]
        return
    if unseen[seat] > 0:
        unseen[seat] -= 1
        return
    if known:
        held = cards_text(sorted(hand.elements(), key=_order))
        message = (
            f"{report.who(seat)} discarded {card.code}, which the record shows he did not "
            f"hold (he held {held})"
        )
        report.add("not-held", seat, turn, message)
