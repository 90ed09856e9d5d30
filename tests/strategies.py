"""Random ``Record``s for property tests: one shape of record, drawn in the style a test needs.

``WRITABLE`` records are what the TGN writer can write and read back equal; ``ANY_CONTENT`` records
hold whatever the model allows (seats off the table, cards of other games, odd tags) for the
engine's robustness; ``COMMENTED`` records carry a comment in every place, for the archive's fold.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any, get_args

from hypothesis import strategies as st

from recorder.cards import SUITS, THANI, Call, CallKind, Card
from recorder.games import GAMES, GameSpec
from recorder.house_rules import HOUSE_RULES
from recorder.model import (
    Action,
    ActionKind,
    Bid,
    Bidding,
    DealLine,
    DealtCard,
    Glyph,
    Hand,
    PairLine,
    PenaltyLine,
    Record,
    RedealLine,
    RedealReason,
    Tag,
    Trick,
    TrumpLine,
    Turn,
)
from replay.tricks.deck import CARDS

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéക"
_PRINTABLE = _LETTERS + "0123456789 .,:;!?'\"-+*/\\()[]{}|=^&%#@~"

words = st.text(alphabet=_LETTERS, min_size=1, max_size=8)
# A ``;`` comment: one line, trimmed. A ``{...}`` comment: no ``}``, trimmed, may span lines.
line_comments = st.text(alphabet=_PRINTABLE, max_size=20).map(str.strip)
brace_comments = st.text(alphabet=_PRINTABLE.replace("}", "") + "\n", max_size=20).map(str.strip)
# A tag value: one line, without a quote followed by ``]``.
tag_values = st.text(alphabet=_PRINTABLE, max_size=20).filter(lambda value: '"]' not in value)
vendor_names = st.from_regex(r"X-[A-Za-z][A-Za-z0-9_]{0,8}", fullmatch=True)
# A short one-line comment the archive stores as it is: no brace, no line break, never empty.
archive_words = (
    st.text(alphabet="abcdefgh xyz-.!", min_size=1, max_size=8).map(str.strip).filter(bool)
)
# Values a table never writes, for the tags the engine reads.
odd_values = st.sampled_from(["", "1", "3", "6", "0", "x", "made 20", "lost", "redeal", "void 2"])

_ACTION_LISTS = st.lists(st.sampled_from(get_args(ActionKind)), max_size=2)
_GLYPHS = st.none() | st.sampled_from(get_args(Glyph))
_REDEAL_REASONS = st.sampled_from(get_args(RedealReason))
_GAME_NAMES = st.sampled_from(sorted(GAMES))
_SUITS = st.none() | st.sampled_from(SUITS)


@dataclass(frozen=True)
class RecordStyle:
    """What a random record may hold in its places; the shape of the record is always the same.

    ``writable`` keeps to the shapes the TGN writer writes and reads back unchanged; ``wild`` lets
    values go where no table goes (seats -1..8, cards of any game, any call, odd tag values).
    """

    comment: st.SearchStrategy[str] | None
    """Text of ``;`` comments (before lines, remarks, after hands), or ``None`` for none."""
    brace_comment: st.SearchStrategy[str] | None
    """Text of ``{...}`` comments on cards, calls, actions and tricks, or ``None`` for none."""
    tag_value: st.SearchStrategy[str]
    writable: bool = False
    wild: bool = False
    least_hands: int = 0
    most_hands: int = 3
    least_bids: int = 0
    """The fewest calls in a ``bid`` line (the archive keeps no empty calling)."""
    most_tricks: int = 3
    most_turns: int | None = None
    """The most turns in a trick; ``None`` for the game's number of players."""


WRITABLE = RecordStyle(line_comments, brace_comments, tag_values, writable=True)
ANY_CONTENT = RecordStyle(
    None, None, odd_values, wild=True, least_hands=1, most_hands=2, most_tricks=9, most_turns=7
)
COMMENTED = RecordStyle(archive_words, archive_words, archive_words, least_bids=1)


def _comments(text: st.SearchStrategy[str] | None) -> st.SearchStrategy[list[str]]:
    return st.just([]) if text is None else st.lists(text, max_size=2)


@dataclass(frozen=True)
class _Drawing:
    """Records of one style and game: the leaf strategies they draw from, built once each, as
    building a strategy costs more than drawing from it."""

    style: RecordStyle
    spec: GameSpec

    @cached_property
    def seats(self) -> st.SearchStrategy[int]:
        return st.integers(-1, 8) if self.style.wild else st.integers(1, self.spec.players)

    @cached_property
    def cards(self) -> st.SearchStrategy[Card | None]:
        return st.none() | st.sampled_from(CARDS if self.style.wild else self.spec.pack)

    @cached_property
    def line_comments(self) -> st.SearchStrategy[list[str]]:
        return _comments(self.style.comment)

    @cached_property
    def brace_comments(self) -> st.SearchStrategy[list[str]]:
        return _comments(self.style.brace_comment)

    @cached_property
    def remarks(self) -> st.SearchStrategy[str | None]:
        return st.none() if self.style.comment is None else st.none() | self.style.comment

    @cached_property
    def calls(self) -> st.SearchStrategy[Call]:
        return _calls(self.style, self.spec)

    @cached_property
    def answers(self) -> st.SearchStrategy[bool | None]:
        return st.none() | st.booleans() if self.style.wild else st.booleans()

    def line(self, draw: st.DrawFn) -> dict[str, Any]:
        """The comments every line node may carry."""
        return {"before": draw(self.line_comments), "remark": draw(self.remarks)}

    def tag(self, draw: st.DrawFn, name: str, value: str) -> Tag:
        return Tag(name=name, value=value, **self.line(draw))


