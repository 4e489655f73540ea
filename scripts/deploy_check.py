"""``make deploy-check``: the site as deploy/ describes it, run on this machine and walked.

Runs the production stack on loopback from deploy/ itself (scripts/deploy_stack.py reads the
units and the environment file): nginx (its own prefix, deploy/nginx/crawford.conf on high
ports, a self-signed certificate) in front of two gunicorn and two daphne processes, a Celery
worker, the analysis worker and beat, on a PostgreSQL database made afresh
(``DEPLOY_CHECK_DATABASE_URL``, default ``crawford_deploy_check`` on 127.0.0.1) and Redis
(``DEPLOY_CHECK_REDIS_URL``, default db 11 on 127.0.0.1, emptied). Then it walks a small night
(scripts/deploy_night.py) through nginx over HTTPS and WSS: pages, a static file, log-ins, a
result entered through one gunicorn and seen at once through the other and through nginx, the
players' e-mails through the outbox to a mail server of its own, an online board played by two
players on the two daphne processes, and one gunicorn and one daphne killed. Each step is
printed with its time; a failure exits 1 with the logs' ends. Everything it started is
stopped, its database dropped. Without nginx it says so and exits 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import shutil
import ssl
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import psycopg
import redis

from scripts.deploy_stack import (
    ENV_EXAMPLE,
    ENV_FILE,
    INSTALL_DIR,
    ROOT,
    SITE,
    STATE_DIR,
    Command,
    DeployError,
    Process,
    answers,
    free_ports,
    fresh_database,
    nginx_main,
    parse_env_file,
    render_site,
    run,
    unit_command,
    units,
)
from scripts.deploy_walk import Boards, Browser, MailSink, form_fields, shown_score, where

DATABASE_URL = os.environ.get(
    "DEPLOY_CHECK_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/crawford_deploy_check"
)
REDIS_URL = os.environ.get("DEPLOY_CHECK_REDIS_URL", "redis://127.0.0.1:6379/11")
START = time.monotonic()


@contextmanager
def step(what: str) -> Iterator[None]:
    began = time.monotonic()
    yield
    took = time.monotonic() - began
    print(f"[{time.monotonic() - START:6.1f} s] {what} ({took:.1f} s)", flush=True)


class Stack:
    """The check's files (a temporary folder) and the processes it started."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="crawford-deploy-check-"))
        self.dir.chmod(0o755)  # nginx's workers (www-data) read the static files below
        self.processes: list[Process] = []
        self.mail = MailSink()
        web_a, web_b, ws_a, ws_b, self.http_port, self.https_port = free_ports(6)
        self.web_ports, self.ws_ports = [web_a, web_b], [ws_a, ws_b]
        self.origin = f"https://localhost:{self.https_port}"
        self.password = secrets.token_urlsafe(16)

    def environment(self) -> dict[str, str]:
        """deploy/crawford.env.example with this machine's values over it."""
        env = parse_env_file(ENV_EXAMPLE.read_text())
        env.update(
            SECRET_KEY=secrets.token_urlsafe(60),
            ALLOWED_HOSTS="localhost",
            DATABASE_URL=DATABASE_URL,
            REDIS_URL=REDIS_URL,
            SITE_URL=self.origin,
            CSRF_TRUSTED_ORIGINS=self.origin,  # the site on a port of its own
            STATIC_ROOT=str(self.dir / "static"),
            EMAIL_HOST="127.0.0.1",
            EMAIL_PORT=str(self.mail.port),
            WEB_WORKERS="1",  # two processes of one worker each: the machine is shared
        )
        return env

    def places(self) -> dict[str, str]:
        return {
            ENV_FILE: str(self.dir / "crawford.env"),
            INSTALL_DIR: str(ROOT),
            STATE_DIR: str(self.dir / "state"),
        }

    def command(self, unit: str, env: dict[str, str], instance: str = "") -> Command:
        return unit_command(
            units()[unit],
            instance=instance,
            places=self.places(),
            env_files={ENV_FILE: env},
        )

    def start(self, name: str, command: Command, ready: Callable[[Process], bool]) -> Process:
        process = Process(name, command, self.dir / f"{name}.log", lambda: ready(process))
        process.start()
        self.processes.append(process)
        return process

    def process(self, name: str) -> Process:
        return next(p for p in self.processes if p.name == name)

    def stop(self) -> None:
        """All at once, nginx first: it lets go of the websockets."""
        for process in reversed(self.processes):
            process.terminate()
        began = time.monotonic()
        took = {}
        for process in reversed(self.processes):
            process.finish(began + 15)
            took[process.name] = time.monotonic() - began
        self.mail.shutdown()
        last = max(took, key=took.__getitem__, default="")
        print(f"Stopped everything in {time.monotonic() - began:.1f} s (the last: {last}).")


