"""systemctl on the walked machine (tests/test_hosting_recipe.py), which runs no systemd: the
units the recipe writes under /etc/systemd/system are read as systemd reads them, and their
``ExecStart`` is run with their ``User=`` and ``Environment=``.

What is carried out: a line ending in a backslash joined to the next with a space, ``%%`` read as
``%`` (any other specifier is refused: not walked), ``$$`` as ``$`` and ``${NAME}`` / a word
``$NAME`` from ``Environment=``; the command run from ``/`` with systemd's environment (its
``PATH``, and ``HOME``, ``USER``, ``LOGNAME`` and ``SHELL`` of ``User=``) and nothing else.
A ``Type=oneshot`` service runs to its end; another is started in a session of its own, its
process group's id kept in ``run/walk/NAME.pid``, its output in ``var/log/walk/NAME.log`` (its
journal). ``nginx`` is Debian's unit: ``nginx -g 'daemon on; master_process on;'`` after
``nginx -t``, stopped by its pid file. A timer is only noted as enabled (``run/walk/enabled``):
no calendar fires in a test, the test starts its service. ``daemon-reload`` does nothing.
"""

from __future__ import annotations

import os
import pwd
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(os.environ["RECIPE_ROOT"])
UNITS = ROOT / "etc" / "systemd" / "system"
RUN = ROOT / "run" / "walk"
LOGS = ROOT / "var" / "log" / "walk"
SERVICE_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
NGINX = ["nginx", "-g", "daemon on; master_process on;"]


def read_unit(path: Path) -> dict[tuple[str, str], list[str]]:
    """Each ``(section, key)``'s values, in order."""
    text = re.sub(r"\\\n", " ", path.read_text(encoding="utf-8"))
    entries: dict[tuple[str, str], list[str]] = {}
    section = ""
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, value = line.split("=", 1)
        entries.setdefault((section, key.strip()), []).append(specifiers(value.strip()))
    return entries


def specifiers(value: str) -> str:
    """``%%`` as ``%``; another specifier is not walked."""
    found = re.findall(r"%[^%]", value.replace("%%", ""))
    if found:
        sys.exit(f"systemctl (walk): specifier {found[0]} is not walked")
    return value.replace("%%", "%")


def expanded(word: str, environment: dict[str, str]) -> list[str]:
    """One word of ``ExecStart`` with its variables replaced, as systemd does."""
    whole = re.fullmatch(r"\$([A-Za-z_]\w*)", word)
    if whole:
        return environment.get(whole[1], "").split()
    parts = re.split(r"(\$\$)", word)
    return [
        "".join(
            "$"
            if part == "$$"
            else re.sub(r"\$\{(\w+)\}", lambda m: environment.get(m[1], ""), part)
            for part in parts
        )
    ]


def service(name: str) -> tuple[list[str], dict[str, str], str | None, str]:
    """The unit's command, its environment, its user and its type."""
    entries = read_unit(UNITS / f"{name}.service")
    environment = {"PATH": SERVICE_PATH}
    for value in entries.get(("Service", "Environment"), []):
        for assignment in shlex.split(value):
            key, _, setting = assignment.partition("=")
            environment[key] = setting
    user = entries.get(("Service", "User"), [None])[-1]
    if user is not None:
        entry = pwd.getpwnam(user)
        environment |= {"HOME": entry.pw_dir, "USER": user, "LOGNAME": user}
        environment["SHELL"] = entry.pw_shell
    (line,) = entries[("Service", "ExecStart")]
    words = [
        part for word in shlex.split(line.lstrip("-@+!")) for part in expanded(word, environment)
    ]
    kind = entries.get(("Service", "Type"), ["simple"])[-1]
    return words, environment, user, kind


def start(name: str) -> int:
    if name == "nginx":
        checked = subprocess.run([*NGINX[:1], "-t", "-q", *NGINX[1:]], check=False)
        return checked.returncode or subprocess.run(NGINX, check=False).returncode
    if name.endswith(".timer"):
        return 0
    words, environment, user, kind = service(name)
    settings = [f"{key}={value}" for key, value in environment.items()]
    command = ["env", "-i", *settings, *words]
    if user is not None:
        command = ["runuser", "-u", user, "--", *command]
    LOGS.mkdir(parents=True, exist_ok=True)
    with (LOGS / f"{name}.log").open("ab") as log:
        if kind == "oneshot":
            return subprocess.run(command, cwd="/", stdout=log, stderr=log, check=False).returncode
        process = subprocess.Popen(command, cwd="/", stdout=log, stderr=log, start_new_session=True)
    RUN.mkdir(parents=True, exist_ok=True)
    (RUN / f"{name}.pid").write_text(str(process.pid))
    return 0


def stop(name: str) -> None:
    if name == "nginx":
        pid_file = ROOT / "run" / "nginx.pid"
        signalled = signal.SIGQUIT
    else:
        pid_file, signalled = RUN / f"{name}.pid", signal.SIGTERM
    if not pid_file.exists():
        return
    pid = int(pid_file.read_text())
    try:
        os.killpg(pid, signalled) if name != "nginx" else os.kill(pid, signalled)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and Path(f"/proc/{pid}").exists():
        time.sleep(0.2)
    pid_file.unlink(missing_ok=True)


def main(arguments: list[str]) -> int:
    now = "--now" in arguments
    verb, *units = [argument for argument in arguments if argument != "--now"]
    if verb == "daemon-reload":
        return 0
    for unit in units:
        name = unit.removesuffix(".service")
        if verb == "enable":
            RUN.mkdir(parents=True, exist_ok=True)
            with (RUN / "enabled").open("a") as enabled:
                enabled.write(f"{unit}\n")
        if verb in ("stop", "restart"):
            stop(name)
        if verb in ("start", "restart") or (verb == "enable" and now):
            code = start(name)
            if code:
                return code
        elif verb not in ("stop", "enable"):
            sys.exit(f"systemctl (walk): {verb} is not walked")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
