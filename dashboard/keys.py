"""Keyboard shortcuts of the Replay page: a small script that clicks the matching control.

The script runs in the page itself (``st.html`` with JavaScript allowed), installs one ``keydown``
listener per browser tab, and clicks the button whose Streamlit key the shortcut names, so that a
key press does exactly what the button does.
"""

from __future__ import annotations

import json

from dashboard.views.stepping import Move

#: Shortcut → control. Arrows move by a card, with Shift by a trick; Home and End go to the ends.
SHORTCUTS: dict[str, Move] = {
    "ArrowLeft": Move.PREVIOUS_CARD,
    "ArrowRight": Move.NEXT_CARD,
    "Shift+ArrowLeft": Move.PREVIOUS_TRICK,
    "Shift+ArrowRight": Move.NEXT_TRICK,
    "ArrowUp": Move.PREVIOUS_TRICK,
    "ArrowDown": Move.NEXT_TRICK,
    "Home": Move.FIRST,
    "End": Move.LAST,
}

SHORTCUT_HELP = "← → card · Shift+← → or ↑ ↓ trick · Home / End first / last"

_SCRIPT = """
<script>
(() => {
  const bindings = %s;
  window.__thuruppuBindings = bindings;
  if (window.__thuruppuKeys) { return; }
  window.__thuruppuKeys = true;
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    const tag = target && target.tagName ? target.tagName.toLowerCase() : "";
    if (tag === "input" || tag === "textarea" || tag === "select") { return; }
    const role = target && target.getAttribute ? target.getAttribute("role") : "";
    if (role === "slider" || (target && target.isContentEditable)) { return; }
    if (event.ctrlKey || event.altKey || event.metaKey) { return; }
    const name = (event.shiftKey ? "Shift+" : "") + event.key;
    const key = window.__thuruppuBindings[name];
    if (!key) { return; }
    const button = document.querySelector(".st-key-" + key + " button");
    if (!button || button.disabled) { return; }
    event.preventDefault();
    button.click();
  });
})();
</script>
"""


def keyboard_script() -> str:
    """The HTML that installs the shortcuts (safe to render on every run)."""
    bindings = {name: how.value for name, how in SHORTCUTS.items()}
    return _SCRIPT % json.dumps(bindings)
