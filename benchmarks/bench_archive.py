"""Archive write throughput: events per second recorded live (one commit per event), by one
recorder and by six at once, and imported whole, into SQLite and, when a server can be had, into
PostgreSQL.

Run with ``python -m benchmarks bench_archive`` (or ``make bench``). PostgreSQL is the server named
by ``THURUPPU_TEST_PG_URL``, else a throwaway local server (syncing commits, like SQLite's
``synchronous=FULL``) when the PostgreSQL binaries are installed.
"""

from __future__ import annotations

import os
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import psycopg

from recorder.archive import events_from_record, open_archive
from tests.archive_sessions import generated_record, record_live, record_tables_at_once
from tests.pg_server import TEST_URL_ENV, ThrowawayServer, postgres_bin

TABLES = [("40", 1), ("28", 2), ("29", 3), ("40", 4), ("28", 5), ("29", 6)]
HANDS = 8


def one_recorder(location: str) -> float:
    """Events per second one recorder appends, each committed before the next."""
    archive = open_archive(location)
    record = generated_record("40", HANDS, seed=7)
    started = time.perf_counter()
    recorded = record_live(archive, record, seed=7)
    return recorded.events / (time.perf_counter() - started)


def six_recorders(location: str) -> float:
    """Events per second six recorder processes append together into one archive."""
    reports = record_tables_at_once(location, TABLES)
    failures = [report.error for report in reports if report.error]
    if failures:
        raise RuntimeError("; ".join(failures))
    return sum(report.events for report in reports) / max(report.seconds for report in reports)


def imports(location: str) -> float:
    """Events per second stored by importing whole sessions, one transaction each."""
    archive = open_archive(location)
    records = [generated_record(game, HANDS, seed) for game, seed in TABLES]
    events = sum(len(events_from_record(record)) for record in records)
    started = time.perf_counter()
    for record in records:
        archive.import_record(record)
    return events / (time.perf_counter() - started)


MEASURES: list[tuple[str, Callable[[str], float]]] = [
    ("one recorder, live", one_recorder),
    ("six recorders at once, live", six_recorders),
    ("import of whole sessions", imports),
]


def _report(database: str, fresh_location: Callable[[], str]) -> None:
    for label, measure in MEASURES:
        rate = measure(fresh_location())
        print(f"   {database:<10} {label:<30} {rate:10,.0f} events/s", flush=True)


@contextmanager
def _postgres() -> Iterator[str | None]:
    """A PostgreSQL address to measure, or ``None`` when there is no server to be had."""
    given = os.environ.get(TEST_URL_ENV)
    bin_dir = postgres_bin()
    if given or bin_dir is None:
        yield given
        return
    server = ThrowawayServer(bin_dir, durable=True)
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


def _fresh_schema(url: str) -> str:
    schema = f"archive_bench_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    joiner = "&" if "?" in url else "?"
    return f"{url}{joiner}options={quote(f'-csearch_path={schema}')}"


def main() -> None:
    print(f"   {len(TABLES)} generated tables of {HANDS} hands; one commit per live event")
    with tempfile.TemporaryDirectory() as folder:
        _report("SQLite", lambda: str(Path(folder) / f"{uuid.uuid4().hex}.sqlite"))
    with _postgres() as url:
        if url is None:
            print("   PostgreSQL: no server (set THURUPPU_TEST_PG_URL or install PostgreSQL)")
        else:
            _report("PostgreSQL", lambda: _fresh_schema(url))


if __name__ == "__main__":
    main()
