"""Recording hands of 40, 28 and 29: the value types, the record model and TGN in and out.

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
