"""Sight by key (TOURNAMENT.md §10): who may see a hand in play's hidden cards on the page that
records it (the face-down card, the session's TGN text holding it).

Only the key of the session's own table and a director's (or everyone on a machine that needs no
key, where the scorer at the screen is the table): another table's key, the desk's, or a visitor
sees what the room sees, the calling, the tricks and the trump once shown. The page asks this once
a run and leaves the hidden parts out of what it draws, so they never reach that browser.
"""

from __future__ import annotations

from recorder.archive import Author

#: The roles that see every table's hidden cards: a director, and a machine that needs no key.
SEEING_ROLES = frozenset({"local", "director"})


def sees_hidden(writer: Author | None, table: str | None) -> bool:
    """Whether a tab writing as ``writer`` (``None``: no key) sees the hidden cards of a hand in
    play of a session played at ``table`` (its ``Table`` tag; ``None`` when it has none)."""
    if writer is None:
        return False
    if writer.role in SEEING_ROLES:
        return True
    return writer.role == "table" and table is not None and table == str(writer.table)
