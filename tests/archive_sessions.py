"""Generated tables for the archive's tests and benchmark: whole sessions, and a recorder that feeds
one into an archive event by event, with slips it then undoes or corrects, as a scorer would."""

from __future__ import annotations

import multiprocessing
import queue
import random
import time
from dataclasses import dataclass
from typing import Any

from recorder.archive import (
    Archive,
    CommentWritten,
    Corrected,
    Event,
    SessionCreated,
    TurnPlayed,
    Undone,
    events_from_record,
    open_archive,
)
from recorder.cards import Call, CallKind, Card
from recorder.games import GAMES, GameSpec
from recorder.model import (
    Action,
    Bid,
    Bidding,
    DealLine,
    DealtCard,
    Hand,
    PairLine,
    PenaltyLine,
    Record,
    Tag,
    Trick,
    TrumpLine,
    Turn,
)

NAMES = ["Anil", "Biju", "Chitra", "Dev", "Eli", "Faiz"]


def generated_record(game_name: str, hands: int, seed: int) -> Record:
    """A session of ``hands`` complete hands of a game: deals, calls, trump, every trick, with
    comments, glyphs, an ask, pair and penalty lines here and there. Not judged by the rules."""
    rng = random.Random(seed)
    game = GAMES[game_name]
    tags = [
        Tag(name="Game", value=game.name),
        Tag(name="Players", value=", ".join(NAMES[: game.players])),
        Tag(name="Teams", value="Red, Blue"),
        Tag(name="Event", value=f"Table {seed}", before=["generated for the archive tests"]),
        Tag(name="Table", value=str(seed), remark="one of several tables"),
    ]
    dealers = [rng.randint(1, game.players)]
    for _ in range(hands - 1):
        dealers.append(dealers[-1] % game.players + 1)
    return Record(
        tags=tags,
        hands=[
            _hand(game, number, dealers[number - 1], rng, last=number == hands)
            for number in range(1, hands + 1)
        ],
    )


def _hand(game: GameSpec, number: int, dealer: int, rng: random.Random, last: bool) -> Hand:
    """A hand as the TGN reader gives it: comments after a hand belong to the next hand's tag,
    so only the last hand has any."""
    pack = list(game.pack)
    rng.shuffle(pack)
    holdings = {
        seat: pack[(seat - 1) * game.hand_size : seat * game.hand_size] for seat in _seats(game)
    }
    first = dealer % game.players + 1
    caller = rng.choice(_seats(game))
    trump_card = holdings[caller][0]
    tags = [
        Tag(name="Hand", value=str(number), before=["after the deal"] if number % 3 == 0 else []),
        Tag(name="Dealer", value=str(dealer)),
    ]
    if rng.random() < 0.5:
        tags.append(Tag(name="Note", value="quiet hand", remark="noted by the scorer"))
    deals = [
        DealLine(
            seat=seat,
            cards=[
                DealtCard(card=card, comments=["dealt last"] if i == 5 and seat == 2 else [])
                for i, card in enumerate(cards)
            ],
            split=bool(game.bid_split),
            before=["the deal as seen"] if seat == 1 else [],
        )
        for seat, cards in holdings.items()
    ]
    bids = [
        Bid(
            seat=seat,
            call=Call(CallKind.NUMBER, game.min_bid + i) if seat == caller else Call(CallKind.PASS),
        )
        for i, seat in enumerate(_order(game, first))
    ]
    if rng.random() < 0.3:
        bids[0] = bids[0].model_copy(update={"comments": ["after some thought"]})
    tricks = _tricks(game, holdings, first, rng)
    pairs = (
        [PairLine(seat=caller, after_trick=2)] if game.name == "29" and rng.random() < 0.5 else []
    )
    penalties = (
        [PenaltyLine(team="Red", points=1, reason="bid out of turn")]
        if game.name != "40" and rng.random() < 0.3
        else []
    )
    return Hand(
        tags=tags,
        deals=deals,
        bidding=Bidding(bids=bids, remark="calling over" if rng.random() < 0.3 else None),
        trump=TrumpLine(card=trump_card),
        tricks=tricks,
        pairs=pairs,
        penalties=penalties,
        after=["end of session"] if last else [],
    )


