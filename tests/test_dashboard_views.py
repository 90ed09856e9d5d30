"""The Replay page's pure parts: moving through steps, the URL position, cards, the table."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dashboard.views.cards import card_back, card_face, card_label, card_row
from dashboard.views.stepping import CONTROLS, Move, Position, move, parse_position, trick_ends
from dashboard.views.text import escape, escape_markdown
from dashboard.views.tricks.table import (
    SeatView,
    TableView,
    TeamScore,
    TrumpView,
    placed,
    table_html,
)
from recorder.cards import Card, Suit

# Six calls, the trump put down, then two tricks of six cards: the shape of a 40 hand's steps.
CALLING_THEN_TWO_TRICKS: list[int | None] = [None] * 7 + [1] * 6 + [2] * 6


def test_trick_ends_are_the_last_step_of_each_trick() -> None:
    assert trick_ends(CALLING_THEN_TWO_TRICKS) == [12, 18]
    assert trick_ends([None, None]) == []
    assert trick_ends([1, 1, 2, 3, 3]) == [1, 2, 4]


@pytest.mark.parametrize(
    ("start", "how", "expected"),
    [
        (5, Move.FIRST, 0),
        (5, Move.LAST, 18),
        (5, Move.NEXT_CARD, 6),
        (18, Move.NEXT_CARD, 18),
        (0, Move.PREVIOUS_CARD, 0),
        (9, Move.PREVIOUS_CARD, 8),
        (3, Move.NEXT_TRICK, 12),  # from the calling to the first complete trick
        (9, Move.NEXT_TRICK, 12),  # from inside trick 1 to its end
        (12, Move.NEXT_TRICK, 18),  # from the end of trick 1 to the end of trick 2
        (18, Move.NEXT_TRICK, 18),
        (15, Move.PREVIOUS_TRICK, 12),  # inside trick 2 back to the end of trick 1
        (12, Move.PREVIOUS_TRICK, 0),  # before trick 1 there is only the start
        (18, Move.PREVIOUS_TRICK, 12),
    ],
)
def test_moves(start: int, how: Move, expected: int) -> None:
    assert move(start, how, CALLING_THEN_TWO_TRICKS) == expected


@settings(max_examples=60, deadline=None)
@given(
    tricks=st.lists(st.one_of(st.none(), st.integers(1, 8)), min_size=1, max_size=60),
    data=st.data(),
)
def test_moves_stay_inside_the_hand_and_go_the_right_way(
    tricks: list[int | None], data: st.DataObject
) -> None:
    step = data.draw(st.integers(0, len(tricks) - 1))
    for how in Move:
        target = move(step, how, tricks)
        assert 0 <= target < len(tricks)
    assert move(step, Move.NEXT_TRICK, tricks) >= step
    assert move(step, Move.PREVIOUS_TRICK, tricks) <= step
    ahead = move(step, Move.NEXT_TRICK, tricks)
    assert ahead in trick_ends(tricks) or ahead == len(tricks) - 1


def test_position_round_trips_through_url_parameters() -> None:
    position = Position("club night.tgn", 3, 17, 2)
    assert parse_position(position.to_params()) == position
    assert position.query() == "?session=club+night.tgn&hand=3&step=17&seat=2"


def test_unreadable_url_parameters_take_defaults() -> None:
    parsed = parse_position({"session": "a.tgn", "hand": "zero", "step": "-4", "seat": "0"})
    assert parsed == Position("a.tgn", 1, 0, None)
    assert parse_position({}) == Position(None, 1, 0, None)


def test_every_move_has_one_control_and_its_own_shortcut() -> None:
    assert [control.move for control in CONTROLS] == list(Move)
    shortcuts = [control.shortcut for control in CONTROLS]
    assert len(set(shortcuts)) == len(shortcuts)
    assert {"Left", "Right"} <= set(shortcuts)


def test_cards_are_drawn_with_coloured_suits_and_backs() -> None:
    ten = card_face(Card.parse("TH"))
    assert ">10<" in ten and "♥" in ten and 'data-card="TH"' in ten
    assert card_label(Card.parse("JS")) == "J♠"
    row = card_row([Card.parse("JS"), Card.parse("9D")], unknown=3)
    assert row.count("tp-back") == 3 and row.count("tp-face") == 2
    assert "tp-back" in card_back()


def test_text_from_files_is_escaped() -> None:
    assert escape("<script>alert(1)</script>") == "&lt;script&gt;alert(1)&lt;/script&gt;"
    assert escape_markdown("*bold* [x](y)") == r"\*bold\* \[x\]\(y\)"


def seat(number: int, name: str, **extra: object) -> SeatView:
    values: dict[str, object] = {
        "seat": number,
        "name": name,
        "team": "Red" if number % 2 else "Blue",
        "cards": (),
        "unknown": 6,
    }
    values.update(extra)
    return SeatView(**values)  # type: ignore[arg-type]


def six_seats(**first: object) -> tuple[SeatView, ...]:
    names = ["Anil", "Biju", "Chitra", "Dev", "Eli", "Faiz"]
    return tuple(seat(i + 1, name, **(first if i == 0 else {})) for i, name in enumerate(names))


def test_seats_sit_anticlockwise_from_the_bottom_seat() -> None:
    places = {place: view.seat for place, view in placed(six_seats(), bottom=3)}
    assert places == {"b": 3, "br": 4, "tr": 5, "t": 6, "tl": 1, "bl": 2}


def test_table_html_shows_cards_trick_and_trump() -> None:
    seats = six_seats(
        cards=(Card.parse("JS"), Card.parse("3S")), unknown=3, played=Card.parse("KD")
    )
    view = TableView(
        seats=seats,
        bottom=1,
        trick=2,
        trump=TrumpView("Chitra", None, None, revealed=False),
        calling=(("Anil", "20"), ("Biju", "22")),
        teams=(TeamScore("Red", 7, 1), TeamScore("Blue", 0, 0)),
    )
    page = table_html(view)
    assert re.search(r'data-played="1".*data-card="KD"', page)
    assert "Trick 2" in page and "Chitra's face-down card" in page
    assert page.count("tp-back") >= 3 + 5 * 6 + 1  # Anil's 3, the others' 6 each, the trump
    assert "<b>7</b> points" in page


def test_table_html_escapes_names() -> None:
    hostile = "<script>alert(1)</script>"
    seats = tuple(seat(i, hostile if i == 1 else f"P{i}") for i in range(1, 5))
    view = TableView(seats, 1, None, None, ((hostile, "16"),), (TeamScore("<b>Us</b>", 0, 0),))
    page = table_html(view)
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<b>Us</b>" not in page


def test_revealed_trump_is_turned_up_with_who_and_when() -> None:
    trump = TrumpView("Chitra", Card.parse("9H"), Suit.HEARTS, True, "Biju", 2, "ask")
    view = TableView(six_seats(), 1, 2, trump, (), ())
    page = table_html(view)
    assert 'data-card="9H"' in page and "turned up by Biju (ask) in trick 2" in page
