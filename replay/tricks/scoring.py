"""The running score of a session (RULES.md §9): coolies and flags in 40, game points in 28 and 29.

The engine's ``HandResult`` of each hand goes in, the standing after every hand comes out. Each
game's scoring is a small strategy object found by the game's name in ``SCORERS``; its table is
data, and the 40 table takes its cells from the ``coolies.<row>`` house rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol

from recorder.cards import CallKind
from recorder.house_rules import resolve_rules
from recorder.model import Record
from replay.tricks.outcome import UNDERTAKING_NAMES, HandResult, Outcome

Counter = Literal["coolies", "flags", "points", "sets"]
Pair = tuple[int, int]
"""A number for each team: team 1 (the odd seats) first."""

PLAYED: frozenset[Outcome] = frozenset({"made", "lost", "unfinished"})
"""Outcomes of a hand that was called and played, which a revoke can award to one team."""


@dataclass(frozen=True)
class Standing:
    """Both teams' counters at one moment; each game keeps only some of them (``counters``)."""

    coolies: Pair = (0, 0)
    flags: Pair = (0, 0)
    points: Pair = (0, 0)
    sets: Pair = (0, 0)

    def by_team(self, counter: Counter, teams: Sequence[str]) -> dict[str, int]:
        """One counter as a mapping from team name to its value."""
        values: Pair = getattr(self, counter)
        return dict(zip(teams, values, strict=True))


@dataclass(frozen=True)
class ScoreLine:
    """One hand as scored: the engine's result, the outcome that counted and the standing after it.

    ``outcome`` differs from ``result.outcome`` only when ``auto-penalties`` awarded the hand after
    a revoke. ``moved`` is what the hand gave each team: the coolies it took (40) or the game points
    it scored (28, 29, penalties included), before returns and before a flag or a set reset them.
    """

    result: HandResult
    outcome: Outcome
    standing: Standing
    moved: Pair
    teams: tuple[str, str]
    counters: tuple[Counter, ...]
    notes: tuple[str, ...] = ()
    """How the hand moved the score, in words, for the terminal and the dashboard."""

    def counter(self, counter: Counter) -> dict[str, int]:
        """A counter of the standing after this hand by team name; empty if the game has none."""
        return self.standing.by_team(counter, self.teams) if counter in self.counters else {}

    @property
    def coolies(self) -> dict[str, int]:
        return self.counter("coolies")

    @property
    def flags(self) -> dict[str, int]:
        return self.counter("flags")

    @property
    def points(self) -> dict[str, int]:
        return self.counter("points")

    @property
    def sets(self) -> dict[str, int]:
        return self.counter("sets")

    @property
    def awarded(self) -> str | None:
        """How ``auto-penalties`` decided the hand after a revoke (``revoke by Blue: Blue lose the
        hand``), ``None`` when the play decided it."""
        return next(
            (n for n in self.notes if n.startswith("revoke by ") and n.endswith("lose the hand")),
            None,
        )

    @property
    def moved_by_team(self) -> dict[str, int]:
        return dict(zip(self.teams, self.moved, strict=True))

    def to_json(self) -> dict[str, Any]:
        """The hand as one entry of ``hands`` in ``thuruppu score --json`` (CLI.md)."""
        result = self.result
        call = result.call
        return {
            "hand": result.hand,
            "dealer": result.dealer,
            "caller": result.caller,
            "call": call.token if call else None,
            "call_value": call.number if call else None,
            "trump": result.trump.value if result.trump else None,
            "special": result.special,
            "target": result.target,
            "callers_points": result.callers_points,
            "outcome": self.outcome,
            "undertakings": [said.to_json() for said in result.undertakings],
            "awarded": self.awarded,
            **{counter: self.counter(counter) for counter in self.counters},
        }


@dataclass(frozen=True)
class SessionScore:
    """The running score of a session: where it started and one line per hand."""

    game: str
    teams: tuple[str, str]
    counters: tuple[Counter, ...]
    """What the game keeps, in the order ``score --json`` gives them."""
    start: Standing
    lines: list[ScoreLine] = field(default_factory=list)

    @property
    def final(self) -> dict[str, dict[str, int]]:
        """The standing after the last hand: each counter by team name (the match totals)."""
        standing = self.lines[-1].standing if self.lines else self.start
        return {counter: standing.by_team(counter, self.teams) for counter in self.counters}

    def to_json(self) -> dict[str, Any]:
        """``thuruppu score --json`` without its ``path``, which the command adds (CLI.md)."""
        return {
            "game": self.game,
            "teams": list(self.teams),
            "hands": [line.to_json() for line in self.lines],
        }


