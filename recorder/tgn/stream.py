"""A TGN file read one hand at a time, so that memory does not grow with the file.

``SessionStream`` reads a file a block (about a megabyte) at a time and gives out its hands one
after another: the session's tags first (``header``, a record without hands, known when the first
hand is given out), then each hand read without a problem, as soon as the next one starts. The
read errors, which may lie anywhere in the file, are known at its end (``errors``). What it reads
is what ``read_bytes`` reads from the whole file — the same hands, errors, lines and columns:

- a block ends at a line end (LF, or a lone CR), never inside a CRLF or a UTF-8 character, and
  never while a ``{`` may still be open: a brace comment may span lines, so the block grows until
  every ``{`` in it has a ``}`` after it (an unclosed one takes the rest of the file, as it does
  when read whole);
- a file that is not UTF-8 text (a UTF-16 byte order mark, bytes that do not decode, a NUL) gives
  no hands and that one error, as ``read_bytes`` does; hands given out before the problem was met
  are then not part of a record (``readable`` is false), and a command discards what it made of
  them. A NUL is met in the read that brings it, not at the next line end (a file of zero bytes
  has none): a binary file of any size is refused after its first read. When a file holds both a
  NUL and a byte that does not decode, the first of them in the file is the error;
- an absurd file, with no line end in ``MAX_STRETCH`` bytes (outside a brace comment or inside
  one), is refused there ("not a TGN text file"), its byte that does not decode first if it has
  one: a block never grows past that, so memory stays bounded and the time linear in the bytes
  read (a TGN line is at most ``MAX_LINE_CHARACTERS``, a few hundred kilobytes).
"""

from __future__ import annotations

import codecs
from collections.abc import Iterator
from typing import IO

from recorder.model import Hand, Record
from recorder.tgn.errors import Problems, ReadError
from recorder.tgn.reader import NUL_MESSAGE, Assembly, lines_of, place_of_byte

#: How many bytes are read at once; a block is this or a little more (to its last line end).
BLOCK_BYTES = 1 << 20
_MARK_BYTES = len(codecs.BOM_UTF8)
"""The first read is at least this long, to hold a byte order mark whole."""
MAX_STRETCH = 16 << 20
"""The most bytes a block may wait for its line end (or its brace comment's end) before the file
is refused as no TGN text."""


