"""docs/HOSTING.md's recipe walked on a machine made in a folder: the steps are read from the
document itself and carried out in order, so a step changed there is the step walked here.

The machine is this test container (root, Debian's packages from ``scripts/test-deps.sh``) with
the machine's folders moved into a temporary folder: ``/etc/nginx``, ``/etc/letsencrypt``,
``/etc/systemd/system``, ``/var/lib/thuruppu``, ``/var/log/nginx``, ``/run/nginx.pid`` and
PostgreSQL's socket folder ``/var/run/postgresql`` are the same paths under it, rewritten so in
every command and file taken from the recipe. The program's user ``thuruppu`` is a real system
user (``useradd``; the container keeps it for the next walk), so each ``sudo -u`` runs as that
user with the environment sudo leaves. What stands in for what cannot be done here:

- the day's name ``day.example.org`` is ``localhost`` (no DNS); the ports are the recipe's own
  (443, 80, the workers' 8601 and 8602), so the walk is skipped when something else holds them,
  and two walks on one machine take turns (a lock file);
- ``apt-get`` installs nothing (no network): the packages are the container's, and the test
  checks the recipe asks for the ones the walk uses;
- ``git clone`` copies the repository under test; ``pip install`` of that source installs the
  wheel built from the same files once for the tests (``tests/wheel_build.py``, shared with
  ``tests/test_wheel.py``) with ``--no-deps --no-index``, its dependencies lent by this test
  environment's site-packages (a ``.pth`` line, as ``tests/test_wheel.py`` does): no network,
  no second download of Streamlit and pandas;
- PostgreSQL is a throwaway cluster of the same version, run as ``postgres`` with Debian's
  authentication (``peer`` on the socket), its socket in the moved ``/var/run/postgresql``; the
  commands that rely on libpq's default socket folder are given it as ``PGHOST``;
- ``certbot`` makes a self-signed certificate for ``localhost`` (openssl) laid out as certbot
  lays out Let's Encrypt's (``live/`` and ``archive/`` readable by root only), its hooks run;
- ``systemctl`` (no systemd in a container) reads the unit files the recipe writes and runs
  their ``ExecStart`` with their ``User=`` and ``Environment=``, ``%%`` read as ``%``
  (``tests/recipe_shims/systemctl.py``); ``nginx`` runs as Debian's unit runs it, on a copy of
  Debian's ``/etc/nginx`` (its workers as ``www-data``). Not walked: ``enable`` at boot,
  ``Restart=``, and the backup timer's calendar (the test starts its service once instead);
- step 2's prose (the day set up as on a laptop) is the test's own ``thuruppu day init`` and
  ``thuruppu day schedule`` in the recipe's shell; a scorer's start of the match on the Record
  page is ``actions.start_match`` run as the program's user (no browser here); step 7's restore
  goes into a database of another name, since the day's own is still there.

Then it checks the day works as the recipe promises: ``thuruppu serve`` refuses plain HTTP without
``--cert`` and ``--key``; the keys' links have the https address as their base; a table's link
answers with the Record page through nginx over TLS, a tap with the table's key (``POST /_tap``)
is stored, the room's pages under ``/public/`` answer, and plain HTTP on port 80 is sent to https;
the backup service's command writes a dump, which ``pg_restore`` puts into an empty database with
the same rows in every table.

Slow: the wheel's build (a minute or two, unless ``tests/test_wheel.py`` built it already), then
half a minute for the walk. Root only (it adds a system user), and marked ``wheel`` and
``postgres``.
"""

from __future__ import annotations

import contextlib
import datetime
import fcntl
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import sysconfig
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.pg_server import postgres_bin
from tests.wheel_build import built_wheel, not_the_package

pytestmark = [pytest.mark.wheel, pytest.mark.postgres]

