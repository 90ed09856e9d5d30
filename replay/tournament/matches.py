"""28 sessions read as matches (TOURNAMENT.md §3): the teams, the running score, the result.

Every ``[Hand]`` is one shuffle. The points are the engine's running score of the table (penalties
included, ``replay.tricks.scoring``); a match is decided after the stage's shuffles, a level
knockout match by the first later shuffle after which one team leads. A walkover (§9) is decided
without a shuffle: its team wins, or with ``none`` both lose; the director's decision settles an
unfinished match as it stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from recorder.model import Record
from replay.rummy import RummyGame, replay_rummy
from replay.tricks import normalize, replay_session
from replay.tricks.scoring import Pair, SessionScore, score_session

GROUP = "group"
QUARTER_FINAL = "quarter final"
SEMI_FINAL = "semi final"
LOSERS_FINAL = "losers final"
FINAL = "final"
STAGES = (GROUP, QUARTER_FINAL, SEMI_FINAL, LOSERS_FINAL, FINAL)
"""The 28 stages of a ``Stage`` tag, in the order they are played."""
NOBODY = "none"
"""``[Walkover "none"]``: neither team came; both lose (group stage only)."""


@dataclass(frozen=True)
class TournamentSession:
    """A session given to the tournament: where it comes from, its record, and (for 28) its score.

    ``key`` names it in the dashboard's links; ``source`` is the file (or archive entry) that
    findings point to.
    """

    key: str
    source: str
    record: Record
    score: SessionScore | None = None
    rummy: RummyGame | None = None

    @classmethod
    def scored(cls, key: str, source: str, record: Record) -> TournamentSession:
        """A session replayed and scored by the engine: a 28 match or a Rummy table (others are
        kept as they are)."""
        if record.game == "rummy":
            return cls(key, source, record, rummy=replay_rummy(record))
        if record.game != "28":
            return cls(key, source, record)
        normalized = normalize(record)
        replayed = replay_session(normalized)
        score = score_session(normalized, [hand.result for hand in replayed.hands])
        return cls(key, source, normalized, score)

    def tag(self, name: str) -> str | None:
        tag = self.record.tag(name)
        return tag.value.strip() if tag else None

    def tag_line(self, *names: str) -> int:
        """The line of the first of these tags the record has (0 when none)."""
        for name in names:
            tag = self.record.tag(name)
            if tag is not None:
                return tag.line
        return 0


@dataclass(frozen=True)
class Match:
    """A 28 session as a match: its stage, teams, players and the score after every shuffle."""

    session: TournamentSession
    stage: str
    round: int | None
    label: str | None
    teams: tuple[str, str]
    players: tuple[tuple[str, ...], tuple[str, ...]]
    running: tuple[Pair, ...]
    """Both teams' game points after each shuffle (from the session's starting ``Points``)."""
    start: Pair
    shuffles_due: int
    knockout: bool
    walkover: str | None = None
    """``[Walkover]``: the team that wins without play, or ``none`` (both lose)."""
    decision: str | None = None
    """``[Decision]``: the team the director declared the winner of the unfinished match."""
    made: bool = False
    """A walkover the engine made (a withdrawal, §9): its session is tags only, in no archive."""

    @property
    def pairing(self) -> str:
        """The match in words: ``semi final Tuskers v Vallams``."""
        return f"{self.stage} {self.teams[0]} v {self.teams[1]}"

    @property
    def recorded(self) -> int:
        return len(self.running)

    @property
    def deciding_shuffle(self) -> int | None:
        """How many shuffles decide the match; ``None`` while it is unfinished.

        A group match is decided after its shuffles, level or not; a knockout match level then
        by the first later shuffle after which one team leads (house reading of §3).
        """
        if self.walkover is not None:
            return 0
        if self.recorded < self.shuffles_due:
            return len(self.running) if self.decision is not None else None
        if not self.knockout:
            return self.shuffles_due
        for shuffle in range(self.shuffles_due, self.recorded + 1):
            first, second = self.running[shuffle - 1]
            if first != second:
                return shuffle
        return self.recorded if self.decision is not None else None

    @property
    def finished(self) -> bool:
        return self.deciding_shuffle is not None

    @property
    def shuffles(self) -> int:
        """The shuffles that count: those that decided it, or those recorded so far."""
        decided = self.deciding_shuffle
        return self.recorded if decided is None else decided

    @property
    def points(self) -> Pair:
        """Both teams' game points after the shuffles that count (none in a walkover)."""
        if self.walkover is not None:
            return (0, 0)
        return self.running[self.shuffles - 1] if self.running and self.shuffles else self.start

    @property
    def winner(self) -> str | None:
        """The team ahead once the match is decided; ``None`` while unfinished or level (and in a
        walkover ``none``)."""
        if not self.finished:
            return None
        if self.walkover is not None:
            return None if self.walkover == NOBODY else self.walkover
        if self.decision is not None and self.deciding_shuffle == self.recorded:
            first, second = self.points
            if self.recorded < self.shuffles_due or first == second:
                return self.decision
        first, second = self.points
        if first == second:
            return None
        return self.teams[0] if first > second else self.teams[1]

    @property
    def loser(self) -> str | None:
        winner = self.winner
        return None if winner is None else self.other(winner)

    @property
    def level(self) -> bool:
        """Decided without a winner: a level group match (a ``none`` walkover is lost by both)."""
        return self.finished and self.winner is None and self.walkover != NOBODY

    def lost_by(self, team: str) -> bool:
        """Whether ``team`` lost this decided match (both teams lose a ``none`` walkover)."""
        return self.finished and not self.level and self.winner != team

    def other(self, team: str) -> str:
        return self.teams[1] if team == self.teams[0] else self.teams[0]

    def points_of(self, team: str) -> tuple[int, int]:
        """(for, against) from one team's side."""
        first, second = self.points
        return (first, second) if team == self.teams[0] else (second, first)

    @property
    def extra_shuffles(self) -> int:
        """Shuffles recorded after the match was decided, which do not count."""
        decided = self.deciding_shuffle
        return self.recorded - decided if decided is not None else 0

    def between(self, teams: Sequence[str | None]) -> bool:
        """Whether this match is between exactly these two teams."""
        return set(self.teams) == set(teams) and None not in teams


def read_match(session: TournamentSession, stage: str, shuffles: int, final_shuffles: int) -> Match:
    """A 28 session of a stage as a match; ``shuffles`` a match, ``final_shuffles`` in the final."""
    record = session.record
    first, second = [*record.teams, "A", "B"][:2]
    players = record.players
    score = session.score
    start = score.start.points if score else (0, 0)
    running = tuple(line.standing.points for line in score.lines) if score else ()
    round_text = session.tag("Round") or ""
    walkover = session.tag("Walkover")
    return Match(
        session=session,
        stage=stage,
        round=int(round_text) if round_text.isdigit() else None,
        label=session.tag("Match"),
        teams=(first, second),
        players=(tuple(players[0::2]), tuple(players[1::2])),
        running=running,
        start=start,
        shuffles_due=final_shuffles if stage == FINAL else shuffles,
        knockout=stage != GROUP,
        walkover=walkover,
        decision=decision_of(session),
    )


def decision_of(session: TournamentSession) -> str | None:
    """The team of a ``[Decision]`` tag: its value, or the value's first quoted part when the tag
    is written ``[Decision "TEAM" "why"]``."""
    value = session.tag("Decision")
    return value.split('"', 1)[0].strip() if value else None
