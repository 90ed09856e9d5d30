"""The printed key sheets of ``thuruppu day keys --html`` (TOURNAMENT.md §10).

Each key becomes a link to the page it opens: a table's Record page (``BASE/record?table=4&key=…``),
the director's page, or the organiser's page for the desk (fees). The sheet gives every table its
own printed page, with the link as a QR code a phone can scan and as text; the director's and the
desk's links follow together on a page of their own, so the table sheets can be handed out
without them. A club night's table key (``thuruppu keys``) opens the Record page's new session
(``BASE/record?key=…``): a club table has no scheduled match to go to. QR codes are drawn by
``segno`` as inline SVG: one self-contained file, no images. The file holds every key: it is
written readable by its owner only (``write_private``).
"""

from __future__ import annotations

import datetime
import os
from html import escape
from pathlib import Path
from urllib.parse import quote

import segno

from dashboard.views.fonts import FONT_STACK, embedded_faces
from recorder.archive.keys import CLUB_LABEL, IssuedKey

#: The page each role's link opens.
PAGES = {"table": "record", "director": "director", "desk": "organiser"}

_STYLE = (
    """
body { font-family: """
    + FONT_STACK
    + """; margin: 0; }
section { padding: 2cm; }
section + section { break-before: page; page-break-before: always; }
h1 { font-size: 28pt; margin: 0 0 0.5cm; }
h2 { font-size: 16pt; margin: 1cm 0 0.2cm; }
.qr svg { width: 11cm; height: 11cm; }
.small svg { width: 6cm; height: 6cm; }
.link { font-family: monospace; font-size: 10pt; overflow-wrap: anywhere; }
.note { font-size: 11pt; }
@page { size: A4; margin: 1cm; }
@media print { section { padding: 0; } }
"""
)


def key_link(base: str, issued: IssuedKey) -> str:
    """The link a key opens: its page under ``base``, the key (and a table's table) in the query."""
    page = f"{base.rstrip('/')}/{PAGES[issued.role]}"
    club = issued.label.startswith(CLUB_LABEL)
    table = f"table={issued.table}&" if issued.table is not None and not club else ""
    return f"{page}?{table}key={quote(issued.key, safe='')}"


def until(expires: str) -> str:
    """When a key ends, as the sheet says it: ``the end of 2026-03-21 (UTC+05:30)``."""
    if len(expires) == len("2026-03-21"):  # a key of an older archive: its last day, in UTC
        return f"the end of {expires} (UTC)"
    end = datetime.datetime.fromisoformat(expires)
    day = (end - datetime.timedelta(microseconds=1)).date().isoformat()
    offset = end.strftime("%z")
    return f"the end of {day} (UTC{offset[:3]}:{offset[3:]})"


def write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` readable and writable by its owner only (mode 0600), even when
    the file was there before with a wider mode: it holds keys."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        os.fchmod(file.fileno(), 0o600)
        file.write(text)


def _qr(link: str) -> str:
    return segno.make(link, error="m").svg_inline(border=4, omitsize=True)


def sheet_html(event_name: str, base: str, keys: list[IssuedKey]) -> str:
    """The whole sheet: one page a table, then the director's and the desk's links together."""
    tables = sorted((k for k in keys if k.role == "table"), key=lambda k: k.table or 0)
    others = [k for k in keys if k.role != "table"]
    name = escape(event_name)
    sections = [
        f'<section class="table"><h1>{escape(issued.label.capitalize())}</h1>'
        f'<p class="note">{name}: scan to record this table\'s matches. Keep this sheet at the '
        f"table; the link works until {escape(until(issued.expires))} or until a new sheet is "
        "printed.</p>"
        f'<div class="qr">{_qr(key_link(base, issued))}</div>'
        f'<p class="link">{escape(key_link(base, issued))}</p></section>'
        for issued in tables
    ]
    if others:
        rows = "".join(
            f"<h2>{escape(issued.label.capitalize())}</h2>"
            f'<div class="qr small">{_qr(key_link(base, issued))}</div>'
            f'<p class="link">{escape(key_link(base, issued))}</p>'
            for issued in others
        )
        sections.append(
            f'<section class="staff"><h1>{name}: director and desk</h1>'
            '<p class="note">Not for the tables: these links correct, void and take fees.</p>'
            f"{rows}</section>"
        )
    body = "".join(sections)
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{name}: keys</title><style>{embedded_faces(name + body)}{_STYLE}</style>"
        f"</head><body>{body}</body></html>\n"
    )