@cache
def _drawing(style: RecordStyle, game: str) -> _Drawing:
    return _Drawing(style, GAMES[game])


def _calls(style: RecordStyle, spec: GameSpec) -> st.SearchStrategy[Call]:
    if style.wild:
        return st.builds(Call, st.sampled_from(list(CallKind)), st.integers(-3, 1001))
    choices = [st.just(Call(CallKind.PASS)), st.just(THANI)]
    numbers = st.integers(0, 999)
    if spec.honours:  # in 40 the numbers 30 ... 40 are Honours calls
        numbers = numbers.filter(lambda number: not 30 <= number <= 40)
        choices.append(st.integers(30, 40).map(lambda value: Call(CallKind.HONOURS, value)))
    choices.append(numbers.map(lambda value: Call(CallKind.NUMBER, value)))
    return st.one_of(choices)


def _turn(draw: st.DrawFn, drawing: _Drawing, seat_needed: bool) -> Turn:
    """A turn; ``seat_needed`` when the turn before it has no card (it must then name its seat)."""
    seat = draw(drawing.seats if seat_needed else st.none() | drawing.seats)
    actions = []
    for kind in draw(_ACTION_LISTS):
        answer = draw(drawing.answers) if kind.endswith("?") or drawing.style.wild else None
        actions.append(Action(kind=kind, answer=answer, comments=draw(drawing.brace_comments)))
    ends_the_hand = any(action.answer is False for action in actions)
    if drawing.style.writable and ends_the_hand and draw(st.booleans()):
        return Turn(seat=seat, actions=actions)
    card = draw(drawing.cards)
    return Turn(
        seat=seat,
        actions=actions,
        card=card,
        unseen=card is None if drawing.style.writable else draw(st.booleans()),
        glyph=draw(_GLYPHS),
        called=draw(st.booleans()),
        comments=draw(drawing.brace_comments),
    )


def _trick(draw: st.DrawFn, drawing: _Drawing, number: int) -> Trick:
    most_turns = drawing.style.most_turns or drawing.spec.players
    played: list[Turn] = []
    for _ in range(draw(st.integers(0, most_turns))):
        seat_needed = drawing.style.writable and bool(played)
        seat_needed = seat_needed and played[-1].card is None and not played[-1].unseen
        played.append(_turn(draw, drawing, seat_needed))
    return Trick(
        number=draw(st.integers(0, 10)) if drawing.style.wild else number,
        turns=played,
        star=draw(st.booleans()),
        comments=draw(drawing.brace_comments),
        **drawing.line(draw),
    )


def _deal(draw: st.DrawFn, drawing: _Drawing, seat: int) -> DealLine:
    spec = drawing.spec
    cards = [
        DealtCard(card=draw(drawing.cards), comments=draw(drawing.brace_comments))
        for _ in range(draw(st.integers(0, spec.hand_size)))
    ]
    if not drawing.style.writable:
        split = draw(st.booleans())
    elif spec.bid_split:
        split = len(cards) == spec.hand_size or (
            len(cards) >= spec.bid_split and draw(st.booleans())
        )
    else:
        split = False
    return DealLine(seat=seat, cards=cards, split=split, **drawing.line(draw))


_RESULTS = st.sampled_from(["made", "lost", "redeal"]) | st.builds(
    "{} {}".format, st.sampled_from(["made", "lost"]), st.integers(0, 999)
)


def _hand_tags(draw: st.DrawFn, drawing: _Drawing, number: int) -> list[Tag]:
    """A hand's tags; a wild hand may lack its ``Hand`` tag or number it oddly."""
    style = drawing.style
    tags = []
    if not style.wild or draw(st.booleans()):
        tags.append(drawing.tag(draw, "Hand", draw(odd_values) if style.wild else str(number)))
    dealers, results = drawing.seats.map(str), _RESULTS
    if not style.writable:
        dealers, results = dealers | style.tag_value, results | style.tag_value
    if (number == 1 and style.writable) or draw(st.booleans()):
        tags.append(drawing.tag(draw, "Dealer", draw(dealers)))
    if draw(st.booleans()):
        tags.append(drawing.tag(draw, "Result", draw(results)))
    for name in ("Time", "Note"):
        if draw(st.booleans()):
            tags.append(drawing.tag(draw, name, draw(style.tag_value)))
    for name in draw(st.lists(vendor_names, max_size=2)):
        tags.append(drawing.tag(draw, name, draw(style.tag_value)))
    return tags


