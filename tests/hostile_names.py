"""A tournament day whose teams, players and event are named with Markdown, HTML and Streamlit
directives, for the tests that names are shown as text (the pages under AppTest, in Chromium) and
that no download holds a formula cell.

The bundled tournament's files have every name replaced (a description's name may hold no colon,
comma, equals sign or quote, TOURNAMENT.md §8); a session outside the tournament has names a TGN tag
may hold, colons and equals signs included. The day then has a 28 match and a Rummy table
scheduled and not started (their seat and chair labels), and a 28 hand in play (its score line)."""

from __future__ import annotations

import re
from pathlib import Path

from dashboard.day import actions
from dashboard.day.source import open_day
from recorder import loads
from recorder.archive import Archive, Author, events_from_record
from replay.tournament import ScheduledMatch
from tests.archive_sessions import stored_event_by_event

TOURNAMENT = Path(__file__).resolve().parent.parent / "data" / "tournament"
EXAMPLE = TOURNAMENT.parent / "tgn-example-40.tgn"
ORGANISER = Author("organiser", "set-up")

#: Each bundled name and the hostile name it becomes (each still unique, each a name §8 allows).
RENAMED = {
    "Kerala House Card Tournament": "[Kerala](//evil.example/e) **Cup**",
    "Tuskers": "![Tuskers](//evil.example/t.png)",
    "Vallams": "<img src/x onerror/alert(1)>Vallams",
    "Chendas": "**Chendas**",
    "Theyyams": "$Theyyams$",
    "Pulikali": "[Pulikali](//evil.example/p)",
    "Kathakali": "@SUM(1+1)*cmd|' /C calc'!A0",
    "Onam Stars": "+Onam <b>Stars</b>",
    "Periyar": "-Periyar_x_",
    "Arun": "![Arun](//evil.example/a.png)",
    "Bindu": "<i>Bindu</i>",
    "Kiran": "~~Kiran~~",
    "Hari": "`Hari`",
    "Vinod": "@Vinod",
    "Abu": "![Abu](//evil.example/r.png)",
    "Ganga": "$Ganga$",
    "Ivy": "**Ivy**",
}
#: Names a session's tags may hold and a description's may not (colons, equals signs).
TAGGED = [
    "![x](http://127.0.0.1:9/p.png)",
    "<img src=x onerror=alert(1)>",
    ":red[x]",
    "[l](javascript:alert(1))",
]
TAGGED_TEAMS = ["=HYPERLINK(1)", ":blue-background[y]"]
HOSTILE = [*RENAMED.values(), *TAGGED, *TAGGED_TEAMS]
EVENT = RENAMED["Kerala House Card Tournament"]
_WORDS = re.compile(r"\b(" + "|".join(re.escape(name) for name in RENAMED) + r")\b")
#: The tables of the matches scheduled and not started.
TEAMS_TABLE, RUMMY_TABLE = 7, 8


def renamed(text: str) -> str:
    """A bundled file's text with every name replaced by its hostile one."""
    return _WORDS.sub(lambda found: RENAMED[found.group(1)], text)


def hostile_day(archive: Archive) -> dict[str, int]:
    """The archive filled as the module says; the ids of the sessions: the tournament's final,
    the outside session and the 28 hand in play."""
    description = renamed((TOURNAMENT / "tournament.toml").read_text(encoding="utf-8"))
    players = '"![Abu](//evil.example/r.png)", "$Ganga$", "**Ivy**", "Jomon", "Elsa", "Felix"'
    description += f'players = [{players}, "Dinesh", "Beena"]\n\n[fees]\nteam = 100\n'
    actions.set_description(archive, description, ORGANISER)
    ids = {}
    for path in sorted(TOURNAMENT.glob("*.tgn")):
        ids[path.stem] = archive.import_tgn(renamed(path.read_text(encoding="utf-8")), path.name)
    outside = loads(EXAMPLE.read_text(encoding="utf-8"))
    tags = [
        tag.model_copy(
            update={"value": ", ".join(TAGGED if tag.name == "Players" else TAGGED_TEAMS)}
        )
        if tag.name in ("Players", "Teams")
        else tag
        for tag in outside.tags
    ]
    ids["outside"] = _stored(archive, outside.model_copy(update={"tags": tags}), cut=0)
    in_play = loads(renamed((TOURNAMENT / "final.tgn").read_text(encoding="utf-8")))
    in_play = in_play.model_copy(
        update={
            "tags": [tag for tag in in_play.tags if tag.name not in ("Stage", "Match", "Event")],
            "hands": in_play.hands[:1],
        }
    )
    ids["in play"] = _stored(archive, in_play, cut=9)
    teams = (RENAMED["Kathakali"], RENAMED["Periyar"])  # group B: formula and Markdown names
    match = ScheduledMatch("G9-1", "28", "group", 9, TEAMS_TABLE, teams=teams)
    actions.schedule_match(open_day(archive), match, ORGANISER)
    seated = (RENAMED["Abu"], RENAMED["Ganga"], RENAMED["Ivy"], "Jomon")
    match = ScheduledMatch("R9-1", "rummy", "first round", 9, RUMMY_TABLE, players=seated)
    actions.schedule_match(open_day(archive), match, ORGANISER)
    return ids


def _stored(archive: Archive, record: object, cut: int) -> int:
    """The record stored event by event, its last ``cut`` events left out (a hand in play)."""
    events = events_from_record(record)  # type: ignore[arg-type]
    return stored_event_by_event(archive, events, len(events) - cut)
