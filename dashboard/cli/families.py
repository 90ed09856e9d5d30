"""What the ``thuruppu`` commands do with a record of each family of games, found by its name.

``check``, ``score``, ``replay`` and ``analyse`` ask ``COMMAND_FAMILIES[family_name(game)]`` for
the findings, the score (JSON and the terminal's sheet), one hand replayed and the analysis; the
command itself never tests a game's name. Engines and renderings are imported when first used.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from recorder.games import family_name

if TYPE_CHECKING:  # the model and the engines load with the commands using them
    from recorder.model import Hand, Record
    from replay.findings import Finding

Rules = dict[str, str]
Write = Callable[[str], object]


class HandJudge(Protocol):
    """``check`` of a session read one hand at a time: each hand's findings as it comes, and
    those only the whole session shows at its end."""

    def hand(self, hand: Hand) -> list[Finding]: ...

    def end(self) -> list[Finding]: ...


class ScoreSheet(Protocol):
    """``score`` of a session read one hand at a time, written as it goes (``write``)."""

    found: bool
    """Whether a finding of severity error or warning was met (known at the end)."""

    def hand(self, hand: Hand) -> None: ...

    def end(self) -> None: ...


@dataclass(frozen=True)
class Scored:
    """A record scored: its findings, and ``score --json`` (without ``path``) and the terminal's
    sheet, each built only when asked for, since the command prints one of them."""

    findings: list[Finding]
    build_data: Callable[[], dict[str, Any]]
    render: Callable[[], str]
    printable: Callable[[str, datetime, str | None], str]
    """The printable page (``score --html``): from the session's title, the time and the paper."""

    @property
    def data(self) -> dict[str, Any]:
        """What ``score --json`` prints (without ``path``)."""
        return self.build_data()

    @property
    def text(self) -> str:
        """The terminal's score sheet."""
        return self.render()


@dataclass(frozen=True)
class CommandFamily:
    """The commands' work for one family of games."""

    findings: Callable[[Record, Rules], list[Finding]]
    score: Callable[[Record, Rules], Scored]
    replay: Callable[[Record, int, int | None, Rules], tuple[str, list[Finding]]]
    """Text of the hand at an index of ``record.hands``, seen from a seat (or all), findings."""
    analyse: Callable[[Record, int | None], tuple[dict[str, Any], str]]
    judge: Callable[[Record, Rules], HandJudge]
    """``check`` of the session whose tags the record holds, hand by hand."""
    score_sheet: Callable[[Record, Rules, bool, str, Write], ScoreSheet]
    """``score`` (``--json`` or not, of the file at a path) of the session, hand by hand."""


class _TrickJudge:
    """A trick game's hands replayed one at a time: each hand's findings are its own."""

    def __init__(self, record: Record, rules: Rules) -> None:
        from replay.tricks.engine import SessionReplayer

        self._replayer = SessionReplayer(record, rules)

    def hand(self, hand: Hand) -> list[Finding]:
        return self._replayer.replay(hand).findings if self._replayer.known else []

    def end(self) -> list[Finding]:
        return []


def _trick_sheet(record: Record, rules: Rules, as_json: bool, path: str, write: Write) -> Any:
    from dashboard.cli.streamed import TrickScoreSheet

    return TrickScoreSheet(record, rules, as_json, path, write)


class _RummyJudge:
    """A Rummy game is judged whole (a deal's findings hang on the game so far, and a game ends
    at its total, so its file stays small): its deals are kept to the end."""

    def __init__(self, record: Record, rules: Rules) -> None:
        self._record = record
        self._rules = rules
        self._hands: list[Hand] = []

    def hand(self, hand: Hand) -> list[Finding]:
        self._hands.append(hand)
        return []

    def end(self) -> list[Finding]:
        whole = self._record.model_copy(update={"hands": self._hands})
        return _rummy_findings(whole, self._rules)


