"""The value types: cards, suits, seats and calls, and the games' packs and points."""

import copy
import pickle

import pytest

from recorder.cards import PASS, THANI, Call, CallKind, Card, Seat, Suit, team_of
from recorder.games import GAMES, game_spec
from replay.tricks.deck import CARDS


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("JS", "JS"),
        ("js", "JS"),
        ("10h", "TH"),
        ("Td", "TD"),
        ("9♦", "9D"),
        ("a♣", "AC"),
        ("6♠", "6S"),
    ],
)
def test_card_parse_accepts_lenient_forms(text: str, code: str) -> None:
    assert Card.parse(text).code == code


@pytest.mark.parametrize("text", ["", "J", "ZS", "1S", "JX", "10", "JSS", "11H"])
def test_card_parse_refuses_junk(text: str) -> None:
    with pytest.raises(ValueError):
        Card.parse(text)


def test_card_index_numbers_every_card_once_by_suit_then_rank() -> None:
    cards = [Card.parse(rank + suit) for suit in "SHDC" for rank in "J39ATKQ876"]
    assert [card.index for card in cards] == list(range(40))
    assert list(CARDS) == cards  # the engine's ids are these indices
    assert Card.parse("10h").index == Card("T", Suit.HEARTS).index == 14
    assert Card.parse("6c").index == 39


def test_card_index_is_no_part_of_equality_and_survives_copies() -> None:
    card = Card("Q", Suit.DIAMONDS)
    assert card == Card.parse("QD") and hash(card) == hash(Card.parse("qd"))
    assert repr(card) == "Card(QD)"
    copied = pickle.loads(pickle.dumps(card))
    assert copied == card and copied.index == card.index == 26
    assert copy.deepcopy(card).index == 26


@pytest.mark.parametrize("rank", ["", "X", "10", "J3"])
def test_card_refuses_a_rank_outside_the_ranks(rank: str) -> None:
    with pytest.raises(ValueError, match="no rank"):
        Card(rank, Suit.SPADES)


def test_suit_symbols_and_colours() -> None:
    assert Suit.parse("♥") is Suit.HEARTS
    assert Suit.HEARTS.is_red and not Suit.CLUBS.is_red
    assert Suit.DIAMONDS.word == "diamond"
    assert Suit.SPADES.symbol == "♠"


def test_seat_arithmetic_goes_round_the_table() -> None:
    six = Seat(6, 6)
    assert six.next == Seat(1, 6)
    assert Seat(2, 4).after(3) == Seat(1, 4)
    assert [s.number for s in Seat(5, 6).order_from()] == [5, 6, 1, 2, 3, 4]
    assert Seat(3, 6).team == 1 and Seat(4, 6).team == 2
    assert Seat(1, 6).is_partner(Seat(5, 6))
    assert not Seat(1, 6).is_partner(Seat(1, 6))
    assert not Seat(1, 6).is_partner(Seat(2, 6))
    assert team_of(3) == 1 and team_of(6) == 2
    with pytest.raises(ValueError):
        Seat(7, 6)


@pytest.mark.parametrize(
    ("text", "honours", "token", "value"),
    [
        ("p", True, "pass", 0),
        ("PASS", False, "pass", 0),
        ("24", True, "24", 24),
        ("30", True, "H", 30),
        ("h", True, "H", 30),
        ("35", True, "H5", 35),
        ("H10", True, "H10", 40),
        ("40", True, "H10", 40),
        ("30", False, "30", 30),
        ("Thani", False, "thani", 1000),
    ],
)
def test_call_parse_and_token(text: str, honours: bool, token: str, value: int) -> None:
    call = Call.parse(text, honours)
    assert call.token == token
    assert call.value == value


@pytest.mark.parametrize(
    ("text", "honours"), [("H", False), ("H11", True), ("H0", True), ("x", True)]
)
def test_call_parse_refuses(text: str, honours: bool) -> None:
    with pytest.raises(ValueError):
        Call.parse(text, honours)


def test_call_ordering_values() -> None:
    assert THANI.value > Call.parse("H10", True).value > Call.parse("29", True).value
    assert PASS.is_pass and PASS.number is None
    assert Call(CallKind.HONOURS, 33).number == 33


@pytest.mark.parametrize(
    ("game", "cards", "points"), [("40", 36, 40), ("28", 36, 28), ("29", 32, 28)]
)
def test_packs_and_points(game: str, cards: int, points: int) -> None:
    spec = game_spec(game)
    assert len(spec.pack) == cards == spec.players * spec.hand_size
    assert len(set(spec.pack)) == cards
    assert sum(spec.point(card) for card in spec.pack) == points == spec.card_points_total


def test_rank_order_and_last_trick() -> None:
    forty = GAMES["40"]
    assert forty.strength(Card.parse("JS")) > forty.strength(Card.parse("3S"))
    assert forty.strength(Card.parse("3S")) > forty.strength(Card.parse("9S"))
    assert not forty.has(Card.parse("6S"))
    assert GAMES["28"].has(Card.parse("6S")) and not GAMES["28"].has(Card.parse("3S"))
    assert GAMES["29"].total_points == 29
