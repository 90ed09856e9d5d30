"""The dashboard's charts: a plotly figure drawn in the page by plotly.js's basic bundle.

Streamlit's own ``st.plotly_chart`` makes the browser fetch and run the full plotly.js (4.7 MB)
before a page's first chart shows, over a second of a fresh tab's load. Every chart here is a
scatter or a bar, which the basic bundle (1.2 MB, vendored in ``dashboard/static`` with its licence)
draws alike. The bundle is served by Streamlit's static file serving (``dashboard.server.launch``
turns it on) and loaded once per browser tab (``loader.js``) for ``chart.js``, a Streamlit component
run in the page (no frame), which every chart of the tab shares. Every page asks for the bundle
ahead, once it is drawn and the browser is idle, so that a chart page opened next finds it loaded;
plotly.js draws a chart once the chart's room (its height kept from the start) comes within a
screen's height of the view, charts seen together one per frame.

A first view drawn without plotly.js (a second renderer in JavaScript, on axes pinned here) once
stood in until the bundle came; measured in Chromium on the Scores and Players pages of the
bundled data, in fresh tabs at desktop and phone sizes, it won at most 0.15 s at the page and lost
0.1 s on a phone, below the half second that would pay for a second renderer every new kind of
figure must be taught, so it went (docs/DASHBOARD.md, *Charts*). The axes stay pinned here
(``charts.axes``): what a chart's axes show is decided once, from its traces, the same in every
browser and at every size (a long session's hands and flags stay apart on a phone).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import plotly.graph_objects as go
import plotly.io
import streamlit as st

from dashboard.charts.axes import pin_axes, plain

HERE = Path(__file__).resolve().parent
BUNDLE = HERE.parent / "static" / "plotly-basic.min.js"
LOADER = (HERE / "loader.js").read_text(encoding="utf-8")
SCRIPT = "\n".join([LOADER, (HERE / "chart.js").read_text(encoding="utf-8")])
COMPONENT = "thuruppu.chart"
"""The component's name, also the element Streamlit's AppTest finds (a ``bidi_component``)."""
AHEAD_KEY = "charts-ahead"
HIDDEN_CSS = (
    f".st-key-{AHEAD_KEY},[data-testid=stLayoutWrapper]:has(> .st-key-{AHEAD_KEY}){{display:none}}"
)
"""The loading ahead's container and its wrapper take no room (nor a gap) on the page."""

_mount = st.components.v2.component(COMPONENT, js=SCRIPT, isolate_styles=False)


def figure_spec(figure: go.Figure) -> dict[str, Any]:
    """What the browser draws of ``figure``: its traces and layout as plotly.js reads them, arrays
    as plain lists and every axis pinned (``pin_axes``). The plotly template is left out: the
    page's theme stands in for it (set by ``chart.js``), as it did for Streamlit's plotly chart,
    and it is most of a small figure's bytes."""
    spec = plain(json.loads(plotly.io.to_json(figure, validate=False)))
    layout = dict(spec.get("layout", {}))
    layout.pop("template", None)
    return pin_axes({"data": spec.get("data", []), "layout": layout})


def chart(figure: go.Figure, key: str) -> None:
    """Draw ``figure`` across the page's width under the element key ``key``."""
    _mount(key=key, data=figure_spec(figure), width="stretch", height="content")


def ahead_script() -> str:
    """A script loading the chart bundle ahead, once the page's script has finished and the
    browser is idle. Its text holds no ``<`` before a letter or a slash, which would make
    Streamlit's sanitiser drop it."""
    load = "whenSettled().then(loadPlotly).catch(() => {});"
    return "<script>(() => {" + LOADER + load + "})();</script>"


def load_charts_ahead() -> None:
    """Add the chart bundle's loading ahead to the page, drawing nothing."""
    with st.container(key=AHEAD_KEY):
        st.html(f"<style>{HIDDEN_CSS}</style>")
        st.html(ahead_script(), unsafe_allow_javascript=True)
