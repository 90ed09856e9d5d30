"""One server holding a tournament day: scorers recording 28 matches on the Record page while
spectators watch the projector, the standings and the tables on Replay, every tap at once.

Each table is a scorer who replays a match of the bundled tournament (``data/tournament``) tap by
tap: every call, the face-down card and every card with its seat (and its ``ask``/``show``), the
next hand's button between hands. On a checkout with the Record page's tap pad a tap is a ``POST
/_tap`` timed until it is acknowledged, then the page run again as the pad asks (timed apart);
before it, a tap was the button's rerun message, timed until the page was drawn again with the new
event (the light clients of ``benchmarks.live_clients``: the server does what a real tab costs it,
the benchmark draws nothing). After the loads, one real scorer in Chromium at 390 px times the
pad's local echo of a hand's taps (``$THURUPPU_LIVE_ECHO=0`` skips it). Spectators are of three
kinds in turn: the projector view of the tables' event, which asks for its redraw every 5 s; the
event's standings on the Tournament page and one table's session on the Replay page, each a phone
whose page is run again every 5 s (a refresh as often as the projector redraws: the heavier case).
The server's CPU time and memory are read from ``/proc`` every second. The archive is a SQLite file
holding the bundled tournament.

Printed for each load (tables, spectators): taps, tap median / p95 / max, the tap's median and the
server's CPU per tap over the first and the last tenth of the taps (a tap's cost flat in the number
recorded), each kind of spectator's redraw median / p95 and its median at the start and the end,
and how fresh it is (its period, plus the time the server shares that view once built, plus a
redraw), server memory start -> end (and peak), the archive's event count against the taps
acknowledged (nothing lost or doubled), and the machine's load average. Loads:
``$THURUPPU_LIVE_LOADS`` as ``tables:spectators:hands:pace`` items separated by commas (pace in
seconds between a table's taps, ``0`` for as fast as the page answers, ``3-5`` for a table's pace),
else the default below.
``$THURUPPU_LIVE_CHECKOUT`` names another checkout of the project whose server is measured instead
(the same interpreter and compiled modules), so that before and after can be measured in turn in the
same minutes.
"""

from __future__ import annotations

import asyncio
import inspect
import itertools
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass, field, replace
from pathlib import Path

from benchmarks import live_browser
from benchmarks.live_clients import Client, Drawn, TapSender, chosen_option, timed, trigger
from dashboard.library import ARCHIVE_PREFIX
from recorder.archive import ARCHIVE_ENV, HandStarted, open_archive
from recorder.model import Tag
from tests.browser.conftest import free_port

REPOSITORY = Path(__file__).resolve().parent.parent
TOURNAMENT = REPOSITORY / "data" / "tournament"
MATCH = TOURNAMENT / "group-a-round-1-tuskers-theyyams.tgn"
EVENT = "Load day"
LOADS_ENV = "THURUPPU_LIVE_LOADS"
CHECKOUT_ENV = "THURUPPU_LIVE_CHECKOUT"
CAP_ENV = "THURUPPU_LIVE_CAP"
"""Seconds after which the tables stop, for a server that stalls: what they reached is reported."""
DEFAULT_LOADS = "1:0:1:0,4:20:1:0,20:100:1:3-5"
"""A hand a table: short enough for ``make bench``; longer runs are named in the variable."""
ECHO_ENV = "THURUPPU_LIVE_ECHO"
"""``0``: skip the local echo measured in Chromium."""
BROWSER_ENV = "THURUPPU_LIVE_BROWSER"
"""``0``: every table tapped by a light client (else, on a checkout with the tap pad and with
Chromium at hand, the first table of a load of several is a scorer in Chromium)."""
PROJECTOR_SECONDS = 5
PHONE_SECONDS = 5
"""How often a phone on the standings or a Replay is refreshed: as often as the projector, the
heavier case."""
SHARED = re.compile(r"^SHARED_SECONDS = (\d+)", re.MULTILINE)
"""How long the served checkout's projector panels, once built, serve every projector
(``dashboard/screens/tournament.py``; none in a checkout without it)."""
STANDINGS_SHARED = re.compile(r"^def shared_view\(", re.MULTILINE)
"""A checkout whose standings are shared as its projector panels are (``shared_view``)."""
TOGGLES = re.compile(r'kind: Literal\["actions"\]')
"""The event that keeps a toggled action (``ask``) in the log, in a checkout that has it
(``recorder/archive/events.py``): there a turn with an action logs the toggle, then the turn."""
TAP_ROUTE = Path("dashboard") / "server" / "tap_route.py"
"""The HTTP door of the Record page's tap pad, in a checkout that has it: there a scorer's taps go
by ``POST /_tap`` (a tap timed from sending it to its answer), the page run again once held."""
TURN = re.compile(r"(\d):(?:(ask|show) )?(\w\w)")
TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Step:
    """One tap of a scorer: its kind, the seat chosen (0: the preselected one), the action before
    the card, the button's token and the events the tap logs."""

    kind: str
    seat: int = 0
    action: str = ""
    token: str = ""
    logs: int = 1


