"""The solver on positions small enough to check by hand: one, two and three tricks left.

Each test's comment works the answer out; the solver must find the same value and best moves.
"""

from __future__ import annotations

from dataclasses import replace

from recorder.cards import Call, CallKind, Card, Suit
from replay.solver import Move, Position, TableRules, legal_moves, play, solve

THANI = Call(CallKind.THANI, 1000)


def cards(text: str) -> frozenset[Card]:
    return frozenset(Card.parse(code) for code in text.split())


def hands(*texts: str) -> tuple[frozenset[Card], ...]:
    return tuple(cards(text) for text in texts)


def tokens(moves: tuple[Move, ...]) -> set[str]:
    return {move.token for move in moves}


def test_one_trick_the_open_trump_cuts_and_takes_the_last_trick() -> None:
    # 29, hearts open. Seat 2 leads AS, 3 plays 7S, 4 the JS; seat 1 (the caller) has no spade
    # and cuts with 7H: 1 + 3 points and the last-trick point go to the callers: 11 + 5 = 16.
    position = Position(
        game="29",
        hands=hands("7H", "AS", "7S", "JS"),
        caller=1,
        call=Call(CallKind.NUMBER, 16),
        trump=Suit.HEARTS,
        leader=2,
        points=(11, 13),
    )
    solution = solve(position)
    assert solution.value == 16
    assert tokens(solution.best) == {"AS"}


def hidden_last_trick(retro: bool) -> Position:
    # 29, hearts hidden under the caller's 8H, his last card. Seat 2 led AS, seat 3 threw TD;
    # seat 4 holds only QH, a heart, and no spade.
    return Position(
        game="29",
        hands=hands("", "", "", "QH"),
        caller=1,
        call=Call(CallKind.NUMBER, 18),
        trump=Suit.HEARTS,
        face_down=Card.parse("8H"),
        leader=2,
        trick=(Card.parse("AS"), Card.parse("TD")),
        points=(11, 15),
        table=TableRules(retro_trump=retro),
    )


def test_under_retro_trump_a_heart_thrown_before_the_reveal_still_cuts() -> None:
    # The caller's last card opens the trump within the trick; with retro-trump every heart of
    # the trick is a trump, so QH beats 8H whether seat 4 asks or not: the callers stay at 11.
    solution = solve(hidden_last_trick(retro=True))
    assert solution.value == 11
    assert tokens(solution.best) == {"QH", "ask QH"}


def test_without_retro_trump_only_asking_makes_the_queen_a_trump() -> None:
    # Without retro-trump QH thrown while hidden is no trump and 8H takes the trick (1 + 1 + the
    # last-trick point: 14); asking first opens the trump and QH cuts: the callers stay at 11.
    position = hidden_last_trick(retro=False)
    solution = solve(position)
    assert solution.value == 11
    assert tokens(solution.best) == {"ask QH"}
    assert solve(play(position, Move(Card.parse("QH")))).value == 14


def two_tricks_for_honours(call: Call) -> Position:
    # 40, spades open. Seat 1 holds JS and 3S, the only trumps; nobody can follow a spade lead.
    return Position(
        game="40",
        hands=hands("JS 3S", "8C 7C", "9D AD", "QC 8D", "KD KC", "QD 7D"),
        caller=1,
        call=call,
        trump=Suit.SPADES,
        leader=1,
        points=(29, 2),
    )


def test_an_honours_hand_stops_as_soon_as_the_call_is_made() -> None:
    # Seat 1 leads a top trump, partner seat 3 throws 9D into it: 3 + 2 takes the callers from
    # 29 to 34, past Honours (30), and the hand stops there; the last trick counts for nobody.
    honours = solve(two_tricks_for_honours(Call(CallKind.HONOURS, 30)))
    assert honours.value == 34
    assert tokens(honours.best) == {"JS", "3S"}
    # On a 29 call the hand is played out and the callers take both tricks: 29 + 9 = 38.
    assert solve(two_tricks_for_honours(Call(CallKind.NUMBER, 29))).value == 38


def test_a_thani_lost_in_the_last_round_keeps_the_rounds_won_before() -> None:
    # 40 Thani: seat 1 must win every round. JS wins the fifth round (partners 3 and 5 feed AC
    # and TD: 3 + 1 + 1 = 5, 33 + 5 = 38), then 7H loses the sixth to seat 2's 9H and the Thani
    # is lost. Leading 7H first loses at once (33). Seat 2 keeps 9H for that last round.
    position = Position(
        game="40",
        hands=hands("JS 7H", "8C 9H", "AC QC", "7C KD", "TD QD", "8D 7D"),
        caller=1,
        call=THANI,
        trump=None,
        leader=1,
        points=(33, 0),
        special="thani",
    )
    solution = solve(position)
    assert solution.value == 38
    assert tokens(solution.best) == {"JS"}
    assert solve(play(position, Move(Card.parse("7H")))).value == 33


