"""A small table as plain HTML, for the tables a page shows at once and never sorts (the hands of a
session, the tricks of a hand, the players' overview): every cell escaped, some columns drawn as
links.

Streamlit's data grid (``st.dataframe``) makes a fresh browser tab fetch and run about 1.5 MB of
script before it draws: a Scores tab waited half a second for it. A short table needs none of it;
its rows are in the page text at once, and their text is what the page sent, nothing more.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping, Sequence

import pandas as pd

from dashboard.views.text import escape

TABLE_CSS = (
    ".tp-frame{overflow:auto;max-height:26rem;margin-bottom:0.5rem;"
    "border:1px solid var(--st-border-color,rgba(49,51,63,0.2))}"
    ".tp-frame table{border-collapse:collapse;width:100%;font-size:0.875rem}"
    ".tp-frame th,.tp-frame td{border:1px solid var(--st-border-color,rgba(49,51,63,0.2));"
    "padding:0.25rem 0.5rem;text-align:left;vertical-align:top;white-space:nowrap}"
    ".tp-frame th{background:var(--st-secondary-background-color,#f0f2f6);font-weight:600;"
    "position:sticky;top:0}"
    ".tp-frame .number{text-align:right;font-variant-numeric:tabular-nums}"
)
"""How such a table looks: the page's borders and greys, number columns right-aligned, one line
a row and at most about twelve rows in view, its header kept in sight (as in the data grid), a
wide table scrolling sideways on a phone rather than squeezing its columns."""


def _missing(value: object) -> bool:
    """A cell with no value: ``None``, or the NaN or NA a frame holds for none."""
    return value is None or (not isinstance(value, str) and bool(pd.isna(value)))


def _number_like(value: object) -> bool:
    """A number, or a number written as text (``blank_missing`` writes some columns so)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, numbers.Number):
        return True
    try:
        float(str(value))
    except ValueError:
        return False
    return True


def _numeric(values: Sequence[object]) -> bool:
    """Whether a column holds numbers only (blank cells aside): it is right-aligned."""
    shown = [value for value in values if not _missing(value) and value != ""]
    return bool(shown) and all(_number_like(value) for value in shown)


def _cell(value: object, link_text: str | None, number: bool) -> str:
    """One cell: a missing value blank, a link column's address a link saying ``link_text``."""
    if _missing(value):
        return "<td></td>"
    if link_text is not None:
        return (
            f'<td><a href="{escape(value)}" target="_blank" rel="noopener">'
            f"{escape(link_text)}</a></td>"
        )
    return f'<td class="number">{escape(value)}</td>' if number else f"<td>{escape(value)}</td>"


def frame_html(frame: pd.DataFrame, links: Mapping[str, str] | None = None) -> str:
    """``frame`` as an HTML table (no index) in a block that scrolls; the columns named in
    ``links`` hold addresses, drawn as links (opening a new tab, as the data grid's did) whose
    text is the column's entry in ``links``."""
    texts = dict(links or {})
    columns = [str(column) for column in frame.columns]
    numeric = [_numeric(list(frame.iloc[:, index])) for index in range(len(columns))]
    head = "".join(
        f'<th class="number">{escape(column)}</th>' if number else f"<th>{escape(column)}</th>"
        for column, number in zip(columns, numeric, strict=True)
    )
    body = "".join(
        "<tr>"
        + "".join(
            _cell(value, texts.get(column), number)
            for column, value, number in zip(columns, row, numeric, strict=True)
        )
        + "</tr>"
        for row in frame.itertuples(index=False, name=None)
    )
    return (
        f'<div class="tp-frame"><style>{TABLE_CSS}</style><table><thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )


#: What a spreadsheet reads as the start of a formula when a CSV cell begins with it (OWASP's
#: list: ``= + - @``, and a tab or carriage return before one).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def formula_safe(value: object) -> object:
    """A cell as a CSV file may hold it: text a spreadsheet would run as a formula (a name such as
    ``@SUM(1+1)*cmd|' /C calc'!A0``) prefixed with ``'``, as OWASP advises; anything else as it is
    (a negative number stays a number)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(table: object) -> str:
    """A table the pages show (a frame, records, or an Arrow table) as CSV text, every cell that
    would start a formula neutralised (``formula_safe``): the pages' only CSV downloads, since
    Streamlit's own grid download is switched off (``client.disableDataExport``)."""
    frame = table.to_pandas() if hasattr(table, "to_pandas") else pd.DataFrame(table)
    return frame.map(formula_safe).to_csv(
        index=False, lineterminator="\r\n"
    )  # RFC 4180: a CR quoted
