"""The Rummy score sheet's speed on a generated table of 30 deals and 7 players (players going out
and re-entering): replaying the game, building the sheet, drawing it as HTML, building and
serializing the totals chart, and the Scores page's whole script run under Streamlit's AppTest
once the session is loaded (as when the user opens the page or changes a widget on it). Prints
the median of several runs of each. Run with ``python -m benchmarks rummy_sheet``
(or ``make bench``).
"""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import streamlit as st
from streamlit.testing.v1 import AppTest

from dashboard.charts.rummy import totals_figure
from dashboard.state import DATA_ENVIRONMENT
from dashboard.views.rummy.sheet import build_sheet, sheet_html
from recorder.archive import ARCHIVE_ENV
from recorder.rummy.cards import PRINTED_JOKER, RUMMY_CARDS
from recorder.tgn import loads
from replay.rummy import replay_rummy

DEALS, PLAYERS, RUNS = 30, 7, 20
LIMIT = 800
"""Above the house 250: a loser pays at least 25 a deal, so at 250 seven players are all out
within ten deals or so; at 800 the table lasts 30 deals with players out and back."""
NAMES = ["Anu", "Babu", "Cini", "Deepu", "Eapen", "Fathima", "Gopan"]
#: A valid declaration when sevens are jokers (RUMMY.md §9); the cut card of every deal is 7H.
DECLARATION = "AS KS QS | 5D 6D 7D 8D | 9C 9H 9S | 2C 3C 7S / KD"
APP = Path(__file__).resolve().parent.parent / "dashboard" / "app.py"


def _loser(rng: random.Random, seat: int) -> str:
    """A losing seat's line: a drop, a middle drop, an entered count or 13 cards shown."""
    roll = rng.random()
    if roll < 0.35:
        return f"drop {seat}"
    if roll < 0.45:
        return f"drop {seat} middle"
    if roll < 0.75:
        return f"count {seat}: {rng.randint(2, 60)}"
    deck = [*RUMMY_CARDS[:52]] * 3 + [PRINTED_JOKER] * 6
    return f"show {seat}: " + " ".join(card.code for card in rng.sample(deck, 13))


def generated_table(deals: int = DEALS, seed: int = 1, limit: int = LIMIT) -> str:
    """A Rummy table of ``deals`` deals and seven players: a declaration and the others' lines
    each deal, and a re-entry whenever a player is out and may come back (the engine, asked
    after every deal, says who is out)."""
    rng = random.Random(seed)
    text = f'[Game "rummy"]\n[Players "{", ".join(NAMES[:PLAYERS])}"]\n[Rules "limit={limit}"]\n'
    for number in range(1, deals + 1):
        game = replay_rummy(loads(text)) if number > 1 else None
        if game is not None and game.winner:
            break  # one player left: the table is over
        out = set(game.deals[-1].out) if game else set()
        lines = [f'[Hand "{number}"]'] + (['[Dealer "7"]'] if number == 1 else [])
        back = [n for n in NAMES if n in out and game and game.rejoins.get(n, 0) < 2]
        if back and len(out) < PLAYERS - 1 and rng.random() < 0.7:
            seat = NAMES.index(back[0]) + 1
            lines.append(f"rejoin {seat}")
            out.discard(back[0])
        lines.append("joker 7H")
        seats = [NAMES.index(name) + 1 for name in NAMES[:PLAYERS] if name not in out]
        winner = rng.choice(seats)
        lines.append(f"declare {winner}: {DECLARATION}")
        lines += [_loser(rng, seat) for seat in seats if seat != winner]
        text += "\n" + "\n".join(lines) + "\n"
    return text


def median_ms(work: Callable[[], object], runs: int = RUNS) -> float:
    """The median wall time of ``work`` over ``runs`` runs, in milliseconds."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def page_time(text: str, runs: int = 5) -> float:
    """The Scores page's script run on the table, once the app has loaded the session (its
    first page, Sessions, reads and replays every file): the median of ``runs``, in ms."""
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        data.mkdir()
        (data / "table.tgn").write_text(text, encoding="utf-8")
        saved = {key: os.environ.get(key) for key in (DATA_ENVIRONMENT, ARCHIVE_ENV)}
        os.environ[DATA_ENVIRONMENT] = str(data)
        os.environ[ARCHIVE_ENV] = str(Path(folder) / "none.sqlite")
        try:
            st.cache_resource.clear()
            st.cache_data.clear()
            app = AppTest.from_file(str(APP), default_timeout=120)
            app.run()
            app.query_params["session"] = "table.tgn"
            app.switch_page("screens/scores.py").run()
            assert not app.exception and any("rs-sheet" in h.proto.body for h in app.get("html"))
            return median_ms(app.run, runs)
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value


def main() -> None:
    text = generated_table()
    game = replay_rummy(loads(text))
    sheet = build_sheet(game)
    rejoins = sum(game.rejoins.values())
    outs = sum(cell.went_out for row in sheet.rows for cell in row.cells)
    print(
        f"   a table of {len(game.deals)} deals, {PLAYERS} players: {outs} times out, "
        f"{rejoins} re-entries, {len(game.findings)} findings, "
        f"{'won by ' + game.winner if game.winner else 'unfinished'}"
    )
    figures = {
        "replay (read and replay the file)": lambda: replay_rummy(loads(text)),
        "build the sheet": lambda: build_sheet(game),
        "draw the sheet (HTML)": lambda: sheet_html(sheet),
        "build the totals chart": lambda: totals_figure(sheet),
        "build and serialize the chart": lambda: totals_figure(sheet).to_json(),
    }
    for name, work in figures.items():
        print(f"   {name}: median {median_ms(work):.1f} ms ({RUNS} runs)")
    print(f"   Scores page script run (AppTest, session loaded): median {page_time(text):.0f} ms")


if __name__ == "__main__":
    main()
