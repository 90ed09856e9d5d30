"""What a spectator's plain page or JSON shows: the standings, the bracket, the projector, what is
on now, the Rummy stages, a session as the room sees it, and the list of sessions.

Each is made from the same builders the Streamlit pages draw with (the day read from the archive
by ``dashboard.day.source``, ``SharedView`` and its projector panels, the overview's standings and
bracket, the Rummy stages' tables, ``Archive.public_view``), so a number here is the number on
the pages. A session's hand in play is the room's view of it (TOURNAMENT.md §10,
``recorder.archive.public``): no deal, no face-down card before it is shown, no card of the trick
being played. ``dashboard.server.public_routes`` serves them, cached.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from html import escape

from dashboard.day.source import DayError, open_day, tournaments
from dashboard.views.fonts import FONT_STACK, served_faces
from dashboard.views.tournament.on_now import LiveMatch, sessions_in_progress
from dashboard.views.tournament.overview import (
    bracket_svg,
    group_title,
    places_text,
    replay_link,
    scores_link,
    slot_lines,
    slot_status,
    standings_records,
    standings_table_html,
)
from dashboard.views.tournament.projector import on_now_block, projector_html, projector_options
from dashboard.views.tournament.rummy_stages import rummy_html, rummy_records, stage_title
from dashboard.views.tournament.shared import SharedView
from recorder.archive import Archive, ArchiveError
from recorder.tgn import dumps


@dataclass(frozen=True)
class Built:
    """One answer: its status, its JSON (or ``None``) and its page's title and HTML body."""

    status: int
    data: object
    title: str
    body: str
    watch: int | None = None
    """The session whose notices refresh the page (``None``: any notice)."""

    def json_bytes(self) -> bytes:
        return json.dumps(self.data, ensure_ascii=False, separators=(",", ":")).encode()


def missing(message: str, status: int = 404) -> Built:
    """An answer saying what is not there, as a page and as JSON."""
    return Built(status, {"error": message}, "Not here", f"<p>{escape(message)}</p>")


def tournament_view(archive: Archive, event: str | None) -> SharedView | None:
    """The tournament ``event`` (the archive's first one when not named or not found) as its
    sessions stand, with its tables and panels; ``None`` when none is set up."""
    names = tournaments(archive)
    if not names:
        return None
    try:
        day = open_day(archive, event if event in names else names[0])
    except DayError:
        return None
    return SharedView.of(day.tournament())


NO_TOURNAMENT = "no tournament is set up in this archive yet"


def standings(view: SharedView, _params: Mapping[str, str]) -> Built:
    """Every group's standings, as the Tournament page lists them."""
    tournament = view.tournament
    assert tournament is not None
    data = {group: standings_records(rows) for group, rows in tournament.groups.items()}
    body = "".join(
        f"<h2>{escape(group_title(group))}</h2>{standings_table_html(rows)}"
        for group, rows in tournament.groups.items()
    )
    return Built(200, {"event": view.name, "groups": data}, f"{view.name}: standings", body)


def bracket(view: SharedView, _params: Mapping[str, str]) -> Built:
    """The knockout bracket, each slot's sides and state, and the places."""
    tournament = view.tournament
    assert tournament is not None
    slots = [
        {
            "label": slot.label,
            "status": slot_status(slot),
            "sides": [{"team": t, "points": p, "won": w} for t, p, w in slot_lines(slot)],
        }
        for slot in tournament.bracket
    ]
    places = places_text(tournament)
    drawn = bracket_svg(tournament.bracket, scores_link, replay_link) if slots else ""
    items = "".join(f"<li>{escape(line)}</li>" for line in places)
    body = f"{drawn}<h2>Places</h2><ul>{items}</ul>"
    data = {"event": view.name, "slots": slots, "places": places}
    return Built(200, data, f"{view.name}: knockout", body)


def projector(view: SharedView, params: Mapping[str, str]) -> Built:
    """The projector's panels (``panels`` and ``turn`` as on the projector's address)."""
    options = projector_options(params)
    panels = view.panels(options.panels)
    drawn = projector_html(
        view.name, panels, options.turn, datetime.now().astimezone(), options.problems
    )
    data = {
        "event": view.name,
        "panels": [{"kind": panel.kind, "title": panel.title} for panel in panels],
        "problems": list(options.problems),
    }
    return Built(200, data, f"{view.name}: projector", drawn)


def on_now(view: SharedView, _params: Mapping[str, str]) -> Built:
    """Every match and Rummy table being played, with its score so far."""
    assert view.tournament is not None
    items = sessions_in_progress(view.tournament)
    data = [
        {
            "kind": "match" if isinstance(item, LiveMatch) else "rummy",
            **dataclasses.asdict(item),
            **({"progress": item.progress} if isinstance(item, LiveMatch) else {}),
        }
        for item in items
    ]
    body = "".join(on_now_block(item).html for item in items) or "<p>Nothing is being played.</p>"
    return Built(200, {"event": view.name, "on_now": data}, f"{view.name}: on now", body)


