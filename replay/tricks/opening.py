"""The start of a hand: what the deal and the play show of each seat, the calling, the trump line.

The deal lines and every recorded card are read first, so that later judgements (a revoke, a
false Jack signal) can use all the record shows; then the calls are judged one by one and the
face-down card is put down.
"""

from __future__ import annotations

from collections.abc import Sequence

from recorder.cards import CallKind
from recorder.model import Hand
from replay.tricks.deck import CARDS, suit_index
from replay.tricks.run import HandRun


def read_cards(run: HandRun, seats: Sequence[Sequence[int | None]] | None) -> None:
    """Learn the deal lines (reporting duplicates and overlong deals) and every card played."""
    knowledge = run.knowledge
    knowledge.load_deals(run.hand.deals, run.report)
    players = run.players
    known, played_at, holder = knowledge.known_set, knowledge.played_at, knowledge.holder
    in_pack = knowledge.cards.in_pack
    for index, trick in enumerate(run.hand.tricks):
        given = seats[index] if seats is not None and index < len(seats) else None
        ids: list[int | None] = []
        run.turn_cards.append(ids)
        number = index + 1
        for position, turn in enumerate(trick.turns):
            written = turn.card
            card = None if written is None else written.index
            if card is not None and not in_pack[card]:
                card = None
            ids.append(card)
            seat = given[position] if given is not None and position < len(given) else turn.seat
            if seat is None:
                run.missing_seats = True
            elif card is not None and 1 <= seat <= players:
                known[seat].add(card)
                played_at[seat].setdefault(card, number)
                holder.setdefault(card, seat)
    knowledge.forget_suits()


def seats_written(hand: Hand) -> bool:
    """Whether every turn of the hand names its seat (``normalize`` has nothing to fill): asked
    of every hand a command reads, so it is here, compiled, rather than in
    ``replay.tricks.engine``."""
    for trick in hand.tricks:
        for turn in trick.turns:
            if turn.seat is None:
                return False
    return True


def judge_calling(run: HandRun) -> None:
    """Judge every call in the order spoken; the highest call that stands wins the calling."""
    calling = run.calling.start(run.first, run.players, run.min_bid, run.knowledge)
    for bid in run.hand.bids:
        seat = bid.seat
        if not 1 <= seat <= run.players:
            continue
        run.calls.append((seat, bid.call))
        for code, what in calling.speak(seat, bid.call):
            run.report.add(code, None, seat, bid, what)
        if run.steps is not None:
            run.step("bid", None, seat, bid.call.token, bid)
    if calling.highest is not None:
        run.caller, run.call = calling.highest
        if run.call.kind is CallKind.THANI and run.rules.undertakings.thani:
            run.special = "thani"
    thani_lead = run.special == "thani" and run.rules.thani_caller_leads(run.switches)
    run.leader = run.caller if thani_lead else run.first


def put_down_trump(run: HandRun) -> None:
    """The face-down card: its suit is the trump; check it against the deal (``trump-card``)."""
    line = run.hand.trump
    knowledge = run.knowledge
    if run.special == "thani":
        if line is not None:
            run.report.add(
                "trump-card", None, run.caller, line, "put a card face down, but a Thani has none"
            )
        return
    if run.caller is None and line is not None and line.card is not None and not run.calls:
        card = knowledge.card_of(line.card)
        run.caller = knowledge.placed(card) if card is not None else None
    if run.caller is None and (line is None or run.calls):
        return
    run.has_face_down = True
    run.hidden = True
    if line is None:
        return
    suit = line.suit if line.suit is not None else (line.card.suit if line.card else None)
    run.trump_named = line.card is None and suit is not None and run.rules.trump.suit_only_is_named
    run.trump_suit = suit_index(suit) if suit is not None else None
    card = knowledge.card_of(line.card)
    caller = run.caller
    if card is not None and caller is not None:
        run.face_down = card
        problem = _face_down_problem(run, caller, card)
        if problem:
            run.report.add("trump-card", None, caller, line, problem)
        knowledge.note_face_down(caller, card)
    elif card is not None:
        run.face_down = card
    if run.steps is not None:
        token = line.card.code if line.card else (f"?{line.suit.value}" if line.suit else "-")
        run.step("trump", None, caller, token, line)


def _face_down_problem(run: HandRun, caller: int, card: int) -> str | None:
    knowledge = run.knowledge
    code = CARDS[card].code
    owner = knowledge.placed(card)
    if owner is not None and owner != caller and card in knowledge.dealt_set[owner]:
        return f"put down {code}, which the deal gives to seat {owner}"
    if not knowledge.take(caller, card):
        return f"put down {code}, which is not in his deal"
    first = knowledge.first_cards[caller]
    place = first.index(card) if card in first else None
    if run.rules.seventh_card(run.switches):
        seventh = first[6] if len(first) > 6 else None
        if (place is not None and place != 6) or (seventh is not None and seventh != card):
            return f"put down {code}, not his seventh card"
    elif run.rules.face_down_from_first and place is not None:
        first_cards = run.rules.face_down_from_first
        if place >= first_cards:
            return f"put down {code}, not one of his first {first_cards} cards"
    return None
