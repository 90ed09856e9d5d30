"""A file read one hand at a time (``recorder.tgn.stream``) reads as the whole file does: the same
hands with the same lines and columns, the same errors, the same session, whatever the blocks."""

from __future__ import annotations

import io
import time
import tracemalloc
from pathlib import Path

import pytest

from recorder.tgn import read_bytes
from recorder.tgn.stream import SessionStream

DATA = Path(__file__).resolve().parent.parent / "data"
CLUB = (DATA / "club-night-40.tgn").read_text(encoding="utf-8")
RUMMY = (DATA / "rummy-first-round.tgn").read_text(encoding="utf-8")


def _variants() -> dict[str, bytes]:
    text = CLUB
    data = text.encode()
    return {
        "club": data,
        "rummy": RUMMY.encode(),
        "crlf": text.replace("\n", "\r\n").encode(),
        "cr": text.replace("\n", "\r").encode(),
        "bom": b"\xef\xbb\xbf" + data,
        "braces across lines": text.replace("deal 2:", "{a comment\nover\nlines} deal 2:").encode(),
        "unclosed brace": (text[:2500] + " {never closed " + text[2500:]).encode(),
        "stray brace": text.replace("deal 3:", "} deal 3:", 1).encode(),
        "nul": data[:3000] + b"\x00" + data[3000:],
        "not utf-8": data[:3500] + b"\xff" + data[3500:],
        "utf-16": text.encode("utf-16"),
        "bad card": text.replace("deal 1:", "deal 1: ZZ", 1).encode(),
        "many errors": text.replace("2:", "9:").encode(),
        "no game": text.replace('[Game "40"]', "").encode(),
        "no hands": (text.split("[Hand")[0] + "; trailing\n").encode(),
        "trailing comments": (text + "; after the last hand\n{brace after}\n").encode(),
        "long line": text.replace("deal 3:", "; " + "x" * 100_050 + "\ndeal 3:", 1).encode(),
        "comment only": b"; only a comment\n",
        "empty": b"",
    }


VARIANTS = _variants()


def _streamed(data: bytes, block_bytes: int) -> tuple[SessionStream, list[str]]:
    stream = SessionStream(io.BytesIO(data), "club.tgn", block_bytes)
    hands = [hand.model_dump_json() for hand in stream]
    return stream, hands


@pytest.mark.parametrize("block_bytes", [7, 97, 4096, 1 << 20])
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_stream_reads_as_the_whole_file(name: str, block_bytes: int) -> None:
    data = VARIANTS[name]
    whole = read_bytes(data, "club.tgn")
    stream, hands = _streamed(data, block_bytes)
    assert stream.errors() == whole.errors
    assert stream.readable == (whole.record is not None)
    if whole.record is None:
        return
    assert hands == [hand.model_dump_json() for hand in whole.record.hands]
    assert stream.header is not None
    assert (
        stream.header.model_dump_json()
        == whole.record.model_copy(update={"hands": [], "after": []}).model_dump_json()
    )
    assert stream.after == whole.record.after


def test_each_hand_is_given_before_the_file_is_read_through() -> None:
    head, _, hand = CLUB.partition('[Hand "1"]')
    data = head + "".join(f'[Hand "{n}"]' + hand.split("[Hand")[0] for n in range(1, 201))
    source = io.BytesIO(data.encode())
    stream = SessionStream(source, "long.tgn", block_bytes=4096)
    first = next(iter(stream))
    assert first.number == 1
    assert source.tell() < len(data) // 10


def test_an_error_after_the_hands_read_keeps_its_line_and_column() -> None:
    data = VARIANTS["nul"]
    stream, _ = _streamed(data, 256)
    (error,) = stream.errors()
    line = data[:3000].count(b"\n") + 1
    column = 3000 - data[:3000].rfind(b"\n")
    assert (error.line, error.column) == (line, column)
    assert error.message == "binary data (a NUL byte): a TGN file is UTF-8 text"
    assert not stream.readable


ABSURD = {
    # what the file holds: (its bytes, a piece at a time; what ``check`` says of it)
    "2 GB of zero bytes (sparse)": (None, "1:1: binary data (a NUL byte)"),
    "64 MB without a line end": ([b"a" * (1 << 20)] * 64, "1:1: no line end"),
    "64 MB of bytes that do not decode": (
        [b'[Game "40"]\n'] + [b"\xff" * (1 << 20)] * 64,
        "2:1: not UTF-8: byte 0xFF at offset 12",
    ),
    "64 MB in a brace comment never closed": (
        [b'[Game "40"]\n{'] + [b"x\n" * (1 << 19)] * 64,
        "1:1: no line end (or end of a brace comment) in 16 MB",
    ),
}


@pytest.mark.parametrize("name", list(ABSURD))
def test_check_refuses_an_absurd_file_at_once_at_any_size(name: str, tmp_path: Path) -> None:
    """A binary or absurd file is refused after its first reads (the 2 GB file of zero bytes
    took over 300 s and 1.6 GB before), in time and memory that do not grow with the file."""
    from dashboard.cli.checking import UNREADABLE, check_file

    pieces, said = ABSURD[name]
    path = tmp_path / "absurd.tgn"
    with path.open("wb") as file:
        if pieces is None:
            file.truncate(2 * 1024**3)
        for piece in pieces or []:
            file.write(piece)
    tracemalloc.start()
    started = time.perf_counter()
    checked = check_file(path, None)
    took = time.perf_counter() - started
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert checked.status == UNREADABLE
    assert len(checked.errors) == 1 and f"{path}:{said}" in checked.errors[0], checked.errors
    assert took < 5, took
    assert peak < 80 << 20, peak  # a block of at most 16 MB and its copies, not the file
