"""Names are text on every page (TOURNAMENT.md §10): every page is opened under Streamlit's AppTest
on a day whose teams, players and event are named with Markdown, HTML and Streamlit directives
(``tests/hostile_names.py``), and no element hands the browser one of those names unescaped where
Streamlit renders Markdown: a Markdown body, caption, heading, alert or toast, a metric, a
widget's label or tooltip, a radio's or a button group's options, an expander's, tab's or
popover's label, a page link's label."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from google.protobuf.message import Message
from streamlit.proto.Markdown_pb2 import Markdown
from streamlit.proto.Radio_pb2 import Radio
from streamlit.testing.v1 import AppTest

from dashboard.state import DATA_ENVIRONMENT
from dashboard.views.text import escape, escape_markdown
from recorder.archive import ARCHIVE_ENV, open_archive
from tests.hostile_names import HOSTILE, RENAMED, RUMMY_TABLE, TEAMS_TABLE, hostile_day
from tests.test_dashboard_app import fresh_app, open_page

#: Fields Streamlit renders as Markdown, whatever element holds them.
MARKDOWN_FIELDS = {"body", "label", "help", "delta", "captions", "content"}
#: Elements whose ``body`` is not Markdown (HTML sanitised by the browser, plain or code text).
PLAIN_ELEMENTS = {"html", "text", "code", "exception", "json", "arrow_data_frame"}
#: Elements whose ``options`` are Markdown (a selectbox's and a multiselect's are plain text).
MARKDOWN_OPTIONS = {"radio"}
#: A link's parameters that are no number (its refusal quotes them).
LINKED = ["![x](//e.co/a.png)", "**9**"]
#: The names that mean something in Markdown (``@Vinod`` does not), and those that are HTML.
MARKDOWN_NAMES = [name for name in [*HOSTILE, *LINKED] if escape_markdown(name) != name]
HTML_NAMES = [name for name in HOSTILE if escape(name) != name]


def markdown_strings(proto: Message, kind: str) -> Iterator[tuple[str, str]]:
    """Every (field, text) of ``proto`` and the messages in it that the browser reads as
    Markdown."""
    for field, value in proto.ListFields():
        name = field.name
        single = isinstance(value, str | bytes | int | float | Message)  # else a repeated field
        values = [value] if single else list(value)
        for item in values:
            if isinstance(item, Message):
                yield from markdown_strings(item, kind)
            elif isinstance(item, str) and (
                (name in MARKDOWN_FIELDS and kind not in PLAIN_ELEMENTS)
                or (name == "options" and kind in MARKDOWN_OPTIONS)
            ):
                yield name, item


def nodes(node: object) -> Iterator[object]:
    yield node
    for child in getattr(node, "children", {}).values():
        yield from nodes(child)


def html_block(text: str) -> bool:
    """Markdown that is one HTML block (CommonMark: a ``<div`` line up to a blank line, which a
    name cannot make: it holds no control character): its text is HTML, not Markdown."""
    return text.startswith("<div") and "\n\n" not in text


def unescaped(app: AppTest) -> list[str]:
    """Each element's field that holds a hostile name as written (so rendered as markup): a name
    with Markdown in it, or in an HTML block a name with HTML in it."""
    found = []
    for node in nodes(app._tree):
        proto = getattr(node, "proto", None)
        if not isinstance(proto, Message):
            continue
        kind = getattr(node, "type", "") or ""
        which = proto.WhichOneof("type") if "type" in proto.DESCRIPTOR.oneofs_by_name else None
        kind = which or kind
        for field, text in markdown_strings(proto, kind):
            names = HTML_NAMES if html_block(text) else MARKDOWN_NAMES
            found += [
                f"{kind}.{field}: {name!r} in {text[:80]!r}" for name in names if name in text
            ]
    return found


@pytest.fixture(scope="module")
def day(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, int]]:
    location = tmp_path_factory.mktemp("names") / "day.sqlite"
    ids = hostile_day(open_archive(location))
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(DATA_ENVIRONMENT, str(location))
        patch.setenv(ARCHIVE_ENV, str(location))
        yield ids


PAGES = [
    ("sessions", {}),
    ("replay", {"session": "archive:{outside}"}),
    ("replay", {"session": "archive:{final}"}),
    ("replay", {"session": "archive:{rummy-semi-final}"}),
    ("scores", {"session": "archive:{outside}"}),
    ("scores", {"session": "archive:{rummy-semi-final}"}),
    ("players", {}),
    ("coaching", {"player": RENAMED["Arun"]}),
    ("coaching", {"player": RENAMED["Abu"]}),
    ("record", {}),
    ("record", {"session": "{in play}"}),
    ("record", {"session": "{rummy-semi-final}"}),
    ("record", {"table": str(TEAMS_TABLE)}),
    ("record", {"table": str(RUMMY_TABLE)}),
    ("record", {"session": LINKED[0]}),
    ("record", {"table": LINKED[1]}),
    ("tournament", {}),
    ("organiser", {}),
    ("director", {}),
    ("director", {"session": "{final}"}),
    ("director", {"session": "{rummy-semi-final}"}),
]


@pytest.mark.parametrize(
    ("page", "params"), PAGES, ids=[f"{page}-{'-'.join(p.values())}" for page, p in PAGES]
)
def test_no_page_renders_a_name_as_markup(
    day: dict[str, int], page: str, params: dict[str, str]
) -> None:
    opened = {key: value.format_map(day) for key, value in params.items()}
    app = open_page(fresh_app(), page, **opened)
    assert not app.exception, [e.value for e in app.exception]
    assert unescaped(app) == []


def test_the_walk_finds_a_name_left_as_markup(day: dict[str, int]) -> None:
    """The check is not empty: the escaped names reach a page, and a name written as it is in a
    caption, a label or a radio's options is found."""
    app = open_page(fresh_app(), "tournament")
    shown = [text for node in nodes(app._tree) for _, text in strings_of(node)]
    assert any(escape_markdown(RENAMED["Chendas"]) in text for text in shown)
    caption = Markdown(body=f"say {RENAMED['Chendas']}", element_type=Markdown.Type.CAPTION)
    assert list(markdown_strings(caption, "markdown")) == [("body", caption.body)]
    radio = Radio(label="Who", options=["Abu", RENAMED["Abu"]])
    assert list(markdown_strings(radio, "radio")) == [
        ("label", "Who"),
        ("options", "Abu"),
        ("options", RENAMED["Abu"]),
    ]
    assert list(markdown_strings(radio, "selectbox")) == [("label", "Who")]


def strings_of(node: object) -> Iterator[tuple[str, str]]:
    proto = getattr(node, "proto", None)
    if isinstance(proto, Message):
        yield from markdown_strings(proto, getattr(node, "type", ""))
