"""The referee's incident report: the rule quoted from RULES.md, the players, the tricks up to the
proof drawn as cards with the finding's card and its proof marked, the outcome and the score; one
printed page per hand with no controls, printed to PDF by Chromium (``thuruppu report``)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from dashboard.printing.incident_report import report_html
from dashboard.printing.rules_text import rule_quote
from recorder.tgn import loads
from replay.tricks import normalize
from tests.test_cli import run

ROOT = Path(__file__).resolve().parent.parent
CONTROLS = re.compile(r"<(button|input|select|form|script|textarea)\b", re.IGNORECASE)

# file, hand, code, the offender, a phrase of the rule, the finding's card, a proving card
CASES = [
    pytest.param(
        "data/club-night-40.tgn",
        6,
        "revoke",
        "Suma",
        "Follow suit if you can",
        "9C",
        "7H",
        id="revoke",
    ),
    pytest.param(
        "tests/tgn_cases/thani-28.tgn",
        1,
        "illegal-trump-lead",
        "Chitra",
        "The caller may not lead the trump suit until the trump is open",
        "JS",
        None,
        id="illegal-trump-lead",
    ),
    pytest.param(
        "tests/tgn_cases/wrong-kott-28.tgn",
        1,
        "kot-not-allowed",
        "Dev",
        "Said by the player about to lead, of the calling team",
        "9D",
        None,
        id="wrong-kott",
    ),
]


def words(text: str) -> str:
    return " ".join(text.split())


def test_the_rule_is_quoted_for_the_hands_game() -> None:
    quote = rule_quote("illegal-trump-lead", "28")
    assert quote is not None and quote.section == "5. Play"
    assert quote.text.startswith("28. The caller may not lead the trump suit")
    forty = rule_quote("illegal-trump-lead", "40")
    assert forty is not None and forty.text.startswith("40. Below Honours")
    assert rule_quote("no-such-code", "40") is None


@pytest.mark.parametrize(("path", "number", "code", "player", "rule", "card", "proof"), CASES)
def test_the_report_page_marks_the_card_and_its_proof_and_has_no_controls(
    path: str, number: int, code: str, player: str, rule: str, card: str, proof: str | None
) -> None:
    record = normalize(loads((ROOT / path).read_text(encoding="utf-8")))
    page = report_html(record, number - 1)
    assert CONTROLS.search(page) is None
    assert f'data-code="{code}"' in page
    assert rule in words(page) and player in page
    assert f'data-card="{card}" data-flag="finding"' in page
    if proof is not None:
        assert f'data-card="{proof}" data-flag="proof"' in page
    assert "@media print" in page and "break-after:page" in page


@pytest.mark.parametrize(("path", "number", "code", "player", "rule", "card", "proof"), CASES)
def test_the_report_prints_to_one_pdf_page_holding_the_rule_and_the_players(
    tmp_path: Path,
    path: str,
    number: int,
    code: str,
    player: str,
    rule: str,
    card: str,
    proof: str | None,
) -> None:
    if shutil.which("chromium") is None or shutil.which("pdftotext") is None:
        pytest.skip("needs chromium and poppler-utils (scripts/test-deps.sh installs them)")
    image = pytest.importorskip("PIL.Image")
    pdf = tmp_path / f"{code}.pdf"
    status, _, err = run("report", str(ROOT / path), "--hand", str(number), "--pdf", str(pdf))
    assert status == 0, err
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    assert re.search(r"^Pages:\s+1$", info.stdout, re.MULTILINE)
    text = words(
        subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
    )
    assert rule in text and code in text
    assert f"Player: {player}" in text
    subprocess.run(["pdftoppm", "-png", "-r", "40", str(pdf), str(tmp_path / "page")], check=True)
    (png,) = tmp_path.glob("page*.png")
    shutil.copy(png, tmp_path.parent / f"incident-{code}.png")
    colours = image.open(png).convert("RGB").getcolors(1 << 20) or []
    red = sum(count for count, (r, g, b) in colours if r > 150 and g < 90 and b < 90)
    assert red > 50  # the drawn cards' red suits and the finding's ring are printed


ONE_FONT_MACHINE = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>{folder}</dir>
  <cachedir>{folder}/cache</cachedir>
  <alias binding="strong">
    <family>sans-serif</family><prefer><family>{family}</family></prefer>
  </alias>
</fontconfig>
"""


