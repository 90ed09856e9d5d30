"""The play of a hand: turns in order, following suit, the hidden trump, asks and shows (§2, §5).

Every card is judged when it is played, with the evidence the whole record gives (a card the
player's deal shows, or one he plays later); tricks are won, counted and handed to the
undertakings, which may end the hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from recorder.model import Action, PairLine, Trick, Turn
from replay.tricks import undertakings
from replay.tricks.deck import CARDS, RANK_COUNT, suit_word
from replay.tricks.run import HandRun, TrickRecord


def play_tricks(run: HandRun, seats: Sequence[Sequence[int | None]] | None) -> None:
    """Replay every trick line of the hand; ``seats`` gives each turn's seat when worked out."""
    tricks = run.hand.tricks
    pairs: list[PairLine] = sorted(run.hand.pairs, key=lambda pair: pair.after_trick)
    last = len(tricks) - 1
    for index, trick in enumerate(tricks):
        given = seats[index] if seats is not None and index < len(seats) else None
        filled: list[int | None] = []
        run.filled.append(filled)
        cards = run.turn_cards[index] if index < len(run.turn_cards) else []
        _play_trick(run, trick, index + 1, given, cards, filled, index == last)
        while pairs and pairs[0].after_trick <= index + 1:
            undertakings.declare_pair(run, pairs.pop(0))
        if trick.star and not run.over:
            run.star = True
            run.finish("star")
    for pair in pairs:
        undertakings.declare_pair(run, pair)


def _play_trick(
    run: HandRun,
    trick: Trick,
    number: int,
    given: Sequence[int | None] | None,
    cards: Sequence[int | None],
    filled: list[int | None],
    last_line: bool,
) -> None:
    over_before = run.over
    run.trick = number
    run.current = TrickRecord(number, run.leader, [])
    run.trick_done = False
    run.led_suit = None
    previous: int | None = None
    for position, turn in enumerate(trick.turns):
        seat = given[position] if given is not None and position < len(given) else turn.seat
        if seat is None:
            seat = run.leader if not run.current.plays and previous is None else None
            if seat is None and previous is not None:
                seat = previous % run.players + 1
        filled.append(seat)
        if seat is None or not 1 <= seat <= run.players:
            continue
        previous = seat
        card = cards[position] if position < len(cards) else run.knowledge.card_of(turn.card)
        if run.over:
            _after_end(run, turn, seat, card)
        else:
            _play_turn(run, turn, seat, card)
    if over_before:
        _follow_leader(run)
    else:
        _end_trick(run, trick, last_line)


def _token(turn: Turn) -> str:
    return turn.card.code if turn.card is not None else "-"


def _after_end(run: HandRun, turn: Turn, seat: int, card: int | None) -> None:
    """A card recorded after the hand ended: it counts for nobody."""
    current = run.current
    if current is not None:
        current.plays.append((seat, card, False))
        current.seats.add(seat)
    if turn.card is not None or turn.unseen:
        run.report.add(
            "played-after-end",
            run.trick,
            seat,
            turn,
            f"played {_token(turn)} after the hand had ended; it counts for nobody",
        )


def _follow_leader(run: HandRun) -> None:
    """After the end, keep track of who would lead next, to fill seats left out."""
    current = run.current
    if current is not None and current.plays:
        run.leader = _winner(run, current.plays)


