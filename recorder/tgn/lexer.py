"""The first stage of the reader: TGN text to logical lines of positioned tokens.

Lines of plain words go through ``str.split`` (their columns counted from the words' lengths when
one space parts them), a line of one tag through one match of the tag's pattern, and any other line
through one compiled regular expression (no per-character Python loop in any case). A logical line
ends at a newline outside braces, so a ``{...}`` comment may span lines. Tokens are words, brace
comments, tag lines and errors (text that can never be valid: an unclosed ``{``, a stray ``}``, a
control character); the newlines that end logical lines are the boundaries between ``Line`` values
rather than tokens, and a ``;`` comment is kept as its line's end comment. Lines and columns are
1-based, columns counting characters. The input must already have LF line endings (``reader``
sees to it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

WORD: Final = "word"
BRACE: Final = "brace"
TAG: Final = "tag"
ERROR: Final = "error"


class Token:
    """A token: ``WORD``, ``BRACE`` (text inside the braces, trimmed), ``TAG`` or ``ERROR``.

    A plain class with slots rather than a named tuple: a record is about a hundred tokens a
    hand, and compiled, this class is made in one step with its line and column kept as machine
    integers (a named tuple was two tuples and a boxed line number a token)."""

    __slots__ = ("column", "kind", "line", "text")

    def __init__(self, kind: str, text: str, line: int, column: int) -> None:
        self.kind = kind
        self.text = text
        """The word, the comment, the whole tag text, or an error's message."""
        self.line = line
        self.column = column

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Token):
            return NotImplemented
        return (self.kind, self.text, self.line, self.column) == (
            other.kind,
            other.text,
            other.line,
            other.column,
        )

    def __hash__(self) -> int:
        return hash((self.kind, self.text, self.line, self.column))

    def __repr__(self) -> str:
        return f"Token({self.kind!r}, {self.text!r}, {self.line}, {self.column})"


class Line:
    """A logical line: its tokens, and its ``;`` end comment (trimmed) if it has one (a class
    with slots, as ``Token`` is)."""

    __slots__ = ("comment", "number", "plain", "tokens")

    def __init__(
        self, number: int, tokens: list[Token], comment: Token | None, plain: bool = False
    ) -> None:
        self.number = number
        self.tokens = tokens
        self.comment = comment
        self.plain = plain
        """Whether the line holds words only (no comment, tag or error): the reader's fast
        path."""

    def __repr__(self) -> str:
        return f"Line({self.number}, {self.tokens!r}, {self.comment!r}, {self.plain})"


_SPACE = r"[^\S\n\x1c-\x1f]*"
_WORD = r"(?P<word>[^\s{};\[\]\x00-\x08\x0e-\x1f\x7f]+)"
# a tag runs from its opening quote to the first ``"]`` after it (else to a ``]``)
_TAG = r"(?P<tag>\[[^\"\n]*\"[^\n]*?\"[ \t]*\]|\[[^\]\n]*\]?)"
_REST = (
    r"|(?P<newline>\n)"
    r"|(?P<comment>;[^\n]*)"
    r"|" + _TAG + r"|(?P<stray>[\]}])"
    r"|(?P<control>[\x00-\x08\x0e-\x1f\x7f]+)"
)
# While some ``}`` may still follow, a brace comment runs to it (or to the end of the text when it
# is unclosed); after an unclosed one no ``}`` is left, so each ``{`` stops at its line's end.
_TOKENS: Final = re.compile(_SPACE + "(?:" + _WORD + r"|(?P<brace>\{[^}]*\}?)" + _REST + ")")
_TOKENS_UNCLOSED: Final = re.compile(_SPACE + "(?:" + _WORD + r"|(?P<brace>\{[^\n]*)" + _REST + ")")


