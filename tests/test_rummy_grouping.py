"""Rummy groups, declarations and counts (RUMMY.md §2-§3, §9): each ruling the sources disagree on,
as RUMMY.md settles it, and the words a wrong declaration is described in."""

from __future__ import annotations

import pytest

from recorder.rummy.cards import PRINTED_JOKER, RummyCard
from replay.rummy import (
    Count,
    CountMode,
    Wild,
    count_grouped,
    find_declaration,
    judge_declaration,
    judge_group,
    lowest_count,
)

PRINTED_ONLY = Wild.from_cut(None)
SEVENS = Wild.from_cut(RummyCard.parse("7H"))
ACES = Wild.from_cut(PRINTED_JOKER)


def cards(text: str) -> list[RummyCard]:
    return [RummyCard.parse(code) for code in text.split()]


def groups(text: str) -> list[list[RummyCard]]:
    return [cards(part) for part in text.split("|")]


def codes(grouping: tuple[tuple[RummyCard, ...], ...]) -> list[str]:
    return [" ".join(card.code for card in group) for group in grouping]


# --- Which cards are jokers -------------------------------------------------------------------


def test_the_cut_rank_is_a_joker_in_every_suit_and_counts_nothing() -> None:
    assert Wild(rank="7") == SEVENS
    assert all(SEVENS.is_joker(card) for card in cards("7S 7H 7D 7C PJ"))
    assert not SEVENS.is_joker(RummyCard.parse("AS"))
    assert [SEVENS.points(card) for card in cards("7S PJ AS KD 9C 2H")] == [0, 0, 10, 10, 9, 2]


def test_a_printed_joker_cut_makes_aces_jokers() -> None:
    assert Wild(rank=None, aces=True) == ACES
    assert all(ACES.is_joker(card) for card in cards("AS AH AD AC PJ"))
    assert [ACES.points(card) for card in cards("AS KS 7H")] == [0, 10, 7]
    assert judge_group(cards("5H 6H AS"), ACES) == "impure"
    assert judge_group(cards("5H 6H AS"), SEVENS) == "none"


def test_without_a_joker_line_only_printed_jokers_are_jokers() -> None:
    assert Wild(rank=None) == PRINTED_ONLY
    assert not PRINTED_ONLY.is_joker(RummyCard.parse("AS"))
    assert PRINTED_ONLY.is_joker(PRINTED_JOKER)


# --- One group --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("group", "kind"),
    [
        ("AS 2S 3S", "pure"),
        ("QS KS AS", "pure"),
        ("AS KS QS", "pure"),
        ("KS AS 2S", "none"),
        ("QS KS AS 2S", "none"),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", "pure"),
        ("2S 3S 4S 5S 6S 8S 9S TS JS QS KS AS 7S", "pure"),
        ("KH AH PJ", "impure"),
        ("KH AH 2H PJ", "none"),
        ("2S 3S 5S", "none"),
        ("2S 3H 4S", "none"),
        ("2S 3S", "none"),
    ],
)
def test_sequences_take_the_ace_low_or_high_never_both(group: str, kind: str) -> None:
    assert judge_group(cards(group), PRINTED_ONLY) == kind


@pytest.mark.parametrize(
    ("group", "kind"),
    [
        ("9C 9H 9S", "set"),
        ("9C 9H 9S 9D", "set"),
        ("9C 9H PJ", "set"),
        ("9C 9H PJ PJ", "set"),
        ("9C 9C 9H", "none"),
        ("9C 9C PJ", "none"),
        ("9C 9H 9S 9C", "none"),
        ("9C 9H 9S 9D PJ", "none"),
        ("9C 8H 9S", "none"),
    ],
)
def test_a_set_has_its_natural_cards_in_different_suits_and_at_most_four_cards(
    group: str, kind: str
) -> None:
    assert judge_group(cards(group), PRINTED_ONLY) == kind


@pytest.mark.parametrize(
    ("group", "kind"),
    [
        ("KS KS KS", "thennaali"),
        ("KS KS KS KS", "none"),
        ("7S 7S 7S 7S", "impure"),
        ("KS KS", "none"),
        ("7H 7H 7H", "thennaali"),
    ],
)
def test_a_thennaali_is_exactly_three_identical_cards(group: str, kind: str) -> None:
    assert judge_group(cards(group), SEVENS) == kind


def test_a_joker_rank_card_used_as_itself_keeps_a_sequence_pure() -> None:
    assert judge_group(cards("5H 6H 7H"), SEVENS) == "pure"
    assert judge_group(cards("5D 6D 7D 8D"), SEVENS) == "pure"
    assert judge_group(cards("5H 6H 7S"), SEVENS) == "impure"
    assert judge_group(cards("5H 7S 7H"), SEVENS) == "impure"
    assert judge_group(cards("5H 6H PJ"), SEVENS) == "impure"