@dataclass(frozen=True)
class TableRow:
    """A row of a scoring table: what a made and a lost hand are worth (``None``: no entry)."""

    name: str
    made: int | None
    lost: int | None


@dataclass(frozen=True)
class CallBand:
    """A band of numbered calls that share a table row (Honours n counts as 30 + n)."""

    row: str
    low: int
    high: int


@dataclass(frozen=True)
class ScoreTable:
    """A game's table: rows by name, the bands of numbered calls, and the specials with rows."""

    rows: Mapping[str, TableRow]
    bands: tuple[CallBand, ...]

    def band_row(self, result: HandResult) -> TableRow | None:
        """The row of the call itself (Thani's row for a Thani), ignoring any special."""
        call = result.call
        if call is None:
            return None
        if call.kind is CallKind.THANI:
            return self.rows.get("thani")
        band = next((b for b in self.bands if b.low <= call.value <= b.high), None)
        return self.rows[band.row] if band else None

    def worth(self, result: HandResult, outcome: Outcome) -> int | None:
        """What this hand is worth for ``outcome`` (made or lost); ``None`` when no row has it.

        A special (Jodi, Kott, Marukott, Thani) has its own row; where that row has no entry for
        the outcome (a Marukott the callers are awarded), the call's band scores it.
        """
        special = self.rows.get(result.special) if result.special else None
        for row in (special, self.band_row(result)):
            if row is None:
                continue
            value = row.made if outcome == "made" else row.lost
            if value is not None:
                return value
        return None


@dataclass(frozen=True)
class HandScore:
    """What one game's scorer makes of a hand: the outcome that counted, the new standing, why."""

    outcome: Outcome
    standing: Standing
    moved: Pair
    notes: tuple[str, ...]


class GameScorer(Protocol):
    """The scoring of one game, its house rules already resolved."""

    @property
    def counters(self) -> tuple[Counter, ...]:
        """The counters this game keeps, in the order ``score --json`` gives them."""
        ...

    def opening(self, record: Record) -> Standing:
        """The standing before the first hand, from the session's starting tags."""
        ...

    def score(self, standing: Standing, result: HandResult) -> HandScore:
        """The standing after one more hand."""
        ...


def other(team: int) -> int:
    """The other team's index."""
    return 1 - team


def with_added(pair: Pair, team: int, amount: int) -> Pair:
    """``pair`` with ``amount`` added to one team's number."""
    return (pair[0] + amount, pair[1]) if team == 0 else (pair[0], pair[1] + amount)


def team_of_seat(seat: int) -> int:
    """The team index (0 for the odd seats, 1 for the even) of a seat number."""
    return 0 if seat % 2 else 1


def starting(record: Record, tag: str) -> Pair:
    """A starting-score tag (``Coolies``, ``Flags``, ``Points``) for the two teams."""
    values = record.team_scores(tag)
    first, second = record.teams[:2]
    return values[first], values[second]


def call_words(result: HandResult) -> str:
    """The call as the notes say it: ``24``, ``H3``, ``Jodi on 24``, ``Kott on 18``, ``Thani``
    (an undertaking by its name in the rules, never the record's code such as ``kot``)."""
    token = result.call.token if result.call else "no call"
    if result.special is None:
        return token
    name = UNDERTAKING_NAMES[result.special]
    return name if result.special == token else f"{name} on {token}"


def unscored(result: HandResult, outcome: Outcome) -> str:
    """Why a hand moved nothing: its outcome scores nothing, or its call has no table row."""
    if outcome in ("made", "lost") and result.caller is not None:
        return f"{outcome} {call_words(result)}: no table row, no score"
    return f"{outcome}: no score"


# --- 40: coolies and flags ---------------------------------------------------------------------

