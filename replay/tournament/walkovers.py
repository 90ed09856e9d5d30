"""Results a table did not play (TOURNAMENT.md §9): walkovers, decisions and withdrawals.

A ``[Walkover]`` session is checked here (no hands, a team of its ``Teams``, ``none`` only in the
group stage: else ``bad-walkover``, and it counts for nothing); a ``[Decision]`` must name a team of
its match and settle an unfinished one (else ``bad-decision``, and the match stands as recorded).
A withdrawn team's scheduled group matches without a finished session, and every knockout match it
would play, are walkovers the engine makes itself: a session of tags only, named after the
scheduled match (or the slot), so that it shows like any other walkover.
"""

from __future__ import annotations

from dataclasses import replace

from recorder.model import Record, Tag
from replay.tournament.findings import TournamentFinding
from replay.tournament.matches import GROUP, NOBODY, Match, TournamentSession, read_match


def checked_walkover(match: Match) -> TournamentFinding | None:
    """``bad-walkover`` when a walkover session is not one (it then counts for nothing)."""
    session = match.session
    if match.walkover is None:
        return None
    problem = None
    if session.record.hands:
        count = len(session.record.hands)
        problem = f"{match.pairing}: a walkover has no hands, this session has {count}"
    elif match.walkover == NOBODY and match.stage != GROUP:
        problem = f"{match.pairing}: a walkover to none is for the group stage only"
    elif match.walkover != NOBODY and match.walkover not in match.teams:
        problem = (
            f"{match.pairing}: walkover to {match.walkover}, who is no team of the match "
            f"({match.teams[0]}, {match.teams[1]})"
        )
    if problem is None:
        return None
    line = session.tag_line("Walkover")
    return TournamentFinding("bad-walkover", session.source, line, problem)


def checked_decision(match: Match) -> tuple[Match, TournamentFinding | None]:
    """The match with its decision, or without it and a ``bad-decision`` finding when the decision
    names no team of the match or the match was finished anyway."""
    if match.decision is None or match.walkover is not None:
        return match, None
    problem = None
    if match.decision not in match.teams:
        problem = (
            f"{match.pairing}: decision for {match.decision}, who is no team of the match; "
            "the match stands as recorded"
        )
    elif replace(match, decision=None).finished:
        problem = (
            f"{match.pairing}: decision for {match.decision} on a finished match; its result stands"
        )
    if problem is None:
        return match, None
    session = match.session
    finding = TournamentFinding(
        "bad-decision", session.source, session.tag_line("Decision"), problem
    )
    return replace(match, decision=None), finding


def made_walkover(
    key: str,
    tags: dict[str, str | None],
    teams: tuple[str, str],
    winner: str,
    shuffles: int,
    final_shuffles: int,
) -> Match:
    """A walkover the engine makes (a withdrawal): a session of tags only, keyed ``key``."""
    values = {"Game": "28", "Teams": f"{teams[0]}, {teams[1]}", **tags, "Walkover": winner}
    record = Record(
        tags=[Tag(name=name, value=value) for name, value in values.items() if value is not None]
    )
    session = TournamentSession(key, key, record)
    stage = values.get("Stage") or GROUP
    return replace(read_match(session, stage, shuffles, final_shuffles), made=True)
