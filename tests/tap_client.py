"""A scorer's phone as the tap pad behaves, without a browser: for the fault tests of the taps.

``TapPhone`` keeps its taps in order, numbered 1, 2, 3 ... for its device, and sends the first one
to ``POST /_tap`` again and again until it is answered, as the pad's queue does
(``dashboard/screens/tap_queue.js``): no answer (dropped, timed out, a server restarting) or a
5xx means send again after a short backoff; ``stored`` and ``refused`` take the tap off the queue
(a refusal stops it, as on the pad); ``ahead`` renumbers the queue from the first tap the server
does not hold; anything else (``conflict``, ``apart``, a 4xx) stops the queue. Each answer is
kept, to be checked by the test.
``TapServer`` is the dashboard's server the phones write to, killed with SIGKILL when a test says.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from dashboard.server.launch import streamlit_command
from tests.browser.conftest import REPOSITORY, stop_server, wait_until_healthy

LONGEST_BACKOFF = 1.0
"""The pad's backoff grows to 5 s; the tests keep it short so that a run stays short."""


@dataclass
class Sent:
    """One tap in a phone's queue: its number and what was tapped."""

    seq: int
    tap: dict[str, Any]


@dataclass
class TapPhone:
    """One table's phone sending its ``taps`` to ``url`` (``http://host:port``) for ``session``."""

    url: str
    session: int
    device: str
    taps: list[dict[str, Any]]
    timeout: float = 10.0
    queue: list[Sent] = field(default_factory=list)
    answers: list[dict[str, Any]] = field(default_factory=list)
    stopped: dict[str, Any] | None = None
    attempts: int = 0
    unanswered: int = 0
    held_lock: threading.Lock = field(default_factory=threading.Lock)
    acknowledged: int = 0

    def __post_init__(self) -> None:
        self.queue = [Sent(seq, tap) for seq, tap in enumerate(self.taps, start=1)]

    def post(self, sent: Sent) -> tuple[int, dict[str, Any]]:
        """Send one tap and give the answer's status and JSON (raises ``OSError`` and kin)."""
        body = {
            "session": self.session,
            "device": self.device,
            "seq": sent.seq,
            "tap": sent.tap,
            "take_over": False,
        }
        return self.post_to("/_tap", body)

    def post_to(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """POST ``body`` as JSON to ``path``; the answer's status and JSON."""
        parts = urlsplit(self.url)
        connection = http.client.HTTPConnection(
            parts.hostname or "127.0.0.1", parts.port, timeout=self.timeout
        )
        try:
            connection.request(
                "POST",
                path,
                body=json.dumps(body),
                headers={"Content-Type": "application/json", "Connection": "close"},
            )
            response = connection.getresponse()
            return response.status, json.loads(response.read())
        finally:
            connection.close()

    def run(self, deadline: float) -> None:
        """Send the queue until it is empty, stopped, or ``deadline`` (``time.monotonic``)."""
        backoff = 0.1
        while self.queue and self.stopped is None and time.monotonic() < deadline:
            first = self.queue[0]
            self.attempts += 1
            try:
                status, answer = self.post(first)
            except (OSError, http.client.HTTPException, ValueError):
                status, answer = 0, {}
            if status == 0 or status >= 500:
                self.unanswered += 1
                time.sleep(backoff)
                backoff = min(backoff * 2, LONGEST_BACKOFF)
                continue
            backoff = 0.1
            outcome = answer.get("outcome")
            if status == 200 and outcome in ("stored", "refused"):
                self.queue.pop(0)
                self.answers.append(answer)
                with self.held_lock:
                    self.acknowledged += 1
                if outcome == "refused":
                    self.stopped = answer
            elif status == 200 and outcome == "ahead" and isinstance(answer.get("held"), int):
                for index, item in enumerate(self.queue):
                    item.seq = answer["held"] + 1 + index
            else:
                self.stopped = {"status": status, **answer}


@dataclass
class TapServer:
    """The dashboard's server writing into ``archive`` on ``port``; ``kill`` is SIGKILL."""

    archive: str
    folder: Path
    log: Path
    port: int
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = streamlit_command(str(self.folder), self.port, self.archive)
        with self.log.open("ab") as output:
            self.process = subprocess.Popen(
                command, cwd=REPOSITORY, stdout=output, stderr=subprocess.STDOUT
            )
        wait_until_healthy(f"http://127.0.0.1:{self.port}", self.process, self.log)

    def kill(self) -> None:
        """SIGKILL: the server gets no chance to finish a request, flush or close anything."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            stop_server(self.process)
