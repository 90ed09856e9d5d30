"""The grouping search agrees with a slow brute force (``tests/rummy_brute.py``) on random hands:
one, two and three packs, any cut card, many jokers, hands crowded into a few suits and ranks.
Whether a valid declaration exists, and the lowest count under ``count=life`` and
``count=literal``; and what the search returns holds the hand's cards and scores as it says."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from recorder.rummy.cards import PRINTED_JOKER, RUMMY_CARDS, RUMMY_RANKS, RummyCard
from replay.rummy import CountMode, Wild, count_grouped, find_declaration, judge_group, lowest_count
from tests.rummy_brute import BruteResult, brute_force


@dataclass(frozen=True)
class Deal:
    """A random 13-card hand, the deal's jokers and the ``joker-group`` rule."""

    cards: list[RummyCard]
    wild: Wild
    joker_group: bool


def _cut(draw: st.DrawFn, cards: list[RummyCard]) -> Wild:
    """The deal's jokers: no joker line, a printed joker cut, one of the hand's own ranks or any."""
    cut = draw(
        st.one_of(
            st.none(),
            st.just(PRINTED_JOKER),
            st.sampled_from(cards),
            st.sampled_from(RUMMY_CARDS[:52]),
        )
    )
    return Wild.from_cut(cut)


def _deck(packs: int) -> list[RummyCard]:
    return [*RUMMY_CARDS[:52]] * packs + [PRINTED_JOKER] * (2 * packs)


@st.composite
def table_deals(draw: st.DrawFn) -> Deal:
    """A hand as dealt at a table from 2 or 3 packs with their printed jokers."""
    deck = _deck(draw(st.integers(2, 3)))
    chosen = draw(
        st.lists(st.sampled_from(range(len(deck))), unique=True, min_size=13, max_size=13)
    )
    cards = [deck[at] for at in chosen]
    return Deal(cards=cards, wild=_cut(draw, cards), joker_group=draw(st.booleans()))


@st.composite
def crowded_deals(draw: st.DrawFn) -> Deal:
    """A hand from 1-3 packs crowded into a few suits and a window of ranks (so that it makes
    many groups, or many jokers), and cut so that its own cards may be jokers."""
    deck = _deck(draw(st.integers(1, 3)))
    suits = draw(st.sets(st.sampled_from("SHDC"), min_size=1))
    low, width = draw(st.integers(0, 12)), draw(st.integers(3, 13))
    ranks = {RUMMY_RANKS[(low + step) % 13] for step in range(width)}
    near = [
        at
        for at, card in enumerate(deck)
        if card.suit is None or (card.suit in suits and card.rank in ranks)
    ]
    crowded = draw(st.lists(st.sampled_from(near), unique=True, max_size=13))
    taken = set(crowded)
    others = [at for at in range(len(deck)) if at not in taken]
    rest = draw(
        st.lists(
            st.sampled_from(others),
            unique=True,
            min_size=13 - len(crowded),
            max_size=13 - len(crowded),
        )
    )
    cards = [deck[at] for at in crowded + rest]
    return Deal(cards=cards, wild=_cut(draw, cards), joker_group=draw(st.booleans()))


@cache
def brute_force_of(cards: tuple[RummyCard, ...], wild: Wild, joker_group: bool) -> BruteResult:
    """The brute force, once per hand (the strategy draws some hands again and again)."""
    return brute_force(cards, wild, joker_group)


def held(groups: tuple[tuple[RummyCard, ...], ...]) -> Counter[RummyCard]:
    return Counter(card for group in groups for card in group)


def check_against_brute_force(deal: Deal) -> None:
    """The search's answers for `deal` are the brute force's, and hold together."""
    hand = tuple(sorted(deal.cards, key=lambda card: card.index))
    expected = brute_force_of(hand, deal.wild, deal.joker_group)
    found = find_declaration(deal.cards, deal.wild, deal.joker_group)
    assert (found is not None) is expected.valid
    if found is not None:
        assert found.valid
        assert held(found.groups) == Counter(deal.cards)
    expected_points: dict[CountMode, int] = {"life": expected.life, "literal": expected.literal}
    for mode, points in expected_points.items():
        lowest = lowest_count(deal.cards, deal.wild, mode, deal.joker_group)
        assert lowest.points == points
        assert held(lowest.groups) == Counter(deal.cards)
        again = count_grouped(lowest.groups, deal.wild, mode, deal.joker_group)
        assert again.points == points
        grouped = [kind for kind in lowest.kinds if kind != "none"]
        assert grouped == [
            judge_group(group, deal.wild, deal.joker_group)
            for group, kind in zip(lowest.groups, lowest.kinds, strict=True)
            if kind != "none"
        ]


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table_deals())
def test_the_search_agrees_with_the_brute_force_on_dealt_hands(deal: Deal) -> None:
    check_against_brute_force(deal)


@settings(max_examples=700, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(crowded_deals())
def test_the_search_agrees_with_the_brute_force_on_crowded_hands(deal: Deal) -> None:
    check_against_brute_force(deal)
