"""A hosted day: several dashboard processes on one PostgreSQL archive behind nginx
(``thuruppu serve --workers N``; docs/HOSTING.md).

One Python process runs on one core: every scorer's page, every spectator's and every replay
share it. Past that, the day runs as N processes on the same archive. The archive is the one
truth (an event is checked and numbered inside the database's transaction, a session's row
locked, ``recorder.archive.store``), so nothing is held in one process that another must know;
PostgreSQL is required, since a SQLite file is one machine's. In front, nginx:

- the Streamlit pages (scorers, director, desk, coaching) are sticky: a page's widgets live in
  the process that holds its session, so nginx hashes each browser to one process by a cookie
  it sets itself (``thuruppu_route``), websocket upgrades passed on; a process that stops
  answering is skipped, and its tabs start afresh on another, finding their place in the archive
  as after a reload;
- the spectators' routes (``/public/``, ``dashboard.server.public_routes``) go to any process
  and are cached by nginx for the second their ``Cache-Control`` allows, so a room of phones
  costs the processes one answer a second per page; their event stream is passed on unbuffered.

Keys travel in links (TOURNAMENT.md §10), so the proxy serves TLS (``--cert`` and ``--key``,
e.g. Let's Encrypt's files); without them the command refuses unless ``--insecure`` asks for
plain HTTP (a test, or a proxy of one's own in front). ``write_config`` writes the site file
(``thuruppu.conf``, for ``/etc/nginx/sites-enabled``) and a whole ``nginx.conf`` around it that
runs nginx without root (``nginx -c``), which the tests and ``--nginx`` use.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from dashboard.server.launch import STOPPING_SIGNALS, max_upload_mb, streamlit_command
from dashboard.server.public_routes import WORKER_ENV
from recorder.archive.database import is_postgres

SITE_FILE = "thuruppu.conf"
NGINX_FILE = "nginx.conf"
RESTART_SECONDS = 2.0
"""How long a worker that died waits before it is started again."""


def nginx_binary() -> str | None:
    """Debian's nginx (in ``/usr/sbin``, which a user's ``PATH`` may leave out), if installed."""
    found = shutil.which("nginx")
    return found or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").is_file() else None)


@dataclass(frozen=True)
class Hosting:
    """What ``thuruppu serve`` runs: the archive, the workers' ports, and the proxy's address,
    name and TLS files (``None`` with ``insecure``)."""

    db: str
    workers: int
    first_port: int
    listen: int
    server_name: str = "_"
    cert: Path | None = None
    key: Path | None = None
    insecure: bool = False
    fair_background: bool = True
    """Whether worker 1 judges each hand fairly as it ends (``dashboard.server.fair_background``;
    the other workers never do)."""

    @property
    def ports(self) -> list[int]:
        """Each worker's port on 127.0.0.1."""
        return [self.first_port + index for index in range(self.workers)]

    def problems(self) -> list[str]:
        """Why this hosting is refused (none when it may start)."""
        found = []
        if self.workers < 1:
            found.append("--workers: at least 1")
        if not is_postgres(self.db):
            found.append(
                "--db: several processes share one PostgreSQL archive (postgresql://…); a "
                "SQLite file is one process's (thuruppu record or thuruppu dashboard)"
            )
        if (self.cert is None) != (self.key is None):
            found.append("--cert and --key go together")
        if self.cert is None and not self.insecure:
            found.append(
                "keys travel in links: serve them over TLS (--cert FILE --key FILE), or say "
                "--insecure for plain HTTP behind a TLS proxy of your own"
            )
        for name, path in (("--cert", self.cert), ("--key", self.key)):
            if path is not None:
                found += unreadable(name, path)
        if self.listen in self.ports:
            found.append(f"--listen {self.listen}: a worker's port; pick another")
        return found


def unreadable(name: str, path: Path) -> list[str]:
    """Why the command's user cannot read the file ``path`` (none when it can): certbot's
    folders are root's alone until the recipe opens them to the program's user."""
    try:
        with path.open("rb"):
            return []
    except FileNotFoundError:
        return [f"{name} {path}: no such file"]
    except OSError as error:
        return [f"{name} {path}: cannot be read ({error.strerror}): this user must read it"]


def upstream(name: str, ports: list[int], balance: str) -> str:
    """An nginx ``upstream`` block over the workers."""
    servers = "".join(
        f"    server 127.0.0.1:{port} max_fails=1 fail_timeout=5s;\n" for port in ports
    )
    return f"upstream {name} {{\n    {balance};\n{servers}    keepalive 16;\n}}\n"


