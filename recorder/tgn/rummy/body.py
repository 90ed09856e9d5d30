"""The body lines of a Rummy deal (RUMMY.md §4-§5) read into the fields of ``Hand.rummy``.

``RummyHandBody`` takes one logical line at a time, like the trick games' ``HandBody``, and builds
plain dictionaries, made into the model's nodes once per hand. Input is lenient (any case, ``10``,
suit symbols, ``joker`` for ``PJ``, ``|``, ``/`` and ``=`` with or without spaces, the seat's colon
optional); every problem is reported with its line, column, the offending text and what was
expected. A ``{...}`` comment in a Rummy line joins the line's remark.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple, get_args

from recorder.nodes import Node
from recorder.rummy.cards import RUMMY_RANKS, RummyCard
from recorder.rummy.model import (
    Outcome,
    Rejoin,
    RummyBody,
    RummyCardLine,
    RummyDeal,
    RummyPenalty,
    RummyRedeal,
    RummyRedealReason,
    RummyTurn,
    TurnsLine,
)
from recorder.tgn.body import _Comments, line_fields
from recorder.tgn.errors import Problems, quoted
from recorder.tgn.lexer import BRACE, Line, Token
from recorder.tgn.words import Notation

Fields = dict[str, Any]

KEYWORDS = (
    "joker", "open", "deal", "turns", "drop", "absent", "declare", "show", "count", "no-show",
    "redeal", "rejoin", "penalty",
)  # fmt: skip
_KEYWORD_LIST = ", ".join(KEYWORDS[:-1]) + " or " + KEYWORDS[-1]
REDEAL_REASONS: tuple[str, ...] = get_args(RummyRedealReason)
CARD_HELP = f"ranks {' '.join(RUMMY_RANKS)}, suits S H D C, or PJ"
_MARKS = re.compile(r"([|/=])")
_NUMBER = re.compile(r"[+-]?\d{1,6}\Z")
_TURN = re.compile(r"(?P<seat>[^:]*):(?P<draw>[^>]*)(?:>(?P<end>.*))?\Z", re.S)
_TURN_FORMS = "S:c>X, S:cY>X, S:Y>X, S:drop, S:c>declare or S:Y>declare"


class Atom(NamedTuple):
    """A piece of a word: a card, a number, a seat or one of the marks ``|``, ``/``, ``=``."""

    text: str
    line: int
    column: int


def _atoms(tokens: list[Token], comments: _Comments) -> list[Atom]:
    """The words of a line cut at their marks; brace comments go to the line's remark."""
    atoms: list[Atom] = []
    for token in tokens:
        text, line, column = token.text, token.line, token.column
        if token.kind == BRACE:
            comments.add(None, text)
            continue
        offset = 0
        for piece in _MARKS.split(text):
            if piece:
                atoms.append(Atom(piece, line, column + offset))
            offset += len(piece)
    return atoms


_CARDS: dict[str, RummyCard | str] = {}


def read_card(text: str) -> RummyCard | str:
    """The Rummy card a word names, or the message saying why it names none (remembered)."""
    known = _CARDS.get(text)
    if known is None:
        try:
            known = RummyCard.parse(text)
        except ValueError:
            known = f"unknown card {quoted(text)} ({CARD_HELP})"
        if len(_CARDS) < 4096:
            _CARDS[text] = known
    return known