def test_the_28_thani_is_lost_when_the_caller_runs_out_of_his_first_suit_too_soon() -> None:
    # 28 Thani, spades the suit the caller led first. Leading his last spade JS while seat 4
    # keeps a spade after the round loses the Thani at once (22); JH first, then JS, when
    # seat 4 must play his last spade, keeps it: all 28.
    position = Position(
        game="28",
        hands=hands("JS JH", "6C 7C", "8C QC", "7S 8S", "KC 6D", "7D 8D"),
        caller=1,
        call=THANI,
        trump=None,
        leader=1,
        points=(22, 0),
        special="thani",
        starting_suit=Suit.SPADES,
    )
    solution = solve(position)
    assert solution.value == 28
    assert tokens(solution.best) == {"JH"}
    assert solve(play(position, Move(Card.parse("JS")))).value == 22


def test_a_jodi_lost_in_the_last_round_keeps_the_rounds_won_before() -> None:
    # 40 Jodi, hearts open: seat 2's JH takes the last round from the callers, so the Jodi is
    # lost there and the callers keep the 30 points of the rounds before.
    position = Position(
        game="40",
        hands=hands("7S", "JH", "8S", "9S", "TS", "KS"),
        caller=1,
        call=Call(CallKind.NUMBER, 24),
        trump=Suit.HEARTS,
        leader=1,
        points=(30, 0),
        special="jodi",
    )
    assert solve(position).value == 30
    assert solve(replace(position, special=None)).value == 30


def test_three_tricks_every_lead_gives_the_same() -> None:
    # 29, hearts open; seat 1 has the only hearts (JH 9H) and 7S, seat 2 three spades, seat 4
    # three diamonds with points. Whatever seat 1 leads, the defence wins one spade trick with
    # JD fed into it (1 + 3) and the callers take the rest: 10 of the 14 left, 5 + 10 = 15.
    position = Position(
        game="29",
        hands=hands("JH 9H 7S", "AS TS KS", "QC 8C 7C", "JD 9D AD"),
        caller=1,
        call=Call(CallKind.NUMBER, 16),
        trump=Suit.HEARTS,
        leader=1,
        points=(5, 10),
    )
    solution = solve(position)
    assert solution.value == 15
    assert tokens(solution.best) == {"JH", "9H", "7S"}


def test_the_40_caller_who_cannot_follow_shows_and_cuts_with_the_face_down_card() -> None:
    # 40, hearts hidden under 9H: on a club lead the caller, void in clubs, may throw a non-heart
    # or show and cut with 9H itself; never his own JH, which is a hidden-trump discard.
    position = Position(
        game="40",
        hands=hands("8S 7S", "JH 7D", "8C 9S TS", "QC AD 8D", "KC KS QD", "AC AS 7H"),
        caller=2,
        call=Call(CallKind.NUMBER, 22),
        trump=Suit.HEARTS,
        face_down=Card.parse("9H"),
        leader=1,
        trick=(Card.parse("7C"),),
    )
    assert tokens(legal_moves(position)) == {"7D", "show 9H"}
    # In 28 a caller who shows may cut with any trump, and may throw a heart while hidden.
    position_28 = replace(position, game="28")
    assert tokens(legal_moves(position_28)) == {"JH", "7D", "show 9H", "show JH"}


def test_a_player_who_asks_must_cut_when_he_holds_a_trump() -> None:
    # 29, hearts hidden: seat 2, void in spades, may throw either card, or ask and then must
    # play his heart.
    position = Position(
        game="29",
        hands=hands("KD", "QH 8C", "9S 7D", "TS"),
        caller=4,
        call=Call(CallKind.NUMBER, 17),
        trump=Suit.HEARTS,
        face_down=Card.parse("7H"),
        leader=1,
        trick=(Card.parse("AS"),),
    )
    assert tokens(legal_moves(position)) == {"QH", "8C", "ask QH"}


def test_moves_read_and_write_as_tgn_turns() -> None:
    assert Move.parse("ask tc") == Move(Card.parse("TC"), "ask")
    assert Move.parse("show 9H").token == "show 9H"
    assert Move.parse("JS").token == "JS"