ROOT = Path(__file__).resolve().parent.parent
RECIPE = ROOT / "docs" / "HOSTING.md"
SHIMS = Path(__file__).resolve().parent / "recipe_shims"
DOMAIN = "day.example.org"
MOVED = (
    "/etc/nginx",
    "/etc/letsencrypt",
    "/etc/systemd/system",
    "/var/lib/thuruppu",
    "/var/log/nginx",
    "/run/nginx.pid",
    "/var/run/postgresql",
)
"""The machine's paths the walk moves into its folder."""
PORTS = (80, 443, 8601, 8602)
"""The recipe's ports: nginx's, and the two workers' (``thuruppu serve``'s default)."""
SECURE_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
STARTUP_SECONDS = 240
USER = "thuruppu"
CUP = """name = "Onam Cup"
date = "{date}"
[28]
shuffles = 3
group_games = 1
"""
ROSTER = "team,player\n" + "".join(
    f"{team},{name}\n"
    for team, names in (("Tuskers", "Arun Bindu Cyril"), ("Vallams", "Eapen Gopan Hari"))
    for name in names.split()
)
PLAYERS = ("Arun", "Eapen", "Bindu", "Gopan", "Cyril", "Hari")
"""Table 3's chairs: odd seats the first team's."""


@dataclass
class Block:
    """A command block of the recipe, or a unit file (``path`` is where the recipe puts it)."""

    step: int
    text: str
    path: str | None = None


def recipe_blocks(text: str) -> list[Block]:
    """The recipe's blocks in order: each indented paragraph of a numbered step. A paragraph
    opening with ``[`` is a unit file, put where the step's prose names it last before it."""
    section = text.split("\n## The recipe\n", 1)[1].split("\n## ", 1)[0]
    blocks: list[Block] = []
    step = 0
    prose = ""
    for paragraph in re.split(r"\n\s*\n", section):
        opening = re.match(r"(\d+)\. ", paragraph)
        if opening:
            step = int(opening[1])
            prose = ""
        lines = paragraph.strip("\n").split("\n")
        if step and all(line.startswith(" " * 7) for line in lines):
            code = "\n".join(line[7:] for line in lines)
            if code.startswith("["):
                named = re.findall(r"`(/etc/systemd/system/[^`]+)`", prose)
                assert named, f"step {step}: a unit file without its path:\n{code}"
                blocks.append(Block(step, code + "\n", named[-1]))
            else:
                blocks.append(Block(step, code))
            prose = ""
        else:
            prose += paragraph + "\n"
    return blocks


def test_the_recipe_is_read_whole() -> None:
    """The reading the walk relies on: seven steps, the unit files each with its path, and the
    restore of a dump last."""
    blocks = recipe_blocks(RECIPE.read_text(encoding="utf-8"))
    assert sorted({block.step for block in blocks}) == list(range(1, 8))
    units = [block.path for block in blocks if block.path]
    assert units == [
        "/etc/systemd/system/thuruppu.service",
        "/etc/systemd/system/thuruppu-backup.service",
        "/etc/systemd/system/thuruppu-backup.timer",
    ]
    assert "pg_restore" in blocks[-1].text


def _taken(port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("0.0.0.0", port))
        except OSError:
            return True
    return False


