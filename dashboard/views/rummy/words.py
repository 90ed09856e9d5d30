"""How Rummy's outcomes are written (RUMMY.md §3): a mark for the score sheet, a word for the
terminal, a meaning in a sentence; one table for the command and the pages."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class OutcomeMark:
    """How an outcome kind is written: its mark on the sheet, its word in the terminal, its
    meaning in a sentence."""

    mark: str
    word: str
    meaning: str


#: Every outcome kind of RUMMY.md §3 as the sheet and the terminal write it.
OUTCOME_MARKS: dict[str, OutcomeMark] = {
    "winner": OutcomeMark("W", "won", "won the deal"),
    "drop": OutcomeMark("D", "drop", "first drop"),
    "middle-drop": OutcomeMark("MD", "mid-drop", "middle drop"),
    "absent": OutcomeMark("A", "absent", "absent when play started"),
    "absent-middle": OutcomeMark("AM", "absent-mid", "left during play"),
    "wrong-declaration": OutcomeMark("WD", "wrong", "wrong declaration"),
    "no-show": OutcomeMark("NS", "no-show", "did not show his cards"),
    "count": OutcomeMark("", "", "lost: the count the table entered"),
    "shown": OutcomeMark("", "", "lost: the count of the cards shown"),
}


def outcome_meaning(kind: str) -> str:
    """An outcome kind in a few words (the kind itself for one the table does not know)."""
    mark = OUTCOME_MARKS.get(kind)
    return mark.meaning if mark else kind
