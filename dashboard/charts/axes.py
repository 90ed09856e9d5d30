"""Every axis of a chart pinned before it is sent: its kind, its range and its ticks, worked out
here once from the figure's traces, so that what a chart's axes show is decided in one place, the
same in every browser and at every size, not by plotly.js's autorange in each page (which put a
long session's flag labels over each other on a phone: ``tests/browser/test_chart_phone_browser``).

The rules follow plotly's own where a figure leaves them open: a category axis lists its
categories in the order the traces give them, one a unit; a number axis spans its traces' values
(a bar from its base, with its width), ``rangemode="tozero"`` takes zero in, and a side that is
not held at zero by a bar or by ``tozero`` gets a twentieth of the span as room; its ticks are
spaced by 1, 2 or 5 times a power of ten, about six along a y axis and eight along an x axis.
"""

from __future__ import annotations

import base64
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import numpy as np

Spec = dict[str, Any]

PAD = 0.05
"""The room left beyond a number axis's values, as a share of its span (plotly's)."""
TICKS = {"x": 8, "y": 6}
"""About how many ticks a number axis shows, by its direction."""
NICE = (1.0, 2.0, 5.0, 10.0)
BAR_SHARE = 0.8
"""A bar's width as a share of the gap between positions, when a trace gives none (plotly's)."""


def plain(value: Any) -> Any:
    """``value`` with plotly's typed arrays (``{"dtype", "bdata"}``, base64 of the bytes) made
    plain lists, so that a page's script reads them as it reads any list."""
    if isinstance(value, dict):
        if "bdata" in value and "dtype" in value:
            array = np.frombuffer(base64.b64decode(value["bdata"]), dtype=value["dtype"])
            if "shape" in value:
                shape = [int(size) for size in str(value["shape"]).split(",")]
                array = array.reshape(shape)
            return array.tolist()
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value


def axis_key(axis_id: str) -> str:
    """The layout key of an axis id: ``x`` is ``xaxis``, ``y2`` is ``yaxis2``."""
    return f"{axis_id[0]}axis{axis_id[1:]}"


@dataclass
class _Extent:
    """What the traces put on one axis: numbers, categories, whether a bar stands on zero and
    whether any value wants room beyond it."""

    numbers: list[float] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)
    based: bool = False
    """Whether a bar stands on zero on this axis (no room is left beyond zero)."""
    padded: bool = False

    def add_categories(self, values: Iterable[Any]) -> None:
        for value in values:
            text = str(value)
            if text not in self.categories:
                self.categories.append(text)

    def add_numbers(self, values: Iterable[Any], padded: bool) -> None:
        found = [float(value) for value in values if _is_number(value)]
        self.numbers.extend(found)
        self.padded = self.padded or (padded and bool(found))

    def hold_zero(self) -> None:
        """A bar's base: zero is in the range, with no room beyond it."""
        self.numbers.append(0.0)
        self.based = True


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _is_category(values: list[Any]) -> bool:
    return any(isinstance(value, str) for value in values)


def pin_axes(spec: Spec) -> Spec:
    """``spec`` (a figure's ``data`` and ``layout``, arrays plain) with every axis its traces use
    given its ``type``, ``range`` and, unless the figure set its ticks, ``tick0`` and ``dtick``."""
    layout: Spec = dict(spec["layout"])
    extents: dict[str, _Extent] = {}
    categorical: dict[str, bool] = {}
    traces = spec["data"]
    for trace in traces:
        for letter in "xy":
            axis_id = trace.get(f"{letter}axis", letter)
            kind = layout.get(axis_key(axis_id), {}).get("type")
            values = list(trace.get(letter) or [])
            is_category = kind == "category" or (kind is None and _is_category(values))
            categorical[axis_id] = categorical.get(axis_id, False) or is_category
            extents.setdefault(axis_id, _Extent())
    stacks: dict[tuple[str, float], list[float]] = {}
    for trace in traces:
        _take(trace, layout, extents, categorical, stacks)
    for (axis_id, _), (below, above) in stacks.items():
        extents[axis_id].add_numbers([below, above], padded=True)
    _share_matched(layout, extents)
    for axis_id, extent in extents.items():
        key = axis_key(axis_id)
        axis = dict(layout.get(key, {}))
        if categorical[axis_id]:
            axis.update(type="category", categoryorder="array", categoryarray=extent.categories)
            axis.setdefault("range", [-0.5, len(extent.categories) - 0.5])
        else:
            axis["type"] = "linear"
            if "range" not in axis:
                axis["range"] = _span(extent, axis.get("rangemode") == "tozero")
            if "dtick" not in axis and "tickvals" not in axis:
                low, high = axis["range"]
                axis.update(tick0=0, dtick=nice_step((high - low) / TICKS[axis_id[0]]))
        layout[key] = axis
    for axis_id in extents:  # a shared axis ticks as the one it matches, unless told otherwise
        key, given = axis_key(axis_id), spec["layout"].get(axis_key(axis_id), {})
        other = layout[key].get("matches")
        if other and "dtick" not in given and "tickvals" not in given:
            ticks = {name: layout[axis_key(other)].get(name) for name in ("tick0", "dtick")}
            layout[key].update({name: value for name, value in ticks.items() if value is not None})
    return {**spec, "layout": layout}