@dataclass
class Machine:
    """The walked machine: its folder, its shims first on the ``PATH``, its PostgreSQL."""

    folder: Path
    wheel: Path
    started: list[str] = field(default_factory=list)

    @property
    def path(self) -> str:
        return f"{self.folder / 'bin'}:{SECURE_PATH}"

    def at(self, path: str) -> Path:
        """A machine's path in the walk's folder."""
        return self.folder / path.lstrip("/")

    def substituted(self, text: str) -> str:
        """A text of the recipe as the walk runs it: its name ``localhost``, its paths moved,
        the source's install the wheel's."""
        installs = "pip install /var/lib/thuruppu/src"
        text = text.replace(installs, f"pip install --no-deps --no-index {self.wheel}")
        text = text.replace(DOMAIN, "localhost")
        moved = "|".join(re.escape(path) for path in MOVED)
        return re.sub(rf"(?<![\w/.-])({moved})", lambda m: str(self.at(m[1])), text)

    def environment(self) -> dict[str, str]:
        return {
            "PATH": self.path,
            "HOME": str(self.at("/root")),
            "USER": "root",
            "LOGNAME": "root",
            "LANG": "C.UTF-8",
            "PGHOST": str(self.at("/var/run/postgresql")),
            "RECIPE_ROOT": str(self.folder),
            "RECIPE_PATH": self.path,
            "RECIPE_SOURCE": str(self.at("/srv/source")),
        }

    def shell(self, commands: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        """Commands run by root's shell on the machine, as a continued session: the variables,
        functions and folder a block leaves are the next one's."""
        state, folder = self.folder / "walk-state.sh", self.folder / "walk-folder"
        script = (
            "set -euo pipefail\n"
            f"if [ -f {state} ]; then source {state}; fi\n"
            f'cd "$(cat {folder} 2>/dev/null || echo "$HOME")"\n'
            f"{commands}\n"
            f"{{ export -p; declare -f; }} > {state}\n"
            f"pwd > {folder}\n"
        )
        return subprocess.run(
            ["bash", "-c", script],
            env=self.environment(),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )

    def run(self, commands: str, timeout: float = 300) -> str:
        done = self.shell(commands, timeout)
        assert done.returncode == 0, f"{commands}\n{done.stdout}\n{done.stderr}"
        return done.stdout

    def walk(self, block: Block) -> None:
        """A block of the recipe carried out: a unit file written, commands run."""
        text = self.substituted(block.text)
        if block.path is not None:
            self.at(block.path).write_text(text, encoding="utf-8")
            return
        self.run(text)

    def postgres(self, *command: str) -> None:
        """A PostgreSQL program run as ``postgres``."""
        subprocess.run(
            ["runuser", "-u", "postgres", "--", *command],
            check=True,
            capture_output=True,
            timeout=120,
            cwd="/",
        )

    def start_postgres(self, binaries: Path) -> None:
        """The machine's PostgreSQL: Debian's authentication (peer on the socket), no TCP."""
        data = self.at("/var/lib/postgresql/main")
        sockets = self.at("/var/run/postgresql")
        for folder in (data.parent, sockets):
            folder.mkdir(parents=True)
            shutil.chown(folder, "postgres", "postgres")
        sockets.chmod(0o2775)
        self.postgres(
            str(binaries / "initdb"), "-D", str(data), "-U", "postgres", "--auth-local=peer",
            "--auth-host=scram-sha-256", "--no-sync", "-E", "UTF8",
        )  # fmt: skip
        self.started.append("postgres")
        options = f"-c listen_addresses='' -k {sockets} -p 5432 -F"
        self.postgres(
            str(binaries / "pg_ctl"), "-D", str(data), "-o", options,
            "-l", str(data.parent / "server.log"), "-w", "-t", "60", "start",
        )  # fmt: skip

    def row_counts(self, database: str) -> dict[str, int]:
        """Each table's rows in a database of the machine (read as ``postgres``)."""
        query = (
            "SELECT format('%s %s', tablename, (xpath('/row/c/text()', query_to_xml("
            "format('SELECT count(*) AS c FROM %I', tablename), false, true, '')))[1]::text) "
            "FROM pg_tables WHERE schemaname = 'public' ORDER BY 1"
        )
        done = subprocess.run(
            ["runuser", "-u", "postgres", "--", "psql", "-XAtq", "-d", database, "-c", query],
            env={"PATH": SECURE_PATH, "PGHOST": str(self.at("/var/run/postgresql"))},
            capture_output=True, text=True, check=False, timeout=60, cwd="/",
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        return {name: int(count) for name, count in map(str.split, done.stdout.splitlines())}

    def stop(self, binaries: Path | None) -> None:
        """Everything the walk started, stopped: the services, nginx, PostgreSQL."""
        for pid_file in sorted(self.at("/run/walk").glob("*.pid")):
            _stop_group(int(pid_file.read_text()))
        nginx = self.at("/run/nginx.pid")
        if nginx.exists():
            _stop_process(int(nginx.read_text()))
        if "postgres" in self.started and binaries is not None:
            pg_ctl, data = str(binaries / "pg_ctl"), str(self.at("/var/lib/postgresql/main"))
            try:
                self.postgres(pg_ctl, "-D", data, "-m", "fast", "-w", "stop")
            except subprocess.CalledProcessError:
                with contextlib.suppress(subprocess.CalledProcessError):
                    self.postgres(pg_ctl, "-D", data, "-m", "immediate", "stop")


def _stop_group(pid: int) -> None:
    try:
        os.killpg(pid, 15)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            os.killpg(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.2)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, 9)


def _stop_process(pid: int) -> None:
    try:
        os.kill(pid, 15)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and Path(f"/proc/{pid}").exists():
        time.sleep(0.2)
    if Path(f"/proc/{pid}").exists():
        os.kill(pid, 9)


@pytest.fixture
def machine() -> Iterator[Machine]:
    binaries = postgres_bin()
    if os.geteuid() != 0:
        pytest.skip("the recipe's walk runs as root: it adds the program's system user")
    if binaries is None or not Path("/usr/sbin/nginx").is_file():
        pytest.skip("PostgreSQL or nginx is not installed: run scripts/test-deps.sh")
    if not Path("/etc/nginx/nginx.conf").is_file():
        pytest.skip("nginx's configuration /etc/nginx is not there to copy")
    with (Path(tempfile.gettempdir()) / "thuruppu-recipe.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        taken = [port for port in PORTS if _taken(port)]
        if taken:
            pytest.skip(f"the recipe's ports {taken} are in use on this machine")
        wheel = built_wheel()
        folder = Path(tempfile.mkdtemp(prefix="thuruppu-recipe-"))
        folder.chmod(0o755)
        walked = Machine(folder, wheel)
        try:
            _furnish(walked)
            walked.start_postgres(binaries)
            yield walked
        finally:
            walked.stop(binaries)
            shutil.rmtree(folder, ignore_errors=True)


def _furnish(machine: Machine) -> None:
    """The machine's folders, its shims, Debian's nginx configuration and the source to clone."""
    for path in ("/bin", "/var/lib", "/var/log/nginx", "/run/walk", "/etc/systemd/system"):
        machine.at(path).mkdir(parents=True, exist_ok=True)
    machine.at("/root").mkdir(mode=0o700)
    for shim in SHIMS.iterdir():
        if shim.suffix == ".py":
            target = machine.at(f"/bin/{shim.stem}")
            target.write_text(f"#!{sys.executable}\n{shim.read_text(encoding='utf-8')}")
        else:
            target = machine.at(f"/bin/{shim.name}")
            shutil.copyfile(shim, target)
        target.chmod(0o755)
    shutil.copytree("/etc/nginx", machine.at("/etc/nginx"), symlinks=True)
    configuration = machine.at("/etc/nginx/nginx.conf")
    configuration.write_text(machine.substituted(configuration.read_text()), encoding="utf-8")
    shutil.copytree(ROOT, machine.at("/srv/source"), ignore=not_the_package, symlinks=True)


def _lend_dependencies(machine: Machine) -> None:
    """This test environment's site-packages, after the fresh environment's own: read where they
    are when the program's user may, else from a copy in the walk's folder (hard links where the
    file system allows: a checkout under a private home is not readable by another user)."""
    (own,) = machine.at("/var/lib/thuruppu/venv/lib").glob("python3*/site-packages")
    folders = sorted({sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]})
    lent = []
    for number, folder in enumerate(folders):
        readable = subprocess.run(
            ["runuser", "-u", USER, "--", "test", "-r", folder, "-a", "-x", folder]
        )
        if readable.returncode == 0:
            lent.append(folder)
            continue
        # named as a packages' folder: Streamlit takes itself for a development checkout else
        copy = machine.at(f"/srv/lent-{number}/site-packages")
        copy.parent.mkdir(parents=True)
        linked = subprocess.run(["cp", "-al", folder, str(copy)], capture_output=True)
        if linked.returncode != 0:
            shutil.rmtree(copy, ignore_errors=True)
            shutil.copytree(folder, copy, symlinks=True)
        # the copy's own folders opened to the user; its files are the environment's (pip
        # writes them readable by all), and a hard link shares its file's mode
        subprocess.run(["find", str(copy), "-type", "d", "-exec", "chmod", "a+rx", "{}", "+"])
        lent.append(str(copy))
    (own / "test-dependencies.pth").write_text("\n".join(lent) + "\n")


def _set_up_the_day(machine: Machine) -> None:
    """Step 2's prose: the day set up as on a laptop (``thuruppu day init`` and ``thuruppu day
    schedule``), as the program's user with the day's ``THURUPPU_DB``."""
    home = machine.at("/var/lib/thuruppu")
    date = datetime.date.today().isoformat()
    (home / "cup.toml").write_text(CUP.format(date=date), encoding="utf-8")
    (home / "teams.csv").write_text(ROSTER, encoding="utf-8")
    output = machine.run(
        "thuruppu day init --description cup.toml --roster teams.csv\n"
        'thuruppu day schedule --id G1 --stage group --round 1 --table 3 --teams "Tuskers, Vallams"'
    )
    assert "G1 scheduled at table 3" in output


def _restoring(machine: Machine, block: Block) -> Block:
    """Step 7's restore as the walk runs it: the backup timer enabled, its service started once
    (as the timer would), and the dump it wrote restored into the empty database ``restored``
    (the day's own database is still there on this machine)."""
    assert "thuruppu-backup.timer" in machine.at("/run/walk/enabled").read_text()
    machine.run("systemctl start thuruppu-backup.service")
    (dump,) = machine.at("/var/lib/thuruppu").glob("backup-*.dump")
    assert re.fullmatch(r"backup-\d{4}\.dump", dump.name)  # %% read as %: the hour and minute
    text = re.sub(r"backup-\d{4}\.dump", dump.name, block.text)
    assert text != block.text, block.text
    return Block(block.step, re.sub(r"\bonam\b", "restored", text))


def _serve_command(block: Block) -> str:
    """The block's ``thuruppu serve`` command (its continued lines joined)."""
    joined = block.text.replace("\\\n", " ")
    (line,) = [line for line in joined.splitlines() if " serve " in line]
    return line


def _https(machine: Machine) -> ssl.SSLContext:
    """A client trusting the machine's certificate, and checking the name on it."""
    return ssl.create_default_context(
        cafile=str(machine.at("/etc/letsencrypt/live/localhost/fullchain.pem"))
    )


def _get(url: str, context: ssl.SSLContext | None = None, **headers: str) -> tuple[int, str]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10, context=context) as answer:
            return answer.status, answer.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *_: object) -> None:
        return None