FLAG_AT = 7
COOLIE_BANDS = (
    CallBand("20-24", 20, 24),
    CallBand("25-29", 25, 29),
    CallBand("honours", 30, 34),
    CallBand("h5-h9", 35, 39),
    CallBand("h10", 40, 40),
)
COOLIE_ROWS = ("20-24", "25-29", "honours", "h5-h9", "h10", "jodi", "thani")


def coolie_table(rules: Mapping[str, str]) -> ScoreTable:
    """The 40 table from the ``coolies.<row>=WIN/LOSE`` switches (RULES.md §9 defaults)."""
    rows = {}
    for name in COOLIE_ROWS:
        win, _, lose = rules[f"coolies.{name}"].partition("/")
        rows[name] = TableRow(name, int(win), int(lose))
    return ScoreTable(rows, COOLIE_BANDS)


def take_coolies(coolies: Pair, taker: int, count: int) -> tuple[Pair, int]:
    """Return system: the other team first gives back what it holds, the taker holds the rest.

    Gives the new coolies and how many were given back.
    """
    giver = other(taker)
    returned = min(coolies[giver], count)
    return with_added(with_added(coolies, giver, -returned), taker, count - returned), returned


@dataclass(frozen=True)
class CoolieScorer:
    """40: the losing team takes coolies by the table; 7 held is a flag and both restart at 0.

    With ``flag-carry=yes`` the team keeps what it holds above 7 (a flag for every full 7); with
    ``no`` (default) the excess is dropped.
    """

    table: ScoreTable
    carry: bool
    teams: tuple[str, str]
    counters: tuple[Counter, ...] = ("coolies", "flags")

    @classmethod
    def from_rules(cls, rules: Mapping[str, str], teams: tuple[str, str]) -> CoolieScorer:
        return cls(coolie_table(rules), rules["flag-carry"] == "yes", teams)

    def opening(self, record: Record) -> Standing:
        return Standing(coolies=starting(record, "Coolies"), flags=starting(record, "Flags"))

    def score(self, standing: Standing, result: HandResult) -> HandScore:
        outcome = result.outcome
        callers = result.calling_team
        count = self.table.worth(result, outcome) if outcome in ("made", "lost") else None
        if callers is None or count is None:
            return HandScore(outcome, standing, (0, 0), (unscored(result, outcome),))
        taker = other(callers) if outcome == "made" else callers
        coolies, returned = take_coolies(standing.coolies, taker, count)
        names = self.teams
        notes = [
            f"{names[callers]} {outcome} {call_words(result)}: {names[taker]} take {count}"
            + (f" ({names[other(taker)]} give back {returned})" if returned else "")
        ]
        flags = standing.flags
        if coolies[taker] >= FLAG_AT:
            won, kept = divmod(coolies[taker], FLAG_AT) if self.carry else (1, 0)
            flags = with_added(flags, taker, won)
            notes.append(
                f"{names[taker]} reach {coolies[taker]} coolies: a flag"
                + (f", keeping {kept}" if kept else ", both back to 0")
            )
            coolies = with_added((0, 0), taker, kept)
        moved = with_added((0, 0), taker, count)
        return HandScore(outcome, Standing(coolies=coolies, flags=flags), moved, tuple(notes))


# --- 28 and 29: game points, penalties --------------------------------------------------------


@dataclass(frozen=True)
class PenaltyScale:
    """What ``auto-penalties=yes`` does in a game: points to the other team per finding code.

    A revoke always costs the offending team the hand; ``points`` adds what the game gives besides.
    ``awarding`` is the finding code of the cardinal rule (TOURNAMENT.md §9, rule E.2.2): a
    ``penalty`` line whose reason begins with it (``penalty Chendas 3 revoke in trick 5``) was given
    for that rule, so it also awards the hand to the team it names, as a proven revoke does; a line
    for anything else (signalling: 3 points too) only adds its points. ``None``: no line awards.
    """

    points: Mapping[str, int]
    awarding: str | None = None


@dataclass(frozen=True)
class Verdict:
    """A hand after its penalties: the outcome that counts, the points awarded, and why."""

    outcome: Outcome
    awarded: Pair
    notes: tuple[str, ...]


