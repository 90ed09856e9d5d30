"""The reader builds its records without validation: the nodes are those pydantic would give from
their data, reading a file loads no pydantic, and the command's start-up loads neither the record
model nor pydantic until a command needs them."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from recorder.cards import Card, Suit
from recorder.model import DealtCard, Node, Record, Turn
from recorder.tgn import body, loads, to_json
from recorder.tgn.node_maker import NodeMaker

ROOT = Path(__file__).resolve().parent.parent
SESSIONS = sorted((ROOT / "data").rglob("*.tgn")) + sorted((ROOT / "tests/tgn_cases").glob("*.tgn"))
COMMENTED = """[Game "40"]
[Players "A, B, C, D, E, F"]
; before the hand
[Hand "1"] {first}
[Dealer "6"]
deal 1: JS {a jack} - 3S ; end of deal
bid 1:20 {thinking} 2:pass
trump {hidden} ?H {the suit}
1. {lead} 1:ask {asked} JS! {good} 2:- 3:^KD?
2. 3:jodi?=no 4:QS *
penalty A 1 slow
; after the hand
"""


def node_classes(root: type[Node] = Node) -> list[type[Node]]:
    """Every node class of the record models."""
    found = []
    for cls in root.__subclasses__():
        found += [cls, *node_classes(cls)]
    return found


@pytest.mark.parametrize("path", SESSIONS, ids=lambda path: path.name)
def test_a_read_record_is_the_record_pydantic_validates_from_its_data(path: Path) -> None:
    record = loads(path.read_text(encoding="utf-8"), path.name)
    validated = Record.model_validate(record.model_dump())
    assert validated == record
    assert validated.model_dump() == record.model_dump()  # positions too
    assert to_json(validated) == to_json(record)  # the same fields in the same order


def test_comments_and_unusual_turns_are_built_as_pydantic_validates_them() -> None:
    record = loads(COMMENTED)
    hand = record.hands[0]
    assert Record.model_validate(record.model_dump()).model_dump() == record.model_dump()
    assert [card.comments for card in hand.deals[0].cards] == [["a jack"], [], []]
    assert hand.trump is not None and hand.trump.comments == ["the suit"]
    first, second = hand.tricks
    assert first.comments == ["lead"] and first.turns[0].actions[0].comments == ["asked"]
    assert [turn.comments for turn in first.turns] == [["good"], [], []]
    assert (second.turns[0].card, second.turns[0].actions[0].answer, second.star) == (
        None,
        False,
        True,
    )


def test_a_built_node_has_fresh_lists_and_copies_like_a_validated_one() -> None:
    card = Card("J", Suit.SPADES)
    first, second = Turn.build(seat=1, card=card), Turn.build(seat=2, card=card)
    assert first.comments == [] and first.comments is not second.comments
    assert first == Turn(seat=1, card=card) == Turn.model_validate({"seat": 1, "card": "JS"})
    moved = first.model_copy(update={"seat": 3})
    assert (moved.seat, first.seat, moved.card) == (3, 1, card)
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.seat = 2  # type: ignore[misc]
    record = loads(COMMENTED)
    for again in (copy.deepcopy(record), pickle.loads(pickle.dumps(record))):
        assert again.model_dump() == record.model_dump()
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        first.nothing  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(TypeError):
        Turn.build(card=card)  # a required field is a required argument


@pytest.mark.parametrize("cls", node_classes(), ids=lambda cls: cls.__name__)
def test_every_node_class_builds_its_defaults_in_field_order(cls: type[Node]) -> None:
    fields = dataclasses.fields(cls)
    required: dict[str, Any] = {
        info.name: None
        for info in fields
        if info.default is dataclasses.MISSING and info.default_factory is dataclasses.MISSING
    }
    built = cls.build(**required)
    assert list(built.__dict__) == [info.name for info in fields]
    assert built == cls(**required)
    assert built.__dict__ == cls(**required).__dict__  # positions too


def test_the_readers_own_turns_and_dealt_cards_are_the_ones_build_makes() -> None:
    card = Card("J", Suit.SPADES)
    made = [
        body._plain_turn(3, card, 4, 5),
        body._dealt_card(card, 4, 5),
        body._dealt_card(None, 1, 2),
    ]
    makers: list[NodeMaker[Any]] = [body._TURN_NODE, body._DEALT_CARD_NODE, body._DEALT_CARD_NODE]
    built = [
        Turn.build(seat=3, card=card, line=4, column=5),
        DealtCard.build(card=card, line=4, column=5),
        DealtCard.build(line=1, column=2),
    ]
    for one, other, defaults in zip(made, built, [maker.defaults for maker in makers], strict=True):
        assert type(one) is type(other)
        assert list(one.__dict__.items()) == list(other.__dict__.items())  # in field order
        shared = [name for name, value in one.__dict__.items() if value is defaults[name]]
        assert not [name for name in shared if isinstance(one.__dict__[name], list)]


@pytest.mark.parametrize("cls", node_classes(), ids=lambda cls: cls.__name__)
def test_a_node_maker_makes_the_node_build_makes(cls: type[Node]) -> None:
    fields = dataclasses.fields(cls)
    required = {
        info.name: 1
        for info in fields
        if info.default is dataclasses.MISSING and info.default_factory is dataclasses.MISSING
    }
    maker = NodeMaker(cls)
    made, other = maker.make(dict(required)), maker.make(dict(required))
    built = cls.build(**required)
    assert type(made) is cls
    assert list(made.__dict__.items()) == list(built.__dict__.items())  # in field order
    lists = [name for name, value in made.__dict__.items() if isinstance(value, list)]
    assert all(made.__dict__[name] is not other.__dict__[name] for name in lists)  # each its own
    given = maker.make({**required, "line": 7, "column": 9})
    assert (given.line, given.column) == (7, 9)


def test_reading_loads_no_pydantic_and_start_up_loads_no_model() -> None:
    script = (
        "import sys\n"
        "import dashboard.cli.commands\n"
        "assert 'pydantic' not in sys.modules and 'recorder.model' not in sys.modules\n"
        "from recorder.model import Record\n"
        "from recorder.tgn import read\n"
        f"result = read(open({str(ROOT / 'data/tgn-example-40.tgn')!r}).read())\n"
        "assert result.ok\n"
        "assert 'pydantic' not in sys.modules and 'pydantic_core' not in sys.modules\n"
        "assert Record.model_validate_json(result.record.model_dump_json()) == result.record\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, cwd=ROOT)


def test_every_module_of_the_recorder_imports_first() -> None:
    script = (
        "import importlib, pkgutil, sys\n"
        "import recorder\n"
        "names = [info.name for info in pkgutil.walk_packages(recorder.__path__, 'recorder.')]\n"
        "for name in names:\n"
        "    for loaded in [module for module in sys.modules if module.startswith('recorder.')]:\n"
        "        del sys.modules[loaded]\n"
        "    importlib.import_module(name)\n"
        "print(len(names))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 20