def test_joker_rank_cards_alone_read_best_as_an_impure_sequence() -> None:
    assert judge_group(cards("3C 3D 3H"), Wild(rank="3")) == "impure"
    assert judge_group(cards("3C 3D 3H"), PRINTED_ONLY) == "set"
    assert judge_group(cards("7C PJ PJ"), SEVENS) == "impure"


@pytest.mark.parametrize(("joker_group", "kind"), [(False, "none"), (True, "impure")])
def test_a_group_of_printed_jokers_only_needs_joker_group(joker_group: bool, kind: str) -> None:
    assert judge_group(cards("PJ PJ PJ"), SEVENS, joker_group) == kind
    assert judge_group(cards("PJ PJ PJ PJ"), SEVENS, joker_group) == kind
    assert judge_group(cards("PJ PJ"), SEVENS, joker_group) == "none"


# --- A declaration as grouped -----------------------------------------------------------------


def test_the_example_declaration_is_valid() -> None:
    declaration = judge_declaration(groups("AS KS QS | 5D 6D 7D 8D | 9C 9H 9S | 2C 3C 7S"), SEVENS)
    assert declaration.valid
    assert declaration.problem is None
    assert declaration.kinds == ("pure", "pure", "set", "impure")


def test_a_thennaali_is_the_pure_sequence_a_declaration_needs() -> None:
    declaration = judge_declaration(groups("4S 4S 4S | 9D TD PJ | 2C 2H 2S | KC KH KD KS"), SEVENS)
    assert declaration.kinds == ("thennaali", "impure", "set", "set")
    assert declaration.valid


def test_two_thennaalis_are_two_sequences() -> None:
    declaration = judge_declaration(groups("4S 4S 4S | 9D 9D 9D | 2C 2H 2S | KC KH KD KS"), SEVENS)
    assert declaration.valid


@pytest.mark.parametrize(("joker_group", "valid"), [(False, False), (True, True)])
def test_a_group_of_printed_jokers_as_the_second_sequence(joker_group: bool, valid: bool) -> None:
    grouped = groups("AS KS QS | PJ PJ PJ | 9C 9H 9S | 2C 2H 2D 2S")
    declaration = judge_declaration(grouped, SEVENS, joker_group)
    assert declaration.valid is valid
    assert declaration.kinds[1] == ("impure" if joker_group else "none")


@pytest.mark.parametrize(("joker_group", "points"), [(False, 51), (True, 24)])
def test_a_group_of_printed_jokers_in_a_count(joker_group: bool, points: int) -> None:
    grouped = groups("AS KS QS | PJ PJ PJ | 9C 9H 9S | 2C 8S 4D TH")
    assert count_grouped(grouped, SEVENS, "life", joker_group).points == points


@pytest.mark.parametrize(
    ("grouped", "problem"),
    [
        (
            "AS KS QS JS TS 9S 8S | 5D 5H 5C | 9C 9H 9D",
            "one sequence only: AS KS QS JS TS 9S 8S; 5D 5H 5C and 9C 9H 9D are sets",
        ),
        (
            "AS KS QS | 5D 5H 5C | 9C 9H 9S | 2D 2H 2C 2S",
            "one sequence only: AS KS QS; 5D 5H 5C, 9C 9H 9S and 2D 2H 2C 2S are sets",
        ),
        (
            "AS KS QS JS TS 9S 8S 6S 5S 4S 3S 2S 7S",
            "one sequence only: AS KS QS JS TS 9S 8S 6S 5S 4S 3S 2S 7S",
        ),
        (
            "AS KS QS JS TS 9S 8S 6S 5S 4S 3S 2S KH",
            "AS KS QS JS TS 9S 8S 6S 5S 4S 3S 2S KH is no group, and no sequence",
        ),
        ("AH KH QH | 5D 6D 7D | 9C 9H 9S 9D | KS 4D 9C", "KS 4D 9C is no group"),
        (
            "AH KH QH | 5D 6D 7D | KS 4D 9C | 2H 5S 8C TH",
            "KS 4D 9C and 2H 5S 8C TH are no groups",
        ),
        (
            "2C 3C PJ | 5H 7H PJ | 9C 9H 9S | KC KD KS KH",
            "no pure sequence: 2C 3C PJ and 5H 7H PJ are impure",
        ),
        (
            "2C 3C PJ | 5H 5S 5D | 9C 9H 9S | KC KD KS KH",
            "no pure sequence and one sequence only: 2C 3C PJ is impure; "
            "5H 5S 5D, 9C 9H 9S and KC KD KS KH are sets",
        ),
        (
            "5H 5S 5D | 9C 9H 9S | KC KD KS KH | 2C 2D 2H",
            "no sequence: 5H 5S 5D, 9C 9H 9S, KC KD KS KH and 2C 2D 2H are sets",
        ),
        ("AS KS QS | 5D 6D 7D | 9C 9H 9S", "9 cards, not 13"),
        (
            "AS KS QS | 5D 5H 5C | 9C 9H 9S | KS 4D 9C 2H",
            "KS 4D 9C 2H is no group, and one sequence only: AS KS QS; "
            "5D 5H 5C and 9C 9H 9S are sets",
        ),
    ],
)
def test_a_wrong_declaration_says_what_it_lacks(grouped: str, problem: str | None) -> None:
    declaration = judge_declaration(groups(grouped), SEVENS)
    assert declaration.problem == problem
    assert declaration.valid is (problem is None)


