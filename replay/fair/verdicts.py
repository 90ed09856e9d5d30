"""Fair verdicts on a recorded hand: each decision judged on what its player could know.

For every card a player chose between two or more choices, the fair value of each choice
(``replay.fair.value``) gives what the card lost against the best choice on what was known: the
chance of the call's outcome the player's team played for, and the card points, with standard
errors. Beside it stands the all-hands verdict of ``replay.solver.analysis``. The labels follow
the chance lost (docs/ANALYSIS.md, ``FairThresholds``); a card the all-hands solver condemns but
the fair one does not was *unlucky*, one only the fair one condemns was *missed*.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, Literal

from recorder.model import Record
from replay.fair.calling import CallingJudgement, judge_calling
from replay.fair.sampling import NoConsistentDeal, Sampler, replay_turns
from replay.fair.seen import decision_states, sight_of
from replay.fair.value import FairValue, Sampling, choices, fair_value, move_key
from replay.solver.analysis import CardJudgement, HandAnalysis, analyse_replayed, makes_call
from replay.solver.board import Board
from replay.solver.recorded import RecordedHand, read_hand
from replay.tricks.engine import HandReplay, replay_hand, replay_session

FairLabel = Literal["inaccuracy", "mistake", "blunder"]
Agreement = Literal["agreed", "unlucky", "missed"]
Skipped = Literal["forced", "equal"]


@dataclass(frozen=True)
class FairThresholds:
    """The smallest chance of the call lost (0 to 1) for each label, as lichess labels moves by
    winning chances lost; ``tolerance`` is the loss a drill or a hand's score accepts."""

    inaccuracy: float = 0.10
    mistake: float = 0.20
    blunder: float = 0.30
    tolerance: float = 0.10
    significant: float = 2.0

    def label_shown(self, chance_lost: float, error: float) -> FairLabel | None:
        """The label of a loss the samples show: none unless it exceeds ``significant`` standard
        errors (a guess the deals split evenly is no mistake, whatever the few deals drawn)."""
        return self.label(chance_lost) if chance_lost > self.significant * error else None

    def label(self, chance_lost: float) -> FairLabel | None:
        if chance_lost >= self.blunder:
            return "blunder"
        if chance_lost >= self.mistake:
            return "mistake"
        if chance_lost >= self.inaccuracy:
            return "inaccuracy"
        return None


FAIR_THRESHOLDS = FairThresholds()
DEFAULT_SAMPLING = Sampling()


@dataclass(frozen=True)
class FairJudgement:
    """One decision judged both ways: on the deals the player could not tell apart (fair) and
    with every card face up (all hands). Chances are of the call's outcome the player's team
    played for; points are card points; losses are against the best choice."""

    trick: int
    seat: int
    player: str
    played: str
    """The choice made: a TGN turn, or ``ask`` while the trump was hidden from the asker."""
    skipped: Skipped | None
    samples: int
    choices: tuple[tuple[str, float, float], ...]
    """Each choice with the callers' mean final points and their chance of making the call."""
    best: tuple[str, ...]
    chance_lost: float
    chance_error: float
    points_lost: float
    points_error: float
    label: FairLabel | None
    all_hands: CardJudgement
    all_hands_chance_lost: float
    """1.0 when, with every card known, the card turned the call's outcome against its team."""
    points_samples: int = 0
    """The first deals of ``samples`` whose exact points were solved (the points' figures)."""

    @property
    def within_tolerance(self) -> bool:
        return self.chance_lost < FAIR_THRESHOLDS.tolerance

    @property
    def agreement(self) -> Agreement | None:
        """``unlucky``: only the all-hands verdict condemns the card (it loses the call with
        every card known); ``missed``: only the fair one does (a mistake or a blunder);
        ``agreed``: both or neither; ``None`` for a skipped decision."""
        if self.skipped is not None:
            return None
        fair = self.label in ("mistake", "blunder")
        all_hands = self.all_hands_chance_lost >= FAIR_THRESHOLDS.mistake
        if all_hands and not fair:
            return "unlucky"
        if fair and not all_hands:
            return "missed"
        return "agreed"

    def to_json(self) -> dict[str, Any]:
        return {
            "trick": self.trick,
            "seat": self.seat,
            "player": self.player,
            "card": self.all_hands.move.token,
            "skipped": self.skipped,
            "samples": self.samples,
            "points_samples": self.points_samples,
            "choices": [
                {"move": key, "points": round(points, 3), "chance": round(chance, 3)}
                for key, points, chance in self.choices
            ],
            "best": list(self.best),
            "fair": {
                "chance_lost": round(self.chance_lost, 3),
                "chance_error": round(self.chance_error, 3),
                "points_lost": round(self.points_lost, 3),
                "points_error": round(self.points_error, 3),
                "label": self.label,
            },
            "all_hands": {
                "cost": self.all_hands.cost,
                "chance_lost": self.all_hands_chance_lost,
                "best": [move.token for move in self.all_hands.best],
                "label": self.all_hands.label,
            },
            "verdict": self.agreement,
        }


