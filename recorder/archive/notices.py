"""What a write to the archive tells the servers watching it: a PostgreSQL notice on ``CHANNEL``,
sent in the same transaction as the write, so it goes out when (and only if) the write commits.

Every server process keeps one ``LISTEN`` connection (``dashboard.server.notices``) and wakes the
spectators' event streams when a notice comes: which session (or which tournament's day log) grew,
and to which position of its log. A notice is only a nudge: the log itself, read by position, is
the truth, so a notice lost (a listener reconnecting) costs a reader nothing but a wait until it
reads the positions again. SQLite has no notices: one process serves a SQLite archive, and its
stream reads the archive's positions instead.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from recorder.archive.database import Dialect, Transaction

CHANNEL = "'thuruppu_' || md5(current_database() || '.' || current_schema())"
"""The PostgreSQL channel an archive's writes notify, as SQL: one for each database and schema
the archive's tables are in (notices are the database's, not a schema's), so that two archives
on one server never hear each other."""


@dataclass(frozen=True, slots=True)
class Notice:
    """One write: the session whose log grew to ``position`` events, or (``session`` ``None``)
    the day log of tournament ``event`` grown to entry ``position``."""

    session: int | None
    position: int
    event: str | None = None

    def payload(self) -> str:
        """The notice as the short JSON text sent on the channel."""
        if self.session is not None:
            return json.dumps({"session": self.session, "position": self.position})
        return json.dumps({"day": self.position, "event": self.event})


def read_notice(payload: str) -> Notice | None:
    """The notice a payload carries; ``None`` for text that is not one (never an error: a
    listener skips what it cannot read and reads the positions again)."""
    try:
        data = json.loads(payload)
        if "session" in data:
            return Notice(int(data["session"]), int(data["position"]))
        return Notice(None, int(data["day"]), str(data["event"]))
    except (ValueError, TypeError, KeyError):
        return None


def notify(tx: Transaction, dialect: Dialect, notice: Notice) -> None:
    """Send ``notice`` with the transaction ``tx`` (on PostgreSQL; SQLite has no notices)."""
    if dialect.name == "PostgreSQL":
        tx.run(f"SELECT pg_notify({CHANNEL}, ?)", (notice.payload(),))