def _until_up(url: str, context: ssl.SSLContext, machine: Machine) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        try:
            if _get(url, context) == (200, "ok"):
                return
        except OSError:
            pass
        time.sleep(1)
    logs = "\n".join(
        path.read_text(errors="replace")[-3000:] for path in machine.at("/var/log").rglob("*.log")
    )
    pytest.fail(f"{url} did not answer within {STARTUP_SECONDS} s:\n{logs}")


def _check_the_day(machine: Machine) -> None:
    """Step 6's keys have the day's https address as their base; a table's link answers with its
    Record page through nginx over TLS, and a tap with its key is stored; the room's pages answer;
    plain HTTP is sent on to https."""
    context = _https(machine)
    sheet = machine.at("/var/lib/thuruppu/keys.html").read_text(encoding="utf-8")
    links = set(re.findall(r"https?://[^\s\"'<>]+key=[^\s\"'<>]+", sheet))
    assert links and all(link.startswith("https://localhost/") for link in links), links
    table = next(link for link in links if "record?table=3" in link).replace("&amp;", "&")
    status, page = _get(table, context)
    assert status == 200 and page.lstrip().lower().startswith("<!doctype html"), page[:300]
    for path in ("/public/standings", "/public/sessions.json", "/public/now"):
        status, body = _get(f"https://localhost{path}", context)
        assert status == 200, (path, body[:300])
    assert "Tuskers" in _get("https://localhost/public/standings", context)[1]
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        opener.open("http://localhost/public/standings", timeout=10)
        pytest.fail("plain HTTP answered")
    except urllib.error.HTTPError as error:
        assert error.code == 301
        assert error.headers["Location"] == "https://localhost/public/standings"

    key = urllib.parse.parse_qs(urllib.parse.urlsplit(table).query)["key"][0]
    session = _start_the_match(machine)
    tap = {"kind": "call", "token": "16", "seat": 1}  # the first call: the seat after the dealer
    body = json.dumps({"session": session, "device": "walk-table-3", "seq": 1, "tap": tap}).encode()
    request = urllib.request.Request(
        "https://localhost/_tap",
        data=body,
        headers={"Content-Type": "application/json", "X-Thuruppu-Key": key},
    )
    try:
        with urllib.request.urlopen(request, timeout=30, context=context) as answer:
            said = json.loads(answer.read())
    except urllib.error.HTTPError as error:
        said = {"status": error.code, "body": error.read().decode("utf-8", "replace")}
    assert said.get("outcome") == "stored", said
    position = json.loads(_get(f"https://localhost/public/session/{session}.json", context)[1])
    assert position["position"] >= 3  # created, the hand started, the call