class SessionStream:
    """The hands of one TGN file, one at a time (iterate once); then its errors."""

    def __init__(self, file: IO[bytes], path: str, block_bytes: int = BLOCK_BYTES) -> None:
        self.path = path
        self._file = file
        self._block_bytes = block_bytes
        self._problems = Problems(path)
        self._assembly = Assembly(self._problems)
        self._failure: ReadError | None = None
        self._header: Record | None = None
        self._done = False

    @property
    def header(self) -> Record | None:
        """The session (its tags, no hands) when it is meaningful: set before the first hand is
        given out, or at the end of a file without hands."""
        return self._header

    @property
    def after(self) -> list[str]:
        """The comments at the end of a file without hands (the record's ``after``)."""
        return self._assembly.after

    @property
    def readable(self) -> bool:
        """Whether the file gave a record (after reading it through): ``read_bytes``'s record is
        not ``None``."""
        return self._done and self._failure is None and self._header is not None

    def errors(self) -> list[ReadError]:
        """Every read error, in the order of the file (after reading it through)."""
        if self._failure is not None:
            return [self._failure]
        return self._problems.errors()

    def __iter__(self) -> Iterator[Hand]:
        assembly = self._assembly
        for hand in self._read():
            if self._header is None:
                self._header = assembly.header()
            if self._header is not None:
                yield hand
        if self._failure is None:
            last = assembly.finish()
            if self._header is None:
                self._header = assembly.header()
            if last is not None and self._header is not None:
                yield last
        self._done = True

    def _read(self) -> Iterator[Hand]:
        assembly = self._assembly
        base = 0
        for block in self._blocks():
            binary = Problems(self.path)  # where lines_of reports a NUL byte, the one error then
            lines = lines_of(block, binary, base)
            if lines is None:
                self._failure = binary.errors()[0]
                return
            yield from assembly.hands(lines)
            if assembly.stopped:
                return
            base += block.count("\n")

    def _blocks(self) -> Iterator[str]:
        """The file's text a block at a time, CR and CRLF made LF; sets ``_failure`` and stops
        at bytes that are not UTF-8 text."""
        pending = bytearray()
        offset = 0  # of pending's first byte in the file
        base = 0  # lines before pending
        first = True
        while True:
            data = self._file.read(
                max(self._block_bytes, _MARK_BYTES) if first else self._block_bytes
            )
            seen = len(pending)
            pending += data
            if first:  # the byte order mark, when there is one, is in the first read
                first = False
                if pending.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
                    message = "the file is UTF-16 text: save it as UTF-8"
                    self._failure = ReadError(self.path, 1, 1, message)
                    return
                if pending.startswith(codecs.BOM_UTF8):
                    del pending[: len(codecs.BOM_UTF8)]
                    offset = len(codecs.BOM_UTF8)
            nul = pending.find(b"\0", seen)
            if nul >= 0:
                self._failure = self._binary(bytes(pending[:nul]), offset, base)
                return
            # a cut needs a new line end, or a lone CR that was the last byte before this read
            ends = b"\n" in data or b"\r" in data or pending[seen - 1 : seen] == b"\r"
            cut = (_cut(pending) if ends else 0) if data else len(pending)
            if not cut and len(pending) > MAX_STRETCH:
                self._failure = self._absurd(bytes(pending[:MAX_STRETCH]), offset, base)
                return
            if cut:
                chunk = bytes(pending[:cut])
                try:
                    text = chunk.decode("utf-8")
                except UnicodeDecodeError as error:
                    self._failure = self._undecodable(chunk, error, offset, base)
                    return
                del pending[:cut]
                offset += cut
                if "\r" in text:
                    text = text.replace("\r\n", "\n").replace("\r", "\n")
                base += text.count("\n")
                yield text
            if not data:
                return

    def _binary(self, before: bytes, offset: int, base: int) -> ReadError:
        """The error of a NUL byte after ``before`` (the bytes since the block's start), or of a
        byte before it that does not decode: where ``lines_of`` or the decoding would say it."""
        try:
            text = before.decode("utf-8")
        except UnicodeDecodeError as error:
            return self._undecodable(before, error, offset, base)
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        column = len(text) - (text.rfind("\n") + 1) + 1
        return ReadError(self.path, base + text.count("\n") + 1, column, NUL_MESSAGE)

    def _absurd(self, stretch: bytes, offset: int, base: int) -> ReadError:
        """The error of ``MAX_STRETCH`` bytes without a line end that a block may end at, or of a
        byte in them that does not decode."""
        try:
            stretch.decode("utf-8", "strict")
        except UnicodeDecodeError as error:
            if error.reason != "unexpected end of data":  # not a character cut at the end
                return self._undecodable(stretch, error, offset, base)
        message = (
            f"no line end (or end of a brace comment) in {MAX_STRETCH >> 20} MB: "
            "not a TGN text file"
        )
        return ReadError(self.path, base + 1, 1, message)

    def _undecodable(
        self, chunk: bytes, error: UnicodeDecodeError, offset: int, base: int
    ) -> ReadError:
        line, column = place_of_byte(chunk[: error.start])
        at = offset + error.start
        message = (
            f"not UTF-8: byte 0x{chunk[error.start]:02X} at offset {at} cannot be decoded "
            "(a TGN file is UTF-8 text)"
        )
        return ReadError(self.path, base + line, column, message)


def _cut(pending: bytearray) -> int:
    """How many bytes of ``pending`` make whole lines outside any brace comment (0: none yet)."""
    end = pending.rfind(b"\n") + 1
    if not end:  # a lone CR ends a line too, unless an LF may follow it in the next read
        end = pending.rfind(b"\r", 0, len(pending) - 1) + 1
    if end and pending.rfind(b"{", 0, end) > pending.rfind(b"}", 0, end):
        return 0
    return end


def open_stream(path: str) -> tuple[IO[bytes], SessionStream]:
    """The file opened and its stream (close the file when done); raises ``OSError``."""
    file = open(path, "rb")  # noqa: SIM115 - the caller closes it
    return file, SessionStream(file, path)
