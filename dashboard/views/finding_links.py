"""Where each finding of a session can be seen: the hand and the step of Replay at which it
arises, so that Sessions, Scores and the hand list lead a referee straight to it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from dashboard.views.tricks.moment import findings_by_step
from dashboard.views.tricks.sight import card_symbols
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


def hand_marks(replay: SessionReplay | None) -> dict[int, str]:
    """The hand list's marks: ``⚠ 2 findings`` by hand position (from 1), for hands with any."""
    if replay is None:
        return {}
    marks = {}
    for index, hand in enumerate(replay.hands):
        count = len(hand.findings)
        if count:
            marks[index + 1] = f"⚠ {count} finding{'' if count == 1 else 's'}"
    return marks
