"""Generated 28 tournaments for the tests: every match a real session of random legal hands.

A match is played hand by hand through the engine (``replay.tricks.simulate``); when a test needs an
exact score, a ``penalty`` line on the last counted shuffle adds what is missing, which the engine's
scoring counts like any penalty. The session goes through TGN text and back, so findings have lines.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from recorder import dumps, read
from recorder.model import Hand, PenaltyLine, Record, Tag
from replay.tournament import TournamentSession
from replay.tricks import replay_session
from replay.tricks.scoring import score_session
from replay.tricks.simulate import played_session

EVENT = "Test Cup"


def team_names(count: int) -> list[str]:
    return [
        f"Team {chr(ord('A') + index)}" if index < 26 else f"Team {index}" for index in range(count)
    ]


def roster(team: str) -> list[str]:
    """Three players of a team, named after it."""
    return [f"{team.split()[-1]}{number}" for number in (1, 2, 3)]


def seat_players(first: Sequence[str], second: Sequence[str]) -> list[str]:
    """Six players in seat order: team 1 on the odd seats."""
    return [name for pair in zip(first, second, strict=True) for name in pair]


def running(record: Record) -> list[tuple[int, int]]:
    """The engine's game points after every shuffle of a record."""
    replayed = replay_session(record)
    score = score_session(record, [hand.result for hand in replayed.hands])
    return [line.standing.points for line in score.lines]


def _with_penalties(hand: Hand, teams: Sequence[str], extra: tuple[int, int]) -> Hand:
    lines = [
        PenaltyLine(team=team, points=points, reason="set by the test")
        for team, points in zip(teams, extra, strict=True)
        if points
    ]
    return hand.model_copy(update={"penalties": [*hand.penalties, *lines]})


@dataclass
class Sessions:
    """The sessions generated so far, each numbered like a file name."""

    rng: random.Random
    shuffles: int = 3
    event: str = EVENT
    made: list[TournamentSession] = field(default_factory=list)

    def play(
        self,
        stage: str,
        teams: tuple[str, str],
        *,
        round_: int | None = None,
        label: str | None = None,
        points: tuple[int, int] | None = None,
        shuffles: int | None = None,
        players: tuple[Sequence[str], Sequence[str]] | None = None,
        extra: int = 0,
        knockout_goes_on: bool = True,
    ) -> TournamentSession:
        """Record a match: ``shuffles`` random hands (``points`` exact after them, when given),
        then, for a knockout stage left level, more hands until one team leads; ``extra`` more."""
        due = shuffles or self.shuffles
        record, _ = played_session("28", self.rng, due)
        hands = list(record.hands)
        if points is not None:
            now = running(
                record.model_copy(update={"tags": self._tags(stage, teams, round_, label, players)})
            )[-1]
            missing = (points[0] - now[0], points[1] - now[1])
            assert min(missing) >= 0, f"random hands scored {now}, above {points}"
            hands[-1] = _with_penalties(hands[-1], teams, missing)
        tags = self._tags(stage, teams, round_, label, players)
        record = Record(tags=tags, hands=hands)
        if stage != "group" and knockout_goes_on:
            record = self._until_decided(record)
        for _ in range(extra):
            record = self._more(record)
        text = dumps(record)
        number = len(self.made) + 1
        source = f"match-{number:03d}.tgn"
        read_back = read(text, source).record
        assert read_back is not None
        session = TournamentSession.scored(source, source, read_back)
        self.made.append(session)
        return session

    def _tags(
        self,
        stage: str,
        teams: tuple[str, str],
        round_: int | None,
        label: str | None,
        players: tuple[Sequence[str], Sequence[str]] | None,
    ) -> list[Tag]:
        first, second = players or (roster(teams[0]), roster(teams[1]))
        values = {
            "Game": "28",
            "Players": ", ".join(seat_players(first, second)),
            "Teams": ", ".join(teams),
            "Event": self.event,
            "Round": str(round_) if round_ is not None else None,
            "Stage": stage,
            "Match": label,
        }
        return [Tag(name=name, value=value) for name, value in values.items() if value is not None]

    def _more(self, record: Record) -> Record:
        """The record with one more random hand, dealt by the next dealer."""
        extra, _ = played_session("28", self.rng, 1)
        hand = extra.hands[0]
        number = len(record.hands) + 1
        dealer = hand.tag("Dealer")
        assert dealer is not None
        tags = [Tag(name="Hand", value=str(number)), dealer]
        return record.model_copy(
            update={"hands": [*record.hands, hand.model_copy(update={"tags": tags})]}
        )

    def _until_decided(self, record: Record) -> Record:
        while True:
            first, second = running(record)[-1]
            if first != second:
                return record
            record = self._more(record)


def round_robin(teams: Sequence[str], rounds: int) -> list[list[tuple[str, str]]]:
    """The circle method's first ``rounds`` rounds for an even number of teams."""
    order = list(teams)
    schedule = []
    for _ in range(rounds):
        half = len(order) // 2
        schedule.append([(order[i], order[-1 - i]) for i in range(half)])
        order = [order[0], order[-1], *order[1:-1]]
    return schedule
