"""One turn step of a Rummy deal on the Replay page, once the game is loaded: the page's rerun
under Streamlit's AppTest (what a click or an arrow key costs the server) and the pure builders
alone (the table at the step, the hands laid out, the outcomes, the findings, the HTML). Each is
printed as wall-clock time and as the process's processor time (which other work on a busy
machine does not inflate). The page keeps the laid-out hands of a deal between reruns; the
builders' figure lays them out at every step.

The game is generated here: 30 deals at a table of 7, each with deal lines, a turn log of 6
rounds (draws from the deck and the pile, written with their cards), a declaration and six shown
hands written without groups (the judge lays them out at their lowest). Aim: under 150 ms a step.
Run with ``python -m benchmarks rummy_deal`` (or ``make bench``).
"""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from dashboard.library import load
from dashboard.views.rummy.deal import (
    deal_findings,
    deal_steps,
    deal_table,
    laid_hands,
    outcomes_table,
)
from dashboard.views.rummy.table import deal_table_html, laid_hands_html
from recorder.rummy.cards import PRINTED_JOKER, RUMMY_CARDS, RummyCard

DEALS = 30
PLAYERS = 7
ROUNDS = 6
PACKS = 3
CLICKS = 30
NAMES = ["Anu", "Babu", "Cini", "Deepu", "Eapen", "Fathima", "Gopan"]
APP = Path(__file__).resolve().parent.parent / "dashboard" / "app.py"


def _codes(cards: list[RummyCard]) -> str:
    return " ".join(card.code for card in cards)


def _deal_text(number: int, rng: random.Random) -> list[str]:
    """One deal: the cut, the open card, 13 cards to each seat, the turns, the outcome lines."""
    deck = [*RUMMY_CARDS[:52]] * PACKS + [PRINTED_JOKER] * (2 * PACKS)
    rng.shuffle(deck)
    joker, open_card = deck.pop(), deck.pop()
    hands = {seat: [deck.pop() for _ in range(13)] for seat in range(1, PLAYERS + 1)}
    lines = [f'[Hand "{number}"]']
    if number == 1:
        lines.append(f'[Dealer "{PLAYERS}"]')
    lines += [f"joker {joker.code}", f"open {open_card.code}"]
    lines += [f"deal {seat}: {_codes(cards)}" for seat, cards in hands.items()]
    pile = [open_card]
    turns: list[str] = []
    order = [*range(1, PLAYERS + 1)] * ROUNDS
    for place, seat in enumerate(order):
        hand = hands[seat]
        if pile and rng.random() < 0.3:
            drawn, source = pile.pop(), ""
        else:
            drawn = deck.pop()
            source = f"c{drawn.code}"
        hand.append(drawn)
        if place == len(order) - 1:
            turns.append(f"{seat}:{source or drawn.code}>declare")
            break
        thrown = hand.pop(rng.randrange(len(hand)))
        pile.append(thrown)
        turns.append(f"{seat}:{source or drawn.code}>{thrown.code}")
    lines.append("turns " + " ".join(turns))
    declarer = order[-1]
    cards = hands[declarer]
    groups = [cards[0:3], cards[3:6], cards[6:9], cards[9:13]]
    lines.append(f"declare {declarer}: {' | '.join(_codes(g) for g in groups)} / {cards[13].code}")
    lines += [f"show {seat}: {_codes(hands[seat])}" for seat in hands if seat != declarer]
    return [*lines, ""]


def generated_game(seed: int = 7) -> str:
    """A Rummy game of ``DEALS`` deals at ``PLAYERS`` seats, each with a turn log."""
    rng = random.Random(seed)
    lines = [
        '[Game "rummy"]',
        f'[Players "{", ".join(NAMES[:PLAYERS])}"]',
        '[Event "Benchmark"]',
        '[Rules "limit=100000"]',
        "",
    ]
    for number in range(1, DEALS + 1):
        lines += _deal_text(number, rng)
    return "\n".join(lines)


Times = list[tuple[float, float]]
"""Per step: (wall-clock, processor) milliseconds."""


def _clock() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


def _since(started: tuple[float, float]) -> tuple[float, float]:
    wall, cpu = _clock()
    return (wall - started[0]) * 1000, (cpu - started[1]) * 1000


def _figures(name: str, times: Times) -> None:
    for which, values in (("wall", [t[0] for t in times]), ("cpu", [t[1] for t in times])):
        ordered = sorted(values)
        p90 = ordered[int(len(ordered) * 0.9)]
        print(
            f"   {name}, {which}: median {statistics.median(ordered):.1f} ms, "
            f"p90 {p90:.1f} ms, slowest {ordered[-1]:.1f} ms ({len(ordered)} steps)"
        )


def builder_times(text: str, viewer: int | None) -> Times:
    """The pure builders' time for every step of every deal seen by ``viewer`` (``None``:
    everyone), in milliseconds."""
    session = load("bench.tgn", "bench.tgn", text.encode())
    game, record = session.rummy, session.record
    assert game is not None and record is not None
    times = []
    for index in range(len(record.hands)):
        steps = deal_steps(game, index)
        for step in range(len(steps)):
            started = _clock()
            table = deal_table(record, game, index, step, viewer)
            deal_table_html(table)
            if viewer is None or step == len(steps) - 1:
                laid_hands_html(laid_hands(record, game, index, viewer), table.wild)
                outcomes_table(record, game, index)
            deal_findings(record, game, index, viewer)
            times.append(_since(started))
    return times


def rerun_times(text: str) -> Times:
    """The Replay page's rerun after each click on *Next* through a deal, in milliseconds."""
    from streamlit.testing.v1 import AppTest

    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        data.mkdir()
        (data / "bench.tgn").write_text(text)
        os.environ["THURUPPU_DATA"] = str(data)
        os.environ["THURUPPU_DB"] = str(Path(folder) / "none.sqlite")
        os.environ["THURUPPU_CACHE"] = str(Path(folder) / "cache")
        app = AppTest.from_file(str(APP), default_timeout=120).run()
        app.query_params.update({"session": "bench.tgn", "hand": "12", "step": "0"})
        app.switch_page("screens/replay.py").run()
        times = []
        for _ in range(CLICKS):
            button = app.button(key="step-next-card")
            started = _clock()
            button.click().run()
            times.append(_since(started))
        assert not app.exception, [e.value for e in app.exception]
        return times


def main() -> None:
    text = generated_game()
    print(f"   a generated game of {DEALS} deals, {PLAYERS} players, {ROUNDS} rounds of turns")
    _figures("pure builders, one step (referee)", builder_times(text, None))
    _figures("pure builders, one step (seen by seat 3)", builder_times(text, 3))
    _figures("Replay page rerun after Next (AppTest)", rerun_times(text))


if __name__ == "__main__":
    main()
