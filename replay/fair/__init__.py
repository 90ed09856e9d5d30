"""Fair coaching: each decision judged on what its player could know, beside the all-hands view.

``Sight`` (``seen``) is what a seat knew at a decision, ``Sampler`` (``sampling``) deals the cards
it could not see in every way that agrees with that, ``fair_value`` (``value``) solves those deals
and averages, and ``analyse_fair`` (``verdicts``) judges every decision of a hand
(docs/ANALYSIS.md).
"""

from replay.fair.sampling import DealCounter, NoConsistentDeal, Place, Sampler, replay_turns
from replay.fair.seen import Sight, decision_states, sight_of
from replay.fair.value import DealSolver, FairValue, MoveFigures, Sampling, fair_value
from replay.fair.verdicts import (
    FAIR_THRESHOLDS,
    FairHand,
    FairJudgement,
    FairThresholds,
    Task,
    analyse_fair,
    analyse_fair_session,
    decision_outcome,
    judge,
    judge_decision,
)

__all__ = [
    "FAIR_THRESHOLDS",
    "DealCounter",
    "DealSolver",
    "FairHand",
    "FairJudgement",
    "FairThresholds",
    "FairValue",
    "MoveFigures",
    "NoConsistentDeal",
    "Place",
    "Sampler",
    "Sampling",
    "Sight",
    "Task",
    "analyse_fair",
    "analyse_fair_session",
    "decision_outcome",
    "decision_states",
    "fair_value",
    "judge",
    "judge_decision",
    "replay_turns",
    "sight_of",
]
