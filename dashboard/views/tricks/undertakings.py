"""A hand's undertakings and its result in words, the same on every page and in the terminal.

Jodi, Kott, Marukott, Thani, the 29 pair and the answers to ``jodi?`` and ``kot?`` change what a
hand's outcome means ("made" after ``kot?=no`` is the callers winning at their call with no card
point needed), so every place that says a hand's result says them too, naming who said them. A
hand decided by ``auto-penalties`` after a revoke says so. Pure functions over the engine's
``HandResult`` and ``ScoreLine``; ``name`` turns a seat into the player's name.
"""

from __future__ import annotations

from collections.abc import Callable

from replay.tricks.outcome import UNDERTAKING_NAMES, HandResult, Undertaking
from replay.tricks.scoring import ScoreLine

KIND_NAMES = UNDERTAKING_NAMES
"""Each undertaking as the table names it."""

Namer = Callable[[int], str]


def _ending(said: Undertaking) -> str:
    return {"kept": "kept", "lost": "lost", "open": "not decided"}.get(said.outcome, said.outcome)


def undertaking_words(said: Undertaking, name: Namer, target: int | None = None) -> str:
    """One undertaking in words: ``Jodi said by Anil in trick 2: kept``, ``Kott asked of Biju
    (kot?=no) in trick 3 and refused: hand over at trick 3, ...``, ``pair declared by Sohel after
    trick 5``. The seat of a ``jodi?`` is the asker's, of a ``kot?`` the leader who answered
    (RULES.md §6)."""
    kind = KIND_NAMES[said.kind]
    who = name(said.seat) if said.seat is not None else ""
    when = f" in trick {said.trick}" if said.trick else ""
    if said.kind == "marukott":
        return "Marukott: the other team won every round"
    if said.kind == "pair":
        moved = f" (the callers' target is now {target})" if target is not None else ""
        return f"pair declared by {who} after trick {said.trick}{moved}"
    if said.kind == "thani":
        return f"Thani called by {who}: {_ending(said)}"
    if said.said.startswith("kot?"):
        answer = "refused" if said.outcome == "refused" else f"accepted: a Kott, {_ending(said)}"
        return f"Kott asked of {who} ({said.said}){when} and {answer}" + _over(said)
    if said.said.startswith("jodi?"):
        answer = "refused" if said.outcome == "refused" else f"accepted: a Jodi, {_ending(said)}"
        return f"Jodi asked by {who} ({said.said}){when} and {answer}" + _over(said)
    return f"{kind} said by {who}{when}: {_ending(said)}"


def _over(said: Undertaking) -> str:
    if said.outcome != "refused":
        return ""
    return f": hand over at trick {said.trick}, the callers win at their call"


def undertakings_text(result: HandResult, name: Namer) -> str:
    """Every undertaking of the hand, ``; `` between them; empty when there was none."""
    return "; ".join(undertaking_words(said, name, result.target) for said in result.undertakings)


def outcome_words(result: HandResult) -> str:
    """The outcome with the undertaking that decided it: ``made with a Jodi``, ``lost with a
    Kott``, ``made: Kott asked and refused``, ``lost``."""
    main = next((s for s in result.undertakings if s.kind != "pair"), None)
    if main is None:
        return result.outcome
    kind = KIND_NAMES[main.kind]
    if main.outcome == "refused":
        return f"{result.outcome}: {kind} asked and refused"
    if main.kind == "marukott":
        return result.outcome
    return f"{result.outcome} with a {kind}"


def awarded_words(line: ScoreLine | None) -> str:
    """``; awarded: revoke by Blue: Blue lose the hand`` when a revoke decided the score."""
    if line is None or line.awarded is None:
        return ""
    return f" (awarded after a revoke: {line.awarded}; the play gave {line.result.outcome})"


def result_line(result: HandResult, line: ScoreLine | None, name: Namer) -> str:
    """The hand's result in one line: outcome with its undertakings, the callers' points, the
    undertakings said and by whom, and an award after a revoke."""
    outcome = line.outcome if line is not None else result.outcome
    text = outcome_words(result) if outcome == result.outcome else outcome
    if result.callers_points is not None and result.outcome in ("made", "lost"):
        text += f", the callers took {result.callers_points}"
    said = undertakings_text(result, name)
    if said:
        text += f" ({said})"
    return text + awarded_words(line)