def prepare(stack: Stack, env: dict[str, str]) -> None:
    """A certificate, the database made and migrated, the static files collected (the two at
    once), Redis emptied, nginx's configuration tested."""
    with step("a self-signed certificate (openssl)"):
        run(
            [
                *("openssl", "req", "-x509", "-nodes", "-days", "1", "-subj", "/CN=localhost"),
                *("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"),
                *("-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"),
                *("-keyout", str(stack.dir / "key.pem"), "-out", str(stack.dir / "cert.pem")),
            ],
            env,
            "openssl",
        )
    with step("environment file rendered from deploy/crawford.env.example"):
        text = "".join(f"{k}={v}\n" for k, v in env.items())
        path = stack.dir / "crawford.env"
        path.write_text(text)
        path.chmod(0o600)
        (stack.dir / "state").mkdir()
    with step(f"PostgreSQL database {DATABASE_URL.rsplit('/', 1)[1]} made afresh, Redis emptied"):
        fresh_database(DATABASE_URL)
        redis.Redis.from_url(REDIS_URL).flushdb()
    python = str(ROOT / ".venv" / "bin" / "python")
    with step("migrate and collectstatic (at once)"):
        procs = [
            subprocess.Popen(
                [python, "manage.py", *args],
                cwd=ROOT,
                env={**os.environ, **env},
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
            for args in (["migrate", "--no-input", "-v0"], ["collectstatic", "--no-input", "-v0"])
        ]
        for proc in procs:
            out, _ = proc.communicate()
            if proc.returncode:
                raise DeployError(f"{proc.args[2]} failed:\n{out[-3000:]}")
    with step("nginx configuration rendered from deploy/nginx/crawford.conf and tested"):
        site = render_site(
            SITE.read_text(),
            web_ports=stack.web_ports,
            ws_ports=stack.ws_ports,
            http_port=stack.http_port,
            https_port=stack.https_port,
            server_name="localhost",
            certificate=stack.dir / "cert.pem",
            key=stack.dir / "key.pem",
            static_root=Path(env["STATIC_ROOT"]),
            production_static_root=parse_env_file(ENV_EXAMPLE.read_text())["STATIC_ROOT"],
        )
        (stack.dir / "site.conf").write_text(site)
        (stack.dir / "nginx.conf").write_text(
            nginx_main(stack.dir, stack.dir / "site.conf", as_root=os.geteuid() == 0)
        )
        (stack.dir / "temp").mkdir()
        run(nginx_argv(stack, "-t", "-q"), dict(os.environ), "nginx -t")


def make_night(stack: Stack, env: dict[str, str]) -> dict[str, Any]:
    python = str(ROOT / ".venv" / "bin" / "python")
    night_env = {**os.environ, **env, "DEPLOY_CHECK_PASSWORD": stack.password}
    night_env |= {
        "CELERY_TASK_ALWAYS_EAGER": "true",
        "EMAIL_BACKEND": "django.core.mail.backends.dummy.EmailBackend",
    }
    out = run([python, "scripts/deploy_night.py"], night_env, "the night")
    return json.loads(out.strip().splitlines()[-1])


def nginx_argv(stack: Stack, *extra: str) -> list[str]:
    conf, log = stack.dir / "nginx.conf", stack.dir / "error.log"
    return ["nginx", "-p", str(stack.dir), "-c", str(conf), "-e", str(log), *extra]


def start_site(stack: Stack, env: dict[str, str]) -> dict[str, Any]:
    """Every process from its unit, all at once, the night made while they start (a process
    that serves pages reads nothing before its first request); each waited for until it
    serves."""
    with step(
        "2 gunicorn, 2 daphne, worker, analysis worker, beat, nginx started from the units; "
        "meanwhile a night made: a club, four players, a Swiss started (scripts/deploy_night.py)"
    ):
        for port in stack.web_ports:
            stack.start(
                f"web@{port}",
                stack.command("crawford-web@.service", env, str(port)),
                lambda p, port=port: answers(port),
            )
        for port in stack.ws_ports:
            stack.start(
                f"ws@{port}",
                stack.command("crawford-ws@.service", env, str(port)),
                lambda p, port=port: answers(port),
            )
        for unit in ("crawford-worker", "crawford-worker-analysis"):
            stack.start(
                unit.removeprefix("crawford-"),
                stack.command(f"{unit}.service", env),
                lambda p: " ready." in p.tail(100_000),
            )
        stack.start(
            "beat",
            stack.command("crawford-beat.service", env),
            lambda p: "beat: Starting" in p.tail(100_000),
        )
        nginx = Command(nginx_argv(stack, "-g", "daemon off;"), stack.dir, dict(os.environ))
        stack.start("nginx", nginx, lambda p: answers(stack.https_port))
        night = make_night(stack, env)
        deadline = time.monotonic() + 120
        for process in stack.processes:
            process.wait_ready(deadline)
    return night


def walk(stack: Stack, night: dict[str, Any]) -> None:
    tls = ssl.create_default_context(cafile=str(stack.dir / "cert.pem"))
    visitor = Browser(stack.https_port, stack.origin, tls)
    club = f"/clubs/{night['club']}/"
    tournament = f"{club}t/{night['tournament']}/"
    match_page = f"{tournament}matches/{night['scored']}/"

    with step("HTTPS through nginx: the home page, with HSTS"):
        home = visitor.get("/")
        assert "max-age" in home.header("Strict-Transport-Security"), home.headers
    with step("plain HTTP: redirected to HTTPS; /healthz answers there, all parts ok"):
        plain = Browser(stack.http_port, stack.origin)
        moved = plain.request("GET", "/")
        assert moved.status == 301 and moved.header("Location").startswith("https://"), moved
        health = json.loads(plain.get("/healthz").text)
        assert set(health.values()) == {"ok"}, health
    with step("the club's, the tournament's and the standings' pages"):
        assert night["tournament"] in visitor.get(club).text
        visitor.get(tournament)
        visitor.get(f"{tournament}standings/")
    with step("a static CSS file, served by nginx from STATIC_ROOT"):
        css = next(
            part.split('"')[0]
            for part in home.text.split('href="/static/')[1:]
            if part.split('"')[0].endswith(".css")
        )
        sheet = visitor.get(f"/static/{css}")
        assert "text/css" in sheet.header("Content-Type"), sheet.headers
        assert (Path(stack.dir / "static") / css).read_text() == sheet.text

    web_a, web_b = (visitor.via(port) for port in stack.web_ports)  # straight to each gunicorn
    organizer = Browser(stack.https_port, stack.origin, tls)
    with step("the organizer logs in (HTTPS)"):
        organizer.log_in(night["organizer"], stack.password)
    with step("before the result: the match page read through both gunicorns and nginx"):
        for way in (web_a, web_b, visitor, visitor):
            assert shown_score(way.get(match_page).text) == (0, 0)
    with step("the result entered through gunicorn A, seen at once through B and nginx"):
        by_a = organizer.via(stack.web_ports[0])
        action, hidden = form_fields(by_a.get(match_page).text, "/score/")
        score = {"score_a": str(night["length"]), "score_b": "0"}
        by_a.post(action, {**hidden, **score})
        want = (night["length"], 0)
        assert shown_score(web_b.get(match_page).text) == want, "gunicorn B shows the old score"
        for _ in range(4):  # nginx takes turns between A and B
            assert shown_score(visitor.get(match_page).text) == want, "nginx shows the old one"
        visitor.get(f"{tournament}standings/")
    with step("the players' e-mails: the outbox, the worker, the mail server"):
        to = set(night["scored_emails"])
        got = stack.mail.wait_for(to, timeout=60)
        assert to <= {a for m in got for a in m[0]}, f"mails to {to}: {got}"
    asyncio.run(board(stack, tls, night))
    with step("gunicorn A killed (SIGKILL): nginx serves every page from B; A restarted"):
        web = stack.process(f"web@{stack.web_ports[0]}")
        web.kill()
        for _ in range(4):
            visitor.get(tournament)
        web.start()
        web.wait_ready(time.monotonic() + 60)
        web_a.get(tournament)
    with step("nginx's log: static files its own, pages from both gunicorns, boards both daphnes"):
        stack.process("nginx").stop()  # nginx writes the websockets' lines as they close
        log = (stack.dir / "access.log").read_text().splitlines()
        served = [line.split("|") for line in log]
        for line in served:  # the upstream that answered: the last one tried
            line[3] = line[3].split(", ")[-1]
        static = {line[3] for line in served if line[1].startswith("/static/")}
        pages = {line[3] for line in served if line[1] == match_page}
        boards = {line[3] for line in served if line[1].startswith("/ws/")}
        assert all(line[2] in ("101", "200", "301", "302") for line in served), log
        assert static == {"-"}, f"static files came from {static}"
        assert pages == {f"127.0.0.1:{p}" for p in stack.web_ports}, f"pages from {pages}"
        assert boards == {f"127.0.0.1:{p}" for p in stack.ws_ports}, f"boards from {boards}"


async def board(stack: Stack, tls: ssl.SSLContext, night: dict[str, Any]) -> None:
    boards = Boards(stack.https_port, tls, night["online"], [])
    try:
        with step("two players log in and open their boards over WSS, a play and a roll"):
            for username in night["online_players"]:
                player = Browser(stack.https_port, stack.origin, tls)
                player.log_in(username, stack.password)
                boards.sessions.append(player.cookies["sessionid"])
            state = await boards.open()
            kinds = set()
            while kinds != {"roll", "move"}:  # the opening roll is the server's: a play first
                kinds.add(state["payload"]["game"]["phase"])
                state = await boards.act(state)
        with step("daphne A killed (SIGKILL): its board reconnects through nginx, same game"):
            stack.process(f"ws@{stack.ws_ports[0]}").kill()
            lost = await boards.lost(within=10)
            assert len(lost) == 1, f"boards lost: {lost}"  # one board was on each process
            again = await boards.seat(lost[0])
            assert where(again) == where(state), f"after the reconnection {again}, before {state}"
            await boards.act(state)
    finally:
        boards.close()


def main() -> int:
    if shutil.which("nginx") is None:
        print("deploy-check skipped: nginx is not installed (apt-get install nginx).")
        return 0
    try:
        fresh_database(DATABASE_URL, drop_only=True)
        redis.Redis.from_url(REDIS_URL).ping()
    except (psycopg.Error, redis.RedisError) as error:
        print(f"deploy-check FAILED: PostgreSQL and Redis must answer ({error})", file=sys.stderr)
        return 1
    stack = Stack()
    failed = False
    try:
        env = stack.environment()
        prepare(stack, env)
        night = start_site(stack, env)
        walk(stack, night)
    except Exception as error:  # any: the logs are shown, everything is stopped
        failed = True
        print(f"deploy-check FAILED: {error}", file=sys.stderr)
        traceback.print_exc()
        for process in stack.processes:
            print(f"--- {process.name} ({process.log}):\n{process.tail(1500)}", file=sys.stderr)
    finally:
        stack.stop()
        with contextlib.suppress(psycopg.Error):
            fresh_database(DATABASE_URL, drop_only=True)
    if failed:
        print(f"The check's files are kept in {stack.dir}", file=sys.stderr)
        return 1
    shutil.rmtree(stack.dir, ignore_errors=True)
    print(f"deploy-check passed in {time.monotonic() - START:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