def match_steps(text: str, hands: int) -> list[Step]:
    """The taps recording the first ``hands`` hands of a 28 match's TGN text."""
    steps: list[Step] = []
    for number, hand in enumerate(text.split("[Hand ")[1 : hands + 1]):
        if number:
            steps.append(Step("next", logs=2))  # the hand's end, then the next hand
        for line in hand.splitlines():
            if line.startswith("bid "):
                for seat, call in (token.split(":") for token in line.split()[1:]):
                    steps.append(Step("call", int(seat), token=call))
            elif line.startswith("trump "):
                steps.append(Step("trump", token=line.split()[1]))
            elif re.match(r"\d+\. ", line):
                steps += [Step("turn", int(s), a, c) for s, a, c in TURN.findall(line)]
    return steps


def key_starting(drawn: Drawn, prefix: str) -> str:
    """The key of the widget whose key starts with ``prefix`` (its key may carry a number)."""
    return next(key for key in drawn.widgets if key == prefix or key.startswith(prefix + "-"))


def tap_states(drawn: Drawn, step: Step) -> list[object]:
    """What the browser sends for this tap: the widgets it reads, then the button's trigger."""
    if step.kind == "next":
        return [trigger(drawn, "rec-next-hand")]
    if step.kind == "trump":
        return [trigger(drawn, f"rec-trump-{step.token}")]
    states = [chosen_option(drawn, key_starting(drawn, "rec-seat"), step.seat)]
    if step.kind == "call":
        return [*states, trigger(drawn, f"rec-call-{step.token}")]
    if step.action:
        states.append(chosen_option(drawn, key_starting(drawn, "rec-action"), step.action))
    return [*states, trigger(drawn, f"rec-grid-{step.token}")]


@dataclass
class Figures:
    """What one load measured."""

    taps: list[tuple[float, float]] = field(default_factory=list)  # (time done, seconds)
    redraws: list[tuple[str, float, float]] = field(default_factory=list)  # view, time, seconds
    resources: list[tuple[float, float, float]] = field(default_factory=list)  # time, CPU s, MB
    wrong: list[str] = field(default_factory=list)
    acknowledged: dict[int, int] = field(default_factory=dict)  # session id: taps recorded
    buttons: list[float] = field(default_factory=list)  # the next hand's button, by websocket
    capped: float = 0.0  # the seconds after which the tables were stopped, if they were
    browser: live_browser.BrowserTimes | None = None  # the Chromium scorer's table, if one


async def scorer(
    url: str, session_id: int, steps: list[Step], pace: tuple[float, float], figures: Figures
) -> None:
    client = Client(url, "record", f"session={session_id}")
    drawn = await client.open()
    figures.acknowledged[session_id] = 0
    try:
        for step in steps:
            await asyncio.sleep(random.uniform(*pace))
            try:
                before, _, _ = drawn.status()
            except RuntimeError as error:  # the page drew no recording: this table stops
                figures.wrong.append(f"session {session_id}: {str(error)[-300:]}")
                return
            seconds, drawn = await timed(client.run(tap_states(drawn, step)))  # type: ignore[arg-type]
            try:
                after, _, _ = drawn.status()
            except RuntimeError as error:
                figures.wrong.append(f"session {session_id}: {str(error)[-300:]}")
                return
            figures.taps.append((time.perf_counter(), seconds))
            if after != before + step.logs:
                figures.wrong.append(f"session {session_id}: {before} -> {after} events")
            figures.acknowledged[session_id] += after - before
    finally:
        await client.close()


