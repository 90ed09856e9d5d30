"""Builders shared by the scoring tests: a session record from its tags, a hand result by hand."""

from __future__ import annotations

from recorder.cards import Call, Suit
from recorder.model import Record, Tag
from replay.findings import Finding
from replay.tricks.outcome import HandResult, Outcome, Penalty, Special

PLAYERS = {
    "40": "Anil, Biju, Chitra, Dev, Eli, Faiz",
    "28": "Anil, Biju, Chitra, Dev, Eli, Faiz",
    "29": "Anil, Biju, Chitra, Dev",
}


def session(game: str, **tags: str) -> Record:
    """A session record of ``game`` with teams Red (odd seats) and Blue, plus the given tags."""
    written = {"Game": game, "Players": PLAYERS[game], "Teams": "Red, Blue", **tags}
    return Record(tags=[Tag(name=name, value=value) for name, value in written.items()])


def result(
    game: str,
    caller: int | None,
    call: str | None,
    outcome: Outcome,
    special: Special | None = None,
    number: int = 1,
    penalties: tuple[Penalty, ...] = (),
    findings: tuple[Finding, ...] = (),
    all_tricks: bool = False,
) -> HandResult:
    """A hand result as the engine would give it; ``call`` is a TGN token (``24``, ``H3``)."""
    parsed = Call.parse(call, honours=game == "40") if call else None
    return HandResult(
        hand=number,
        dealer=6 if game != "29" else 4,
        caller=caller,
        call=parsed,
        trump=Suit.HEARTS if parsed and special != "thani" else None,
        special=special,
        target=parsed.number if parsed else None,
        callers_points=None,
        outcome=outcome,
        penalties=penalties,
        findings=findings,
        all_tricks=all_tricks,
    )


def violation(code: str, seat: int, trick: int | None = 2) -> Finding:
    """A proven violation by ``seat`` in hand 1."""
    return Finding(code, 1, trick, seat, None, 10, 4, f"{code} by seat {seat}")
