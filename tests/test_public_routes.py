"""The spectators' routes in one process, driven as ASGI without a server: what they show of a
hand in play (nothing hidden), their cache (ETag, 304, built at most every ``BUILD_SECONDS``),
their event stream (a change, and a client catching up by ``Last-Event-ID``); the notices a
PostgreSQL write sends in its transaction; and ``thuruppu serve``'s refusals and nginx
configuration (``nginx -t``)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
from pathlib import Path

import psycopg
import pytest
from typer.testing import CliRunner

from benchmarks.bench_live import MATCH
from dashboard.cli.commands import app
from dashboard.server import public_routes
from dashboard.server.hosting import Hosting, nginx_binary, write_config
from dashboard.server.notices import KEPT_CHANGES, Positions
from dashboard.server.public_routes import PublicRoutes, PublicSite
from recorder import loads
from recorder.archive import Tap, events_from_record, open_archive
from recorder.archive.notices import CHANNEL, Notice, read_notice
from tests.apart import run_apart
from tests.day_setup import set_up

pytest_plugins = ["tests.pg_server"]

RECORD = loads(MATCH.read_text(encoding="utf-8"))
EVENTS = events_from_record(RECORD)
IN_PLAY = 1 + 1 + 6 + 6 + 1 + 1 + 6 + 1 + 4  # created, hand, deals, calls, trump, tricks 1 and 2
"""Up to the fourth card of the second trick of hand 1: the face-down card (8C) not yet shown."""
HIDDEN = ("8C", "AD", "QC", "9S", "JS", "AC", "8S")
"""The face-down card, cards still in hand, and cards of the trick being played."""


def live_session(location: str) -> int:
    """A session of the bundled match with its first hand in play, in an archive with the day set
    up; gives its id."""
    archive = open_archive(location)
    set_up(archive)
    session = archive.create_session(EVENTS[0].tags)  # type: ignore[union-attr]
    for event in EVENTS[1:IN_PLAY]:
        archive.append(session, event)
    return session


async def get(
    routes: PublicRoutes, path: str, headers: list[tuple[bytes, bytes]] | None = None
) -> tuple[int, dict[bytes, bytes], bytes]:
    """One GET through the routes: status, headers, body."""
    sent: list[dict[str, object]] = []

    async def receive() -> dict[str, object]:
        await asyncio.sleep(3600)
        return {"type": "http.disconnect"}

    async def send(message: dict[str, object]) -> None:
        sent.append(message)

    path, _, query = path.partition("?")
    scope = {"type": "http", "method": "GET", "path": path, "query_string": query.encode()}
    await routes({**scope, "headers": headers or []}, receive, send)  # type: ignore[arg-type]
    start = sent[0]
    body = b"".join(m.get("body", b"") for m in sent[1:])  # type: ignore[misc]
    return int(start["status"]), dict(start["headers"]), body  # type: ignore[call-overload, arg-type]


async def not_here(_scope: object, _receive: object, _send: object) -> None:
    raise AssertionError("a public address reached the app")


def test_pages_show_the_hand_in_play_as_the_room_sees_it(tmp_path: Path) -> None:
    location = str(tmp_path / "day.sqlite")
    session = live_session(location)
    routes = PublicRoutes(not_here, PublicSite(location))

    async def run() -> dict[str, bytes]:
        pages = {}
        for page in ("standings", "bracket", "projector", "now", "rummy", "sessions"):
            for suffix in ("", ".json"):
                status, _, body = await get(routes, f"/public/{page}{suffix}")
                assert status == 200, (page, body[:300])
                pages[page + suffix] = body
        for index in ("/public", "/public/"):
            status, _, body = await get(routes, index)
            assert status == 200 and b'href="/public/standings.json"' in body
        for suffix in ("", ".json"):
            status, _, body = await get(routes, f"/public/session/{session}{suffix}")
            assert status == 200
            pages[f"session{suffix}"] = body
        return pages

    pages = run_apart(run())
    shown = json.loads(pages["session.json"])
    assert shown["position"] == IN_PLAY and shown["hand_open"]
    hand = shown["record"]["hands"][0]
    assert hand["deals"] == [] and hand["trump"]["card"] is None and len(hand["tricks"]) == 1
    for name, body in pages.items():
        for card in HIDDEN:
            assert f'"{card}"' not in body.decode() and f":{card}" not in body.decode(), name
    assert b"9H" in pages["session"]  # the finished trick is there
    assert json.loads(pages["sessions.json"])["sessions"][0]["position"] == IN_PLAY
    groups = json.loads(pages["standings.json"])["groups"]
    assert {row["Team"] for row in groups["A"]} >= {"Tuskers", "Theyyams"}
    assert b"Tuskers" in pages["standings"] and b"EventSource" in pages["standings"]


def test_an_answer_is_cached_with_its_etag_and_built_again_after_its_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    location = str(tmp_path / "day.sqlite")
    session = live_session(location)
    site = PublicSite(location)
    built: list[str] = []
    build = site.build
    monkeypatch.setattr(
        site, "build", lambda name, params: built.append(name) or build(name, params)
    )
    routes = PublicRoutes(not_here, site)
    path = f"/public/session/{session}.json"

    async def run() -> None:
        status, headers, body = await get(routes, path)
        assert status == 200 and headers[b"cache-control"] == b"public, max-age=1"
        etag = headers[b"etag"]
        again, again_headers, empty = await get(routes, path, [(b"if-none-match", etag)])
        assert (again, empty, again_headers[b"etag"]) == (304, b"", etag)
        assert built == [f"session/{session}"]  # one build served both
        open_archive(location).append(session, EVENTS[IN_PLAY])
        status, headers, body = await get(routes, path)
        assert json.loads(body)["position"] == IN_PLAY  # within BUILD_SECONDS: as it was
        await asyncio.sleep(public_routes.BUILD_SECONDS)
        status, headers, body = await get(routes, path, [(b"if-none-match", etag)])
        assert status == 200 and headers[b"etag"] != etag
        assert json.loads(body)["position"] == IN_PLAY + 1
        missing = await get(routes, "/public/session/99.json")
        assert missing[0] == 404 and b"no session 99" in missing[2]
        refused = await get(routes, "/public/nothing")
        assert refused[0] == 404

    run_apart(run())


def test_the_event_stream_catches_a_client_up_by_position() -> None:
    async def run() -> None:
        positions = Positions("unused.sqlite")
        positions.heard([Notice(1, 5), Notice(2, 3), Notice(None, 4, "Day")])
        assert positions.total == 12
        positions.heard([Notice(1, 4)])  # an older position: nothing moves
        assert positions.total == 12
        positions.heard([Notice(1, 7)])
        assert positions.since(12) == [(14, Notice(1, 7))]
        assert positions.since(14) == []
        assert [at for at, _ in positions.since(0) or []] == [5, 8, 12, 14]
        positions.heard([Notice(3, number) for number in range(1, KEPT_CHANGES + 1)])
        assert positions.since(0) is None  # older than the changes kept: every position
        assert positions.snapshot() == {
            "sessions": {"1": 7, "2": 3, "3": KEPT_CHANGES},
            "days": {"Day": 4},
        }
        waiter = asyncio.ensure_future(positions.changed(5))
        await asyncio.sleep(0)
        positions.heard([Notice(2, 4)])
        await asyncio.wait_for(waiter, 1)

    run_apart(run())
    assert read_notice('{"session": 3, "position": 9}') == Notice(3, 9)
    assert read_notice("not a notice") is None


@pytest.mark.postgres
def test_a_postgresql_write_notifies_its_session_and_position(
    postgres_archive_url: str,
) -> None:
    archive = open_archive(postgres_archive_url)
    with psycopg.connect(postgres_archive_url, autocommit=True) as listener:
        (channel,) = listener.execute(f"SELECT {CHANNEL}").fetchone()  # type: ignore[misc]
        listener.execute(f'LISTEN "{channel}"')
        session = archive.create_session(EVENTS[0].tags)  # type: ignore[union-attr]
        archive.append_all(session, EVENTS[1:3])
        heard = [read_notice(n.payload) for n in listener.notifies(timeout=1, stop_after=2)]
    assert heard == [Notice(session, 1), Notice(session, 3)]


@pytest.mark.postgres
def test_a_scorers_tap_notifies_once_however_often_it_is_sent(postgres_archive_url: str) -> None:
    archive = open_archive(postgres_archive_url)
    session = archive.create_session(EVENTS[0].tags)  # type: ignore[union-attr]
    archive.append(session, EVENTS[1])
    with psycopg.connect(postgres_archive_url, autocommit=True) as listener:
        (channel,) = listener.execute(f"SELECT {CHANNEL}").fetchone()  # type: ignore[misc]
        listener.execute(f'LISTEN "{channel}"')
        tap = Tap("phone-0001", 1, '{"kind":"call"}')
        for _ in range(3):  # the answer lost twice: the phone sends it again
            archive.append_tap(session, tap, lambda log: [EVENTS[2]])
        heard = [read_notice(n.payload) for n in listener.notifies(timeout=1, stop_after=3)]
    assert heard == [Notice(session, 3)]


def test_serve_refuses_sqlite_and_plain_http_unless_asked(tmp_path: Path) -> None:
    runner = CliRunner()
    plain = runner.invoke(app, ["serve", "--db", "postgresql://day@db/onam"])
    assert plain.exit_code == 2 and "keys travel in links" in plain.output
    assert "Traceback" not in plain.output
    one_file = runner.invoke(app, ["serve", "--db", str(tmp_path / "a.sqlite"), "--insecure"])
    assert one_file.exit_code == 2 and "one PostgreSQL archive" in one_file.output


def test_serve_names_a_certificate_it_cannot_read(tmp_path: Path) -> None:
    """A certificate's file the command's user may not read (certbot's folders are root's) is a
    refusal naming it, not a traceback."""
    folder = tmp_path / "live"
    folder.mkdir()
    for name in ("fullchain.pem", "privkey.pem"):
        (folder / name).write_text("pem")
    missing = Hosting("postgresql://day@db/onam", 1, 18601, 18443, "_", folder / "x.pem", folder)
    assert missing.problems() == [
        f"--cert {folder / 'x.pem'}: no such file",
        f"--key {folder}: cannot be read (Is a directory): this user must read it",
    ]
    hosting = Hosting(
        "postgresql://day@db/onam", 1, 18601, 18443, "_", folder / "fullchain.pem",
        folder / "privkey.pem",
    )  # fmt: skip
    assert hosting.problems() == []
    if os.geteuid() == 0:
        return  # root reads every file; the walk of docs/HOSTING.md refuses as another user
    folder.chmod(0o000)
    try:
        refused = CliRunner().invoke(
            app, ["serve", "--db", "postgresql://day@db/onam", "--cert",
                  str(folder / "fullchain.pem"), "--key", str(folder / "privkey.pem")],
        )  # fmt: skip
    finally:
        folder.chmod(0o755)
    assert refused.exit_code == 2 and "cannot be read (Permission denied)" in refused.output
    assert "Traceback" not in refused.output


@pytest.mark.skipif(nginx_binary() is None, reason="nginx is not installed")
@pytest.mark.parametrize("tls", [False, True])
def test_the_written_nginx_configuration_passes_nginx_t(tmp_path: Path, tls: bool) -> None:
    cert, key = tmp_path / "fullchain.pem", tmp_path / "privkey.pem"
    if tls:
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
             "-subj", "/CN=day.example.org", "-keyout", str(key), "-out", str(cert)],
            check=True, capture_output=True,
        )  # fmt: skip
    hosting = Hosting(
        "postgresql://day@db/onam",
        3,
        18601,
        18443,
        "day.example.org",
        cert if tls else None,
        key if tls else None,
        insecure=not tls,
    )
    assert hosting.problems() == []
    site, whole = write_config(hosting, tmp_path / "nginx")
    text = site.read_text()
    assert text.count("server 127.0.0.1:1860") == 6  # three workers, in both upstreams
    assert "hash $thuruppu_route consistent" in text and "proxy_buffering off" in text
    assert ("ssl_certificate" in text) == tls and ("Secure" in text) == tls
    checked = subprocess.run(
        [str(nginx_binary()), "-t", "-c", str(whole)], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stderr