class RummyHandBody:
    """The body of one Rummy deal as it is read, line by line, reporting every problem."""

    def __init__(self, players: int, problems: Problems) -> None:
        self.seats = Notation.seats(max(players, 1))
        self.problems = problems
        self.body: Fields = {}
        self._first_lines: dict[str | int, int] = {}

    def fields(self) -> Fields:
        """The ``rummy`` field of ``Hand``: deal lines in seat order."""
        if "deals" in self.body:
            self.body["deals"].sort(key=lambda deal: deal["seat"])
        body: Fields = {}
        for name, value in self.body.items():
            node = _BODY_NODES[name]
            if isinstance(value, list):
                body[name] = [node.build(**item) for item in value]
            else:
                body[name] = node.build(**value)
        return {"rummy": RummyBody.build(**body)}

    def read_line(self, line: Line, tokens: list[Token], before: list[str]) -> None:
        """Read one body line; ``tokens`` are its tokens without leading comments and errors."""
        head = tokens[0]
        comments = _Comments(line.comment)
        atoms = _atoms(tokens[1:], comments)
        reader = _LINE_READERS.get(head.text.lower())
        if reader is None:
            message = f"unknown keyword {quoted(head.text)} (expected {_KEYWORD_LIST})"
            self.problems.add(head.line, head.column, message)
            return
        fields = reader(self, head, atoms)
        if fields is None:
            return
        fields.update(line_fields(head, before, comments.remark()))

    # -- helpers ----------------------------------------------------------------------------

    def _error(self, at: Atom | Token, message: str) -> None:
        self.problems.add(at.line, at.column, message)

    def _once(self, key: str | int, head: Token, what: str) -> bool:
        first = self._first_lines.setdefault(key, head.line)
        if first != head.line:
            self._error(head, f"second {what} in this hand (the first is on line {first})")
            return False
        return True

    def _seat(self, head: Token, atoms: list[Atom], usage: str) -> tuple[int, list[Atom]] | None:
        """The seat at the start of a line (``3`` or ``3:``, a card may follow the colon)."""
        if not atoms:
            self._error(head, f"{head.text.lower()} line without a seat (expected {usage})")
            return None
        first, rest = atoms[0], atoms[1:]
        text, colon, after = first.text.partition(":")
        seat = self.seats.seat(text)
        if isinstance(seat, str):
            self._error(first, seat)
            return None
        if colon and after:
            rest = [Atom(after, first.line, first.column + len(text) + 1), *rest]
        return seat, rest

    def _card(self, atom: Atom) -> RummyCard | None:
        card = read_card(atom.text)
        if isinstance(card, str):
            self._error(atom, card)
            return None
        return card

    def _extra(self, atoms: list[Atom], what: str) -> None:
        for atom in atoms:
            self._error(atom, f"unexpected {quoted(atom.text)} after {what}")

    def _number(self, atom: Atom, what: str) -> int | None:
        if not _NUMBER.match(atom.text):
            self._error(atom, f"bad {what} {quoted(atom.text)} (expected a whole number)")
            return None
        return int(atom.text)

    # -- the lines --------------------------------------------------------------------------

    def _card_line(self, head: Token, atoms: list[Atom]) -> Fields | None:
        keyword = head.text.lower()
        if not atoms:
            self._error(head, f"{keyword} line without a card (expected {keyword} 7H)")
            return None
        card = self._card(atoms[0])
        self._extra(atoms[1:], f"the {keyword} card")
        if card is None or not self._once(keyword, head, f"{keyword} line"):
            return None
        fields: Fields = {"card": card}
        self.body[keyword] = fields
        return fields

    def _deal(self, head: Token, atoms: list[Atom]) -> Fields | None:
        seated = self._seat(head, atoms, "deal 3: AS KS QS ...")
        if seated is None:
            return None
        seat, rest = seated
        cards = [self._card(atom) for atom in rest]
        if not self._once(f"deal {seat}", head, f"deal line for seat {seat}"):
            return None
        if None in cards:
            return None
        fields: Fields = {"seat": seat, "cards": cards}
        self.body.setdefault("deals", []).append(fields)
        return fields

    def _groups(self, atoms: list[Atom], stop: str) -> tuple[list[list[RummyCard]], bool, int]:
        """Cards in ``|``-separated groups up to the mark ``stop``; how many atoms were used."""
        groups: list[list[RummyCard]] = [[]]
        grouped = False
        used = 0
        ok = True
        for atom in atoms:
            if atom.text == stop:
                break
            used += 1
            if atom.text == "|":
                if not groups[-1]:
                    self._error(atom, "empty group: '|' with no card of its group before it")
                    ok = False
                grouped = True
                groups.append([])
                continue
            card = self._card(atom)
            if card is None:
                ok = False
            else:
                groups[-1].append(card)
        if grouped and not groups[-1] and atoms[:used]:
            self._error(atoms[used - 1], "empty group: '|' with no card of its group after it")
            ok = False
        if not ok:
            used = -1
        return [group for group in groups if group], grouped, used

    def _outcome(self, fields: Fields) -> Fields:
        self.body.setdefault("outcomes", []).append(fields)
        return fields

    def _declare(self, head: Token, atoms: list[Atom]) -> Fields | None:
        return self._groups_outcome(
            head,
            atoms,
            kind="declare",
            usage="declare 4: AS KS QS | 5H 6H 7H | ... / KD",
            ending="/ KD",
            what="the face-down card",
            field="face_down",
            read=self._card,
        )

    def _show(self, head: Token, atoms: list[Atom]) -> Fields | None:
        return self._groups_outcome(
            head,
            atoms,
            kind="show",
            usage="show 3: 2D 3D 4D | 9H TH JH | ... = 28",
            ending="= 28",
            what="the points",
            field="entered",
            read=lambda atom: self._number(atom, "points"),
        )

    def _groups_outcome(
        self,
        head: Token,
        atoms: list[Atom],
        *,
        kind: str,
        usage: str,
        ending: str,
        what: str,
        field: str,
        read: Callable[[Atom], object | None],
    ) -> Fields | None:
        """A ``declare`` or ``show`` line: the seat, its groups, and where the line goes on after
        them, the separator and one value, ``ending`` as written (``/ KD``): ``what`` it is, read
        by ``read`` and kept as ``field``. The two lines differ only in these."""
        seated = self._seat(head, atoms, usage)
        if seated is None:
            return None
        seat, rest = seated
        separator = ending.split()[0]
        groups, grouped, used = self._groups(rest, separator)
        if used < 0:
            return None
        fields: Fields = {"kind": kind, "seat": seat, "groups": groups, "grouped": grouped}
        after = rest[used:]
        if after:
            if len(after) == 1:
                self._error(after[0], f"'{separator}' without {what} after it ({ending})")
                return None
            value = read(after[1])
            self._extra(after[2:], what)
            if value is None or len(after) > 2:
                return None
            fields[field] = value
        return self._outcome(fields)

    def _count(self, head: Token, atoms: list[Atom]) -> Fields | None:
        seated = self._seat(head, atoms, "count 1: 38")
        if seated is None:
            return None
        seat, rest = seated
        if not rest:
            self._error(head, "count line without its points (expected count 1: 38)")
            return None
        points = self._number(rest[0], "points")
        self._extra(rest[1:], "the points")
        if points is None or len(rest) > 1:
            return None
        return self._outcome({"kind": "count", "seat": seat, "entered": points})

    def _seat_only(self, head: Token, atoms: list[Atom], middle: bool) -> Fields | None:
        keyword = head.text.lower()
        usage = f"{keyword} 2" + (f" or {keyword} 2 middle" if middle else "")
        seated = self._seat(head, atoms, usage)
        if seated is None:
            return None
        seat, rest = seated
        fields: Fields = {"seat": seat}
        if middle and rest and rest[0].text.lower() == "middle":
            fields["middle"] = True
            rest = rest[1:]
        if rest:
            what = "the seat" + (" (only 'middle' may follow it)" if middle else "")
            self._extra(rest, what)
            return None
        return fields

    def _drop_or_absent(self, head: Token, atoms: list[Atom]) -> Fields | None:
        fields = self._seat_only(head, atoms, True)
        if fields is None:
            return None
        fields["kind"] = head.text.lower()
        return self._outcome(fields)

    def _no_show(self, head: Token, atoms: list[Atom]) -> Fields | None:
        fields = self._seat_only(head, atoms, False)
        if fields is None:
            return None
        fields["kind"] = "no-show"
        return self._outcome(fields)

    def _rejoin(self, head: Token, atoms: list[Atom]) -> Fields | None:
        fields = self._seat_only(head, atoms, False)
        if fields is None or not self._once("rejoin", head, "rejoin line"):
            return None
        self.body["rejoin"] = fields
        return fields

    def _redeal(self, head: Token, atoms: list[Atom]) -> Fields | None:
        expected = " or ".join(REDEAL_REASONS)
        if not atoms:
            self._error(head, f"redeal line without a reason (expected {expected})")
            return None
        reason = atoms[0].text.lower()
        if reason not in REDEAL_REASONS:
            message = f"unknown redeal reason {quoted(atoms[0].text)} (expected {expected})"
            self._error(atoms[0], message)
            return None
        self._extra(atoms[1:], "the redeal reason")
        if len(atoms) > 1 or not self._once("redeal", head, "redeal line"):
            return None
        fields: Fields = {"reason": reason}
        self.body["redeal"] = fields
        return fields

    def _penalty(self, head: Token, atoms: list[Atom]) -> Fields | None:
        usage = "penalty 3 10 reason"
        seated = self._seat(head, atoms, usage)
        if seated is None:
            return None
        seat, rest = seated
        if not rest:
            self._error(head, f"penalty line without its points (expected {usage})")
            return None
        points = self._number(rest[0], "penalty points")
        if points is None:
            return None
        reason = " ".join(atom.text for atom in rest[1:])
        fields: Fields = {"seat": seat, "points": points, "reason": reason}
        self.body.setdefault("penalties", []).append(fields)
        return fields

    def _turns(self, head: Token, atoms: list[Atom]) -> Fields | None:
        turns: list[Fields] = []
        ok = True
        for atom in atoms:
            turn = self._turn(atom)
            ok = ok and turn is not None
            if turn is not None:
                turns.append(turn)
        if not atoms:
            self._error(head, f"turns line without a turn (expected {_TURN_FORMS})")
            return None
        if not ok:
            return None
        fields: Fields = {"turns": [RummyTurn.build(**turn) for turn in turns]}
        self.body.setdefault("turns", []).append(fields)
        return fields

    def _turn(self, atom: Atom) -> Fields | None:
        match = _TURN.match(atom.text)
        if match is None:
            self._error(atom, f"bad turn {quoted(atom.text)} (expected {_TURN_FORMS})")
            return None
        seat = self.seats.seat(match.group("seat"))
        if isinstance(seat, str):
            self._error(atom, seat)
            return None
        draw, end = match.group("draw"), match.group("end")
        fields: Fields = {"seat": seat, "line": atom.line, "column": atom.column}
        draw_column = atom.column + len(match.group("seat")) + 1
        if end is None:
            if draw.lower() != "drop":
                self._error(atom, f"bad turn {quoted(atom.text)} (expected {_TURN_FORMS})")
                return None
            fields["end"] = "drop"
            return fields
        if draw.lower() == "c":
            fields["source"] = "closed"
        elif draw[:1].lower() == "c" and not isinstance(read_card(draw[1:]), str):
            fields.update(source="closed", drawn=read_card(draw[1:]))
        else:
            card = self._card(Atom(draw, atom.line, draw_column))
            if card is None:
                return None
            fields.update(source="pile", drawn=card)
        end_column = draw_column + len(draw) + 1
        if end.lower() == "declare":
            fields["end"] = "declare"
            return fields
        card = self._card(Atom(end, atom.line, end_column))
        if card is None:
            return None
        fields["discard"] = card
        return fields


_LineReader = Callable[[RummyHandBody, Token, list[Atom]], Fields | None]
_LINE_READERS: dict[str, _LineReader] = {
    "joker": RummyHandBody._card_line,
    "open": RummyHandBody._card_line,
    "deal": RummyHandBody._deal,
    "turns": RummyHandBody._turns,
    "drop": RummyHandBody._drop_or_absent,
    "absent": RummyHandBody._drop_or_absent,
    "declare": RummyHandBody._declare,
    "show": RummyHandBody._show,
    "count": RummyHandBody._count,
    "no-show": RummyHandBody._no_show,
    "redeal": RummyHandBody._redeal,
    "rejoin": RummyHandBody._rejoin,
    "penalty": RummyHandBody._penalty,
}

#: The node of each field of ``RummyBody`` (one node, or a list of them).
_BODY_NODES: dict[str, type[Node]] = {
    "rejoin": Rejoin,
    "joker": RummyCardLine,
    "open": RummyCardLine,
    "deals": RummyDeal,
    "turns": TurnsLine,
    "outcomes": Outcome,
    "redeal": RummyRedeal,
    "penalties": RummyPenalty,
}
