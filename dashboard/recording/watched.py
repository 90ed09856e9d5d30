"""A session being recorded as the room sees it, replayed and scored with only its last hand
replayed again: what the pages that list sessions show of it (the projector, standings, Replay
and Scores), kept as cheap at a match's last hand as at its first.

The pages judge every archived session (``dashboard.library.judge``): its public record
(``recorder.archive.public``: a hand being played masked) normalized, every hand replayed and
the score added up. Done afresh each time a table's session changed, that grew with every hand
recorded, and the projector does it for every table once every two seconds. Here the hands
before the last are those ``LiveSession`` has settled, each replayed once, in order, with the
session's replayer; only the last hand, masked while it is played, is replayed again from a copy
of the replayer standing after them. What comes out equals ``judge`` of the public record (the
tests compare the two). Where that shortcut does not hold, none is offered and the caller judges
the whole record: a game the engine does not replay hand by hand (Rummy), a turn whose seat is
left out (``normalize`` would fill it from the replay), an engine failure.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from dashboard.server.replay_store import Parts
from recorder.archive.public import public_record
from recorder.games import family_name
from recorder.model import Record
from replay.findings import so_far
from replay.tricks import HandReplay, SessionReplay
from replay.tricks.engine import SessionReplayer
from replay.tricks.scoring import score_session


@dataclass(frozen=True)
class PublicSession:
    """A session as the room sees it: its public record, whether a hand is being played, and
    its replay and score when they could be made from the kept hands (else ``None``)."""

    record: Record
    hand_open: bool
    parts: Parts | None


def advanced_live(game: str) -> bool:
    """Whether a session of ``game`` is shown from the kept state of its recording: a game the
    engine replays hand by hand (not Rummy, whose deals the kept state does not replay)."""
    return family_name(game) == "trick"


def public_session(
    record: Record,
    hand_open: bool,
    settled: Sequence[HandReplay],
    replayer: SessionReplayer | None,
) -> PublicSession:
    """The public view of ``record`` (every hand but the last replayed as ``settled``, with
    ``replayer`` standing after them), its last hand replayed again."""
    public = public_record(record, hand_open)
    if (
        replayer is None
        or not replayer.known
        or not advanced_live(record.game)
        or len(settled) != len(record.hands) - 1
        or _seat_left_out(public)
    ):
        return PublicSession(public, hand_open, None)
    try:
        last = copy.copy(replayer)
        last.steps = False
        hands = [*settled, last.replay(public.hands[-1])] if public.hands else list(settled)
        replay = SessionReplay(
            public, replayer.switches, hands, [f for hand in hands for f in hand.findings]
        )
        score = score_session(public, [hand.result for hand in hands])
    except Exception:  # the whole judge says what failed, as a problem on the page
        return PublicSession(public, hand_open, None)
    return PublicSession(public, hand_open, Parts(public, replay, score))


def hand_in_play(hand: HandReplay) -> HandReplay:
    """A hand still being played as the pages show it: that its record stops before its end
    (``unfinished-hand``) is no finding while play goes on, on any step."""
    steps = hand.steps
    if steps is not None:
        steps = [dataclasses.replace(step, findings=tuple(so_far(step.findings))) for step in steps]
    return dataclasses.replace(hand, findings=so_far(hand.findings), steps=steps)


def in_play(parts: Parts) -> Parts:
    """A session whose last hand is being played, its replay with that hand as ``hand_in_play``
    gives it: the summary, the Sessions page, the hand list and Replay count the same findings.
    Rummy's deal being entered is left as judged."""
    replay = parts.replay
    if replay is None or not replay.hands:
        return parts
    hands = [*replay.hands[:-1], hand_in_play(replay.hands[-1])]
    findings = [finding for hand in hands for finding in hand.findings]
    return parts._replace(replay=SessionReplay(replay.record, replay.rules, hands, findings))


def _seat_left_out(record: Record) -> bool:
    """Whether a turn of the record leaves its seat out (``normalize`` would replay to fill it)."""
    return any(
        turn.seat is None for hand in record.hands for trick in hand.tricks for turn in trick.turns
    )