# --- Finding a declaration --------------------------------------------------------------------


def test_the_search_finds_the_example_declaration_from_the_cards_alone() -> None:
    found = find_declaration(cards("2C 9H 8D 3C AS 5D 9S 7S QS 6D 7D KS 9C"), SEVENS)
    assert found is not None and found.valid
    assert codes(found.groups) == ["QS KS AS", "5D 6D 7D 8D", "2C 3C 7S", "9S 9H 9C"]
    assert found.kinds == ("pure", "pure", "impure", "set")


def test_the_search_finds_no_declaration_where_there_is_none() -> None:
    assert find_declaration(cards("TS JS QS 8C 8H PJ 2H 3H 4H 6S 6C AC AD"), SEVENS) is None
    assert find_declaration(cards("AS KS QS 5D 6D 7D 8D 9C 9H 9S 2C 3C"), SEVENS) is None


def test_the_search_puts_spare_jokers_where_they_fit() -> None:
    found = find_declaration(cards("AS 2S 3S 5D 6D PJ PJ 9C 9H 9S PJ 7C 7S"), SEVENS)
    assert found is not None and found.valid
    assert sorted(card.code for group in found.groups for card in group) == sorted(
        card.code for card in cards("AS 2S 3S 5D 6D PJ PJ 9C 9H 9S PJ 7C 7S")
    )


def test_a_thennaali_counts_as_pure_when_searched() -> None:
    found = find_declaration(cards("4S 4S 4S 9D TD 2C 2H 2S KC KH KD KS PJ"), PRINTED_ONLY)
    assert found is not None
    assert found.kinds == ("thennaali", "impure", "set", "set")


# --- The count --------------------------------------------------------------------------------

ONE_PURE = "AS KS QS | 5D 5H 5C | 9C 9H 9S | 2C 8S 4D TH"


@pytest.mark.parametrize(("mode", "points"), [("life", 66), ("literal", 24)])
def test_a_loser_with_a_pure_sequence_but_no_second_sequence(mode: CountMode, points: int) -> None:
    counted = count_grouped(groups(ONE_PURE), SEVENS, mode)
    assert counted.points == points
    lowest = lowest_count(cards(ONE_PURE.replace("|", "")), SEVENS, mode)
    assert lowest.points == points


@pytest.mark.parametrize(("mode", "points"), [("life", 86), ("literal", 24)])
def test_a_loser_without_a_pure_sequence(mode: CountMode, points: int) -> None:
    grouped = "AS KS PJ | 5D 5H 5C | 9C 9H 9S | 2C 8S 4D TH"
    assert count_grouped(groups(grouped), SEVENS, mode).points == points


def test_two_sequences_leave_out_sets_too() -> None:
    grouped = "AS KS QS | 2C 3C PJ | 9C 9H 9S | 8S 4D TH"
    assert count_grouped(groups(grouped), SEVENS).points == 22
    assert lowest_count(cards(grouped.replace("|", "")), SEVENS).points == 22


def test_the_example_counts() -> None:
    anu = count_grouped(groups("2D 3D 4D | 9H TH JH | KC KH KS | QC 8S 5H 5C"), SEVENS)
    assert anu.points == 28
    assert anu.kinds == ("pure", "pure", "set", "none")
    modes: tuple[CountMode, ...] = ("life", "literal")
    for mode in modes:
        deepu = lowest_count(cards("TS JS QS 8C 8H PJ 2H 3H 4H 6S 6C AC AD"), SEVENS, mode)
        assert deepu.points == 28
        assert set(codes(deepu.groups)) == {"TS JS QS", "2H 3H 4H", "AD AC PJ", "6S 8H 6C 8C"}
        assert deepu.kinds == ("pure", "pure", "set", "none")


def test_jokers_count_nothing_even_loose() -> None:
    assert count_grouped(groups("7S PJ AS 2H"), SEVENS).points == 10 + 2
    assert count_grouped(groups("7S PJ AS 2H"), ACES).points == 7 + 2


def test_the_lowest_count_with_no_pure_sequence_is_every_card() -> None:
    hand = cards("2C 5C 9C KD 4D 8H JH 3S 6S TS QS 4C 8D")
    assert lowest_count(hand, SEVENS) == Count(
        points=2 + 5 + 9 + 10 + 4 + 8 + 10 + 3 + 6 + 10 + 10 + 4 + 8,
        groups=(tuple(sorted(hand, key=lambda card: card.index)),),
        kinds=("none",),
    )


def test_a_valid_declaration_counts_nothing() -> None:
    hand = cards("AS KS QS 5D 6D 7D 8D 9C 9H 9S 2C 3C 7S")
    assert lowest_count(hand, SEVENS).points == 0
    assert lowest_count(hand, SEVENS, "literal").points == 0
