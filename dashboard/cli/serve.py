"""``thuruppu serve``: a hosted day, several dashboard processes on one PostgreSQL archive behind
nginx (``dashboard.server.hosting``, docs/HOSTING.md). Refused without TLS unless ``--insecure``
asks, and on a SQLite archive; a refusal says why, never with a traceback."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from dashboard.cli.params import DbOption, FairBackgroundOption


def serve_command(
    db: DbOption = None,
    workers: Annotated[
        int, typer.Option("--workers", help="How many dashboard processes (about one a core).")
    ] = 2,
    port: Annotated[
        int,
        typer.Option("--port", help="The first worker's port on 127.0.0.1; the others follow."),
    ] = 8601,
    listen: Annotated[
        int | None,
        typer.Option("--listen", help="The proxy's port (443 with TLS, 8080 with --insecure)."),
    ] = None,
    server_name: Annotated[
        str, typer.Option("--server-name", help="The day's address, e.g. day.example.org.")
    ] = "_",
    cert: Annotated[
        Path | None, typer.Option("--cert", help="The TLS certificate chain (fullchain.pem).")
    ] = None,
    key: Annotated[
        Path | None, typer.Option("--key", help="The TLS certificate's private key.")
    ] = None,
    insecure: Annotated[
        bool,
        typer.Option("--insecure", help="Plain HTTP: only behind a TLS proxy of your own."),
    ] = False,
    config: Annotated[
        Path, typer.Option("--config", help="The folder the proxy's configuration is written to.")
    ] = Path("thuruppu-hosting"),
    nginx: Annotated[
        bool, typer.Option("--nginx", help="Also run nginx on that configuration (no root).")
    ] = False,
    write_only: Annotated[
        bool,
        typer.Option("--write-only", help="Write the proxy's configuration and stop there."),
    ] = False,
    fair_background: FairBackgroundOption = True,
) -> None:
    """Host a day: start WORKERS dashboard processes on one PostgreSQL archive and write nginx's
    configuration for them (sticky pages, cached spectators' pages under /public/, TLS)."""
    from dashboard.server.hosting import Hosting, nginx_binary, serve, write_config
    from recorder.archive.database import archive_location

    hosting = Hosting(
        db=archive_location(db),
        workers=workers,
        first_port=port,
        listen=listen if listen is not None else 8080 if insecure else 443,
        server_name=server_name,
        cert=cert,
        key=key,
        insecure=insecure,
        fair_background=fair_background,
    )
    problems = hosting.problems()
    if nginx and nginx_binary() is None:
        problems.append("--nginx: nginx is not installed (apt install nginx-light)")
    if problems:
        for problem in problems:
            print(f"thuruppu serve: {problem}", file=sys.stderr)
        raise typer.Exit(2)
    site, whole = write_config(hosting, config.resolve())
    print(f"nginx site: {site} (include it from /etc/nginx/sites-enabled)")
    print(f"nginx alone: nginx -c {whole}")
    if write_only:
        return
    ports = ", ".join(str(number) for number in hosting.ports)
    print(f"{workers} workers on 127.0.0.1 ports {ports}; the room's pages under /public/")
    raise typer.Exit(serve(hosting, config.resolve(), nginx))
