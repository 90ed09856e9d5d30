"""Large uploads made from the bundled data: a session's hands repeated and renumbered, as a
club's whole export would hold them."""

from __future__ import annotations

import re
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"
HAND = re.compile(r'^\[Hand "\d+"\]\n', re.MULTILINE)


def repeated_session(hands: int, source: Path = DATA / "club-night-40.tgn") -> bytes:
    """``source``'s hands played again and again, numbered 1 to ``hands``, under its tags."""
    text = source.read_text(encoding="utf-8")
    tags, *bodies = HAND.split(text)
    played = [body.strip("\n") for body in bodies]
    return (
        tags
        + "\n".join(f'[Hand "{n}"]\n{played[(n - 1) % len(played)]}\n' for n in range(1, hands + 1))
    ).encode()


def megabytes_of_hands(megabytes: float, source: Path = DATA / "club-night-40.tgn") -> bytes:
    """A session of ``source``'s hands repeated to about ``megabytes`` MB."""
    sample = repeated_session(100, source)
    return repeated_session(int(megabytes * 1_000_000 / len(sample) * 100), source)
