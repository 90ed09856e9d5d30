"""The dashboard's charts: a plotly figure drawn in the page by plotly.js's basic bundle.

Streamlit's own ``st.plotly_chart`` makes the browser fetch and run the full plotly.js (4.7 MB)
before a page's first chart shows, over a second of a fresh tab's load. Every chart here is a
scatter or a bar, which the basic bundle (1.2 MB, vendored in ``dashboard/static`` with its licence)
draws alike. The bundle is served by Streamlit's static file serving (``dashboard.launch`` turns it
on) and loaded once per browser tab (``chart_loader.js``) for ``chart.js``, a Streamlit component
run in the page (no frame), which every chart of the tab shares. Every page asks for it ahead: a
page with charts as its script starts, any other once drawn and the browser is idle, so that
moving on to charts does not wait for it. A chart is drawn only once its room (its height kept from
the start) comes within a screen's height of the view, charts seen together one per frame: a fresh
tab draws what is in view first, not every chart of the page in one long task.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import plotly.graph_objects as go
import plotly.io
import streamlit as st

HERE = Path(__file__).resolve().parent
BUNDLE = HERE / "static" / "plotly-basic.min.js"
LOADER = (HERE / "chart_loader.js").read_text(encoding="utf-8")
SCRIPT = LOADER + "\n" + (HERE / "chart.js").read_text(encoding="utf-8")
COMPONENT = "thuruppu.chart"
"""The component's name, also the element Streamlit's AppTest finds (a ``bidi_component``)."""
AHEAD_KEY = "charts-ahead"
HIDDEN_CSS = (
    f".st-key-{AHEAD_KEY},[data-testid=stLayoutWrapper]:has(> .st-key-{AHEAD_KEY}){{display:none}}"
)
"""The loading ahead's container and its wrapper take no room (nor a gap) on the page."""

_mount = st.components.v2.component(COMPONENT, js=SCRIPT, isolate_styles=False)


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


def ahead_script(now: bool) -> str:
    """A script loading the chart bundle ahead: at once when ``now``, else once the page's script
    has finished and the browser is idle (and only if no chart has asked for it yet). Its text
    holds no ``<`` before a letter or a slash, which would make Streamlit's sanitiser drop it."""
    return (
        "<script>(() => {"
        + LOADER
        + f"if ({json.dumps(now)}) {{ loadPlotly().catch(() => {{}}); return; }}"
        "if (window.thuruppuPlotly) return;"
        "const app = document.querySelector('[data-testid=\"stApp\"]');"
        "const later = window.requestIdleCallback || setTimeout;"
        "const idle = () => later(() => loadPlotly().catch(() => {}), {timeout: 2000});"
        "const drawn = () => !app || app.dataset.testScriptState === 'notRunning';"
        "if (drawn()) { idle(); return; }"
        "const watch = new MutationObserver(() => {"
        "if (drawn()) { watch.disconnect(); idle(); } });"
        "watch.observe(app, {attributes: true, attributeFilter: ['data-test-script-state']});"
        "})();</script>"
    )


def load_charts_ahead(now: bool) -> None:
    """Add the chart bundle's loading ahead to the page, drawing nothing."""
    with st.container(key=AHEAD_KEY):
        st.html(f"<style>{HIDDEN_CSS}</style>")
        st.html(ahead_script(now), unsafe_allow_javascript=True)