@dataclass(frozen=True)
class FairHand:
    """A hand's decisions judged fairly, beside its all-hands analysis."""

    number: int
    analysis: HandAnalysis
    decisions: tuple[FairJudgement, ...]
    reason: str | None = None
    calling: CallingJudgement | None = None

    def score(self, seat: int) -> float | None:
        """The share of the seat's judged decisions within tolerance (``None``: none judged)."""
        judged = [d for d in self.decisions if d.seat == seat and d.skipped is None]
        if not judged:
            return None
        return sum(d.within_tolerance for d in judged) / len(judged)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "hand": self.number,
            "value_at_start": self.analysis.value_at_start,
            "decisions": [decision.to_json() for decision in self.decisions],
            "scores": {
                str(seat): score
                for seat in sorted({d.seat for d in self.decisions})
                if (score := self.score(seat)) is not None
            },
        }
        if self.calling is not None:
            data["calling"] = self.calling.to_json()
        if self.reason is not None:
            data["reason"] = self.reason
        return data


Outcome = FairValue | Skipped | str
"""What a decision's sampling gave: the figures, a skip, or why it could not be sampled."""

Progress = Callable[[int, int], None]
"""Told the decisions done and the decisions in all, after each one."""
Mapper = Callable[
    [Callable[["Task"], tuple[int, Outcome]], Iterable["Task"]], Iterable[tuple[int, Outcome]]
]
"""``map``, or a process pool's ``map`` for ``--jobs``."""


def analyse_fair(
    record: Record,
    replayed: HandReplay,
    switches: Mapping[str, str],
    sampling: Sampling = DEFAULT_SAMPLING,
    seed: int = 0,
    mapper: Mapper = map,
    progress: Progress | None = None,
) -> FairHand:
    """Every decision of a replayed hand (with steps) judged fairly and with all hands."""
    analysis = analyse_replayed(record, replayed, switches)
    recorded = read_hand(record, replayed, switches)
    if recorded.start is None or analysis.value_at_start is None:
        return FairHand(replayed.number, analysis, (), analysis.reason or recorded.reason)
    judged = {(card.trick, card.seat): card for card in analysis.cards}
    indices = [
        index
        for index, turn in enumerate(recorded.turns)
        if not turn.ends and (turn.trick, turn.seat) in judged
    ]
    outcomes = _outcomes(record, replayed, switches, indices, sampling, seed, mapper, progress)
    decisions = []
    reason = analysis.reason
    for index in indices:
        turn = recorded.turns[index]
        outcome = outcomes[index]
        if isinstance(outcome, str) and outcome not in ("forced", "equal"):
            reason = f"trick {turn.trick}: seat {turn.seat}: {outcome}; the analysis stops there"
            break
        decisions.append(judge(judged[(turn.trick, turn.seat)], outcome, analysis))
    calling = (
        judge_calling(record.game, replayed, recorded, sampling.calling, seed, sampling.points)
        if sampling.calling
        else None
    )
    return FairHand(replayed.number, analysis, tuple(decisions), reason, calling)


def judge(card: CardJudgement, outcome: Outcome, analysis: HandAnalysis) -> FairJudgement:
    """A decision's two verdicts: its sampled figures (or its skip) beside the all-hands card."""
    all_lost = _all_hands_chance_lost(card, analysis)
    if not isinstance(outcome, FairValue):
        skipped: Skipped = "forced" if outcome == "forced" else "equal"
        return FairJudgement(
            trick=card.trick,
            seat=card.seat,
            player=card.player,
            played=card.move.token,
            skipped=skipped,
            samples=0,
            choices=(),
            best=(card.move.token,),
            chance_lost=0.0,
            chance_error=0.0,
            points_lost=0.0,
            points_error=0.0,
            label=None,
            all_hands=card,
            all_hands_chance_lost=all_lost,
        )
    trump_known = outcome.trump_known
    played = move_key(card.move, trump_known)
    top = max(outcome.utility(key) for key in outcome.keys)
    best = tuple(key for key in outcome.keys if outcome.utility(key) >= top - 1e-12)
    chance, chance_error, points, points_error = outcome.loss(played)
    first = outcome.keys[0]
    skipped_equal = all(
        outcome.values[key] == outcome.values[first] and outcome.made[key] == outcome.made[first]
        for key in outcome.keys
    )
    figures = tuple(
        (key, outcome.figures(key).points, outcome.figures(key).chance) for key in outcome.keys
    )
    return FairJudgement(
        trick=card.trick,
        seat=card.seat,
        player=card.player,
        played=played,
        skipped="equal" if skipped_equal else None,
        samples=outcome.samples,
        choices=figures,
        best=best,
        chance_lost=chance,
        chance_error=chance_error,
        points_lost=points,
        points_error=points_error,
        label=None if skipped_equal else FAIR_THRESHOLDS.label_shown(chance, chance_error),
        all_hands=card,
        all_hands_chance_lost=all_lost,
        points_samples=outcome.points_samples,
    )


