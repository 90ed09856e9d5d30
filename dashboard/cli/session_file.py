"""A session file as the commands read it: the session's tags, then one hand at a time.

``check``, ``score``, ``fmt``, ``convert`` and ``archive import`` read a club's whole archive
export, a hundred thousand hands, so they never hold the file or its record whole: a TGN file is
read a block at a time (``recorder.tgn.stream``) and each hand is given out normalized (every
turn's seat filled where the record allows, as ``replay.tricks.normalize`` does for a whole record)
as soon as it is read. A record as JSON is read whole (it is the record model's own form, for a
session, not an archive). The read errors, which may lie anywhere in the file, are known once
the hands have been read through; a command prints them first, as it always has, so what it
makes of the hands waits in a temporary file (``Spool``) meanwhile, not in memory.
"""

from __future__ import annotations

import gc
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from recorder.model import Hand, Record
    from recorder.tgn.errors import ReadError
    from recorder.tgn.stream import SessionStream

#: What a spool keeps in memory before it moves to a temporary file on disk.
SPOOL_BYTES = 4 << 20


class SessionFile:
    """One file opened for reading its hands once (use as a context manager).

    ``hands()`` gives each hand read without a problem, normalized; ``header`` (the session's
    tags as a record without hands) is set before the first hand is given, or at the end of a
    file without hands. After the hands: ``errors`` and ``readable`` (whether the file gave a
    record, i.e. the record the whole-file reader gives is not ``None``).
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.name = str(path)
        self.header: Record | None = None
        self.after: list[str] = []
        self._errors: list[ReadError] = []
        self._file: IO[bytes] | None = None
        self._stream: SessionStream | None = None
        self._whole: Record | None = None
        self._read = False

    def __enter__(self) -> SessionFile:
        from recorder.tgn.errors import ReadError
        from recorder.tgn.stream import SessionStream

        try:
            if self.path.suffix.lower() == ".json":
                self._whole = self._json()
            else:
                self._file = open(self.path, "rb")
                self._stream = SessionStream(self._file, self.name)
        except OSError as error:
            reason = error.strerror or str(error)
            self._errors = [ReadError(self.name, 0, 0, f"cannot read file: {reason}")]
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._file is not None:
            self._file.close()

    @property
    def errors(self) -> list[ReadError]:
        """Every read error (after the hands were read through)."""
        return self._errors

    @property
    def readable(self) -> bool:
        """Whether the file gave a record (after the hands were read through)."""
        return self._read and self.header is not None

    def hands(self) -> Iterator[Hand]:
        """Each hand of the session, normalized, in order (once)."""
        from replay.tricks.engine import SessionReplayer

        seating: SessionReplayer | None = None
        for hand in self._raw_hands():
            if seating is None:
                assert self.header is not None
                seating = SessionReplayer(self.header)
            yield seating.seat(hand)
        self._read = True

    def _raw_hands(self) -> Iterator[Hand]:
        if self._whole is not None:
            record = self._whole
            self.header = record.model_copy(update={"hands": []})
            self.after = list(record.after)
            yield from record.hands
            return
        stream = self._stream
        if stream is None:
            return
        for hand in stream:
            self.header = stream.header
            yield hand
        self._errors = stream.errors()
        self.header = stream.header if stream.readable else None
        self.after = stream.after

    def record(self) -> Record | None:
        """The whole record (normalized), for the commands that need every hand at once (Rummy's
        game, ``replay``); ``None`` when the file gives none."""
        hands = list(self.hands())
        if self.header is None:
            return None
        fields: dict[str, object] = {"hands": hands}
        if self.after:
            fields["after"] = self.after
        return self.header.model_copy(update=fields)

    def _json(self) -> Record | None:
        from pydantic import ValidationError

        from recorder.model import Record
        from recorder.tgn.errors import ReadError

        data = self.path.read_bytes()
        try:
            return Record.model_validate_json(data)
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(part) for part in first["loc"])
            message = f"not a Thuruppu record: {where}: {first['msg']}"
            self._errors = [ReadError(self.name, 1, 1, message)]
            return None


class Spool:
    """Text a command makes while it reads, kept until the read errors have been printed: in
    memory up to ``SPOOL_BYTES``, then in a temporary file."""

    def __init__(self) -> None:
        self._file = tempfile.SpooledTemporaryFile(  # noqa: SIM115 - closed once copied
            SPOOL_BYTES, mode="w+", encoding="utf-8", newline=""
        )
        self.write = self._file.write

    def pieces(self) -> Iterator[str]:
        """What was spooled, a piece at a time from its start."""
        self._file.seek(0)
        while piece := self._file.read(1 << 16):
            yield piece

    def lines(self) -> Iterator[str]:
        """What was spooled, a line at a time from its start."""
        self._file.seek(0)
        yield from self._file

    def copy_to(self, target: IO[str]) -> None:
        """Write everything spooled to ``target``, then forget it."""
        for piece in self.pieces():
            target.write(piece)
        self._file.close()

    def discard(self) -> None:
        self._file.close()


def named_spool(folder: str | None = None) -> tuple[IO[str], str]:
    """A temporary file for text another process reads after (a worker of ``check --jobs``):
    the open file and its name; the reader deletes it."""
    handle, name = tempfile.mkstemp(prefix="thuruppu-", suffix=".txt", dir=folder)
    return os.fdopen(handle, "w", encoding="utf-8", newline=""), name


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a session is read and replayed.

    Reading and replaying builds millions of small objects; the collector would walk them over
    and over (a fifth of ``check``'s time) to find no garbage, since they form no reference
    cycles. Reference counting frees each hand's objects once the next hand is read.
    """
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()
