"""A throwaway PostgreSQL server for the tests, and a fresh schema on it for each test.

``postgres_url`` (session-wide) starts a server from the Debian binaries in a temporary folder,
listening on 127.0.0.1 at a free port, and stops it at the end; as root it runs the server as the
``postgres`` user. ``THURUPPU_TEST_PG_URL`` names an existing server instead. The tests are skipped
only when there is neither such an address nor PostgreSQL binaries on the machine.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest

TEST_URL_ENV = "THURUPPU_TEST_PG_URL"


def postgres_bin() -> Path | None:
    """The newest installed PostgreSQL's binaries folder, if any."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=_version)
    return Path(found[-1]).parent if found else None


def _version(path: str) -> int:
    part = Path(path).parent.parent.name
    return int(part) if part.isdigit() else 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as_server_user(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: as root, run the command as the postgres user."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


class ThrowawayServer:
    """A PostgreSQL cluster in a temporary folder, started on a free port, removed when stopped;
    ``durable`` makes it sync commits to disk (the tests go faster without)."""

    def __init__(self, bin_dir: Path, durable: bool = False) -> None:
        self.bin_dir = bin_dir
        self.durable = durable
        self.folder = Path(tempfile.mkdtemp(prefix="thuruppu-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        if os.geteuid() == 0:
            shutil.chown(self.folder, user="postgres", group="postgres")

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        self._run(
            [
                str(self.bin_dir / "initdb"),
                "-D",
                str(self.data),
                "-U",
                "postgres",
                "-A",
                "trust",
                "--no-sync",
                "-E",
                "UTF8",
            ]
        )
        options = f"-h 127.0.0.1 -p {self.port} -k {self.folder} -c max_connections=100"
        if not self.durable:
            options += " -F"
        self._run(
            [
                str(self.bin_dir / "pg_ctl"),
                "-D",
                str(self.data),
                "-o",
                options,
                "-l",
                str(self.folder / "server.log"),
                "-w",
                "-t",
                "60",
                "start",
            ]
        )

    def pause(self) -> None:
        """Stop the server, keeping its data, as a server going down would."""
        self._run([str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop"])

    def resume(self) -> None:
        """Start a paused server again on its port."""
        options = f"-h 127.0.0.1 -p {self.port} -k {self.folder} -F"
        self._run(
            [str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-o", options,
             "-l", str(self.folder / "server.log"), "-w", "-t", "60", "start"]
        )  # fmt: skip

    def stop(self) -> None:
        try:
            self._run(
                [str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop"]
            )
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def _run(self, command: list[str]) -> None:
        done = subprocess.run(
            _as_server_user(command), capture_output=True, text=True, check=False, timeout=120
        )
        if done.returncode != 0:
            log = self.folder / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{' '.join(command)} failed:\n{done.stderr}{done.stdout}{tail}")


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The address of a PostgreSQL server for this test run."""
    given = os.environ.get(TEST_URL_ENV)
    if given:
        yield given
        return
    bin_dir = postgres_bin()
    if bin_dir is None:
        pytest.skip(
            "no PostgreSQL binaries under /usr/lib/postgresql/*/bin and no "
            f"{TEST_URL_ENV}: run scripts/test-deps.sh to install them"
        )
    server = ThrowawayServer(bin_dir)
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture
def postgres_archive_url(postgres_url: str) -> Iterator[str]:
    """An address whose tables land in a fresh schema of their own, dropped after the test."""
    schema = f"archive_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(postgres_url, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    joiner = "&" if "?" in postgres_url else "?"
    yield f"{postgres_url}{joiner}options={quote(f'-csearch_path={schema}')}"
    with psycopg.connect(postgres_url, autocommit=True) as connection:
        connection.execute(f"DROP SCHEMA {schema} CASCADE")
