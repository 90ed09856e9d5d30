"""A hand as a game: a full-information ``State``, its ``legal_moves`` and ``State.apply``.

OpenSpiel-style: the state knows every card, lists what the player to move may legally do (calls,
the face-down card, a card with its actions), and ``apply`` gives the next state. The simulator
plays random hands with it; the rules are read from the same ``GameRules`` objects as the engine,
but the legality of play is worked out here from full knowledge, independently of the replay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from recorder.cards import Call, CallKind, Card
from recorder.house_rules import resolve_rules
from replay.tricks.calling import CallingRun
from replay.tricks.deck import CARDS, CardTable, card_id, suit_of
from replay.tricks.games import GAME_RULES, GameRules
from replay.tricks.knowledge import Knowledge
from replay.tricks.outcome import Outcome, Special
from replay.tricks.redeal import RedealFacts

MoveKind = Literal["bid", "trump", "play", "pair", "redeal"]
Phase = Literal["calling", "trump", "play", "over"]


@dataclass(frozen=True)
class Move:
    """What a seat does: a call, the face-down card, a card with its actions, a pair, a redeal."""

    kind: MoveKind
    seat: int
    call: Call | None = None
    card: Card | None = None
    actions: tuple[str, ...] = ()
    """Before the card: ``ask``, ``show``, ``jodi``, ``jodi?=yes``, ``kot``, ``kot?=no`` ..."""
    reason: str | None = None


@dataclass(frozen=True)
class State:
    """One hand at one moment, with every card known."""

    rules: GameRules
    switches: Mapping[str, str]
    dealer: int
    deal: tuple[tuple[int, ...], ...]
    """Each seat's cards in the order dealt (index ``seat - 1``)."""
    calls: tuple[tuple[int, Call], ...] = ()
    phase: Phase = "calling"
    caller: int | None = None
    call: Call | None = None
    face_down: int | None = None
    hidden: bool = False
    trump: int | None = None
    special: Special | None = None
    played: frozenset[int] = frozenset()
    plays: tuple[tuple[int, int, bool], ...] = ()
    """The current trick: seat, card, whether it counts as a trump."""
    trick: int = 1
    leader: int = 0
    points: tuple[int, int] = (0, 0)
    tricks_won: tuple[int, int] = (0, 0)
    callers_lost_round: bool = False
    start_suit: int | None = None
    pair_by: int | None = None
    revealed_in: int | None = None
    won_since_reveal: tuple[bool, bool] = (False, False)
    redeal: str | None = None
    ended_by: str | None = None

    def _with(self, **changes: object) -> State:
        """A copy with some fields changed (``dataclasses.replace`` without its checks)."""
        copy = object.__new__(State)
        copy.__dict__.update(self.__dict__)
        copy.__dict__.update(changes)
        return copy

    @property
    def cards(self) -> CardTable:
        return self.rules.card_table(self.switches)

    # -- construction ----------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        game: str,
        dealer: int,
        deal: Sequence[Sequence[Card]],
        switches: Mapping[str, str] | None = None,
    ) -> State:
        """The state after the deal: ``deal`` gives each seat's cards, seat 1 first."""
        rules = GAME_RULES[game]
        resolved = resolve_rules(game, {}, dict(switches or {}))
        cards = tuple(tuple(card_id(card) for card in hand) for hand in deal)
        return cls(rules, resolved, dealer, cards)

    # -- questions ---------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.spec.players

    @property
    def first(self) -> int:
        return self.dealer % self.players + 1

    def team(self, seat: int) -> int:
        return 0 if seat % 2 else 1

    def hand(self, seat: int) -> list[int]:
        """The cards ``seat`` holds now (the caller's hidden face-down card is apart)."""
        hidden = self.face_down if self.hidden and seat == self.caller else None
        return [c for c in self.deal[seat - 1] if c not in self.played and c != hidden]

    def calling(self) -> CallingRun:
        """The calling so far, replayed by the game's calling system."""
        run = self.rules.calling_for(self.switches).start(
            self.first, self.players, self.rules.min_bid(self.switches), self.knowledge()
        )
        for seat, call in self.calls:
            run.speak(seat, call)
        return run

    def knowledge(self) -> Knowledge:
        """The whole deal as the engine's knowledge (every card known)."""
        return _knowledge(self.rules.name, self.deal)

    @property
    def to_move(self) -> int | None:
        """The seat whose move it is, ``None`` when the hand is over."""
        if self.phase == "calling":
            return self.calling().expected() or self.first
        if self.phase == "trump":
            return self.caller
        if self.phase == "play":
            if not self.plays:
                return self.leader
            return self.plays[-1][0] % self.players + 1
        return None

    def outcome(self) -> Outcome | None:
        """How the hand ended (``None`` while it goes on): as RULES.md §7 decides it."""
        if self.phase != "over":
            return None
        if self.redeal:
            return "redeal"
        if self.ended_by in ("answer", "lost"):
            return "made" if self.ended_by == "answer" else "lost"
        target = self.target()
        if self.caller is None or target is None:
            return None
        if self.special is not None:
            return "made"
        return "made" if self.points[self.team(self.caller)] >= target else "lost"

    def target(self) -> int | None:
        if self.call is None:
            return None
        total = self.rules.spec.card_points_total + self.rules.last_trick_bonus(self.switches)
        if self.special in ("jodi", "thani", "kot"):
            return total
        if self.pair_by is None or self.caller is None:
            return self.call.value
        change = self.rules.undertakings.pair_change
        change = -change if self.team(self.pair_by) == self.team(self.caller) else change
        minimum = self.rules.min_bid(self.switches)
        return max(minimum, min(self.rules.spec.max_bid, self.call.value + change))

    # -- moving ------------------------------------------------------------------------------

    def apply(self, move: Move) -> State:
        """The state after ``move`` (which should be one of ``legal_moves``)."""
        if move.kind == "redeal":
            return self._with(phase="over", redeal=move.reason, ended_by="thrown-in")
        if move.kind == "bid":
            return self._after_call(move)
        if move.kind == "trump":
            assert move.card is not None
            card = card_id(move.card)
            return self._with(face_down=card, trump=suit_of(card), hidden=True, phase="play")
        if move.kind == "pair":
            return self._with(pair_by=move.seat)
        return self._after_play(move)

    def _after_call(self, move: Move) -> State:
        assert move.call is not None
        state = self._with(calls=(*self.calls, (move.seat, move.call)))
        run = state.calling()
        if run.expected() is not None:
            return state
        if run.highest is None:
            return state
        caller, call = run.highest
        special: Special | None = None
        if call.kind is CallKind.THANI and self.rules.undertakings.thani:
            special = "thani"
        thani_lead = special == "thani" and self.rules.thani_caller_leads(self.switches)
        return state._with(
            caller=caller,
            call=call,
            special=special,
            phase="play" if special == "thani" else "trump",
            leader=caller if thani_lead else self.first,
        )

    def _after_play(self, move: Move) -> State:
        state = self
        for action in move.actions:
            state = state._act(move.seat, action)
            if state.phase == "over":
                return state
        assert move.card is not None
        card = card_id(move.card)
        if state.hidden and card == state.face_down:
            state = state._with(hidden=False, revealed_in=state.trick)
        counted = not state.hidden and state.trump is not None and suit_of(card) == state.trump
        if not state.plays and move.seat == state.caller and state.start_suit is None:
            state = state._with(start_suit=suit_of(card))
        state = state._with(
            played=state.played | {card},
            plays=(*state.plays, (move.seat, card, counted)),
        )
        if len(state.plays) == state.players:
            state = state._end_trick()
        return state

    def _act(self, seat: int, action: str) -> State:
        if action in ("ask", "show"):
            return self._with(hidden=False, revealed_in=self.trick)
        if action in ("jodi?=no", "kot?=no"):
            return self._with(phase="over", ended_by="answer")
        if action in ("jodi", "jodi?=yes"):
            return self._with(special="jodi")
        if action in ("kot", "kot?=yes"):
            return self._with(special="kot")
        return self

    def _end_trick(self) -> State:
        plays = self.plays
        trump = self.trump
        if self.revealed_in == self.trick and trump is not None and self.retro:
            plays = tuple((s, c, t or suit_of(c) == trump) for s, c, t in plays)
        winner = trick_winner(plays, self.cards)
        team = self.team(winner)
        points = sum(self.cards.points[c] for _, c, _ in plays)
        if self.trick == self.rules.spec.hand_size:
            points += self.rules.last_trick_bonus(self.switches)
        won = list(self.points)
        won[team] += points
        count = list(self.tricks_won)
        count[team] += 1
        since = list(self.won_since_reveal)
        if self.revealed_in is not None:
            since[team] = True
        callers = self.team(self.caller) if self.caller is not None else None
        state = self._with(
            plays=(),
            trick=self.trick + 1,
            leader=winner,
            points=(won[0], won[1]),
            tricks_won=(count[0], count[1]),
            callers_lost_round=self.callers_lost_round or team != callers,
            won_since_reveal=(since[0], since[1]),
        )
        ended = state._ended_by(winner, plays)
        if ended:
            return state._with(phase="over", ended_by=ended)
        return state

    @property
    def retro(self) -> bool:
        return self.switches.get("retro-trump", "yes") != "no"

    def _ended_by(self, winner: int, plays: Sequence[tuple[int, int, bool]]) -> str | None:
        caller = self.caller
        if caller is None:
            return "last-round" if self.trick > self.rules.spec.hand_size else None
        if self.special == "thani" and winner != caller:
            return "lost"
        if self.special in ("jodi", "kot") and self.callers_lost_round:
            return "lost"
        if self.special == "thani" and self.rules.undertakings.thani_starting_suit:
            suit = self.start_suit
            mine = [c for s, c, _ in plays if s == caller]
            last = not any(suit_of(c) == suit for c in self.hand(caller))
            if suit is not None and last and any(suit_of(c) == suit for c in mine):
                others = [s for s in range(1, self.players + 1) if s != caller]
                if any(suit_of(c) == suit for s in others for c in self.hand(s)):
                    return "lost"
        target = self.target()
        if self.rules.stops_when_decided(self.call) and target is not None:
            callers = self.team(caller)
            total = self.rules.spec.card_points_total
            if self.points[callers] >= target or self.points[1 - callers] > total - target:
                return "decided"
        if self.trick > self.rules.spec.hand_size:
            return "last-round"
        return None


