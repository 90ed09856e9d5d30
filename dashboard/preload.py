"""Loading Streamlit's chart script ahead of the charts: a page with a plotly chart imports it as
the page starts, any other page fetches it once drawn and the browser is idle.

Streamlit's plotly chart is one 4.7 MB script, fetched only when the first chart of a tab arrives
and then parsed and run before anything is drawn: over a second of a fresh tab's load. Asked for
as the script run starts, its download overlaps the page's own work; fetched after another page is
drawn, moving to a page with charts no longer waits for the download. Both load the very module
that Streamlit imports later (the same address), so nothing is loaded twice.
"""

from __future__ import annotations

import json
from pathlib import Path

import streamlit as st

CHUNKS = Path(st.__file__).resolve().parent / "static" / "static" / "js"
PLOTLY_CHUNK = "PlotlyChart.*.js"
KEY = "chart-preload"
HIDDEN_CSS = f".st-key-{KEY},[data-testid=stLayoutWrapper]:has(> .st-key-{KEY}){{display:none}}"
"""The preload's container and its wrapper take no room (nor a gap) on the page."""


def plotly_chunk(folder: Path = CHUNKS) -> str | None:
    """The file name of Streamlit's plotly chart script (named by its content), if found."""
    found = sorted(path.name for path in folder.glob(PLOTLY_CHUNK))
    return found[0] if found else None


def preload_script(chunk: str, now: bool) -> str:
    """A script loading ``chunk`` beside Streamlit's own scripts: imported at once when ``now``;
    else fetched and compiled, not run, once the page's script has finished and the browser is
    idle (a module preload, once per tab), so that the page drawn is not held up by it."""
    return (
        "<script>(() => {"
        "const main = document.querySelector('script[src*=\"/static/js/index.\"]');"
        "if (!main) return;"
        f"const address = new URL({json.dumps(chunk)}, main.src).href;"
        f"if ({json.dumps(now)}) {{ import(address).catch(() => {{}}); return; }}"
        "if (window.thuruppuChartsAhead) return; window.thuruppuChartsAhead = true;"
        "const fetchAhead = () => { const link = document.createElement('link');"
        "link.rel = 'modulepreload'; link.href = address; document.head.appendChild(link); };"
        "const app = document.querySelector('[data-testid=\"stApp\"]');"
        "const later = window.requestIdleCallback || setTimeout;"
        "const idle = () => later(fetchAhead, {timeout: 2000});"
        "const drawn = () => !app || app.dataset.testScriptState === 'notRunning';"
        "if (drawn()) { idle(); return; }"
        "const watch = new MutationObserver(() => {"
        "if (drawn()) { watch.disconnect(); idle(); } });"
        "watch.observe(app, {attributes: true, attributeFilter: ['data-test-script-state']});"
        "})();</script>"
    )


def preload_charts(now: bool) -> None:
    """Add the chart script's preload to the page (nothing when Streamlit has no such script)."""
    chunk = plotly_chunk()
    if chunk is None:
        return
    with st.container(key=KEY):
        st.html(f"<style>{HIDDEN_CSS}</style>")
        st.html(preload_script(chunk, now), unsafe_allow_javascript=True)
