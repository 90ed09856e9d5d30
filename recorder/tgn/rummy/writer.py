"""The canonical form of a Rummy deal's body lines (RUMMY.md §4-§5).

Order: ``rejoin``, ``joker``, ``open``, ``deal`` lines by seat, ``turns`` lines as played, the
outcome lines in the order written, ``redeal``, ``penalty`` lines. Upper-case cards with ``T``,
``PJ`` for the printed joker, lower-case keywords, ``seat:`` after ``deal``, ``declare``, ``show``
and ``count``, `` | `` between groups, `` / `` before the face-down card, `` = `` before the points.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from recorder.model import LineNode
from recorder.rummy.cards import RummyCard
from recorder.rummy.model import Outcome, RummyBody, RummyTurn


def rummy_lines(body: RummyBody) -> Iterator[tuple[LineNode, str]]:
    """Every body line of a Rummy deal in canonical order, each with its text."""
    if body.rejoin is not None:
        yield body.rejoin, f"rejoin {body.rejoin.seat}"
    if body.joker is not None:
        yield body.joker, f"joker {body.joker.card.code}"
    if body.open is not None:
        yield body.open, f"open {body.open.card.code}"
    for deal in sorted(body.deals, key=lambda deal: deal.seat):
        yield deal, f"deal {deal.seat}: {cards_text(deal.cards)}".rstrip()
    for line in body.turns:
        yield line, " ".join(["turns", *map(turn_text, line.turns)])
    for outcome in body.outcomes:
        yield outcome, outcome_text(outcome)
    if body.redeal is not None:
        yield body.redeal, f"redeal {body.redeal.reason}"
    for penalty in body.penalties:
        text = f"penalty {penalty.seat} {penalty.points}"
        yield penalty, f"{text} {penalty.reason}" if penalty.reason else text


def cards_text(cards: Sequence[RummyCard]) -> str:
    return " ".join(card.code for card in cards)


def groups_text(groups: Sequence[Sequence[RummyCard]], grouped: bool) -> str:
    """Cards in their groups: `` | `` between groups when the record has them."""
    separator = " | " if grouped else " "
    return separator.join(cards_text(group) for group in groups)


def turn_text(turn: RummyTurn) -> str:
    """A turn token: ``1:c>KD``, ``4:c7H>7H``, ``2:9C>5S``, ``3:drop``, ``1:c>declare``."""
    if turn.end == "drop":
        return f"{turn.seat}:drop"
    drawn = turn.drawn.code if turn.drawn is not None else ""
    source = "c" if turn.source == "closed" else ""
    end = "declare" if turn.end == "declare" or turn.discard is None else turn.discard.code
    return f"{turn.seat}:{source}{drawn}>{end}"


def outcome_text(outcome: Outcome) -> str:
    """An outcome line as RUMMY.md §4 writes it."""
    kind, seat = outcome.kind, outcome.seat
    if kind in ("drop", "absent"):
        return f"{kind} {seat} middle" if outcome.middle else f"{kind} {seat}"
    if kind == "no-show":
        return f"no-show {seat}"
    if kind == "count":
        return f"count {seat}: {outcome.entered}"
    text = f"{kind} {seat}: {groups_text(outcome.groups, outcome.grouped)}".rstrip()
    if outcome.face_down is not None:
        text += f" / {outcome.face_down.code}"
    if outcome.entered is not None:
        text += f" = {outcome.entered}"
    return text
