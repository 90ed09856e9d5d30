"""The body lines of a hand (TGN.md §5.1–5.5) read into the fields of the model's ``Hand``.

``HandBody`` takes one logical line at a time, in any order the notation leaves unambiguous, and
builds the model's nodes as it goes with a ``NodeMaker`` each (``recorder.tgn.node_maker``): every
value is already read into its type and checked, so nothing is validated again (a validation per
hand cost more than the reading).

Comments: ``{...}`` goes to the ``comments`` of the last card, call, action or trick number before
it on the line; one with no such token before it (``trump {x} 9H``, ``pair 3 {x}``) joins the
line's ``remark``, with line breaks folded to spaces.
"""

from __future__ import annotations

import re
from typing import Any, Final, get_args

from recorder.cards import Card, Suit
from recorder.model import (
    Action,
    Bid,
    Bidding,
    DealLine,
    DealtCard,
    PairLine,
    PenaltyLine,
    RedealLine,
    RedealReason,
    Trick,
    TrumpLine,
    Turn,
)
from recorder.tgn.errors import Problems, quoted
from recorder.tgn.lexer import BRACE, WORD, Line, Token
from recorder.tgn.node_maker import NodeMaker
from recorder.tgn.words import Notation, TurnPart

REDEAL_REASONS: tuple[str, ...] = get_args(RedealReason)
_KEYWORDS = "deal, bid, trump, a trick number such as 1., pair, redeal or penalty"
_TRICK_NUMBER = re.compile(r"([^.]*)\.(.*)\Z", re.S)
_POINTS = re.compile(r"[+-]?\d{1,6}\Z")
_LINE_BREAKS = re.compile(r"\s*\n\s*")
_BAR = re.compile(r"(\|)")

Fields = dict[str, Any]

_DEAL_LINE_NODE: Final = NodeMaker(DealLine)
_BID_NODE: Final = NodeMaker(Bid)
_BIDDING_NODE: Final = NodeMaker(Bidding)
_TRUMP_LINE_NODE: Final = NodeMaker(TrumpLine)
_TRICK_NODE: Final = NodeMaker(Trick)
_TURN_NODE: Final = NodeMaker(Turn)
_ACTION_NODE: Final = NodeMaker(Action)
_DEALT_CARD_NODE: Final = NodeMaker(DealtCard)


def _plain_turn(seat: int | None, card: Card | None, line: int, column: int) -> Turn:
    """The turn of a ``seat:card`` word: turns and dealt cards are three of every four nodes of a
    hand, so their fields are put straight into a copy of the class's defaults."""
    fields = _TURN_NODE.defaults.copy()
    fields["line"] = line
    fields["column"] = column
    fields["seat"] = seat
    fields["card"] = card
    fields["actions"] = []
    fields["comments"] = []
    return _TURN_NODE.whole(fields)


def _dealt_card(card: Any, line: int, column: int) -> DealtCard:
    """A card of a deal line (``None`` for ``-``), made as ``_plain_turn`` makes a turn."""
    fields = _DEALT_CARD_NODE.defaults.copy()
    fields["line"] = line
    fields["column"] = column
    fields["card"] = card
    fields["comments"] = []
    return _DEALT_CARD_NODE.whole(fields)


def _pieces(text: str) -> list[tuple[str, int]]:
    """A deal word cut at its ``|`` marks (``TH|KD``): each piece with its offset in the word."""
    pieces = []
    offset = 0
    for piece in _BAR.split(text):
        if piece:
            pieces.append((piece, offset))
        offset += len(piece)
    return pieces


class _Comments:
    """Where the ``{...}`` comments of one line go: the comments of the last token able to carry
    them, or, when there is none, the line's remark."""

    __slots__ = ("comment", "loose")

    def __init__(self, comment: Token | None) -> None:
        self.loose: list[str] | None = None
        """The brace comments for the remark, once there is one (most lines have none)."""
        self.comment = comment

    def add(self, carrier: list[str] | None, text: str) -> None:
        """File a brace comment in the comments of the node carrying it, or in the remark when
        none does."""
        if carrier is None:
            if self.loose is None:
                self.loose = []
            self.loose.append(_LINE_BREAKS.sub(" ", text))
        else:
            carrier.append(text)

    def remark(self) -> str | None:
        """The line's remark: its loose brace comments, then its ``;`` comment."""
        if self.loose is None:
            return None if self.comment is None else self.comment.text
        parts = self.loose if self.comment is None else [*self.loose, self.comment.text]
        return " ; ".join(parts)


