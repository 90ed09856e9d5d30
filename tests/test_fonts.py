"""The fonts shipped in the package: every face's file and licence is there, a printable carries
the faces its text needs and no others, and the pages name the shipped faces first."""

from __future__ import annotations

from datetime import datetime

from dashboard.day.key_sheet import sheet_html
from dashboard.printing.frame import Sheet, printable_page
from dashboard.views.cards import CARD_CSS
from dashboard.views.fonts import FACES, FOLDER, FONT_STACK, embedded_faces, served_faces
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


def test_printables_and_pages_name_the_shipped_faces_first() -> None:
    page = printable_page("t", "അനിൽ's night", "Round 1", datetime(2024, 1, 1), [Sheet("<p/>")])
    assert f"font-family:{FONT_STACK}" in page and 'font-family:"Noto Sans Malayalam"' in page
    assert FONT_STACK.startswith('"Noto Sans",')
    for style in (CARD_CSS, TABLE_CSS, RUMMY_CSS, PROJECTOR_STYLE):
        assert f"font-family:{FONT_STACK}" in style
    assert FONT_STACK in sheet_html("Club", "http://x", []) and "@font-face" in sheet_html(
        "Club", "http://x", []
    )
    served = served_faces()
    assert served.count("@font-face") == len(FACES)
    assert all(f"url(app/static/fonts/{face.file})" in served for face in FACES)
