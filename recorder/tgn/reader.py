"""The second stage of the reader: logical lines to a typed ``Record``, with every problem found.

Session tags (before the first ``[Hand]``) are checked first, so that the hands are read against the
game when it is known. A hand with any problem is left out and the others are kept with their own
numbers; a missing or unknown game, or missing or miscounted players, give no record at all, but the
hands are still read for their own problems. Whole-line comments (``;``, or a ``{...}`` standing
before any token of a line) go to the ``before`` list of the next line element, or to the last
hand's (or the record's) ``after`` at the end of the file.
"""

from __future__ import annotations

import codecs
import gc
import heapq
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Final

from recorder.model import Hand, Record
from recorder.tgn.body import HandBody
from recorder.tgn.errors import GIVE_UP_AFTER, Problems, ReadError, quoted
from recorder.tgn.lexer import BRACE, ERROR, TAG, Line, Token, tokenize
from recorder.tgn.node_maker import NodeMaker
from recorder.tgn.rummy.body import RummyHandBody
from recorder.tgn.tags import Session, TagLine, check_hand_tags, check_session, read_tag

#: A physical line longer than this is reported once and skipped (a TGN line is a few dozen tokens).
MAX_LINE_CHARACTERS = 100_000
NUL_MESSAGE = "binary data (a NUL byte): a TGN file is UTF-8 text"
_LINE_BREAKS = re.compile(r"\s*\n\s*")
_HAND_TAG = re.compile(r"\[\s*hand\b", re.IGNORECASE)
_HAND_NODE: Final = NodeMaker(Hand)
_EMPTY = "empty file: a TGN file needs at least a [Game] and a [Players] tag"


BodyReader = HandBody | RummyHandBody
"""What reads the body lines of one hand: a line at a time (``read_line``), then the hand's fields
(``fields``). The readers themselves rather than a protocol they share, so that the compiled
assembly calls the trick games' reader as C, not through Python's method call (about twenty
lines a hand)."""


#: The body reader of each family of games (``recorder.games.FAMILIES``), found by its name.
BODY_READERS: Final[dict[str, Callable[[Session, Problems], BodyReader]]] = {
    "trick": lambda session, problems: HandBody(session.notation, session.teams, problems),
    "rummy": lambda session, problems: RummyHandBody(session.players, problems),
}