def line_fields(head: Token, before: list[str], remark: str | None) -> Fields:
    """The fields every line node has: its position and the comments around it."""
    fields: Fields = {"line": head.line, "column": head.column}
    if before:
        fields["before"] = before
    if remark is not None:
        fields["remark"] = remark
    return fields


class HandBody:
    """The body of one hand as it is read, line by line, reporting every problem."""

    def __init__(self, notation: Notation, teams: list[str] | None, problems: Problems) -> None:
        self.notation = notation
        self.teams = teams
        self.problems = problems
        self.deals: list[DealLine] = []
        self.bidding: Fields | None = None
        """The fields of the calling: several ``bid`` lines make one ``Bidding``."""
        self.trump: TrumpLine | None = None
        self.tricks: list[Trick] = []
        self.pairs: list[PairLine] = []
        self.redeal: RedealLine | None = None
        self.penalties: list[PenaltyLine] = []
        self._first_lines: dict[str | int, int] = {}

    def fields(self) -> Fields:
        """The body's fields of ``Hand``, deal lines in seat order."""
        fields: Fields = {"deals": sorted(self.deals, key=lambda deal: deal.seat)}
        if self.bidding is not None:
            fields["bidding"] = _BIDDING_NODE.make(self.bidding)
        for name, value in (("trump", self.trump), ("redeal", self.redeal)):
            if value is not None:
                fields[name] = value
        for name, items in (("tricks", self.tricks), ("pairs", self.pairs)):
            if items:
                fields[name] = items
        if self.penalties:
            fields["penalties"] = self.penalties
        return fields

    def read_line(self, line: Line, tokens: list[Token], before: list[str]) -> None:
        """Read one body line; ``tokens`` are its tokens without leading comments and errors."""
        head = tokens[0]
        comments = _Comments(line.comment)
        rest = tokens[1:]
        keyword = head.text.lower()
        if keyword.endswith(".") and keyword[:-1].isdigit():  # ``1.``, the usual trick number
            self._trick(head, keyword[:-1], "", rest, before, comments)
            return
        if keyword == "deal":  # the keywords by name, each reader called as C when compiled
            self._deal(head, rest, before, comments)
            return
        if keyword == "bid":
            self._bid(head, rest, before, comments)
            return
        if keyword == "trump":
            self._trump(head, rest, before, comments)
            return
        if keyword == "pair":
            self._pair(head, rest, before, comments)
            return
        if keyword == "redeal":
            self._redeal(head, rest, before, comments)
            return
        if keyword == "penalty":
            self._penalty(head, rest, before, comments)
            return
        match = _TRICK_NUMBER.match(head.text)
        if match and match.group(1).isdigit():
            self._trick(head, match.group(1), match.group(2), rest, before, comments)
        elif match or head.text.isdigit():
            message = f"bad trick number {quoted(head.text)} (expected 1., 2., 3., ...)"
            self._error(head, message)
        else:
            self._error(head, f"unknown keyword {quoted(head.text)} (expected {_KEYWORDS})")

    def _error(self, token: Token, message: str, offset: int = 0) -> None:
        self.problems.add(token.line, token.column + offset, message)

    def _once(self, key: str | int, head: Token, what: str, seat: int | None = None) -> bool:
        """Whether this is the hand's first line of a kind it may hold once (the deal line of a
        seat, keyed by the seat); reports a second."""
        first = self._first_lines.setdefault(key, head.line)
        if first != head.line:
            what = what if seat is None else f"{what} {seat}"
            self._error(head, f"second {what} in this hand (the first is on line {first})")
            return False
        return True

    def _deal(self, head: Token, rest: list[Token], before: list[str], comments: _Comments) -> None:
        start = 0
        while start < len(rest) and rest[start].kind == BRACE:
            start += 1
        for token in rest[:start]:
            comments.add(None, token.text)
        if start == len(rest):
            self._error(head, "deal line without a seat (expected deal 1: JS 9S ...)")
            return
        seat_token = rest[start]
        seat_text, _, first = seat_token.text.partition(":")
        seat = self.notation.seat(seat_text)
        if isinstance(seat, str):
            if seat_text.isdigit():
                self._error(seat_token, seat)
            else:
                message = f"deal line without a seat before {quoted(seat_token.text)}"
                self._error(seat_token, f"{message} (expected deal 1: JS 9S ...)")
            return
        if not self._once(seat, head, "deal line for seat", seat):
            return
        words = rest[start + 1 :]
        if first:
            words = [
                Token(WORD, first, seat_token.line, seat_token.column + len(seat_text) + 1),
                *words,
            ]
        cards: list[DealtCard] = []
        carrier: list[str] | None = None
        bar = False
        known, card_of = self.notation.known_cards, self.notation.card
        for token in words:
            text, line, column = token.text, token.line, token.column
            if token.kind == BRACE:
                comments.add(carrier, text)
                continue
            if "|" in text:
                for piece, offset in _pieces(text):
                    if piece == "|":
                        bar = self._bar(line, column + offset, len(cards), bar)
                    else:
                        dealt = self._dealt(piece, line, column + offset)
                        cards.append(dealt)
                        carrier = dealt.comments
                continue
            if text == "-":
                dealt = _dealt_card(None, line, column)
            else:
                card = known.get(text) or card_of(text)
                if isinstance(card, str):
                    self.problems.add(line, column, card)
                dealt = _dealt_card(card, line, column)
            cards.append(dealt)
            carrier = dealt.comments
        notation = self.notation
        split = bar or (notation.bid_split > 0 and len(cards) == notation.hand_size)
        fields = line_fields(head, before, comments.remark())
        fields.update(seat=seat, cards=cards, split=split)
        self.deals.append(_DEAL_LINE_NODE.make(fields))

    def _dealt(self, text: str, line: int, column: int) -> DealtCard:
        """A dealt card (or ``-``) of a deal line."""
        if text == "-":
            return _dealt_card(None, line, column)
        card = self.notation.card(text)
        if isinstance(card, str):
            self.problems.add(line, column, card)
        return _dealt_card(card, line, column)

    def _bar(self, line: int, column: int, count: int, seen: bool) -> bool:
        split = self.notation.bid_split
        if not split:
            game = self.notation.game
            message = f"'|' in a deal line: {game} deals no cards before the calling"
            self.problems.add(line, column, message)
        elif seen:
            message = f"second '|' in a deal line (it comes once, after the first {split} cards)"
            self.problems.add(line, column, message)
        elif count != split:
            message = f"'|' after {count} cards (it comes after the first {split})"
            self.problems.add(line, column, message)
        return True

    def _bid(self, head: Token, rest: list[Token], before: list[str], comments: _Comments) -> None:
        bids: list[Bid] = []
        bid_part = self.notation.bid_part
        carrier: list[str] | None = None
        for token in rest:
            text, line, column = token.text, token.line, token.column
            if token.kind == BRACE:
                comments.add(carrier, text)
                continue
            part = bid_part(text)
            for offset, message in part.problems:
                self.problems.add(line, column + offset, message)
            bid = _BID_NODE.make(
                {"seat": part.seat, "call": part.call, "line": line, "column": column + part.offset}
            )
            bids.append(bid)
            carrier = bid.comments
        remark = comments.remark()
        if self.bidding is None:
            self.bidding = line_fields(head, before, remark)
            self.bidding["bids"] = bids
            return
        self.bidding["bids"].extend(bids)
        if before:
            self.bidding.setdefault("before", []).extend(before)
        if remark is not None:
            earlier = self.bidding.get("remark")
            self.bidding["remark"] = remark if earlier is None else f"{earlier} ; {remark}"

    def _trump(
        self, head: Token, rest: list[Token], before: list[str], comments: _Comments
    ) -> None:
        trump = line_fields(head, before, None)
        carrier: list[str] | None = None
        for token in rest:
            if token.kind == BRACE:
                comments.add(carrier, token.text)
            elif carrier is not None:
                self._error(token, f"unexpected {quoted(token.text)} after the trump card")
            else:
                carrier = []
                self._trump_card(token, trump)
        if carrier is None:
            self._error(head, "trump line without a card (expected trump 9H, trump ?H or trump -)")
        elif carrier:
            trump["comments"] = carrier
        remark = comments.remark()
        if remark is not None:
            trump["remark"] = remark
        if self._once("trump", head, "trump line"):
            self.trump = _TRUMP_LINE_NODE.make(trump)

    def _trump_card(self, token: Token, trump: Fields) -> None:
        if token.text == "-":
            return
        if token.text.startswith("?"):
            suit = self.notation.suit(token.text[1:])
            if not isinstance(suit, Suit):  # a message (a Suit is a str too)
                self._error(token, suit, 1)
            trump["suit"] = suit
            return
        card = self.notation.card(token.text)
        if isinstance(card, str):
            self._error(token, card)
        trump["card"] = card

    def _trick(
        self,
        head: Token,
        number: str,
        first: str,
        rest: list[Token],
        before: list[str],
        comments: _Comments,
    ) -> None:
        expected = len(self.tricks) + 1
        if int(number) != expected:
            message = (
                f"trick {int(number)} out of order (expected {expected}.: tricks count 1., 2., ...)"
            )
            self._error(head, message)
        trick = line_fields(head, before, None)
        trick["number"] = int(number)
        words = rest
        if first:
            words = [Token(WORD, first, head.line, head.column + len(number) + 1), *rest]
        trick_comments: list[str] = []
        turns, star = self._turns(words, trick_comments, comments)
        trick["turns"] = turns
        if star:
            trick["star"] = True
        if trick_comments:
            trick["comments"] = trick_comments
        remark = comments.remark()
        if remark is not None:
            trick["remark"] = remark
        self.tricks.append(_TRICK_NODE.make(trick))

    def _turns(
        self, words: list[Token], trick_comments: list[str], comments: _Comments
    ) -> tuple[list[Turn], bool]:
        """The turns of a trick line, and whether it ends with ``*``."""
        known, turn_part = self.notation.known_turns, self.notation.turn_part
        problems = self.problems
        turns: list[Turn] = []
        opened: Fields | None = None
        """A turn begun (by its seat or an action) still waiting for its card."""
        carrier: list[str] | None = trick_comments
        star = False
        for token in words:
            text, line, column = token.text, token.line, token.column
            if token.kind == BRACE:
                comments.add(carrier, text)
                continue
            if star:
                message = f"unexpected {quoted(text)} after '*' (the '*' ends the trick line)"
                problems.add(line, column, message)
                continue
            if text == "*":
                star = True
                continue
            part: TurnPart = known.get(text) or turn_part(text)
            if part.simple:  # ``seat:card``, the usual turn
                if opened is not None:
                    turns.append(self._close(opened))
                    opened = None
                turn = _plain_turn(part.seat, part.card, line, column + part.offset)
                turns.append(turn)
                carrier = turn.comments
                continue
            for offset, message in part.problems:
                problems.add(line, column + offset, message)
            if part.has_seat or opened is None:
                if opened is not None:
                    turns.append(self._close(opened))
                opened = {"seat": part.seat, "line": line, "column": column}
            if part.action is not None:
                action_kind, answer = part.action
                action = _ACTION_NODE.make(
                    {
                        "kind": action_kind,
                        "answer": answer,
                        "line": line,
                        "column": column + part.offset,
                    }
                )
                opened.setdefault("actions", []).append(action)
                carrier = action.comments
            elif part.card is not None or part.unseen:
                opened.update(card=part.card, line=line, column=column + part.offset)
                if part.unseen:
                    opened["unseen"] = True
                if part.glyph:
                    opened["glyph"] = part.glyph
                if part.called:
                    opened["called"] = True
                turn = _TURN_NODE.make(opened)
                turns.append(turn)
                carrier = turn.comments
                opened = None
            elif part.problems:  # a word that failed to be the card: the turn has it
                turns.append(_TURN_NODE.make(opened))
                opened = None
        if opened is not None:
            turns.append(self._close(opened))
        return turns, star

    def _close(self, turn: Fields) -> Turn:
        """A turn that ended without a card; reported unless it answered ``jodi?``/``kot?`` no."""
        if not any(action.answer is False for action in turn.get("actions", ())):
            seat = f"seat {turn['seat']}'s turn" if turn["seat"] is not None else "a turn"
            message = f"{seat} has no card (only a turn ending with jodi?=no or kot?=no has none)"
            self.problems.add(turn["line"], turn["column"], message)
        return _TURN_NODE.make(turn)

    def _words(
        self, head: Token, rest: list[Token], before: list[str], comments: _Comments
    ) -> tuple[list[Token], Fields]:
        """The words of a ``pair``, ``redeal`` or ``penalty`` line (its brace comments join the
        remark), and the line's common fields."""
        words: list[Token] = []
        for token in rest:
            if token.kind == BRACE:
                comments.add(None, token.text)
            else:
                words.append(token)
        return words, line_fields(head, before, comments.remark())

    def _pair(self, head: Token, rest: list[Token], before: list[str], comments: _Comments) -> None:
        words, fields = self._words(head, rest, before, comments)
        if not words:
            self._error(head, "pair line without a seat (expected pair 3)")
            return
        seat = self.notation.seat(words[0].text)
        if isinstance(seat, str):
            self._error(words[0], seat)
        self._extra(words[1:], "the pair's seat")
        self.pairs.append(PairLine.build(**fields, seat=seat, after_trick=len(self.tricks)))

    def _redeal(
        self, head: Token, rest: list[Token], before: list[str], comments: _Comments
    ) -> None:
        words, fields = self._words(head, rest, before, comments)
        expected = ", ".join(REDEAL_REASONS)
        if not words:
            self._error(head, f"redeal line without a reason (expected one of {expected})")
            return
        reason = words[0].text.lower()
        if reason not in REDEAL_REASONS:
            message = f"unknown redeal reason {quoted(words[0].text)} (expected one of {expected})"
            self._error(words[0], message)
        self._extra(words[1:], "the redeal reason")
        if self._once("redeal", head, "redeal line"):
            self.redeal = RedealLine.build(**fields, reason=reason)

    def _penalty(
        self, head: Token, rest: list[Token], before: list[str], comments: _Comments
    ) -> None:
        words, fields = self._words(head, rest, before, comments)
        usage = "expected penalty TEAM N reason, such as penalty Red 1 bid out of turn"
        team, taken = self._team(words)
        if team is None:
            if not words:
                self._error(head, f"penalty line without a team ({usage})")
            else:
                known = ", ".join(self.teams or ())
                message = f"unknown team {quoted(words[0].text)} in penalty (teams: {known})"
                self._error(words[0], message)
            return
        if len(words) <= taken:
            self._error(head, f"penalty line without its points ({usage})")
            return
        points = words[taken]
        if not _POINTS.match(points.text):
            message = f"bad penalty points {quoted(points.text)} (expected a whole number)"
            self._error(points, message)
            return
        reason = " ".join(token.text for token in words[taken + 1 :])
        self.penalties.append(
            PenaltyLine.build(**fields, team=team, points=int(points.text), reason=reason)
        )

    def _team(self, words: list[Token]) -> tuple[str | None, int]:
        """The team a penalty line names (names may have spaces) and how many words it takes."""
        if self.teams is None:
            return (words[0].text, 1) if words else (None, 0)
        spoken = [token.text for token in words]
        for fold in (str, str.lower):  # the exact spelling first, then in any case
            for team in sorted(self.teams, key=len, reverse=True):
                parts = [fold(part) for part in team.split()]
                if [fold(word) for word in spoken[: len(parts)]] == parts:
                    return team, len(parts)
        return None, 0

    def _extra(self, words: list[Token], what: str) -> None:
        for token in words:
            self._error(token, f"unexpected {quoted(token.text)} after {what}")