class _RummySheet:
    """A Rummy game is scored whole, as it is judged (``_RummyJudge``)."""

    def __init__(
        self, record: Record, rules: Rules, as_json: bool, path: str, write: Write
    ) -> None:
        self._record = record
        self._rules = rules
        self._as_json = as_json
        self._path = path
        self._write = write
        self._hands: list[Hand] = []
        self.found = False

    def hand(self, hand: Hand) -> None:
        self._hands.append(hand)

    def end(self) -> None:
        from dashboard.cli.streamed import json_text

        scored = _rummy_score(self._record.model_copy(update={"hands": self._hands}), self._rules)
        self.found = any(f.severity in ("error", "warning") for f in scored.findings)
        self._write(
            json_text({"path": self._path, **scored.data}) if self._as_json else scored.text
        )


def _trick_findings(record: Record, rules: Rules) -> list[Finding]:
    from replay.tricks import replay_session

    return replay_session(record, rules).findings


def _trick_score(record: Record, rules: Rules) -> Scored:
    from replay.tricks import replay_session
    from replay.tricks.scoring import score_session

    session = replay_session(record, rules)
    scored = score_session(record, [hand.result for hand in session.hands], rules)

    def sheet() -> str:
        from dashboard.cli.terminal.tricks import render_score

        return render_score(record, scored)

    def page(title: str, now: datetime, paper: str | None) -> str:
        from dashboard.printing.score_sheet import score_printable

        return score_printable(record, sheet(), title, now, paper)

    return Scored(session.findings, scored.to_json, sheet, page)


def _trick_replay(
    record: Record, index: int, seat: int | None, rules: Rules
) -> tuple[str, list[Finding]]:
    from dashboard.cli.terminal.tricks import render_replay
    from replay.tricks import replay_hand, replay_session
    from replay.tricks.scoring import score_session

    replayed = replay_hand(record, index, rules, steps=True)
    results = [hand.result for hand in replay_session(record, rules).hands]
    lines = score_session(record, results, rules).lines
    line = next((line for line in lines if line.result.hand == replayed.result.hand), None)
    return render_replay(record, replayed, seat, line), replayed.findings


def _trick_analyse(record: Record, hand: int | None) -> tuple[dict[str, Any], str]:
    from dashboard.cli.terminal.tricks import render_analysis
    from replay.solver import analyse_session

    result = analyse_session(record, hand)
    return result, render_analysis(record, result)


def _rummy_findings(record: Record, rules: Rules) -> list[Finding]:
    from replay.rummy import replay_rummy

    return replay_rummy(record, rules).findings


def _rummy_score(record: Record, rules: Rules) -> Scored:
    from replay.rummy import replay_rummy

    game = replay_rummy(record, rules)

    def sheet() -> str:
        from dashboard.cli.terminal.rummy import render_rummy_score

        return render_rummy_score(record, game)

    def page(title: str, now: datetime, paper: str | None) -> str:
        from dashboard.printing.rummy_sheet import rummy_sheet_printable

        return rummy_sheet_printable(game, title, now, paper)

    return Scored(game.findings, game.to_json, sheet, page)


def _rummy_replay(
    record: Record, index: int, seat: int | None, rules: Rules
) -> tuple[str, list[Finding]]:
    from dashboard.cli.terminal.rummy import render_rummy_deal
    from replay.rummy import replay_rummy

    game = replay_rummy(record, rules)
    deal = game.deals[index]
    findings = game.deal_findings(deal.hand)
    steps = game.turn_steps.get(index, [])
    return render_rummy_deal(record, record.hands[index], deal, steps, findings, seat), findings


def _rummy_analyse(record: Record, hand: int | None) -> tuple[dict[str, Any], str]:
    from dashboard.cli.terminal.rummy import render_rummy_analysis
    from replay.rummy.analysis import analyse_rummy

    result = analyse_rummy(record, hand)
    return result, render_rummy_analysis(record, result)


COMMAND_FAMILIES: dict[str, CommandFamily] = {
    "trick": CommandFamily(
        _trick_findings, _trick_score, _trick_replay, _trick_analyse, _TrickJudge, _trick_sheet
    ),
    "rummy": CommandFamily(
        _rummy_findings, _rummy_score, _rummy_replay, _rummy_analyse, _RummyJudge, _RummySheet
    ),
}


def commands_for(record: Record) -> CommandFamily:
    """The commands' work for the record's family of games."""
    return COMMAND_FAMILIES[family_name(record.game)]