def judge_penalties(
    result: HandResult, scale: PenaltyScale, auto: bool, teams: tuple[str, str]
) -> Verdict:
    """Apply the hand's ``penalty`` lines and, with ``auto``, its proven violations.

    The first revoke decides the hand: lost when the callers revoked, made when the other team did;
    a cardinal-rule ``penalty`` line (its reason begins with ``scale.awarding``) is a revoke by the
    team it does not name.
    """
    outcome = result.outcome
    awarded: Pair = (0, 0)
    notes: list[str] = []
    decided = False
    callers = result.calling_team
    for penalty in result.penalties:
        awarded = with_added(awarded, penalty.team, penalty.points)
        why = f" ({penalty.reason})" if penalty.reason else ""
        notes.append(f"penalty: {teams[penalty.team]} {penalty.points:+d}{why}")
        cardinal = penalty.reason.lower().replace(":", " ").split()[:1] == [scale.awarding]
        if cardinal and not decided and callers is not None and outcome in PLAYED:
            decided = True
            offender = other(penalty.team)
            outcome = "lost" if offender == callers else "made"
            notes.append(f"revoke by {teams[offender]}: {teams[offender]} lose the hand")
    if not auto:
        return Verdict(outcome, awarded, tuple(notes))
    for finding in result.findings:
        if finding.seat is None:
            continue
        offender = team_of_seat(finding.seat)
        points = scale.points.get(finding.code, 0)
        if points:
            awarded = with_added(awarded, other(offender), points)
            notes.append(
                f"{finding.code} by {teams[offender]}: {teams[other(offender)]} {points:+d}"
            )
        if finding.code == "revoke" and not decided and callers is not None and outcome in PLAYED:
            decided = True
            outcome = "lost" if offender == callers else "made"
            notes.append(f"revoke by {teams[offender]}: {teams[offender]} lose the hand")
    return Verdict(outcome, awarded, tuple(notes))


TOURNAMENT_TABLE = ScoreTable(
    rows={
        row.name: row
        for row in (
            TableRow("16-19", 1, 2),
            TableRow("20-23", 2, 3),
            TableRow("24-27", 3, 4),
            TableRow("28", 4, 5),
            TableRow("thani", 5, 6),
            TableRow("kot", 2, 3),
            TableRow("marukott", None, 3),
        )
    },
    bands=(
        CallBand("16-19", 16, 19),
        CallBand("20-23", 20, 23),
        CallBand("24-27", 24, 27),
        CallBand("28", 28, 28),
    ),
)
TOURNAMENT_PENALTIES = PenaltyScale(
    {"revoke": 3, "bid-out-of-turn": 1, "lead-out-of-turn": 1}, awarding="revoke"
)


@dataclass(frozen=True)
class TableScorer:
    """28: the winner of each hand scores by the tournament table; penalties add points."""

    table: ScoreTable
    penalties: PenaltyScale
    auto: bool
    teams: tuple[str, str]
    counters: tuple[Counter, ...] = ("points",)

    @classmethod
    def from_rules(cls, rules: Mapping[str, str], teams: tuple[str, str]) -> TableScorer:
        auto = rules.get("auto-penalties") == "yes"
        return cls(TOURNAMENT_TABLE, TOURNAMENT_PENALTIES, auto, teams)

    def opening(self, record: Record) -> Standing:
        return Standing(points=starting(record, "Points"))

    def score(self, standing: Standing, result: HandResult) -> HandScore:
        verdict = judge_penalties(result, self.penalties, self.auto, self.teams)
        outcome = verdict.outcome
        moved = verdict.awarded
        notes: list[str] = []
        callers = result.calling_team
        value = self.table.worth(result, outcome) if outcome in ("made", "lost") else None
        if callers is None or value is None:
            notes.append(unscored(result, outcome))
        else:
            winner = callers if outcome == "made" else other(callers)
            moved = with_added(moved, winner, value)
            words = f"{self.teams[callers]} {outcome} {call_words(result)}"
            notes.append(f"{words}: {self.teams[winner]} {value:+d}")
        points = (standing.points[0] + moved[0], standing.points[1] + moved[1])
        return HandScore(outcome, replace(standing, points=points), moved, (*verdict.notes, *notes))


