"""What the commands write of a session read one hand at a time (``dashboard.cli.session_file``):
the canonical TGN, the record as JSON, and the trick games' score sheet, each written as it goes.

Each writes exactly the text the whole record gave (``writer.dumps``, ``model_dump_json(indent=2)``,
``render_score`` and ``score --json``): the head of the record or sheet, then each hand's piece
as the hand is read, then the end. A JSON piece is the hand's own JSON indented to where it
stands in the whole; the score sheet's columns are as wide as their widest cell, so its rows wait
in a temporary file until the last hand is scored.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dashboard.cli.session_file import SessionFile, Spool

if TYPE_CHECKING:
    from recorder.model import Hand, Record

Write = Callable[[str], object]


def write_tgn(source: SessionFile, write: Write) -> None:
    """The session as canonical TGN (``writer.dumps``), a hand at a time."""
    from recorder.tgn.writer import hand_writer, head_lines

    hand_lines: Callable[[Hand], list[str]] | None = None
    started = False
    for hand in source.hands():
        if hand_lines is None:
            assert source.header is not None
            head = head_lines(source.header)
            hand_lines = hand_writer(source.header.game)
            started = bool(head)
            write("\n".join(head))
        write(("\n\n" if started else "\n") + "\n".join(hand_lines(hand)))
        started = True
    if hand_lines is None and source.header is not None:
        head = head_lines(source.header.model_copy(update={"after": source.after}))
        write("\n".join(head))
    write("\n")


def write_record_json(source: SessionFile, write: Write) -> None:
    """The record as its model's JSON (``model_dump_json(indent=2)``), a hand at a time."""
    close = ""
    for hand in source.hands():
        if not close:
            assert source.header is not None
            head, close = _split_at_hands(source.header)
            write(head + "[\n")
        else:
            write(",\n")
        write(indented(hand.model_dump_json(indent=2), 4))
    if close:
        write("\n  ]" + close)
    elif source.header is not None:
        record = source.header.model_copy(update={"after": source.after})
        write(record.model_dump_json(indent=2))


def _split_at_hands(header: Record) -> tuple[str, str]:
    """The record's JSON before its hands' list and after it (``header`` has no hands)."""
    text = header.model_dump_json(indent=2)
    head, empty, tail = text.partition('\n  "hands": []')
    assert empty, "a record's JSON holds its hands"
    return head + '\n  "hands": ', tail


def indented(text: str, spaces: int) -> str:
    """Indented JSON text moved ``spaces`` to the right, as it stands nested in a whole."""
    margin = " " * spaces
    return margin + text.replace("\n", "\n" + margin)


def json_text(data: Any) -> str:
    """``data`` as indented JSON (``json.dumps(data, ensure_ascii=False, indent=2)``'s text) by
    pydantic's compiled serializer: the standard library's indenting encoder is plain Python."""
    from pydantic_core import to_json

    return to_json(data, indent=2).decode()


class TrickScoreSheet:
    """``thuruppu score`` of a trick game, a hand at a time: each hand replayed, scored and
    written (its ``score --json`` entry, or its row of the terminal's sheet)."""

    def __init__(
        self, record: Record, rules: dict[str, str], as_json: bool, path: str, write: Write
    ) -> None:
        from replay.tricks.engine import SessionReplayer
        from replay.tricks.scoring import RunningScore

        self.record = record
        self.found = False
        """Whether a finding of severity error or warning was met."""
        self._replayer = SessionReplayer(record, rules)
        self._score = RunningScore(record, rules)
        self._write = write
        self._as_json = as_json
        self._hands = 0
        self._path = path
        self._rows = Spool()
        self._entries = JsonItems(write, 4, opening=self._json_head() + "[\n")
        from dashboard.cli.terminal.tricks import SCORE_HEADER

        self._widths = [len(cell) for cell in SCORE_HEADER]

    def hand(self, hand: Hand) -> None:
        """Replay and score the session's next hand, and write its entry or row."""
        if not self._replayer.known:
            return
        replayed = self._replayer.replay(hand)
        self.found = self.found or any(
            finding.severity in ("error", "warning") for finding in replayed.findings
        )
        line = self._score.add(replayed.result)
        if self._as_json:
            self._entries.add(line.to_json())
        else:
            from dashboard.cli.terminal.tricks import score_row

            row = score_row(self.record, line)
            self._widths = [max(w, len(cell)) for w, cell in zip(self._widths, row, strict=True)]
            self._rows.write(json.dumps(row) + "\n")
        self._hands += 1

    def end(self) -> None:
        """Write the end: the JSON's close, or the whole aligned sheet and its final line."""
        if self._as_json:
            self._entries.flush()
            self._write("\n  ]\n}" if self._entries.count else self._json_head() + "[]\n}")
            return
        from dashboard.cli.terminal.tricks import SCORE_HEADER, aligned, score_final, score_title

        self._write(f"{score_title(self.record)}\n\n{aligned(SCORE_HEADER, self._widths)}\n")
        for row in self._rows.lines():
            self._write(aligned(json.loads(row), self._widths) + "\n")
        self._write("\n" + score_final(self._score.final))

    def _json_head(self) -> str:
        data = {
            "path": self._path,
            "game": self.record.game,
            "teams": list(self._score.teams),
            "hands": [],
        }
        return json_text(data)[: -len("[]\n}")]


class JsonItems:
    """The items of a JSON list written as ``json_text`` indents them ``spaces`` deep, a batch
    at a time: one call of the compiled serializer for a batch rather than for each item."""

    BATCH = 500

    def __init__(self, write: Write, spaces: int, opening: str = "") -> None:
        self._write = write
        self._margin = " " * (spaces - 2)
        self._opening = opening
        self._batch: list[Any] = []
        self.count = 0
        """The items written so far."""

    def add(self, item: Any) -> None:
        """One more item (written with its batch)."""
        self._batch.append(item)
        if len(self._batch) >= self.BATCH:
            self.flush()

    def flush(self) -> None:
        """Write the items added since the last batch."""
        if not self._batch:
            return
        text = json_text(self._batch)[2:-2]  # the items, two spaces deep
        before = ",\n" if self.count else self._opening
        self._write(before + self._margin + text.replace("\n", "\n" + self._margin))
        self.count += len(self._batch)
        self._batch = []


def same_text(spool: Spool, path: Path) -> bool:
    """Whether the file holds the spooled text (read as ``fmt`` compares: UTF-8 with or without
    a byte order mark, any line ends)."""
    with path.open(encoding="utf-8-sig") as current:
        for piece in spool.pieces():
            if current.read(len(piece)) != piece:
                return False
        return current.read(1) == ""