def _play_turn(run: HandRun, turn: Turn, seat: int, card: int | None) -> None:
    current = run.current
    assert current is not None
    leading = not current.plays
    if leading:
        if not _lead_in_turn(run, current, turn, seat, card):
            return
    elif seat in current.seats or seat != _expected(run, current):
        _out_of_turn(run, current, turn, seat)
    asked = showed = False
    if turn.actions:
        said = _act(run, turn, seat, card, leading)
        if said is None:
            return
        asked, showed = said
    if card is None:
        if turn.card is not None or turn.unseen:
            _add_play(run, seat, None, turn)
        return
    knowledge = run.knowledge
    if (
        run.played_count[seat] >= run.hand_size
        or card in run.played_in
        or (card == run.face_down and seat != run.caller)
        or (card not in knowledge.dealt_set[seat] and card not in knowledge.extra[seat])
    ):
        _check_holding(run, seat, card, turn)
    if seat == run.caller and run.hidden:
        if card == run.face_down:
            _play_face_down(run, seat, card, turn, leading)
        elif leading:
            _check_lead(run, seat, card, turn)
        else:
            _check_follow(run, seat, card, turn, asked, showed)
    elif not leading and (asked or showed or card // RANK_COUNT != run.led_suit):
        _check_follow(run, seat, card, turn, asked, showed)
    _add_play(run, seat, card, turn)


def _expected(run: HandRun, current: TrickRecord) -> int | None:
    """Who should play next: the seat after the last when every seat so far came in order."""
    plays = current.plays
    count = len(plays)
    last = plays[-1][0]
    players = run.players
    if len(current.seats) == count and last == (plays[0][0] + count - 2) % players + 1:
        return last % players + 1 if count < players else None
    return run.next_to_play()


def _lead_in_turn(
    run: HandRun, current: TrickRecord, turn: Turn, seat: int, card: int | None
) -> bool:
    """Check the leader; ``False`` when the hand turns out to have ended before this lead."""
    if run.leader is None:
        undertakings.credit_unknown_winner(run, seat)
        if run.over:
            _after_end(run, turn, seat, card)
            return False
    elif seat != run.leader:
        run.report.add(
            "lead-out-of-turn",
            run.trick,
            seat,
            turn,
            f"led {_token(turn)} out of turn; seat {run.leader} was to lead",
        )
    current.leader = seat
    return True


def _out_of_turn(run: HandRun, current: TrickRecord, turn: Turn, seat: int) -> None:
    if seat in current.seats:
        what = f"played {_token(turn)}, a second card"
    else:
        what = f"played {_token(turn)} out of turn; seat {run.next_to_play()} was to play"
    run.report.add("play-out-of-turn", run.trick, seat, turn, what)


def _act(
    run: HandRun, turn: Turn, seat: int, card: int | None, leading: bool
) -> tuple[bool, bool] | None:
    """The turn's actions in order: whether it asked and showed; ``None`` if the hand ended."""
    asked = showed = False
    for action in turn.actions:
        if action.kind == "ask" and seat != run.caller:
            asked = _ask(run, seat, action, leading) or asked
        elif action.kind in ("ask", "show"):
            showed = _show(run, seat, action, leading) or showed
        else:
            undertakings.say(run, seat, action, leading)
        if run.steps is not None:
            run.step("action", run.trick, seat, action.token, action)
        if run.over:
            if turn.card is not None or turn.unseen:
                _after_end(run, turn, seat, card)
            return None
    return asked, showed


def _check_holding(run: HandRun, seat: int, card: int, turn: Turn) -> None:
    """Record errors: a card too many, a card played twice, a card the deal gives elsewhere."""
    code = CARDS[card].code
    if run.played_count[seat] >= run.hand_size:
        run.report.add(
            "too-many-cards",
            run.trick,
            seat,
            turn,
            f"played {code}, more than the {run.hand_size} cards of a hand",
        )
    elif card in run.played_in:
        run.report.add(
            "duplicate-card",
            run.trick,
            seat,
            turn,
            f"played {code}, already played in trick {run.played_in[card]}",
        )
    elif card == run.face_down and run.caller is not None and seat != run.caller:
        run.report.add(
            "trump-card",
            run.trick,
            seat,
            turn,
            f"played {code}, the caller's face-down card (seat {run.caller})",
        )
    elif not run.knowledge.take(seat, card):
        owner = run.knowledge.placed(card)
        where = (
            f"which the deal gives to seat {owner}"
            if owner is not None and owner != seat
            else "which is not in his deal"
        )
        run.report.add("not-held", run.trick, seat, turn, f"played {code}, {where}")


def _held_of_suit(run: HandRun, seat: int, suit: int) -> list[int]:
    return run.knowledge.held_of_suit(seat, suit, run.trick, run.hidden_card_of(seat))


def _ask(run: HandRun, seat: int, action: Action, leading: bool) -> bool:
    """A player who cannot follow asks for the trump; it is turned up and goes to the caller."""
    problem = _misplaced_opening(run, "asked for the trump", leading)
    if problem:
        run.report.add("action-misplaced", run.trick, seat, action, problem)
        return False
    _could_follow(run, seat, action, "ask-while-following", "asked for the trump")
    _reveal(run, seat)
    return True


def _could_follow(run: HandRun, seat: int, action: Action, code: str, what: str) -> bool:
    """Report ``code`` when the record proves the seat held the suit led; True when it did."""
    led = run.led_suit
    follow = _held_of_suit(run, seat, led) if led is not None else []
    if follow and led is not None:
        run.report.add(
            code,
            run.trick,
            seat,
            action,
            f"{what} on a {suit_word(led)} lead but "
            + run.knowledge.proof(seat, run.trick, follow),
        )
    return bool(follow)


def _show(run: HandRun, seat: int, action: Action, leading: bool) -> bool:
    """The caller opens the trump himself (an ``ask`` by the caller is read as a show)."""
    if seat != run.caller:
        run.report.add(
            "action-misplaced", run.trick, seat, action, "showed the trump; only the caller may"
        )
        return False
    problem = _misplaced_opening(run, "showed the trump", leading)
    if problem:
        run.report.add("action-misplaced", run.trick, seat, action, problem)
        return False
    led = run.led_suit
    following = _could_follow(run, seat, action, "show-while-following", "showed the trump")
    if led is not None and led == run.trump_suit and not following:
        _judge_opening_to_follow(run, seat, action, led)
    _reveal(run, seat)
    return True


def _judge_opening_to_follow(run: HandRun, seat: int, action: Action, led: int) -> None:
    """The caller may not open the hidden trump to follow a trump-suit lead (40, 28)."""
    if _opening_forbidden(run, seat):
        run.report.add(
            "opened-to-follow",
            run.trick,
            seat,
            action,
            f"opened the trump to follow a {suit_word(led)} lead",
        )


def _misplaced_opening(run: HandRun, what: str, leading: bool) -> str | None:
    if not run.has_face_down:
        return f"{what}, but no card lies face down"
    if not run.hidden:
        return f"{what}, already revealed in trick {run.revealed_in}"
    if leading:
        return f"{what} on his own lead"
    return None


def _opening_forbidden(run: HandRun, seat: int) -> bool:
    rules = run.rules.trump
    if not rules.opening_to_follow_forbidden:
        return False
    last = run.played_count[seat] == run.hand_size - 1
    return not (rules.opening_on_last_card_allowed and last)


def _reveal(run: HandRun, seat: int) -> None:
    run.hidden = False
    run.revealed_by = seat
    run.revealed_in = run.trick
    if run.current is not None:
        run.current.revealed = True
        run.current.revealed_by = seat


def _play_face_down(run: HandRun, seat: int, card: int, turn: Turn, leading: bool) -> None:
    """The caller plays the hidden face-down card: fine as his last card, else it opens it."""
    rules = run.rules.trump
    code = CARDS[card].code
    if run.played_count[seat] < run.hand_size - 1:
        if rules.face_down_only_after_reveal:
            run.report.add(
                "face-down-too-early",
                run.trick,
                seat,
                turn,
                f"played the face-down {code} before the trump was revealed",
            )
        elif leading:
            _check_lead(run, seat, card, turn)
        elif run.led_suit is not None and run.led_suit == run.trump_suit:
            if _opening_forbidden(run, seat):
                run.report.add(
                    "opened-to-follow",
                    run.trick,
                    seat,
                    turn,
                    f"opened the trump to follow a {suit_word(run.led_suit)} lead with the "
                    f"face-down {code}",
                )
        elif run.led_suit is not None:
            follow = _held_of_suit(run, seat, run.led_suit)
            if follow:
                run.report.add(
                    "show-while-following",
                    run.trick,
                    seat,
                    turn,
                    f"cut with the face-down {code} on a {suit_word(run.led_suit)} lead but "
                    + run.knowledge.proof(seat, run.trick, follow),
                )
    _reveal(run, seat)


def _check_lead(run: HandRun, seat: int, card: int, turn: Turn) -> None:
    """The caller may not lead the hidden trump suit, unless the game or the call allows it."""
    trump = run.trump_suit
    if (
        seat == run.caller
        and run.hidden
        and trump is not None
        and card // RANK_COUNT == trump
        and not run.rules.trump.may_lead_hidden(run.call)
    ):
        held = run.knowledge.held(seat, run.trick, run.face_down)
        others = [other for other in held if other // RANK_COUNT != trump]
        if others:
            run.report.add(
                "illegal-trump-lead",
                run.trick,
                seat,
                turn,
                f"led {CARDS[card].code}, a {suit_word(trump)}, while the trump was hidden but "
                + run.knowledge.proof(seat, run.trick, others),
            )


def _check_follow(
    run: HandRun, seat: int, card: int, turn: Turn, asked: bool, showed: bool
) -> None:
    """Follow suit; no hidden trump thrown by the caller (40); cut after an ask or a show."""
    led = run.led_suit
    suit = card // RANK_COUNT
    trump = run.trump_suit
    if led is not None and suit != led:
        follow = _held_of_suit(run, seat, led)
        if follow:
            run.report.add(
                "revoke",
                run.trick,
                seat,
                turn,
                f"threw {CARDS[card].code} on a {suit_word(led)} lead but "
                + run.knowledge.proof(seat, run.trick, follow),
            )
        if trump is not None and led != trump:
            _check_cut(run, seat, card, turn, asked, showed)
    if not showed or suit != trump:
        return
    face_down = run.face_down if run.rules.trump.show_cuts_with_face_down else None
    if face_down is not None and card != face_down:
        run.report.add(
            "show-wrong-card",
            run.trick,
            seat,
            turn,
            f"showed the trump and cut with {CARDS[card].code}, "
            f"not the face-down {CARDS[face_down].code}",
        )


def _check_cut(run: HandRun, seat: int, card: int, turn: Turn, asked: bool, showed: bool) -> None:
    trump = run.trump_suit
    assert trump is not None
    if card // RANK_COUNT == trump:
        if (
            run.rules.trump.hidden_discard_forbidden
            and seat == run.caller
            and run.hidden
            and run.has_face_down
        ):
            run.report.add(
                "hidden-trump-discard",
                run.trick,
                seat,
                turn,
                f"threw {CARDS[card].code}, a {suit_word(trump)}, while the trump was hidden; "
                "the caller must show and cut, or throw another suit",
            )
        return
    if showed:
        run.report.add(
            "failed-to-cut",
            run.trick,
            seat,
            turn,
            f"showed the trump, then threw {CARDS[card].code} instead of cutting",
        )
    elif asked:
        trumps = _held_of_suit(run, seat, trump)
        if trumps:
            run.report.add(
                "failed-to-cut",
                run.trick,
                seat,
                turn,
                f"asked for the trump, then threw {CARDS[card].code} but "
                + run.knowledge.proof(seat, run.trick, trumps),
            )


def _add_play(run: HandRun, seat: int, card: int | None, turn: Turn) -> None:
    current = run.current
    assert current is not None
    suit = card // RANK_COUNT if card is not None else None
    counted = suit is not None and suit == run.trump_suit and not run.hidden and run.has_face_down
    if not current.plays:
        run.led_suit = suit
        if seat == run.caller and run.start_suit is None:
            run.start_suit = suit
    current.plays.append((seat, card, counted))
    current.seats.add(seat)
    run.played_count[seat] += 1
    if card is not None:
        run.played_cards[seat].append(card)
        run.played_in.setdefault(card, run.trick)
    if run.steps is not None:
        run.step("card", run.trick, seat, _token(turn), turn)


def _winner(run: HandRun, plays: Sequence[tuple[int, int | None, bool]]) -> int | None:
    """The seat that wins these plays, or ``None`` when the record cannot tell."""
    if not plays or plays[0][1] is None:
        return None
    led = plays[0][1] // RANK_COUNT
    unknown_trump = run.trump_suit is None and run.has_face_down and not run.hidden
    strength = run.cards.strength
    best_seat: int | None = None
    best = -1
    for seat, card, counted in plays:
        if card is None:
            return None
        suit = card // RANK_COUNT
        if suit != led and unknown_trump:
            return None
        if counted:
            key = 100 + strength[card]
        elif suit == led:
            key = strength[card]
        else:
            continue
        if key > best:
            best, best_seat = key, seat
    return best_seat


def _card_points(run: HandRun, plays: Sequence[tuple[int, int | None, bool]]) -> int | None:
    """The card points of a trick, ``None`` when a card of it was not seen."""
    points = run.cards.points
    total = 0
    for _, card, _ in plays:
        if card is None:
            return None
        total += points[card]
    return total


def _end_trick(run: HandRun, trick: Trick, last_line: bool) -> None:
    """Win and count the trick, then let the undertakings and the end rules look at it."""
    current = run.current
    assert current is not None
    run.trick_done = True
    if not current.plays:
        return
    run.tricks.append(current)
    if run.over:
        return
    complete = len(current.plays) >= run.players
    if not complete and not last_line and not trick.star:
        run.report.add(
            "short-trick",
            run.trick,
            None,
            trick,
            f"trick {run.trick} has {len(current.plays)} cards, not {run.players}",
        )
    if not complete and (last_line or trick.star):
        return
    if run.retro_trump and run.revealed_in == run.trick and run.trump_suit is not None:
        trump = run.trump_suit
        current.plays = [
            (seat, card, counted or (card is not None and card // RANK_COUNT == trump))
            for seat, card, counted in current.plays
        ]
    current.winner = _winner(run, current.plays) if complete else None
    if complete:
        current.points = _card_points(run, current.plays)
        if current.points is not None and run.trick == run.hand_size:
            current.points += run.last_trick_bonus
    undertakings.after_trick(run, current)