def site_config(hosting: Hosting, cache: Path) -> str:
    """The nginx site (the ``http`` block's part): sticky pages, cached public routes, the
    event stream unbuffered, TLS unless ``insecure``."""
    secure = hosting.cert is not None
    cookie = "thuruppu_route=$thuruppu_route; Path=/; HttpOnly; SameSite=Lax"
    cookie += "; Secure" if secure else ""
    if secure:
        listen = f"    listen {hosting.listen} ssl http2;\n" + (
            f"    ssl_certificate {hosting.cert};\n    ssl_certificate_key {hosting.key};\n"
            "    ssl_protocols TLSv1.2 TLSv1.3;\n"
        )
        redirect = (
            "server {\n    listen 80;\n"
            f"    server_name {hosting.server_name};\n"
            "    return 301 https://$host$request_uri;\n}\n"
        )
    else:
        listen, redirect = f"    listen {hosting.listen};\n", ""
    strict = '        add_header Strict-Transport-Security "max-age=31536000" always;\n'
    proxied = (strict if secure else "") + (
        "        proxy_http_version 1.1;\n"
        "        proxy_set_header Host $host;\n"
        "        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;\n"
        "        proxy_set_header X-Forwarded-Proto $scheme;\n"
    )
    return (
        "# The hosted day (thuruppu serve): written by the command, docs/HOSTING.md.\n"
        f"proxy_cache_path {cache} levels=1:2 keys_zone=thuruppu_public:10m max_size=200m "
        "inactive=10m use_temp_path=off;\n"
        "map $http_upgrade $thuruppu_connection {\n    default upgrade;\n    '' '';\n}\n"
        "map $cookie_thuruppu_route $thuruppu_route {\n"
        '    "" $request_id;\n    default $cookie_thuruppu_route;\n}\n'
        + upstream("thuruppu_pages", hosting.ports, "hash $thuruppu_route consistent")
        + upstream("thuruppu_public", hosting.ports, "least_conn")
        + redirect
        + "server {\n"
        + listen
        + f"    server_name {hosting.server_name};\n"
        f"    client_max_body_size {max_upload_mb(os.environ)}m;\n"
        "    location / {\n"
        "        proxy_pass http://thuruppu_pages;\n"
        + proxied
        + "        proxy_set_header Upgrade $http_upgrade;\n"
        "        proxy_set_header Connection $thuruppu_connection;\n"
        "        proxy_read_timeout 1d;\n"
        "        proxy_next_upstream error timeout;\n"
        f'        add_header Set-Cookie "{cookie}";\n'
        "    }\n"
        "    location /public/ {\n"
        "        proxy_pass http://thuruppu_public;\n"
        + proxied
        + '        proxy_set_header Connection "";\n'
        "        proxy_cache thuruppu_public;\n"
        "        proxy_cache_lock on;\n"
        "        proxy_cache_revalidate on;\n"
        "        proxy_cache_use_stale error timeout updating;\n"
        "        proxy_next_upstream error timeout;\n"
        "        add_header X-Cache $upstream_cache_status;\n"
        "    }\n"
        "    location = /public/events {\n"
        "        proxy_pass http://thuruppu_public;\n"
        + proxied
        + '        proxy_set_header Connection "";\n'
        "        proxy_buffering off;\n"
        "        proxy_cache off;\n"
        "        proxy_read_timeout 1h;\n"
        "    }\n"
        "}\n"
    )


def nginx_config(site: Path, folder: Path) -> str:
    """A whole ``nginx.conf`` around the site file, every path in ``folder``: nginx runs from it
    as any user (``nginx -c``), in the foreground of its caller; started by root, its workers
    run as root too, since ``folder`` is its caller's (not ``nobody``'s, nginx's default)."""
    temp = "".join(
        f"    {kind}_temp_path {folder / 'temp' / kind};\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    user = "user root;\n" if os.geteuid() == 0 else ""
    return (
        f"{user}pid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'} warn;\n"
        "worker_processes auto;\n"
        "events {\n    worker_connections 8192;\n}\n"
        "http {\n"
        f"    access_log off;\n{temp}"
        f"    include {site};\n"
        "}\n"
    )


def write_config(hosting: Hosting, folder: Path) -> tuple[Path, Path]:
    """Write the site file and the whole ``nginx.conf`` into ``folder``; returns both paths."""
    (folder / "temp").mkdir(parents=True, exist_ok=True)
    site = folder / SITE_FILE
    site.write_text(site_config(hosting, folder / "cache"), encoding="utf-8")
    whole = folder / NGINX_FILE
    whole.write_text(nginx_config(site, folder), encoding="utf-8")
    return site, whole


def worker_command(hosting: Hosting, port: int) -> list[str]:
    """One worker: the dashboard on the archive, on 127.0.0.1 (only the proxy reaches it), every
    write needing a key."""
    return streamlit_command(
        hosting.db, port, hosting.db, None, "127.0.0.1", True, hosting.fair_background
    )


def start_worker(hosting: Hosting, index: int, log: Path | None = None) -> subprocess.Popen[bytes]:
    """Start worker ``index`` (from 1), telling it its number (``x-thuruppu-worker``)."""
    environment = {**os.environ, WORKER_ENV: str(index)}
    output = log.open("ab") if log is not None else None
    try:
        return subprocess.Popen(
            worker_command(hosting, hosting.ports[index - 1]),
            env=environment,
            stdout=output,
            stderr=subprocess.STDOUT if output is not None else None,
        )
    finally:
        if output is not None:
            output.close()


def serve(hosting: Hosting, folder: Path, nginx: bool) -> int:
    """Run the workers (each started again if it dies) and, with ``nginx``, nginx on the written
    configuration, until stopped by a signal; returns 0 then."""
    _, whole = write_config(hosting, folder)
    workers = {index: start_worker(hosting, index) for index in range(1, hosting.workers + 1)}
    command = [str(nginx_binary()), "-c", str(whole), "-g", "daemon off;"]
    proxy = subprocess.Popen(command) if nginx else None
    stopping: list[int] = []

    def stop(number: int, _frame: FrameType | None) -> None:
        stopping.append(number)

    stopping_signals = (*STOPPING_SIGNALS, signal.SIGINT)
    previous = {number: signal.signal(number, stop) for number in stopping_signals}
    try:
        while not stopping:
            time.sleep(RESTART_SECONDS)
            for index, process in workers.items():
                if process.poll() is not None and not stopping:
                    print(f"worker {index} stopped ({process.returncode}): starting it again")
                    workers[index] = start_worker(hosting, index)
    finally:
        for process in [*workers.values(), *([proxy] if proxy else [])]:
            process.send_signal(signal.SIGTERM)
        for process in [*workers.values(), *([proxy] if proxy else [])]:
            process.wait()
        for number, handler in previous.items():
            signal.signal(number, handler)
    return 0
