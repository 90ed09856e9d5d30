"""A description written back as TOML text (TOURNAMENT.md §2, §8, §11), for the organiser's form and
``thuruppu day init``, which build a ``Description`` from a form and a roster and store its text.

A small emitter rather than a TOML library: a description holds only texts, whole numbers and lists
of texts, in a fixed set of tables, so forty lines write every key in the contract's order, each
text as a TOML basic string (JSON's escapes are TOML's: ``\\"``, ``\\\\``, ``\\n``, ``\\uXXXX``),
and a test reads every text written back to the same description. Keys at their default are
written too (the organiser sees every setting); empty lists and unset texts are left out.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from replay.tournament.description import Description


def _text(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def _names(values: Sequence[str]) -> str:
    return "[" + ", ".join(_text(value) for value in values) + "]"


def description_toml(description: Description) -> str:
    """The description as TOML text that ``read_description`` reads back to the same values."""
    lines: list[str] = []
    for key, value in (
        ("name", description.name),
        ("date", description.date),
        ("timezone", description.timezone),
        ("rules", description.rules),
    ):
        if value is not None:
            lines.append(f"{key} = {_text(value)}")
    fmt = description.twenty_eight
    lines += [
        "",
        "[28]",
        f"shuffles = {fmt.shuffles}",
        f"final_shuffles = {fmt.final_shuffles}",
        f"group_games = {fmt.group_games}",
        f"tiebreak = {_names(fmt.tiebreak)}",
    ]
    lines += [f"{key} = {_names(names)}" for key, names in _lists(fmt.decided, fmt.withdrawn)]
    for team in fmt.teams:
        lines += ["", "[[28.teams]]", f"name = {_text(team.name)}"]
        if team.players:
            lines.append(f"players = {_names(team.players)}")
        if team.group is not None:
            lines.append(f"group = {_text(team.group)}")
    rummy = description.rummy
    lines += [
        "",
        "[rummy]",
        f"limit = {rummy.limit}",
        f"first_round_qualify = {rummy.first_round_qualify}",
        f"semi_qualify = {rummy.semi_qualify}",
    ]
    if rummy.players:
        lines.append(f"players = {_names(rummy.players)}")
    if rummy.withdrawn:
        lines.append(f"withdrawn = {_names(rummy.withdrawn)}")
    fees = description.fees
    lines += [
        "",
        "[fees]",
        f"registration = {fees.registration}",
        f"entry = {fees.entry}",
        f"rejoin = {fees.rejoin}",
        f"team = {fees.team}",
        f"currency = {_text(fees.currency)}",
    ]
    return "\n".join(lines).lstrip("\n") + "\n"


def _lists(decided: Sequence[str], withdrawn: Sequence[str]) -> list[tuple[str, Sequence[str]]]:
    return [
        (key, names) for key, names in (("decided", decided), ("withdrawn", withdrawn)) if names
    ]
