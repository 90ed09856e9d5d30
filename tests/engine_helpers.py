"""Helpers for the engine tests: TGN snippets read with the real reader, and finding lookups.

A test writes only the hand's body; ``replay_text`` adds the session tags of the game and the
``[Hand]`` tags, reads the text with ``recorder.loads`` and replays it.
"""

from __future__ import annotations

from dataclasses import dataclass
from textwrap import dedent

import recorder
from recorder.model import Record
from replay.tricks import Finding, HandReplay, SessionReplay, normalize, replay_session
from tests.scoring_helpers import PLAYERS


def tgn(game: str, body: str, *, dealer: int | None = None, rules: str = "", tags: str = "") -> str:
    """A one-hand session of ``game`` around ``body`` (dealer: the last seat by default)."""
    seat = dealer if dealer is not None else (6 if game != "29" else 4)
    head = f'[Game "{game}"]\n[Players "{PLAYERS[game]}"]\n[Teams "Red, Blue"]\n'
    if rules:
        head += f'[Rules "{rules}"]\n'
    hand = f'\n[Hand "1"]\n[Dealer "{seat}"]\n{tags}'
    return head + hand + dedent(body).strip() + "\n"


def read(text: str) -> Record:
    return normalize(recorder.loads(text))


def replay_text(text: str, overrides: dict[str, str] | None = None) -> SessionReplay:
    return replay_session(read(text), overrides)


def replay_one(
    game: str, body: str, *, dealer: int | None = None, rules: str = "", tags: str = ""
) -> tuple[HandReplay, str]:
    """Replay a one-hand snippet; gives the hand's replay and the full text (for positions)."""
    text = tgn(game, body, dealer=dealer, rules=rules, tags=tags)
    return replay_text(text).hands[0], text


def codes(findings: list[Finding]) -> list[str]:
    return [finding.code for finding in findings]


def only(findings: list[Finding], code: str) -> Finding:
    """The single finding with ``code``; fails when there is none or more than one."""
    chosen = [finding for finding in findings if finding.code == code]
    assert len(chosen) == 1, f"expected one {code}, got {[f.message for f in findings]}"
    return chosen[0]


def where(text: str, marker: str, offset: int = 0) -> tuple[int, int]:
    """1-based line and column of ``marker`` (plus ``offset`` characters) in ``text``."""
    index = text.index(marker) + offset
    assert text.count(marker) == 1, f"marker {marker!r} is not unique"
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, column


def at(finding: Finding) -> tuple[int, int]:
    return finding.line, finding.column


@dataclass(frozen=True)
class Broken:
    """A snippet that breaks a rule: the finding's code, trick, seat and where it points; ``rules``
    and ``tags`` go around the snippet, and ``count`` is how many such findings it gives."""

    name: str
    body: str
    code: str
    trick: int | None
    seat: int | None
    marker: str
    offset: int = 0
    rules: str = ""
    tags: str = ""
    count: int = 1


def assert_found_where_it_happened(game: str, case: Broken) -> None:
    """Replay the snippet of ``case`` and check its finding: how many, hand, trick, seat, place."""
    hand, text = replay_one(game, case.body, rules=case.rules, tags=case.tags)
    found = [finding for finding in hand.findings if finding.code == case.code]
    assert len(found) == case.count, [finding.message for finding in hand.findings]
    finding = found[0]
    assert (finding.hand, finding.trick, finding.seat) == (1, case.trick, case.seat)
    assert at(finding) == where(text, case.marker, case.offset)
    assert finding.severity in ("error", "warning", "note") and finding.message
