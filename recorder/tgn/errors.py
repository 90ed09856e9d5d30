"""Read errors as data: where the text is wrong and what was expected (TGN.md §7).

The reader never stops at the first problem; ``Problems`` collects every one, capped per line and
per file so that a huge or binary input gives a short, clear answer instead of a flood.
"""

from __future__ import annotations

from dataclasses import dataclass

#: At most this many errors are kept for one line; the rest are counted in one summary error.
MAX_ERRORS_PER_LINE = 5
#: At most this many errors are kept for one file; the rest are counted in a final summary error.
MAX_ERRORS = 100
#: After this many problems the reader gives up on the rest of the text.
GIVE_UP_AFTER = 1000
#: Offending text longer than this is shortened in messages.
_SHOWN_CHARACTERS = 40


@dataclass(frozen=True)
class ReadError:
    """One problem of a TGN text: the file, the 1-based line and column, and a plain message."""

    path: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.message}"


class TGNError(ValueError):
    """Raised by ``loads`` and ``load`` when a text cannot be read; carries every problem found."""

    def __init__(self, errors: list[ReadError]) -> None:
        self.errors = list(errors)
        shown = "\n".join(str(error) for error in self.errors[:10])
        more = len(self.errors) - 10
        super().__init__(shown + (f"\n... and {more} more" if more > 0 else ""))


def quoted(text: str) -> str:
    """The offending text for a message, in quotes, shortened when it is long."""
    if len(text) > _SHOWN_CHARACTERS:
        text = text[: _SHOWN_CHARACTERS - 3] + "..."
    return "'" + text.replace("\n", " ") + "'"


class Problems:
    """Collects the read errors of one text, keeping at most a few per line and a hundred in all."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.count = 0
        """Every problem reported so far, the ones left out of the list included."""
        self._kept: list[ReadError] = []
        self._per_line: dict[int, int] = {}
        self._line_overflow: dict[int, tuple[int, int]] = {}
        self._file_overflow: tuple[int, int, int] | None = None
        self._stopped_at: int | None = None

    def stop(self, line: int) -> None:
        """Note that reading stopped before this line because there were too many problems."""
        self._stopped_at = line

    def add(self, line: int, column: int, message: str) -> None:
        """Report a problem at a place of the text."""
        self.count += 1
        on_line = self._per_line.get(line, 0) + 1
        self._per_line[line] = on_line
        room = len(self._kept) + len(self._line_overflow) < MAX_ERRORS
        if on_line > MAX_ERRORS_PER_LINE and line in self._line_overflow:
            first_column, more = self._line_overflow[line]
            self._line_overflow[line] = (first_column, more + 1)
        elif on_line > MAX_ERRORS_PER_LINE and room:
            self._line_overflow[line] = (column, 1)
        elif room:
            self._kept.append(ReadError(self.path, line, column, message))
        else:
            first_line, first_column, more = self._file_overflow or (line, column, 0)
            self._file_overflow = (first_line, first_column, more + 1)

    def errors(self) -> list[ReadError]:
        """The errors in the order of the text, with the summaries of those left out."""
        placed = [((error.line, 0, error.column), error) for error in self._kept]
        for line, (column, more) in self._line_overflow.items():
            summary = ReadError(self.path, line, column, f"... and {more} more on this line")
            placed.append(((line, 1, column), summary))
        placed.sort(key=lambda item: item[0])
        errors = [error for _, error in placed]
        if self._file_overflow:
            line, column, more = self._file_overflow
            message = f"... and {more} more errors"
            if self._stopped_at is not None:
                message += f" (too many: reading stopped at line {self._stopped_at})"
            errors.append(ReadError(self.path, line, column, message))
        return errors
