"""The fonts shipped in the package: every face's file and licence is there, a printable carries
the faces its text needs and no others, and the pages (Streamlit's own widgets too, through its
theme on the server's command line) name the shipped faces first."""

from __future__ import annotations

import json
from datetime import datetime

from dashboard.day.key_sheet import sheet_html
from dashboard.printing.frame import Sheet, printable_page
from dashboard.server.launch import streamlit_command
from dashboard.server.public_pages import Built, html_page
from dashboard.views.cards import CARD_CSS
from dashboard.views.fonts import (
    FACES,
    FAMILIES,
    FOLDER,
    FONT_STACK,
    embedded_faces,
    theme_faces,
    theme_options,
)
from dashboard.views.rummy.table import RUMMY_CSS
from dashboard.views.tournament.projector import PROJECTOR_STYLE
from dashboard.views.tricks.table import TABLE_CSS


def test_every_face_is_a_woff2_file_beside_its_families_licence() -> None:
    for face in FACES:
        assert (FOLDER / face.file).read_bytes().startswith(b"wOF2"), face.file
    licences = list(FOLDER.glob("*.OFL.txt"))
    assert len(licences) == len({face.family for face in FACES})
    for licence in licences:
        assert "SIL Open Font License, Version 1.1" in licence.read_text(encoding="utf-8")


def test_a_printable_carries_the_scripts_its_names_are_written_in() -> None:
    latin = embedded_faces("<p>Anil, Biju</p>")
    assert latin.count("@font-face") == 2 and "Noto Sans Malayalam" not in latin
    both = embedded_faces("<p>അനിൽ, বিজু ♠</p>")
    for family in ("Noto Sans", "Noto Sans Malayalam", "Noto Sans Bengali"):
        assert f'font-family:"{family}";font-style:normal;font-weight:700' in both
    assert 'font-family:"Noto Sans Symbols 2"' in both and "Noto Sans Math" not in both
    assert "url(data:font/woff2;base64," in both and "app/static" not in both
    assert both.count('font-family:"Noto Sans";') == 2  # Latin-1 only: no Latin Extended
    extended = embedded_faces("<p>Łukasz, Şükrü</p>")
    assert extended.count("@font-face") == 4 and "Noto Sans Malayalam" not in extended
    for weight in (400, 700):  # Latin-1 and Latin Extended, in each weight
        assert (
            extended.count(f'font-family:"Noto Sans";font-style:normal;font-weight:{weight};') == 2
        )
    for letter in "ŁŞ":
        assert [face.file for face in FACES if face.covers(ord(letter))] == [
            "noto-sans-latin-ext-400-normal.woff2",
            "noto-sans-latin-ext-700-normal.woff2",
        ]


def test_printables_and_pages_name_the_shipped_faces_first() -> None:
    page = printable_page("t", "അനിൽ's night", "Round 1", datetime(2024, 1, 1), [Sheet("<p/>")])
    assert f"font-family:{FONT_STACK}" in page and 'font-family:"Noto Sans Malayalam"' in page
    assert FONT_STACK.startswith('"Noto Sans",')
    for style in (CARD_CSS, TABLE_CSS, RUMMY_CSS, PROJECTOR_STYLE):
        assert f"font-family:{FONT_STACK}" in style
    assert FONT_STACK in sheet_html("Club", "http://x", []) and "@font-face" in sheet_html(
        "Club", "http://x", []
    )
    served = theme_faces()
    assert [face["url"] for face in served] == [f"app/static/fonts/{face.file}" for face in FACES]
    assert [face["unicodeRange"] for face in served] == [face.ranges for face in FACES]


def test_streamlits_own_widgets_are_given_the_shipped_faces_on_the_command_line() -> None:
    """The server's command line sets Streamlit's theme: every face, and the text's font (in the
    light and the dark theme alike) naming the families in ``FONT_STACK``'s order, quoted; code
    keeps Streamlit's monospace face for Latin letters, the shipped faces after it."""
    assert FAMILIES == (
        "Noto Sans",
        "Noto Sans Malayalam",
        "Noto Sans Bengali",
        "Noto Sans Symbols 2",
        "Noto Sans Math",
    )
    command = streamlit_command("data", 8501)
    given = {
        command[index][2:]: command[index + 1]
        for index in range(len(command) - 1)
        if command[index].startswith("--theme.")
    }
    assert given == theme_options()
    text = FONT_STACK.removesuffix(",sans-serif")
    assert given["theme.light.font"] == given["theme.dark.font"] == text
    assert given["theme.codeFont"].startswith('"Source Code Pro","Noto Sans Malayalam",')
    faces = json.loads(given["theme.fontFaces"])
    assert faces == theme_faces()
    assert [face["family"] for face in faces] == [f'"{face.family}"' for face in FACES]
    assert [face["weight"] for face in faces] == [str(face.weight) for face in FACES]
    assert command.index("--theme.fontFaces") < command.index("--")  # Streamlit's, not the app's


def test_the_spectators_plain_pages_load_the_shipped_faces_from_the_dashboard() -> None:
    """``/public/…`` pages are not Streamlit's (its theme does not reach them): their own style
    declares every face at Streamlit's static serving, by an absolute path, and names the
    families first."""
    page = html_page(Built(200, None, "Standings — അനിൽ's club", "<p>বিজു</p>")).decode()
    assert f"body{{font-family:{FONT_STACK};" in page and "system-ui" not in page
    for face in FACES:
        rule = (
            f'@font-face{{font-family:"{face.family}";font-style:normal;'
            f"font-weight:{face.weight};font-display:swap;"
            f"src:url(/app/static/fonts/{face.file}) format('woff2');"
            f"unicode-range:{face.ranges}}}"
        )
        assert rule in page, face.file
