"""Stopping ``thuruppu dashboard`` and ``thuruppu record`` stops their Streamlit server too."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from recorder.archive import ARCHIVE_ENV
from tests.browser.conftest import free_port, wait_until_healthy

REPOSITORY = Path(__file__).resolve().parent.parent
STOP_SECONDS = 20


def group_alive(group: int) -> bool:
    """Whether any process of this process group is still running."""
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


def port_free(port: int) -> bool:
    """Whether a server could listen on this port now."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def thuruppu(arguments: list[str], tmp_path: Path) -> subprocess.Popen[bytes]:
    """The command started as a user or a service manager starts it, in its own process group."""
    environment = {**os.environ, ARCHIVE_ENV: str(tmp_path / "archive.sqlite")}
    command = [str(Path(sys.executable).parent / "thuruppu"), *arguments]
    log = (tmp_path / "command.log").open("wb")
    return subprocess.Popen(
        command,
        cwd=REPOSITORY,
        env=environment,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


@pytest.mark.parametrize(
    "arguments",
    [["dashboard", str(REPOSITORY / "data")], ["record"]],
    ids=["dashboard", "record"],
)
def test_sigterm_stops_the_server_and_frees_the_port(arguments: list[str], tmp_path: Path) -> None:
    port = free_port()
    command = thuruppu([*arguments, "--port", str(port)], tmp_path)
    group = command.pid
    try:
        wait_until_healthy(f"http://127.0.0.1:{port}", command, tmp_path / "command.log")
        command.send_signal(signal.SIGTERM)  # to the command alone, as a service manager does
        command.wait(timeout=STOP_SECONDS)
        deadline = time.monotonic() + STOP_SECONDS
        while group_alive(group) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not group_alive(group), "the Streamlit server outlived the command"
        assert port_free(port)
    finally:
        if group_alive(group):
            os.killpg(group, signal.SIGKILL)
