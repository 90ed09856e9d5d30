"""The archive's log without a database: events to record and back, undo, corrections, refusals."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recorder.archive import (
    ArchiveError,
    CallMade,
    CommentWritten,
    Corrected,
    DealSeen,
    Event,
    HandEnded,
    HandStarted,
    LoggedEvent,
    PairDeclared,
    SessionCreated,
    StarAgreed,
    TrumpPlaced,
    TurnPlayed,
    Undone,
    event_from_json,
    events_from_record,
    fold,
)
from recorder.archive.checks import refusal
from recorder.archive.events import encode_payload
from recorder.archive.fold import LogState
from recorder.cards import Call, Card, Suit
from recorder.model import DealtCard, Record, Tag
from tests.archive_sessions import generated_record
from tests.strategies import COMMENTED, records

SETTINGS = settings(max_examples=60, deadline=None)


def logged(events: Sequence[Event]) -> list[LoggedEvent]:
    """Number events as the archive would, passing each through its stored JSON form."""
    return [
        LoggedEvent(1, seq, 0, "", event_from_json(event.kind, encode_payload(event)))
        for seq, event in enumerate(events, start=1)
    ]


@SETTINGS
@given(records(COMMENTED))
def test_a_record_folds_back_from_its_events(record: Record) -> None:
    assert fold(logged(events_from_record(record))) == record


@SETTINGS
@given(records(COMMENTED))
def test_every_imported_event_passes_the_import_checks(record: Record) -> None:
    state = LogState()
    for seq, event in enumerate(events_from_record(record), start=1):
        assert refusal(state, event, live=False) is None
        state.apply(seq, event)


def test_fold_does_not_depend_on_positions() -> None:
    record = generated_record("29", 2, seed=5)
    placed = record.model_copy(
        update={"tags": [tag.model_copy(update={"line": 9}) for tag in record.tags]}
    )
    events = events_from_record(placed)
    assert '"line"' not in encode_payload(events[0])
    assert fold(logged(events)) == record


# --- undo and corrections ------------------------------------------------------------------------

NOISE: list[Event] = [
    CommentWritten(text="slip"),
    CommentWritten(text="oops", place="end"),
    StarAgreed(),
    PairDeclared(seat=1, after_trick=1),
]


@SETTINGS
@given(st.data())
def test_an_event_and_its_undo_leave_no_trace(data: st.DataObject) -> None:
    record = generated_record(
        data.draw(st.sampled_from(["40", "28", "29"])), 2, seed=data.draw(st.integers(0, 99))
    )
    events = events_from_record(record)
    for _ in range(data.draw(st.integers(1, 4))):
        where = data.draw(st.integers(2, len(events)))
        noise = data.draw(st.lists(st.sampled_from(NOISE), min_size=1, max_size=3))
        events[where:where] = [*noise, *[Undone()] * len(noise)]
    assert fold(logged(events)) == record


def _opening() -> list[Event]:
    return [
        SessionCreated(tags=[Tag(name="Game", value="29")]),
        HandStarted.numbered(1, dealer=4),
        TurnPlayed(trick=1, seat=1, card=Card.parse("JS")),
        TurnPlayed(trick=1, seat=2, card=Card.parse("9S")),
    ]


def _cards(record: Record) -> list[str]:
    return [str(turn.card) for trick in record.hands[0].tricks for turn in trick.turns]


def test_each_undo_cancels_the_latest_event_still_standing() -> None:
    events = [*_opening(), Undone(), Undone()]
    assert _cards(fold(logged(events))) == []
    assert _cards(fold(logged(events[:-1]))) == ["JS"]


def test_undo_never_cancels_the_session() -> None:
    events: list[Event] = [SessionCreated(tags=[Tag(name="Game", value="40")]), Undone()]
    assert fold(logged(events)).game == "40"
    assert refusal(LogState.of(logged(events[:1])), Undone()) == "there is nothing to undo"


def test_a_correction_replaces_the_card_and_can_itself_be_undone() -> None:
    events = [*_opening(), Corrected(target=3, card=Card.parse("AS"))]
    assert _cards(fold(logged(events))) == ["AS", "9S"]
    assert _cards(fold(logged([*events, Corrected(target=3, card=Card.parse("TS"))]))) == [
        "TS",
        "9S",
    ]
    assert _cards(fold(logged([*events, Undone()]))) == ["JS", "9S"]


def test_a_card_freed_by_a_correction_can_be_played_again() -> None:
    state = LogState.of(logged([*_opening(), Corrected(target=3, card=Card.parse("AS"))]))
    assert refusal(state, TurnPlayed(trick=1, seat=3, card=Card.parse("JS"))) is None
    assert refusal(state, TurnPlayed(trick=1, seat=3, card=Card.parse("AS"))) is not None


def test_comments_above_go_to_the_next_line_or_after_the_hand() -> None:
    events = [
        *_opening(),
        CommentWritten(text="a pause"),
        CallMade(seat=1, call=Call.parse("20", False)),
        CommentWritten(text="all done", place="end"),
        CommentWritten(text="tea"),
        HandEnded(tags=[Tag(name="Result", value="made")]),
        CommentWritten(text="next"),
        HandStarted.numbered(2),
    ]
    record = fold(logged(events))
    first, second = record.hands
    assert first.bidding is not None
    assert (first.bidding.before, first.bidding.remark) == (["a pause"], "all done")
    assert first.after == ["tea"]
    assert first.result == "made"
    assert second.tags[0].before == ["next"]


# --- what the archive refuses -------------------------------------------------------------------


def _state(game: str = "40") -> LogState:
    return LogState.of(
        logged([SessionCreated(tags=[Tag(name="Game", value=game)]), HandStarted.numbered(1, 6)])
    )


@pytest.mark.parametrize(
    ("game", "event", "message"),
    [
        (
            "40",
            TurnPlayed(trick=1, seat=1, card=Card.parse("6S")),
            "6S is not a card of game 40 (ranks J 3 9 A T K Q 8 7)",
        ),
        (
            "29",
            DealSeen(seat=1, cards=[DealtCard(card=Card.parse("3H"))]),
            "3H is not a card of game 29",
        ),
        ("28", TrumpPlaced(card=Card.parse("3C")), "3C is not a card of game 28"),
        (
            "40",
            TurnPlayed(trick=1, seat=7, card=Card.parse("JS")),
            "seat 7 is impossible: game 40 has seats 1..6",
        ),
        (
            "29",
            CallMade(seat=5, call=Call.parse("pass", False)),
            "seat 5 is impossible: game 29 has seats 1..4",
        ),
        ("29", PairDeclared(seat=0, after_trick=1), "seat 0 is impossible"),
        ("29", HandStarted.numbered(2, dealer=6), "dealer 6 is impossible"),
        ("40", TurnPlayed(trick=0, seat=1, card=Card.parse("JS")), "tricks count from 1"),
        ("40", StarAgreed(), "this hand has none yet"),
        ("40", Corrected(target=2, card=Card.parse("JS")), "event 2 is not a turn that stands"),
        ("40", CommentWritten(text="two\nlines"), "must fit on one line"),
        (
            "40",
            CallMade(seat=1, call=Call.parse("20", True), comments=["a } b"]),
            "cannot hold '}'",
        ),
        ("40", SessionCreated(tags=[Tag(name="Game", value="40")]), "already created"),
    ],
)
def test_impossible_events_are_refused_with_a_message(
    game: str, event: Event, message: str
) -> None:
    assert message in (refusal(_state(game), event) or "")


def test_a_card_already_played_in_the_hand_is_refused_live_but_kept_on_import() -> None:
    state = LogState.of(logged(_opening()))
    twice = TurnPlayed(trick=1, seat=3, card=Card.parse("JS"))
    assert refusal(state, twice) == "JS has already been played in this hand"
    assert refusal(state, twice, live=False) is None
    assert (
        refusal(state, Corrected(target=4, card=Card.parse("JS")))
        == "JS has already been played in hand 1"
    )


def test_the_next_hand_may_play_the_same_cards_again() -> None:
    state = LogState.of(logged([*_opening(), HandEnded(), HandStarted.numbered(2)]))
    assert refusal(state, TurnPlayed(trick=1, seat=1, card=Card.parse("JS"))) is None


def test_hand_lines_need_an_open_hand_and_a_session_needs_a_known_game() -> None:
    ended = LogState.of(logged([*_opening(), HandEnded()]))
    assert refusal(ended, TurnPlayed(trick=2, seat=1, card=Card.parse("KS"))) == (
        "no hand is open for this turn event: start a hand first"
    )
    assert refusal(LogState(), SessionCreated(tags=[Tag(name="Game", value="41")])) == (
        "unknown game '41' (games: 40, 28, 29 or rummy)"
    )
    needs_game = "a session needs a Game tag (40, 28, 29 or rummy)"
    assert refusal(LogState(), SessionCreated(tags=[])) == needs_game
    assert refusal(LogState(), HandStarted.numbered(1)) == "the session has not been created yet"
    assert refusal(_state(), TrumpPlaced()) is None
    trumped = LogState.of(logged([*_opening(), TrumpPlaced(suit=Suit.SPADES)]))
    assert "already has its trump card" in (refusal(trumped, TrumpPlaced()) or "")


@pytest.mark.parametrize(
    ("kind", "payload", "message"),
    [
        ("turn", '{"trick": 1, "seat": 2, "card": "ZS"}', "turn event: unknown card 'ZS'"),
        ("deal", '{"seat": 1, "cards": [{"card": "1X"}]}', "unknown card '1X' (cards.0.card)"),
        ("call", '{"seat": 2, "call": "lots"}', "call event: unknown call 'lots'"),
        ("shuffle", "{}", "unknown event kind 'shuffle'"),
        ("turn", "{not json", "payload is not JSON"),
        ("deal", '{"seat": 1, "cards": [], "extra": 1}', "extra: Extra inputs are not permitted"),
    ],
)
def test_unreadable_events_are_archive_errors(kind: str, payload: str, message: str) -> None:
    with pytest.raises(ArchiveError) as raised:
        event_from_json(kind, payload)
    assert message in str(raised.value)
