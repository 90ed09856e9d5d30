"""certbot on the walked machine (tests/test_hosting_recipe.py), which has no DNS name and no
network: ``certbot certonly --standalone -d NAME`` runs its hooks as certbot does and lays out a
self-signed certificate for NAME (openssl) as certbot lays out Let's Encrypt's: the files in
``archive/NAME/`` (``privkey1.pem`` readable by root only), their links in ``live/NAME/``, both
``live`` and ``archive`` readable by root only."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

LETSENCRYPT = Path(os.environ["RECIPE_ROOT"]) / "etc" / "letsencrypt"
FILES = ("cert", "chain", "fullchain", "privkey")


def main(arguments: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="certbot (walk)")
    parser.add_argument("verb", choices=["certonly"])
    parser.add_argument("--standalone", action="store_true", required=True)
    parser.add_argument("-d", dest="domain", required=True)
    parser.add_argument("--pre-hook")
    parser.add_argument("--post-hook")
    given = parser.parse_args(arguments)
    if given.pre_hook:
        subprocess.run(["sh", "-c", given.pre_hook], check=True)
    for top in ("live", "archive"):
        (LETSENCRYPT / top).mkdir(mode=0o700, parents=True, exist_ok=True)
    archive = LETSENCRYPT / "archive" / given.domain
    live = LETSENCRYPT / "live" / given.domain
    archive.mkdir(exist_ok=True)
    live.mkdir(exist_ok=True)
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-sha256", "-days", "7",
         "-subj", f"/CN={given.domain}", "-addext", f"subjectAltName=DNS:{given.domain}",
         "-keyout", str(archive / "privkey1.pem"), "-out", str(archive / "cert1.pem")],
        check=True, capture_output=True,
    )  # fmt: skip
    certificate = (archive / "cert1.pem").read_bytes()
    (archive / "chain1.pem").write_bytes(certificate)
    (archive / "fullchain1.pem").write_bytes(certificate)
    (archive / "privkey1.pem").chmod(0o600)
    for name in FILES:
        (live / f"{name}.pem").symlink_to(f"../../archive/{given.domain}/{name}1.pem")
    if given.post_hook:
        subprocess.run(["sh", "-c", given.post_hook], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
