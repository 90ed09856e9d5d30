"""The fonts every page and printable names first, shipped in the package (``static/fonts``) so a
page looks, and a printable breaks into pages, the same on every machine whatever fonts it has.

Noto Sans (Latin-1, and Latin Extended for names such as Łukasz or Şükrü) with Noto Sans
Malayalam and Noto Sans Bengali for the names players write, in regular and bold, and two small
cuts of Noto Sans Symbols 2 (the suits, the joker's star, the warning sign, the tick) and Noto Sans
Math (the arrows) for the marks the pages draw: all under the SIL Open Font License, whose text
lies beside each file. Each face declares the characters it covers (``unicode-range``), so a
browser loads only the files a page's text needs, and falls back to the machine's fonts only for a
character none of them has.

The pages load the faces from Streamlit's static serving (``app/static/fonts/…``), declared by
Streamlit's theme (``theme_options``, set on the server's command line by
``dashboard.server.launch``), so Streamlit's own widgets and text are drawn in them as well as the
pages' own HTML; the spectators' plain pages, which are not Streamlit's, name the same files in
their own style (``served_faces``); a printable is a standalone file printed by Chromium or kept,
so it carries the faces its text needs as ``data:`` URLs and asks nothing of the machine or the
network.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

FOLDER = Path(__file__).resolve().parent.parent / "static" / "fonts"
SERVED = "app/static/fonts"
"""Where Streamlit serves ``FOLDER``, relative to a page's address."""

LATIN = (
    "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,"
    "U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD"
)
LATIN_EXT = (
    "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,"
    "U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF"
)
MALAYALAM = (
    "U+0307,U+0323,U+0951-0952,U+0964-0965,U+0D00-0D7F,U+1CDA,U+1CF2,U+200C-200D,U+20B9,"
    "U+25CC,U+A830-A832"
)
BENGALI = (
    "U+0951-0952,U+0964-0965,U+0980-09FE,U+1CD0,U+1CD2,U+1CD5-1CD6,U+1CD8,U+1CE1,U+1CEA,"
    "U+1CED,U+1CF2,U+1CF5-1CF7,U+200C-200D,U+20B9,U+25CC,U+A8F1"
)
MARKS = "U+2605,U+2660-2667,U+26A0,U+2713"
ARROWS = "U+2190-2193,U+21A9,U+21BA"


@dataclass(frozen=True)
class Face:
    """One font file: its family, weight, file name in ``FOLDER`` and the characters it covers
    (CSS ``unicode-range``, the ranges the file's cut was made for)."""

    family: str
    weight: int
    file: str
    ranges: str

    def covers(self, code: int) -> bool:
        """Whether the character ``code`` is in this face's ranges."""
        return any(low <= code <= high for low, high in _parsed(self.ranges))


FACES = (
    Face("Noto Sans", 400, "noto-sans-latin-400-normal.woff2", LATIN),
    Face("Noto Sans", 700, "noto-sans-latin-700-normal.woff2", LATIN),
    Face("Noto Sans", 400, "noto-sans-latin-ext-400-normal.woff2", LATIN_EXT),
    Face("Noto Sans", 700, "noto-sans-latin-ext-700-normal.woff2", LATIN_EXT),
    Face("Noto Sans Malayalam", 400, "noto-sans-malayalam-malayalam-400-normal.woff2", MALAYALAM),
    Face("Noto Sans Malayalam", 700, "noto-sans-malayalam-malayalam-700-normal.woff2", MALAYALAM),
    Face("Noto Sans Bengali", 400, "noto-sans-bengali-bengali-400-normal.woff2", BENGALI),
    Face("Noto Sans Bengali", 700, "noto-sans-bengali-bengali-700-normal.woff2", BENGALI),
    Face("Noto Sans Symbols 2", 400, "noto-sans-symbols-2-marks-400-normal.woff2", MARKS),
    Face("Noto Sans Math", 400, "noto-sans-math-arrows-400-normal.woff2", ARROWS),
)

