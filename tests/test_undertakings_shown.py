"""A Jodi, a Kott kept, a Kott refused (``kot?=no``), a Thani and a 29 pair appear, naming the
player who said them, wherever a hand's result shows: the Record page's end box (the hand tapped
in click by click), Replay's end box, the terminal's replay and score, and ``score --json``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dashboard.recording.tricks import clicks
from dashboard.recording.tricks.position import Position, locate
from dashboard.recording.tricks.setup import SessionSetup
from dashboard.recording.tricks.summary import outcome_text, undertakings_so_far
from dashboard.recording.tricks.view import trick_html
from dashboard.views.tricks.moment import hand_over
from recorder.archive import Archive, HandStarted, open_archive
from recorder.model import Hand, Record
from recorder.tgn import loads
from replay.tricks import normalize, replay_hand, replay_session
from replay.tricks.scoring import score_session
from tests.test_cli import run

ROOT = Path(__file__).resolve().parent.parent

# file, hand number, who said it (name, seat), words every face shows, the JSON entry
CASES = [
    pytest.param(
        "data/club-night-40.tgn",
        5,
        ("Hari", 5),
        "Jodi said by Hari",
        {"kind": "jodi", "seat": 5, "said": "jodi", "trick": 3, "outcome": "kept"},
        id="jodi",
    ),
    pytest.param(
        "data/tournament-28.tgn",
        3,
        ("Arun", 1),
        "Kott said by Arun",
        {"kind": "kot", "seat": 1, "said": "kot", "trick": 2, "outcome": "kept"},
        id="kott-kept",
    ),
    pytest.param(
        "tests/tgn_cases/kott-refused-28.tgn",
        1,
        ("Chitra", 3),
        "Kott asked of Chitra",
        {"kind": "kot", "seat": 3, "said": "kot?=no", "trick": 2, "outcome": "refused"},
        id="kott-refused",
    ),
    pytest.param(
        "data/tournament/semi-final-sf2.tgn",
        5,
        ("Gopan", 5),
        "Thani called by Gopan",
        {"kind": "thani", "seat": 5, "said": "thani", "trick": None, "outcome": "lost"},
        id="thani",
    ),
    pytest.param(
        "data/rubber-29.tgn",
        3,
        ("Tanvir", 1),
        "pair declared by Tanvir",
        {"kind": "pair", "seat": 1, "said": "pair 1", "trick": 6, "outcome": "declared"},
        id="pair",
    ),
]


def read(path: str) -> Record:
    return normalize(loads((ROOT / path).read_text(encoding="utf-8")))


@pytest.fixture
def archive(tmp_path: Path) -> Archive:
    return open_archive(tmp_path / "archive.sqlite")


def tap_hand(archive: Archive, record: Record, hand: Hand, dealer: int) -> Position:
    """Tap ``hand`` into a new session of the Record page, call by call and turn by turn."""
    setup = SessionSetup(record.game, tuple(record.players), record.teams, dealer)
    session = archive.create_session(setup.tags())
    archive.append(session, HandStarted.numbered(1, dealer=dealer))

    def do(decide: clicks.Decision) -> None:
        assert clicks.commit(archive, session, decide) is None

    def now() -> Position:
        return locate(session, archive.events(session))

    for bid in hand.bids:
        do(clicks.call_click(now(), bid.seat, bid.call.token))
    if hand.trump is not None and now().phase == "trump":
        trump = hand.trump
        suit = trump.suit.value if trump.suit is not None and trump.card is None else None
        do(clicks.trump_click(now(), trump.card.code if trump.card else None, suit))
    pairs = sorted(hand.pairs, key=lambda pair: pair.after_trick)
    for number, trick in enumerate(hand.tricks, start=1):
        for turn in trick.turns:
            assert turn.seat is not None
            tokens = [action.token for action in turn.actions]
            if turn.card is None:
                do(clicks.answer_click(now(), turn.seat, tokens[-1]))
            else:
                do(clicks.turn_click(now(), turn.seat, tokens, turn.card.code))
        for pair in [p for p in pairs if p.after_trick == number]:
            do(clicks.pair_click(now(), pair.seat))
    return now()


@pytest.mark.parametrize(("path", "number", "who", "words", "entry"), CASES)
def test_the_record_pages_end_box_names_the_undertaking_and_its_player(
    archive: Archive, path: str, number: int, who: tuple[str, int], words: str, entry: dict
) -> None:
    record = read(path)
    index = number - 1
    dealer = replay_hand(record, index).dealer
    position = tap_hand(archive, record, record.hands[index], dealer)
    name, seat = who
    text = outcome_text(position)
    assert words.replace(name, f"{name} ({seat})") in text, text
    assert undertakings_so_far(position) in text
    if entry["kind"] in ("jodi", "kot") and entry["said"] != "kot?=no":
        assert text.startswith(
            f"Hand 1: made with a {'Jodi' if entry['kind'] == 'jodi' else 'Kott'}"
        )
    if entry["outcome"] == "refused":
        assert "Kott asked and refused" in text and "hand over at trick 2" in text
        assert "the callers took 0" not in text


def test_a_tapped_kot_shows_in_the_trick_line_and_as_said_so_far(archive: Archive) -> None:
    record = read("data/tournament-28.tgn")
    hand = record.hands[2]
    first_two = hand.model_copy(update={"tricks": hand.tricks[:2]})
    position = tap_hand(archive, record, first_two, replay_hand(record, 2).dealer)
    assert 'class="rec-said">kot<' in trick_html(position)
    assert undertakings_so_far(position) == "Kott said by Arun (1) in trick 2: not decided"


@pytest.mark.parametrize(("path", "number", "who", "words", "entry"), CASES)
def test_replays_end_box_names_the_player_who_said_it(
    path: str, number: int, who: tuple[str, int], words: str, entry: dict
) -> None:
    record = read(path)
    hand = replay_hand(record, number - 1)
    score = score_session(record, [h.result for h in replay_session(record).hands])
    said = " ".join(hand_over(record, hand, score.lines[number - 1], hand.findings))
    assert words in said
    caller = record.player(hand.result.caller or 0)
    assert f"{caller} called {hand.result.call.token if hand.result.call else ''} for" in said
    assert "called jodi" not in said and "called kot" not in said


@pytest.mark.parametrize(("path", "number", "who", "words", "entry"), CASES)
def test_the_terminal_and_score_json_name_the_undertaking(
    path: str, number: int, who: tuple[str, int], words: str, entry: dict
) -> None:
    name, seat = who
    _, out, _ = run("replay", str(ROOT / path), "--hand", str(number))
    assert words.replace(name, f"{name} (seat {seat})") in out
    if entry["kind"] in ("jodi", "kot"):
        assert f"{seat}:{entry['said']}" in out  # the trick line keeps what was said
    _, sheet, _ = run("score", str(ROOT / path))
    assert words.replace(name, f"{name} (seat {seat})") in sheet
    _, text, _ = run("score", str(ROOT / path), "--json")
    line = json.loads(text)["hands"][number - 1]
    assert entry in line["undertakings"]


def test_a_revoke_awarded_hand_says_so_wherever_the_score_shows() -> None:
    rubber = str(ROOT / "tests/tgn_cases/rubber-29.tgn")
    awarded = "awarded after a revoke: revoke by North: North lose the hand"
    _, sheet, _ = run("score", rubber, "--rules", "auto-penalties=yes")
    row = next(line for line in sheet.splitlines() if line.startswith("1 "))
    assert awarded in row
    _, text, _ = run("score", rubber, "--rules", "auto-penalties=yes", "--json")
    assert json.loads(text)["hands"][0]["awarded"] == "revoke by North: North lose the hand"
    _, out, _ = run("replay", rubber, "--hand", "1", "--rules", "auto-penalties=yes")
    assert awarded in out
    _, plain, _ = run("score", rubber)
    assert "awarded" not in plain
