"""The canonical writer (TGN.md §6): the same content always gives the same text.

Session tags in the order of §4, then other tags in the order held; a blank line before each
hand; hand tags in the order of §5; deal lines by seat; one ``bid`` line; ``trump``; ``redeal``;
trick lines with each ``pair`` line after its trick; ``penalty`` lines last. Upper-case cards with
``T``, lower-case keywords, ``seat:`` on every turn whose seat is known, one space between tokens,
every comment where the record holds it, a newline at the end. A Rummy deal's body is written by
``rummy_writer``: each family's body writer is found by the family's name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from recorder.games import GAMES, family_name
from recorder.model import (
    Action,
    Bidding,
    DealLine,
    Hand,
    LineNode,
    PairLine,
    PenaltyLine,
    Record,
    RedealLine,
    Tag,
    Trick,
    TrumpLine,
    Turn,
)
from recorder.tgn.rummy.writer import rummy_lines
from recorder.tgn.tags import HAND_TAGS, SESSION_TAGS, in_canonical_order

#: Where ``|`` goes in a deal line that asks for one, when the game does not say (unknown game).
_DEFAULT_SPLIT = 4


def dumps(record: Record) -> str:
    """The record as canonical TGN text."""
    out = head_lines(record)
    write_hand = hand_writer(record.game)
    for hand in record.hands:
        out.append("")
        out.extend(write_hand(hand))
    return "\n".join(out) + "\n"


def head_lines(record: Record) -> list[str]:
    """The lines before the first hand: the session tags and the comments after them."""
    out: list[str] = []
    for tag in in_canonical_order(record.tags, _tag_name, SESSION_TAGS):
        _write(out, tag, _tag_text(tag))
    out.extend(_comment(text) for text in record.after)
    return out


def hand_writer(game: str) -> Callable[[Hand], list[str]]:
    """What writes a hand of the game as its lines (without the blank line before it)."""
    spec = GAMES.get(game)
    split_at = spec.bid_split if spec and spec.bid_split else _DEFAULT_SPLIT
    body = BODY_LINES[family_name(game)]

    def lines(hand: Hand) -> list[str]:
        out: list[str] = []
        _hand(out, hand, split_at, body)
        return out

    return lines


def _tag_name(tag: Tag) -> str:
    return tag.name


def _hand(out: list[str], hand: Hand, split_at: int, body: BodyLines) -> None:
    for tag in in_canonical_order(hand.tags, _tag_name, HAND_TAGS):
        _write(out, tag, _tag_text(tag))
    for node, text in body(hand, split_at):
        _write(out, node, text)
    out.extend(_comment(text) for text in hand.after)


def _trick_lines(hand: Hand, split_at: int) -> Iterator[tuple[LineNode, str]]:
    """A trick game's body lines in canonical order, each with its text."""
    for deal in sorted(hand.deals, key=lambda deal: deal.seat):
        yield deal, _deal_text(deal, split_at)
    if hand.bidding is not None:
        yield hand.bidding, _bidding_text(hand.bidding)
    if hand.trump is not None:
        yield hand.trump, _trump_text(hand.trump)
    if hand.redeal is not None:
        yield hand.redeal, _redeal_text(hand.redeal)
    numbers = {trick.number for trick in hand.tricks}
    for pair in hand.pairs:
        if pair.after_trick not in numbers and pair.after_trick < min(numbers, default=1):
            yield pair, _pair_text(pair)
    for trick in hand.tricks:
        yield trick, _trick_text(trick)
        for pair in hand.pairs:
            if pair.after_trick == trick.number:
                yield pair, _pair_text(pair)
    for pair in hand.pairs:
        if pair.after_trick not in numbers and pair.after_trick >= min(numbers, default=1):
            yield pair, _pair_text(pair)
    for penalty in hand.penalties:
        yield penalty, _penalty_text(penalty)


def _rummy_lines(hand: Hand, split_at: int) -> Iterator[tuple[LineNode, str]]:
    return rummy_lines(hand.rummy) if hand.rummy is not None else iter(())


BodyLines = Callable[[Hand, int], Iterator[tuple[LineNode, str]]]
#: The body writer of each family of games (``recorder.games.FAMILIES``), found by its name.
BODY_LINES: dict[str, BodyLines] = {"trick": _trick_lines, "rummy": _rummy_lines}


def _write(out: list[str], node: LineNode, text: str) -> None:
    out.extend(_comment(before) for before in node.before)
    out.append(text if node.remark is None else f"{text} {_comment(node.remark)}")


def _comment(text: str) -> str:
    return f"; {text}" if text else ";"


def _braces(comments: list[str]) -> str:
    return "".join(f" {{{comment}}}" for comment in comments)


def _tag_text(tag: Tag) -> str:
    return f'[{tag.name} "{tag.value}"]'


def _deal_text(deal: DealLine, split_at: int) -> str:
    words = [f"deal {deal.seat}:"]
    for index, dealt in enumerate(deal.cards):
        if deal.split and index == split_at:
            words.append("|")
        words.append((dealt.card.code if dealt.card else "-") + _braces(dealt.comments))
    if deal.split and len(deal.cards) == split_at:
        words.append("|")
    return " ".join(words)


def _bidding_text(bidding: Bidding) -> str:
    calls = (f"{bid.seat}:{bid.call.token}{_braces(bid.comments)}" for bid in bidding.bids)
    return " ".join(["bid", *calls])


def _trump_text(trump: TrumpLine) -> str:
    if trump.card is not None:
        shown = trump.card.code
    elif trump.suit is not None:
        shown = f"?{trump.suit.value}"
    else:
        shown = "-"
    return f"trump {shown}{_braces(trump.comments)}"


def _trick_text(trick: Trick) -> str:
    words = [f"{trick.number}.{_braces(trick.comments)}", *map(_turn_text, trick.turns)]
    if trick.star:
        words.append("*")
    return " ".join(words)


def _turn_text(turn: Turn) -> str:
    words = [_action_text(action) for action in turn.actions]
    if turn.card is not None or turn.unseen:
        card = turn.card.code if turn.card is not None else "-"
        called = "^" if turn.called else ""
        words.append(f"{called}{card}{turn.glyph or ''}{_braces(turn.comments)}")
    elif turn.comments and words:
        words[-1] += _braces(turn.comments)
    prefix = f"{turn.seat}:" if turn.seat is not None else ""
    return prefix + " ".join(words)


def _action_text(action: Action) -> str:
    return action.token + _braces(action.comments)


def _pair_text(pair: PairLine) -> str:
    return f"pair {pair.seat}"


def _redeal_text(redeal: RedealLine) -> str:
    return f"redeal {redeal.reason}"


def _penalty_text(penalty: PenaltyLine) -> str:
    text = f"penalty {penalty.team} {penalty.points}"
    return f"{text} {penalty.reason}" if penalty.reason else text
