"""Where each finding of a session can be seen: the hand and the step of Replay at which it
arises, so that Sessions, Scores and the hand list lead a referee straight to it."""

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


def _mark(count: int) -> str:
    return f"⚠ {count} finding{'' if count == 1 else 's'}"


def hand_marks(
    replay: SessionReplay | None,
    stepped: Callable[[int], HandReplay] | None = None,
    seen_by: tuple[int, int, int] | None = None,
) -> dict[int, str]:
    """The hand list's marks: ``⚠ 2 findings`` by hand position (from 1), for hands with any.

    The referee (``seen_by`` left out) is marked every finding of every hand. One seat at a
    moment, ``seen_by = (seat, hand, step)`` with the hand from 1, is marked only what its own
    findings include (``views/tricks/sight.py``): for a hand before the one shown, those it knows
    by that hand's end; for the hand shown, those it knows at the step shown (the count of
    *Findings of hand N*); nothing for a hand it has not reached. So the list never tells a seat
    of a finding, or of the hidden trump a finding names, before its proof is in what he knows.
    ``stepped(index)`` gives the hand at ``index`` replayed with its steps (asked only for
    hands with findings)."""
    if replay is None:
        return {}
    marks = {}
    for index, hand in enumerate(replay.hands):
        count = len(hand.findings)
        if count and seen_by is not None:
            assert stepped is not None  # a seat's marks need the hands' steps
            seat, shown_hand, step = seen_by
            if index + 1 > shown_hand:
                break
            steps = stepped(index)
            last = len(steps.steps or []) - 1
            at = min(step, last) if index + 1 == shown_hand else last
            count = len(known_findings(steps, at, seat))
        if count:
            marks[index + 1] = _mark(count)
    return marks
