"""Moving through a replayed hand, and the moment shown as URL parameters.

A hand's replay is a list of steps (one per event: a call, the trump put down, a card, a reveal).
The controls move by one step or to the end of a trick; the position lives in the URL as
``?session=…&hand=…&step=…&seat=…`` so that a link shows everyone the same moment.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from urllib.parse import urlencode

from dashboard.query import query_number


class Move(StrEnum):
    """A control of the Replay page; the value is its widget key."""

    FIRST = "step-first"
    PREVIOUS_TRICK = "step-previous-trick"
    PREVIOUS_CARD = "step-previous-card"
    NEXT_CARD = "step-next-card"
    NEXT_TRICK = "step-next-trick"
    LAST = "step-last"


@dataclass(frozen=True)
class Control:
    """A button of the Replay page: its move, its label, what it does, its icon and its key."""

    move: Move
    label: str
    help: str
    icon: str
    shortcut: str


@dataclass(frozen=True)
class StepWords:
    """What the controls call a replay's steps and their runs: a trick game's cards and tricks,
    a Rummy deal's turns and rounds."""

    unit: str
    """A run of steps the double arrows move over (``trick``, ``round``)."""
    step: str
    """What one step on shows (``the next call or card``)."""
    key: str
    """What one arrow key moves (``a card``)."""
    last: str
    """The last button's label and what it shows."""
    last_help: str


TRICK_WORDS = StepWords(
    "trick", "the next call or card", "a card", "Result", "The end of the hand and its result"
)
ROUND_WORDS = StepWords(
    "round", "the next turn", "a turn", "End", "The end of the deal: the hands shown"
)


def controls_for(words: StepWords) -> tuple[Control, ...]:
    """The Replay page's buttons in the words of a game's steps (the keys are the same)."""
    unit = words.unit
    return (
        Control(
            Move.FIRST, "Deal", "The deal, first step of the hand", ":material/first_page:", "Home"
        ),
        Control(
            Move.PREVIOUS_TRICK,
            f"{unit.capitalize()} back",
            f"Back to the end of the {unit} before",
            ":material/keyboard_double_arrow_left:",
            "Shift+Left",
        ),
        Control(Move.PREVIOUS_CARD, "Back", "One step back", ":material/chevron_left:", "Left"),
        Control(
            Move.NEXT_CARD,
            "Next",
            f"One step on: {words.step}",
            ":material/chevron_right:",
            "Right",
        ),
        Control(
            Move.NEXT_TRICK,
            f"Next {unit}",
            f"On to the end of this {unit} or the next",
            ":material/keyboard_double_arrow_right:",
            "Shift+Right",
        ),
        Control(Move.LAST, words.last, words.last_help, ":material/last_page:", "End"),
    )


def shortcut_help(words: StepWords) -> str:
    """The keys of the controls, said in the words of a game's steps."""
    return (
        f"Keys: ← → {words.key}, Shift+← Shift+→ a {words.unit}, Home and End the first and "
        "last step."
    )


CONTROLS = controls_for(TRICK_WORDS)
SHORTCUT_HELP = shortcut_help(TRICK_WORDS)


def trick_ends(tricks: Sequence[int | None]) -> list[int]:
    """The steps at which a trick is complete: the last step of each run of one trick number.

    ``tricks`` gives, for every step, the trick its event belongs to (``None`` for the calling).
    """
    return [
        index
        for index, trick in enumerate(tricks)
        if trick is not None and (index + 1 == len(tricks) or tricks[index + 1] != trick)
    ]


def move(step: int, how: Move, tricks: Sequence[int | None]) -> int:
    """The step a control leads to from ``step`` in a hand whose steps belong to ``tricks``."""
    last = max(len(tricks) - 1, 0)
    if how is Move.FIRST:
        return 0
    if how is Move.LAST:
        return last
    if how is Move.PREVIOUS_CARD:
        return max(step - 1, 0)
    if how is Move.NEXT_CARD:
        return min(step + 1, last)
    ends = trick_ends(tricks)
    if how is Move.NEXT_TRICK:
        return next((end for end in ends if end > step), last)
    return next((end for end in reversed(ends) if end < step), 0)


@dataclass(frozen=True)
class Position:
    """A moment of a session: which session, which hand (from 1), which step, seen by which seat."""

    session: str | None = None
    hand: int = 1
    step: int = 0
    seat: int | None = None

    def to_params(self) -> dict[str, str]:
        """The URL parameters of this moment (the seat only when one is chosen)."""
        params = {"session": self.session or "", "hand": str(self.hand), "step": str(self.step)}
        if self.seat is not None:
            params["seat"] = str(self.seat)
        return params

    def query(self) -> str:
        """The URL query string of this moment, ``?`` included."""
        return "?" + urlencode(self.to_params())


def _number(text: str | None, lowest: int) -> int | None:
    value = query_number(text)
    return value if value is not None and value >= lowest else None


def out_of_range(
    params: Mapping[str, str], name: str, lowest: int, highest: int, where: str
) -> str | None:
    """What is wrong with a link's ``name`` parameter (``hand``, ``step``, ``seat``), if anything:
    not a number, or not one of ``lowest`` to ``highest`` that ``where`` has."""
    text = params.get(name)
    if text is None:
        return None
    value = _number(text, lowest)
    if value is not None and value <= highest:
        return None
    if query_number(text) is None:
        return f"The link's {name} '{text[:20]}' is not a number."
    return (
        f"The link asks for {name} {text.strip()}, but {where} has {name}s {lowest} to {highest}."
    )


def parse_position(params: Mapping[str, str]) -> Position:
    """Read a moment from URL parameters; anything missing or unreadable takes its default."""
    session = params.get("session") or None
    hand = _number(params.get("hand"), 1) or 1
    step = _number(params.get("step"), 0) or 0
    seat = _number(params.get("seat"), 1)
    return Position(session, hand, step, seat)


ARROWS = {"Left": "ArrowLeft", "Right": "ArrowRight"}


def _key_name(shortcut: str) -> str:
    """A shortcut as a browser names its key event: ``Shift+Left`` is ``Shift+ArrowLeft``."""
    *modifiers, key = shortcut.split("+")
    return "+".join([*modifiers, ARROWS.get(key, key)])


def keys_after_dropdown_script() -> str:
    """A script for the page: a step key pressed while a closed dropdown still holds the focus
    (after a session, hand or seat was chosen) takes the focus off it and moves the step, as it
    does anywhere else on the page."""
    keys = json.dumps({_key_name(c.shortcut): c.move.value for c in CONTROLS})
    return (
        "<script>(() => {"
        "if (window.thuruppuStepKeys) return; window.thuruppuStepKeys = true;"
        f"const keys = {keys};"
        "document.addEventListener('keydown', (event) => {"
        "const active = document.activeElement;"
        "if (!active || !active.closest('[data-testid=\"stSelectbox\"]')) return;"
        "if (active.getAttribute('aria-expanded') === 'true') return;"
        "const key = keys[(event.shiftKey ? 'Shift+' : '') + event.key];"
        "const button = key && document.querySelector(`.st-key-${key} button`);"
        "if (!button) return;"
        "event.preventDefault(); event.stopPropagation(); active.blur(); button.click();"
        "}, true);"
        "})();</script>"
    )
