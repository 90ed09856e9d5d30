"""A record as the events that would have recorded it, so that importing TGN is appending them.

The inverse of ``fold``: ``fold`` of these events (numbered 1, 2, ...) equals the record, comments
included. Lines come in canonical order; each line's whole-line comments are ``above`` comment
events just before it, its end-of-line comment an ``end`` comment event just after it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from recorder.archive.events import (
    CallMade,
    CommentWritten,
    DealSeen,
    Event,
    HandEnded,
    HandStarted,
    PairDeclared,
    PenaltyAwarded,
    Redealt,
    RummyLineWritten,
    RummyPart,
    SessionCreated,
    StarAgreed,
    TrickStarted,
    TrumpPlaced,
    TurnPlayed,
)
from recorder.model import Action, DealtCard, Hand, LineNode, PairLine, Record, Tag, Trick
from recorder.rummy.model import RummyBody

#: A line node's own fields, left out of a Rummy line event's content (comments are events).
_LINE_FIELDS = {"line", "column", "before", "remark"}


def events_from_record(record: Record) -> list[Event]:
    """The events that fold into ``record``: the session, then each hand line by line."""
    events: list[Event] = [session_created(record)]
    for hand in record.hands:
        events.extend(hand_events(hand))
    events.extend(CommentWritten(text=text) for text in record.after)
    return events


def session_created(record: Record) -> SessionCreated:
    """The event that starts the session: the record's tags (its hands are not looked at)."""
    return SessionCreated(tags=[_unplaced_tag(tag) for tag in record.tags])


def hand_events(hand: Hand) -> Iterator[Event]:
    """The events of one hand, from its start to its end."""
    yield HandStarted(tags=[_unplaced_tag(tag) for tag in hand.tags])
    for deal in hand.deals:
        cards = [DealtCard(card=dealt.card, comments=list(dealt.comments)) for dealt in deal.cards]
        yield from _line(deal, DealSeen(seat=deal.seat, cards=cards, split=deal.split))
    if hand.bidding is not None:
        calls = [
            CallMade(seat=bid.seat, call=bid.call, comments=list(bid.comments))
            for bid in hand.bidding.bids
        ]
        yield from _line(hand.bidding, *calls)
    if hand.trump is not None:
        trump = hand.trump
        yield from _line(
            trump, TrumpPlaced(card=trump.card, suit=trump.suit, comments=list(trump.comments))
        )
    yield from _play_events(hand.tricks, hand.pairs)
    if hand.redeal is not None:
        yield from _line(hand.redeal, Redealt(reason=hand.redeal.reason))
    for penalty in hand.penalties:
        yield from _line(
            penalty, PenaltyAwarded(team=penalty.team, points=penalty.points, reason=penalty.reason)
        )
    if hand.rummy is not None:
        yield from _rummy_events(hand.rummy)
    yield from (CommentWritten(text=text) for text in hand.after)
    yield HandEnded()


def line_content(node: LineNode) -> dict[str, Any]:
    """A Rummy line's content as a ``rummy`` event holds it: without position and comments."""
    return node.model_dump(mode="json", exclude=_LINE_FIELDS)


def _rummy_events(body: RummyBody) -> Iterator[Event]:
    """A Rummy deal's body lines, kind by kind in canonical order, each one event."""
    lines: list[tuple[RummyPart, LineNode | None]] = [
        ("rejoin", body.rejoin),
        ("joker", body.joker),
        ("open", body.open),
        *(("deal", deal) for deal in body.deals),
        *(("turns", turns) for turns in body.turns),
        *(("outcome", outcome) for outcome in body.outcomes),
        ("redeal", body.redeal),
        *(("penalty", penalty) for penalty in body.penalties),
    ]
    for part, node in lines:
        if node is not None:
            yield from _line(node, RummyLineWritten(part=part, content=line_content(node)))


def _play_events(tricks: list[Trick], pairs: list[PairLine]) -> Iterator[Event]:
    """Tricks and pair lines, each pair after the trick it follows, both lists kept in order."""
    waiting = list(tricks)
    for pair in pairs:
        while waiting and waiting[0].number <= pair.after_trick:
            yield from _trick_events(waiting.pop(0))
        yield from _line(pair, PairDeclared(seat=pair.seat, after_trick=pair.after_trick))
    for trick in waiting:
        yield from _trick_events(trick)


def _trick_events(trick: Trick) -> Iterator[Event]:
    turns: list[Event] = [
        TurnPlayed(
            trick=trick.number,
            seat=turn.seat,
            actions=[_unplaced_action(action) for action in turn.actions],
            card=turn.card,
            unseen=turn.unseen,
            glyph=turn.glyph,
            called=turn.called,
            comments=list(turn.comments),
        )
        for turn in trick.turns
    ]
    star: list[Event] = [StarAgreed()] if trick.star else []
    yield from _line(
        trick, TrickStarted(number=trick.number, comments=list(trick.comments)), *turns, *star
    )


def _line(line: LineNode, *events: Event) -> Iterator[Event]:
    """The events of one line with the line's comments around them."""
    yield from (CommentWritten(text=text) for text in line.before)
    yield from events
    if line.remark is not None:
        yield CommentWritten(text=line.remark, place="end")


def _unplaced_tag(tag: Tag) -> Tag:
    return Tag(name=tag.name, value=tag.value, before=list(tag.before), remark=tag.remark)


def _unplaced_action(action: Action) -> Action:
    return Action(kind=action.kind, answer=action.answer, comments=list(action.comments))
