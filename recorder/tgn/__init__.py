"""TGN in and out: the reader (text to ``Record``, every problem as data) and the canonical writer.

``read``/``read_bytes`` never raise and return a ``ReadResult``; ``loads``/``load`` raise
``TGNError`` carrying every ``ReadError`` when the text cannot be read. ``dumps``/``dump`` write the
canonical form of TGN.md §6. The JSON helpers give the record model's own JSON and schema.
The names ``recorder`` offers from here (on first use: ``recorder.__all__``, the one list of them)
are its public functions and types; ``ReadError`` is re-exported from ``errors``.
"""

from __future__ import annotations

import io
import json
import os
from typing import IO, cast

from recorder.model import Record
from recorder.tgn.errors import ReadError as ReadError
from recorder.tgn.errors import TGNError
from recorder.tgn.reader import ReadResult, read, read_bytes
from recorder.tgn.writer import dumps

PathOrFile = str | os.PathLike[str] | IO[str] | IO[bytes]


def loads(text: str, path: str = "<string>") -> Record:
    """Read TGN text into a record; raises ``TGNError`` with every problem when there is any."""
    return _accepted(read(text, path))


def load(source: PathOrFile) -> Record:
    """Read a TGN file by path, or from an open file (text or binary); raises ``TGNError`` (and
    ``OSError`` when the file cannot be opened)."""
    if isinstance(source, str | os.PathLike):
        with open(source, "rb") as file:
            return _accepted(read_bytes(file.read(), os.fspath(source)))
    content = source.read()
    path = str(getattr(source, "name", "<file>"))
    if isinstance(content, bytes):
        return _accepted(read_bytes(content, path))
    return _accepted(read(content, path))


def dump(record: Record, target: PathOrFile) -> None:
    """Write a record as canonical TGN to a path (UTF-8, LF line ends) or to an open file."""
    text = dumps(record)
    if isinstance(target, str | os.PathLike):
        with open(target, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
    elif isinstance(target, io.RawIOBase | io.BufferedIOBase) or "b" in getattr(target, "mode", ""):
        cast(IO[bytes], target).write(text.encode("utf-8"))
    else:
        cast(IO[str], target).write(text)


def to_json(record: Record, indent: int | None = None) -> str:
    """The record as JSON (every field of the model, positions included): lossless, see
    ``from_json``."""
    return record.model_dump_json(indent=indent)


def from_json(text: str | bytes) -> Record:
    """A record from its JSON; raises pydantic's ``ValidationError`` (a ``ValueError``) if bad."""
    return Record.model_validate_json(text)


def json_schema(indent: int | None = 2) -> str:
    """The JSON Schema of the record model, as JSON text."""
    return json.dumps(Record.model_json_schema(), indent=indent, ensure_ascii=False)


def _accepted(result: ReadResult) -> Record:
    if result.errors or result.record is None:
        raise TGNError(result.errors)
    return result.record
