"""Running an asyncio program from a test, whatever else the test's process runs.

``asyncio.run`` refuses to start when an event loop is already running in the calling thread, and
one is whenever a browser test ran earlier in the same test process: Playwright's sync API keeps
its own loop running in the main thread for as long as the session's browser lives. So the tests
that drive light clients (websockets, HTTP, an event stream) run their program in a thread of its
own, with a loop of its own, and wait for its result.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_apart(program: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(program)`` in a thread of its own; its result, or its exception raised."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, program).result()