def _positions(trace: Spec, letter: str, categories: list[str] | None) -> list[float]:
    """A trace's positions along one axis as numbers: a category's is its index."""
    values = list(trace.get(letter) or [])
    if categories is None:
        return [float(value) if _is_number(value) else math.nan for value in values]
    return [float(categories.index(str(value))) for value in values]


def _take(
    trace: Spec,
    layout: Spec,
    extents: dict[str, _Extent],
    categorical: dict[str, bool],
    stacks: dict[tuple[str, float], list[float]],
) -> None:
    """Put one trace's values on its two axes."""
    ids = {letter: trace.get(f"{letter}axis", letter) for letter in "xy"}
    for letter, axis_id in ids.items():
        if categorical[axis_id]:
            extents[axis_id].add_categories(trace.get(letter) or [])
    if trace.get("type") != "bar":
        for letter, axis_id in ids.items():
            if not categorical[axis_id]:
                extents[axis_id].add_numbers(trace.get(letter) or [], padded=True)
        return
    across, along = ("y", "x") if trace.get("orientation") == "h" else ("x", "y")
    place_id, value_id = ids[across], ids[along]
    place_extent = extents[place_id]
    categories = place_extent.categories if categorical[place_id] else None
    places = _positions(trace, across, categories)
    half = bar_width(trace, places) / 2
    if categories is None:
        place_extent.add_numbers([p - half for p in places] + [p + half for p in places], False)
    values = [value if _is_number(value) else 0.0 for value in trace.get(along) or []]
    if layout.get("barmode") == "stack":
        for place, value in zip(places, values, strict=False):
            below, above = stacks.setdefault((value_id, place), [0.0, 0.0])
            stacks[(value_id, place)] = [min(below, below + value), max(above, above + value)]
    else:
        extents[value_id].add_numbers(values, padded=True)
    extents[value_id].hold_zero()


def bar_width(trace: Spec, places: list[float]) -> float:
    """A bar trace's bar width: its own, else plotly's share of the smallest gap between bars."""
    width = trace.get("width")
    if isinstance(width, int | float) and _is_number(width):
        return float(width)
    ordered = sorted({place for place in places if not math.isnan(place)})
    gaps = [high - low for low, high in pairwise(ordered)]
    return BAR_SHARE * (min(gaps) if gaps else 1.0)


def _share_matched(layout: Spec, extents: dict[str, _Extent]) -> None:
    """Axes that ``matches`` another (shared axes of subplots) span the same values."""
    for axis_id in list(extents):
        other = layout.get(axis_key(axis_id), {}).get("matches")
        if other and other in extents:
            joined = _Extent()
            for each in (extents[axis_id], extents[other]):
                joined.numbers += each.numbers
                joined.add_categories(each.categories)
                joined.based = joined.based or each.based
                joined.padded = joined.padded or each.padded
            extents[axis_id] = extents[other] = joined


def _span(extent: _Extent, to_zero: bool) -> list[float]:
    """A number axis's range: its values (zero too when ``to_zero``), with room on each side not
    held at zero."""
    numbers = extent.numbers + ([0.0] if to_zero else [])
    if not numbers:
        return [-1.0, 6.0] if to_zero else [-1.0, 1.0]
    low, high = min(numbers), max(numbers)
    if low == high:
        return [0.0, 1.0] if low == 0 else [low - 1.0, high + 1.0]
    room = PAD * (high - low) if extent.padded else 0.0
    held = to_zero or extent.based
    return [low if held and low == 0 else low - room, high if held and high == 0 else high + room]


def nice_step(rough: float) -> float:
    """The step of 1, 2 or 5 times a power of ten at or above ``rough``."""
    if rough <= 0 or not math.isfinite(rough):
        return 1.0
    power = 10.0 ** math.floor(math.log10(rough))
    step = next(nice for nice in NICE if nice * power >= rough * (1 - 1e-9)) * power
    return float(round(step, 12))