def taps_by_http(checkout: Path) -> bool:
    """Whether the checkout's Record page sends a trick game's taps by ``POST /_tap``."""
    return (checkout / TAP_ROUTE).is_file()


def pad_steps(steps: list[Step]) -> list[Step]:
    """The steps as a checkout with the tap pad logs them: a hand's end is written with its last
    card (two events), the next hand's button logs the next hand alone."""
    made = []
    for index, step in enumerate(steps):
        following = steps[index + 1].kind if index + 1 < len(steps) else "next"
        if step.kind == "turn" and following == "next":
            step = replace(step, logs=2)
        elif step.kind == "next":
            step = replace(step, logs=1)
        made.append(step)
    return made


def pad_tap(step: Step) -> dict[str, object]:
    """The tap the pad sends for ``step`` (``dashboard/recording/tricks/taps.py``)."""
    if step.kind == "call":
        return {"kind": "call", "token": step.token, "seat": step.seat}
    if step.kind == "trump":
        return {"kind": "trump", "code": step.token}
    actions = [step.action] if step.action else []
    return {"kind": "card", "code": step.token, "seat": step.seat, "actions": actions}


async def tap_scorer(
    url: str, session_id: int, steps: list[Step], pace: tuple[float, float], figures: Figures
) -> None:
    """A scorer on the tap pad: each tap a ``POST /_tap``, timed from sending it until it is
    acknowledged (the answer says it is held), then the page run again as the pad's ``held``
    trigger asks (timed as the ``record`` redraw); the next hand's button by the websocket."""
    client = Client(url, "record", f"session={session_id}")
    drawn = await client.open()
    sender = TapSender(url, session_id, f"bench-table-{session_id}")
    figures.acknowledged[session_id] = 0
    try:
        for step in steps:
            await asyncio.sleep(random.uniform(*pace))
            if step.kind == "next":
                try:
                    before, _, _ = drawn.status()
                    seconds, drawn = await timed(client.run([trigger(drawn, "rec-next-hand")]))
                    after, _, _ = drawn.status()
                except (RuntimeError, KeyError) as error:
                    figures.wrong.append(f"session {session_id}: next hand: {str(error)[-300:]}")
                    return
                figures.buttons.append(seconds)
                if after != before + step.logs:
                    figures.wrong.append(f"session {session_id}: {before} -> {after} events")
                figures.acknowledged[session_id] += after - before
                continue
            started = time.perf_counter()
            status, answer = await sender.send(pad_tap(step))
            figures.taps.append((time.perf_counter(), time.perf_counter() - started))
            if status != 200 or answer.get("outcome") != "stored":
                figures.wrong.append(f"session {session_id}: {step} answered {status} {answer}")
                return
            stored = int(answer["last_event"]) - int(answer["first_event"]) + 1  # type: ignore[call-overload]
            if stored != step.logs:
                figures.wrong.append(f"session {session_id}: {step} stored {stored} events")
            figures.acknowledged[session_id] += stored
            seconds, drawn = await timed(client.run())
            figures.redraws.append(("record", time.perf_counter(), seconds))
    finally:
        await client.close()


