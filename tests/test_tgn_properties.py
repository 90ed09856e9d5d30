"""Properties: random valid records survive the writer and the reader; random input never raises."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from recorder.cards import THANI, Call, CallKind, Suit
from recorder.games import GAMES, GameSpec
from recorder.house_rules import HOUSE_RULES
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
    RedealLine,
    Tag,
    Trick,
    TrumpLine,
    Turn,
)
from recorder.tgn import TGNError, dumps, loads, read, read_bytes
from recorder.tgn.body import REDEAL_REASONS
from recorder.tgn.words import GLYPHS

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéക"
_PRINTABLE = _LETTERS + "0123456789 .,:;!?'\"-+*/\\()[]{}|=^&%#@~"

words = st.text(alphabet=_LETTERS, min_size=1, max_size=8)
# A ``;`` comment: one line, trimmed. A ``{...}`` comment: no ``}``, trimmed, may span lines.
line_comments = st.text(alphabet=_PRINTABLE, max_size=20).map(str.strip)
brace_comments = st.text(alphabet=_PRINTABLE.replace("}", "") + "\n", max_size=20).map(str.strip)
# A tag value: one line, without a quote followed by ``]``.
tag_values = st.text(alphabet=_PRINTABLE, max_size=20).filter(lambda value: '"]' not in value)
vendor_names = st.from_regex(r"X-[A-Za-z][A-Za-z0-9_]{0,8}", fullmatch=True)


def comment_lists(strategy: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    return st.lists(strategy, max_size=2)


def remarks() -> st.SearchStrategy[str | None]:
    return st.none() | line_comments


@st.composite
def line_node(draw: st.DrawFn) -> dict[str, Any]:
    """The comments every line node may carry."""
    return {"before": draw(comment_lists(line_comments)), "remark": draw(remarks())}


@st.composite
def calls(draw: st.DrawFn, spec: GameSpec) -> Call:
    choices = [st.just(Call(CallKind.PASS)), st.just(THANI)]
    numbers = st.integers(0, 999)
    if spec.honours:  # in 40 the numbers 30 ... 40 are Honours calls
        numbers = numbers.filter(lambda number: not 30 <= number <= 40)
        choices.append(st.integers(30, 40).map(lambda value: Call(CallKind.HONOURS, value)))
    choices.append(numbers.map(lambda value: Call(CallKind.NUMBER, value)))
    return draw(st.one_of(choices))


@st.composite
def turns(draw: st.DrawFn, spec: GameSpec, seat_needed: bool) -> Turn:
    """A turn; ``seat_needed`` when the turn before it has no card (it must then name its seat)."""
    seat = (
        draw(st.integers(1, spec.players))
        if seat_needed
        else draw(st.none() | st.integers(1, spec.players))
    )
    kinds = st.sampled_from(["ask", "show", "jodi", "kot", "jodi?", "kot?"])
    actions = []
    for kind in draw(st.lists(kinds, max_size=2)):
        answer = draw(st.booleans()) if kind.endswith("?") else None
        actions.append(
            Action(kind=kind, answer=answer, comments=draw(comment_lists(brace_comments)))
        )
    ends_the_hand = any(action.answer is False for action in actions)
    if ends_the_hand and draw(st.booleans()):
        return Turn(seat=seat, actions=actions)
    card = draw(st.none() | st.sampled_from(spec.pack))
    return Turn(
        seat=seat,
        actions=actions,
        card=card,
        unseen=card is None,
        glyph=draw(st.none() | st.sampled_from(GLYPHS)),
        called=draw(st.booleans()),
        comments=draw(comment_lists(brace_comments)),
    )


@st.composite
def tricks(draw: st.DrawFn, spec: GameSpec, number: int) -> Trick:
    played: list[Turn] = []
    for _ in range(draw(st.integers(0, spec.players))):
        seat_needed = bool(played) and played[-1].card is None and not played[-1].unseen
        played.append(draw(turns(spec, seat_needed)))
    return Trick(
        number=number,
        turns=played,
        star=draw(st.booleans()),
        comments=draw(comment_lists(brace_comments)),
        **draw(line_node()),
    )


@st.composite
def deals(draw: st.DrawFn, spec: GameSpec, seat: int) -> DealLine:
    cards = [
        DealtCard(
            card=draw(st.none() | st.sampled_from(spec.pack)),
            comments=draw(comment_lists(brace_comments)),
        )
        for _ in range(draw(st.integers(0, spec.hand_size)))
    ]
    split = False
    if spec.bid_split:
        split = len(cards) == spec.hand_size or (
            len(cards) >= spec.bid_split and draw(st.booleans())
        )
    return DealLine(seat=seat, cards=cards, split=split, **draw(line_node()))


@st.composite
def hands(draw: st.DrawFn, spec: GameSpec, number: int, teams: list[str], last: bool) -> Hand:
    tags = [Tag(name="Hand", value=str(number), **draw(line_node()))]
    if number == 1 or draw(st.booleans()):
        tags.append(
            Tag(name="Dealer", value=str(draw(st.integers(1, spec.players))), **draw(line_node()))
        )
    results = st.sampled_from(["made", "lost", "redeal"]) | st.builds(
        "{} {}".format, st.sampled_from(["made", "lost"]), st.integers(0, 999)
    )
    if draw(st.booleans()):
        tags.append(Tag(name="Result", value=draw(results), **draw(line_node())))
    for name in ("Time", "Note"):
        if draw(st.booleans()):
            tags.append(Tag(name=name, value=draw(tag_values), **draw(line_node())))
    for name in draw(st.lists(vendor_names, max_size=2)):
        tags.append(Tag(name=name, value=draw(tag_values), **draw(line_node())))
    seats = draw(st.lists(st.integers(1, spec.players), unique=True, max_size=spec.players))
    bidding = None
    if draw(st.booleans()):
        bids = [
            Bid(
                seat=draw(st.integers(1, spec.players)),
                call=draw(calls(spec)),
                comments=draw(comment_lists(brace_comments)),
            )
            for _ in range(draw(st.integers(0, 6)))
        ]
        bidding = Bidding(bids=bids, **draw(line_node()))
    trump = None
    if draw(st.booleans()):
        card = draw(st.none() | st.sampled_from(spec.pack))
        suit = draw(st.none() | st.sampled_from(list(Suit))) if card is None else None
        trump = TrumpLine(
            card=card, suit=suit, comments=draw(comment_lists(brace_comments)), **draw(line_node())
        )
    played = [draw(tricks(spec, number)) for number in range(1, draw(st.integers(0, 3)) + 1)]
    pairs = sorted(
        (
            PairLine(
                seat=draw(st.integers(1, spec.players)),
                after_trick=draw(st.integers(0, len(played))),
                **draw(line_node()),
            )
            for _ in range(draw(st.integers(0, 2)))
        ),
        key=lambda pair: pair.after_trick,
    )
    redeal = (
        RedealLine(reason=draw(st.sampled_from(REDEAL_REASONS)), **draw(line_node()))
        if draw(st.booleans())
        else None
    )
    penalties = [
        PenaltyLine(
            team=draw(st.sampled_from(teams)),
            points=draw(st.integers(-99, 99)),
            reason=" ".join(draw(st.lists(words, max_size=3))),
            **draw(line_node()),
        )
        for _ in range(draw(st.integers(0, 2)))
    ]
    return Hand(
        tags=tags,
        deals=[draw(deals(spec, seat)) for seat in sorted(seats)],
        bidding=bidding,
        trump=trump,
        tricks=played,
        pairs=pairs,
        redeal=redeal,
        penalties=penalties,
        after=draw(comment_lists(line_comments)) if last else [],
    )


@st.composite
def records(draw: st.DrawFn) -> Record:
    spec = GAMES[draw(st.sampled_from(sorted(GAMES)))]
    names = draw(st.lists(words, min_size=spec.players, max_size=spec.players))
    teams = draw(st.lists(words, min_size=2, max_size=2, unique=True))
    tags = [
        Tag(name="Game", value=spec.name, **draw(line_node())),
        Tag(name="Players", value=", ".join(names), **draw(line_node())),
        Tag(name="Teams", value=", ".join(teams), **draw(line_node())),
    ]
    for name in ("Event", "Site", "Date", "Table", "Round", "Scorer"):
        values = st.dates().map(str) if name == "Date" else tag_values
        if draw(st.booleans()):
            tags.append(Tag(name=name, value=draw(values), **draw(line_node())))
    switches = [rule for rule in HOUSE_RULES.values() if spec.name in rule.games]
    chosen = draw(st.lists(st.sampled_from(switches), max_size=3, unique_by=lambda rule: rule.key))
    if chosen:
        tags.append(
            Tag(
                name="Rules",
                value=", ".join(f"{rule.key}={rule.default}" for rule in chosen),
                **draw(line_node()),
            )
        )
    for name in ("Coolies", "Flags") if spec.honours else ("Points",):
        if draw(st.booleans()):
            value = ", ".join(f"{team}={draw(st.integers(-9, 9))}" for team in teams)
            tags.append(Tag(name=name, value=value, **draw(line_node())))
    for name in draw(st.lists(vendor_names, max_size=2)):
        tags.append(Tag(name=name, value=draw(tag_values), **draw(line_node())))
    count = draw(st.integers(0, 3))
    played = [draw(hands(spec, number, teams, number == count)) for number in range(1, count + 1)]
    after = draw(comment_lists(line_comments)) if not played else []
    return Record(tags=tags, hands=played, after=after)


@SETTINGS
@given(records())
def test_written_records_read_back_equal_and_the_writer_is_a_fixed_point(record: Record) -> None:
    text = dumps(record)
    again = loads(text)
    assert again == record
    assert dumps(again) == text


# Text made of the notation's own pieces reaches deep into the reader; any text and bytes too.
_PIECES = [
    '[Game "40"]', '[Game "29"]', '[Players "A, B, C, D, E, F"]', '[Players "A, B, C, D"]',
    '[Hand "1"]', '[Hand "2"]', '[Dealer "3"]', '[Rules "min-bid=15"]', '[Teams "R, B"]',
    '[Points "R=1"]', "[", "]", '"', "{", "}", "{x}", ";", "; c", "\n", "\r\n", " ", "\t", "deal",
    "1:", "2:", "9:", "JS", "10h", "9♥", "ZZ", "-", "|", "bid", "20", "p", "H3", "thani", "trump",
    "?H", "1.", "2.", "x.", "ask", "show", "jodi?=no", "kot?", "!", "??", "^", "*", "pair", "3",
    "redeal", "misdeal", "penalty", "R", "B", "\x00", "\x07", "é", "\ufeff",
]  # fmt: skip
notation_soup = st.lists(st.sampled_from(_PIECES), max_size=60).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.text() | notation_soup)
def test_reading_any_text_never_raises_and_loads_raises_only_tgn_error(text: str) -> None:
    result = read(text, "random.tgn")
    assert all(error.line >= 1 and error.column >= 1 for error in result.errors)
    try:
        record = loads(text, "random.tgn")
    except TGNError as error:
        assert error.errors == result.errors and error.errors
    else:
        assert not result.errors and record == result.record


@settings(max_examples=200, deadline=None)
@given(st.binary() | notation_soup.map(lambda text: text.encode("utf-8")))
def test_reading_any_bytes_never_raises(data: bytes) -> None:
    result = read_bytes(data, "random.bin")
    assert result.record is not None or result.errors