def trick_winner(plays: Sequence[tuple[int, int, bool]], cards: CardTable) -> int:
    """The seat winning a complete trick: the highest trump, else the highest of the suit led."""
    led = suit_of(plays[0][1])
    best = (-1, -1)
    winner = plays[0][0]
    for seat, card, counted in plays:
        if counted:
            key = (1, cards.strength[card])
        elif suit_of(card) == led:
            key = (0, cards.strength[card])
        else:
            continue
        if key > best:
            best, winner = key, seat
    return winner


def redeal_due(state: State) -> str | None:
    """A redeal condition of the game that holds now (checked before and after the calling)."""
    facts = RedealFacts(
        knowledge=state.knowledge(),
        players=state.players,
        first_speaker=state.first,
        caller=state.caller,
        trump_suit=state.trump,
        calls_recorded=bool(state.calls),
        legal_call=state.call is not None,
    )
    for rule in state.rules.redeals:
        if rule.missable and rule.condition(facts).held:
            return rule.reason
    return None


def legal_moves(state: State) -> list[Move]:
    """Every move the player to move may make now (empty when the hand is over)."""
    if state.phase == "over":
        return []
    if state.phase == "calling":
        return _calling_moves(state)
    if state.phase == "trump":
        return _trump_moves(state)
    if state.trick == 1 and not state.plays:
        reason = redeal_due(state)
        if reason:
            return [Move("redeal", state.leader, reason=reason)]
    return _play_moves(state)


