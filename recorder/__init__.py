"""Recording hands of 40, 28 and 29: the value types, the record model and TGN in and out."""

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