def _all_hands_chance_lost(card: CardJudgement, analysis: HandAnalysis) -> float:
    """1.0 when the card turned the call's outcome (a card never helps the other team, so a
    change is always against the player's own)."""
    before = makes_call(analysis.call, card.value_before, analysis.total)
    after = makes_call(analysis.call, card.value_after, analysis.total)
    return 1.0 if before != after else 0.0


@dataclass(frozen=True)
class Task:
    """One decision to sample, as a worker process needs it."""

    record: Record
    hand_index: int
    switches: dict[str, str]
    turn_index: int
    sampling: Sampling
    seed: int


def judge_decision(task: Task) -> tuple[int, Outcome]:
    """Sample one decision (run in a worker process or in this one)."""
    replayed = replay_hand(task.record, task.hand_index, task.switches, steps=True)
    recorded = read_hand(task.record, replayed, task.switches)
    return task.turn_index, decision_outcome(
        task.record.game, replayed, recorded, task.turn_index, task.sampling, task.seed
    )


def decision_outcome(
    game: str,
    replayed: HandReplay,
    recorded: RecordedHand,
    turn_index: int,
    sampling: Sampling,
    seed: int,
) -> Outcome:
    """The fair value of the choices at one recorded turn, or why there is none to judge."""
    start = recorded.start
    assert start is not None
    turn = recorded.turns[turn_index]
    steps = replayed.steps or []
    first = next(i for i, step in enumerate(steps) if step.event.kind in ("action", "card"))
    cards = [i for i, t in enumerate(recorded.turns) if not t.ends]
    state = decision_states(steps, first)[cards.index(turn_index)]
    sight = sight_of(state, turn.seat, turn_index, recorded, game)
    truth = replay_turns(start, recorded.turns[:turn_index])
    if truth is None:
        return "the record cannot be followed"
    if len(choices(truth, sight.trump is not None)) < 2:
        return "forced"
    try:
        sampler = Sampler(start, recorded.turns, sight, start.face_down)
    except NoConsistentDeal as error:
        return str(error)
    callers_move = (turn.seat - 1) % 2 == (start.caller - 1) % 2
    total = Board(start).left
    rng = Random(f"{seed}/{replayed.number}/{turn_index}")
    try:
        return fair_value(sampler, start.call, total, rng, sampling, callers_move)
    except NoConsistentDeal as error:
        return str(error)


def _outcomes(
    record: Record,
    replayed: HandReplay,
    switches: Mapping[str, str],
    indices: Sequence[int],
    sampling: Sampling,
    seed: int,
    mapper: Mapper,
    progress: Progress | None,
) -> dict[int, Outcome]:
    tasks = [
        Task(record, replayed.index, dict(switches), index, sampling, seed) for index in indices
    ]
    outcomes: dict[int, Outcome] = {}
    for index, outcome in mapper(judge_decision, tasks):
        outcomes[index] = outcome
        if progress is not None:
            progress(len(outcomes), len(tasks))
    return outcomes


def analyse_fair_session(
    record: Record,
    hand: int | None = None,
    sampling: Sampling = DEFAULT_SAMPLING,
    seed: int = 0,
    mapper: Mapper = map,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Every hand (or only hand number ``hand``) judged fairly, as ``analyse --fair --json``
    gives it without the ``path``."""
    replayed = replay_session(record, steps=True)
    hands = [
        analyse_fair(record, played, replayed.rules, sampling, seed, mapper, progress).to_json()
        for played in replayed.hands
        if hand is None or played.number == hand
    ]
    settings = {
        "samples": sampling.samples,
        "points": sampling.points,
        "seed": seed,
        "early_stop": sampling.early_stop,
    }
    return {"game": record.game, "fair": settings, "hands": hands}