def _tricks(
    game: GameSpec, holdings: dict[int, list[Card]], leader: int, rng: random.Random
) -> list[Trick]:
    left = {seat: list(cards) for seat, cards in holdings.items()}
    tricks = []
    for number in range(1, game.hand_size + 1):
        turns = []
        played: list[tuple[int, Card]] = []
        for seat in _order(game, leader):
            lead = played[0][1].suit if played else None
            following = [card for card in left[seat] if card.suit == lead]
            card = rng.choice(following or left[seat])
            left[seat].remove(card)
            played.append((seat, card))
            asked = lead is not None and not following and rng.random() < 0.2
            turns.append(
                Turn(
                    seat=seat,
                    card=card,
                    actions=[Action(kind="ask")] if asked else [],
                    glyph=rng.choice([None, None, None, "!", "?", "!?"]),
                    comments=["a brave card"] if rng.random() < 0.05 else [],
                )
            )
        lead_suit = played[0][1].suit
        leader = max(
            (item for item in played if item[1].suit == lead_suit),
            key=lambda item: game.strength(item[1]),
        )[0]
        tricks.append(
            Trick(
                number=number,
                turns=turns,
                comments=["last round"] if number == game.hand_size else [],
                remark="a long trick" if rng.random() < 0.1 else None,
            )
        )
    return tricks


def _seats(game: GameSpec) -> list[int]:
    return list(range(1, game.players + 1))


def _order(game: GameSpec, first: int) -> list[int]:
    return [(first - 1 + step) % game.players + 1 for step in range(game.players)]


@dataclass(frozen=True)
class Recorded:
    """What a recorder stored: the session's id and how many events it appended in all."""

    session_id: int
    events: int


def stored_event_by_event(archive: Archive, events: list[Event], upto: int | None = None) -> int:
    """A session stored as a table records it: ``events[0]`` (a ``SessionCreated``) creates it,
    each next event up to index ``upto`` (all when ``None``) is appended in turn; its id."""
    first = events[0]
    assert isinstance(first, SessionCreated)
    session = archive.create_session(first.tags)
    for event in events[1:upto]:
        archive.append(session, event)
    return session


def record_live(archive: Archive, record: Record, seed: int) -> Recorded:
    """Record a session into the archive one event at a time, as the table plays it; now and
    then a wrong card is entered and corrected, or a stray comment entered and undone."""
    rng = random.Random(seed)
    events = events_from_record(record)
    first = events[0]
    assert isinstance(first, SessionCreated)
    session_id = archive.create_session(first.tags)
    count = 1
    played: set[Card] = set()
    pack = GAMES[record.game].pack
    for event in events[1:]:
        if event.kind == "hand":
            played = set()
        free = [card for card in pack if card not in played]
        if isinstance(event, TurnPlayed) and event.card and len(free) > 1 and rng.random() < 0.05:
            wrong = rng.choice([card for card in free if card != event.card])
            seq = archive.append(session_id, event.model_copy(update={"card": wrong}))
            archive.append(session_id, Corrected(target=seq, card=event.card))
            count += 2
        else:
            if rng.random() < 0.03:
                archive.append(session_id, CommentWritten(text="slip"))
                archive.append(session_id, Undone())
                count += 2
            archive.append(session_id, event)
            count += 1
        if isinstance(event, TurnPlayed) and event.card is not None:
            played.add(event.card)
    return Recorded(session_id, count)


@dataclass(frozen=True)
class TableReport:
    """What one recorder process did: its table, the session it stored, how many events, in how
    many seconds, and the error that stopped it (empty when none did)."""

    game: str
    seed: int
    session_id: int = 0
    events: int = 0
    seconds: float = 0.0
    error: str = ""


def record_table(location: str, game: str, seed: int, start: Any, results: Any) -> None:
    """One recorder process: wait for the others at ``start`` (a barrier), record a generated
    table of 8 hands into the archive at ``location``, and put a ``TableReport`` on ``results``."""
    try:
        archive = open_archive(location)
        record = generated_record(game, 8, seed)
        start.wait(timeout=60)
        started = time.perf_counter()
        recorded = record_live(archive, record, seed)
        seconds = time.perf_counter() - started
        results.put(TableReport(game, seed, recorded.session_id, recorded.events, seconds))
    except BaseException as error:  # reported to the parent, which fails with it
        results.put(TableReport(game, seed, error=f"{type(error).__name__}: {error}"))


def record_tables_at_once(location: str, tables: list[tuple[str, int]]) -> list[TableReport]:
    """Record the tables (game, seed) into one archive at once, one process each."""
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(len(tables))
    results = context.Queue()
    open_archive(location)  # the tables exist before the recorders race
    recorders = [
        context.Process(target=record_table, args=(location, game, seed, start, results))
        for game, seed in tables
    ]
    for recorder in recorders:
        recorder.start()
    try:
        return [results.get(timeout=240) for _ in recorders]
    except queue.Empty:
        return [TableReport("", 0, error="a recorder did not finish within four minutes")]
    finally:
        for recorder in recorders:
            recorder.join(timeout=30)