FAMILIES = tuple(dict.fromkeys(face.family for face in FACES))
"""The shipped families in the order text names them: Noto Sans (Latin) first, then the scripts
of the names (Malayalam, Bengali), then the marks and the arrows."""

FONT_STACK = ",".join(f'"{family}"' for family in FAMILIES) + ",sans-serif"
"""The ``font-family`` of every page's and printable's text: the shipped faces first."""

CODE_FONT = "Source Code Pro"
"""Streamlit's own monospace face, which it ships: no monospace face is shipped here."""


@cache
def _parsed(ranges: str) -> tuple[tuple[int, int], ...]:
    spans = []
    for part in ranges.split(","):
        low, _, high = part.removeprefix("U+").partition("-")
        spans.append((int(low, 16), int(high or low, 16)))
    return tuple(spans)


def _rules(faces: Iterable[Face], source: Callable[[Face], str], display: str) -> str:
    return "".join(
        f'@font-face{{font-family:"{face.family}";font-style:normal;font-weight:{face.weight};'
        f"font-display:{display};src:url({source(face)}) format('woff2');"
        f"unicode-range:{face.ranges}}}"
        for face in faces
    )


def theme_faces() -> list[dict[str, str]]:
    """Every face as an entry of Streamlit's ``theme.fontFaces``, loaded from Streamlit's static
    serving: Streamlit puts an ``@font-face`` rule of each on every page (``font-display:swap``,
    the text drawn at once and redrawn in the face when its file arrives). The family is quoted,
    as Streamlit writes it into the rule as it is and "Noto Sans Symbols 2" is no CSS name
    unquoted."""
    return [
        {
            "family": f'"{face.family}"',
            "url": f"{SERVED}/{face.file}",
            "weight": str(face.weight),
            "style": "normal",
            "unicodeRange": face.ranges,
        }
        for face in FACES
    ]


def theme_options() -> dict[str, str]:
    """Streamlit's theme options that draw its own widgets and text in the shipped faces, by
    name: the faces (``theme_faces``, as JSON, as Streamlit reads the option from a command
    line), the text's font in the light and the dark theme alike (both set, so the page still
    follows the system's light or dark setting as Streamlit's own themes do; one theme alone
    would be light only), and the code's: Streamlit's monospace face first, then the scripts,
    marks and arrows. Streamlit follows each with its own fallbacks (Source Sans or Source Code
    Pro, then the generic family)."""
    text = ",".join(f'"{family}"' for family in FAMILIES)
    code = ",".join([f'"{CODE_FONT}"', *(f'"{family}"' for family in FAMILIES[1:])])
    return {
        "theme.fontFaces": json.dumps(theme_faces(), separators=(",", ":")),
        "theme.light.font": text,
        "theme.dark.font": text,
        "theme.codeFont": code,
    }


def served_faces() -> str:
    """The ``@font-face`` rules of every face loaded from Streamlit's static serving by an
    absolute path, for the spectators' plain pages (``/public/…``), which Streamlit's theme does
    not reach: ``swap``, the text drawn at once and redrawn when a face's file arrives."""
    return _rules(FACES, lambda face: f"/{SERVED}/{face.file}", "swap")


@cache
def _data_url(file: str) -> str:
    encoded = base64.b64encode((FOLDER / file).read_bytes()).decode("ascii")
    return f"data:font/woff2;base64,{encoded}"


def embedded_faces(text: str) -> str:
    """The ``@font-face`` rules, with the fonts inside as ``data:`` URLs, of the faces ``text``
    (a whole printable page) draws on: the Latin ones always, every other one (Latin Extended,
    the scripts, the marks, the arrows; regular and bold alike) only when a character of the
    text is in its ranges, so a page of Latin names stays small. ``block``: a printer never draws
    a line in another font while the face is read."""
    codes = {ord(character) for character in set(text) if ord(character) > 0xFF}
    chosen = (face for face in FACES if face.ranges == LATIN or any(map(face.covers, codes)))
    return _rules(chosen, lambda face: _data_url(face.file), "block")