def _calling_moves(state: State) -> list[Move]:
    if not state.calls:
        reason = redeal_due(state)
        if reason:
            return [Move("redeal", state.first, reason=reason)]
    run = state.calling()
    seat = run.expected()
    if seat is None:
        return [Move("redeal", state.first, reason=state.rules.no_call_reason)]
    limits = state.rules.calling.limits
    minimum = state.rules.min_bid(state.switches)
    candidates = [Call(CallKind.PASS)]
    top = min(limits.max_value, 29 if state.rules.spec.honours else limits.max_value)
    candidates += [Call(CallKind.NUMBER, value) for value in range(minimum, top + 1)]
    if state.rules.spec.honours:
        candidates += [Call(CallKind.HONOURS, value) for value in range(30, 41)]
    if limits.has_thani:
        candidates.append(Call(CallKind.THANI, 1000))
    knowledge = state.knowledge()
    moves = []
    for call in candidates:
        if call.is_pass and seat == state.first and state.players == 6:
            continue
        if run.problem(seat, call) or (not call.is_pass and limits.notes(call, seat, knowledge)):
            continue
        moves.append(Move("bid", seat, call=call))
    return moves


def _trump_moves(state: State) -> list[Move]:
    caller = state.caller
    assert caller is not None
    dealt = state.deal[caller - 1]
    if state.rules.seventh_card(state.switches):
        choices: Sequence[int] = dealt[6:7]
    elif state.rules.face_down_from_first:
        choices = dealt[: state.rules.face_down_from_first]
    else:
        choices = dealt
    return [Move("trump", caller, card=CARDS[card]) for card in choices]