def rummy(view: SharedView, _params: Mapping[str, str]) -> Built:
    """Every Rummy stage's tables and qualifiers, and the Rummy places."""
    tournament = view.tournament
    assert tournament is not None
    stages = {
        name: {"title": stage_title(name), "tables": rummy_records(stage)}
        for name, stage in tournament.rummy.stages.items()
    }
    data = {"event": view.name, "stages": stages, "places": list(tournament.rummy.places)}
    body = rummy_html(tournament.rummy) or "<p>No Rummy stage yet.</p>"
    return Built(200, data, f"{view.name}: Rummy", body)


TOURNAMENT_PAGES: dict[str, Callable[[SharedView, Mapping[str, str]], Built]] = {
    "standings": standings,
    "bracket": bracket,
    "projector": projector,
    "now": on_now,
    "rummy": rummy,
}
"""The pages of a tournament, by their address under ``/public/``."""


def tournament_page(archive: Archive, name: str, params: Mapping[str, str]) -> Built:
    """One of ``TOURNAMENT_PAGES`` for the tournament ``event`` names."""
    view = tournament_view(archive, params.get("event"))
    if view is None or view.tournament is None:
        return missing(NO_TOURNAMENT)
    return TOURNAMENT_PAGES[name](view, params)


def session_page(archive: Archive, session_id: int) -> Built:
    """A session as the room sees it: its position (events logged), whether a hand is being
    played, and its public record (as JSON, and as TGN on the page)."""
    try:
        position = len(archive.events(session_id))
        view = archive.public_view(session_id)
    except ArchiveError:
        return missing(f"no session {session_id} in this archive")
    record = view.record
    data = {
        "session": session_id,
        "game": record.game,
        "position": position,
        "hand_open": view.hand_open,
        "record": record.model_dump(mode="json"),
    }
    state = "a hand is being played" if view.hand_open else "no hand is being played"
    body = (
        f'<p class="position" data-position="{position}">{position} events logged; '
        f"{state}.</p><pre>{escape(dumps(record))}</pre>"
    )
    return Built(200, data, f"Session {session_id}", body, watch=session_id)


def sessions_page(archive: Archive) -> Built:
    """Every session: its id, game, event, origin and position."""
    listed = [
        {
            "session": s.id,
            "game": s.game,
            "event": s.event,
            "origin": s.origin,
            "position": s.events,
        }
        for s in archive.sessions()
    ]
    items = "".join(
        f'<li><a href="session/{item["session"]}">session {item["session"]}</a> '
        f"{escape(str(item['game']))} {escape(str(item['event'] or ''))}: "
        f"{item['position']} events</li>"
        for item in listed
    )
    return Built(200, {"sessions": listed}, "Sessions", f"<ul>{items}</ul>")


REFRESH_SCRIPT = """
(() => {
  const watched = document.body.dataset.watch;
  let due = null, reads = 0;
  const refresh = async () => {
    due = null;
    reads -= 1;
    const answer = await fetch(location.href, {cache: 'no-cache'});
    if (answer.ok) {
      const fresh = new DOMParser().parseFromString(await answer.text(), 'text/html');
      const shown = document.getElementById('public');
      const made = fresh.getElementById('public');
      if (made && shown.innerHTML !== made.innerHTML) shown.replaceWith(made);
    }
    if (reads > 0) due = setTimeout(refresh, 1000);
  };
  const again = () => { reads = 3; if (!due) due = setTimeout(refresh, 1000); };
  const stream = new EventSource('/public/events');
  stream.addEventListener('session', (message) => {
    if (!watched || JSON.parse(message.data).session === Number(watched)) again();
  });
  stream.addEventListener('day', () => { if (!watched) again(); });
  stream.addEventListener('positions', again);
})();
"""
"""Read the page again when the archive says what it shows may have changed, once a second three
times (revalidated by its ETag: a page is built at most every second and may be cached a second
more, so the last read is one built after the change), and put it in place only if it changed."""
STYLE = (
    f"{served_faces()}body{{font-family:{FONT_STACK};margin:1rem;max-width:70rem}}"
    "table{border-collapse:collapse;display:block;max-width:100%;overflow-x:auto}"
    "td,th{border:1px solid #ccc;padding:.2rem .5rem}"
    "pre{white-space:pre-wrap}"
)


def html_page(built: Built) -> bytes:
    """A built answer as a whole page that refreshes itself from the event stream."""
    watch = f' data-watch="{built.watch}"' if built.watch is not None else ""
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{escape(built.title)}</title><style>{STYLE}</style></head>"
        f'<body{watch}><main id="public"><h1>{escape(built.title)}</h1>{built.body}</main>'
        f"<script>{REFRESH_SCRIPT}</script></body></html>"
    ).encode()