def spectator_view(index: int, sessions: list[int]) -> tuple[str, str, str, float]:
    """The ``index``-th spectator's view, taken in turn: its name, page, query and period."""
    kind = index % 3
    if kind == 0:
        query = urllib.parse.urlencode({"view": "projector", "event": EVENT})
        return "projector", "tournament", query, PROJECTOR_SECONDS
    if kind == 1:
        return "standings", "tournament", urllib.parse.urlencode({"event": EVENT}), PHONE_SECONDS
    session = sessions[index // 3 % len(sessions)]
    query = urllib.parse.urlencode({"session": f"{ARCHIVE_PREFIX}{session}"})
    return "replay", "replay", query, PHONE_SECONDS


async def spectator(
    url: str, view: tuple[str, str, str, float], stop: asyncio.Event, figures: Figures
) -> None:
    """A spectator holding its view: the projector's fragment redrawn, or a phone's page run
    again, every period until the tables stop."""
    name, page, query, period = view
    client = Client(url, page, query)
    drawn = await client.open()
    fragment = drawn.fragment if name == "projector" else ""
    if drawn.exception or not drawn.html:
        figures.wrong.append(f"{name} ({query}) drew no page: {drawn.exception}")
    try:
        await asyncio.sleep(random.uniform(0, period))
        while not stop.is_set():
            seconds, _ = await timed(client.run(fragment=fragment))
            figures.redraws.append((name, time.perf_counter(), seconds))
            await asyncio.sleep(max(0.0, period - seconds))
    finally:
        await client.close()


def process_reading(pid: int) -> tuple[float, float]:
    """A process's CPU seconds so far and its resident memory in MB."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / TICKS
    status = Path(f"/proc/{pid}/status").read_text()
    rss = int(re.search(r"VmRSS:\s+(\d+)", status)[1])  # type: ignore[index]
    return cpu, rss / 1024


async def sample(pid: int, stop: asyncio.Event, figures: Figures) -> None:
    while not stop.is_set():
        figures.resources.append((time.perf_counter(), *process_reading(pid)))
        await asyncio.sleep(1)


def cpu_at(figures: Figures, moment: float) -> float:
    """The server's CPU seconds at ``moment``, between the two readings around it."""
    readings = figures.resources
    for (t0, c0, _), (t1, c1, _) in itertools.pairwise(readings):
        if t0 <= moment <= t1:
            return c0 + (c1 - c0) * (moment - t0) / (t1 - t0)
    return readings[-1][1] if moment > readings[-1][0] else readings[0][1]


def window(figures: Figures, first: bool) -> tuple[float, float]:
    """The median tap and the server's CPU per tap over the first or the last tenth of taps."""
    taps = sorted(figures.taps)
    size = max(2, len(taps) // 10)
    part = taps[:size] if first else taps[-size:]
    cpu = cpu_at(figures, part[-1][0]) - cpu_at(figures, part[0][0])
    return statistics.median(s for _, s in part), cpu / (len(part) - 1)


def quantile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def prepare_archive(path: Path, tables: int) -> list[int]:
    """An archive holding the bundled tournament and one new session per table, as the Record
    page's set-up creates it; gives the tables' session ids."""
    archive = open_archive(str(path))
    for source in sorted(TOURNAMENT.glob("*.tgn")):
        archive.import_tgn(source.read_text(encoding="utf-8"), source.name)
    template = [
        Tag(name=name, value=value)
        for name, value in re.findall(r'^\[(\w+) "([^"]*)"\]', MATCH.read_text(), re.MULTILINE)
        if name not in ("Hand", "Dealer", "Event", "Table", "Round")
    ]
    dealer = int(re.search(r'\[Dealer "(\d)"\]', MATCH.read_text())[1])  # type: ignore[index]
    sessions = []
    for table in range(1, tables + 1):
        tags = [
            *template,
            Tag(name="Event", value=EVENT),
            Tag(name="Table", value=str(table)),
            Tag(name="Round", value="1"),
        ]
        session_id = archive.create_session(tags)
        archive.append(session_id, HandStarted.numbered(1, dealer=dealer))
        sessions.append(session_id)
    return sessions


IN_CHECKOUT = """
import re, sys
from pathlib import Path
from recorder.archive import HandStarted, open_archive
from recorder.model import Tag
TOURNAMENT, MATCH, EVENT = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
"""
"""What ``prepare_archive`` and ``logged_events`` need, for running them in another checkout."""


def logged_events(path: Path, sessions: list[int]) -> list[int]:
    """How many events each session's log holds."""
    archive = open_archive(str(path))
    return [len(archive.events(session)) for session in sessions]


def in_checkout(checkout: Path, function: object, *arguments: object) -> list[int]:
    """``function`` of this module run by another checkout's own code (its archive's schema)."""
    call = f"print(*{function.__name__}(*eval(sys.argv[4])))"  # type: ignore[attr-defined]
    script = IN_CHECKOUT + inspect.getsource(function) + call  # type: ignore[arg-type]
    passed = repr(tuple(arguments)).replace("PosixPath", "Path")
    done = subprocess.run(
        [sys.executable, "-c", script, str(TOURNAMENT), str(MATCH), EVENT, passed],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
    )
    return [int(number) for number in done.stdout.split()]


def checkout_command(checkout: Path, arguments: list[object]) -> list[str]:
    """The server command as the checkout's own ``dashboard.server.launch`` builds it."""
    build = (
        "import json; from dashboard.server.launch import streamlit_command; "
        f"print(json.dumps(streamlit_command(*{arguments!r})))"
    )
    built = subprocess.run(
        [sys.executable, "-c", build], cwd=checkout, capture_output=True, text=True, check=True
    )
    command: list[str] = json.loads(built.stdout)
    return command


def start_server(root: Path, port: int, checkout: Path) -> tuple[subprocess.Popen[bytes], str]:
    """The dashboard of ``checkout`` served on ``port``, listing and recording into the archive."""
    archive = root / "archive.sqlite"
    command = checkout_command(checkout, [str(archive), port, str(archive), str(root / "cache")])
    environment = {**os.environ, ARCHIVE_ENV: str(archive)}
    with (root / "server.log").open("ab") as log:
        process = subprocess.Popen(
            command, cwd=checkout, env=environment, stdout=log, stderr=subprocess.STDOUT
        )
    url = f"http://127.0.0.1:{port}"
    while True:
        if process.poll() is not None:
            raise RuntimeError((root / "server.log").read_text(errors="replace"))
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                if answer.read().strip() == b"ok":
                    return process, url
        except OSError:
            time.sleep(0.2)


async def drive(
    url: str,
    pid: int,
    sessions: list[int],
    spectators: int,
    steps: list[Step],
    pace: tuple[float, float],
    by_http: bool = False,
) -> Figures:
    figures = Figures()
    stop = asyncio.Event()
    sampler = asyncio.create_task(sample(pid, stop, figures))
    await asyncio.sleep(1.5)
    watchers = [
        asyncio.create_task(spectator(url, spectator_view(index, sessions), stop, figures))
        for index in range(spectators)
    ]
    await asyncio.sleep(PROJECTOR_SECONDS if spectators else 0)
    tapping = tap_scorer if by_http else scorer
    light = sessions
    tables = []
    wanted = os.environ.get(BROWSER_ENV, "1") != "0"
    if by_http and len(sessions) > 1 and wanted and live_browser.available():
        figures.browser = live_browser.BrowserTimes()
        light = sessions[1:]
        tables.append(browser_table(url, sessions[0], steps, pace, figures))
    tables += [tapping(url, s, steps, pace, figures) for s in light]
    scorers = asyncio.gather(*tables)
    cap = float(os.environ.get(CAP_ENV) or 0)
    try:
        await asyncio.wait_for(scorers, cap or None)
    except TimeoutError:
        figures.capped = cap
    await asyncio.sleep(PROJECTOR_SECONDS if spectators else 1.5)
    stop.set()
    if figures.capped:
        for watcher in watchers:
            watcher.cancel()
    await asyncio.gather(*watchers, sampler, return_exceptions=True)
    return figures


async def browser_table(
    url: str, session_id: int, steps: list[Step], pace: tuple[float, float], figures: Figures
) -> None:
    """One table tapped in Chromium (``benchmarks.live_browser``), counted as the others are."""
    assert figures.browser is not None
    recorded = await live_browser.browser_scorer(url, session_id, steps, pace, figures.browser)
    figures.acknowledged[session_id] = recorded
    figures.wrong += figures.browser.wrong


def shared_seconds(checkout: Path) -> dict[str, int]:
    """How long the checkout shares each kind of spectator's view once built (its projector
    panels; its standings too where it shares them): a view may be that much older."""
    page = checkout / "dashboard" / "screens" / "tournament.py"
    text = page.read_text(encoding="utf-8") if page.is_file() else ""
    found = SHARED.search(text)
    seconds = int(found[1]) if found else 0
    return {"projector": seconds, "standings": seconds if STANDINGS_SHARED.search(text) else 0}


def keeps_toggles(checkout: Path) -> bool:
    """Whether the checkout logs a toggled action before its turn."""
    events = checkout / "recorder" / "archive" / "events.py"
    return events.is_file() and bool(TOGGLES.search(events.read_text(encoding="utf-8")))


def run_load(tables: int, spectators: int, hands: int, pace: tuple[float, float]) -> None:
    checkout = Path(os.environ.get(CHECKOUT_ENV) or REPOSITORY)
    steps = match_steps(MATCH.read_text(encoding="utf-8"), hands)
    by_http = taps_by_http(checkout)
    if by_http:  # the pad sends a card's actions with it: no toggle is logged
        steps = pad_steps(steps)
    elif keeps_toggles(checkout):
        steps = [replace(step, logs=2) if step.action else step for step in steps]
    with tempfile.TemporaryDirectory() as temporary:
        root = Path(temporary)
        sessions = in_checkout(checkout, prepare_archive, root / "archive.sqlite", tables)
        process, url = start_server(root, free_port(), checkout)
        try:
            figures = asyncio.run(
                drive(url, process.pid, sessions, spectators, steps, pace, by_http)
            )
        finally:
            process.terminate()
            process.wait(timeout=30)
        counts = in_checkout(checkout, logged_events, root / "archive.sqlite", sessions)
        logged = {s: count - 2 for s, count in zip(sessions, counts, strict=True)}  # less 2 set-up
    print(f"   server of {'this checkout' if checkout == REPOSITORY else checkout}")
    report(
        tables, spectators, hands, pace, figures, logged, steps, shared_seconds(checkout), by_http
    )


def report(
    tables: int,
    spectators: int,
    hands: int,
    pace: tuple[float, float],
    figures: Figures,
    logged: dict[int, int],
    steps: list[Step],
    shared: dict[str, int] | None = None,
    by_http: bool = False,
) -> None:
    if len(figures.taps) < 2:
        print(f"   {tables} tables, {spectators} spectators: no table could record")
        for wrong in figures.wrong[:3]:
            print(f"     wrong: {wrong}")
        return
    seconds = [s for _, s in figures.taps]
    start_tap, start_cpu = window(figures, True)
    end_tap, end_cpu = window(figures, False)
    memory = [mb for _, _, mb in figures.resources]
    paced = (
        "as fast as the page answers" if pace[1] == 0 else f"a tap every {pace[0]:g}-{pace[1]:g} s"
    )
    load = " ".join(f"{value:.2f}" for value in os.getloadavg())
    print(
        f"   {tables} tables, {spectators} spectators ({hands} hands of 28 a table, "
        f"{len(steps)} taps each, {paced}); load average {load}"
    )
    what = "taps acknowledged (POST /_tap, sent -> answered)" if by_http else "taps"
    print(
        f"     {what} {len(seconds)}: median {statistics.median(seconds):.2f} s, "
        f"p95 {quantile(seconds, 0.95):.2f} s, max {max(seconds):.2f} s"
    )
    print(
        f"     first tenth: tap {start_tap:.2f} s, server CPU {start_cpu * 1000:.0f} ms a tap; "
        f"last tenth: tap {end_tap:.2f} s, server CPU {end_cpu * 1000:.0f} ms a tap"
    )
    for name, period in (
        ("projector", PROJECTOR_SECONDS),
        ("standings", PHONE_SECONDS),
        ("replay", PHONE_SECONDS),
    ):
        redraws = [s for view, _, s in sorted(figures.redraws) if view == name]
        if not redraws:
            continue
        tenth = max(1, len(redraws) // 10)
        kept = (shared or {}).get(name, 0)
        print(
            f"     {name} redraws {len(redraws)}: median {statistics.median(redraws):.2f} s,"
            f" p95 {quantile(redraws, 0.95):.2f} s, max {max(redraws):.2f} s; first tenth "
            f"{statistics.median(redraws[:tenth]):.2f} s, last tenth "
            f"{statistics.median(redraws[-tenth:]):.2f} s; fresh within "
            f"{period + kept + quantile(redraws, 0.95):.1f} s of a tap (p95: the "
            f"{period:g} s period, shared {kept} s, the redraw)"
        )
    pages = [s for view, _, s in figures.redraws if view == "record"]
    if pages:
        print(
            f"     Record page run again once a tap is held {len(pages)}: median "
            f"{statistics.median(pages):.2f} s, p95 {quantile(pages, 0.95):.2f} s"
        )
    if figures.browser is not None:
        live_browser.browser_lines(figures.browser, seconds, pages)
    if figures.buttons:
        print(
            f"     next hand's button {len(figures.buttons)}: median "
            f"{statistics.median(figures.buttons):.2f} s, max {max(figures.buttons):.2f} s"
        )
    print(f"     server memory {memory[0]:.0f} -> {memory[-1]:.0f} MB (peak {max(memory):.0f} MB)")
    acknowledged = sum(figures.acknowledged.values())
    stored = sum(logged.values())
    expected = len(logged) * sum(step.logs for step in steps)
    right = stored == acknowledged == expected and not figures.wrong
    verdict = "nothing lost or doubled" if right else "MISMATCH"
    if figures.capped:
        print(f"     CAPPED: the tables were stopped after {figures.capped:g} s")
        verdict = "taps stopped at the cap, some in flight"
    print(
        f"     archive: {stored} events stored, {acknowledged} acknowledged by the pages, "
        f"{expected} expected from {len(seconds)} taps: {verdict}"
    )
    for wrong in figures.wrong[:5]:
        print(f"     wrong: {wrong}")


def parse_loads(text: str) -> list[tuple[int, int, int, tuple[float, float]]]:
    loads = []
    for item in text.split(","):
        tables, spectators, hands, pace = item.strip().split(":")
        low, _, high = pace.partition("-")
        loads.append((int(tables), int(spectators), int(hands), (float(low), float(high or low))))
    return loads


def local_echo() -> None:
    """One real scorer in Chromium at 390 px taps the first hand of the match on the pad, each tap
    once the one before is held and the page drawn again; prints the local echo's median and p95
    (what the scorer sees at once, before any answer of the server)."""
    if not live_browser.available() or not taps_by_http(REPOSITORY):
        print("   local echo: not measured (no Chromium, or no tap pad in this checkout)")
        return
    steps = pad_steps(match_steps(MATCH.read_text(encoding="utf-8"), 1))
    with tempfile.TemporaryDirectory() as temporary:
        root = Path(temporary)
        session = in_checkout(REPOSITORY, prepare_archive, root / "archive.sqlite", 1)[0]
        process, url = start_server(root, free_port(), REPOSITORY)
        try:
            echoes = live_browser.local_echo(url, session, steps)
        finally:
            process.terminate()
            process.wait(timeout=30)
    changed = [entry["changed"] / 1000 for entry in echoes]
    frames = [entry["frame"] / 1000 for entry in echoes]
    print(
        f"   local echo in Chromium at 390 px (one scorer, {len(echoes)} of {len(steps)} taps "
        f"of a hand of 28): page changed median {statistics.median(changed) * 1000:.0f} ms, "
        f"p95 {quantile(changed, 0.95) * 1000:.0f} ms; next frame median "
        f"{statistics.median(frames) * 1000:.0f} ms, p95 {quantile(frames, 0.95) * 1000:.0f} ms"
    )


def main() -> None:
    for tables, spectators, hands, pace in parse_loads(os.environ.get(LOADS_ENV, DEFAULT_LOADS)):
        run_load(tables, spectators, hands, pace)
        sys.stdout.flush()
    if os.environ.get(ECHO_ENV, "1") != "0":
        local_echo()


if __name__ == "__main__":
    main()