def _play_moves(state: State) -> list[Move]:
    seat = state.to_move
    assert seat is not None
    hand = state.hand(seat)
    caller = state.caller
    is_caller = seat == caller
    trump = state.trump
    hidden = state.hidden and state.face_down is not None
    speech = _speech(state, seat)
    moves: list[Move] = [Move("play", seat, actions=(said,)) for said in speech if "=no" in said]
    speech = [said for said in speech if "=no" not in said]

    def play(cards: Sequence[int], actions: tuple[str, ...] = ()) -> None:
        for card in cards:
            moves.append(Move("play", seat, card=CARDS[card], actions=actions))
            for said in speech:
                moves.append(Move("play", seat, card=CARDS[card], actions=(said, *actions)))

    if not state.plays:
        if is_caller and hidden and not hand:
            play([state.face_down])  # type: ignore[list-item]
            return moves
        if is_caller and hidden and not state.rules.trump.may_lead_hidden(state.call):
            others = [c for c in hand if suit_of(c) != trump]
            play(others or hand)
        else:
            play(hand)
        return moves
    led = suit_of(state.plays[0][1])
    follow = [c for c in hand if suit_of(c) == led]
    if follow:
        play(follow)
        return moves
    if not hidden or trump is None:
        play(hand)
        return moves
    if not is_caller:
        play(hand)
        trumps = [c for c in hand if suit_of(c) == trump]
        play(trumps or hand, ("ask",))
        return moves
    if not hand:
        play([state.face_down])  # type: ignore[list-item]
        return moves
    rules = state.rules.trump
    if rules.hidden_discard_forbidden:
        play([c for c in hand if suit_of(c) != trump])
    else:
        play(hand)
    if led != trump or not rules.opening_to_follow_forbidden:
        assert state.face_down is not None
        if rules.show_cuts_with_face_down:
            play([state.face_down], ("show",))
        else:
            play([state.face_down, *(c for c in hand if suit_of(c) == trump)], ("show",))
    return moves


def _speech(state: State, seat: int) -> list[str]:
    """What the seat may say before its card: Jodi and ``jodi?`` (40), Kott and ``kot?`` (28)."""
    rules = state.rules.undertakings
    call = state.call
    if state.special is not None or call is None or call.kind is not CallKind.NUMBER:
        return []
    if state.trick > rules.last_round_to_speak or state.caller is None:
        return []
    ours = state.team(seat) == state.team(state.caller)
    if rules.jodi_calls is not None and call.value in rules.jodi_calls:
        return ["jodi"] if ours else ["jodi?=yes", "jodi?=no"]
    kot = rules.kot_calls is not None and call.value in rules.kot_calls
    if kot and ours and not state.plays and not state.callers_lost_round:
        return ["kot", "kot?=yes", "kot?=no"]
    return []


def pair_moves(state: State) -> list[Move]:
    """29: the pairs that may be declared now, between tricks (King and Queen of trumps)."""
    if not state.rules.undertakings.pair or state.phase != "play" or state.plays:
        return []
    if state.pair_by is not None or state.revealed_in is None or state.trump is None:
        return []
    king, queen = (c for c in state.cards.suit_cards(state.trump) if CARDS[c].rank in "KQ")
    moves = []
    for seat in range(1, state.players + 1):
        hand = state.hand(seat)
        if king in hand and queen in hand and state.won_since_reveal[state.team(seat)]:
            moves.append(Move("pair", seat))
    return moves


@lru_cache(maxsize=64)
def _knowledge(game: str, deal: tuple[tuple[int, ...], ...]) -> Knowledge:
    """A full deal as the engine's knowledge (shared: conditions only read it)."""
    rules = GAME_RULES[game]
    knowledge = Knowledge(rules.card_table({}), rules.spec.players, rules.spec.hand_size)
    for seat, cards in enumerate(deal, start=1):
        for card in cards:
            knowledge.known_set[seat].add(card)
            knowledge.dealt_set[seat].add(card)
            knowledge.holder[card] = seat
        knowledge.dealt[seat] = list(cards)
        knowledge.first_cards[seat] = list(cards)
    return knowledge
