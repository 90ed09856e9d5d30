"""How long a 28 match runs, for the Record page (TOURNAMENT.md §3, §8): the shuffles the stage
asks, how many have ended, whether the match is over, and the sentence the page shows.

The page offers another shuffle until the match is over; a group match offers none after its last,
level or not; a knockout match level after its shuffles goes on, one shuffle at a time ("level: one
more shuffle"). A hand being played does not count: only ended hands are shuffles.
"""

from __future__ import annotations

from dataclasses import dataclass

from recorder.model import Record
from replay.tournament.description import Description
from replay.tournament.matches import FINAL, GROUP, STAGES, TournamentSession, read_match

EN_DASH = "\u2013"


@dataclass(frozen=True)
class MatchLength:
    """Where a 28 match stands: shuffles due and ended, whether it is over, the page's sentence."""

    due: int
    ended: int
    over: bool
    sentence: str

    @property
    def another_shuffle(self) -> bool:
        """Whether the page offers another shuffle."""
        return not self.over


def match_length(session: TournamentSession | Record, description: Description) -> MatchLength:
    """The match length of a 28 session (a scored ``TournamentSession``, or a record of its ended
    hands, which is scored here): its ``Stage`` says how many shuffles (the final's own number; a
    session without a known stage as a group match)."""
    if isinstance(session, Record):
        session = TournamentSession.scored("", "", session)
    fmt = description.twenty_eight
    stage = (session.tag("Stage") or GROUP).lower()
    match = read_match(
        session, stage if stage in STAGES else GROUP, fmt.shuffles, fmt.final_shuffles
    )
    due = fmt.final_shuffles if match.stage == FINAL else fmt.shuffles
    ended = match.recorded
    first, second = match.running[-1] if match.running else match.start
    if match.walkover is not None:
        won = f"{match.winner} win" if match.winner else "both lose"
        return MatchLength(due, 0, True, f"match over: walkover, {won}")
    if match.decision is not None and match.winner == match.decision:
        high, low = match.points_of(match.decision)
        sentence = f"match over: {match.decision} win by decision at {high}{EN_DASH}{low}"
        return MatchLength(due, ended, True, sentence)
    if ended < due:
        left = due - ended
        return MatchLength(due, ended, False, f"shuffle {ended} of {due}: {left} to play")
    if match.winner is not None:
        high, low = max(match.points), min(match.points)
        sentence = f"match over: {match.winner} win {high}{EN_DASH}{low}"
        return MatchLength(due, ended, True, sentence)
    if match.knockout:
        return MatchLength(due, ended, False, f"level {first}{EN_DASH}{second}: one more shuffle")
    return MatchLength(due, ended, True, f"match over: level {first}{EN_DASH}{second}")