def one_font_machine(folder: Path) -> Path:
    """A fontconfig file for Chromium that shows it none of this machine's fonts but one serif
    face, which it takes for every family: another machine, with other fonts, than this one."""
    found = subprocess.run(
        ["fc-match", "-f", "%{file}\n%{family[0]}", "serif"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    font, family = Path(found[0]), found[1]
    (folder / font.name).symlink_to(font)
    config = folder / "fonts.conf"
    config.write_text(ONE_FONT_MACHINE.format(folder=folder, family=family), encoding="utf-8")
    return config


def printed(pdf: Path) -> tuple[str, str, list[str]]:
    """A PDF's page count, its text as ``pdftotext`` reads it, and the fonts in it."""
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    pages = re.search(r"^Pages:\s+(\d+)$", info.stdout, re.MULTILINE)
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True)
    names = [line.split()[0] for line in fonts.stdout.splitlines()[2:]]
    return (pages.group(1) if pages else "?"), text, names


def test_the_report_prints_the_same_whatever_fonts_the_machine_has(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The report of thani-28 hand 1 printed here and on a machine whose only font is a serif
    one: the same single page, line for line, in the package's own fonts (a machine with Debian's
    fonts-noto-core once made it two pages)."""
    if shutil.which("chromium") is None or shutil.which("pdftotext") is None:
        pytest.skip("needs chromium and poppler-utils (scripts/test-deps.sh installs them)")
    if shutil.which("fc-match") is None:
        pytest.skip("needs fontconfig's fc-match")
    case = str(ROOT / "tests/tgn_cases/thani-28.tgn")
    here, elsewhere = tmp_path / "here.pdf", tmp_path / "elsewhere.pdf"
    status, _, err = run("report", case, "--hand", "1", "--pdf", str(here))
    assert status == 0, err
    machine = tmp_path / "machine"
    machine.mkdir()
    monkeypatch.setenv("FONTCONFIG_FILE", str(one_font_machine(machine)))
    status, _, err = run("report", case, "--hand", "1", "--pdf", str(elsewhere))
    assert status == 0, err
    (pages, text, fonts), (other_pages, other_text, other_fonts) = printed(here), printed(elsewhere)
    assert (pages, other_pages) == ("1", "1")
    assert other_text == text
    assert all("+NotoSans" in name for name in fonts if name != "[none]"), fonts
    assert other_fonts == fonts


def test_report_refuses_a_missing_hand_and_says_so_without_chromium(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = str(ROOT / "data/club-night-40.tgn")
    status, _, err = run("report", club, "--hand", "99")
    assert status == 2 and "no hand 99" in err
    monkeypatch.setattr("dashboard.printing.pdf.CHROMIUM", tmp_path / "no-chromium")
    monkeypatch.setenv("PATH", str(tmp_path))
    status, _, err = run("report", club, "--hand", "6", "--pdf", str(tmp_path / "x.pdf"))
    assert status == 2
    assert "a PDF needs Chromium, which is not installed" in err and "--html" in err
    status, out, _ = run("report", club, "--hand", "6")
    assert status == 0 and out.startswith("<!DOCTYPE html>")


def test_a_hand_without_findings_says_so() -> None:
    record = normalize(loads((ROOT / "data/tgn-example-40.tgn").read_text(encoding="utf-8")))
    page = report_html(record, 0)
    assert "No finding in this hand" in page and "ir-finding" not in page.split("</style>")[1]