#: A character only the full scanner handles; a physical line without any is plain words.
_NOT_PLAIN: Final = re.compile(r"[{}\[\];\x00-\x08\x0e-\x1f\x7f]")
#: A tag as the full scanner reads it at a line's start: a line it spans is that one token.
_TAG_LINE: Final = re.compile(_SPACE + _TAG)


def tokenize(text: str, base: int = 0) -> Iterator[Line]:
    """The logical lines of LF-ended text, one at a time; blank lines are left out.

    Lines of plain words (most lines of a record) are split by ``str.split`` and a line of one
    tag is matched whole; a line with a comment or anything unusual goes through the full scanner.
    ``base`` is the number of lines before the text (a block of a file read a block at a time).
    """
    if not text.endswith("\n"):
        text += "\n"  # every run of spaces is then followed by a token, which keeps matching linear
    physical = text.split("\n")
    scanner = _Scanner(text)
    index = 0
    offset = 0
    while index < len(physical) - 1:
        content = physical[index]
        if _NOT_PLAIN.search(content) is None:
            index += 1
            offset += len(content) + 1
            words = content.split()
            if not words:
                continue
            number = index + base
            tokens = []
            if " ".join(words) == content:  # one space between words: columns by their lengths
                column = 1
                for word in words:
                    tokens.append(Token(WORD, word, number, column))
                    column += len(word) + 1
            else:
                position = 0
                for word in words:
                    position = content.find(word, position)
                    tokens.append(Token(WORD, word, number, position + 1))
                    position += len(word)
            yield Line(number, tokens, None, True)
            continue
        tag = _TAG_LINE.match(content)
        if tag is not None and tag.end() == len(content):  # a line of one tag, the usual case
            index += 1
            offset += len(content) + 1
            token = Token(TAG, tag["tag"], index + base, tag.start("tag") + 1)
            yield Line(index + base, [token], None, False)
            continue
        line, offset, end = scanner.scan(offset, index + base + 1)
        index = end - base
        if line is not None:
            yield line


class _Scanner:
    """The full scanner: one logical line at a time, from a line start to its newline."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pattern = _TOKENS

    def scan(self, offset: int, number: int) -> tuple[Line | None, int, int]:
        """The logical line starting at ``offset`` (line ``number``), where the next one starts,
        and the number of the physical line it ends on."""
        tokens: list[Token] = []
        comment: Token | None = None
        line = number
        line_start = offset
        position = offset
        while True:
            for match in self.pattern.finditer(self.text, position):
                kind = match.lastgroup or ""
                start = match.start(kind)
                column = start - line_start + 1
                if kind == "newline":
                    first = tokens[0] if tokens else comment
                    found = Line(first.line, tokens, comment) if first else None
                    return found, match.end(), line
                if kind == "word":
                    tokens.append(Token(WORD, match.group(kind), line, column))
                elif kind == "brace":
                    body = match.group(kind)
                    if body.endswith("}"):
                        tokens.append(Token(BRACE, body[1:-1].strip(), line, column))
                        if "\n" in body:
                            line += body.count("\n")
                            line_start = start + body.rindex("\n") + 1
                        continue
                    message = "unclosed '{': a comment must end with '}' and may not contain one"
                    tokens.append(Token(ERROR, message, line, column))
                    if self.pattern is _TOKENS:
                        self.pattern = _TOKENS_UNCLOSED
                        position = self.text.find("\n", start)
                        break
                elif kind == "comment":
                    comment = Token(WORD, match.group(kind)[1:].strip(), line, column)
                elif kind == "tag":
                    tokens.append(Token(TAG, match.group(kind), line, column))
                else:
                    tokens.append(Token(ERROR, _unexpected(match.group(kind)), line, column))
            else:  # pragma: no cover - the text ends with a newline, which returns above
                return None, len(self.text), line


def _unexpected(text: str) -> str:
    if text in "]}":
        opening = "[" if text == "]" else "{"
        return f"unexpected '{text}' with no '{opening}' before it"
    return f"unexpected control character U+{ord(text[0]):04X}: a TGN file is text"