def _hand(draw: st.DrawFn, drawing: _Drawing, teams: list[str], number: int, last: bool) -> Hand:
    style, spec = drawing.style, drawing.spec
    seats = draw(
        st.lists(st.integers(1, spec.players), unique=True, max_size=spec.players).map(sorted)
        if style.writable
        else st.lists(drawing.seats, max_size=spec.players)
    )
    bidding = None
    if draw(st.booleans()):
        bids = [
            Bid(
                seat=draw(drawing.seats),
                call=draw(drawing.calls),
                comments=draw(drawing.brace_comments),
            )
            for _ in range(draw(st.integers(style.least_bids, 6)))
        ]
        bidding = Bidding(bids=bids, **drawing.line(draw))
    trump = None
    if draw(st.booleans()):
        card = draw(drawing.cards)
        suit = draw(_SUITS) if card is None or style.wild else None
        trump = TrumpLine(
            card=card, suit=suit, comments=draw(drawing.brace_comments), **drawing.line(draw)
        )
    tricks = [
        _trick(draw, drawing, number)
        for number in range(1, draw(st.integers(0, style.most_tricks)) + 1)
    ]
    # A written pair line stands after a trick of its hand; elsewhere it may point past them.
    after_tricks = st.integers(-1 if style.wild else 0, len(tricks) + (not style.writable))
    pairs = [
        PairLine(
            seat=draw(drawing.seats),
            after_trick=draw(after_tricks),
            **drawing.line(draw),
        )
        for _ in range(draw(st.integers(0, 2)))
    ]
    if style.writable:
        pairs.sort(key=lambda pair: pair.after_trick)
    redeal = (
        RedealLine(reason=draw(_REDEAL_REASONS), **drawing.line(draw))
        if draw(st.booleans())
        else None
    )
    penalised = st.sampled_from(teams) | words if style.wild else st.sampled_from(teams)
    penalties = [
        PenaltyLine(
            team=draw(penalised),
            points=draw(st.integers(-99, 99)),
            reason=" ".join(draw(st.lists(words, max_size=3))),
            **drawing.line(draw),
        )
        for _ in range(draw(st.integers(0, 2)))
    ]
    return Hand(
        tags=_hand_tags(draw, drawing, number),
        deals=[_deal(draw, drawing, seat) for seat in seats],
        bidding=bidding,
        trump=trump,
        tricks=tricks,
        pairs=pairs,
        redeal=redeal,
        penalties=penalties,
        # The reader gives comments after a hand to the next hand's first tag: only the last
        # hand of a written record has any.
        after=draw(drawing.line_comments) if last or not style.writable else [],
    )


def _rules(draw: st.DrawFn, drawing: _Drawing) -> str:
    if drawing.style.wild:
        keys = st.sampled_from(sorted(HOUSE_RULES))
        values = st.sampled_from(["yes", "no", "0", "1", "15", "x"])
        pairs = draw(st.lists(st.tuples(keys, values), max_size=3))
        return ", ".join(f"{key}={value}" for key, value in pairs)
    switches = [rule for rule in HOUSE_RULES.values() if drawing.spec.name in rule.games]
    chosen = draw(st.lists(st.sampled_from(switches), max_size=3, unique_by=lambda rule: rule.key))
    return ", ".join(f"{rule.key}={rule.default}" for rule in chosen)


@st.composite
def records(draw: st.DrawFn, style: RecordStyle) -> Record:
    """A random record in ``style``: session tags, then hands with every kind of line."""
    drawing = _drawing(style, draw(_GAME_NAMES))
    spec = drawing.spec
    teams = draw(st.lists(words, min_size=2, max_size=2, unique=True))
    game = draw(st.sampled_from([spec.name, "99"])) if style.wild else spec.name
    players = st.integers(0, 6) if style.wild else st.just(spec.players)
    names = draw(players.flatmap(lambda count: st.lists(words, min_size=count, max_size=count)))
    tags = [
        drawing.tag(draw, "Game", game),
        drawing.tag(draw, "Players", ", ".join(names)),
        drawing.tag(draw, "Teams", ", ".join(teams)),
    ]
    for name in ("Event", "Site", "Date", "Table", "Round", "Scorer"):
        values = st.dates().map(str) if name == "Date" else style.tag_value
        if draw(st.booleans()):
            tags.append(drawing.tag(draw, name, draw(values)))
    rules = _rules(draw, drawing)
    if rules:
        tags.append(drawing.tag(draw, "Rules", rules))
    for name in ("Coolies", "Flags") if spec.honours else ("Points",):
        if draw(st.booleans()):
            value = ", ".join(f"{team}={draw(st.integers(-9, 9))}" for team in teams)
            tags.append(drawing.tag(draw, name, value))
    for name in draw(st.lists(vendor_names, max_size=2)):
        tags.append(drawing.tag(draw, name, draw(style.tag_value)))
    count = draw(st.integers(style.least_hands, style.most_hands))
    hands = [_hand(draw, drawing, teams, number, number == count) for number in range(1, count + 1)]
    after = draw(drawing.line_comments) if not hands else []
    return Record(tags=tags, hands=hands, after=after)
