"""Where each finding of a session can be seen: the hand and the step of Replay at which it
arises, so that Sessions, Scores and the hand list lead a referee straight to it; and the marks of
the hands with findings, the referee's in the hand list, a seat's beside the step shown."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from dashboard.views.tricks.moment import findings_by_step
from dashboard.views.tricks.sight import card_symbols, known_findings
from replay.findings import Finding
from replay.tricks import HandReplay, SessionReplay


@dataclass(frozen=True)
class FindingMoment:
    """A finding and the moment of Replay that shows it."""

    hand: int
    """The hand's position in the session, from 1 (Replay's ``hand=``)."""
    step: int
    finding: Finding

    @property
    def label(self) -> str:
        """``Hand 6, step 39 · error revoke: trick 2: Suma (seat 2) threw 9♣ ...``"""
        finding = self.finding
        return (
            f"Hand {self.hand}, step {self.step} · {finding.severity} {finding.code}: "
            f"{card_symbols(finding)}"
        )


def finding_moments(
    replay: SessionReplay, stepped: Callable[[int], HandReplay]
) -> list[FindingMoment]:
    """Every finding of the session with its moment; ``stepped(index)`` gives the hand at
    ``index`` replayed with its steps (asked only for hands with findings)."""
    moments: list[FindingMoment] = []
    for index, hand in enumerate(replay.hands):
        if not hand.findings:
            continue
        moments.extend(
            FindingMoment(index + 1, at.step, at.finding) for at in findings_by_step(stepped(index))
        )
    return moments


def mark(count: int) -> str:
    """A hand's mark for ``count`` findings: ``⚠ 2 findings``."""
    return f"⚠ {count} finding{'' if count == 1 else 's'}"


def hand_marks(replay: SessionReplay | None) -> dict[int, str]:
    """The referee's marks: ``⚠ 2 findings`` by hand position (from 1), for hands with any."""
    if replay is None:
        return {}
    return {
        index + 1: mark(len(hand.findings))
        for index, hand in enumerate(replay.hands)
        if hand.findings
    }


def list_marks(replay: SessionReplay | None, seat: int | None) -> dict[int, str]:
    """The marks the *Hand* box's labels carry: the referee's (``seat`` ``None``) every finding of
    every hand; a seat's none at all. A seat's marks depend on the step shown (``seat_marks``), and
    a select box whose labels change under the stepping keys breaks the keys; even the marks a
    seat knows by a hand's end would tell him of a finding while he steps through that hand."""
    return hand_marks(replay) if seat is None else {}


def seat_marks(
    replay: SessionReplay | None,
    stepped: Callable[[int], HandReplay],
    seat: int,
    shown: tuple[int, int],
) -> dict[int, str]:
    """The findings ``seat`` knows of at the moment ``shown = (hand, step)`` (hand from 1), as
    marks by hand: for a hand before the one shown, those he knows by its end; for the hand shown,
    those he knows at the step shown (the count of *Findings of hand N*); for a later hand, none,
    as he has not seen it. The rule is his findings' own (``views/tricks/sight.py``), so the marks
    never tell him of a finding, or of the hidden trump it names, before its proof is in what he
    knows. ``stepped(index)`` gives the hand at ``index`` replayed with its steps (asked only for
    hands with findings)."""
    if replay is None:
        return {}
    shown_hand, step = shown
    marks = {}
    for index, hand in enumerate(replay.hands[:shown_hand]):
        if not hand.findings:
            continue
        steps = stepped(index)
        last = len(steps.steps or []) - 1
        count = len(
            known_findings(steps, min(step, last) if index + 1 == shown_hand else last, seat)
        )
        if count:
            marks[index + 1] = mark(count)
    return marks


def marks_line(marks: dict[int, str]) -> str:
    """The seat's marks in one line, shown by the step: ``Findings this seat knows of so far:
    hand 2 · ⚠ 2 findings.``, or ``none.``"""
    if not marks:
        return "Findings this seat knows of so far: none."
    listed = ", ".join(f"hand {number} · {said}" for number, said in sorted(marks.items()))
    return f"Findings this seat knows of so far: {listed}."
