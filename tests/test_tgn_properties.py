"""Properties: random valid records survive the writer and the reader; random input never raises."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from recorder.model import Record
from recorder.tgn import TGNError, dumps, loads, read, read_bytes
from recorder.tgn.lexer import Line, _Scanner, tokenize
from tests.strategies import WRITABLE, records

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(records(WRITABLE))
def test_written_records_read_back_equal_and_the_writer_is_a_fixed_point(record: Record) -> None:
    text = dumps(record)
    again = loads(text)
    assert again == record
    assert dumps(again) == text


# Text made of the notation's own pieces reaches deep into the reader; any text and bytes too.
_PIECES = [
    '[Game "40"]', '[Game "29"]', '[Players "A, B, C, D, E, F"]', '[Players "A, B, C, D"]',
    '[Hand "1"]', '[Hand "2"]', '[Dealer "3"]', '[Rules "min-bid=15"]', '[Teams "R, B"]',
    '[Points "R=1"]', "[", "]", '"', "{", "}", "{x}", ";", "; c", "\n", "\r\n", " ", "\t", "deal",
    "1:", "2:", "9:", "JS", "10h", "9♥", "ZZ", "-", "|", "bid", "20", "p", "H3", "thani", "trump",
    "?H", "1.", "2.", "x.", "ask", "show", "jodi?=no", "kot?", "!", "??", "^", "*", "pair", "3",
    "redeal", "misdeal", "penalty", "R", "B", "\x00", "\x07", "é", "\ufeff",
]  # fmt: skip
notation_soup = st.lists(st.sampled_from(_PIECES), max_size=60).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.text() | notation_soup)
def test_reading_any_text_never_raises_and_loads_raises_only_tgn_error(text: str) -> None:
    result = read(text, "random.tgn")
    assert all(error.line >= 1 and error.column >= 1 for error in result.errors)
    try:
        record = loads(text, "random.tgn")
    except TGNError as error:
        assert error.errors == result.errors and error.errors
    else:
        assert not result.errors and record == result.record


@settings(max_examples=200, deadline=None)
@given(st.binary() | notation_soup.map(lambda text: text.encode("utf-8")))
def test_reading_any_bytes_never_raises(data: bytes) -> None:
    result = read_bytes(data, "random.bin")
    assert result.record is not None or result.errors


def _scanned(text: str) -> list[Line]:
    """The logical lines of a text with every line read by the lexer's full scanner."""
    if not text.endswith("\n"):
        text += "\n"
    scanner = _Scanner(text)
    lines, offset, number = [], 0, 1
    while offset < len(text):
        line, offset, last = scanner.scan(offset, number)
        number = last + 1
        if line is not None:
            lines.append(line)
    return lines


@settings(max_examples=300, deadline=None)
@given(st.text() | notation_soup)
def test_the_lexers_fast_paths_read_lines_as_the_full_scanner_does(text: str) -> None:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    fast = [(line.number, line.tokens, line.comment) for line in tokenize(text)]
    assert fast == [(line.number, line.tokens, line.comment) for line in _scanned(text)]
