"""Random Rummy records (valid syntax, any content) never make the reader, the engine, the
analysis or the terminal's renderings raise: every broken rule is a finding."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dashboard.cli.terminal.rummy import (
    render_rummy_analysis,
    render_rummy_deal,
    render_rummy_score,
)
from recorder.rummy.cards import RUMMY_CARDS
from recorder.tgn import dumps, read
from replay.rummy import replay_rummy
from replay.rummy.analysis import analyse_rummy

PLAYERS = 4
cards = st.sampled_from([card.code for card in RUMMY_CARDS])
seats = st.integers(1, PLAYERS)


@st.composite
def grouped(draw: st.DrawFn, most: int = 14) -> str:
    codes = draw(st.lists(cards, min_size=1, max_size=most))
    if draw(st.booleans()):
        return " ".join(codes)
    cuts = sorted(draw(st.sets(st.integers(1, max(1, len(codes) - 1)), max_size=4)))
    parts, start = [], 0
    for cut in [*cuts, len(codes)]:
        if cut > start:
            parts.append(" ".join(codes[start:cut]))
            start = cut
    return " | ".join(parts)


@st.composite
def turn(draw: st.DrawFn) -> str:
    seat = draw(seats)
    shape = draw(st.sampled_from(["closed", "seen", "pile", "drop", "declare"]))
    if shape == "drop":
        return f"{seat}:drop"
    source = {"closed": "c", "seen": "c" + draw(cards), "pile": draw(cards), "declare": "c"}[shape]
    end = "declare" if shape == "declare" else draw(cards)
    return f"{seat}:{source}>{end}"


@st.composite
def body_line(draw: st.DrawFn) -> str:
    kind = draw(
        st.sampled_from(
            ["turns", "drop", "absent", "declare", "show", "count", "no-show", "penalty"]
        )
    )  # fmt: skip
    seat = draw(seats)
    if kind == "turns":
        return "turns " + " ".join(draw(st.lists(turn(), min_size=1, max_size=8)))
    if kind in ("drop", "absent"):
        return f"{kind} {seat}" + (" middle" if draw(st.booleans()) else "")
    if kind == "declare":
        face = f" / {draw(cards)}" if draw(st.booleans()) else ""
        return f"declare {seat}: {draw(grouped())}{face}"
    if kind == "show":
        entered = f" = {draw(st.integers(0, 200))}" if draw(st.booleans()) else ""
        return f"show {seat}: {draw(grouped())}{entered}"
    if kind == "count":
        return f"count {seat}: {draw(st.integers(0, 300))}"
    if kind == "penalty":
        return f"penalty {seat} {draw(st.integers(-50, 300))} judges"
    return f"{kind} {seat}"


@st.composite
def once_lines(draw: st.DrawFn) -> list[str]:
    """The lines a deal holds at most once (one ``deal`` line a seat)."""
    lines = []
    if draw(st.integers(0, 5)) == 0:
        lines.append(f"rejoin {draw(seats)}")
    if draw(st.integers(0, 4)):
        lines.append(f"joker {draw(cards)}")
    if draw(st.booleans()):
        lines.append(f"open {draw(cards)}")
    for seat in sorted(draw(st.sets(seats, max_size=PLAYERS))):
        lines.append(f"deal {seat}: " + " ".join(draw(st.lists(cards, max_size=14))))
    if draw(st.integers(0, 8)) == 0:
        lines.append("redeal " + draw(st.sampled_from(["not-13-cards", "misdeal"])))
    return lines


@st.composite
def rummy_text(draw: st.DrawFn) -> str:
    lines = ['[Game "rummy"]', '[Players "Anu, Babu, Cini, Deepu"]']
    if draw(st.booleans()):
        totals = draw(st.lists(st.integers(0, 300), min_size=PLAYERS, max_size=PLAYERS))
        names = ["Anu", "Babu", "Cini", "Deepu"]
        lines.append(
            '[Totals "' + ", ".join(f"{n}={t}" for n, t in zip(names, totals, strict=True)) + '"]'
        )
    if draw(st.booleans()):
        rules = draw(
            st.sampled_from(
                ["packs=1", "count=literal", "count-cap=40", "joker-group=yes", "limit=80",
                 "rejoins=0", "rejoin-score=highest"]
            )
        )  # fmt: skip
        lines.append(f'[Rules "{rules}"]')
    for number in range(1, draw(st.integers(1, 4)) + 1):
        lines += ["", f'[Hand "{number}"]']
        if number == 1 or draw(st.booleans()):
            lines.append(f'[Dealer "{draw(seats)}"]')
        lines += draw(once_lines())
        lines += draw(st.lists(body_line(), max_size=8))
    return "\n".join(lines) + "\n"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rummy_text())
def test_random_records_never_raise(text: str) -> None:
    result = read(text)
    assert result.errors == [], text
    record = result.record
    assert record is not None
    assert read(dumps(record)).record == record
    game = replay_rummy(record)
    assert len(game.deals) == len(record.hands)
    assert set(game.standing) == set(record.players)
    for finding in game.findings:
        assert finding.line > 0 and finding.column > 0
    render_rummy_score(record, game)
    for index, hand in enumerate(record.hands):
        deal = game.deals[index]
        steps = game.turn_steps.get(index, [])
        for seat in (None, 1):
            render_rummy_deal(record, hand, deal, steps, game.deal_findings(deal.hand), seat)
    render_rummy_analysis(record, analyse_rummy(record))
