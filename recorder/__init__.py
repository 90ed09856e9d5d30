"""Recording hands of 40, 28 and 29 and deals of 13-card Rummy: the value types (Rummy's in
``recorder.rummy``), the record model, TGN in and out (``recorder.tgn``) and the archive.

The TGN functions load on first use, so that importing a light module of the package
(``recorder.games``, ``recorder.cards``) does not load the reader and the record model with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from recorder.tgn import (
        ReadError,
        ReadResult,
        TGNError,
        dump,
        dumps,
        from_json,
        json_schema,
        load,
        loads,
        read,
        read_bytes,
        to_json,
    )

__all__ = [
    "ReadError",
    "ReadResult",
    "TGNError",
    "dump",
    "dumps",
    "from_json",
    "json_schema",
    "load",
    "loads",
    "read",
    "read_bytes",
    "to_json",
]


def __getattr__(name: str) -> Any:
    """A TGN function or type of ``recorder.tgn``, imported when first asked for."""
    if name in __all__:
        from recorder import tgn

        return getattr(tgn, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
