"""Refuse to test stale compiled modules (a module compiled by ``setup.py`` shadows its source),
and keep the dashboard's replay cache of the test run in a temporary folder, never the user's; the
servers the tests start judge no hand fairly in the background unless a test turns it on. The
scorer's taps are tested against a server of their own (``tap_server``): the fault tests and the
tap pads' browser tests."""

from __future__ import annotations

import importlib.machinery
import os
import shutil
import tempfile
from collections.abc import Iterator
from itertools import product
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from dashboard.server.fair_background import BACKGROUND_ENV
from dashboard.server.replay_store import CACHE_ENV

if TYPE_CHECKING:
    from tests.tap_client import TapServer

ROOT = Path(__file__).resolve().parent.parent


def stale_extensions(root: Path) -> list[str]:
    """Sources under ``replay/`` and ``recorder/`` (Python compiled by mypyc, or C) edited after
    the extension built from them."""
    stale = []
    for suffix, package in product(importlib.machinery.EXTENSION_SUFFIXES, ("replay", "recorder")):
        for extension in sorted((root / package).rglob(f"*{suffix}")):
            for language in (".py", ".c"):
                source = extension.with_name(extension.name.removesuffix(suffix) + language)
                if source.exists() and source.stat().st_mtime > extension.stat().st_mtime:
                    stale.append(str(source.relative_to(root)))
    return stale


def pytest_sessionstart(session: pytest.Session) -> None:
    os.environ[CACHE_ENV] = tempfile.mkdtemp(prefix="thuruppu-test-cache-")
    os.environ[BACKGROUND_ENV] = "off"  # no test's server judges hands unasked, but those asking
    stale = stale_extensions(ROOT)
    if stale:
        pytest.exit(
            f"{', '.join(stale)} changed after it was compiled; run `make install` to rebuild",
            returncode=2,
        )


def pytest_sessionfinish(session: pytest.Session) -> None:
    shutil.rmtree(os.environ.get(CACHE_ENV, ""), ignore_errors=True)


@pytest.fixture
def tap_server(tmp_path: Path) -> Iterator[TapServer]:
    """A server (not yet started) on a temporary SQLite archive, stopped after the test. Its
    helpers are imported here, not above: they import the browser tests' set-up, which the tests
    run on a copy of the plain source (``tests/plain_source.py``) leave out."""
    from tests.browser.conftest import free_port
    from tests.tap_client import TapServer

    (tmp_path / "sessions").mkdir()
    server = TapServer(
        str(tmp_path / "archive.sqlite"), tmp_path / "sessions", tmp_path / "server.log", 0
    )
    server.port = free_port()
    try:
        yield server
    finally:
        server.stop()
