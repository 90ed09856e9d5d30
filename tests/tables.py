"""The plain HTML tables a page draws (``dashboard.views.frame_html``), read back from what
Streamlit's AppTest or a browser was sent: each a frame of the cells' text, a link cell giving its
address."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import TYPE_CHECKING

import pandas as pd
from streamlit.testing.v1 import AppTest

if TYPE_CHECKING:
    from playwright.sync_api import Page


class _TableReader(HTMLParser):
    """Collects the header and the rows of every table in some HTML."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[tuple[list[str], list[list[str]]]] = []
        self._cell: list[str] | None = None
        self._row: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append(([], []))
        elif tag == "tr":
            self._row = []
        elif tag in ("th", "td"):
            self._cell = []
        elif tag == "a" and self._cell is not None:
            self._cell.append(dict(attrs).get("href") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("th", "td") and self._cell is not None:
            self._row.append(self._cell[0] if self._cell else "")
            self._cell = None
        elif tag == "tr" and self.tables:
            head, rows = self.tables[-1]
            if not head:
                head.extend(self._row)
            else:
                rows.append(self._row)

    def handle_data(self, data: str) -> None:
        if self._cell is not None and not self._cell:
            self._cell.append(data)


def read_tables(html: str) -> list[pd.DataFrame]:
    """Every table in ``html``: its cells' text under its header (a link cell: its address)."""
    reader = _TableReader()
    reader.feed(html)
    reader.close()
    return [pd.DataFrame(rows, columns=head) for head, rows in reader.tables]


def html_tables(app: AppTest) -> list[pd.DataFrame]:
    """Every plain HTML table of the page drawn last, in the order drawn."""
    return [
        table
        for element in app.get("html")
        if "tp-frame" in element.proto.body
        for table in read_tables(element.proto.body)
    ]


def drawn_tables(page: Page) -> list[pd.DataFrame]:
    """Every plain HTML table of a browser's page, in the order of the page."""
    frames = page.locator(".tp-frame").evaluate_all("(frames) => frames.map((f) => f.outerHTML)")
    return [table for html in frames for table in read_tables(html)]


def table_of(page: Page, *columns: str) -> pd.DataFrame:
    """The first plain HTML table of a browser's page whose columns start with those."""
    return next(
        table
        for table in drawn_tables(page)
        if list(table.columns[: len(columns)]) == list(columns)
    )
