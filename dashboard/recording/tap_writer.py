"""The one write path of a scorer's tap: who sends it, what it stands for, stored once.

A phone sends each tap with its own id and the tap's sequence number (``dashboard.server.
tap_route`` hands it here). The tap is read by the session's game family (``tap_families``: a
trick game's ``tricks.taps``, a Rummy table's ``rummy.taps``), its sender's key asked afresh as
for every write of a page (``guard.page_author``: a key replaced meanwhile stops working at the
next tap; a table key writes only into its table's current match), and the archive stores it with
its events in one transaction, exactly once however often it comes (``Archive.append_tap``): the
position the tap is decided against is the log as the archive holds it, locked, at that moment, so
a tap lands on the turn it was made for or is refused, never on another.

The answer is what the phone keeps: how far its taps are held, and for a refused tap why, in the
scorer's words, so that the phone stops its queue there and says which tap and why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

from dashboard.day import guard
from dashboard.recording.live import LiveSessions
from dashboard.recording.tap_families import Place, tap_family
from dashboard.recording.tricks.clicks import Accepted
from recorder.archive import Archive, ArchiveError, Event, LoggedEvent, Tap, TapAnswer
from recorder.archive.events import ArchiveUnavailable

LONGEST_TAP = 4096
"""The longest tap a phone may send (a tap is a few dozen characters)."""


@dataclass(frozen=True)
class Sent:
    """A tap as it came from a phone: the session, the phone's id and sequence number, the tap's
    JSON text, the key the phone's tab holds (``None``: none), and whether the phone takes the
    table over from another phone."""

    session_id: int
    device: str
    seq: int
    content: str
    key: str | None = None
    take_over: bool = False


@dataclass(frozen=True)
class Answer:
    """What the phone is told: the archive's answer (``TapAnswer``'s fields), or a refusal made
    before the archive was asked (``status`` as an HTTP status: 400 a tap the server cannot read,
    403 a key that may not write here, 503 an archive that cannot be reached: send again)."""

    status: int
    body: dict[str, object]


def write_tap(archive: Archive, live: LiveSessions, sent: Sent, keys_on: bool) -> Answer:
    """Store ``sent`` once (or answer as the first time it was stored), as its key's writer."""
    if len(sent.content) > LONGEST_TAP:
        return _refused(400, sent.seq, f"a tap is at most {LONGEST_TAP} characters")
    try:
        author = guard.page_author(archive, sent.key, keys_on)
        if author is None:
            return _refused(403, sent.seq, guard.NO_KEY)
        refused = guard.table_refusal(archive, author, sent.session_id)
        if refused:
            return _refused(403, sent.seq, f"not allowed: {refused}; nothing was stored")
        family = tap_family(archive, sent.session_id)
        tapped = family.read_tap(sent.content)
        if isinstance(tapped, str):
            return _refused(400, sent.seq, tapped)

        def decide(log: list[LoggedEvent]) -> Sequence[Event] | str:
            decided = family.decision(Place(archive, live, sent.session_id), log, tapped)
            return decided.events if isinstance(decided, Accepted) else decided.message

        tap = Tap(sent.device, sent.seq, family.canonical(tapped))
        answer = archive.append_tap(sent.session_id, tap, decide, author, sent.take_over)
    except ArchiveUnavailable as error:
        # in a scorer's words: the database's own message may name its file or address
        trouble = guard.trouble_of(error)
        return _refused(503, sent.seq, f"the archive cannot be written now ({trouble})")
    except ArchiveError as error:
        return _refused(403, sent.seq, str(error))
    return Answer(200, _body(answer))


def _body(answer: TapAnswer) -> dict[str, object]:
    """The archive's answer as the phone reads it."""
    return asdict(answer)


def _refused(status: int, seq: int, message: str) -> Answer:
    """A refusal before the archive held the tap: the phone keeps the tap and says why."""
    return Answer(status, {"seq": seq, "outcome": "refused", "message": message, "held": None})
