"""The charts a page sends, as Streamlit's AppTest sees them: each chart's figure by its key."""

from __future__ import annotations

import json
from typing import Any

from streamlit.testing.v1 import AppTest

from dashboard.charts.chart import COMPONENT


def charts(app: AppTest) -> dict[str, dict[str, Any]]:
    """Every chart of the page drawn last (``dashboard.charts.chart``): its key and the figure
    (traces and layout) the browser is sent for it."""
    return {
        str(element.key): json.loads(element.proto.json)
        for element in app.get("bidi_component")
        if element.proto.component_name == COMPONENT
    }