def _start_the_match(machine: Machine) -> int:
    """Table 3's match started as its Record page starts it (``actions.start_match``), as the
    program's user on the day's archive; its session's id."""
    program = (
        "import os; from dashboard.day import actions; from dashboard.day.source import open_day; "
        "from recorder.archive import Author, open_archive; "
        "day = open_day(open_archive(os.environ['THURUPPU_DB'])); "
        "print(actions.start_match(day, actions.table_match(day, 3), Author('table 3'), "
        f"{PLAYERS!r}))"
    )
    python = machine.at("/var/lib/thuruppu/venv/bin/python")
    command = f'sudo -u thuruppu env THURUPPU_DB="$THURUPPU_DB" {python} -c "{program}"'
    return int(machine.run(command).split()[-1])


def test_the_recipe_walked_on_a_fresh_machine(machine: Machine) -> None:
    blocks = recipe_blocks(RECIPE.read_text(encoding="utf-8"))
    steps = sorted({block.step for block in blocks})
    for step in steps:
        step_blocks = [block for block in blocks if block.step == step]
        for block in step_blocks:
            if "pg_restore" in block.text:  # the restore, of the dump the backup service writes
                block = _restoring(machine, block)
            machine.walk(block)
        if step == 1:
            asked = machine.at("/apt-get.log").read_text()
            for package in ("postgresql", "nginx-light", "python3-venv"):
                assert re.search(rf"\b{package}\b", asked), package
            _lend_dependencies(machine)
        if step == 2:
            _set_up_the_day(machine)
        if step == 4:  # without the certificate's files the command refuses
            plain = re.sub(r"--(cert|key) \S+", "", _serve_command(step_blocks[0]))
            refused = machine.shell(machine.substituted(plain))
            assert refused.returncode == 2, refused
            assert "keys travel in links" in refused.stderr
        if step == 5:
            _until_up("https://localhost/_stcore/health", _https(machine), machine)
        if step == 6:
            _check_the_day(machine)
    # step 7: the dump restored into an empty database holds the same rows
    kept = machine.row_counts("onam")
    assert sum(kept.values()) > 0
    assert machine.row_counts("restored") == kept
