"""A link's number parameters (``session``, ``hand``, ``step``, ``seat``), read strictly.

``str.isdigit`` accepts ``²`` and other digits ``int`` refuses, and a link may carry any length of
them: a number here is 1 to ``LONGEST`` ASCII digits, else it is no number and the page says so
instead of failing.
"""

from __future__ import annotations

#: The most digits a number in a link may have (a session id up to 999,999,999).
LONGEST = 9


def query_number(text: str | None) -> int | None:
    """The number ``text`` writes in ASCII digits (surrounding spaces allowed), else ``None``."""
    if text is None:
        return None
    digits = text.strip()
    if not 1 <= len(digits) <= LONGEST or not (digits.isascii() and digits.isdigit()):
        return None
    return int(digits)


def bad_number(name: str, text: str) -> str:
    """The message for a link's ``name`` parameter that is no number."""
    shown = text if len(text) <= 20 else text[:19] + "…"
    return f"The link's {name} {shown!r} is not a number (1 to {LONGEST} digits 0-9)."
