"""The dashboard's charts: a plotly figure drawn in the page by plotly.js's basic bundle.

Streamlit's own ``st.plotly_chart`` makes the browser fetch and run the full plotly.js (4.7 MB)
before a page's first chart shows, over a second of a fresh tab's load. Every chart here is a
scatter or a bar, which the basic bundle (1.2 MB, vendored in ``dashboard/static`` with its licence)
draws alike. The bundle is served by Streamlit's static file serving (``dashboard.launch`` turns it
on) and fetched once per browser tab by ``chart.js``, a Streamlit component run in the page (no
frame), which every chart of the tab shares.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import plotly.graph_objects as go
import plotly.io
import streamlit as st

SCRIPT = Path(__file__).with_name("chart.js")
BUNDLE = Path(__file__).parent / "static" / "plotly-basic.min.js"
COMPONENT = "thuruppu.chart"
"""The component's name, also the element Streamlit's AppTest finds (a ``bidi_component``)."""

_mount = st.components.v2.component(
    COMPONENT, js=SCRIPT.read_text(encoding="utf-8"), isolate_styles=False
)


def figure_spec(figure: go.Figure) -> dict[str, Any]:
    """What the browser draws of ``figure``: its traces and layout as plotly.js reads them. The
    plotly template is left out: the page's theme stands in for it (set by ``chart.js``), as it
    did for Streamlit's plotly chart, and it is most of a small figure's bytes."""
    spec = json.loads(plotly.io.to_json(figure, validate=False))
    layout = dict(spec.get("layout", {}))
    layout.pop("template", None)
    return {"data": spec.get("data", []), "layout": layout}


def chart(figure: go.Figure, key: str) -> None:
    """Draw ``figure`` across the page's width under the element key ``key``."""
    _mount(key=key, data=figure_spec(figure), width="stretch", height="content")
