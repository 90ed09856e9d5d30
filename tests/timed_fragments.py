"""Streamlit's timed fragments (``st.fragment(run_every=...)``) under AppTest, which runs whole
scripts only: which fragments a run asked the browser to rerun on a timer, and one such fragment
run alone, as the browser's timer asks for it (and the page after it, when the fragment reruns
the page).

AppTest builds each run's request (``RerunData``) and parses its messages into the element tree
inside ``streamlit.testing.v1.local_script_runner``; ``run`` swaps these two names there for the
run's length: the request names the fragment, and the messages are read for the timers first."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from unittest import mock

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime.scriptrunner_utils.script_requests import RerunData
from streamlit.testing.v1 import AppTest, local_script_runner
from streamlit.testing.v1.element_tree import ElementTree


@dataclass(frozen=True)
class Timed:
    """A fragment the browser was asked to rerun every ``seconds``."""

    fragment: str
    seconds: float


def run(app: AppTest, fragment: str | None = None) -> list[Timed]:
    """Run the page's script, or only ``fragment`` as its timer does; the timed fragments the run
    asked for (none when the fragment ran alone without rerunning the page)."""
    asked: list[Timed] = []
    parse = local_script_runner.parse_tree_from_messages

    def noting(messages: Sequence[ForwardMsg]) -> ElementTree:
        asked.extend(
            Timed(message.auto_rerun.fragment_id, message.auto_rerun.interval)
            for message in messages
            if message.HasField("auto_rerun")
        )
        return parse(messages)

    request = (
        RerunData
        if fragment is None
        else partial(RerunData, fragment_id_queue=[fragment], is_auto_rerun=True)
    )
    with (
        mock.patch.object(local_script_runner, "parse_tree_from_messages", noting),
        mock.patch.object(local_script_runner, "RerunData", request),
    ):
        app.run()
    return asked
