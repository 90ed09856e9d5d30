"""The key sheet of ``thuruppu day keys --html`` printed to PDF by Chromium (TOURNAMENT.md §10):
one table a page, each page's QR code decoding (``zbarimg``) to that table's link and nothing
else, and the director's and desk's links together on a last page of their own."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.test_cli import run
from tests.test_day_cli import CUP, ROSTER

pytestmark = pytest.mark.browser


@pytest.mark.skipif(
    not (shutil.which("zbarimg") and shutil.which("pdftoppm")),
    reason="needs zbarimg and pdftoppm (scripts/test-deps.sh)",
)
def test_the_sheet_prints_one_table_a_page_with_a_qr_code_of_its_link(tmp_path: Path) -> None:
    db = str(tmp_path / "day.sqlite")
    (tmp_path / "cup.toml").write_text(CUP, encoding="utf-8")
    (tmp_path / "roster.csv").write_text(ROSTER, encoding="utf-8")
    assert run("day", "init", "--description", str(tmp_path / "cup.toml"),
               "--roster", str(tmp_path / "roster.csv"), "--db", db)[0] == 0  # fmt: skip
    for match, table in (("G1", "3"), ("G2", "4"), ("G3", "7")):
        assert run("day", "schedule", "--id", match, "--stage", "group", "--round", "1",
                   "--table", table, "--teams", "Tuskers, Vallams", "--db", db)[0] == 0  # fmt: skip
    sheet = tmp_path / "keys.html"
    code, out, err = run("day", "keys", "--url", "http://192.168.1.20:8501", "--html", str(sheet),
                         "--db", db)  # fmt: skip
    assert (code, err) == (0, "")
    links = dict(line.split(": ", 1) for line in out.splitlines()[:-1])
    assert list(links) == ["table 3", "table 4", "table 7", "director", "desk"]

    pdf = tmp_path / "keys.pdf"
    subprocess.run(
        [str(CHROMIUM), *CHROMIUM_ARGS, "--no-pdf-header-footer",
         f"--print-to-pdf={pdf}", sheet.as_uri()],
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    assert re.search(r"^Pages:\s+4$", info, re.MULTILINE), info
    subprocess.run(["pdftoppm", "-r", "100", "-png", str(pdf), str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page-*.png"))
    assert len(pages) == 4
    decoded = [
        subprocess.run(
            ["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(page)],
            capture_output=True,
            text=True,
        ).stdout.split()
        for page in pages
    ]
    assert decoded[:3] == [[links["table 3"]], [links["table 4"]], [links["table 7"]]]
    assert sorted(decoded[3]) == sorted([links["director"], links["desk"]])
