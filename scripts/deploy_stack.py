"""The site as deploy/ describes it, read and run without systemd (``make deploy-check``).

The systemd units (``deploy/systemd/*.service``), the environment file
(``deploy/crawford.env.example``) and nginx's site (``deploy/nginx/crawford.conf``) are parsed
and run as they are, only their machine-specific values put in: the paths of the install
(``/srv/crawford``, ``/var/lib/crawford``, ``/etc/crawford/crawford.env``), the ports (a unit
template's instance, ``%i``, is its port) and the site's name and certificate. Each process
runs in a session of its own, so that stopping it stops its children (gunicorn's and Celery's
workers) too.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import signal
import socket
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
UNITS = DEPLOY / "systemd"
ENV_EXAMPLE = DEPLOY / "crawford.env.example"
SITE = DEPLOY / "nginx" / "crawford.conf"
#: Where the units expect the install (WorkingDirectory), its state and its environment file.
INSTALL_DIR = "/srv/crawford"
STATE_DIR = "/var/lib/crawford"
ENV_FILE = "/etc/crawford/crawford.env"
#: The environment systemd gives a service before its EnvironmentFile= and Environment=.
SYSTEMD_BASE_ENV = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"}


class DeployError(RuntimeError):
    """Something of deploy/ is not as the check needs it, or a process did not start."""


# --- The environment file and the units ------------------------------------------------------


def parse_env_file(text: str) -> dict[str, str]:
    """systemd's EnvironmentFile= format: ``NAME=value`` lines, ``#`` comments, values
    optionally in quotes."""
    values = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        name, sep, value = line.partition("=")
        if not sep or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name.strip()):
            raise DeployError(f"environment file, line {number}: not NAME=value: {raw!r}")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        values[name.strip()] = value
    return values


def documented_names(text: str) -> set[str]:
    """Every name the environment file sets or shows commented out (``# NAME=default``)."""
    return set(re.findall(r"^#?\s*([A-Z][A-Z0-9_]*)=", text, re.MULTILINE))


@dataclass
class Unit:
    name: str
    sections: dict[str, dict[str, list[str]]] = field(default_factory=dict)

    def get(self, section: str, key: str) -> list[str]:
        return self.sections.get(section, {}).get(key, [])

    def one(self, key: str) -> str:
        values = self.get("Service", key)
        if len(values) != 1:
            raise DeployError(f"{self.name}: expected one {key}=, found {len(values)}")
        return values[0]


def parse_unit(path: Path) -> Unit:
    """A systemd unit file: its sections and their settings (a key may repeat), with lines
    continued by a trailing backslash joined."""
    unit = Unit(path.name)
    section: dict[str, list[str]] = {}
    text = re.sub(r"\\\n", " ", path.read_text())
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = unit.sections.setdefault(line[1:-1], {})
            continue
        key, sep, value = line.partition("=")
        if not sep:
            raise DeployError(f"{path.name}: not Key=value: {raw!r}")
        section.setdefault(key.strip(), []).append(value.strip())
    return unit


def units() -> dict[str, Unit]:
    return {path.name: parse_unit(path) for path in sorted(UNITS.glob("*.service"))}


def specifiers(text: str, instance: str) -> str:
    """systemd's specifiers used by the units: ``%i`` the instance, ``%H`` the host name."""
    names = {"i": instance, "H": socket.gethostname(), "%": "%"}

    def one(match: re.Match[str]) -> str:
        if match.group(1) not in names:
            raise DeployError(f"the check does not know the specifier %{match.group(1)}")
        return names[match.group(1)]

    return re.sub(r"%(.)", one, text)


def localised(text: str, places: dict[str, str]) -> str:
    for production, here in places.items():
        text = text.replace(production, here)
    return text


@dataclass
class Command:
    argv: list[str]
    cwd: Path
    env: dict[str, str]


def unit_command(
    unit: Unit, *, instance: str, places: dict[str, str], env_files: dict[str, dict[str, str]]
) -> Command:
    """What systemd would run for the unit (its instance ``instance``): ExecStart's words with
    the specifiers and the install's paths put in, its working directory, and the environment
    of its EnvironmentFile= (``env_files``: by the unit's path) and Environment= lines."""
    env = dict(SYSTEMD_BASE_ENV)
    for name in unit.get("Service", "EnvironmentFile"):
        name = name.removeprefix("-")
        if name not in env_files:
            raise DeployError(f"{unit.name}: no environment file {name} in the check")
        env.update(env_files[name])
    for line in unit.get("Service", "Environment"):
        for word in shlex.split(specifiers(line, instance)):
            key, _, value = word.partition("=")
            env[key] = localised(value, places)
    argv = shlex.split(localised(specifiers(unit.one("ExecStart"), instance), places))
    if not Path(argv[0]).is_file():
        raise DeployError(f"{unit.name}: {argv[0]} is not there")
    cwd = Path(localised(unit.one("WorkingDirectory"), places))
    return Command(argv, cwd, env)


def run(argv: list[str], env: dict[str, str], what: str) -> str:
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode:
        raise DeployError(f"{what} failed:\n{done.stdout[-2000:]}{done.stderr[-3000:]}")
    return done.stdout


def fresh_database(url: str, *, drop_only: bool = False) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if not drop_only:
            conn.execute(f'CREATE DATABASE "{name}"')


# --- nginx ------------------------------------------------------------------------------------


def render_site(
    text: str,
    *,
    web_ports: list[int],
    ws_ports: list[int],
    http_port: int,
    https_port: int,
    server_name: str,
    certificate: Path,
    key: Path,
    static_root: Path,
    production_static_root: str,
) -> str:
    """deploy/nginx/crawford.conf for loopback: the ports, the name, the certificate and the
    static files' folder put in. Every substitution must apply, so a change to the file that
    the check does not follow fails the check instead of going untested."""

    def sub(
        pattern: str,
        replacement: str | Callable[[re.Match[str]], str],
        count: int,
        flags: re.RegexFlag = re.MULTILINE,
    ) -> None:
        nonlocal text
        text, made = re.subn(pattern, replacement, text, flags=flags)
        if made != count:
            raise DeployError(f"nginx site: {pattern!r} matched {made} times, not {count}")

    def upstream(name: str, ports: list[int]) -> None:
        def servers(match: re.Match[str]) -> str:
            found = re.findall(r"^\s*server 127\.0\.0\.1:\d+;\n", match.group(2), re.MULTILINE)
            if len(found) != len(ports):
                raise DeployError(f"nginx site: upstream {name} has {len(found)} servers")
            body = re.sub(r"^\s*server 127\.0\.0\.1:\d+;\n", "", match.group(2), flags=re.M)
            listed = "".join(f"    server 127.0.0.1:{port};\n" for port in ports)
            return match.group(1) + listed + body + "}"

        sub(rf"(upstream {name} \{{\n)(.*?)\}}", servers, 1, re.MULTILINE | re.DOTALL)

    upstream("crawford_web", web_ports)
    upstream("crawford_ws", ws_ports)
    sub(r"^\s*listen \[::\]:.*\n", "", 2)  # loopback only (the machine may have no IPv6)
    sub(r"listen 80;", f"listen 127.0.0.1:{http_port};", 1)
    sub(r"listen 443 ssl", f"listen 127.0.0.1:{https_port} ssl", 1)
    sub(r"server_name \S+;", f"server_name {server_name};", 2)
    sub(r"ssl_certificate \S+;", f"ssl_certificate {certificate};", 1)
    sub(r"ssl_certificate_key \S+;", f"ssl_certificate_key {key};", 1)
    sub(
        rf"alias {re.escape(production_static_root.rstrip('/'))}/;",
        f"alias {str(static_root).rstrip('/')}/;",
        1,
    )
    return text


def nginx_main(prefix: Path, site: Path, *, as_root: bool) -> str:
    """The check's own nginx.conf around the site (Debian's /etc/nginx/nginx.conf in
    production): its files under ``prefix``, an access log naming the upstream of each request
    (``-`` where nginx answered itself, as for the static files; ``A, B`` where A failed and B
    answered)."""
    temp = prefix / "temp"
    user = "user www-data;\n" if as_root else ""
    return f"""{user}worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 256; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    log_format upstreams '$request_method|$uri|$status|$upstream_addr';
    access_log {prefix}/access.log upstreams;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    include {site};
}}
"""


# --- Processes --------------------------------------------------------------------------------


def answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def free_ports(count: int) -> list[int]:
    sockets = [socket.socket() for _ in range(count)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [int(s.getsockname()[1]) for s in sockets]
    finally:
        for s in sockets:
            s.close()


class Process:
    """A process of the site, its output in ``log``; ``ready()`` says when it serves."""

    def __init__(self, name: str, command: Command, log: Path, ready: Callable[[], bool]):
        self.name, self.command, self.log, self.ready = name, command, log, ready
        self.popen: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.popen = subprocess.Popen(
                self.command.argv,
                cwd=self.command.cwd,
                env=self.command.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )

    def wait_ready(self, deadline: float) -> None:
        while not self.ready():
            if self.popen is None or self.popen.poll() is not None:
                raise DeployError(f"{self.name} exited:\n{self.tail()}")
            if time.monotonic() > deadline:
                raise DeployError(f"{self.name} did not start in time:\n{self.tail()}")
            time.sleep(0.1)

    def tail(self, chars: int = 3000) -> str:
        return self.log.read_text(errors="replace")[-chars:] if self.log.exists() else ""

    def log_says(self, text: str) -> Callable[[], bool]:
        return lambda: text in self.tail(200_000)

    def terminate(self) -> None:
        """SIGTERM to the main process, as systemd stops a unit (KillMode=mixed): gunicorn and
        Celery let their workers finish what they hold."""
        if self.popen is not None and self.popen.poll() is None:
            self.popen.terminate()

    def finish(self, deadline: float) -> None:
        """Waited for until ``deadline``, then SIGKILL to all of its session (its workers too,
        as systemd's SIGKILL after TimeoutStopSec=)."""
        if self.popen is None:
            return
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.popen.wait(max(0.1, deadline - time.monotonic()))
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.popen.pid, signal.SIGKILL)  # the session's id is the leader's
        self.popen.wait(10)

    def kill(self) -> None:
        """SIGKILL to all of its session, as a process dies."""
        if self.popen is not None and self.popen.poll() is None:
            os.killpg(self.popen.pid, signal.SIGKILL)
            self.popen.wait(10)

    def stop(self, timeout: float = 15.0) -> None:
        self.terminate()
        self.finish(time.monotonic() + timeout)
