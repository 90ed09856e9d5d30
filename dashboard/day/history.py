"""A session's history (TOURNAMENT.md §10): every event of its log and every day event naming it
(a void, a stand), in the order written, each with who wrote it, when and why; and the phones
that held the table (a hand-over from one phone to another) and the taps of a phone that did not
hold it, kept apart and never recorded (``Archive.append_tap``), for the director to read.

One line an event: ``seq  time  who  what`` and, after `` — ``, the reason. What an event says is
its kind and its content: the tags of a session or hand in full, a rewritten hand's penalties in
full (``rewrite hand 4: penalty 20 to Tuskers (cardinal rule)``: the team, the points and why,
which a shortened text would cut off), anything else in short.
"""

from __future__ import annotations

from recorder import read
from recorder.archive import (
    Archive,
    DayEntry,
    HandsRewritten,
    HolderChange,
    KeptTap,
    LoggedEvent,
)
from recorder.archive.day import day_payload
from recorder.archive.events import encode_payload

_WIDTH = 72


def history_lines(archive: Archive, session: int) -> list[str]:
    """The session's history as lines of text (``ArchiveError`` for an unknown session)."""
    log = archive.events(session)
    named = [entry for entry in archive.day_log() if entry.session_id == session]
    rows: list[tuple[str, str]] = [(entry.recorded_at, _session_line(entry)) for entry in log]
    rows.extend((entry.recorded_at, _day_line(entry)) for entry in named)
    rows.extend(
        (change.since, _line("phone", change.since, change.who, _holder_text(change), ""))
        for change in archive.holders(session)
    )
    rows.extend(
        (kept.recorded_at, _line("apart", kept.recorded_at, kept.who, _apart_text(kept), ""))
        for kept in archive.kept_apart(session)
    )
    return [f"session {session}: {len(log)} events"] + [line for _, line in sorted(rows)]


def _session_line(entry: LoggedEvent) -> str:
    event = entry.event
    tags = getattr(event, "tags", None)
    penalties = _penalties(event) if isinstance(event, HandsRewritten) else ""
    if tags is not None:  # a session or hand begins: its tags in full
        shown = " ".join(f'{tag.name}="{tag.value}"' for tag in tags)
        what = f"{event.kind} {shown}"
    elif isinstance(event, HandsRewritten) and penalties:
        what = f"{event.kind} hand {event.hand}: {penalties}"
    else:
        what = f"{entry.event.kind} {_short(encode_payload(entry.event))}"
    return _line(str(entry.seq), entry.recorded_at, entry.who, what, entry.why)


def _holder_text(change: HolderChange) -> str:
    """A phone taking the table: the first one, or a hand-over from another."""
    if change.previous is None:
        return f"phone {change.device[:8]} holds the table"
    return f"phone {change.device[:8]} took the table over from phone {change.previous[:8]}"


def _apart_text(kept: KeptTap) -> str:
    """A tap of a phone that did not hold the table: kept apart, not recorded."""
    what = _short(kept.content)
    return f"tap {kept.seq} of phone {kept.device[:8]} kept apart, not recorded: {what}"


def _penalties(event: HandsRewritten) -> str:
    """The penalty lines of a rewritten hand's text, each with its team, points and why (empty
    when it has none, or its text cannot be read)."""
    record = read(event.text, "rewrite").record
    lines = [line for hand in (record.hands if record else []) for line in hand.penalties]
    return "; ".join(
        f"penalty {line.points} to {line.team}" + (f" ({line.reason})" if line.reason else "")
        for line in lines
    )


def _day_line(entry: DayEntry) -> str:
    what = f"{entry.event.kind} {_short(day_payload(entry.event))}"
    return _line(f"d{entry.seq}", entry.recorded_at, entry.who, what, entry.why)


def _line(seq: str, at: str, who: str, what: str, why: str) -> str:
    reason = f" — {why}" if why else ""
    return f"{seq:>5}  {at[:19].replace('T', ' ')}  {who:<14} {what}{reason}"


def _short(payload: str) -> str:
    text = payload.replace("\\n", " / ")
    return text if len(text) <= _WIDTH else text[: _WIDTH - 1] + "…"
