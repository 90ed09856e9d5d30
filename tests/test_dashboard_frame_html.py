"""The plain HTML tables of the pages: every cell escaped, links where asked, blanks for missing
values, and read back exactly as the frame held them."""

from __future__ import annotations

import pandas as pd

from dashboard.views.frame_html import frame_html
from tests.tables import read_tables


def test_a_table_holds_every_cell_as_text_under_its_header() -> None:
    frame = pd.DataFrame({"Hand": [1, 2], "Caller": ["Anil", "Chitra"], "Points": ["12", ""]})
    (read,) = read_tables(frame_html(frame))
    assert list(read.columns) == ["Hand", "Caller", "Points"]
    assert read.values.tolist() == [["1", "Anil", "12"], ["2", "Chitra", ""]]


def test_hostile_text_is_shown_as_text() -> None:
    frame = pd.DataFrame({"<b>Team</b>": ["<script>alert(1)</script>"]})
    drawn = frame_html(frame)
    assert "<script>alert" not in drawn and "<b>Team" not in drawn
    assert "<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>" in drawn
    (read,) = read_tables(drawn)
    assert read.iloc[0]["<b>Team</b>"] == "<script>alert(1)</script>"


def test_a_link_column_draws_its_addresses_as_links_with_one_text() -> None:
    frame = pd.DataFrame({"Replay": ['replay?session=a"b&hand=1'], "Hand": [1]})
    drawn = frame_html(frame, links={"Replay": "open"})
    assert (
        '<td><a href="replay?session=a&quot;b&amp;hand=1" target="_blank" rel="noopener">open</a>'
        "</td>"
    ) in drawn
    (read,) = read_tables(drawn)
    assert read.iloc[0]["Replay"] == 'replay?session=a"b&hand=1'


def test_missing_values_are_blank_and_number_columns_right_aligned() -> None:
    frame = pd.DataFrame(
        {"share": [0.5, None], "calls": [3, 4], "made %": ["50", ""], "call": ["22", "H"]}
    )
    drawn = frame_html(frame)
    assert "None" not in drawn and "nan" not in drawn
    assert '<th class="number">share</th><th class="number">calls</th>' in drawn
    assert '<th class="number">made %</th><th>call</th>' in drawn
    assert '<td class="number">0.5</td><td class="number">3</td><td class="number">50</td>' in drawn
    assert '<tr><td></td><td class="number">4</td><td class="number"></td><td>H</td></tr>' in drawn


def test_no_cell_of_a_csv_download_starts_a_formula() -> None:
    """A name a spreadsheet would run (OWASP's ``= + - @``, a tab or CR first) is written with a
    ``'`` before it, in a frame, records or an Arrow table alike; numbers and other text as they
    are."""
    import csv
    import io

    import pyarrow as pa

    from dashboard.views.frame_html import FORMULA_STARTS, csv_text

    names = ["@SUM(1+1)*cmd|' /C calc'!A0", "=HYPERLINK(1)", "+Onam", "-Periyar", "\tx", "\ry"]
    records = [{"Team": name, "Points": -3} for name in [*names, "Tuskers"]]
    for table in (records, pd.DataFrame(records), pa.Table.from_pylist(records)):
        rows = list(csv.reader(io.StringIO(csv_text(table), newline="")))
        cells = [cell for row in rows for cell in row]
        assert not [cell for cell in cells if cell.startswith(FORMULA_STARTS) and cell != "-3"]
        assert [row[0] for row in rows[1:]] == [*("'" + name for name in names), "Tuskers"]
        assert {row[1] for row in rows[1:]} == {"-3"}