@dataclass(frozen=True)
class ReadResult:
    """What reading gives: the record (``None`` when it cannot stand) and every problem found."""

    record: Record | None
    errors: list[ReadError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether the text was read without any problem."""
        return self.record is not None and not self.errors


def read(text: str, path: str = "<string>") -> ReadResult:
    """Read TGN text into a record, collecting every problem as data; never raises."""
    with _collector_paused():
        return _read(text, path)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while a record is built, then file it as old.

    A record is many small, long-lived objects without reference cycles. Left running, the
    collector would walk the growing record again and again while it is built, and once more as
    young objects afterwards; instead the new objects go straight to the oldest generation (by
    ``freeze``/``unfreeze``, only when nothing else in the process is frozen). Reading is about
    twice as fast for it, and nothing is left out of later full collections. A plain pause is
    slower: the young collections after it walk the whole new record once more.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if gc.get_freeze_count() == 0:
            gc.freeze()
            gc.unfreeze()
        if was_enabled:
            gc.enable()


def _read(text: str, path: str) -> ReadResult:
    problems = Problems(path)
    lines = lines_of(text, problems)
    if lines is None:
        return ReadResult(None, problems.errors())
    assembly = Assembly(problems)
    hands = list(assembly.hands(lines))
    last = assembly.finish()
    if last is not None:
        hands.append(last)
    header = assembly.header()
    record = None
    if header is not None:
        fields: dict[str, Any] = {"tags": header.tags, "hands": hands, "line": 1, "column": 1}
        if assembly.after:
            fields["after"] = assembly.after
        record = Record.build(**fields)
    return ReadResult(record, problems.errors())


def read_bytes(data: bytes, path: str = "<bytes>") -> ReadResult:
    """Read TGN from bytes: UTF-8 with or without a BOM; anything else is one clear error."""
    for bom, name in ((codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16")):
        if data.startswith(bom):
            message = f"the file is {name} text: save it as UTF-8"
            return ReadResult(None, [ReadError(path, 1, 1, message)])
    start = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        text = data[start:].decode("utf-8")
    except UnicodeDecodeError as error:
        offset = start + error.start
        line, column = place_of_byte(data[start:offset])
        message = (
            f"not UTF-8: byte 0x{data[offset]:02X} at offset {offset} cannot be decoded "
            "(a TGN file is UTF-8 text)"
        )
        return ReadResult(None, [ReadError(path, line, column, message)])
    return read(text, path)


def place_of_byte(before: bytes) -> tuple[int, int]:
    """The line and column of the byte that follows ``before`` (a valid UTF-8 prefix)."""
    before = before.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    line_start = before.rfind(b"\n") + 1
    return before.count(b"\n") + 1, len(before[line_start:].decode("utf-8", "replace")) + 1


def lines_of(text: str, problems: Problems, base: int = 0) -> Iterator[Line] | None:
    """The logical lines of a text, or ``None`` when it is not text at all (a NUL byte).

    ``base`` is the number of lines before the text, when it is a block of a longer file (which
    then starts at a line start and ends at a line end outside any brace comment).
    """
    if base == 0 and text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    nul = text.find("\x00")
    if nul >= 0:
        line_start = text.rfind("\n", 0, nul) + 1
        problems.add(base + text.count("\n", 0, nul) + 1, nul - line_start + 1, NUL_MESSAGE)
        return None
    too_long: list[Line] = []
    if len(text) > MAX_LINE_CHARACTERS:
        physical = text.split("\n")
        for index, content in enumerate(physical):
            if len(content) > MAX_LINE_CHARACTERS:
                message = (
                    f"line too long: {len(content)} characters (at most {MAX_LINE_CHARACTERS}); "
                    f"it is skipped: {quoted(content)}"
                )
                number = base + index + 1
                too_long.append(Line(number, [Token(ERROR, message, number, 1)], None))
                physical[index] = ""
        if too_long:
            text = "\n".join(physical)
    if too_long:
        return heapq.merge(tokenize(text, base), too_long, key=lambda line: line.number)
    return tokenize(text, base)


class Assembly:
    """Builds the record line by line: the session tags, then one hand after another, each
    given out as soon as its last line is read (``hands``), so that a file is read one hand at a
    time; ``finish`` ends the last hand at the end of the text."""

    def __init__(self, problems: Problems) -> None:
        self.problems = problems
        self.pending: list[str] = []
        self.session_tags: list[TagLine] = []
        self.session: Session | None = None
        self.finished: list[Hand] = []
        """The hand ended by the line just read, until ``hands`` gives it out."""
        self.hand_tags: list[TagLine] = []
        self.body: BodyReader | None = None
        self.hand_count = 0
        self.problems_before_hand = 0
        self.saw_tokens = False
        """Whether any line holds more than comments (a text without one is an empty file)."""
        self.stopped = False
        """Whether reading stopped for too many problems (the lines after are left unread)."""
        self.after: list[str] = []
        """The comments at the end of a text without hands (the record's ``after``)."""

    def hands(self, lines: Iterable[Line]) -> Iterator[Hand]:
        """Read the lines; each hand read without a problem as soon as the next one starts."""
        finished, problems = self.finished, self.problems
        for line in lines:
            if problems.count >= GIVE_UP_AFTER:  # reading on would only add noise
                problems.stop(line.number)
                self.stopped = True
                break
            self._line(line)
            if finished:
                yield finished.pop()

    def finish(self) -> Hand | None:
        """End the text: the last hand, when it was read without a problem."""
        after, self.pending = self.pending, []
        if self.body is not None:
            self._end_hand(after)
            after = []
        self.after = after
        if not self.saw_tokens:
            if not self.problems.count:
                self.problems.add(1, 1, _EMPTY)
            return None
        return self.finished.pop() if self.finished else None

    def header(self) -> Record | None:
        """The session as a record without hands, or ``None`` when the session tags make it
        meaningless (known once the first hand starts, or at the end of the text)."""
        if not self.saw_tokens:
            return None
        session = self._session()
        if not session.meaningful:
            return None
        return Record.build(tags=session.tags, line=1, column=1)

    def _line(self, line: Line) -> None:
        before = self.pending
        if line.plain:
            tokens = line.tokens
        else:
            tokens = []
            for token in line.tokens:
                if token.kind == ERROR:
                    self.problems.add(token.line, token.column, token.text)
                elif token.kind == BRACE and not tokens:
                    before.append(_LINE_BREAKS.sub(" ", token.text))
                else:
                    tokens.append(token)
            if not tokens:
                if line.comment is not None:
                    before.append(line.comment.text)
                return
        self.pending = []
        self.saw_tokens = True
        head = tokens[0]
        if head.kind == TAG:
            self._tag(line, tokens, before)
        elif self.body is None:
            message = (
                f"{quoted(head.text)} before the first [Hand] tag (body lines belong to a hand)"
            )
            self.problems.add(head.line, head.column, message)
        else:
            self.body.read_line(line, tokens, before)

    def _tag(self, line: Line, tokens: list[Token], before: list[str]) -> None:
        head = tokens[0]
        remarks = [_LINE_BREAKS.sub(" ", token.text) for token in tokens if token.kind == BRACE]
        if line.comment is not None:
            remarks.append(line.comment.text)
        remark = " ; ".join(remarks) if remarks else None
        read = read_tag(head.text)
        if isinstance(read, str):
            if _HAND_TAG.match(head.text):  # a broken [Hand] tag still starts a (bad) hand
                number = str(self.hand_count + 1)
                self._start_hand(TagLine("Hand", number, head.line, head.column, 0, before, None))
            self.problems.add(head.line, head.column, read)
        else:
            name, value, offset = read
            tag = TagLine(name, value, head.line, head.column, head.column + offset, before, remark)
            if name == "Hand":
                self._start_hand(tag)
            elif self.body is not None:
                self.hand_tags.append(tag)
            else:
                self.session_tags.append(tag)
        for token in tokens[1:]:
            if token.kind != BRACE:
                message = (
                    f"unexpected {quoted(token.text)} after the tag (a tag line holds one tag)"
                )
                self.problems.add(token.line, token.column, message)

    def _session(self) -> Session:
        if self.session is None:
            self.session = check_session(self.session_tags, self.problems)
        return self.session

    def _start_hand(self, tag: TagLine) -> None:
        if self.body is not None:
            self._end_hand([])
        session = self._session()
        self.hand_count += 1
        self.problems_before_hand = self.problems.count
        self.hand_tags = [tag]
        self.body = BODY_READERS[session.family](session, self.problems)

    def _end_hand(self, after: list[str]) -> None:
        assert self.body is not None
        first = self.hand_tags[0]
        notation = self._session().notation
        tags = check_hand_tags(self.hand_tags, notation, self.hand_count, self.problems)
        if self.problems.count == self.problems_before_hand:
            fields = self.body.fields()
            fields.update(tags=tags, line=first.line, column=first.column)
            if after:
                fields["after"] = after
            self.finished.append(_HAND_NODE.make(fields))
        self.body = None