@dataclass(frozen=True)
class SetScorer:
    """29: the callers +1 when made, -1 when lost; +6 wins a set, -6 loses it; both restart at 0."""

    penalties: PenaltyScale
    auto: bool
    all_tricks_wins: bool
    teams: tuple[str, str]
    step: int = 1
    set_at: int = 6
    counters: tuple[Counter, ...] = ("points", "sets")

    @classmethod
    def from_rules(cls, rules: Mapping[str, str], teams: tuple[str, str]) -> SetScorer:
        auto = rules.get("auto-penalties") == "yes"
        all_tricks = rules.get("all-tricks-wins") == "yes"
        return cls(PenaltyScale({}), auto, all_tricks, teams)

    def opening(self, record: Record) -> Standing:
        return Standing(points=starting(record, "Points"))

    def score(self, standing: Standing, result: HandResult) -> HandScore:
        verdict = judge_penalties(result, self.penalties, self.auto, self.teams)
        outcome = verdict.outcome
        moved = verdict.awarded
        notes = list(verdict.notes)
        callers = result.calling_team
        if callers is None or outcome not in ("made", "lost"):
            notes.append(unscored(result, outcome))
        else:
            change = self.step if outcome == "made" else -self.step
            moved = with_added(moved, callers, change)
            words = f"{self.teams[callers]} {outcome} {call_words(result)}"
            notes.append(f"{words}: {self.teams[callers]} {change:+d}")
        points = (standing.points[0] + moved[0], standing.points[1] + moved[1])
        clean_sweep = self.all_tricks_wins and outcome == "made" and result.all_tricks
        decided = self.set_winner(points, callers if clean_sweep else None)
        if decided is None:
            return HandScore(outcome, replace(standing, points=points), moved, tuple(notes))
        winner, how = decided
        notes.append(f"{how}: {self.teams[winner]} win a set; both back to 0")
        sets = with_added(standing.sets, winner, 1)
        return HandScore(outcome, Standing(points=(0, 0), sets=sets), moved, tuple(notes))

    def set_winner(self, points: Pair, sweeper: int | None) -> tuple[int, str] | None:
        """Who wins a set now, and how: a clean sweep, a team at +6, or the other of one at -6."""
        names = self.teams
        if sweeper is not None:
            return sweeper, f"{names[sweeper]} take all eight tricks"
        for team in (0, 1):
            if points[team] >= self.set_at:
                return team, f"{names[team]} reach {points[team]:+d}"
        for team in (0, 1):
            if points[team] <= -self.set_at:
                return other(team), f"{names[team]} fall to {points[team]:+d}"
        return None


ScorerFactory = Callable[[Mapping[str, str], tuple[str, str]], GameScorer]

SCORERS: dict[str, ScorerFactory] = {
    "40": CoolieScorer.from_rules,
    "28": TableScorer.from_rules,
    "29": SetScorer.from_rules,
}


def score_session(
    record: Record, results: Sequence[HandResult], overrides: dict[str, str] | None = None
) -> SessionScore:
    """Score the hands of a session in order, starting from its ``Coolies``/``Flags``/``Points``.

    ``overrides`` replace the file's ``Rules`` switches (``--rules``). Raises ValueError for a game
    with no scoring, which the reader never lets through.
    """
    scorer = RunningScore(record, overrides)
    lines = [scorer.add(result) for result in results]
    return SessionScore(record.game, scorer.teams, scorer.counters, scorer.start, lines)


class RunningScore:
    """A session's score kept hand by hand: only the standing, never the hands before
    (``thuruppu score`` of a file read one hand at a time). ``record`` gives the session's tags."""

    def __init__(self, record: Record, overrides: dict[str, str] | None = None) -> None:
        factory = SCORERS.get(record.game)
        if factory is None:
            raise ValueError(f"no scoring for game {record.game!r}")
        first, second = record.teams[:2]
        self.teams = (first, second)
        self._scorer = factory(resolve_rules(record.game, record.rules, overrides), self.teams)
        self.counters = self._scorer.counters
        self.start = self.standing = self._scorer.opening(record)

    def add(self, result: HandResult) -> ScoreLine:
        """The next hand scored: its line, with the standing after it."""
        hand = self._scorer.score(self.standing, result)
        self.standing = hand.standing
        return ScoreLine(
            result, hand.outcome, self.standing, hand.moved, self.teams, self.counters, hand.notes
        )

    @property
    def final(self) -> dict[str, dict[str, int]]:
        """The standing after the hands so far, as ``SessionScore.final``."""
        return {counter: self.standing.by_team(counter, self.teams) for counter in self.counters}
