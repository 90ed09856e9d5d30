"""Where each key of a TOML text stands (line and column), for findings about a key.

``tomllib`` gives the values but not their places. This scan reads the text line by line the way
the description is written (table headers, ``key = value`` lines, dotted and quoted keys, arrays
over several lines, multi-line strings skipped) and keeps, for every key path, the line and column
of its name. Array tables count their entries, so ``("28", "teams", 1, "nmae")`` is the key
``nmae`` of the second ``[[28.teams]]``. A place not found is ``(0, 0)``.
"""

from __future__ import annotations

import re

Path = tuple[str | int, ...]

_BARE = r"[A-Za-z0-9_-]+"
_QUOTED = r'"[^"\n]*"|\'[^\'\n]*\''
_PART = rf"(?:{_BARE}|{_QUOTED})"
_DOTTED = rf"{_PART}(?:[ \t]*\.[ \t]*{_PART})*"
_HEADER = re.compile(rf"[ \t]*(\[\[?)[ \t]*({_DOTTED})[ \t]*\]\]?")
_KEY = re.compile(rf"[ \t]*({_DOTTED})[ \t]*=")
_PART_IN = re.compile(_PART)
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'')


def _parts(dotted: str, start: int) -> list[tuple[str, int]]:
    """The parts of a dotted key with the column (1-based) of each."""
    return [
        (match.group().strip("\"'"), start + match.start() + 1)
        for match in _PART_IN.finditer(dotted)
    ]


def key_places(text: str) -> dict[Path, tuple[int, int]]:
    """Every key path of the text with the line and column of its last part."""
    places: dict[Path, tuple[int, int]] = {}
    counts: dict[Path, int] = {}
    table: Path = ()
    depth = 0
    in_string = False
    for number, line in enumerate(text.splitlines(), start=1):
        if in_string:
            in_string = line.count('"""') % 2 == 0
            continue
        if depth == 0:
            header = _HEADER.match(line)
            key = None if header else _KEY.match(line)
            if header:
                parts = _parts(header.group(2), header.start(2))
                path: Path = tuple(name for name, _ in parts)
                if header.group(1) == "[[":
                    index = counts[path] = counts.get(path, -1) + 1
                    places.setdefault(path, (number, parts[-1][1]))
                    table = (*path, index)
                else:
                    table = path
                places.setdefault(path, (number, parts[-1][1]))
            elif key:
                parts = _parts(key.group(1), key.start(1))
                for end in range(1, len(parts) + 1):
                    keys = tuple(name for name, _ in parts[:end])
                    places.setdefault((*table, *keys), (number, parts[end - 1][1]))
                line = line[key.end() :]
            else:
                line = ""
        if line.count('"""') % 2 == 1:
            in_string = True
            continue
        value = _STRING.sub('""', line).split("#", 1)[0]
        depth = max(0, depth + value.count("[") - value.count("]"))
    return places
