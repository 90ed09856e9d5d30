"""Names of teams and players as the description, a roster and the tags hold them
(TOURNAMENT.md §8).

A name is trimmed and NFC-normalised, so that a name typed on two keyboards is one name; it may not
hold a character that a tag value or a TOML list would read as structure (``, = : ; " { }``) nor a
control character. ``name_problem`` says what is wrong in words, naming the character.
"""

from __future__ import annotations

import unicodedata

FORBIDDEN = {
    ",": "a comma",
    "=": "an equals sign",
    ":": "a colon",
    ";": "a semicolon",
    '"': "a double quote",
    "{": "a brace",
    "}": "a brace",
}
"""The characters a name may not hold, with the words a message uses for each."""


def clean_name(name: str) -> str:
    """The name as kept: trimmed, NFC-normalised."""
    return unicodedata.normalize("NFC", name.strip())


def name_problem(name: str) -> str | None:
    """What is wrong with a (cleaned) name, or ``None`` when it may be used."""
    if not name:
        return "a name may not be empty"
    for character in name:
        if character in FORBIDDEN:
            return f"a name may not hold {character!r} ({FORBIDDEN[character]})"
        if unicodedata.category(character) == "Cc":
            return f"a name may not hold U+{ord(character):04X} (a control character)"
    return None
