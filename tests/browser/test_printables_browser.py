"""Each printable printed to PDF by Chromium through the command (``thuruppu tournament
--print ... --pdf``, ``thuruppu score --pdf``): the page count the builder promises, on A4 and on
Letter, the event, stage and "as of" on every page, a 32-deal Rummy sheet holding every deal with
the names and totals on each page, nothing of a control or of the browser in it. Page images go to
``test-output/printables`` to be looked at."""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from dashboard.printing.pdf import PdfError, print_pdf
from tests.browser.conftest import REPOSITORY, ensure_chromium
from tests.test_cli import run
from tests.test_wall_sheet import crowded_schedule
from tests.tournament_day import CUP, long_table, rummy_text, write_cup
from tests.tournament_helpers import team_names

pytestmark = pytest.mark.browser

PAGES = REPOSITORY / "test-output" / "printables"
PLAYERS = ("Anu", "Babu", "Cini", "Deepu", "Eli")
NOT_ON_PAPER = ("Print", "Download", "Streamlit", "file:", ".html", "Findings", "Deploy")
AS_OF = re.compile(r"as of \d\d:\d\d")


def pdf_pages(path: Path) -> list[str]:
    """The text of each page (``pdftotext``, pages split at form feeds)."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed: scripts/test-deps.sh installs it")
    text = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    return text.split("\f")[:-1]


def page_size(path: Path) -> str:
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    return next(line for line in info.stdout.splitlines() if line.startswith("Page size"))


def keep_images(path: Path) -> None:
    """Each page as a PNG under ``test-output/printables`` (``pdftoppm``)."""
    PAGES.mkdir(parents=True, exist_ok=True)
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(path), str(PAGES / path.stem)], check=True)


@pytest.fixture(scope="module")
def cup(tmp_path_factory: pytest.TempPathFactory) -> Path:
    ensure_chromium()
    folder = tmp_path_factory.mktemp("cup")
    write_cup(folder)
    shutil.move(folder / "cup" / "tournament.toml", folder / "tournament.toml")
    return folder


def common_checks(pages: list[str], stage: str) -> None:
    for page in pages:
        assert CUP in page and stage in page and AS_OF.search(page), page[:300]
        for word in NOT_ON_PAPER:
            assert word not in page, (word, page[:300])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_standings_print_on_one_page_with_every_team(
    cup: Path, tmp_path: Path, paper: str
) -> None:
    target = tmp_path / f"standings-{paper}.pdf"
    code, _, err = run(
        "tournament", str(cup), "--print", "standings", "--pdf", str(target), "--paper", paper
    )
    assert (code, err) == (0, "")
    pages = pdf_pages(target)
    assert len(pages) == 1
    assert ("A4" if paper == "a4" else "letter") in page_size(target)
    assert "612 x 792" in page_size(target) or "594.96 x 841.92" in page_size(target)  # portrait
    common_checks(pages, "Group stage: final standings")
    for team in team_names(16):
        assert team in pages[0]
    assert "Level" in pages[0] and "Group D" in pages[0]
    keep_images(target)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_bracket_prints_on_one_landscape_page(cup: Path, tmp_path: Path, paper: str) -> None:
    target = tmp_path / f"bracket-{paper}.pdf"
    code, _, err = run(
        "tournament", str(cup), "--print", "bracket", "--pdf", str(target), "--paper", paper
    )
    assert (code, err) == (0, "")
    pages = pdf_pages(target)
    assert len(pages) == 1
    assert "792 x 612" in page_size(target) or "841.92 x 594.96" in page_size(target)  # landscape
    common_checks(pages, "Quarter finals")
    for label in ("QF1", "QF2", "QF3", "QF4", "SF1", "SF2", "LF"):
        assert label in pages[0]
    assert "to be decided" in pages[0]
    keep_images(target)


def test_the_directors_report_holds_the_findings(cup: Path, tmp_path: Path) -> None:
    (cup / "stray.tgn").write_text('[Game "28"]\n[Event "Test Cup"]\n[Stage "semi"]\n')
    target = tmp_path / "report.pdf"
    try:
        code, _, err = run("tournament", str(cup), "--pdf", str(target))
    finally:
        (cup / "stray.tgn").unlink()
    assert code == 1 and err == ""
    text = "".join(pdf_pages(target))
    assert "Director's report" in text and AS_OF.search(text)
    assert "Findings" in text and "stray.tgn" in text
    keep_images(target)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_32_deal_rummy_sheet_prints_every_deal_with_names_and_totals_on_each_page(
    tmp_path: Path, paper: str
) -> None:
    ensure_chromium()
    session = tmp_path / "long-final.tgn"
    text = rummy_text(PLAYERS, long_table(PLAYERS, 32), event=CUP, stage="final", table="7")
    session.write_text(text, encoding="utf-8")
    target, html = tmp_path / f"rummy-sheet-{paper}.pdf", tmp_path / "sheet.html"
    code, out, err = run(
        "score", str(session), "--html", str(html), "--pdf", str(target), "--paper", paper
    )
    assert code == 0 and err == "" and "unfinished: more than one player in" in out
    pages = pdf_pages(target)
    assert len(pages) == 2  # 16 deals a sheet
    common_checks(pages, "Rummy final, table 7")
    deals: list[int] = []
    for number, page in enumerate(pages, start=1):
        for name in PLAYERS:
            assert name in page, (number, name)
        assert f"sheet {number} of 2" in page
        assert f"total after deal {16 * number}" in page
        deals += [int(found) for found in re.findall(r"^\s*(\d+) · 7H", page, re.MULTILINE)]
    assert deals == list(range(1, 33))
    assert "<button" not in html.read_text(encoding="utf-8")
    keep_images(target)


def test_a_pdf_without_chromium_is_a_clear_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("dashboard.printing.pdf.CHROMIUM", tmp_path / "no-chromium")
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(PdfError, match="a PDF needs Chromium, which is not installed"):
        print_pdf("<p>x</p>", tmp_path / "x.pdf")


def test_the_wall_sheet_prints_every_table_on_one_portrait_page(tmp_path: Path) -> None:
    from datetime import datetime

    from dashboard.printing.wall_sheet import wall_printable
    from replay.tournament import build_tournament
    from tests.test_tournament_day import DAY, group_day
    from tests.test_tournament_day import cup as day_cup

    ensure_chromium()
    _, made = group_day()
    tournament = build_tournament(made, day_cup('"Team D"'), DAY)
    target = tmp_path / "wall-sheet.pdf"
    print_pdf(wall_printable(tournament, datetime(2026, 3, 21, 14, 5), "a4"), target)
    pages = pdf_pages(target)
    keep_images(target)
    assert len(pages) == 1
    assert page_size(target).endswith("594.96 x 841.92 pts (A4)")  # portrait
    for words in ("Test Cup", "Schedule by table", "as of 14:05", "Table 1", "Table 2"):
        assert words in pages[0]
    assert "Plays next" in pages[0] and "Team C v Team A" in pages[0]
    for word in NOT_ON_PAPER:
        assert word not in pages[0]


@pytest.mark.parametrize(("paper", "size"), [("a4", "(A4)"), ("letter", "(letter)")])
def test_each_wall_sheet_fits_its_page_with_its_heading(
    tmp_path: Path, paper: str, size: str
) -> None:
    from datetime import datetime

    from dashboard.printing.wall_sheet import wall_printable
    from replay.tournament import build_tournament
    from tests.test_tournament_day import DAY, group_day
    from tests.test_tournament_day import cup as day_cup

    ensure_chromium()
    _, made = group_day()
    tournament = build_tournament(made, day_cup('"Team D"'), DAY)
    tournament = dataclasses.replace(tournament, schedule=crowded_schedule())
    target = tmp_path / f"wall-sheet-{paper}.pdf"
    print_pdf(wall_printable(tournament, datetime(2026, 3, 21, 14, 5), paper), target)
    pages = pdf_pages(target)
    keep_images(target)
    assert page_size(target).endswith(size)
    counted = re.findall(r"sheet (\d+) of (\d+)", " ".join(pages))
    assert counted and int(counted[0][1]) == len(pages)  # the count is the pages printed
    for number, page in enumerate(pages, start=1):
        assert "Schedule by table" in page and "as of 14:05" in page
        assert f"sheet {number} of {len(pages)}" in page
    listed = " ".join(pages)
    for table in range(1, 7):
        assert f"Table {table}" in listed
    assert len(re.findall(r"group A · round \d+", listed)) == 93  # every match, once
