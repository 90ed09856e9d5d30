"""What one seat knows at each step is one definition (``TableState.view`` for the cards,
``dashboard.views.tricks.sight`` for the findings), and the terminal's ``replay --seat`` follows it
as the Replay page does: in 29 a seat holds its first four cards through the calling and all eight
once the trump lies face down; a finding reaches a seat from the step its proof is public to it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dashboard.views.tricks.sight import shown_findings, sight
from recorder.cards import Card
from recorder.tgn import loads
from replay.tricks import normalize, replay_hand
from tests.test_cli import CLUB, run

REVOKE_29 = Path(__file__).resolve().parent / "tgn_cases" / "revoke-29.tgn"
CODE = re.compile(r"(?<![A-Za-z0-9?])([2-9TJQKA][SHDC])(?![A-Za-z0-9])")


def first_four(seat: int) -> set[Card]:
    record = loads(REVOKE_29.read_text(encoding="utf-8"))
    deal = next(deal for deal in record.hands[0].deals if deal.seat == seat)
    return {entry.card for entry in deal.cards[:4] if entry.card is not None}


@pytest.mark.parametrize("seat", [1, 2, 3, 4])
def test_a_29_seat_holds_its_first_four_cards_until_the_trump_is_down(seat: int) -> None:
    record = normalize(loads(REVOKE_29.read_text(encoding="utf-8")))
    hand = replay_hand(record, 0)
    steps = hand.steps or []
    calling = [i for i, step in enumerate(steps) if step.event.kind in ("deal", "bid")]
    assert len(calling) == 7  # the deal and six calls
    for index in calling:
        state = steps[index].state.view(seat)
        assert set(state.hands[seat - 1]) == first_four(seat)
        assert state.unknown == tuple(0 if s == seat else 4 for s in range(1, 5))
        view = sight(hand, index, seat)
        assert view.known == frozenset(first_four(seat))
    after = steps[calling[-1] + 2].state.view(seat)  # the first card, after the trump step
    assert len(after.hands[seat - 1]) + len(after.played[seat - 1]) == 8 - (seat == 1)


@pytest.mark.parametrize("seat", [1, 2, 3, 4])
def test_the_terminal_shows_a_seat_no_card_but_its_first_four_in_the_calling(seat: int) -> None:
    _, out, _ = run("replay", str(REVOKE_29), "--hand", "1", "--seat", str(seat))
    lines = out.splitlines()
    end_of_calling = next(i for i, line in enumerate(lines) if line.startswith("called:"))
    calling_cards = {
        Card.parse(code) for line in lines[: end_of_calling + 1] for code in CODE.findall(line)
    }
    assert calling_cards == first_four(seat)
    later = next(line for line in lines if line.startswith("then dealt "))
    assert len(later.split()) == 2 + 4


@pytest.mark.parametrize(("seat", "trick"), [(4, 2), (1, 6), (2, 6), (3, 6)])
def test_a_finding_reaches_a_seat_in_the_terminal_when_it_does_on_the_page(
    seat: int, trick: int
) -> None:
    record = normalize(loads(REVOKE_29.read_text(encoding="utf-8")))
    hand = replay_hand(record, 0)
    (shown,) = shown_findings(hand, seat)
    assert (hand.steps or [])[shown.step].event.trick == trick
    _, out, _ = run("replay", str(REVOKE_29), "--hand", "1", "--seat", str(seat))
    lines = out.splitlines()
    revoke = next(i for i, line in enumerate(lines) if "error revoke:" in line)
    trick_line = max(i for i, line in enumerate(lines[:revoke]) if re.match(r"\s*\d+\. ", line))
    assert lines[trick_line].strip().startswith(f"{trick}. ")


def test_the_offender_and_everyone_see_the_club_night_revoke_once_it_is_proved() -> None:
    _, out, _ = run("replay", str(CLUB), "--hand", "6", "--seat", "1")
    assert "error revoke: trick 2: Suma (seat 2) threw 9C" in out
    assert "hidden in a seat's view" not in out
    lines = out.splitlines()
    revoke = next(i for i, line in enumerate(lines) if "error revoke" in line)
    assert revoke > next(i for i, line in enumerate(lines) if line.startswith(" 6. "))
