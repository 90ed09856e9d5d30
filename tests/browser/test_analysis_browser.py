"""The coaching analysis in a real headless Chromium, on the bundled sessions: a card's cost, label
and better moves at its Replay step, and one player's mistakes table and chart on Coaching."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest
from playwright.sync_api import Page, expect

from dashboard.library import load
from dashboard.views.tricks.analysis import card_steps, choice_label, move_label
from replay.solver import CardJudgement, HandAnalysis, analyse_replayed
from replay.solver.coaching import KINDS, AnalysedHand, player_mistakes
from replay.tricks import HandReplay, replay_hand
from tests.browser.conftest import REPOSITORY, screenshot, serve_dashboard
from tests.browser.test_dashboard_browser import draw_chart, open_page, settle
from tests.tables import table_of

pytestmark = pytest.mark.browser

SOLVING_MS = 60_000  # a hand takes seconds to solve, more on a loaded machine
DATA = REPOSITORY / "data"
RUBBER = "rubber-29.tgn"  # its first hand is solved in about a second
EXAMPLE = "tgn-example-40.tgn"  # the TGN.md §8 hand, the only one Anil plays
COACHED = "Anil"


@pytest.fixture(scope="module")
def bundled_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a dashboard serving a copy of the bundled ``data/`` sessions (no archive)."""
    with serve_dashboard(DATA, tmp_path_factory.mktemp("bundled")) as url:
        yield url


@cache
def solved(name: str) -> tuple[HandReplay, HandAnalysis, str | None]:
    """The first hand of a bundled session replayed and solved here, and its caller's name: what
    the page must show, worked out without the page."""
    path = DATA / name
    session = load(name, name, path.read_bytes())
    assert session.record is not None
    hand = replay_hand(session.record, 0)
    analysis = analyse_replayed(session.record, hand)
    caller = session.record.player(analysis.caller) if analysis.caller else None
    return hand, analysis, caller


def headline(card: CardJudgement) -> str:
    """The start of the verdict on a card: the move and its cost."""
    return f"{move_label(card.move)}: " + (f"cost {card.cost}" if card.cost else "a best move")


def test_analysing_a_hand_shows_each_cards_cost_at_its_step(screen: Page, bundled_url: str) -> None:
    hand, analysis, _ = solved(RUBBER)
    at = card_steps(hand.steps or [])
    by_step = {at[(card.trick, card.seat)]: card for card in analysis.cards}
    costly = [(step, card) for step, card in by_step.items() if card.cost and step + 1 in by_step]
    step, worst = max(costly, key=lambda pair: pair[1].cost)
    following = by_step[step + 1]

    open_page(screen, bundled_url, f"replay?session={RUBBER}&hand=1&step={step}", ".tp-wrap")
    verdict = screen.get_by_test_id("stAlert").filter(has_text=f"{worst.player},")
    analyse = screen.get_by_role("button", name="Analyse this hand")
    if analyse.count():  # the first tab: nothing is solved before it is asked for
        expect(verdict).to_have_count(0)
        analyse.click()
    else:  # a later tab: the hand the server solved for the first is shown without asking
        expect(verdict).to_have_count(1)
    expect(verdict).to_contain_text(f"{headline(worst)} ({worst.label})", timeout=SOLVING_MS)
    expect(verdict).to_contain_text(f"{worst.value_before} → {worst.value_after}")
    better = ", ".join(move_label(move) for move in worst.best)
    expect(verdict).to_contain_text(f"Better: {better}.")
    coaching = screen.get_by_test_id("stExpander").filter(has_text="Coaching analysis of hand 1")
    expect(coaching.get_by_test_id("stDataFrame")).to_have_count(0)  # no toolbar over the text
    costly_row = coaching.locator(".tp-frame table tbody tr").first
    first = next(card for card in analysis.cards if card.cost)
    expect(costly_row.locator("td").nth(0)).to_have_text(str(at[(first.trick, first.seat)]))
    expect(costly_row.locator("td").nth(2)).to_have_text(first.player)
    verdict.scroll_into_view_if_needed()
    screenshot(screen, "replay-analysis")
    screenshot(screen, "replay-analysis-hand", '[data-testid="stExpander"]')

    screen.locator(".st-key-step-next-card").get_by_role("button").click()  # the verdict follows
    after = screen.get_by_test_id("stAlert").filter(has_text=f"{following.player},")
    expect(after).to_contain_text(headline(following), timeout=SOLVING_MS)
    expect(after).to_contain_text(f"{following.value_before} → {following.value_after}")


def test_the_coaching_page_shows_a_players_mistakes_and_their_chart(
    screen: Page, bundled_url: str
) -> None:
    hand, analysis, caller = solved(EXAMPLE)
    judged = AnalysedHand(EXAMPLE, analysis, caller, hand.result.trump)
    mistakes = player_mistakes([judged], COACHED)
    assert mistakes, "the example's first card is a blunder of Anil's"
    given_away = sum(card.cost for card in analysis.cards if card.player == COACHED)

    open_page(screen, bundled_url, f"coaching?player={COACHED}", "h1")
    analyse = screen.get_by_role("button", name=re.compile(r"^Analyse 1 hand"))
    if analyse.count():  # not yet solved on this server (a later tab shows it without asking)
        analyse.click()
    draw_chart(screen, ".st-key-coaching-figure", SOLVING_MS)
    chart = screen.locator(".js-plotly-plot").first
    chart.wait_for(timeout=SOLVING_MS)
    settle(screen)
    metric = screen.get_by_test_id("stMetric").filter(has_text="Points given away")
    expect(metric.get_by_test_id("stMetricValue")).to_have_text(str(given_away))
    kinds = [kind for kind in KINDS if any(mistake.kind == kind for mistake in mistakes)]
    expect(chart.locator(".barlayer .trace")).to_have_count(len(kinds))
    expect(chart.locator(".legendtext")).to_have_text(kinds)
    expect(screen.get_by_test_id("stDataFrame")).to_have_count(0)  # no toolbar over the text
    first = table_of(screen, "Played", "Label").iloc[0]  # every column, at both sizes
    expected = [choice_label(mistakes[0].played), EXAMPLE, mistakes[0].hand, mistakes[0].trick]
    assert list(first[["Played", "Session", "Hand", "Trick"]]) == [str(v) for v in expected]
    assert first["Kind"] == mistakes[0].kind
    table = screen.locator(".tp-frame").filter(has_text="referee's view")  # the decisions' links
    expect(table.locator("tbody tr")).to_have_count(len(mistakes))
    screenshot(screen, "coaching")
    chart.scroll_into_view_if_needed()
    screenshot(screen, "coaching-chart")
    table.scroll_into_view_if_needed()
    screenshot(screen, "coaching-mistakes")
